/** Schemas (one per route: validation and documentation) and wire shapes of webhook endpoints. */
import { t } from "elysia";
import { named } from "../../http/openapi.ts";
import { WEBHOOK_EVENT_TYPES } from "../../db/schema/core.ts";
import { listSchema, LimitQuery } from "../../http/list-params.ts";
import type { DeliveryView } from "../webhooks/service.ts";
import { endpointObject, type EndpointRow } from "./service.ts";
import { URL_MAX_LENGTH } from "./url-policy.ts";
import { TEST_EVENT_TYPE, type TestEventResult } from "./test-event.ts";

const EX_ID = "we_9Kx2Qm4LpR7tVb1NcZ8aWd3Y";
const EventType = t.Union([...WEBHOOK_EVENT_TYPES.map((x) => t.Literal(x)), t.Literal("*")]);
const Metadata = t.Record(t.String(), t.String(), { description: "Up to 10 string values (keys up to 40, values up to 500 characters)." });

export const EndpointIdParams = t.Object({ id: t.String({ description: "Webhook endpoint id, `we_*`.", examples: [EX_ID] }) });

export const CreateEndpointBody = t.Object(
  {
    url: t.String({ maxLength: URL_MAX_LENGTH, description: "Where events are POSTed. Live: https, and a host that is not (and does not resolve to) a loopback, private, link-local or metadata address. Sandbox: http or https, any host.", examples: ["https://example.com/webhooks/stablepay"] }),
    enabled_events: t.Array(EventType, { minItems: 1, maxItems: 16, description: "Event types to receive, or `[\"*\"]` for every type (including types added later)." }),
    description: t.Optional(t.Union([t.String({ maxLength: 500 }), t.Null()])),
    metadata: t.Optional(Metadata),
  },
  { additionalProperties: false, examples: [{ url: "https://example.com/webhooks/stablepay", enabled_events: ["payment_intent.confirmed", "settlement.completed"], description: "Order service", metadata: { team: "payments" } }] },
);

export const UpdateEndpointBody = t.Object(
  {
    url: t.Optional(CreateEndpointBody.properties.url),
    enabled_events: t.Optional(CreateEndpointBody.properties.enabled_events),
    description: t.Optional(t.Union([t.String({ maxLength: 500 }), t.Null()])),
    metadata: t.Optional(Metadata),
    disabled: t.Optional(t.Boolean({ description: "true: no deliveries are attempted (pending ones are held); false: enabled again." })),
  },
  { additionalProperties: false, examples: [{ disabled: true }] },
);

export const EndpointListQuery = t.Object(
  {
    limit: LimitQuery,
    starting_after: t.Optional(t.String({ description: "The id of the last endpoint of the previous page." })),
  },
  { additionalProperties: false },
);

export const DeliveryListQuery = t.Object(
  {
    limit: LimitQuery,
    starting_after: t.Optional(t.String({ description: "A delivery id (`wd_…`) from the previous page: the page after it.", examples: ["wd_4fQm8ZpX2LbR7cVt1NwKd9Ya"] })),
  },
  { additionalProperties: false },
);

export const EmptyBody = t.Object({}, { additionalProperties: false, examples: [{}] });

export const TestEventBody = t.Object(
  {
    event_type: t.Optional(
      t.Union(WEBHOOK_EVENT_TYPES.map((x) => t.Literal(x)), {
        description: "Send a sample event of this type (a realistic payload with made-up ids) instead of `webhook_endpoint.test`. The endpoint need not subscribe to it.",
        examples: ["payment_intent.confirmed"],
      }),
    ),
  },
  { additionalProperties: false, examples: [{}, { event_type: "payment_intent.confirmed" }] },
);

export const RecoverBody = t.Object(
  {
    // Required, but checked by the route after the endpoint is found: an unknown endpoint is a 404 whatever the body.
    since: t.Optional(
      t.String({
        description: "Required. ISO 8601 timestamp (or a date): resend the failed deliveries created at or after it. At most 30 days ago (events are kept 30 days), not in the future.",
        examples: ["2026-04-01T12:00:00.000Z"],
      }),
    ),
  },
  { additionalProperties: false, examples: [{ since: "2026-04-01T12:00:00.000Z" }] },
);

