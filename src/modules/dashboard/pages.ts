/**
 * The HTML of the dashboard's pages (home, payments, transactions, settlements, API keys, team),
 * server-rendered in the frame of layout.ts. Forms that change state carry the session's CSRF token.
 */
import { formatUnits } from "viem";
import { html, type Html } from "../../lib/html.ts";
import type { Mode } from "../../domain/mode.ts";
import { INTENT_STATUSES } from "../../domain/intent-status.ts";
import type { ChainName, TokenSymbol } from "../../domain/networks.ts";
import { DASHBOARD, deliveryList, developerTabs, href, merchantPicker, objectHead, pairTitle, pairValue, shell, usd, walletScript, when, type DeliveryLine, type Viewer } from "./layout.ts";
import { walletApprove } from "./refund-pages.ts";

export function signInPage(o: { csrf: string; email?: string; error?: string }): Html {
  return shell(
    "Sign in",
    html`<section class="card narrow">
  <h1>Sign in to your dashboard</h1>
  ${o.error ? html`<p class="error" role="alert">${o.error}</p>` : ""}
  <form method="post" action="${DASHBOARD}/sign-in">
    <input type="hidden" name="csrf" value="${o.csrf}">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="username" required value="${o.email ?? ""}">
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required>
    <button type="submit">Sign in</button>
  </form>
</section>`,
  );
}

export function setPasswordPage(o: { token: string; error?: string }): Html {
  return shell(
    "Set your password",
    html`<section class="card narrow">
  <h1>Set your password</h1>
  ${o.error ? html`<p class="error" role="alert">${o.error}</p>` : ""}
  <form method="post" action="${DASHBOARD}/set-password">
    <input type="hidden" name="token" value="${o.token}">
    <label for="password">New password (at least 12 characters)</label>
    <input id="password" name="password" type="password" autocomplete="new-password" minlength="12" required>
    <label for="confirm">Repeat it</label>
    <input id="confirm" name="confirm" type="password" autocomplete="new-password" minlength="12" required>
    <button type="submit">Set password and sign in</button>
  </form>
</section>`,
  );
}

/** A merchant's balance in one (chain, token) pair. */
export interface PairBalanceView {
  chain: ChainName;
  token: TokenSymbol;
  availableUnits: bigint;
  pendingUnits: bigint;
  source: "chain" | "ledger";
}

export interface MerchantBalanceView {
  id: string;
  name: string;
  /** One per enabled pair of the mode, in the configuration's order. */
  pairs: PairBalanceView[];
}

export interface PaymentRowView {
  id: string;
  merchantName: string;
  amountUnits: bigint;
  status: string;
  createdAt: Date;
  chain: ChainName;
  token: TokenSymbol;
}

/** A pair's name in a table cell or a heading. */
export const pairCell = (p: { chain: ChainName; token: string }) => html`<span class="pair">${pairTitle(p)}</span>`;

/** The figures of one pair's balance (a card's body: home, a merchant's page). */
export function pairFigures(b: PairBalanceView): Html {
  return html`<div class="pair-balance" data-pair="${pairValue(b)}">
  <p class="pair-name">${pairTitle(b)}</p>
  <p class="big" data-testid="available">${usd(b.availableUnits)}</p>
  <p class="muted">available${b.source === "ledger" ? " (from the ledger: the chain did not answer)" : ""}</p>
  <p>${usd(b.pendingUnits)} <span class="muted">pending settlement</span></p>
</div>`;
}

/**
 * The pair filter of a list: "All pairs", then each enabled pair of the mode (`?pair=base/USDC`).
 * Nothing when the mode has none to choose from.
 */
export function pairSelect(pairs: ReadonlyArray<{ chain: ChainName; token: string }>, selected: string | undefined): Html | "" {
  if (pairs.length === 0) return "";
  const options = [html`<option value="" ${selected === undefined ? "selected" : ""}>All pairs</option>`, ...pairs.map((p) => html`<option value="${pairValue(p)}" ${pairValue(p) === selected ? "selected" : ""}>${pairTitle(p)}</option>`)];
  return html`<label for="pair">Chain and token</label><select id="pair" name="pair">${options}</select>`;
}

