/**
 * The Developers section beyond API keys: webhook endpoints (create with the secret shown once,
 * rotate, disable or enable, a test event, deliveries with their attempts, resend) and the event
 * log (list and JSON view). Server-rendered in the frame of layout.ts.
 */
import { html, joinHtml, type Html } from "../../lib/html.ts";
import { DASHBOARD, deliveryClass, developerTabs, href, shell, when, type Viewer } from "./layout.ts";

export interface EndpointView {
  id: string;
  url: string;
  eventTypes: string[];
  status: "enabled" | "disabled";
  disabledReason: string | null;
  disabledAt: Date | null;
  /** Failing since (no success since): shown while enabled, before the rule disables it. */
  failingSince: Date | null;
  failedAttempts: number;
  description: string | null;
  createdAt: Date;
}

/** Disabled by the service (410 or sustained failure) rather than by someone of the account. */
function disabledByService(e: EndpointView): boolean {
  return e.status === "disabled" && e.disabledReason !== null && !/^disabled (through the API|by operator)/.test(e.disabledReason);
}

export interface AttemptView {
  number: number;
  at: Date;
  outcome: string;
  statusCode: number | null;
  durationMs: number | null;
  error: string | null;
  snippet: string | null;
}

export interface DeliveryRowView {
  id: string;
  eventId: string;
  eventType: string | null;
  endpointId: string;
  url: string | null;
  status: string;
  createdAt: Date;
  nextAttemptAt: Date | null;
  attempts: AttemptView[];
}

export interface EndpointFormValues {
  url: string;
  events: string[];
  description: string;
}

function eventList(types: string[]): Html {
  return types.includes("*") ? html`every event` : joinHtml(types.map((t) => html`<code>${t}</code>`), ", ");
}

const enabledClass = (status: string) => (status === "enabled" ? "confirmed" : "cancelled");

