/**
 * Refunds in the dashboard: the refunds list of a merchant, the owner's wallet button
 * that approves a refund waiting for approval, and the refund budget of a merchant's page (read
 * from chain, granted and revoked by the owner's wallet). The buttons work through the wallet
 * script (web/dashboard/wallet.js, wallet-routes.ts); the pages that carry them are served with
 * WALLET_PAGE_CSP and end with `walletScript()`.
 */
import { html, type Html } from "../../lib/html.ts";
import type { ChainName } from "../../domain/networks.ts";
import { REFUND_STATUSES } from "../../domain/refund-status.ts";
import type { BudgetView } from "../refunds/budget.ts";
import { DASHBOARD, href, merchantPicker, pairTitle, pairValue, shell, usd, when, walletScript, type Viewer } from "./layout.ts";

/** The statuses of a refund, as the list's filter offers them. */
const STATUS_CHOICES = REFUND_STATUSES;

/** A refund's status badge (the colours of the intents': succeeded green, failed and cancelled red, else blue). */
export function refundStatus(status: string): Html {
  const cls = status === "succeeded" ? "confirmed" : status === "failed" || status === "cancelled" ? "cancelled" : "pending";
  return html`<span class="status ${cls}">${status.replace("_", " ")}</span>`;
}

/**
 * Said next to the approval button when the refund does not go back to the address that paid: the
 * owner's signature is the only thing between a leaked key (or a rogue admin) and the money.
 */
export function notPayerWarning(r: { recipient: string; payer: string | null }): Html {
  if (r.payer !== null && r.recipient.toLowerCase() === r.payer.toLowerCase()) return html``;
  return html`<strong class="not-payer" role="note" data-testid="not-payer">Not the payer: this refund goes to ${r.recipient}, not to the address that paid${r.payer ? html` (${r.payer})` : ""}. Sign only if you know this address is the customer's.</strong> `;
}

/**
 * "Approve with the owner's wallet" for a refund waiting for approval: hidden until the wallet
 * script runs; its status line says what the wallet does, or why nothing was signed. A refund to
 * anyone but the payer says so, in front of the button.
 */
export function walletApprove(viewer: Viewer, csrf: string, r: { id: string; recipient: string; payer: string | null }): Html {
  const refundId = r.id;
  return html`${notPayerWarning(r)}<span class="wallet-approve" data-csrf="${csrf}" data-authorization="${DASHBOARD}/refunds/${refundId}/authorization?mode=${viewer.mode}" data-approve="${DASHBOARD}/refunds/${refundId}/approve?mode=${viewer.mode}"><button type="button" class="wallet" hidden>Approve with the owner's wallet</button><span class="wallet-status" role="status" aria-live="polite"></span></span>`;
}

export interface RefundRowView {
  id: string;
  paymentIntentId: string | null;
  transactionId: string;
  amountUnits: bigint;
  status: string;
  recipient: string;
  /** The payment's sender (a refund elsewhere waits for the owner's signature, and says so). */
  payer: string | null;
  txHash: string | null;
  failure: string | null;
  chain: ChainName;
  token: string;
  createdAt: Date;
}

