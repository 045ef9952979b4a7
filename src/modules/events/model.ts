/** Schemas of the event routes: each validates the request and documents it (one per route). */
import { t } from "elysia";
import { named } from "../../http/openapi.ts";
import { WEBHOOK_EVENT_TYPES } from "../../db/schema/core.ts";
import { listSchema, LimitQuery, createdRangeQuery, startingAfterQuery } from "../../http/list-params.ts";
import { chainParam, tokenParam } from "../../http/pair-params.ts";

const EX_EVENT = {
  id: "evt_1Nv0FGQ9RKHgCVdK6Pq3xWzA",
  object: "event",
  type: "payment_intent.confirmed",
  created_at: "2026-04-01T12:00:05.000Z",
  data: { id: "pi_3MtwBwLkdIwHu7ix28a3tqPa", object: "payment_intent", status: "confirmed", amount: 25, currency: "usd" },
};

export const EventSchema = t.Object(
  {
    id: t.String({ examples: [EX_EVENT.id], description: "`evt_*`; also the `webhook-id` header of its deliveries." }),
    object: t.Literal("event"),
    type: t.Union(WEBHOOK_EVENT_TYPES.map((x) => t.Literal(x))),
    created_at: t.String({ format: "date-time" }),
    data: t.Record(t.String(), t.Unknown(), { description: "The object the event is about, exactly as delivered (each event type's payload: the document's `webhooks`)." }),
  },
  { additionalProperties: false, examples: [EX_EVENT], description: "Exactly the body delivered (or that would be delivered) to webhook endpoints." },
);

export const EventListSchema = listSchema(EventSchema, EX_EVENT, {
  order: "Newest first: `created_at` descending, then `id` descending.",
  totalCount: t.Integer({ description: "Events matching the filters, ignoring the cursor." }),
});

export const EventIdParams = t.Object({ id: t.String({ description: "Event id, `evt_*`.", examples: [EX_EVENT.id] }) });

export const EventListQuery = t.Object(
  {
    type: t.Optional(t.Union(WEBHOOK_EVENT_TYPES.map((x) => t.Literal(x)), { description: "Only events of this type." })),
    chain: chainParam("Only events whose payload names this chain (`payment_intent.confirmed`, `transaction.created`; other types carry no pair and are left out)."),
    token: tokenParam("Only events whose payload names this token (as for `chain`)."),
    ...createdRangeQuery("events"),
    limit: LimitQuery,
    starting_after: startingAfterQuery("evt_1Nv0FGQ9RKHgCVdK6Pq3xWzA"),
  },
  { additionalProperties: false },
);

export const ResendBody = t.Object(
  { endpoint_id: t.Optional(t.String({ description: "Only this endpoint (`we_*`). Default: every enabled endpoint of the key's account that subscribes to the event's type.", examples: ["we_9Kx2Qm4LpR7tVb1NcZ8aWd3Y"] })) },
  { additionalProperties: false, examples: [{}] },
);

/** Their names in the OpenAPI document (components.schemas), where integrators' generators find them. */
for (const [name, schema] of [
  ["Event", EventSchema],
  ["EventList", EventListSchema],
] as const) named(name, schema);