export function homePage(
  viewer: Viewer,
  csrf: string,
  o: { balances: MerchantBalanceView[]; merchantCount: number; volume: Array<{ day: string; units: bigint }>; recent: PaymentRowView[]; awaiting: Array<{ merchantId: string; name: string; count: number }> },
): Html {
  const balances = o.balances.length
    ? o.balances
        .map(
          (b) => html`<article class="card balance">
    <h3>${b.name}</h3>
    ${b.pairs.map(pairFigures)}
  </article>`,
        )
    : html`<p class="muted">No merchants in ${viewer.mode} mode yet.</p>`;
  return shell(
    "Home",
    html`<h1>Home</h1>
${o.awaiting.map(
  (a) =>
    html`<p class="notice" role="note">${a.name}: ${a.count} refund${a.count === 1 ? " waits" : "s wait"} for the owner's approval. <a href="${href("/refunds", viewer.mode, { merchant: a.merchantId, status: "requires_approval" })}">Review ${a.count === 1 ? "it" : "them"}</a></p>`,
)}
<section aria-labelledby="balances-h"><h2 id="balances-h">Balances</h2><div class="grid">${balances}</div>${
      o.merchantCount > o.balances.length
        ? html`<p class="muted">The ${o.balances.length} merchants paid most recently, of ${o.merchantCount}: <a href="${href("/merchants", viewer.mode)}">all merchants</a>.</p>`
        : ""
    }</section>
<section aria-labelledby="volume-h" class="card"><h2 id="volume-h">Payment volume, last 30 days</h2>${volumeChart(o.volume)}</section>
<section aria-labelledby="recent-h" class="card"><h2 id="recent-h">Recent payments</h2>${paymentsTable(viewer.mode, o.recent)}</section>`,
    viewer,
    csrf,
  );
}

/** A bar chart as inline SVG (no script, no library): one bar per day, the total in the title. */
export function volumeChart(days: Array<{ day: string; units: bigint }>): Html {
  const max = days.reduce((m, d) => (d.units > m ? d.units : m), 0n);
  const total = days.reduce((s, d) => s + d.units, 0n);
  const w = 600;
  const h = 140;
  const bw = w / Math.max(days.length, 1);
  const bars = days
    .map((d, i) => {
      const bh = max === 0n ? 0 : Math.max(d.units > 0n ? 2 : 0, Math.round((Number(d.units) / Number(max)) * (h - 20)));
      return html`<rect x="${(i * bw + 1).toFixed(1)}" y="${h - bh}" width="${(bw - 2).toFixed(1)}" height="${bh}"><title>${d.day}: ${usd(d.units)}</title></rect>`;
    });
  return html`<p class="big">${usd(total)}</p>
<svg class="chart" viewBox="0 0 ${w} ${h}" preserveAspectRatio="none" role="img" aria-label="Daily payment volume over the last 30 days, ${usd(total)} in all">${bars}</svg>
<p class="muted axis"><span>${days[0]?.day ?? ""}</span><span>${days.at(-1)?.day ?? ""}</span></p>`;
}

function paymentsTable(mode: Mode, rows: PaymentRowView[]): Html {
  if (rows.length === 0) return html`<p class="muted">No payments yet.</p>`;
  return html`<table>
<thead><tr><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Merchant</th><th scope="col">Chain and token</th><th scope="col">Created</th></tr></thead>
<tbody>
${rows
  .map(
    (r) =>
      html`<tr><td><a href="${href(`/payments/${r.id}`, mode)}">${usd(r.amountUnits)}</a></td><td><span class="status ${r.status}">${r.status.replace("_", " ")}</span></td><td>${r.merchantName}</td><td>${pairCell(r)}</td><td>${when(r.createdAt)}</td></tr>`,
  )}
</tbody>
</table>`;
}

export function paymentsPage(
  viewer: Viewer,
  csrf: string,
  o: {
    merchants: Array<{ id: string; name: string }>;
    merchantId: string | undefined;
    status: string | undefined;
    from: string | undefined;
    to: string | undefined;
    /** The enabled pairs of the mode, and the one filtered on (`base/USDC`), if any. */
    pairs: ReadonlyArray<{ chain: ChainName; token: string }>;
    pair: string | undefined;
    rows: PaymentRowView[];
    total: number;
    next: string | undefined;
  },
): Html {
  const options = o.merchants.map((m) => html`<option value="${m.id}" ${m.id === o.merchantId ? "selected" : ""}>${m.name}</option>`);
  const statuses = ["", ...INTENT_STATUSES]
    .map((s) => html`<option value="${s}" ${s === (o.status ?? "") ? "selected" : ""}>${s === "" ? "Any status" : s.replace("_", " ")}</option>`);
  return shell(
    "Payments",
    html`<h1>Payments</h1>