export function refundsPage(
  viewer: Viewer,
  csrf: string,
  o: { merchants: Array<{ id: string; name: string }>; merchantId: string | undefined; status: string | undefined; rows: RefundRowView[]; total: number; next: string | undefined; waiting: number },
): Html {
  const statuses = html`<label for="status">Status</label><select id="status" name="status">${["", ...STATUS_CHOICES].map(
    (s) => html`<option value="${s}" ${s === (o.status ?? "") ? "selected" : ""}>${s === "" ? "Any status" : s.replace("_", " ")}</option>`,
  )}</select>`;
  const rows = o.rows.map(
    (r) => html`<tr><td>${r.paymentIntentId ? html`<a href="${href(`/payments/${r.paymentIntentId}`, viewer.mode)}">${usd(r.amountUnits)}</a>` : usd(r.amountUnits)}<br><span class="muted pair">${pairTitle(r)}</span></td>
<td>${refundStatus(r.status)}${r.failure ? html`<br><span class="muted">${r.failure}</span>` : ""}${
      viewer.role === "admin" && r.status === "requires_approval" ? html`<br>${walletApprove(viewer, csrf, r)}` : ""
    }</td>
<td><code class="hash">${r.recipient}</code></td><td>${r.txHash ? html`<code class="hash">${r.txHash}</code>` : html`<span class="muted">—</span>`}</td><td>${when(r.createdAt)}<br><code class="muted">${r.id}</code></td></tr>`,
  );
  const waiting =
    o.waiting > 0 && o.status !== "requires_approval"
      ? html`<p class="notice" role="note">${o.waiting} refund${o.waiting === 1 ? " waits" : "s wait"} for the owner's approval. <a href="${href("/refunds", viewer.mode, { merchant: o.merchantId, status: "requires_approval" })}">Show ${o.waiting === 1 ? "it" : "them"}</a></p>`
      : "";
  return shell(
    "Refunds",
    html`<h1>Refunds</h1>
${merchantPicker("/refunds", viewer.mode, o.merchants, o.merchantId, statuses)}
${waiting}
<section class="card refunds"><p class="muted">${o.total} refund${o.total === 1 ? "" : "s"}${o.status ? html` ${o.status.replace("_", " ")}` : ""}</p>
${
  o.rows.length
    ? html`<table><thead><tr><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">To</th><th scope="col">Transaction</th><th scope="col">Created</th></tr></thead><tbody>${rows}</tbody></table>`
    : html`<p class="muted">No refunds${o.status ? html` ${o.status.replace("_", " ")}` : ""}. A refund is made from a paid payment's page.</p>`
}
${o.next ? html`<p><a href="${href("/refunds", viewer.mode, { merchant: o.merchantId, status: o.status, starting_after: o.next })}">Next page</a></p>` : ""}
<p class="muted">A refund waiting for approval is paid once the merchant's owner signs it with their wallet (or at once when the owner's refund budget covers it: on the merchant's page).</p></section>
${viewer.role === "admin" ? walletScript() : ""}`,
    viewer,
    csrf,
  );
}

/** One budget as the merchant's page shows it. */
function budgetFigures(b: BudgetView): Html {
  if (!b.read) return html`<p class="muted">Not known: ${b.why}.</p>`;
  if (b.amountPer24hUnits === 0n) return html`<p class="muted">No budget: every refund waits for the owner's signature.</p>`;
  return html`<dl>
<dt>Per 24 hours</dt><dd data-testid="budget-amount">${usd(b.amountPer24hUnits)}</dd>
<dt>Used, last 24 h</dt><dd>${b.ended ? "—" : usd(b.usedUnits)}</dd>
<dt>Left now</dt><dd>${usd(b.availableUnits)}</dd>
<dt>Ends</dt><dd>${when(b.until)}${b.ended ? html` <span class="status cancelled">ended</span>` : ""}</dd>
</dl>`;
}

/**
 * The refund budget on each (chain, token) of the merchant's v2 account: what the chain holds, and
 * for admins a form per pair whose buttons ask the owner's wallet to grant or revoke it.
 */
export function budgetSection(viewer: Viewer, csrf: string, merchantId: string, ownerAddress: string, budgets: BudgetView[], today: string): Html {
  if (budgets.length === 0) return html``;
  const cards = budgets.map((b) => {
    const value = pairValue(b.pair);
    const id = value.replace(/[^a-z0-9]/gi, "-");
    const form =
      viewer.role === "admin"
        ? html`<form class="wallet-budget stack" data-csrf="${csrf}" data-prepare="${DASHBOARD}/merchants/${merchantId}/budget?mode=${viewer.mode}" data-outcome="${DASHBOARD}/merchants/${merchantId}/budget/outcome?mode=${viewer.mode}" aria-label="Refund budget, ${pairTitle(b.pair)}">
<input type="hidden" name="pair" value="${value}">
<label for="amount-${id}">Amount per day (USD)</label><input id="amount-${id}" name="amount_per_day" inputmode="decimal" autocomplete="off" placeholder="500">
<label for="end-${id}">Until (end of that day, UTC)</label><input id="end-${id}" name="end_date" type="date" min="${today}">
<div class="actions"><button type="submit" name="action" value="grant" hidden>Grant with the owner's wallet</button> ${
            b.read && b.amountPer24hUnits > 0n ? html`<button type="submit" name="action" value="revoke" class="danger" hidden>Revoke with the owner's wallet</button>` : ""
          }</div>
<p class="wallet-status" role="status" aria-live="polite"></p>
</form>`
        : "";
    return html`<article class="card budget" data-pair="${value}"><h3>${pairTitle(b.pair)}</h3>${budgetFigures(b)}${form}</article>`;
  });
  return html`<section aria-labelledby="budget-h"><h2 id="budget-h">Refund budget</h2>
<p class="muted">Within the budget, refunds made through the API or here are sent at once, up to the amount in any 24 hours and until the end date; beyond it each refund waits for the owner's signature. Only the owner's wallet (<code class="hash">${ownerAddress}</code>) can grant or revoke it: the account contract holds it, and revoking takes effect at once.</p>
<div class="grid">${cards}</div></section>`;
}
