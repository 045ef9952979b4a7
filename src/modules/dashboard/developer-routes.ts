/**
 * Routes of the dashboard's Developers section beyond API keys (index.ts has those):
 *   GET  /dashboard/developers/webhooks              the account's endpoints; admins add one
 *   POST /dashboard/developers/webhooks              create (the secret is shown once, in the answer)
 *   GET  /dashboard/developers/webhooks/{id}         an endpoint with its deliveries and attempts
 *   POST /dashboard/developers/webhooks/{id}/rotate | disable | enable | test | recover
 *   GET  /dashboard/developers/events                the event log (30 days), filtered by type
 *   GET  /dashboard/developers/events/{id}           an event as delivered (JSON) and its deliveries
 *   POST /dashboard/developers/events/{id}/resend    to every endpoint that receives it, or one
 * Every rule is the management API's (webhook-endpoints/management.ts, events/service.ts and
 * resend.ts); this file turns forms into their inputs and their answers into pages.
 */
import { Elysia } from "elysia";
import { randomBytes } from "node:crypto";
import type { AppContext } from "../../context.ts";
import { WEBHOOK_EVENT_TYPES } from "../../db/schema/core.ts";
import { eventEnvelope } from "../outbox/outbox.ts";
import { findVisibleEvent, listVisibleEvents } from "../events/service.ts";
import { resendVisibleEvent } from "../events/resend.ts";
import { allowedUrl, checkEventTypes, createEndpoint, descriptionOf, endpointOwner, recoverySince, visibleEndpoint } from "../webhook-endpoints/management.ts";
import { deleteEndpoint, listEndpoints, rotateSecret, updateEndpoint, type EndpointRow } from "../webhook-endpoints/service.ts";
import { sendTestEvent } from "../webhook-endpoints/test-event.ts";
import { countEndpointDeliveries, deliveryCursor, listDeliveries, recoverFailedDeliveries, type DeliveryView } from "../webhooks/service.ts";
import { DASHBOARD, href } from "./layout.ts";
import { accountEndpointIds, deliveriesToAccount } from "./data.ts";
import { isIdOf } from "../../domain/ids.ts";
import { endpointPage, eventPage, eventsPage, webhooksPage, type DeliveryRowView, type EndpointFormValues, type EndpointView, type TestSendView } from "./developer-pages.ts";
import { ADMIN_FORM, field, formIdempotencyKey, found, page, redirect, refusal, SIGNED_IN_PAGE, type DashboardKit, type SignedIn } from "./kit.ts";

const PAGE_SIZE = 25;
/** How far back "Resend failed deliveries" reaches: choices rather than a date, so no time zone is guessed. */
const RECOVER_HOURS = [1, 24, 72, 168, 720] as const;
const EMPTY_FORM: EndpointFormValues = { url: "", events: [], description: "" };

/** The endpoint form's fields as sent (cut to their longest allowed lengths). */
function endpointFormOf(f: URLSearchParams): EndpointFormValues {
  return { url: field(f, "url", 2048).trim(), events: f.getAll("events").slice(0, 16).map((x) => x.slice(0, 64)), description: field(f, "description", 500).trim() };
}