<form method="get" action="${DASHBOARD}/payments" class="filters">
  <input type="hidden" name="mode" value="${viewer.mode}">
  <label for="merchant">Merchant</label><select id="merchant" name="merchant">${options}</select>
  <label for="status">Status</label><select id="status" name="status">${statuses}</select>
  <label for="from">Created from</label><input id="from" name="from" type="date" value="${o.from ?? ""}">
  <label for="to">to</label><input id="to" name="to" type="date" value="${o.to ?? ""}">
  ${pairSelect(o.pairs, o.pair)}
  <button type="submit">Filter</button>
</form>
<section class="card"><p class="muted">${o.total} payment${o.total === 1 ? "" : "s"}</p>${paymentsTable(viewer.mode, o.rows)}
${o.next ? html`<p><a href="${href("/payments", viewer.mode, { merchant: o.merchantId, status: o.status, from: o.from, to: o.to, pair: o.pair, starting_after: o.next })}">Next page</a></p>` : ""}</section>`,
    viewer,
    csrf,
  );
}

export interface PaymentDetailView {
  id: string;
  merchantName: string;
  status: string;
  amountUnits: bigint;
  feeUnits: bigint | null;
  netUnits: bigint | null;
  paymentAddress: string;
  chain: ChainName;
  token: TokenSymbol;
  txHash: string | null;
  /** The transaction on the chain's block explorer (none for the local sandbox chain). */
  txUrl: string | null;
  /** The hosted payment page the customer pays on (on the API's address). */
  payPageUrl: string;
  metadata: Record<string, string>;
  timeline: Array<{ at: Date; what: string }>;
  events: Array<{ id: string; type: string; at: Date; deliveries: DeliveryLine[] }>;
  /**
   * Paid by signature: the service relayed the customer's authorization and paid the network fee
   * (gas used and its price once the relay's receipt is known; null until then).
   */
  relay: { txHash: string; gasUsed: bigint | null; gasPriceWei: bigint | null } | null;
  /** Refunds (a paid intent only): its payment's sender, what is left to refund, the account's version, its refunds. */
  refund: {
    sender: string;
    refundableUnits: bigint;
    accountVersion: number;
    refunds: Array<{ id: string; amountUnits: bigint; status: string; recipient: string; payer: string | null; txHash: string | null; failure: string | null; createdAt: Date }>;
  } | null;
}

/** What a refund form sent back with its refusal, to show again. */
export interface RefundFormState {
  error?: string;
  amount?: string;
  recipient?: string;
  reason?: string;
  idempotencyKey: string;
}

const REFUND_REASONS = [
  ["requested_by_customer", "Requested by the customer"],
  ["duplicate", "Duplicate payment"],
  ["fraudulent", "Fraudulent"],
] as const;

/** The refunds card of a paid payment: its refunds, and for admins the form (account v2 only). */
function refundsCard(viewer: Viewer, csrf: string, p: PaymentDetailView, f: RefundFormState): Html {
  const r = p.refund;
  if (!r) return html``;
  const action = (refundId: string, what: string, label: string) =>
    html`<form method="post" action="${DASHBOARD}/payments/${p.id}/refunds/${what}?mode=${viewer.mode}" class="inline"><input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="refund" value="${refundId}"><button type="submit">${label}</button></form>`;
  // A refund waiting for approval gets its actions on a row of its own, under it (the table stays within a phone's width).
  const rows = r.refunds.map(
    (x) =>
      html`<tr><td>${usd(x.amountUnits)}</td><td><span class="status ${x.status}">${x.status.replace("_", " ")}</span>${x.failure ? html` <span class="muted">${x.failure}</span>` : ""}</td><td><code>${x.recipient}</code></td><td>${x.txHash ? html`<code>${x.txHash.slice(0, 18)}…</code>` : "—"}</td><td>${when(x.createdAt)}</td></tr>${
        viewer.role === "admin" && x.status === "requires_approval"
          ? html`<tr class="refund-actions"><td colspan="5"><span class="muted">Waits for the owner's signature.</span> ${walletApprove(viewer, csrf, x)} ${viewer.mode === "test" ? action(x.id, "approve", "Approve as the owner (sandbox)") : ""} ${action(x.id, "cancel", "Cancel")}</td></tr>`
          : ""
      }`,
  );
  const list = r.refunds.length
    ? html`<table><thead><tr><th>Amount</th><th>Status</th><th>To</th><th>Transaction</th><th>Created</th></tr></thead><tbody>${rows}</tbody></table>`
    : html`<p class="muted">No refunds.</p>`;
  let formHtml: Html = html``;
  if (viewer.role === "admin" && r.accountVersion !== 2)
    formHtml = html`<p class="muted">Refunds need the merchant's account version 2: this merchant's account can only pay its owner's payout address. Nothing in it is lost; see the integrators' guide (docs/integrators.md), "Refunds".</p>`;
  else if (viewer.role === "admin" && r.refundableUnits > 0n) {
    const recipient = f.recipient ?? r.sender;
    formHtml = html`<form method="post" action="${DASHBOARD}/payments/${p.id}/refund?mode=${viewer.mode}" class="stack">
