/**
 * Merchants in the dashboard: the account's list, the onboarding form (the management API's
 * create) and a merchant's page with its settings. Server-rendered in the frame of layout.ts.
 */
import { html, type Html } from "../../lib/html.ts";
import { DASHBOARD, href, pairValue, shell, usd, walletScript, when, type Viewer } from "./layout.ts";
import { pairFigures, type PairBalanceView } from "./pages.ts";
import { quarantineText, WARN_RATIO, type AmountUsage } from "../payment-intents/value-tags.ts";
import type { BudgetView } from "../refunds/budget.ts";
import { budgetSection } from "./refund-pages.ts";

export interface MerchantListRow {
  id: string;
  name: string;
  status: string;
  kycStatus: string;
  schedule: string;
  createdAt: Date;
}

export function merchantsPage(viewer: Viewer, csrf: string, o: { rows: MerchantListRow[]; total: number; next: string | undefined }): Html {
  const rows = o.rows
    .map(
      (m) =>
        html`<tr><td><a href="${href(`/merchants/${m.id}`, viewer.mode)}">${m.name}</a></td><td><span class="status ${statusClass(m.status)}">${m.status}</span></td><td>${scheduleText(m.schedule)}</td><td>${when(m.createdAt)}</td></tr>`,
    );
  return shell(
    "Merchants",
    html`<h1>Merchants</h1>
${viewer.role === "admin" ? html`<p><a class="button" href="${href("/merchants/new", viewer.mode)}">Onboard a merchant</a></p>` : ""}
<section class="card"><p class="muted">${o.total} ${viewer.mode} merchant${o.total === 1 ? "" : "s"}</p>
${o.rows.length ? html`<table><thead><tr><th scope="col">Business</th><th scope="col">Status</th><th scope="col">Settles</th><th scope="col">Since</th></tr></thead><tbody>${rows}</tbody></table>` : html`<p class="muted">No ${viewer.mode} merchants yet.</p>`}
${o.next ? html`<p><a href="${href("/merchants", viewer.mode, { starting_after: o.next })}">Next page</a></p>` : ""}</section>`,
    viewer,
    csrf,
  );
}

/** What the onboarding form was filled with (kept when the create is refused). */
export interface MerchantFormValues {
  business_name: string;
  email: string;
  /** `shared` or `deposit`: the address new payments get when the integrator names none. */
  payment_address_type: string;
  /** USD, as typed: how far short of the amount a payment to a deposit address still confirms. */
  underpayment_tolerance: string;
  owner_address: string;
  payout_address: string;
  schedule: string;
  cron: string;
  time_zone: string;
  routing_number: string;
  account_number: string;
  bank_name: string;
  bank_token: string;
}

export const EMPTY_MERCHANT_FORM: MerchantFormValues = {
  business_name: "",
  email: "",
  payment_address_type: "shared",
  underpayment_tolerance: "0",
  owner_address: "",
  payout_address: "",
  schedule: "weekly_monday",
  cron: "",
  time_zone: "",
  routing_number: "",
  account_number: "",
  bank_name: "",
  bank_token: "",
};

const SCHEDULES: Array<[string, string]> = [
  ["weekly_monday", "Weekly, on Mondays (default)"],
  ["daily", "Every business day"],
  ["manual", "Manual: only when you cash out"],
  ["custom", "Custom: a cron expression in a time zone"],
];

function input(name: keyof MerchantFormValues, label: string, v: MerchantFormValues, extra: Html = html``): Html {
  return html`<label for="${name}">${label}</label><input id="${name}" name="${name}" value="${v[name]}" ${extra}>`;
}

function scheduleFields(v: MerchantFormValues): Html {
  return html`<label for="schedule">Settlement schedule</label><select id="schedule" name="schedule">${SCHEDULES.map(([k, text]) => html`<option value="${k}" ${k === v.schedule ? "selected" : ""}>${text}</option>`)}</select>
${input("cron", "Cron expression (custom schedule only)", v, html`placeholder="0 9 * * 1-5" maxlength="100"`)}
${input("time_zone", "Time zone (custom schedule only)", v, html`placeholder="America/New_York" maxlength="64"`)}`;
}

