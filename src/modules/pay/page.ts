/**
 * The HTML of the hosted payment page and of its 404. Server-rendered and complete without script
 * (amount, address, QR, wallet link, status at load time); web/pay/pay.js adds copy buttons, the
 * countdown, the browser wallet and live status.
 *
 * Every text that a merchant or integrator wrote (the business name) goes through `esc`; the data
 * block for the script is JSON with `<`, `>`, `&` and line separators escaped, so it can never end
 * its <script type="application/json"> element. No inline script or style: the CSP forbids both.
 */
import { esc } from "../../domain/text.ts";
import type { PageRefunds, PageStatus, PageTransfer, PageView } from "./status.ts";
import { usdcText, usdText } from "./status.ts";

export const ASSET_PREFIX = "/pay/assets";

/** Content-Security-Policy of the page: everything from this origin, nothing inline, no framing. */
export const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export { esc };

/** JSON safe inside a <script type="application/json"> element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

function shell(title: string, body: string, assetVersion: string, script = true): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<title>${esc(title)}</title>
<link rel="stylesheet" href="${ASSET_PREFIX}/pay.css?v=${assetVersion}">
${script ? `<script src="${ASSET_PREFIX}/pay.js?v=${assetVersion}" defer></script>` : ""}
</head>
<body>
<main class="card">
${body}
</main>
</body>
</html>
`;
}

/** Under the amount, for an intent with an address of its own: any wallet or exchange can pay it. */
export const DEPOSIT_WHY = "Send from an exchange or a wallet: this address is for this payment only, and every amount sent to it counts toward it.";

/** The sentence the page shows for a status (the script uses the same texts, see pay.js). */
export function statusText(s: PageStatus, token = "USDC"): { title: string; detail: string } {
  if (s.status === "awaiting_payment" && s.partial)
    return {
      title: "Partly paid",
      detail: `${s.partial.usdc_received} ${token} has arrived. Send the remaining ${s.partial.usdc_remaining} ${token} to the same address; this page updates by itself.`,
    };
  switch (s.status) {
    case "confirmed":
    case "settled":
      return { title: "Payment confirmed", detail: "Thank you. The merchant has received your payment." };
    case "expired":
      return {
        title: "This payment request has expired",
        detail: "A payment sent now is still recorded and the merchant will see it, but it is no longer tied to this order automatically. Contact the merchant if you already paid.",
      };
    case "cancelled":
      return { title: "This payment request was cancelled", detail: "Do not send a payment. A payment sent anyway is recorded and the merchant will see it." };
    default:
      return { title: "Awaiting payment", detail: "Send exactly the amount below. This page updates by itself when the payment arrives." };
  }
}

function transferList(id: string, title: string, note: string, items: PageStatus["extra_payments"], txUrl: string | null, token: string): string {
  if (items.length === 0) return `<section id="${id}" class="note" hidden></section>`;
  const li = items.map((t) => `<li>${esc(t.usdc)} ${esc(token)}, transaction ${txLink(t.tx_hash, txUrl)}</li>`).join("");
  return `<section id="${id}" class="note"><h2>${esc(title)}</h2><p>${esc(note)}</p><ul>${li}</ul></section>`;
}

/**
 * What the merchant refunded of this payment: the amount paid back and each refund's
 * transaction (refunds confirmed on chain), and what is being sent. Nothing when there is none.
 * Static: the live status does not change it (a reload shows a refund made since).
 */