<input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="idempotency_key" value="${f.idempotencyKey}">
${f.error ? html`<p class="error" role="alert">${f.error}</p>` : ""}
<label>Amount (USD) <input name="amount" inputmode="decimal" required value="${f.amount ?? String(Number(r.refundableUnits) / 1e6)}"></label>
<p class="muted">Up to ${usd(r.refundableUnits)} is left to refund; the platform fee is not returned.</p>
<label>Recipient address <input name="recipient" required spellcheck="false" value="${recipient}" aria-describedby="recipient-note"></label>
<p class="muted" id="recipient-note">${recipient === r.sender ? "Prefilled with the address that paid (the sender on chain): confirm it with the customer, an exchange pays from shared wallets." : "Not the address that paid."}</p>
<label>Reason <select name="reason">${REFUND_REASONS.map(([v, label]) => html`<option value="${v}"${(f.reason ?? "requested_by_customer") === v ? html` selected` : ""}>${label}</option>`)}</select></label>
<button type="submit">Refund</button></form>`;
  }
  return html`<section class="card" aria-labelledby="refunds-h"><h2 id="refunds-h">Refunds</h2>${list}${formHtml}</section>`;
}

/** Who paid the gas of a payment by signature, and how much once measured. */
function relayCost(r: NonNullable<PaymentDetailView["relay"]>): Html {
  const paid = "Paid by the service: the customer signed, the service sent the transaction";
  if (r.gasUsed === null || r.gasPriceWei === null) return html`${paid} (cost measured once it is mined)`;
  return html`${paid}: ${r.gasUsed.toLocaleString("en-US")} gas at ${formatUnits(r.gasPriceWei, 9)} gwei = ${formatUnits(r.gasUsed * r.gasPriceWei, 18)} ETH`;
}

export function paymentPage(viewer: Viewer, csrf: string, p: PaymentDetailView, refundForm: RefundFormState = { idempotencyKey: "" }): Html {
  const cancel =
    viewer.role === "admin" && p.status === "awaiting_payment"
      ? html`<form method="post" action="${DASHBOARD}/payments/${p.id}/cancel?mode=${viewer.mode}"><input type="hidden" name="csrf" value="${csrf}"><button type="submit" class="danger">Cancel this payment</button></form>`
      : "";
  const meta = Object.entries(p.metadata)
    .map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`);
  return shell(
    `Payment ${p.id}`,
    html`${objectHead(viewer.mode, "/payments", "Payments", p.amountUnits, p.status)}
<section class="card"><dl>
<dt>Payment</dt><dd><code>${p.id}</code></dd>
<dt>Merchant</dt><dd>${p.merchantName}</dd>
<dt>Chain and token</dt><dd>${pairCell(p)}</dd>
<dt>Paid to</dt><dd><code>${p.paymentAddress}</code></dd>
${p.txHash ? html`<dt>Transaction</dt><dd>${p.txUrl ? html`<a href="${p.txUrl}" rel="noreferrer noopener" target="_blank"><code>${p.txHash}</code></a>` : html`<code>${p.txHash}</code>`}</dd>` : ""}
<dt>Payment page</dt><dd><a href="${p.payPageUrl}" rel="noreferrer noopener" target="_blank">${p.payPageUrl}</a></dd>
${p.feeUnits !== null ? html`<dt>Fee</dt><dd>${usd(p.feeUnits)}</dd><dt>Net</dt><dd>${usd(p.netUnits ?? 0n)}</dd>` : ""}
${p.relay ? html`<dt>Network fee</dt><dd>${relayCost(p.relay)}</dd>` : ""}
${meta}
</dl>${cancel}</section>
${refundsCard(viewer, csrf, p, refundForm)}
<section class="card" aria-labelledby="timeline-h"><h2 id="timeline-h">Timeline</h2><ol class="timeline">${p.timeline.map((t) => html`<li><time>${when(t.at)}</time> ${t.what}</li>`)}</ol></section>
<section class="card" aria-labelledby="events-h"><h2 id="events-h">Events</h2>${
      p.events.length ? html`<ul class="events">${p.events.map((e) => html`<li><a href="${href(`/developers/events/${e.id}`, viewer.mode)}"><code>${e.type}</code></a> <span class="muted">${e.id} · ${when(e.at)}</span>${deliveryList(e.deliveries)}</li>`)}</ul>` : html`<p class="muted">No events yet.</p>`
    }</section>
${sandboxActions(viewer, csrf, p)}
${viewer.role === "admin" && p.refund?.refunds.some((x) => x.status === "requires_approval") ? walletScript() : ""}`,
    viewer,
    csrf,
  );
}