function paymentAddressFields(v: MerchantFormValues): Html {
  const option = (k: string, text: string) => html`<option value="${k}" ${k === v.payment_address_type ? "selected" : ""}>${text}</option>`;
  return html`<fieldset><legend>Payments from exchanges</legend>
<label for="payment_address_type">Payment address of new payments</label><select id="payment_address_type" name="payment_address_type">${option("shared", "Shared: your account's address, the amount tagged (wallets)")}${option("deposit", "Deposit: an address per payment (exchanges and wallets)")}</select>
${input("underpayment_tolerance", "Underpayment tolerance, USD (deposit addresses: an exchange may send a little less)", v, html`inputmode="decimal" maxlength="20" required`)}
<p class="muted">Applies where the integrator does not choose (payment_address_type on a create).</p>
</fieldset>`;
}

function bankFields(viewer: Viewer, v: MerchantFormValues, required: boolean, legend = "Bank account"): Html {
  const req = required ? "required" : "";
  return viewer.mode === "test"
    ? html`<fieldset><legend>${legend}</legend><p class="muted">Sandbox: the numbers are tokenized; only the last 4 digits are kept.</p>
${input("routing_number", "Routing number", v, html`inputmode="numeric" autocomplete="off" maxlength="9" ${req}`)}
${input("account_number", "Account number", v, html`inputmode="numeric" autocomplete="off" maxlength="17" ${req}`)}
${input("bank_name", "Bank name", v, html`maxlength="100"`)}
</fieldset>`
    : html`<fieldset><legend>${legend}</legend>${input("bank_token", "Payout provider token of the linked bank account", v, html`maxlength="200" autocomplete="off" ${req}`)}</fieldset>`;
}

export function newMerchantPage(viewer: Viewer, csrf: string, o: { values: MerchantFormValues; idempotencyKey: string; error?: string }): Html {
  const v = o.values;
  return shell(
    "Onboard a merchant",
    html`<p><a href="${href("/merchants", viewer.mode)}">← Merchants</a></p>
<section class="card form">
<h1>Onboard a ${viewer.mode === "test" ? "sandbox" : "live"} merchant</h1>
${o.error ? html`<p class="error" role="alert">${o.error}</p>` : ""}
<p class="muted">${viewer.mode === "test" ? "Sandbox merchants are approved at once and get their payment address in a few seconds." : "Live merchants stay pending until the operator has reviewed them (KYC)."}</p>
<form method="post" action="${DASHBOARD}/merchants?mode=${viewer.mode}">
<input type="hidden" name="csrf" value="${csrf}">
<input type="hidden" name="idempotency_key" value="${o.idempotencyKey}">
${input("business_name", "Business name", v, html`required maxlength="200"`)}
${input("email", "Email", v, html`type="email" required maxlength="254"`)}
${input("owner_address", "Owner wallet address (controls the account contract)", v, html`required placeholder="0x…" maxlength="42" autocomplete="off"`)}
${input("payout_address", "Payout address (where settlements withdraw USDC before the bank transfer)", v, html`required placeholder="0x…" maxlength="42" autocomplete="off"`)}
${scheduleFields(v)}
${bankFields(viewer, v, true)}
<button type="submit">Onboard merchant</button>
</form>
</section>`,
    viewer,
    csrf,
  );
}

export interface MerchantDetailView {
  id: string;
  name: string;
  email: string;
  status: string;
  kycStatus: string;
  paymentAddress: string;
  bank: string;
  schedule: string;
  feeRate: string;
  metadata: Record<string, string>;
  createdAt: Date;
  /** One per enabled pair of the mode (data.ts pairBalancesOf). */
  balances: PairBalanceView[];
  /** The amounts with the most values held (open intents and the quarantine after them). */
  busiest: AmountUsage[];
  quarantineMs: number;
  ownerAddress: string;
  /** The refund budget per pair, read from chain (v2 accounts; none for v1). */
  budgets: BudgetView[];
  /** Today (UTC), the first end date a budget can take. */
  today: string;
}

/**
 * Payments of one price: intents of one amount are told apart by a tag, so at most `width` of them
 * hold a value at once (open, or ended less than the quarantine ago). A warning from 80%.
 */
