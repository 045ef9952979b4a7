/**
 * The HTML of a link's public page when it does not send the customer straight to an intent: the
 * amount form of an open-amount link, and the page of a link that takes no payment now (with the
 * merchant's name, never an amount: the customer must not pay anything on it). Styles are the hosted
 * page's (web/pay/pay.css); no script. Every text a merchant wrote goes through `esc`.
 */
import { esc } from "../../domain/text.ts";
import { dollars } from "./amount.ts";
import type { LinkRow } from "./row.ts";
import type { Unavailable } from "./visits.ts";

/** The hosted page's policy, with the amount form allowed to submit to this origin. */
export const LINK_PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** A public page of one card in the hosted page's style (a link's pages, a register's): no script unless given. */
export function linkCardPage(title: string, body: string, cssHref: string, script = ""): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<title>${esc(title)}</title>
<link rel="stylesheet" href="${esc(cssHref)}">
</head>
<body>
<main class="card link-card">
${body}
</main>
${script}
</body>
</html>
`;
}

function head(link: LinkRow): string {
  return `<header class="head">
  <p class="merchant" id="merchant">${esc(link.businessName)}</p>
  ${link.mode === "test" ? `<p class="badge" role="note">Test mode: no real money moves</p>` : ""}
</header>`;
}

const REASONS: Record<Unavailable, { title: string; detail: string }> = {
  inactive: { title: "This payment link is no longer active", detail: "The merchant has turned it off. Do not send a payment; ask the merchant for a new link." },
  expired: { title: "This payment link has expired", detail: "It no longer takes payments. Do not send a payment; ask the merchant for a new link." },
  used_up: { title: "This payment link has been used up", detail: "It has taken all the payments it was made for. Do not send a payment; ask the merchant for a new link." },
  refused: { title: "This payment link cannot take a payment right now", detail: "Nothing was charged. Try again in a few minutes, or ask the merchant." },
  busy: {
    title: "Someone else is paying the last use of this link",
    detail: "This link takes a limited number of payments, and the last one is being paid right now. Do not send a payment. If that payment is not made, the link opens again within 15 minutes; or ask the merchant.",
  },
};

export function renderUnavailable(link: LinkRow, reason: Unavailable, cssHref: string): string {
  const r = REASONS[reason];
  return linkCardPage(
    `${link.businessName}: ${r.title}`,
    `${head(link)}
<section class="unavailable" id="unavailable" data-reason="${reason}" role="status">
  <h1 id="unavailable-title">${esc(r.title)}</h1>
  <p>${esc(r.detail)}</p>
</section>
<footer class="foot"><p>Payment link <code>${esc(link.id)}</code></p></footer>`,
    cssHref,
  );
}

/** The form of an open-amount link: a GET to the same address, so the minted intent's redirect follows it. */
export function renderAmountForm(link: LinkRow, cssHref: string, o: { error?: string; typed?: string } = {}): string {
  const min = dollars(link.minimumUnits!);
  const max = dollars(link.maximumUnits!);
  const value = o.typed ?? (link.presetUnits !== null ? dollars(link.presetUnits) : "");
  return linkCardPage(
    `Pay ${link.businessName}`,
    `${head(link)}
<h1>Enter the amount</h1>
<form class="link-form" method="get" action="/pay/links/${esc(link.id)}" novalidate>
  <label for="amount">Amount in US dollars</label>
  <div class="amount-input"><span aria-hidden="true">$</span><input id="amount" name="amount" inputmode="decimal" autocomplete="off" value="${esc(value)}" aria-describedby="amount-hint${o.error ? " amount-error" : ""}"${o.error ? ' aria-invalid="true"' : ""}></div>
  <p class="hint" id="amount-hint">Between $${min} and $${max}. You pay in ${esc(link.token)}.</p>
  ${o.error ? `<p class="form-error" id="amount-error" role="alert">${esc(o.error)}</p>` : ""}
  <button type="submit" class="button primary" id="continue">Continue to payment</button>
</form>
<footer class="foot"><p>Payment link <code>${esc(link.id)}</code></p></footer>`,
    cssHref,
  );
}

export function renderLinkNotFound(cssHref: string): string {
  return linkCardPage(
    "Payment link not found",
    `<h1>Payment link not found</h1>
<p>This payment link is not valid. Check that you copied the whole link, or ask the merchant for a new one.</p>`,
    cssHref,
  );
}

/** Too many new visits from one address, or to one link, at once. */
export function renderTooManyVisits(cssHref: string, retryAfterSeconds: string): string {
  return linkCardPage(
    "Please wait a moment",
    `<h1>Please wait a moment</h1>
<p>This payment page is being opened very often right now. Try again in ${esc(retryAfterSeconds)} seconds.</p>`,
    cssHref,
  );
}
