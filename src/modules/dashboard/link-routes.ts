/**
 * Routes of payment links in the dashboard:
 *   GET  /dashboard/links                      the links the account may see, in the mode shown
 *   GET  /dashboard/links/{id}                 one link: its QR code and the NFC tag writer
 *   GET  /dashboard/links/{id}/qr.png          a PNG of the link's URL
 *   POST /dashboard/links/{id}/activate | deactivate   (admins)
 *   GET  /dashboard/assets/nfc.js              the tag writer (web/dashboard/nfc.js)
 * Every rule is the API's (payment-links/service.ts): the same visibility, the same update and its event.
 */
import { Elysia } from "elysia";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { AppContext } from "../../context.ts";
import { listLinks, updateLink, visibleLink } from "../payment-links/service.ts";
import type { LinkRow } from "../payment-links/row.ts";
import { linkUrl } from "../payment-links/shapes.ts";
import { renderQrPng } from "../qr/service.ts";
import { DASHBOARD, href } from "./layout.ts";
import { linkPage, linksPage, NFC_SCRIPT_PATH, type LinkView } from "./link-pages.ts";
import { ADMIN_FORM, found, PAGE_ROUTE, redirect, SECURITY_HEADERS, SIGNED_IN_PAGE, walletPage, page, type DashboardKit, type SignedIn } from "./kit.ts";

const NFC_JS = readFileSync(join(import.meta.dir, "../../../web/dashboard/nfc.js"), "utf8");

export function linkRoutes(ctx: AppContext, kit: DashboardKit) {
  const view = (l: LinkRow): LinkView => ({
    id: l.id,
    url: linkUrl(ctx.config.publicBaseUrl, l.id),
    merchantName: l.businessName,
    active: l.active,
    amountUnits: l.amountUnits,
    minimumUnits: l.minimumUnits,
    maximumUnits: l.maximumUnits,
    uses: l.uses,
    maxUses: l.maxUses,
    expiresAt: l.expiresAt,
    redirectUrl: l.redirectUrl,
    createdAt: l.createdAt,
  });
  const linkOf = (c: SignedIn, id: string) => found(visibleLink(ctx, c.principal, id));

  return new Elysia({ name: "dashboard-links" })
    .use(kit.guards)
    .get(NFC_SCRIPT_PATH, () => new Response(NFC_JS, { headers: { ...SECURITY_HEADERS, "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=3600" } }), PAGE_ROUTE)
    .get(
      `${DASHBOARD}/links`,
      async (c) => {
        const list = await listLinks(ctx, c.principal, { merchantId: undefined, limit: 100, startingAfter: undefined });
        return page(linksPage(c.viewer, c.session.csrfToken, list.rows.map(view), ctx.clock.now()));
      },
      SIGNED_IN_PAGE,
    )
    .get(
      `${DASHBOARD}/links/:id`,
      async (c) => {
        const l = await linkOf(c, c.params.id);
        // The page runs the NFC script (this origin's file only): the wallet pages' policy.
        return l ? walletPage(linkPage(c.viewer, c.session.csrfToken, view(l), ctx.clock.now())) : c.notFound();
      },
      SIGNED_IN_PAGE,
    )
    .get(
      `${DASHBOARD}/links/:id/qr.png`,
      async (c) => {
        const l = await linkOf(c, c.params.id);
        if (!l) return c.notFound();
        return new Response(await renderQrPng(linkUrl(ctx.config.publicBaseUrl, l.id)), { headers: { ...SECURITY_HEADERS, "content-type": "image/png" } });
      },
      SIGNED_IN_PAGE,
    )
    .post(
      `${DASHBOARD}/links/:id/:action`,
      async (c) => {
        const l = await linkOf(c, c.params.id);
        if (!l || (c.params.action !== "activate" && c.params.action !== "deactivate")) return c.notFound();
        await updateLink(ctx, l, { active: c.params.action === "activate" });
        return redirect(href(`/links/${l.id}`, c.mode));
      },
      ADMIN_FORM,
    );
}
