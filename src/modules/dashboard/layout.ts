/**
 * The frame of every dashboard page: header with the main navigation and the test/live switch,
 * links that keep the data mode, money and time formats, and small parts several pages share.
 * No script, except the owner's wallet script (web/dashboard/wallet.js, served from this origin) on
 * the pages that sign or send with it (`walletScript`, served with WALLET_PAGE_CSP). Pages are written with `html` (lib/html.ts), which escapes every value it is
 * given: markup exists only in template text, so no value can become markup.
 */
import { html, type Html } from "../../lib/html.ts";
import type { Mode } from "../../domain/mode.ts";
import { unitsToUsd } from "../../domain/money.ts";
import { pairLabel, type ChainName } from "../../domain/networks.ts";

export const DASHBOARD = "/dashboard";
export const ASSET_PATH = `${DASHBOARD}/assets/dashboard.css`;

/** Content-Security-Policy of every dashboard page: this origin only, no script, no framing. */
export const DASHBOARD_CSP =
  "default-src 'self'; script-src 'none'; style-src 'self'; img-src 'self'; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/**
 * The same policy for the pages that carry the owner's wallet buttons (refund approval, the refund
 * budget): scripts from this origin only (the one file at WALLET_SCRIPT_PATH; never inline).
 */
export const WALLET_PAGE_CSP = DASHBOARD_CSP.replace("script-src 'none'", "script-src 'self'");
export const WALLET_SCRIPT_PATH = `${DASHBOARD}/assets/wallet.js`;
/** The wallet script's tag, at the end of a page's main content (deferred: it runs on the parsed page). */
export const walletScript = (): Html => html`<script src="${WALLET_SCRIPT_PATH}" defer></script>`;

export const usd = (units: bigint) => `$${unitsToUsd(units).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`;
export const when = (d: Date | null | undefined) => (d ? `${d.toISOString().slice(0, 16).replace("T", " ")} UTC` : "—");

export function bankOf(m: { bankName: string | null; bankLast4: string | null }): string {
  return m.bankName ? `${m.bankName} ····${m.bankLast4 ?? ""}` : "no bank account yet";
}

/** How a page names a chain (the API's name is networks.ts's `base`, `ethereum`, …). */
const CHAIN_TITLES: Readonly<Record<ChainName, string>> = { base: "Base", ethereum: "Ethereum", arbitrum: "Arbitrum", optimism: "OP Mainnet", polygon: "Polygon" };

/** A (chain, token) pair as pages show it: `Base · USDC`. */
export function pairTitle(p: { chain: ChainName; token: string }): string {
  return `${CHAIN_TITLES[p.chain]} · ${p.token}`;
}

/** A pair as the dashboard's `?pair=` filter carries it: `base/USDC` (networks.ts pairLabel, as the API's messages name it). */
export const pairValue = pairLabel;

/**
 * `?pair=chain/token` as the list services' `chain` and `token` (they check it against the enabled
 * pairs, as for the API): undefined for none; a value without its two halves is passed on as a token
 * no pair has, so that it is refused the same way.
 */
export function pairQuery(value: string | null): { chain: string; token: string } | undefined {
  if (value === null || value === "") return undefined;
  const i = value.indexOf("/");
  return i < 0 ? { chain: value, token: "" } : { chain: value.slice(0, i), token: value.slice(i + 1) };
}

/** The tabs of the Developers section. */
export function developerTabs(mode: Mode, current: "keys" | "webhooks" | "events"): Html {
  const tab = (path: string, name: string, key: typeof current) => html`<a href="${href(path, mode)}"${key === current ? html` aria-current="page"` : ""}>${name}</a>`;
  return html`<nav class="tabs" aria-label="Developers">${tab("/developers", "API keys", "keys")}${tab("/developers/webhooks", "Webhooks", "webhooks")}${tab("/developers/events", "Events", "events")}</nav>`;
}

export interface Viewer {
  email: string;
  role: "admin" | "viewer" | "cashier";
  mode: Mode;
  /** A cashier's register: the only page of the dashboard it may reach. */
  terminalId?: string | null;
}

/** A dashboard URL in `mode`, with extra query parameters. */
export function href(path: string, mode: Mode, params: Record<string, string | undefined> = {}): string {
  const q = new URLSearchParams({ mode });
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, v);
  return `${DASHBOARD}${path}?${q.toString()}`;
}

/** A cashier's header: its register, and sign-out; no other page, no mode switch (the register's mode is the one shown). */
function cashierHeader(viewer: Viewer, csrf: string | undefined): Html {
  return html`<header class="top${viewer.mode === "test" ? " test" : ""}">
  <a class="brand" href="${href(`/register/${viewer.terminalId ?? ""}`, viewer.mode)}">StablePay</a>
  <nav aria-label="Main"><a href="${href(`/register/${viewer.terminalId ?? ""}`, viewer.mode)}">Register</a></nav>
  <form method="post" action="${DASHBOARD}/sign-out" class="signout">
    <input type="hidden" name="csrf" value="${csrf ?? ""}">
    <span class="who">${viewer.email} · cashier</span>
    <button type="submit">Sign out</button>
  </form>
</header>
${viewer.mode === "test" ? html`<p class="banner" role="note">Test mode: nothing here moves real money.</p>` : ""}`;
}