/** A hidden CSRF field and a one-button form posting to `action` (with the data mode). */
function button(viewer: Viewer, csrf: string, action: string, label: string, o: { danger?: boolean; fields?: Record<string, string> } = {}): Html {
  const extra = Object.entries(o.fields ?? {})
    .map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`);
  return html`<form method="post" action="${DASHBOARD}${action}?mode=${viewer.mode}" class="inline"><input type="hidden" name="csrf" value="${csrf}">${extra}<button type="submit"${o.danger ? html` class="danger"` : ""}>${label}</button></form>`;
}

/** A checkbox per event type, and one for every event. */
function eventChecks(types: readonly string[], checked: string[]): Html {
  return html`${["*", ...types].map((t) => html`<label class="check"><input type="checkbox" name="events" value="${t}" ${checked.includes(t) ? "checked" : ""}> ${t === "*" ? "Every event (including types added later)" : html`<code>${t}</code>`}</label>`)}`;
}

export function webhooksPage(viewer: Viewer, csrf: string, o: { endpoints: EndpointView[]; eventTypes: readonly string[]; values: EndpointFormValues; idempotencyKey: string; error?: string }): Html {
  const rows = o.endpoints
    .map(
      (e) =>
        html`<tr><td><a href="${href(`/developers/webhooks/${e.id}`, viewer.mode)}">${e.url}</a>${e.description ? html`<p class="muted">${e.description}</p>` : ""}</td><td><span class="status ${enabledClass(e.status)}">${e.status}</span>${
          disabledByService(e) ? html`<p class="muted">${e.disabledReason}</p>` : e.status === "enabled" && e.failingSince ? html`<p class="muted">failing since ${when(e.failingSince)}</p>` : ""
        }</td><td>${eventList(e.eventTypes)}</td><td>${when(e.createdAt)}</td></tr>`,
    );
  const checks = eventChecks(o.eventTypes, o.values.events);
  const create =
    viewer.role === "admin"
      ? html`<section class="card form" aria-labelledby="new-endpoint-h"><h2 id="new-endpoint-h">Add an endpoint</h2>
${o.error ? html`<p class="error" role="alert">${o.error}</p>` : ""}
<form method="post" action="${DASHBOARD}/developers/webhooks?mode=${viewer.mode}">
<input type="hidden" name="csrf" value="${csrf}">
<input type="hidden" name="idempotency_key" value="${o.idempotencyKey}">
<label for="url">Endpoint URL</label><input id="url" name="url" type="url" required maxlength="2048" placeholder="https://example.com/webhooks/stablepay" value="${o.values.url}">
<p class="muted">${viewer.mode === "live" ? "Live endpoints: https, on a public address." : "Sandbox endpoints: http or https, any host."}</p>
<fieldset><legend>Events to send</legend>${checks}</fieldset>
<label for="description">Description (optional)</label><input id="description" name="description" maxlength="500" value="${o.values.description}">
<button type="submit">Add endpoint</button>
</form></section>`
      : "";
  const stopped = o.endpoints.filter(disabledByService);
  const alert = stopped.length
    ? html`<section class="card warning" role="alert"><h2>${stopped.length === 1 ? "An endpoint was disabled" : `${stopped.length} endpoints were disabled`}</h2><p>Deliveries to ${stopped.length === 1 ? "it" : "them"} kept failing, so the service stopped sending. New events are not sent to ${stopped.length === 1 ? "it" : "them"}; deliveries already due are held for 7 days. Fix the receiver, send a test event, enable it, then resend the deliveries that failed.</p><ul>${stopped.map(
        (e) => html`<li><a href="${href(`/developers/webhooks/${e.id}`, viewer.mode)}">${e.url}</a>${e.disabledAt ? html` <span class="muted">disabled ${when(e.disabledAt)}</span>` : ""}</li>`,
      )}</ul></section>`
    : "";
  return shell(
    "Webhooks",
    html`<h1>Developers</h1>
${developerTabs(viewer.mode, "webhooks")}
${alert}
<section class="card"><h2>Webhook endpoints (${viewer.mode})</h2>
${o.endpoints.length ? html`<table><thead><tr><th scope="col">URL</th><th scope="col">Status</th><th scope="col">Events</th><th scope="col">Created</th></tr></thead><tbody>${rows}</tbody></table>` : html`<p class="muted">No ${viewer.mode} endpoints yet.</p>`}
</section>
${create}`,
    viewer,
    csrf,
  );
}

/** A delivery with each attempt (outcome, HTTP status, time, the start of the answer) and, for admins, Resend. */
function deliveryItem(viewer: Viewer, csrf: string, d: DeliveryRowView, back: string, show: "event" | "endpoint"): Html {
  const attempts = d.attempts.length
    ? html`<ol class="attempts">${d.attempts
        .map(
          (a) =>
            html`<li><time>${when(a.at)}</time> ${a.outcome.replaceAll("_", " ")}${a.statusCode !== null ? ` · HTTP ${a.statusCode}` : ""}${a.durationMs !== null ? ` · ${a.durationMs} ms` : ""}${a.error ? ` · ${a.error}` : ""}${a.snippet ? html`<pre class="snippet">${a.snippet}</pre>` : ""}</li>`,
        )}</ol>`
    : html`<p class="muted">No attempt yet.</p>`;
  const what =
    show === "event"
      ? html`<a href="${href(`/developers/events/${d.eventId}`, viewer.mode)}"><code>${d.eventType ?? d.eventId}</code></a> <span class="muted">${d.eventId}</span>`
      : html`<a href="${href(`/developers/webhooks/${d.endpointId}`, viewer.mode)}">${d.url ?? d.endpointId}</a>`;
  const resend = viewer.role === "admin" ? html` ${button(viewer, csrf, `/developers/events/${d.eventId}/resend`, "Resend", { fields: { endpoint_id: d.endpointId, back } })}` : "";
  return html`<li class="delivery"><div class="head"><span class="status ${deliveryClass(d.status)}">${d.status}</span> ${what} <span class="muted">${when(d.createdAt)}${d.nextAttemptAt ? ` · next attempt ${when(d.nextAttemptAt)}` : ""}</span>${resend}</div>${attempts}</li>`;
}

/** "Send a test event" with a choice of type: the default test event or a sample of any event type. */
function testForm(viewer: Viewer, csrf: string, back: string, types: readonly string[]): Html {
  const options = ["", ...types].map((t) => html`<option value="${t}">${t === "" ? "webhook_endpoint.test" : t}</option>`);
  return html`<form method="post" action="${DASHBOARD}${back}/test?mode=${viewer.mode}" class="inline"><input type="hidden" name="csrf" value="${csrf}"><label for="test-type" class="sr-only">Event type</label><select id="test-type" name="event_type">${options}</select> <button type="submit">Send a test event</button></form>`;
}

/** "Resend failed deliveries": every delivery that failed within the chosen period, once. */
function recoverForm(viewer: Viewer, csrf: string, back: string, hours: readonly number[], e: EndpointView): Html {
  const label = (h: number) => (h < 24 ? `the last ${h} hour${h === 1 ? "" : "s"}` : `the last ${h / 24} day${h === 24 ? "" : "s"}`);
  const options = hours.map((h) => html`<option value="${String(h)}" ${h === 72 ? "selected" : ""}>${label(h)}</option>`);
  return html`<form method="post" action="${DASHBOARD}${back}/recover?mode=${viewer.mode}" class="recover"><input type="hidden" name="csrf" value="${csrf}"><label for="since-hours">Resend the deliveries that failed in</label> <select id="since-hours" name="since_hours">${options}</select> <button type="submit">Resend failed deliveries</button>${
    e.status === "disabled" ? html` <span class="muted">Held until the endpoint is enabled.</span>` : ""
  }</form>`;
}

export interface TestSendView {
  eventId: string;
  eventType: string;
  statusCode: number | undefined;
  durationMs: number;
  error: string | undefined;
  snippet: string | undefined;
}

export function endpointPage(
  viewer: Viewer,
  csrf: string,
  e: EndpointView,
  o: {
    deliveries: DeliveryRowView[];
    total: number;
    next: string | undefined;
    eventTypes: readonly string[];
    secret?: { value: string; why: "created" | "rotated" };
    test?: TestSendView;
    notice?: string;
    /** The choices of "Resend failed deliveries", in hours back. */
    recoverHours: readonly number[];
    /** The edit form as sent, with why it was refused. */
    edit?: { values: EndpointFormValues; error: string };
  },
): Html {
  const admin = viewer.role === "admin";
  const back = `/developers/webhooks/${e.id}`;
  const secret = o.secret
    ? html`<section class="card created" role="status"><h2>${o.secret.why === "created" ? "Endpoint added: its signing secret" : "New signing secret"}</h2><p>Copy it now: it is shown only this once.${o.secret.why === "rotated" ? " The previous secret keeps signing deliveries (next to this one) for 24 hours." : ""}</p><p><code class="secret">${o.secret.value}</code></p></section>`
    : "";
  const test = o.test
    ? html`<section class="card ${o.test.statusCode !== undefined && o.test.statusCode >= 200 && o.test.statusCode < 300 ? "created" : "warning"}" role="status"><h2>Test event sent</h2><p>${
        o.test.statusCode !== undefined ? `Your endpoint answered HTTP ${o.test.statusCode} in ${o.test.durationMs} ms.` : `No answer: ${o.test.error ?? "unknown error"}.`
      } <span class="muted">Event <code>${o.test.eventId}</code>, type <code>${o.test.eventType}</code>, marked <code>"test": true</code>; not stored or retried.</span></p>${o.test.snippet ? html`<pre class="snippet">${o.test.snippet}</pre>` : ""}</section>`
    : "";
  const actions = admin
    ? html`<div class="actions">${testForm(viewer, csrf, back, o.eventTypes)} ${button(viewer, csrf, `${back}/rotate`, "Rotate secret")} ${
        e.status === "enabled" ? button(viewer, csrf, `${back}/disable`, "Disable", { danger: true }) : button(viewer, csrf, `${back}/enable`, "Enable")
      }</div>
${recoverForm(viewer, csrf, back, o.recoverHours, e)}
<details class="manage"${o.edit ? " open" : ""}><summary>Edit endpoint</summary>
${o.edit ? html`<p class="error" role="alert">${o.edit.error}</p>` : ""}
<form method="post" action="${DASHBOARD}/developers/webhooks/${e.id}?mode=${viewer.mode}">
<input type="hidden" name="csrf" value="${csrf}">
<label for="url">Endpoint URL</label><input id="url" name="url" type="url" required maxlength="2048" value="${o.edit?.values.url ?? e.url}">
<fieldset><legend>Events to send</legend>${eventChecks(o.eventTypes, o.edit?.values.events ?? e.eventTypes)}</fieldset>
<label for="description">Description (optional)</label><input id="description" name="description" maxlength="500" value="${o.edit?.values.description ?? e.description ?? ""}">
<button type="submit">Save endpoint</button>
</form></details>
<details class="manage"><summary>Delete endpoint…</summary>
<p>It receives nothing more and disappears from this list; deliveries not yet made are dropped. This cannot be undone.</p>
${button(viewer, csrf, `${back}/delete`, "Delete this endpoint", { danger: true })}
</details>`
    : "";
  return shell(
    `Webhook endpoint ${e.id}`,
    html`${developerTabs(viewer.mode, "webhooks")}
<p><a href="${href("/developers/webhooks", viewer.mode)}">← Webhooks</a></p>
<h1 class="url">${e.url} <span class="status ${enabledClass(e.status)}">${e.status}</span></h1>
${secret}${test}${o.notice ? html`<p class="saved" role="status">${o.notice}</p>` : ""}
<section class="card"><dl>
<dt>Endpoint</dt><dd><code>${e.id}</code></dd>
<dt>Events</dt><dd>${eventList(e.eventTypes)}</dd>
${e.description ? html`<dt>Description</dt><dd>${e.description}</dd>` : ""}
${e.status === "disabled" && e.disabledReason ? html`<dt>Disabled</dt><dd>${e.disabledReason}${e.disabledAt ? html` <span class="muted">(${when(e.disabledAt)})</span>` : ""}</dd>` : ""}
${e.status === "enabled" && e.failingSince ? html`<dt>Failing</dt><dd>No delivery has succeeded since ${when(e.failingSince)} (${e.failedAttempts} failed attempts). An endpoint failing for 3 days is disabled.</dd>` : ""}
<dt>Created</dt><dd>${when(e.createdAt)}</dd>
<dt>Signatures</dt><dd>Standard Webhooks: <code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code></dd>
</dl>${actions}</section>
<section class="card" aria-labelledby="deliveries-h"><h2 id="deliveries-h">Deliveries (${o.total})</h2>
${o.deliveries.length ? html`<ul class="deliveries">${o.deliveries.map((d) => deliveryItem(viewer, csrf, d, back, "event"))}</ul>` : html`<p class="muted">Nothing sent to this endpoint yet.</p>`}
${o.next ? html`<p><a href="${href(back, viewer.mode, { starting_after: o.next })}">Older deliveries</a></p>` : ""}
</section>`,
    viewer,
    csrf,
  );
}

export interface EventRowView {
  id: string;
  type: string;
  createdAt: Date;
  subject: string;
}

export function eventsPage(viewer: Viewer, csrf: string, o: { rows: EventRowView[]; eventTypes: readonly string[]; type: string | undefined; total: number; next: string | undefined }): Html {
  const options = ["", ...o.eventTypes].map((t) => html`<option value="${t}" ${t === (o.type ?? "") ? "selected" : ""}>${t === "" ? "Any type" : t}</option>`);
  const rows = o.rows
    .map((e) => html`<tr><td><a href="${href(`/developers/events/${e.id}`, viewer.mode)}"><code>${e.type}</code></a></td><td><code>${e.subject}</code></td><td>${when(e.createdAt)}</td></tr>`);
  return shell(
    "Events",
    html`<h1>Developers</h1>
${developerTabs(viewer.mode, "events")}
<form method="get" action="${DASHBOARD}/developers/events" class="filters">
  <input type="hidden" name="mode" value="${viewer.mode}">
  <label for="type">Type</label><select id="type" name="type">${options}</select>
  <button type="submit">Filter</button>
</form>
<section class="card"><p class="muted">${o.total} event${o.total === 1 ? "" : "s"} in the last 30 days</p>
${o.rows.length ? html`<table><thead><tr><th scope="col">Type</th><th scope="col">About</th><th scope="col">Created</th></tr></thead><tbody>${rows}</tbody></table>` : html`<p class="muted">No events.</p>`}
${o.next ? html`<p><a href="${href("/developers/events", viewer.mode, { type: o.type, starting_after: o.next })}">Older events</a></p>` : ""}</section>`,
    viewer,
    csrf,
  );
}

export function eventPage(viewer: Viewer, csrf: string, o: { id: string; type: string; createdAt: Date; json: string; deliveries: DeliveryRowView[]; notice?: string; error?: string }): Html {
  const back = `/developers/events/${o.id}`;
  return shell(
    `Event ${o.id}`,
    html`${developerTabs(viewer.mode, "events")}
<p><a href="${href("/developers/events", viewer.mode)}">← Events</a></p>
<h1><code>${o.type}</code></h1>
${o.notice ? html`<p class="saved" role="status">${o.notice}</p>` : ""}${o.error ? html`<p class="error" role="alert">${o.error}</p>` : ""}
<section class="card"><dl><dt>Event</dt><dd><code>${o.id}</code></dd><dt>Created</dt><dd>${when(o.createdAt)}</dd></dl>
${viewer.role === "admin" ? html`<div class="actions">${button(viewer, csrf, `${back}/resend`, "Resend to every endpoint that receives it", { fields: { back } })}</div>` : ""}</section>
<section class="card" aria-labelledby="json-h"><h2 id="json-h">As delivered</h2><pre class="json">${o.json}</pre></section>
<section class="card" aria-labelledby="deliveries-h"><h2 id="deliveries-h">Deliveries</h2>
${o.deliveries.length ? html`<ul class="deliveries">${o.deliveries.map((d) => deliveryItem(viewer, csrf, d, back, "endpoint"))}</ul>` : html`<p class="muted">Not sent to any webhook endpoint of this account.</p>`}
</section>`,
    viewer,
    csrf,
  );
}
