/**
 * Routes of the hosted payment page, all public (the payment intent id is the capability, as for
 * /v1/qr/{id}.png: docs/contributors.md "Authentication and scope"):
 *   GET /pay/{payment_intent_id}          the page (HTML; a friendly HTML 404 for an unknown id)
 *   GET /pay/{payment_intent_id}/status   the page's live part as JSON (the polling fallback)
 *   GET /pay/{payment_intent_id}/events   the same as server-sent events, pushed on every change
 *   GET /pay/assets/pay.js, pay.css       the page's script and styles (web/pay/)
 * Every answer carries a strict Content-Security-Policy; nothing is loaded from another origin.
 */
import { Elysia, t } from "elysia";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { AppContext } from "../../context.ts";
import { ASSET_PREFIX, PAGE_CSP, renderNotFound, renderPayPage, renderTooManyRequests } from "./page.ts";
import { loadPageView } from "./status.ts";
import { payStatusHubFor, sseStream } from "./stream.ts";
import { gaslessAvailable } from "../authorizations/service.ts";

const ASSET_DIR = join(import.meta.dir, "../../../web/pay");
const ASSETS: Record<string, { type: string; body: string }> = {
  "pay.js": { type: "text/javascript; charset=utf-8", body: readFileSync(join(ASSET_DIR, "pay.js"), "utf8") },
  "pay.css": { type: "text/css; charset=utf-8", body: readFileSync(join(ASSET_DIR, "pay.css"), "utf8") },
};
/** Changes whenever an asset does, so the page can let browsers cache assets for a long time. */
export const ASSET_VERSION = createHash("sha256")
  .update(ASSETS["pay.js"]!.body)
  .update(ASSETS["pay.css"]!.body)
  .digest("hex")
  .slice(0, 12);

const SECURITY_HEADERS = {
  "content-security-policy": PAGE_CSP,
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
};

const idParams = t.Object({ id: t.String({ description: "The payment intent id.", examples: ["pi_3MtwBwLkdIwHu7ix28a3tqPa"] }) });

function html(body: string, status: number): Response {
  return new Response(body, { status, headers: { ...SECURITY_HEADERS, "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...SECURITY_HEADERS, "content-type": "application/json", "cache-control": "no-store" } });
}

const missing = () => json({ error: { type: "invalid_request_error", message: "No such payment page.", code: "resource_missing" } }, 404);

/** Where the page's static stylesheet and script are served. */
export { ASSET_PREFIX };

/** The hosted page itself, a payment link's page, a register's static link and receipts (not their status, stream or assets): a person's browser, answered in HTML. */
export const PAY_PAGE_PATH = /^\/pay\/(?:links\/[^/]+|terminals\/[^/]+(?:\/receipts\/[^/]+)?|[^/]+)$/;

/** The hosted page's answer over the per-address limit: an HTML page a customer can read, with Retry-After. */
export function tooManyRequestsPage(retryAfter: string): Response {
  return new Response(renderTooManyRequests(ASSET_VERSION, retryAfter), {
    status: 429,
    headers: { ...SECURITY_HEADERS, "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "retry-after": retryAfter },
  });
}

export function payPageRoutes(ctx: AppContext) {
  const hub = payStatusHubFor(ctx);
  return new Elysia({ name: "pay-page" })
    .get(
      `${ASSET_PREFIX}/:file`,
      ({ params }) => {
        // Own keys only: an object's inherited names (constructor, toString, __proto__) are no asset.
        const asset = Object.hasOwn(ASSETS, params.file) ? ASSETS[params.file] : undefined;
        if (!asset) return missing();
        return new Response(asset.body, { headers: { ...SECURITY_HEADERS, "content-type": asset.type, "cache-control": "public, max-age=31536000, immutable" } });
      },
      { detail: { hide: true } },
    )
    .get(
      "/pay/:id",
      async ({ params }) => {
        const view = await loadPageView(ctx, params.id);
        if (!view) return html(renderNotFound(ASSET_VERSION), 404);
        const gasless = view.state.status === "awaiting_payment" && (await gaslessAvailable(ctx, view.network.chainId, view.usdcAddress as `0x${string}`));
        return html(renderPayPage(view, ctx.clock.now(), ASSET_VERSION, gasless), 200);
      },
      {
        params: idParams,
        detail: {
          tags: ["Hosted payment page"],
          summary: "Hosted payment page of a payment intent",
          description:
            "An HTML page for the customer: merchant name, amount in USD and the exact value to send in the intent's token (tag included), network, the QR code of `qr_payload`, the payment address and amount with copy buttons, an \"Open in wallet\" link (the EIP-681 `qr_payload`), a countdown to `expires_at`, payment with a browser wallet (EIP-1193), and the status live (server-sent events from `/pay/{id}/events`, polling `/pay/{id}/status` as a fallback). Public: no API key is needed; link customers to `{PUBLIC_BASE_URL}/pay/{payment_intent_id}`. Served with `Content-Security-Policy: default-src 'self'`; every asset comes from this service. An unknown id is an HTML 404 page.",
          security: [],
          responses: {
            200: { description: "The page.", content: { "text/html": { schema: { type: "string" } } } },
            404: { description: "No such payment intent: a friendly HTML page.", content: { "text/html": { schema: { type: "string" } } } },
            429: { description: "Too many requests from this client address (RATE_LIMIT_PUBLIC_PER_SECOND; production): an HTML page asking to reload after `Retry-After` seconds.", content: { "text/html": { schema: { type: "string" } } } },
          },
        },
      },
    )
    .get(
      "/pay/:id/status",
      async ({ params }) => {
        const view = await loadPageView(ctx, params.id);
        return view ? json(hub.decorate(view.id, view.state)) : missing();
      },
      { params: idParams, detail: { hide: true } },
    )
    .get(
      "/pay/:id/events",
      async ({ params, request, server }) => {
        const view = await loadPageView(ctx, params.id);
        if (!view) return missing();
        try {
          await hub.ready();
        } catch (err) {
          ctx.log.warn("pay page: LISTEN failed; pages fall back to polling", { err });
          return json({ error: { type: "api_error", message: "Live status is unavailable; poll /status.", code: "service_unavailable" } }, 503);
        }
        let unsubscribe: (() => void) | null = null;
        const { body, subscriber } = sseStream(() => unsubscribe?.());
        const target = { mode: view.mode, chainId: view.network.chainId, address: view.paymentAddress.toLowerCase(), expectedUnits: view.expectedUnits };
        unsubscribe = hub.subscribe(view.id, view.merchantId, subscriber, view.state, target);
        if (!unsubscribe) {
          subscriber.close();
          return json({ error: { type: "api_error", message: "Too many open status streams; poll /status.", code: "service_unavailable" } }, 503);
        }
        request.signal.addEventListener("abort", () => unsubscribe?.(), { once: true });
        // A status stream is idle for long stretches: no idle timeout for it (heartbeats keep proxies open).
        server?.timeout(request, 0);
        return new Response(body, {
          headers: { ...SECURITY_HEADERS, "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store", "x-accel-buffering": "no" },
        });
      },
      { params: idParams, detail: { hide: true } },
    );
}
