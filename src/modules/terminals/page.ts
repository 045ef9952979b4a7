/**
 * The HTML of a register's public pages: "ask the cashier" when its static link has no open intent
 * to open, and the receipt of one of its charges (subtotal, tip, total as the server computed them).
 * Styles are the hosted page's (web/pay/pay.css); the receipt's one script is its print button.
 * Every text a merchant wrote goes through `esc`.
 */
import { esc } from "../../domain/text.ts";
import { dollars } from "../payment-links/amount.ts";
import { linkCardPage } from "../payment-links/page.ts";
import type { ChargeRow, TerminalRow } from "./service.ts";

export const RECEIPT_SCRIPT_PATH = "/pay/terminals/assets/receipt.js";

const badge = (mode: string) => (mode === "test" ? `<p class="badge" role="note">Test mode: no real money moves</p>` : "");

export function renderAskCashier(t: TerminalRow, cssHref: string): string {
  return linkCardPage(
    `${t.businessName}: ask the cashier`,
    `<header class="head"><p class="merchant" id="merchant">${esc(t.businessName)}</p>${badge(t.mode)}</header>
<section class="unavailable" id="ask-cashier" role="status">
  <h1>Ask the cashier</h1>
  <p>This register has no payment waiting right now. Ask the cashier to enter the amount, then scan or tap again. Do not send a payment.</p>
</section>
<footer class="foot"><p>${esc(t.name)}</p></footer>`,
    cssHref,
  );
}

export function renderTerminalNotFound(cssHref: string): string {
  return linkCardPage("Register not found", `<h1>Register not found</h1><p>This link is not valid. Ask the cashier.</p>`, cssHref);
}

const STATUS_WORDS: Record<string, string> = {
  awaiting_payment: "Not paid yet",
  confirmed: "Paid",
  settled: "Paid",
  expired: "Not paid: expired",
  cancelled: "Not paid: cancelled",
};

export function renderReceipt(c: ChargeRow, cssHref: string): string {
  const paid = c.status === "confirmed" || c.status === "settled";
  return linkCardPage(
    `Receipt: ${c.businessName}`,
    `<header class="head"><p class="merchant" id="merchant">${esc(c.businessName)}</p>${badge(c.mode)}</header>
<h1 id="receipt-title">${paid ? "Receipt" : "Not paid"}</h1>
<p class="receipt-status ${paid ? "paid" : "unpaid"}" id="receipt-status">${esc(STATUS_WORDS[c.status] ?? c.status)}</p>
<table class="receipt" id="receipt">
  <tbody>
    <tr><th scope="row">Amount</th><td id="receipt-subtotal">$${dollars(c.subtotalUnits)}</td></tr>
    ${c.tipUnits > 0n ? `<tr><th scope="row">Tip (${c.tipPercent}%)</th><td id="receipt-tip">$${dollars(c.tipUnits)}</td></tr>` : ""}
    <tr class="total"><th scope="row">Total</th><td id="receipt-total">$${dollars(c.totalUnits)} ${esc(c.token)}</td></tr>
  </tbody>
</table>
<dl class="receipt-facts">
  <dt>Register</dt><dd>${esc(c.terminalName)}</dd>
  <dt>${paid ? "Paid" : "Created"}</dt><dd>${esc((c.confirmedAt ?? c.createdAt).toISOString().slice(0, 16).replace("T", " "))} UTC</dd>
  <dt>Payment</dt><dd><code>${esc(c.intentId)}</code></dd>
  ${c.txHash ? `<dt>Transaction</dt><dd><code class="hash">${esc(c.txHash)}</code></dd>` : ""}
</dl>
<p class="no-print"><button type="button" class="button" id="print-receipt">Print</button></p>`,
    cssHref,
    `<script src="${RECEIPT_SCRIPT_PATH}" defer></script>`,
  );
}