function refundsHtml(r: PageRefunds, txUrl: string | null, token: string): string {
  const refunded = r.succeeded.reduce((sum, x) => sum + x.units, 0n);
  if (refunded === 0n && r.inProgressUnits === 0n) return "";
  const full = refunded > 0n && refunded >= r.receivedUnits;
  const title = refunded === 0n ? "Refund in progress" : full ? "Payment refunded" : "Payment partly refunded";
  const done =
    refunded > 0n
      ? `<p>The merchant refunded <strong id="refunded-amount">${usdcText(refunded)} ${esc(token)}</strong>${full ? "" : ` of the ${usdcText(r.receivedUnits)} ${esc(token)} paid`}.</p>
<ul>${r.succeeded.map((x) => `<li>${usdcText(x.units)} ${esc(token)}, transaction ${txUrl ? `<a href="${esc(txUrl + x.txHash)}" rel="noreferrer noopener" target="_blank"><code class="hash">${esc(x.txHash)}</code></a>` : `<code class="hash">${esc(x.txHash)}</code>`}</li>`).join("")}</ul>`
      : "";
  const pending = r.inProgressUnits > 0n ? `<p id="refund-in-progress">Refund in progress: ${usdcText(r.inProgressUnits)} ${esc(token)} is being sent.</p>` : "";
  return `<section id="refunds" class="note refunds" aria-labelledby="refunds-title"><h2 id="refunds-title">${title}</h2>${done}${pending}</section>`;
}

function txLink(hash: string, txUrl: string | null): string {
  const short = `${hash.slice(0, 10)}…${hash.slice(-8)}`;
  return txUrl ? `<a href="${esc(txUrl + hash)}" rel="noreferrer noopener" target="_blank"><code title="${esc(hash)}">${esc(short)}</code></a>` : `<code title="${esc(hash)}">${esc(short)}</code>`;
}

/** Heading over transfers linked to the intent besides its confirming one (same texts in pay.js). */
export function extraTitle(status: PageStatus["status"]): string {
  if (status === "expired") return "A payment arrived after this request expired";
  if (status === "cancelled") return "A payment arrived after this request was cancelled";
  return "Another payment was received for this request";
}
export const EXTRA_NOTE = "It is recorded and the merchant can see it. Contact the merchant about it.";
export const MISMATCH_TITLE = "A payment with a different amount arrived";
function mismatchNote(usdc: string, token: string): string {
  return `It was not the exact amount of this request (${usdc} ${token}), so it was not applied to it. It is recorded and the merchant can see it; contact the merchant.`;
}

/**
 * What the live status region says of the payments listed below it besides the confirming one (a
 * late, an extra or a wrong-amount payment), so that a screen reader is told of them: on first
 * render and, through pay.js (the same words), when one arrives while the page is open. Empty when
 * there are none. Visually hidden: the lists below show the same to the eye.
 */
export function paymentNotes(state: PageStatus, usdc: string, token: string): string {
  const amounts = (items: PageTransfer[]) => items.map((t) => `${t.usdc} ${token}`).join(", ");
  const notes: string[] = [];
  if (state.extra_payments.length > 0) notes.push(`${extraTitle(state.status)}: ${amounts(state.extra_payments)}. ${EXTRA_NOTE}`);
  if (state.mismatched_payments.length > 0) notes.push(`${MISMATCH_TITLE}: ${amounts(state.mismatched_payments)}. ${mismatchNote(usdc, token)}`);
  return notes.join(" ");
}

/**
 * `gasless`: the intent's token takes transfer authorizations (EIP-3009): the page offers to pay by
 * signature first, the service paying the gas (modules/authorizations/).
 */
