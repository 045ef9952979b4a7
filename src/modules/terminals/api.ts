/**
 * The register's public pages: no key (the terminal id is the capability, like a payment link's).
 *   GET /pay/terminals/{id}                       303 to the hosted page of its open intent, or "ask the cashier"
 *   GET /pay/terminals/{id}/receipts/{intent_id}  the receipt of one of its charges
 *   GET /pay/terminals/assets/receipt.js          the receipt's print button
 */
import { Elysia, t } from "elysia";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { AppContext } from "../../context.ts";
import { ASSET_PREFIX, ASSET_VERSION } from "../pay/index.ts";
import { LINK_PAGE_CSP } from "../payment-links/page.ts";
import { RECEIPT_SCRIPT_PATH, renderAskCashier, renderReceipt, renderTerminalNotFound } from "./page.ts";
import { findCharge, findTerminal } from "./service.ts";

const CSS = `${ASSET_PREFIX}/pay.css?v=${ASSET_VERSION}`;
const RECEIPT_JS = readFileSync(join(import.meta.dir, "../../../web/pay/receipt.js"), "utf8");
const HEADERS = {
  "content-security-policy": LINK_PAGE_CSP,
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "cache-control": "no-store",
};
const HTML = { description: "An HTML page.", content: { "text/html": { schema: { type: "string" as const } } } };

function html(body: string, status: number): Response {
  return new Response(body, { status, headers: { ...HEADERS, "content-type": "text/html; charset=utf-8" } });
}

export function terminalPageRoutes(ctx: AppContext) {
  return new Elysia({ name: "terminal-page" })
    .get(RECEIPT_SCRIPT_PATH, () => new Response(RECEIPT_JS, { headers: { ...HEADERS, "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=3600" } }), { detail: { hide: true } })
    .get(
      "/pay/terminals/:id",
      async ({ params }) => {
        const terminal = await findTerminal(ctx.database.sql, params.id);
        if (!terminal) return html(renderTerminalNotFound(CSS), 404);
        if (terminal.currentIntentId) return new Response(null, { status: 303, headers: { ...HEADERS, location: `/pay/${terminal.currentIntentId}` } });
        return html(renderAskCashier(terminal, CSS), 200);
      },
      {
        params: t.Object({ id: t.String({ description: "The terminal id.", examples: ["term_8Kd2Lq7ZpX4RtVb9NcW1aYmB"] }) }),
        detail: {
          tags: ["Hosted payment page"],
          summary: "Public static link of a terminal",
          description:
            "The `url` of a terminal, to print as a QR code or write to an NFC tag at the counter. While the register is charging an intent that awaits payment, answers 303 to that intent's hosted page (`/pay/{payment_intent_id}`); otherwise a page asking the customer to ask the cashier (200), which never shows an amount. Public: no API key.",
          security: [],
          responses: {
            303: { description: "To the hosted page of the register's current intent." },
            200: { ...HTML, description: "Ask the cashier: no payment is waiting at this register." },
            404: { ...HTML, description: "No such terminal." },
          },
        },
      },
    )
    .get(
      "/pay/terminals/:id/receipts/:intent_id",
      async ({ params }) => {
        const charge = await findCharge(ctx.database.sql, params.id, params.intent_id);
        if (!charge) return html(renderTerminalNotFound(CSS), 404);
        return html(renderReceipt(charge, CSS), 200);
      },
      {
        params: t.Object({ id: t.String({ description: "The terminal id." }), intent_id: t.String({ description: "The payment intent the register charged." }) }),
        detail: {
          tags: ["Hosted payment page"],
          summary: "Receipt of a register's payment",
          description: "The receipt of one payment taken at a terminal: merchant, register, amount, tip, total (as the service computed them), when it was paid and its transaction. Says \"Not paid\" while the intent is not confirmed. Public: no API key; the customer opens it from the paid screen, the cashier prints it.",
          security: [],
          responses: { 200: { ...HTML, description: "The receipt." }, 404: { ...HTML, description: "No such payment at this register." } },
        },
      },
    );
}