export interface TransactionRowView {
  id: string;
  amountUnits: bigint;
  netUnits: bigint;
  status: string;
  settlementStatus: string;
  confirmedAt: Date;
  txHash: string;
  /** null: matched its intent; otherwise what happened and what the merchant can do. */
  flag: { kind: "late" | "unmatched"; text: string } | null;
  intentId: string | null;
  /** A payment to a customer's reusable deposit address (no intent): which one. */
  depositAddressId: string | null;
  chain: ChainName;
  token: TokenSymbol;
}

export function transactionsPage(
  viewer: Viewer,
  csrf: string,
  o: {
    merchants: Array<{ id: string; name: string }>;
    merchantId: string | undefined;
    pairs: ReadonlyArray<{ chain: ChainName; token: string }>;
    pair: string | undefined;
    rows: TransactionRowView[];
    total: number;
    next: string | undefined;
  },
): Html {
  const rows = o.rows
    .map(
      (r) => html`<tr${r.flag ? html` class="flagged"` : ""}><td>${usd(r.amountUnits)}</td><td>${usd(r.netUnits)}</td><td><span class="status ${r.status}">${r.status}</span> <span class="muted">${r.settlementStatus.replace("_", " ")}</span></td><td>${pairCell(r)}</td>
<td>${r.intentId ? html`<a href="${href(`/payments/${r.intentId}`, viewer.mode)}">${r.intentId}</a>` : r.depositAddressId ? html`<a href="${href(`/customers/${r.depositAddressId}`, viewer.mode)}">a customer's address</a>` : "—"}${r.flag ? html`<p class="flag"><strong>${r.flag.kind === "late" ? "Late payment" : "No matching payment"}</strong>: ${r.flag.text}</p>` : ""}</td><td>${when(r.confirmedAt)}<br><code>${r.txHash.slice(0, 18)}…</code></td></tr>`,
    );
  return shell(
    "Transactions",
    html`<h1>Transactions</h1>
${merchantPicker("/transactions", viewer.mode, o.merchants, o.merchantId, pairSelect(o.pairs, o.pair))}
<section class="card"><p class="muted">${o.total} transaction${o.total === 1 ? "" : "s"}: every transfer received, matched to a payment or not.</p>
${o.rows.length ? html`<table><thead><tr><th scope="col">Received</th><th scope="col">Net</th><th scope="col">Status</th><th scope="col">Chain and token</th><th scope="col">Payment</th><th scope="col">Confirmed</th></tr></thead><tbody>${rows}</tbody></table>` : html`<p class="muted">No transactions yet.</p>`}
${o.next ? html`<p><a href="${href("/transactions", viewer.mode, { merchant: o.merchantId, pair: o.pair, starting_after: o.next })}">Next page</a></p>` : ""}</section>`,
    viewer,
    csrf,
  );
}

export interface SettlementView {
  id: string;
  amountUnits: bigint;
  status: string;
  transactionCount: number;
  bank: string;
  initiatedAt: Date;
  expectedArrival: string | null;
  completedAt: Date | null;
  withdrawalTx: string | null;
  failure: string | null;
  /** One per (chain, token) pair the settlement withdraws (its own page only). */
  withdrawals: Array<{ chain: ChainName; token: string; amountUnits: bigint; status: "pending" | "withdrawn" | "failed"; retrying: boolean; txHash: string | null; txUrl: string | null; withdrawnAt: Date | null }>;
}