export function renderPayPage(v: PageView, now: Date, assetVersion: string, gasless = false): string {
  const usd = usdText(v.amountUnits);
  const usdc = usdcText(v.expectedUnits);
  const status = statusText(v.state, v.token);
  const open = v.state.status === "awaiting_payment";
  const partial = open && v.state.partial !== undefined;
  const paid = v.state.receipt !== undefined;
  const data = {
    id: v.id,
    status_url: `/pay/${v.id}/status`,
    events_url: `/pay/${v.id}/events`,
    server_now: now.toISOString(),
    chain_id: v.network.chainId,
    chain_name: v.network.name,
    add_chain: v.network.addChain,
    tx_url: v.network.txUrl,
    usdc_address: v.usdcAddress,
    token: v.token,
    payment_address: v.paymentAddress,
    expected_units: v.expectedUnits.toString(),
    gasless,
    authorization_url: `/v1/payment-intents/${v.id}/authorization`,
    amount_text: usdcText(v.amountUnits),
    value_text: usdc,
    business_name: v.businessName,
    redirect_url: v.redirectUrl,
    state: v.state,
  };
  const body = `
<header class="head">
  <p class="merchant" id="merchant">${esc(v.businessName)}</p>
  ${v.mode === "test" ? `<p class="badge" role="note">Test mode: no real money moves</p>` : ""}
</header>
<section class="amount" aria-labelledby="amount-usd">
  <h1 id="amount-usd"><span class="visually-hidden">Amount due: </span>$${usd} <span class="ccy">USD</span></h1>
  <p class="send" id="send-line" ${open ? "" : "hidden"}><span id="send-verb">${partial ? "Still to send:" : "Send exactly"}</span> <strong id="usdc-amount">${partial ? esc(v.state.partial!.usdc_remaining) : usdc}</strong> ${esc(v.token)} <span class="on-chain">on <strong id="chain-name">${esc(v.network.name)}</strong></span></p>
  <p class="why" id="why-line" ${open ? "" : "hidden"}>${v.paymentAddressType === "deposit" ? DEPOSIT_WHY : "The last digits identify your payment; please send this exact amount."}</p>
</section>
<section id="status" class="status status-${partial ? "seen" : esc(v.state.status)}" role="status" aria-live="polite" aria-atomic="true">
  <h2 id="status-title">${esc(status.title)}</h2>
  <p id="status-detail">${esc(status.detail)}</p>
  <div id="receipt" ${paid ? "" : "hidden"}>${paid ? receiptHtml(v.state.receipt!, v.network.txUrl, v.token) : ""}</div>
  ${v.redirectUrl ? `<p class="continue"><a class="button primary" id="continue" href="${esc(v.redirectUrl)}" rel="noreferrer" ${paid ? "" : "hidden"}>Continue to ${esc(v.businessName)}</a></p>` : ""}
  <p id="status-notes" class="visually-hidden">${esc(paymentNotes(v.state, usdc, v.token))}</p>
</section>
<p id="countdown" class="countdown" ${open ? "" : "hidden"}>Expires at <time datetime="${esc(v.state.expires_at)}">${esc(v.state.expires_at.replace("T", " ").replace(/\.\d+Z$/, " UTC"))}</time></p>
${refundsHtml(v.refunds, v.network.txUrl, v.token)}
${transferList("extra", extraTitle(v.state.status), EXTRA_NOTE, v.state.extra_payments, v.network.txUrl, v.token)}
${transferList("mismatch", MISMATCH_TITLE, mismatchNote(usdc, v.token), v.state.mismatched_payments, v.network.txUrl, v.token)}
<section id="pay" class="pay${partial ? " partial" : ""}" ${open ? "" : "hidden"} aria-label="How to pay">
  <p class="network">Network: <strong id="network">${esc(v.network.name)}</strong> <span class="chain-id">(chain id ${v.network.chainId})</span>, token ${esc(v.token)}</p>
  <figure class="qr">
    <img src="/v1/qr/${esc(v.id)}.png" width="240" height="240" alt="QR code for a ${esc(v.token)} payment of ${usdc} to ${esc(v.paymentAddress)} on ${esc(v.network.name)}">
    <figcaption>Scan with a wallet app</figcaption>
  </figure>
  <div class="actions">
    <button type="button" class="button primary gasless" id="gasless-pay" aria-describedby="gasless-hint" hidden>Pay with ${esc(v.token)}, no gas needed</button>
    <a class="button primary" id="open-wallet" href="${esc(v.qrPayload)}">Open in wallet</a>
    <button type="button" class="button" id="wallet-pay" aria-describedby="wallet-hint" hidden>Pay with browser wallet</button>
  </div>
  ${walletAppLinks(v.pageUrl)}
  <p id="gasless-hint" class="wallet-hint" hidden>Your wallet is asked to switch to ${esc(v.network.name)}, then to sign a payment of exactly ${usdcText(v.amountUnits)} ${esc(v.token)} (to ${esc(v.businessName)}). You need no ETH: the payment is sent for you, and the gas is paid by the service.</p>
  <p id="wallet-hint" class="wallet-hint" hidden>Your wallet is asked to switch to ${esc(v.network.name)}${v.network.addChain ? " (or to add it)" : ""}, then to send ${usdc} ${esc(v.token)}.</p>
  <p id="wallet-status" class="wallet-status" role="status" aria-live="polite"></p>
  <p class="network-warning" id="network-warning">Send only ${esc(v.token)} on ${esc(v.network.name)} to this address. ${esc(v.token)} sent on another network does not reach the merchant.</p>
  <dl class="fields">
    <div class="field">
      <dt id="address-label">Payment address</dt>
      <dd><code id="address" aria-labelledby="address-label">${esc(v.paymentAddress)}</code>
      <button type="button" class="copy" data-copy="address" aria-label="Copy payment address" hidden>Copy</button></dd>
    </div>
    <div class="field">
      <dt id="value-label">${partial ? "Still to send" : "Amount"} (${esc(v.token)})</dt>
      <dd><code id="value" aria-labelledby="value-label">${partial ? esc(v.state.partial!.usdc_remaining) : usdc}</code>
      <button type="button" class="copy" data-copy="value" aria-label="Copy amount" hidden>Copy</button></dd>
    </div>
    <div class="field">
      <dt id="token-label">${esc(v.token)} token contract</dt>
      <dd><code id="token" aria-labelledby="token-label">${esc(v.usdcAddress)}</code></dd>
    </div>
  </dl>
</section>
<footer class="foot"><p>Payment request <code>${esc(v.id)}</code></p></footer>
<script type="application/json" id="pay-data">${scriptJson(data)}</script>`;
  return shell(`Pay ${v.businessName}: $${usd}`, body, assetVersion);
}

