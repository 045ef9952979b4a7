/**
 * The frame of every dashboard page: header with the main navigation and the test/live switch,
 * links that keep the data mode, money and time formats, and small parts several pages share.
 * No script at all; every text a merchant, an integrator or a customer wrote goes through `esc`.
 */
import type { Mode } from "../../domain/mode.ts";
import { esc } from "../../domain/text.ts";
import { unitsToUsd } from "../../domain/money.ts";

export const DASHBOARD = "/dashboard";
export const ASSET_PATH = `${DASHBOARD}/assets/dashboard.css`;

/** Content-Security-Policy of every dashboard page: this origin only, no script, no framing. */
export const DASHBOARD_CSP =
  "default-src 'self'; script-src 'none'; style-src 'self'; img-src 'self'; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

export const usd = (units: bigint) => `$${unitsToUsd(units).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`;
export const when = (d: Date | null | undefined) => (d ? `${d.toISOString().slice(0, 16).replace("T", " ")} UTC` : "—");

export function bankOf(m: { bankName: string | null; bankLast4: string | null }): string {
  return m.bankName ? `${m.bankName} ····${m.bankLast4 ?? ""}` : "no bank account yet";
}

/** The tabs of the Developers section. */
export function developerTabs(mode: Mode, current: "keys" | "webhooks" | "events"): string {
  const tab = (path: string, name: string, key: typeof current) => `<a href="${esc(href(path, mode))}"${key === current ? ' aria-current="page"' : ""}>${name}</a>`;
  return `<nav class="tabs" aria-label="Developers">${tab("/developers", "API keys", "keys")}${tab("/developers/webhooks", "Webhooks", "webhooks")}${tab("/developers/events", "Events", "events")}</nav>`;
}

export interface Viewer {
  email: string;
  role: "admin" | "viewer";
  mode: Mode;
}

/** A dashboard URL in `mode`, with extra query parameters. */
export function href(path: string, mode: Mode, params: Record<string, string | undefined> = {}): string {
  const q = new URLSearchParams({ mode });
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, v);
  return `${DASHBOARD}${path}?${q.toString()}`;
}

export function shell(title: string, main: string, viewer?: Viewer, csrf?: string): string {
  const header = viewer
    ? `<header class="top${viewer.mode === "test" ? " test" : ""}">
  <a class="brand" href="${esc(href("", viewer.mode))}">StablePay</a>
  <nav aria-label="Main">
    <a href="${esc(href("", viewer.mode))}">Home</a>
    <a href="${esc(href("/payments", viewer.mode))}">Payments</a>
    <a href="${esc(href("/transactions", viewer.mode))}">Transactions</a>
    <a href="${esc(href("/settlements", viewer.mode))}">Settlements</a>
    <a href="${esc(href("/merchants", viewer.mode))}">Merchants</a>
    <a href="${esc(href("/developers", viewer.mode))}">Developers</a>
    <a href="${esc(href("/team", viewer.mode))}">Team</a>
  </nav>
  <div class="mode" role="group" aria-label="Data shown">
    <a href="${esc(href("", "test"))}" ${viewer.mode === "test" ? 'aria-current="true"' : ""}>Test data</a>
    <a href="${esc(href("", "live"))}" ${viewer.mode === "live" ? 'aria-current="true"' : ""}>Live data</a>
  </div>
  <form method="post" action="${DASHBOARD}/sign-out" class="signout">
    <input type="hidden" name="csrf" value="${esc(csrf ?? "")}">
    <span class="who">${esc(viewer.email)} · ${viewer.role}</span>
    <button type="submit">Sign out</button>
  </form>
</header>
${viewer.mode === "test" ? '<p class="banner" role="note">You are viewing test data: nothing here moves real money.</p>' : ""}`
    : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · StablePay dashboard</title>
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

export function deliveryList(list: DeliveryLine[]): string {
  if (list.length === 0) return `<p class="muted">Not sent to any webhook endpoint of this account.</p>`;
  return `<ul>${list
    .map(
      (d) =>
        `<li><span class="status ${d.status === "succeeded" ? "confirmed" : d.status === "failed" ? "cancelled" : "awaiting_payment"}">${esc(d.status)}</span> ${esc(d.url)} <span class="muted">${d.attempts} attempt${d.attempts === 1 ? "" : "s"}${d.last ? `, last: ${esc(d.last.replace("_", " "))}${d.lastStatus ? ` (HTTP ${d.lastStatus})` : ""}` : ""}</span></li>`,
    )
    .join("")}</ul>`;
}

/** A merchant picker that keeps the page's other filters (GET form, no state change). */
export function merchantPicker(path: string, mode: Mode, merchants: Array<{ id: string; name: string }>, selected: string | undefined): string {
  const options = merchants.map((m) => `<option value="${esc(m.id)}" ${m.id === selected ? "selected" : ""}>${esc(m.name)}</option>`).join("");
  return `<form method="get" action="${DASHBOARD}${path}" class="filters">
  <input type="hidden" name="mode" value="${mode}">
  <label for="merchant">Merchant</label><select id="merchant" name="merchant">${options}</select>
  <button type="submit">Show</button>
</form>`;
}

/** The head of an object's page: the way back to its list, its amount and its status. */
export function objectHead(mode: Mode, listPath: string, listName: string, amountUnits: bigint, status: string): string {
  return `<p><a href="${esc(href(listPath, mode))}">← ${listName}</a></p>
<h1>${usd(amountUnits)} <span class="status ${esc(status)}">${esc(status.replace("_", " "))}</span></h1>`;
}

export function notFoundPage(viewer: Viewer | undefined, csrf: string | undefined): string {
  return shell("Not found", `<section class="card narrow"><h1>Not found</h1><p>There is nothing here, or nothing this account may see.</p></section>`, viewer, csrf);
}
