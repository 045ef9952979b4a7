/**
 * Routes of the dashboard's Developers section beyond API keys (index.ts has those):
 *   GET  /dashboard/developers/webhooks              the account's endpoints; admins add one
 *   POST /dashboard/developers/webhooks              create (the secret is shown once, in the answer)
 *   GET  /dashboard/developers/webhooks/{id}         an endpoint with its deliveries and attempts
 *   POST /dashboard/developers/webhooks/{id}/rotate | disable | enable | test
 *   GET  /dashboard/developers/events                the event log (30 days), filtered by type
 *   GET  /dashboard/developers/events/{id}           an event as delivered (JSON) and its deliveries
 *   POST /dashboard/developers/events/{id}/resend    to every endpoint that receives it, or one
 * Every rule is the management API's (webhook-endpoints/management.ts, events/service.ts and
 * resend.ts); this file turns forms into their inputs and their answers into pages.
 */
import { Elysia } from "elysia";
import { randomBytes } from "node:crypto";
import type { AppContext } from "../../context.ts";
import type { Mode } from "../../domain/mode.ts";
import { WEBHOOK_EVENT_TYPES } from "../../db/schema/core.ts";
import { dashboardPrincipal, type DashboardSession } from "../access/dashboard-users.ts";
import { eventEnvelope } from "../outbox/outbox.ts";
import { findVisibleEvent, listVisibleEvents } from "../events/service.ts";
import { resendVisibleEvent } from "../events/resend.ts";
import { allowedUrl, checkEventTypes, createEndpoint, descriptionOf, endpointOwner, visibleEndpoint } from "../webhook-endpoints/management.ts";
import { deleteEndpoint, listEndpoints, rotateSecret, updateEndpoint, type EndpointRow } from "../webhook-endpoints/service.ts";
import { sendTestEvent } from "../webhook-endpoints/test-event.ts";
import { countEndpointDeliveries, deliveryCursor, listDeliveries, type DeliveryView } from "../webhooks/service.ts";
import { DASHBOARD, href } from "./layout.ts";
import { accountEndpointIds, deliveriesToAccount } from "./data.ts";
import { isIdOf } from "../../domain/ids.ts";
import { endpointPage, eventPage, eventsPage, webhooksPage, type DeliveryRowView, type EndpointFormValues, type EndpointView, type TestSendView } from "./developer-pages.ts";
import { field, formIdempotencyKey, found, FORM_ROUTE, page, PAGE_ROUTE, redirect, refusal, type DashboardKit } from "./kit.ts";

const PAGE_SIZE = 25;
const EMPTY_FORM: EndpointFormValues = { url: "", events: [], description: "" };

/** The endpoint form's fields as sent (cut to their longest allowed lengths). */
function endpointFormOf(f: URLSearchParams): EndpointFormValues {
  return { url: field(f, "url", 2048).trim(), events: f.getAll("events").slice(0, 16).map((x) => x.slice(0, 64)), description: field(f, "description", 500).trim() };
}

function endpointView(e: EndpointRow): EndpointView {
  return { id: e.id, url: e.url, eventTypes: e.eventTypes, status: e.status, disabledReason: e.disabledReason, description: e.description, createdAt: e.createdAt };
}

function deliveryView(d: DeliveryView): DeliveryRowView {
  return {
    id: d.id,
    eventId: d.event_id,
    eventType: d.event_type,
    endpointId: d.endpoint_id,
    url: d.url,
    status: d.status,
    createdAt: d.created_at,
    nextAttemptAt: d.next_attempt_at,
    attempts: d.attempts.map((a) => ({ number: a.attempt_number, at: a.started_at, outcome: a.outcome, statusCode: a.status_code, durationMs: a.duration_ms, error: a.error, snippet: a.response_snippet })),
  };
}

/** Where a Resend goes back to: a page of this section or a payment, nothing else (no open redirect). */
function backPath(value: string, fallback: string): string {
  return /^\/(developers\/(webhooks\/we|events\/evt)|payments\/pi)_[A-Za-z0-9]{1,64}$/.test(value) ? value : fallback;
}