export const RecoverResultSchema = t.Object(
  {
    object: t.Literal("webhook_endpoint_recovery"),
    endpoint_id: t.String(),
    since: t.String({ format: "date-time" }),
    recovered: t.Integer({ description: "New deliveries made, due now (held while the endpoint is disabled)." }),
    has_more: t.Boolean({ description: `More failed deliveries are left than one call resends: call again with the same \`since\`.` }),
  },
  { additionalProperties: false, examples: [{ object: "webhook_endpoint_recovery", endpoint_id: EX_ID, since: "2026-04-01T12:00:00.000Z", recovered: 42, has_more: false }] },
);

const EX_ENDPOINT = {
  id: EX_ID,
  object: "webhook_endpoint",
  url: "https://example.com/webhooks/stablepay",
  enabled_events: ["payment_intent.confirmed", "settlement.completed"],
  description: "Order service",
  metadata: { team: "payments" },
  status: "enabled",
  disabled_reason: null,
  livemode: false,
  created_at: "2026-04-01T12:00:00.000Z",
};

const endpointProps = {
  id: t.String({ examples: [EX_ID] }),
  object: t.Literal("webhook_endpoint"),
  url: t.String(),
  enabled_events: t.Array(EventType),
  description: t.Union([t.String(), t.Null()]),
  metadata: Metadata,
  status: t.Union([t.Literal("enabled"), t.Literal("disabled")]),
  disabled_reason: t.Union([t.String(), t.Null()], { description: "Why it is disabled (through the API, or an HTTP 410 Gone from the URL)." }),
  livemode: t.Boolean(),
  created_at: t.String({ format: "date-time" }),
};
export const EndpointSchema = t.Object(endpointProps, { additionalProperties: false, examples: [EX_ENDPOINT] });
export const EndpointWithSecretSchema = t.Object(
  { ...endpointProps, secret: t.String({ description: "`whsec_…`: the signing secret. Shown only in this response (a create's idempotent replay answers the same secret).", examples: ["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"] }) },
  { additionalProperties: false, examples: [{ ...EX_ENDPOINT, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" }] },
);
export const EndpointListSchema = listSchema(EndpointSchema, EX_ENDPOINT, { order: "Newest first.", totalCount: t.Integer() });
export const DeletedSchema = t.Object(
  { id: t.String(), object: t.Literal("webhook_endpoint"), deleted: t.Literal(true), dropped_deliveries: t.Integer({ description: "Pending deliveries given up (each has a `dropped` attempt)." }) },
  { additionalProperties: false, examples: [{ id: EX_ID, object: "webhook_endpoint", deleted: true, dropped_deliveries: 0 }] },
);

export function endpointShape(e: EndpointRow) {
  return endpointObject(e);
}

const EX_DELIVERY = {
  id: "wd_0f1e2d3c4b5a69788796a5b4c3d2e1f0",
  object: "webhook_delivery",
  event_id: "evt_1Nv0FGQ9RKHgCVdK6Pq3xWzA",
  event_type: "payment_intent.confirmed",
  endpoint_id: EX_ID,
  status: "pending",
  attempt_count: 1,
  next_attempt_at: "2026-04-01T12:05:05.000Z",
  created_at: "2026-04-01T12:00:05.000Z",
  finished_at: null,
  attempts: [{ attempt_number: 1, started_at: "2026-04-01T12:00:05.010Z", duration_ms: 812, outcome: "retry_scheduled", status_code: 503, error: "HTTP 503", response_snippet: "upstream unavailable", next_attempt_at: "2026-04-01T12:05:05.000Z" }],
};
const Nullable = <T extends Parameters<typeof t.Union>[0][number]>(s: T) => t.Union([s, t.Null()]);
export const DeliverySchema = t.Object(
  {
    id: t.String(),
    object: t.Literal("webhook_delivery"),
    event_id: t.String(),
    event_type: Nullable(t.String()),
    endpoint_id: t.String(),
    status: t.Union([t.Literal("pending"), t.Literal("succeeded"), t.Literal("failed")]),
    attempt_count: t.Integer(),
    next_attempt_at: Nullable(t.String({ format: "date-time" })),
    created_at: t.String({ format: "date-time" }),
    finished_at: Nullable(t.String({ format: "date-time" })),
    attempts: t.Array(
      t.Object({
        attempt_number: t.Integer(),
        started_at: t.String({ format: "date-time" }),
        duration_ms: Nullable(t.Integer()),
        outcome: t.Union(["succeeded", "retry_scheduled", "failed", "endpoint_gone", "lease_expired", "dropped"].map((x) => t.Literal(x))),
        status_code: Nullable(t.Integer()),
        error: Nullable(t.String()),
        response_snippet: Nullable(t.String({ description: "First 1 KiB of the response body." })),
        next_attempt_at: Nullable(t.String({ format: "date-time" })),
      }),
    ),
  },
  { additionalProperties: false, examples: [EX_DELIVERY] },
);
export const DeliveryListSchema = listSchema(DeliverySchema, EX_DELIVERY, { order: "Newest first.", totalCount: t.Integer() });

export function deliveryShape(d: DeliveryView) {
  return {
    id: d.id,
    object: "webhook_delivery" as const,
    event_id: d.event_id,
    event_type: d.event_type,
    endpoint_id: d.endpoint_id,
    status: d.status,
    attempt_count: d.attempt_count,
    next_attempt_at: d.next_attempt_at?.toISOString() ?? null,
    created_at: d.created_at.toISOString(),
    finished_at: d.finished_at?.toISOString() ?? null,
    attempts: d.attempts.map((a) => ({ ...a, started_at: a.started_at.toISOString(), next_attempt_at: a.next_attempt_at?.toISOString() ?? null })),
  };
}

const EX_TEST = {
  object: "webhook_endpoint_test",
  endpoint_id: EX_ID,
  event_id: "evt_4Qm8ZpX2LbR7cVt1NwKd9YaB",
  event_type: "webhook_endpoint.test",
  succeeded: true,
  status_code: 200,
  duration_ms: 84,
  error: null,
  response_snippet: "ok",
};
export const TestResultSchema = t.Object(
  {
    object: t.Literal("webhook_endpoint_test"),
    endpoint_id: t.String(),
    event_id: t.String({ description: "The test event's id (the `webhook-id` header it was sent with); it is not stored." }),
    event_type: t.Union([t.Literal("webhook_endpoint.test"), ...WEBHOOK_EVENT_TYPES.map((x) => t.Literal(x))], { description: "`webhook_endpoint.test`, or the `event_type` asked for." }),
    succeeded: t.Boolean({ description: "The endpoint answered 2xx." }),
    status_code: Nullable(t.Integer({ description: "null: no answer (refused, timed out, DNS, TLS, or a live URL the rules refuse)." })),
    duration_ms: t.Integer(),
    error: Nullable(t.String()),
    response_snippet: Nullable(t.String({ description: "First 1 KiB of the response body." })),
  },
  { additionalProperties: false, examples: [EX_TEST] },
);

export function testResultShape(endpointId: string, r: TestEventResult) {
  return {
    object: "webhook_endpoint_test" as const,
    endpoint_id: endpointId,
    event_id: r.eventId,
    event_type: r.eventType as typeof TEST_EVENT_TYPE | (typeof WEBHOOK_EVENT_TYPES)[number],
    succeeded: r.statusCode !== undefined && r.statusCode >= 200 && r.statusCode <= 299,
    status_code: r.statusCode ?? null,
    duration_ms: r.durationMs,
    error: r.error ?? null,
    response_snippet: r.snippet ?? null,
  };
}

/** Their names in the OpenAPI document (components.schemas), where integrators' generators find them. */
for (const [name, schema] of [
  ["WebhookEndpoint", EndpointSchema],
  ["WebhookEndpointWithSecret", EndpointWithSecretSchema],
  ["WebhookEndpointList", EndpointListSchema],
  ["DeletedWebhookEndpoint", DeletedSchema],
  ["WebhookDelivery", DeliverySchema],
  ["WebhookDeliveryList", DeliveryListSchema],
  ["WebhookTestResult", TestResultSchema],
  ["WebhookEndpointRecovery", RecoverResultSchema],
] as const) named(name, schema);