export function settlementsPage(
  viewer: Viewer,
  csrf: string,
  o: { merchants: Array<{ id: string; name: string }>; merchantId: string | undefined; availableUnits: bigint | undefined; rows: SettlementView[] },
): Html {
  const cashOut =
    viewer.role === "admin" && o.merchantId && (o.availableUnits ?? 0n) > 0n
      ? html`<p><a class="button" href="${href("/settlements/cash-out", viewer.mode, { merchant: o.merchantId })}">Cash out now</a></p>`
      : "";
  const rows = o.rows
    .map(
      (r) =>
        html`<tr><td><a href="${href(`/settlements/${r.id}`, viewer.mode)}">${usd(r.amountUnits)}</a></td><td><span class="status ${r.status}">${r.status.replace("_", " ")}</span></td><td>${r.transactionCount}</td><td>${when(r.initiatedAt)}</td><td>${r.expectedArrival ?? "—"}</td></tr>`,
    );
  return shell(
    "Settlements",
    html`<h1>Settlements</h1>
${merchantPicker("/settlements", viewer.mode, o.merchants, o.merchantId)}
<section class="card"><p class="big">${o.availableUnits === undefined ? "—" : usd(o.availableUnits)}</p><p class="muted">available to settle</p>${cashOut}${
      viewer.mode === "test" && viewer.role === "admin" && o.merchantId
        ? html`<form method="post" action="${DASHBOARD}/settlements/test-advance?mode=test" class="inline"><input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="merchant" value="${o.merchantId}"><button type="submit">Sandbox: settle and advance the clock until paid</button></form>`
        : ""
    }</section>
<section class="card">${o.rows.length ? html`<table><thead><tr><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Payments</th><th scope="col">Initiated</th><th scope="col">Expected arrival</th></tr></thead><tbody>${rows}</tbody></table>` : html`<p class="muted">No settlements yet.</p>`}</section>`,
    viewer,
    csrf,
  );
}

export function cashOutPage(viewer: Viewer, csrf: string, o: { merchantId: string; merchantName: string; availableUnits: bigint; bank: string; error?: string }): Html {
  return shell(
    "Cash out",
    html`<section class="card narrow">
  <h1>Cash out now</h1>
  ${o.error ? html`<p class="error" role="alert">${o.error}</p>` : ""}
  <p>Settle the whole available balance of <strong>${o.merchantName}</strong> now, whatever its schedule.</p>
  <dl><dt>Amount</dt><dd class="big">${usd(o.availableUnits)}</dd><dt>To</dt><dd>${o.bank}</dd><dt>Method</dt><dd>ACH, 1 to 3 business days</dd></dl>
  <form method="post" action="${DASHBOARD}/settlements/cash-out?mode=${viewer.mode}">
    <input type="hidden" name="csrf" value="${csrf}">
    <input type="hidden" name="merchant" value="${o.merchantId}">
    <input type="hidden" name="amount_units" value="${o.availableUnits.toString()}">
    <button type="submit">Confirm cash-out of ${usd(o.availableUnits)}</button>
  </form>
  <p><a href="${href("/settlements", viewer.mode, { merchant: o.merchantId })}">Cancel</a></p>
</section>`,
    viewer,
    csrf,
  );
}

/**
 * A settlement's withdrawals from the merchant account, one per (chain, token) pair, and the total
 * the bank transfer pays: a failed pair (refused by the account) is not in it, its payments wait
 * for the next run; a pending one holds the bank transfer until it is withdrawn.
 */
function withdrawalsCard(s: SettlementView): Html {
  const rows = s.withdrawals.map(
    (w) =>
      html`<tr><td>${pairCell(w)}</td><td>${usd(w.amountUnits)}</td><td><span class="status ${w.status === "withdrawn" ? "completed" : w.status}">${w.status}</span>${w.retrying ? html` <span class="muted">retrying</span>` : ""}</td><td>${
        w.txHash ? (w.txUrl ? html`<a href="${w.txUrl}" rel="noreferrer noopener" target="_blank"><code>${w.txHash}</code></a>` : html`<code>${w.txHash}</code>`) : "—"
      }</td></tr>`,
  );
  const waiting = s.withdrawals.some((w) => w.status === "pending");
  const failed = s.withdrawals.some((w) => w.status === "failed");
  return html`<section class="card" aria-labelledby="withdrawals-h"><h2 id="withdrawals-h">Withdrawals</h2>
<table class="withdrawals"><thead><tr><th scope="col">Chain and token</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Transaction</th></tr></thead><tbody>
${rows}
</tbody><tfoot><tr><th scope="row">Total to the bank</th><td>${usd(s.amountUnits)}</td><td colspan="2"></td></tr></tfoot></table>
${waiting ? html`<p class="muted">The bank transfer starts once every withdrawal is done; a pending one is retried until it goes through, never twice.</p>` : ""}
${failed ? html`<p class="muted">A failed withdrawal moved nothing and is not in the total: its payments go to the next settlement.</p>` : ""}
</section>`;
}