function endpointView(e: EndpointRow): EndpointView {
  return { id: e.id, url: e.url, eventTypes: e.eventTypes, status: e.status, disabledReason: e.disabledReason, disabledAt: e.disabledAt, failingSince: e.failingSince, failedAttempts: e.failedAttempts, description: e.description, createdAt: e.createdAt };
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
  const { guards } = kit;
  const newKey = () => randomBytes(18).toString("base64url");

  /** The endpoint of the account in the mode shown, or undefined (another account's, or no such id). */
  async function endpointOf(c: SignedIn, id: string): Promise<EndpointRow | undefined> {
    return (await found(visibleEndpoint(ctx, c.principal, id)))?.endpoint;
  }

  /** The event if the account may see it in the mode shown (the API's visibility), else undefined. */
  async function eventOf(c: SignedIn, id: string) {
    return isIdOf("event", id) ? findVisibleEvent(ctx, c.principal, id) : undefined;
  }

  async function webhooksView(c: SignedIn, o: { values?: EndpointFormValues; error?: string; key?: string } = {}): Promise<Response> {
    const list = await listEndpoints(ctx.database.sql, endpointOwner(c.principal), { limit: 100 });
    const endpoints = list === "bad_cursor" ? [] : list.rows.map(endpointView);
    const body = webhooksPage(c.viewer, c.session.csrfToken, { endpoints, eventTypes: WEBHOOK_EVENT_TYPES, values: o.values ?? EMPTY_FORM, idempotencyKey: o.key ?? newKey(), ...(o.error ? { error: o.error } : {}) });
    return page(body, o.error ? 400 : 200);
  }

  async function endpointPageOf(
    c: SignedIn,
    e: EndpointRow,
    o: { after?: string; secret?: { value: string; why: "created" | "rotated" }; test?: TestSendView; edit?: { values: EndpointFormValues; error: string }; notice?: string } = {},
    status?: number,
  ): Promise<Response> {
    const sql = ctx.database.sql;
    const cursor = o.after ? await deliveryCursor(sql, { endpointId: e.id }, o.after) : undefined;
    const [rows, total] = await Promise.all([listDeliveries(sql, { endpointId: e.id, limit: PAGE_SIZE + 1, after: cursor ?? undefined }), countEndpointDeliveries(sql, e.id)]);
    const more = rows.length > PAGE_SIZE;
    const shown = more ? rows.slice(0, PAGE_SIZE) : rows;
    return page(
      endpointPage(c.viewer, c.session.csrfToken, endpointView(e), {
        deliveries: shown.map(deliveryView),
        total,
        next: more ? shown.at(-1)?.id : undefined,
        ...(o.secret ? { secret: o.secret } : {}),
        eventTypes: WEBHOOK_EVENT_TYPES,
        ...(o.test ? { test: o.test } : {}),
        ...(o.edit ? { edit: o.edit } : {}),
        ...(o.notice ? { notice: o.notice } : {}),
        recoverHours: RECOVER_HOURS,
      }),
      status ?? (o.edit ? 400 : 200),
    );
  }

  async function eventView(c: SignedIn, id: string, error?: string): Promise<Response> {
    const event = await eventOf(c, id);
    if (!event) return c.notFound();
    const deliveries = (await deliveriesToAccount(ctx, event.id, await accountEndpointIds(ctx, c.session.user.accountId), 50)).map(deliveryView);
    const json = JSON.stringify(eventEnvelope(event), null, 2);
    return page(eventPage(c.viewer, c.session.csrfToken, { id: event.id, type: event.type, createdAt: event.createdAt, json, deliveries, ...(error ? { error } : {}) }), error ? 400 : 200);
  }

  return new Elysia({ name: "dashboard-developers" })
    .use(guards)
    .get(`${DASHBOARD}/developers/webhooks`, (c) => webhooksView(c), SIGNED_IN_PAGE)
    .post(
      `${DASHBOARD}/developers/webhooks`,
      async (c) => {
        const values = endpointFormOf(c.fields);
        const key = formIdempotencyKey(c.fields);
        try {
          const r = await createEndpoint(ctx, c.principal, { url: values.url, enabled_events: values.events, description: values.description }, key);
          if (r.kind === "reused") return webhooksView(c, { values, error: "This form was sent before with other values. Start again from a fresh form." });
          // Replayed (the form sent twice): the browser shows only the second answer, so that one
          // shows the secret the first showed.
          if (r.secret === undefined) return redirect(href(`/developers/webhooks/${r.endpoint.id}`, c.mode));
          return endpointPageOf(c, r.endpoint, { secret: { value: r.secret, why: "created" } });
        } catch (err) {
          return webhooksView(c, { values, error: refusal(err), ...(key ? { key } : {}) });
        }
      },
      ADMIN_FORM,
    )
    .get(
      `${DASHBOARD}/developers/webhooks/:id`,
      async (c) => {
        const after = c.search.get("starting_after") ?? undefined;
        const e = await endpointOf(c, c.params.id);
        return e ? endpointPageOf(c, e, after && isIdOf("webhookDelivery", after) ? { after } : {}) : c.notFound();
      },
      SIGNED_IN_PAGE,
    )
    .post(
      `${DASHBOARD}/developers/webhooks/:id`,
      async (c) => {
        const e = await endpointOf(c, c.params.id);
        if (!e) return c.notFound();
        const values = endpointFormOf(c.fields);
        try {
          const updated = await updateEndpoint(ctx.database.sql, endpointOwner(c.principal), e.id, {
            url: await allowedUrl(ctx, values.url, c.principal),
            eventTypes: checkEventTypes(values.events),
            description: descriptionOf(values.description),
          });
          if (!updated) return c.notFound();
          return redirect(href(`/developers/webhooks/${e.id}`, c.mode));
        } catch (err) {
          return endpointPageOf(c, e, { edit: { values, error: refusal(err) } });
        }
      },
      ADMIN_FORM,
    )
    .post(
      `${DASHBOARD}/developers/webhooks/:id/:action`,
      async (c) => {
        const { params, mode, notFound } = c;
        const e = await endpointOf(c, params.id);
        if (!e) return notFound();
        const owner = endpointOwner(c.principal);
        switch (params.action) {
          case "rotate": {
            const rotated = await rotateSecret(ctx.database.sql, owner, e.id, ctx.clock.now());
            if (!rotated) return notFound();
            return endpointPageOf(c, rotated, { secret: { value: rotated.secret, why: "rotated" } });
          }
          case "disable":
          case "enable": {
            const updated = await updateEndpoint(ctx.database.sql, owner, e.id, { disabled: params.action === "disable" }, ctx.clock.now());
            if (!updated) return notFound();
            return redirect(href(`/developers/webhooks/${e.id}`, mode));
          }
          case "test": {
            // An unknown type is the default test event, as the form's first choice is.
            const type = WEBHOOK_EVENT_TYPES.find((t) => t === field(c.fields, "event_type", 64));
            return endpointPageOf(c, e, { test: await sendTestEvent(ctx, e, type) });
          }
          case "recover": {
            const hours = RECOVER_HOURS.find((h) => String(h) === field(c.fields, "since_hours", 8));
            if (hours === undefined) return endpointPageOf(c, e, { notice: "Choose how far back to resend failed deliveries." }, 400);
            const since = recoverySince(ctx.clock.now().getTime() - hours * 3_600_000, ctx.clock.now());
            const r = await recoverFailedDeliveries(ctx.database.sql, e.id, since, ctx.clock.now());
            const held = e.status === "disabled" ? " They are held until the endpoint is enabled." : "";
            return endpointPageOf(c, e, {
              notice: r.recovered === 0 ? "No failed delivery to resend in that period (those already resent are pending or delivered)." : `${r.recovered} failed deliver${r.recovered === 1 ? "y" : "ies"} sent again.${held}${r.hasMore ? " More are left: resend again." : ""}`,
            });
          }
          case "delete":
            await deleteEndpoint(ctx.database.sql, owner, e.id, ctx.clock.now());
            return redirect(href("/developers/webhooks", mode));
          default:
            return notFound();
        }
      },
      ADMIN_FORM,
    )
    .get(
      `${DASHBOARD}/developers/events`,
      async ({ principal, search, mode, viewer, session }) => {
        const type = WEBHOOK_EVENT_TYPES.find((t) => t === search.get("type"));
        const after = search.get("starting_after") ?? undefined;
        const list = await listVisibleEvents(ctx, principal, { type, limit: PAGE_SIZE, ...(after && isIdOf("event", after) ? { startingAfter: after } : {}) });
        if (list === "bad_cursor") return redirect(href("/developers/events", mode, { type }));
        const rows = list.rows.map((e) => {
          // An event's data is the object it is about (openapi.json: Event): name it by its id.
          const data = e.data as { id?: unknown } | null;
          return { id: e.id, type: e.type, createdAt: e.createdAt, subject: typeof data?.id === "string" ? data.id : (e.merchantId ?? "") };
        });
        return page(eventsPage(viewer, session.csrfToken, { rows, eventTypes: WEBHOOK_EVENT_TYPES, type, total: list.totalCount, next: list.hasMore ? list.rows.at(-1)?.id : undefined }));
      },
      SIGNED_IN_PAGE,
    )
    .get(`${DASHBOARD}/developers/events/:id`, (c) => eventView(c, c.params.id), SIGNED_IN_PAGE)
    .post(
      `${DASHBOARD}/developers/events/:id/resend`,
      async (c) => {
        const event = await eventOf(c, c.params.id);
        if (!event) return c.notFound();
        const endpointId = field(c.fields, "endpoint_id", 100) || undefined;
        try {
          await resendVisibleEvent(ctx, c.principal, event, endpointId);
        } catch (err) {
          return eventView(c, event.id, refusal(err));
        }
        return redirect(href(backPath(field(c.fields, "back", 200), `/developers/events/${event.id}`), c.mode));
      },
      ADMIN_FORM,
    );
}
