/**
 * Pages of customers' reusable deposit addresses: the account's, with a form for admins to give a
 * customer one, and one address with its QR code (the bare address, what an exchange's withdrawal
 * form scans) and its payments. No script.
 */
import { html, type Html } from "../../lib/html.ts";
import { DASHBOARD, href, shell, usd, when, type Viewer } from "./layout.ts";
import type { TransactionRowView } from "./pages.ts";

export interface CustomerAddressView {
  id: string;
  address: string;
  customerReference: string;
  merchantName: string;
  receivedUnits: bigint;
  paymentCount: number;
  networks: ReadonlyArray<{ chain: string; tokens: readonly string[] }>;
  createdAt: Date;
}

const networksText = (d: CustomerAddressView) => d.networks.map((n) => `${n.tokens.join(" or ")} on ${n.chain}`).join("; ") || "none yet (the merchant's account exists on no enabled chain)";

export function customersPage(viewer: Viewer, csrf: string, rows: CustomerAddressView[], merchants: Array<{ id: string; name: string }>, error?: string): Html {
  const lines = rows.map(
    (d) => html`<tr><td><a href="${href(`/customers/${d.id}`, viewer.mode)}">${d.customerReference}</a></td><td>${d.merchantName}</td><td><code>${d.address}</code></td><td>${usd(d.receivedUnits)}</td><td>${d.paymentCount}</td><td>${when(d.createdAt)}</td></tr>`,
  );
  return shell(
    "Customers",
    html`<h1>Customers</h1>
<section class="card"><p class="muted">A customer who pays again and again (from an exchange, or a business paying invoices) gets an address of their own that stays: the same on every chain, saved once in their exchange's address book. Every transfer to it is a payment of its own, whatever the amount; the money is moved into the merchant's account automatically. Also through the API: <code>POST /v1/deposit_addresses</code>.</p>
${error ? html`<p class="error" role="alert">${error}</p>` : ""}
${rows.length ? html`<table><thead><tr><th scope="col">Customer</th><th scope="col">Merchant</th><th scope="col">Address</th><th scope="col">Received</th><th scope="col">Payments</th><th scope="col">Created</th></tr></thead><tbody>${lines}</tbody></table>` : html`<p class="muted">No ${viewer.mode} customer addresses yet.</p>`}
${
  viewer.role === "admin" && merchants.length
    ? html`<form method="post" action="${DASHBOARD}/customers?mode=${viewer.mode}" class="filters">
  <input type="hidden" name="csrf" value="${csrf}">
  <label for="customer-reference">Customer</label><input id="customer-reference" name="customer_reference" required maxlength="200" placeholder="Customer number or email">
  <label for="customer-merchant">Merchant</label><select id="customer-merchant" name="merchant">${merchants.map((m) => html`<option value="${m.id}">${m.name}</option>`)}</select>
  <button type="submit">Give an address</button>
</form>`
    : ""
}</section>`,
    viewer,
    csrf,
  );
}

export function customerPage(viewer: Viewer, csrf: string, d: CustomerAddressView, payments: TransactionRowView[]): Html {
  const lines = payments.map(
    (p) => html`<tr><td>${usd(p.amountUnits)}</td><td>${p.token} on ${p.chain}</td><td><span class="status ${p.status}">${p.status}</span></td><td>${when(p.confirmedAt)}</td><td><code>${p.txHash.slice(0, 18)}…</code></td></tr>`,
  );
  return shell(
    "Customer address",
    html`<p><a href="${href("/customers", viewer.mode)}">← Customers</a></p>
<h1>${d.customerReference}</h1>
<section class="card"><dl>
  <dt>Address</dt><dd><code id="deposit-address">${d.address}</code></dd>
  <dt>Takes</dt><dd>${networksText(d)}</dd>
  <dt>Merchant</dt><dd>${d.merchantName}</dd>
  <dt>Received</dt><dd>${usd(d.receivedUnits)} in ${d.paymentCount} payment${d.paymentCount === 1 ? "" : "s"}</dd>
  <dt>Created</dt><dd>${when(d.createdAt)}</dd>
</dl></section>
<section class="card" aria-labelledby="share-h"><h2 id="share-h">Give it to the customer</h2>
  <p>The customer saves this address once (an exchange's address book, a supplier list) and sends to it whenever they pay. Only send the tokens listed above.</p>
  <img class="link-qr" src="${DASHBOARD}/customers/${d.id}/qr.png?mode=${viewer.mode}" width="240" height="240" alt="QR code of the address ${d.address}">
</section>
<section class="card" aria-labelledby="payments-h"><h2 id="payments-h">Payments</h2>
${payments.length ? html`<table><thead><tr><th scope="col">Received</th><th scope="col">Token</th><th scope="col">Status</th><th scope="col">Confirmed</th><th scope="col">Transaction</th></tr></thead><tbody>${lines}</tbody></table>` : html`<p class="muted">No payments yet.</p>`}
</section>`,
    viewer,
    csrf,
  );
}
