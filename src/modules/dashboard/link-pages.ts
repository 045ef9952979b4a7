/**
 * Pages of payment links: the account's links, and one link with its QR code and the button that
 * writes its URL to an NFC tag (web/dashboard/nfc.js; the only script of these pages).
 */
import { html, type Html } from "../../lib/html.ts";
import { DASHBOARD, href, shell, usd, when, type Viewer } from "./layout.ts";

export const NFC_SCRIPT_PATH = `${DASHBOARD}/assets/nfc.js`;

export interface LinkView {
  id: string;
  url: string;
  merchantName: string;
  active: boolean;
  amountUnits: bigint | null;
  minimumUnits: bigint | null;
  maximumUnits: bigint | null;
  uses: number;
  maxUses: number | null;
  expiresAt: Date | null;
  redirectUrl: string | null;
  createdAt: Date;
}

const amountOf = (l: LinkView) => (l.amountUnits !== null ? usd(l.amountUnits) : `${usd(l.minimumUnits ?? 0n)} to ${usd(l.maximumUnits ?? 0n)}, typed by the customer`);
const usesOf = (l: LinkView) => (l.maxUses === null ? `${l.uses}` : `${l.uses} of ${l.maxUses}`);
const stateOf = (l: LinkView, now: Date) =>
  !l.active ? "inactive" : l.expiresAt !== null && l.expiresAt <= now ? "expired" : l.maxUses !== null && l.uses >= l.maxUses ? "used up" : "active";
const stateClass = (s: string) => (s === "active" ? "confirmed" : "cancelled");

export function linksPage(viewer: Viewer, csrf: string, links: LinkView[], now: Date): Html {
  const rows = links.map((l) => {
    const s = stateOf(l, now);
    return html`<tr><td><a href="${href(`/links/${l.id}`, viewer.mode)}">${amountOf(l)}</a></td><td>${l.merchantName}</td><td><span class="status ${stateClass(s)}">${s}</span></td><td>${usesOf(l)}</td><td>${when(l.createdAt)}</td></tr>`;
  });
  return shell(
    "Payment links",
    html`<h1>Payment links</h1>
<section class="card"><p class="muted">A link takes payments without code: share it in a message, print its QR code, or write it to an NFC tag. Each customer who opens it gets a payment of their own. Links are created through the API (<code>POST /v1/payment_links</code>).</p>
${links.length ? html`<table><thead><tr><th scope="col">Amount</th><th scope="col">Merchant</th><th scope="col">State</th><th scope="col">Payments</th><th scope="col">Created</th></tr></thead><tbody>${rows}</tbody></table>` : html`<p class="muted">No ${viewer.mode} payment links yet.</p>`}
</section>`,
    viewer,
    csrf,
  );
}

export function linkPage(viewer: Viewer, csrf: string, l: LinkView, now: Date): Html {
  const s = stateOf(l, now);
  const toggle =
    viewer.role === "admin"
      ? html`<form method="post" action="${DASHBOARD}/links/${l.id}/${l.active ? "deactivate" : "activate"}?mode=${viewer.mode}" class="inline">
  <input type="hidden" name="csrf" value="${csrf}">
  <button type="submit">${l.active ? "Turn off" : "Turn on"}</button>
</form>`
      : "";
  return shell(
    "Payment link",
    html`<p><a href="${href("/links", viewer.mode)}">← Payment links</a></p>
<h1>${amountOf(l)} <span class="status ${stateClass(s)}">${s}</span></h1>
<section class="card"><dl>
  <dt>Link</dt><dd><code id="link-url">${l.url}</code></dd>
  <dt>Merchant</dt><dd>${l.merchantName}</dd>
  <dt>Payments</dt><dd>${usesOf(l)}</dd>
  <dt>Expires</dt><dd>${l.expiresAt ? when(l.expiresAt) : "never"}</dd>
  <dt>After payment</dt><dd>${l.redirectUrl ?? "the payment page says it is paid"}</dd>
</dl>${toggle}</section>
<section class="card" aria-labelledby="share-h"><h2 id="share-h">Share it</h2>
  <p>Customers scan the QR code, or tap an NFC tag holding the link, and pay on their phone.</p>
  <img class="link-qr" src="${DASHBOARD}/links/${l.id}/qr.png?mode=${viewer.mode}" width="240" height="240" alt="QR code of the payment link ${l.url}">
  <p><button type="button" id="nfc-write" data-url="${l.url}" hidden>Write to an NFC tag</button></p>
  <p id="nfc-status" class="nfc-status" role="status" aria-live="polite"></p>
</section>
<script src="${NFC_SCRIPT_PATH}" defer></script>`,
    viewer,
    csrf,
  );
}
