/**
 * Pages of the register: the account's terminals, and one register. The register is one page whose
 * steps (amount on a keypad, tip, the customer's QR code and live status, paid) are driven by
 * web/dashboard/register.js, the page's only script; every amount it shows comes from the server.
 */
import { html, type Html } from "../../lib/html.ts";
import { DASHBOARD, href, shell, usd, when, type Viewer } from "./layout.ts";

export const REGISTER_SCRIPT_PATH = `${DASHBOARD}/assets/register.js`;

export interface RegisterChargeView {
  intentId: string;
  subtotalUnits: bigint;
  tipUnits: bigint;
  totalUnits: bigint;
  status: string;
  createdAt: Date;
  receiptUrl: string;
}

export interface RegisterView {
  id: string;
  name: string;
  merchantName: string;
  url: string;
  tipPercentages: number[];
  /** Admins and cashiers take payments; viewers only see the day's list. */
  canCharge: boolean;
  charges: RegisterChargeView[];
  error?: string;
}

const statusClass = (s: string) => (s === "confirmed" || s === "settled" ? "confirmed" : s === "awaiting_payment" ? "awaiting_payment" : "cancelled");
const statusWord = (s: string) => (s === "confirmed" || s === "settled" ? "paid" : s === "awaiting_payment" ? "waiting" : s);

export function registerListPage(viewer: Viewer, csrf: string, terminals: Array<{ id: string; name: string; merchantName: string; tips: number[] }>, merchants: Array<{ id: string; name: string }>, error?: string): Html {
  const rows = terminals.map((t) => html`<tr><td><a href="${href(`/register/${t.id}`, viewer.mode)}">${t.name}</a></td><td>${t.merchantName}</td><td>${t.tips.length ? t.tips.map((p) => `${p}%`).join(", ") : "no tip step"}</td></tr>`);
  return shell(
    "Register",
    html`<h1>Register</h1>
<section class="card"><p class="muted">A register takes payments at a counter: the cashier types the amount, the customer scans the QR code (or taps the register's NFC tag) and pays with a wallet. Add a cashier on the Team page: a cashier signs in to one register and sees nothing else.</p>
${error ? html`<p class="error" role="alert">${error}</p>` : ""}
${terminals.length ? html`<table><thead><tr><th scope="col">Register</th><th scope="col">Merchant</th><th scope="col">Tips</th></tr></thead><tbody>${rows}</tbody></table>` : html`<p class="muted">No ${viewer.mode} registers yet.</p>`}
${
  viewer.role === "admin" && merchants.length
    ? html`<form method="post" action="${DASHBOARD}/register?mode=${viewer.mode}" class="filters">
  <input type="hidden" name="csrf" value="${csrf}">
  <label for="register-name">Name</label><input id="register-name" name="name" required maxlength="100" placeholder="Front counter">
  <label for="register-merchant">Merchant</label><select id="register-merchant" name="merchant">${merchants.map((m) => html`<option value="${m.id}">${m.name}</option>`)}</select>
  <label for="register-tips">Tip percentages</label><input id="register-tips" name="tips" placeholder="10, 15, 20" maxlength="40">
  <button type="submit">Add a register</button>
</form>`
    : ""
}</section>`,
    viewer,
    csrf,
  );
}

export function registerPage(viewer: Viewer, csrf: string, r: RegisterView): Html {
  const keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "00", "0", "back"];
  const keypad = html`<div class="keypad" role="group" aria-label="Amount keypad">${keys.map((k) =>
    k === "back" ? html`<button type="button" class="key" data-key="back" aria-label="Delete the last digit">⌫</button>` : html`<button type="button" class="key" data-key="${k}">${k}</button>`,
  )}</div>`;
  const till = r.canCharge
    ? html`<section class="register" id="register" data-terminal="${r.id}" data-csrf="${csrf}" data-mode="${viewer.mode}" data-tips="${r.tipPercentages.join(",")}" aria-live="polite">
  <div class="step" id="step-amount">
    <p class="register-label" id="amount-label">Amount</p>
    <output class="register-display" id="display" aria-labelledby="amount-label">$0.00</output>
    ${keypad}
    <div class="register-actions"><button type="button" class="secondary" id="clear">Clear</button><button type="button" class="primary big" id="next" disabled>${r.tipPercentages.length ? "Next: tip" : "Charge"}</button></div>
  </div>
  <div class="step" id="step-tip" hidden>
    <h2>Add a tip?</h2>
    <p class="muted">Amount <strong id="tip-subtotal"></strong></p>
    <div class="tips" id="tips" role="group" aria-label="Tip"></div>
    <div class="register-actions"><button type="button" class="secondary" id="tip-back">Back</button></div>
  </div>
  <div class="step customer" id="step-pay" hidden>
    <p class="register-label">${r.merchantName}</p>
    <p class="register-total">Total <strong id="pay-total"></strong></p>
    <p class="muted" id="pay-breakdown"></p>
    <img class="register-qr" id="pay-qr" alt="QR code of this payment: scan it with your phone to pay" width="360" height="360">
    <p class="register-status" id="pay-status" role="status">Scan to pay · waiting for payment</p>
    <div class="register-actions"><button type="button" class="secondary" id="cancel-sale">Cancel sale</button></div>
  </div>
  <div class="step paid" id="step-paid" hidden>
    <p class="paid-mark" aria-hidden="true">✓</p>
    <h2 id="paid-title">Paid</h2>
    <p class="register-total"><strong id="paid-total"></strong></p>
    <p><a id="receipt-link" class="button" target="_blank" rel="noopener">Receipt</a></p>
    <div class="register-actions"><button type="button" class="primary big" id="new-sale">New sale</button></div>
  </div>
  <p class="error" id="register-error" role="alert" hidden></p>
</section>`
    : html`<p class="muted">You may look at this register's day; admins and its cashiers take payments.</p>`;
  const today = r.charges.map(
    (x) => html`<tr><td>${when(x.createdAt).slice(11)}</td><td>${usd(x.subtotalUnits)}</td><td>${x.tipUnits > 0n ? usd(x.tipUnits) : "—"}</td><td>${usd(x.totalUnits)}</td><td><span class="status ${statusClass(x.status)}">${statusWord(x.status)}</span></td><td><a href="${x.receiptUrl}" target="_blank" rel="noopener">Receipt</a></td></tr>`,
  );
  return shell(
    r.name,
    html`<h1>${r.name} <span class="muted register-merchant">${r.merchantName}</span></h1>
${r.error ? html`<p class="error" role="alert">${r.error}</p>` : ""}
${till}
<section class="card" aria-labelledby="today-h"><h2 id="today-h">Today at this register</h2>
${r.charges.length ? html`<table id="today"><thead><tr><th scope="col">Time</th><th scope="col">Amount</th><th scope="col">Tip</th><th scope="col">Total</th><th scope="col">Status</th><th scope="col"><span class="sr-only">Receipt</span></th></tr></thead><tbody>${today}</tbody></table>` : html`<p class="muted" id="today-empty">No payments yet today.</p>`}
<p class="muted">Static link for the counter (print it as a QR code, or write it to an NFC tag): <code id="terminal-url">${r.url}</code>. It opens the payment being charged, or asks the customer to ask the cashier.</p>
</section>
${r.canCharge ? html`<script src="${REGISTER_SCRIPT_PATH}" defer></script>` : ""}`,
    viewer,
    csrf,
  );
}
