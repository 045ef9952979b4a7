/**
 * The public page of a payment link, GET /pay/links/{id}: no key (the link id is the capability,
 * like the hosted page's intent id). It mints one intent per visitor (visits.ts) and answers 303 to
 * that intent's hosted page; an open-amount link first answers its amount form (the form comes back
 * here with `?amount=`); a link that takes no payment now answers a page saying why.
 *
 * The visitor token lives in a cookie scoped to the link's path: HttpOnly (no script needs it),
 * SameSite=Lax (a tap on a link from another site or an NFC tag is a top-level GET, which sends it).
 *
 * New visitors (no cookie of the link) are rate-limited per client address and per link: each may
 * mint an intent, and every intent of one amount holds one of that amount's values (a ceiling per
 * merchant, token and amount, held a day past the intent's end), so a stranger scripting visits
 * must not be able to use up a link's amount. A returning visitor is never limited.
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../context.ts";
import { isIdOf } from "../../domain/ids.ts";
import { ASSET_PREFIX, ASSET_VERSION } from "../pay/index.ts";
import { clientAddress } from "../../http/client-address.ts";
import { RateLimiter } from "../../http/rate-limit.ts";
import { LINK_PAGE_CSP, renderAmountForm, renderLinkNotFound, renderTooManyVisits, renderUnavailable } from "./page.ts";
import { LINK_INTENT_TTL_SECONDS, newVisitor, visitLink } from "./visits.ts";

const CSS = `${ASSET_PREFIX}/pay.css?v=${ASSET_VERSION}`;
const HEADERS = {
  "content-security-policy": LINK_PAGE_CSP,
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "cache-control": "no-store",
};
const VISITOR = /^[0-9A-Za-z]{32}$/;
/** New visits per link are limited to this many times the limit per client address: a queue at a counter, or a post many open at once. */
const LINK_LIMIT_OVER_CLIENT = 10;

function cookieName(linkId: string): string {
  return `stablepay_link_${linkId}`;
}

function visitorOf(request: Request, linkId: string): string | undefined {
  const name = cookieName(linkId);
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [k, v] = part.trim().split("=", 2);
    if (k === name && v !== undefined && VISITOR.test(v)) return v;
  }
  return undefined;
}

function html(body: string, status: number, cookie?: string): Response {
  return new Response(body, { status, headers: { ...HEADERS, "content-type": "text/html; charset=utf-8", ...(cookie ? { "set-cookie": cookie } : {}) } });
}

export function paymentLinkPageRoutes(ctx: AppContext) {
  const secure = ctx.config.publicBaseUrl.startsWith("https:");
  // RATE_LIMIT_LINK_VISITS_PER_SECOND (production: 1 per client address, a burst of 2; 0, the sandbox's default: off).
  const rate = ctx.config.clientRateLimits.linkVisitsPerSecond;
  const perClient = rate > 0 ? new RateLimiter({ test: rate, live: rate }) : undefined;
  const perLink = rate > 0 ? new RateLimiter({ test: rate * LINK_LIMIT_OVER_CLIENT, live: rate * LINK_LIMIT_OVER_CLIENT }) : undefined;
  return new Elysia({ name: "payment-link-page" }).get(
    "/pay/links/:id",
    async ({ params, request }) => {
      const known = visitorOf(request, params.id);
      if (!known && perClient && perLink) {
        for (const d of [perClient.take(clientAddress(request), "live"), perLink.take(params.id, "live")]) {
          const wait = d.headers["retry-after"] ?? "1";
          if (!d.allowed) return new Response(renderTooManyVisits(CSS, wait), { status: 429, headers: { ...HEADERS, "content-type": "text/html; charset=utf-8", "retry-after": wait } });
        }
      }
      const visitor = known ?? newVisitor();
      // Kept as long as an intent of the link can stay open, and a little more. Only for an id of a
      // link's shape: the id is written into the header, so nothing else may reach it.
      const cookie =
        known || !isIdOf("paymentLink", params.id)
          ? undefined
          : `${cookieName(params.id)}=${visitor}; Path=/pay/links/${params.id}; Max-Age=${LINK_INTENT_TTL_SECONDS * 2}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
      const amount = new URL(request.url).searchParams.get("amount") ?? undefined;
      const v = await visitLink(ctx, params.id, visitor, amount);
      switch (v.kind) {
        case "missing":
          return html(renderLinkNotFound(CSS), 404);
        case "unavailable":
          return html(renderUnavailable(v.link, v.reason, CSS), v.reason === "busy" ? 409 : v.reason === "refused" ? 503 : 410, cookie);
        case "ask_amount":
          return html(renderAmountForm(v.link, CSS, { error: v.error, typed: v.typed }), v.error ? 400 : 200, cookie);
        case "intent":
          return new Response(null, { status: 303, headers: { ...HEADERS, location: `/pay/${v.intentId}`, ...(cookie ? { "set-cookie": cookie } : {}) } });
      }
    },
    {
      params: t.Object({ id: t.String({ description: "The payment link id.", examples: ["plink_4Rt8ZpX2LbQ7cVm1NwKd9YaB"] }) }),
      detail: {
        tags: ["Hosted payment page"],
        summary: "Public page of a payment link",
        description:
          "The `url` of a payment link. Mints one payment intent per visit and answers 303 to its hosted page (`/pay/{payment_intent_id}`); the same browser (a cookie per link) coming back while that intent awaits payment is sent to the same intent. An open-amount link first shows a form asking the amount within its bounds (it comes back with `?amount=`; an amount outside them is shown the form again, 400). An inactive (410), expired (410) or used-up (410) link shows a page saying so with the merchant's name and no amount; when the last use of a link with `max_uses` is held by another customer's open intent, a page says so (409) before anything is paid. Public: no API key.",
        security: [],
        responses: {
          303: { description: "To the hosted page of this visitor's intent." },
          200: { description: "The amount form of an open-amount link.", content: { "text/html": { schema: { type: "string" } } } },
          400: { description: "The amount form again, saying why the amount was refused.", content: { "text/html": { schema: { type: "string" } } } },
          404: { description: "No such link: an HTML page.", content: { "text/html": { schema: { type: "string" } } } },
          409: { description: "The last use is being paid by someone else: an HTML page.", content: { "text/html": { schema: { type: "string" } } } },
          429: { description: "Too many new visits from this address or to this link at once (a returning visitor is never refused): an HTML page, with `Retry-After`.", content: { "text/html": { schema: { type: "string" } } } },
          410: { description: "Inactive, expired or used up: an HTML page with the merchant's name.", content: { "text/html": { schema: { type: "string" } } } },
          503: { description: "The intent's create refused it (the merchant cannot take payments now, or every value of the amount is held): an HTML page.", content: { "text/html": { schema: { type: "string" } } } },
        },
      },
    },
  );
}