export function shell(title: string, main: Html, viewer?: Viewer, csrf?: string): Html {
  const header = viewer?.role === "cashier"
    ? cashierHeader(viewer, csrf)
    : viewer
    ? html`<header class="top${viewer.mode === "test" ? " test" : ""}">
  <a class="brand" href="${href("", viewer.mode)}">StablePay</a>
  <nav aria-label="Main">
    <a href="${href("", viewer.mode)}">Home</a>
    <a href="${href("/payments", viewer.mode)}">Payments</a>
    <a href="${href("/transactions", viewer.mode)}">Transactions</a>
    <a href="${href("/refunds", viewer.mode)}">Refunds</a>
    <a href="${href("/settlements", viewer.mode)}">Settlements</a>
    <a href="${href("/links", viewer.mode)}">Links</a>
    <a href="${href("/customers", viewer.mode)}">Customers</a>
    <a href="${href("/register", viewer.mode)}">Register</a>
    <a href="${href("/merchants", viewer.mode)}">Merchants</a>
    <a href="${href("/developers", viewer.mode)}">Developers</a>
    <a href="${href("/team", viewer.mode)}">Team</a>
  </nav>
  <div class="mode" role="group" aria-label="Data shown">
    <a href="${href("", "test")}" ${viewer.mode === "test" ? html`aria-current="true"` : ""}>Test data</a>
    <a href="${href("", "live")}" ${viewer.mode === "live" ? html`aria-current="true"` : ""}>Live data</a>
  </div>
  <form method="post" action="${DASHBOARD}/sign-out" class="signout">
    <input type="hidden" name="csrf" value="${csrf ?? ""}">
    <span class="who">${viewer.email} · ${viewer.role}</span>
    <button type="submit">Sign out</button>
  </form>
</header>
${viewer.mode === "test" ? html`<p class="banner" role="note">You are viewing test data: nothing here moves real money.</p>` : ""}`
    : "";
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · StablePay dashboard</title>
<link rel="stylesheet" href="${ASSET_PATH}">
</head>
<body>
${header}
<main id="main">
${main}
</main>
</body>
</html>`;
}

/** One webhook delivery of an event: where, how it ended (or stands), after how many attempts. */
export interface DeliveryLine {
  url: string;
  status: string;
  attempts: number;
  last: string | null;
  lastStatus: number | null;
}

/** The colour of a delivery's status: the intent statuses' (confirmed green, cancelled red, else blue). */
export const deliveryClass = (status: string) => (status === "succeeded" ? "confirmed" : status === "failed" ? "cancelled" : "pending");

export function deliveryList(list: DeliveryLine[]): Html {
  if (list.length === 0) return html`<p class="muted">Not sent to any webhook endpoint of this account.</p>`;
  return html`<ul>${list
    .map(
      (d) =>
        html`<li><span class="status ${deliveryClass(d.status)}">${d.status}</span> ${d.url} <span class="muted">${d.attempts} attempt${d.attempts === 1 ? "" : "s"}${d.last ? `, last: ${d.last.replace("_", " ")}${d.lastStatus ? ` (HTTP ${d.lastStatus})` : ""}` : ""}</span></li>`,
    )}</ul>`;
}

/** A merchant picker that keeps the page's other filters (GET form, no state change). */
export function merchantPicker(path: string, mode: Mode, merchants: Array<{ id: string; name: string }>, selected: string | undefined, more: Html | "" = ""): Html {
  const options = merchants.map((m) => html`<option value="${m.id}" ${m.id === selected ? "selected" : ""}>${m.name}</option>`);
  return html`<form method="get" action="${DASHBOARD}${path}" class="filters">
  <input type="hidden" name="mode" value="${mode}">
  <label for="merchant">Merchant</label><select id="merchant" name="merchant">${options}</select>
  ${more}
  <button type="submit">Show</button>
</form>`;
}

/** The head of an object's page: the way back to its list, its amount and its status. */
export function objectHead(mode: Mode, listPath: string, listName: string, amountUnits: bigint, status: string): Html {
  return html`<p><a href="${href(listPath, mode)}">← ${listName}</a></p>
<h1>${usd(amountUnits)} <span class="status ${status}">${status.replace("_", " ")}</span></h1>`;
}

export function notFoundPage(viewer: Viewer | undefined, csrf: string | undefined): Html {
  return shell("Not found", html`<section class="card narrow"><h1>Not found</h1><p>There is nothing here, or nothing this account may see.</p></section>`, viewer, csrf);
}