/**
 * Links that open this page inside a wallet app's own browser (MetaMask, Coinbase Wallet), where
 * "Pay with browser wallet" and paying by signature work: a phone's ordinary browser has no wallet,
 * and an `ethereum:` link opened from an NFC tag or another app is not handled reliably. Only for a
 * page served over https, the only address a wallet app on a phone can open.
 */
export function walletAppLinks(pageUrl: string): string {
  if (!pageUrl.startsWith("https://")) return "";
  const metamask = `https://metamask.app.link/dapp/${pageUrl.slice("https://".length)}`;
  const coinbase = `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(pageUrl)}`;
  return `<p class="wallet-apps" id="wallet-apps">On a phone, open this page in your wallet app: <a href="${esc(metamask)}" rel="noreferrer noopener">MetaMask</a> · <a href="${esc(coinbase)}" rel="noreferrer noopener">Coinbase Wallet</a></p>`;
}

export function receiptHtml(r: NonNullable<PageStatus["receipt"]>, txUrl: string | null, token: string): string {
  return `<dl class="receipt"><div><dt>Amount paid</dt><dd>${esc(r.usdc)} ${esc(token)}</dd></div><div><dt>Transaction</dt><dd>${txLink(r.tx_hash, txUrl)}</dd></div><div><dt>Confirmed</dt><dd><time datetime="${esc(r.confirmed_at)}">${esc(r.confirmed_at.replace("T", " ").replace(/\.\d+Z$/, " UTC"))}</time></dd></div></dl>`;
}

/** What a customer's browser gets when its address asked for pages too often (429): wait, then reload. */
export function renderTooManyRequests(assetVersion: string, retryAfterSeconds: string): string {
  return shell(
    "Please wait a moment",
    `<h1>Please wait a moment</h1>
<p>This page was asked for too often from your network. Reload it in ${esc(retryAfterSeconds)} second${retryAfterSeconds === "1" ? "" : "s"}.</p>
<p>Nothing was paid or changed.</p>`,
    assetVersion,
    false,
  );
}

export function renderNotFound(assetVersion: string): string {
  return shell(
    "Payment request not found",
    `<h1>Payment request not found</h1>
<p>This payment link is not valid. Check that you copied the whole link, or ask the merchant for a new one.</p>
<p>Do not send a payment to an address from a page you cannot verify.</p>`,
    assetVersion,
    false,
  );
}