export function settlementPage(viewer: Viewer, csrf: string, s: SettlementView, txns: TransactionRowView[]): Html {
  return shell(
    `Settlement ${s.id}`,
    html`${objectHead(viewer.mode, "/settlements", "Settlements", s.amountUnits, s.status)}
<section class="card"><dl>
<dt>Settlement</dt><dd><code>${s.id}</code></dd>
<dt>To</dt><dd>${s.bank} (ACH)</dd>
<dt>Initiated</dt><dd>${when(s.initiatedAt)}</dd>
<dt>Expected arrival</dt><dd>${s.expectedArrival ?? "—"}</dd>
${s.completedAt ? html`<dt>Completed</dt><dd>${when(s.completedAt)}</dd>` : ""}
${s.withdrawals.length === 0 && s.withdrawalTx ? html`<dt>On-chain withdrawal</dt><dd><code>${s.withdrawalTx}</code></dd>` : ""}
${s.failure ? html`<dt>Failed</dt><dd>${s.failure}</dd>` : ""}
</dl></section>
${s.withdrawals.length ? withdrawalsCard(s) : ""}
<section class="card" aria-labelledby="txns-h"><h2 id="txns-h">Its ${s.transactionCount} payment${s.transactionCount === 1 ? "" : "s"}</h2>
<table><thead><tr><th scope="col">Received</th><th scope="col">Net</th><th scope="col">Payment</th><th scope="col">Confirmed</th></tr></thead><tbody>
${txns.map((t) => html`<tr><td>${usd(t.amountUnits)}</td><td>${usd(t.netUnits)}</td><td>${t.intentId ? html`<a href="${href(`/payments/${t.intentId}`, viewer.mode)}">${t.intentId}</a>` : "—"}</td><td>${when(t.confirmedAt)}</td></tr>`)}
</tbody></table></section>`,
    viewer,
    csrf,
  );
}

export interface ApiKeyView {
  id: string;
  hint: string;
  scope: string;
  createdAt: Date;
  revokedAt: Date | null;
}

/** API keys of the account in this mode: create (shown once), revoke (admins). */
export function developersPage(viewer: Viewer, csrf: string, o: { keys: ApiKeyView[]; merchants: Array<{ id: string; name: string }>; created?: { key: string; scope: string }; error?: string }): Html {
  const admin = viewer.role === "admin";
  const rows = o.keys
    .map(
      (k) => html`<tr><td><code>${k.hint}</code></td><td>${k.scope}</td><td>${when(k.createdAt)}</td><td>${
        k.revokedAt
          ? html`<span class="status cancelled">revoked</span> <span class="muted">${when(k.revokedAt)}</span>`
          : admin
            ? html`<form method="post" action="${DASHBOARD}/developers/keys/${k.id}/revoke?mode=${viewer.mode}" class="inline"><input type="hidden" name="csrf" value="${csrf}"><button type="submit" class="danger">Revoke</button></form>`
            : html`<span class="status confirmed">active</span>`
      }</td></tr>`,
    );
  const options = [html`<option value="">All merchants of the account</option>`, ...o.merchants.map((m) => html`<option value="${m.id}">${m.name} only</option>`)];
  return shell(
    "Developers",
    html`<h1>Developers</h1>
${developerTabs(viewer.mode, "keys")}
${o.created ? html`<section class="card created" role="status"><h2>New ${viewer.mode} key (${o.created.scope})</h2><p>Copy it now: it is shown only this once.</p><p><code class="secret">${o.created.key}</code></p></section>` : ""}
${o.error ? html`<p class="error" role="alert">${o.error}</p>` : ""}
<section class="card" aria-labelledby="keys-h"><h2 id="keys-h">API keys (${viewer.mode})</h2>
${o.keys.length ? html`<table><thead><tr><th scope="col">Key</th><th scope="col">Scope</th><th scope="col">Created</th><th scope="col">Status</th></tr></thead><tbody>${rows}</tbody></table>` : html`<p class="muted">No ${viewer.mode} keys yet.</p>`}
${
  admin
    ? html`<form method="post" action="${DASHBOARD}/developers/keys?mode=${viewer.mode}" class="filters">
  <input type="hidden" name="csrf" value="${csrf}">
  <label for="scope">New ${viewer.mode} key for</label><select id="scope" name="merchant">${options}</select>
  <label><input type="checkbox" name="refunds" value="on"> May refund (create, cancel and approve refunds)</label>
  <button type="submit">Create key</button>
</form>`
    : ""
}</section>`,
    viewer,
    csrf,
  );
}

export interface TeamMemberView {
  id: string;
  email: string;
  role: string;
  /** A cashier's register. */
  terminalName?: string | null;
  passwordSet: boolean;
  createdAt: Date;
}