export function developerRoutes(ctx: AppContext, kit: DashboardKit) {
  const { adminAction, pageContext, viewerOf, denied } = kit;
  const newKey = () => randomBytes(18).toString("base64url");

  /** The endpoint of the account in `mode`, or undefined (another account's, or no such id). */
  async function endpointOf(s: DashboardSession, mode: Mode, id: string): Promise<EndpointRow | undefined> {
    return (await found(visibleEndpoint(ctx, dashboardPrincipal(s.user, mode), id)))?.endpoint;
  }

  /** The event if the account may see it in `mode` (the API's visibility), else undefined. */
  async function eventOf(s: DashboardSession, mode: Mode, id: string) {
    return isIdOf("event", id) ? findVisibleEvent(ctx, dashboardPrincipal(s.user, mode), id) : undefined;
  }

  async function webhooksView(s: DashboardSession, mode: Mode, o: { values?: EndpointFormValues; error?: string; key?: string } = {}): Promise<Response> {
    const list = await listEndpoints(ctx.database.sql, endpointOwner(dashboardPrincipal(s.user, mode)), { limit: 100 });
    const endpoints = list === "bad_cursor" ? [] : list.rows.map(endpointView);
    const body = webhooksPage(viewerOf(s, mode), s.csrfToken, { endpoints, eventTypes: WEBHOOK_EVENT_TYPES, values: o.values ?? EMPTY_FORM, idempotencyKey: o.key ?? newKey(), ...(o.error ? { error: o.error } : {}) });
    return page(body, o.error ? 400 : 200);
  }

  async function endpointPageOf(
    s: DashboardSession,
    mode: Mode,
    e: EndpointRow,
    o: { after?: string; secret?: { value: string; why: "created" | "rotated" }; test?: TestSendView; edit?: { values: EndpointFormValues; error: string } } = {},
  ): Promise<Response> {
    const sql = ctx.database.sql;
    const cursor = o.after ? await deliveryCursor(sql, { endpointId: e.id }, o.after) : undefined;
    const [rows, total] = await Promise.all([listDeliveries(sql, { endpointId: e.id, limit: PAGE_SIZE + 1, after: cursor ?? undefined }), countEndpointDeliveries(sql, e.id)]);
    const more = rows.length > PAGE_SIZE;
    const shown = more ? rows.slice(0, PAGE_SIZE) : rows;
    return page(
      endpointPage(viewerOf(s, mode), s.csrfToken, endpointView(e), {
        deliveries: shown.map(deliveryView),
        total,
        next: more ? shown.at(-1)?.id : undefined,
        ...(o.secret ? { secret: o.secret } : {}),
        eventTypes: WEBHOOK_EVENT_TYPES,
        ...(o.test ? { test: o.test } : {}),
        ...(o.edit ? { edit: o.edit } : {}),
      }),
      o.edit ? 400 : 200,
    );
  }

  async function eventView(s: DashboardSession, mode: Mode, id: string, error?: string): Promise<Response> {
    const event = await eventOf(s, mode, id);
    if (!event) return denied(s, mode, 404);
    const deliveries = (await deliveriesToAccount(ctx, event.id, await accountEndpointIds(ctx, s.user.accountId), 50)).map(deliveryView);
    const json = JSON.stringify(eventEnvelope(event), null, 2);
    return page(eventPage(viewerOf(s, mode), s.csrfToken, { id: event.id, type: event.type, createdAt: event.createdAt, json, deliveries, ...(error ? { error } : {}) }), error ? 400 : 200);
  }

  return new Elysia({ name: "dashboard-developers" })
    .get(
      `${DASHBOARD}/developers/webhooks`,
      async ({ request }) => {
        const c = await pageContext(request);
        if (c instanceof Response) return c;
        return webhooksView(c.s, c.mode);
      },
      PAGE_ROUTE,
    )
    .post(
      `${DASHBOARD}/developers/webhooks`,
      async ({ request }) => {
        const a = await adminAction(request, true);
        if (a instanceof Response) return a;
        const { s, mode, f } = a;
        const values = endpointFormOf(f);
        const key = formIdempotencyKey(f);
        try {
          const r = await createEndpoint(ctx, a.p, { url: values.url, enabled_events: values.events, description: values.description }, key);
          if (r.kind === "reused") return webhooksView(s, mode, { values, error: "This form was sent before with other values. Start again from a fresh form." });
          // Replayed (the form sent twice): the endpoint without its secret, which was shown once.
          if (r.kind === "replayed") return redirect(href(`/developers/webhooks/${r.endpoint.id}`, mode));
          return endpointPageOf(s, mode, r.endpoint, { secret: { value: r.endpoint.secret, why: "created" } });
        } catch (err) {
          return webhooksView(s, mode, { values, error: refusal(err), ...(key ? { key } : {}) });
        }
      },
      FORM_ROUTE,
    )
    .get(
      `${DASHBOARD}/developers/webhooks/:id`,
      async ({ request, params }) => {
        const c = await pageContext(request);
        if (c instanceof Response) return c;
        const e = await endpointOf(c.s, c.mode, params.id);
        if (!e) return denied(c.s, c.mode, 404);
        const after = c.q.get("starting_after") ?? undefined;
        return endpointPageOf(c.s, c.mode, e, after && isIdOf("webhookDelivery", after) ? { after } : {});
      },
      PAGE_ROUTE,
    )
    .post(
      `${DASHBOARD}/developers/webhooks/:id`,
      async ({ request, params }) => {
        const a = await adminAction(request, true);
        if (a instanceof Response) return a;
        const { s, mode, f } = a;
        const e = await endpointOf(s, mode, params.id);
        if (!e) return denied(s, mode, 404);
        const values = endpointFormOf(f);
        const p = a.p;
        try {
          const updated = await updateEndpoint(ctx.database.sql, endpointOwner(p), e.id, {
            url: await allowedUrl(values.url, p),
            eventTypes: checkEventTypes(values.events),
            description: descriptionOf(values.description),
          });
          if (!updated) return denied(s, mode, 404);
          return redirect(href(`/developers/webhooks/${e.id}`, mode));
        } catch (err) {
          return endpointPageOf(s, mode, e, { edit: { values, error: refusal(err) } });
        }
      },
      FORM_ROUTE,
    )
    .post(
      `${DASHBOARD}/developers/webhooks/:id/:action`,
      async ({ request, params }) => {
        const a = await adminAction(request, true);
        if (a instanceof Response) return a;
        const { s, mode } = a;
        const e = await endpointOf(s, mode, params.id);
        if (!e) return denied(s, mode, 404);
        const owner = endpointOwner(a.p);
        switch (params.action) {
          case "rotate": {
            const rotated = await rotateSecret(ctx.database.sql, owner, e.id, ctx.clock.now());
            if (!rotated) return denied(s, mode, 404);
            return endpointPageOf(s, mode, rotated, { secret: { value: rotated.secret, why: "rotated" } });
          }
          case "disable":
          case "enable": {
            const updated = await updateEndpoint(ctx.database.sql, owner, e.id, { disabled: params.action === "disable" });
            if (!updated) return denied(s, mode, 404);
            return redirect(href(`/developers/webhooks/${e.id}`, mode));
          }
          case "test":
            return endpointPageOf(s, mode, e, { test: await sendTestEvent(ctx, e) });
          case "delete":
            await deleteEndpoint(ctx.database.sql, owner, e.id, ctx.clock.now());
            return redirect(href("/developers/webhooks", mode));
          default:
            return denied(s, mode, 404);
        }
      },
      FORM_ROUTE,
    )
    .get(
      `${DASHBOARD}/developers/events`,
      async ({ request }) => {
        const c = await pageContext(request);
        if (c instanceof Response) return c;
        const type = WEBHOOK_EVENT_TYPES.find((t) => t === c.q.get("type"));
        const after = c.q.get("starting_after") ?? undefined;
        const list = await listVisibleEvents(ctx, c.p, { type, limit: PAGE_SIZE, ...(after && isIdOf("event", after) ? { startingAfter: after } : {}) });
        if (list === "bad_cursor") return redirect(href("/developers/events", c.mode, { type }));
        const rows = list.rows.map((e) => {
          // An event's data is the object it is about (spec "Event"): name it by its id.
          const data = e.data as { id?: unknown } | null;
          return { id: e.id, type: e.type, createdAt: e.createdAt, subject: typeof data?.id === "string" ? data.id : e.merchantId };
        });
        return page(eventsPage(c.viewer, c.s.csrfToken, { rows, eventTypes: WEBHOOK_EVENT_TYPES, type, total: list.totalCount, next: list.hasMore ? list.rows.at(-1)?.id : undefined }));
      },
      PAGE_ROUTE,
    )
    .get(
      `${DASHBOARD}/developers/events/:id`,
      async ({ request, params }) => {
        const c = await pageContext(request);
        if (c instanceof Response) return c;
        return eventView(c.s, c.mode, params.id);
      },
      PAGE_ROUTE,
    )
    .post(
      `${DASHBOARD}/developers/events/:id/resend`,
      async ({ request, params }) => {
        const a = await adminAction(request, true);
        if (a instanceof Response) return a;
        const { s, mode, f } = a;
        const event = await eventOf(s, mode, params.id);
        if (!event) return denied(s, mode, 404);
        const endpointId = field(f, "endpoint_id", 100) || undefined;
        try {
          await resendVisibleEvent(ctx, a.p, event, endpointId);
        } catch (err) {
          return eventView(s, mode, event.id, refusal(err));
        }
        return redirect(href(backPath(field(f, "back", 200), `/developers/events/${event.id}`), mode));
      },
      FORM_ROUTE,
    );
}
