/**
 * Routes: GET /v1/events, GET /v1/events/{id}, POST /v1/events/{id}/resend. The request schemas
 * (model.ts) both validate and document. Visibility: events/service.ts.
 */
import type { AppContext } from "../../context.ts";
import { authedRoutes } from "../../http/authed.ts";
import { noQuery } from "../../http/query.ts";
import { notFound, badCursor } from "../../domain/errors.ts";
import { listBody, parseAfterParam, parseBeforeParam, parseCursorParam, parseLimitParam } from "../../http/list-params.ts";
import { errorExample, listRoute, objectResponses, named } from "../../http/openapi.ts";
import { printableName } from "../../domain/text.ts";
import { jsonBodyOf, queryText } from "../../http/schema-route.ts";
import { isIdOf } from "../../domain/ids.ts";
import { eventEnvelope } from "../outbox/outbox.ts";
import { EventIdParams, EventListQuery, EventListSchema, EventSchema, ResendBody } from "./model.ts";
import { findVisibleEvent, listVisibleEvents } from "./service.ts";
import { resendVisibleEvent } from "./resend.ts";
import { DeliveryListSchema, deliveryShape } from "../webhook-endpoints/model.ts";
import { resolvePairFilter } from "../../chain/pairs.ts";

const TAG = ["Events"];
const missing = [errorExample("resource_missing", "No such event: 'evt_1Nv0FGQ9RKHgCVdK6Pq3xWzA'")];

export function eventRoutes(ctx: AppContext) {
  const visibleEvent = async (p: Parameters<typeof findVisibleEvent>[1], id: string) => {
    if (!isIdOf("event", id)) throw notFound("event", printableName(id));
    const e = await findVisibleEvent(ctx, p, id);
    if (!e) throw notFound("event", id);
    return e;
  };
  return authedRoutes(ctx, "events")
    .get(
      "/v1/events",
      async ({ principal, request }) => {
        const opt = queryText(request.url, EventListQuery);
        // Names an enabled pair has, or 400 naming the allowed pairs (as the intent and transaction lists).
        resolvePairFilter(ctx, principal.mode, opt("chain"), opt("token"));
        const page = await listVisibleEvents(ctx, principal, {
          chain: opt("chain"),
          token: opt("token"),
          type: opt("type"),
          afterMs: parseAfterParam(opt("created_after"), "created_after"),
          beforeMs: parseBeforeParam(opt("created_before"), "created_before"),
          limit: parseLimitParam(opt("limit")),
          startingAfter: parseCursorParam(opt("starting_after"), "event"),
        });
        if (page === "bad_cursor") throw badCursor();
        return listBody(page.rows.map(eventEnvelope), page);
      },
      listRoute(EventListQuery, EventListSchema, TAG, "List events", {
        description: "Events of the last 30 days the key may see, newest first: those about its account's intents and those about its account's merchants (payments without an intent, settlements), in its mode. A key scoped to a merchant sees only that merchant's events. Each item is exactly the body delivered to webhook endpoints.",
        errors: [
          errorExample("parameter_invalid", "Invalid type: Expected union value.", "type"),
          errorExample("parameter_invalid", "Invalid created_after: must be an ISO 8601 timestamp such as 2026-04-01T12:00:00.000Z (or a date, 2026-04-01).", "created_after"),
          errorExample("parameter_unknown", "Received unknown parameter: merchant", "merchant"),
        ],
      }),
    )
    .get(
      "/v1/events/:id",
      async ({ principal, params, request }) => {
        noQuery(request.url);
        return eventEnvelope(await visibleEvent(principal, params.id));
      },
      {
        params: EventIdParams,
        detail: { tags: TAG, summary: "Get an event", description: "The event as delivered (or as it would be delivered) to webhook endpoints. Kept 30 days.", responses: objectResponses(EventSchema, { ok: "The event.", notFound: missing }) },
      },
    )
    .post(
      "/v1/events/:id/resend",
      async ({ principal, params, body, request, set }) => {
        const event = await visibleEvent(principal, params.id);
        noQuery(request.url);
        const rows = await resendVisibleEvent(ctx, principal, event, body.endpoint_id);
        set.status = 200;
        return listBody(rows.map(deliveryShape), { hasMore: false, totalCount: rows.length });
      },
      {
        parse: jsonBodyOf(ResendBody),
        params: EventIdParams,
        body: named("ResendEventRequest", ResendBody),
        detail: {
          tags: TAG,
          summary: "Resend an event",
          description:
            "A new delivery of the event, due now, to every enabled endpoint of the key's account that subscribes to its type (or only to `endpoint_id`). Same `webhook-id`, so receivers that already have it dedupe. Answers with the new deliveries. Not idempotent by design: each call is one more delivery, which receivers dedupe.",
          responses: objectResponses(DeliveryListSchema, {
            ok: "The deliveries created.",
            errors: [
              errorExample("event_not_deliverable", "No enabled webhook endpoint of this account subscribes to 'payment_intent.confirmed'."),
              errorExample("resource_missing", "No such webhook_endpoint: 'we_123'", "endpoint_id"),
              errorExample("parameter_unknown", "Received unknown parameter: url.", "url"),
            ],
            notFound: missing,
          }),
        },
      },
    );
}