function oneAmountSection(m: MerchantDetailView): Html {
  const first = m.busiest[0];
  if (!first) return html``;
  const q = quarantineText(m.quarantineMs);
  const near = m.busiest.filter((b) => b.held >= WARN_RATIO * b.width);
  const rows = m.busiest.map(
    (b) => html`<tr><td>${usd(b.amountUnits)}</td><td>${b.held.toLocaleString("en-US")} of ${b.width.toLocaleString("en-US")}</td><td>${Math.floor((100 * b.held) / b.width)}%</td></tr>`,
  );
  return html`<section class="card" aria-labelledby="tags-h" data-testid="value-tags"><h2 id="tags-h">Payments of one amount</h2>
${near.map(
  (b) =>
    html`<p class="error" role="alert">${usd(b.amountUnits)}: ${b.held.toLocaleString("en-US")} of ${b.width.toLocaleString("en-US")} payment slots are held. At ${b.width.toLocaleString("en-US")}, new payments of exactly this amount are refused (too_many_open_intents) until slots free up. Cancel unpaid payments you no longer need, vary the amount by a cent, or ask the operator to raise the limit. Payment links count too: every visit of a fixed-amount link holds a slot of its amount until its payment ends.</p>`,
)}
<p class="muted">Payments of the same amount are told apart by a few millionths of a dollar added to it, so at most ${first.width.toLocaleString("en-US")} of them can be open at once; a slot stays held for ${q} after its payment ends, so that a late payment cannot confirm another one.</p>
<table><thead><tr><th scope="col">Amount</th><th scope="col">Slots held</th><th scope="col">Used</th></tr></thead><tbody>${rows}</tbody></table></section>`;
}

export function merchantPage(viewer: Viewer, csrf: string, m: MerchantDetailView, o: { values: MerchantFormValues; error?: string; saved?: boolean }): Html {
  const meta = Object.entries(m.metadata)
    .map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`);
  const settings =
    viewer.role === "admin"
      ? html`<section class="card form" aria-labelledby="settings-h"><h2 id="settings-h">Settings</h2>
${o.error ? html`<p class="error" role="alert">${o.error}</p>` : ""}${o.saved ? html`<p class="saved" role="status">Saved.</p>` : ""}
<form method="post" action="${DASHBOARD}/merchants/${m.id}?mode=${viewer.mode}">
<input type="hidden" name="csrf" value="${csrf}">
${input("business_name", "Business name", o.values, html`required maxlength="200"`)}
${input("email", "Email", o.values, html`type="email" required maxlength="254"`)}
${scheduleFields(o.values)}
${paymentAddressFields(o.values)}
${bankFields(viewer, o.values, false, "Replace the bank account (leave empty to keep it)")}
<button type="submit">Save settings</button>
</form>
<p class="muted">The payout address is changed on-chain by the owner's wallet; the fee rate is the platform's.</p></section>`
      : "";
  return shell(
    m.name,
    html`<p><a href="${href("/merchants", viewer.mode)}">← Merchants</a></p>
<h1>${m.name} <span class="status ${statusClass(m.status)}">${m.status}</span></h1>
<section aria-labelledby="balances-h"><h2 id="balances-h">Balances</h2>
<div class="grid">${m.balances.map(
      (b) => html`<article class="card balance">${pairFigures(b)}<p><a href="${href("/payments", viewer.mode, { merchant: m.id, pair: pairValue(b) })}">Payments</a> · <a href="${href("/settlements", viewer.mode, { merchant: m.id })}">Settlements</a></p></article>`,
    )}</div></section>
<section class="card"><dl>
<dt>Merchant</dt><dd><code>${m.id}</code></dd>
<dt>Email</dt><dd>${m.email}</dd>
<dt>Verification</dt><dd>${m.kycStatus}</dd>
<dt>Payment address</dt><dd>${m.paymentAddress ? html`<code>${m.paymentAddress}</code>` : html`<span class="muted">being deployed</span>`}</dd>
<dt>Bank account</dt><dd>${m.bank}</dd>
<dt>Settles</dt><dd>${scheduleText(m.schedule)}</dd>
<dt>Fee</dt><dd>${m.feeRate}</dd>
<dt>Since</dt><dd>${when(m.createdAt)}</dd>
${meta}
</dl>${
      viewer.role === "admin"
        ? html`<div class="actions"><form method="post" action="${DASHBOARD}/developers/keys?mode=${viewer.mode}" class="inline"><input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="merchant" value="${m.id}"><button type="submit">Create an API key for this merchant</button></form></div>`
        : ""
    }</section>
${budgetSection(viewer, csrf, m.id, m.ownerAddress, m.budgets, m.today)}
${oneAmountSection(m)}
${settings}
${viewer.role === "admin" && m.budgets.length ? walletScript() : ""}`,
    viewer,
    csrf,
  );
}

function statusClass(status: string): string {
  return status === "active" ? "confirmed" : status === "pending" ? "pending" : "cancelled";
}

function scheduleText(s: string): string {
  if (s === "weekly_monday") return "weekly, on Mondays";
  if (s === "daily") return "every business day";
  if (s === "manual") return "manually (cash out)";
  return s.startsWith("cron:") ? `on schedule ${s.slice(5)}` : s;
}