/** The account's dashboard users; admins add one (a one-time link to set the password). */
/** An admin's controls for one member: role, a new set-password link, removal (behind a disclosure). */
function memberControls(viewer: Viewer, csrf: string, m: TeamMemberView): Html {
  const action = (what: string) => `${DASHBOARD}/team/${m.id}/${what}?mode=${viewer.mode}`;
  return html`<form method="post" action="${action("role")}" class="inline">
<input type="hidden" name="csrf" value="${csrf}">
<label class="sr-only" for="role-${m.id}">Role of ${m.email}</label><select id="role-${m.id}" name="role">${(["viewer", "admin"] as const).map((r) => html`<option value="${r}" ${r === m.role ? "selected" : ""}>${r}</option>`)}</select>
<button type="submit">Change role</button></form>
<form method="post" action="${action("link")}" class="inline"><input type="hidden" name="csrf" value="${csrf}"><button type="submit">New password link</button></form>
<details class="manage inline"><summary>Remove…</summary><p>${m.email} loses access at once.</p>
<form method="post" action="${action("remove")}" class="inline"><input type="hidden" name="csrf" value="${csrf}"><button type="submit" class="danger">Remove ${m.email}</button></form></details>`;
}

/** What the Team page says happened: a set-password link shown once, a refusal, a change made. */
export interface TeamNews {
  invited?: { email: string; link: string; added: boolean };
  error?: string;
  notice?: string;
}

export function teamPage(viewer: Viewer, csrf: string, o: { members: TeamMemberView[]; terminals?: Array<{ id: string; name: string }> } & TeamNews): Html {
  const registers = o.terminals ?? [];
  const admin = viewer.role === "admin";
  return shell(
    "Team",
    html`<h1>Team</h1>
${
  o.invited
    ? html`<section class="card created" role="status"><h2>${o.invited.added ? html`${o.invited.email} was added` : html`A new password link for ${o.invited.email}`}</h2><p>Send them this link to set their password (valid 72 hours, works once; shown only now):</p><p><code class="secret">${o.invited.link}</code></p></section>`
    : ""
}
${o.error ? html`<p class="error" role="alert">${o.error}</p>` : ""}${o.notice ? html`<p class="saved" role="status">${o.notice}</p>` : ""}
<section class="card"><table class="team"><thead><tr><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Since</th>${admin ? html`<th scope="col">Manage</th>` : ""}</tr></thead><tbody>
${o.members.map((m) => html`<tr><td>${m.email}${m.passwordSet ? "" : html` <span class="muted">(invited)</span>`}</td><td>${m.role}${m.terminalName ? html` <span class="muted">at ${m.terminalName}</span>` : ""}</td><td>${when(m.createdAt)}</td>${admin ? html`<td class="manage">${memberControls(viewer, csrf, m)}</td>` : ""}</tr>`)}
</tbody></table>
${
  viewer.role === "admin"
    ? html`<form method="post" action="${DASHBOARD}/team?mode=${viewer.mode}" class="filters">
  <input type="hidden" name="csrf" value="${csrf}">
  <label for="new-email">Email</label><input id="new-email" name="email" type="email" required>
  <label for="new-role">Role</label><select id="new-role" name="role"><option value="viewer">viewer (read only)</option><option value="admin">admin</option>${registers.length ? html`<option value="cashier">cashier (one register only)</option>` : ""}</select>
  ${registers.length ? html`<label for="new-terminal">Register (cashiers)</label><select id="new-terminal" name="terminal">${registers.map((t) => html`<option value="${t.id}">${t.name}</option>`)}</select>` : ""}
  <button type="submit">Add</button>
</form>`
    : ""
}</section>`,
    viewer,
    csrf,
  );
}

/** Sandbox only, for admins: the test helpers on an open payment (pay it from the sandbox wallet, expire it now). */
function sandboxActions(viewer: Viewer, csrf: string, p: PaymentDetailView): Html {
  if (viewer.mode !== "test" || viewer.role !== "admin" || p.status !== "awaiting_payment") return html``;
  const button = (action: string, label: string) =>
    html`<form method="post" action="${DASHBOARD}/payments/${p.id}/${action}?mode=test" class="inline"><input type="hidden" name="csrf" value="${csrf}"><button type="submit">${label}</button></form>`;
  return html`<section class="card sandbox" aria-labelledby="sandbox-h"><h2 id="sandbox-h">Sandbox</h2><p class="muted">Test helpers: nothing here exists on a live payment.</p>${button("test-pay", "Pay it from the sandbox wallet")} ${button("test-expire", "Expire it now")}</section>`;
}
