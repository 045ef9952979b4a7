/**
 * Routes: POST/GET /v1/webhook_endpoints, GET/POST/DELETE /v1/webhook_endpoints/{id},
 * POST /v1/webhook_endpoints/{id}/rotate_secret, POST /v1/webhook_endpoints/{id}/test,
 * POST /v1/webhook_endpoints/{id}/recover, GET /v1/webhook_endpoints/{id}/deliveries.
 * Each request schema (model.ts) both validates and documents. Endpoints belong to the key's
 * account and mode; a key scoped to one merchant does not manage them (404, never 403).
 */
import type { AppContext } from "../../context.ts";
import { authedRoutes } from "../../http/authed.ts";
import { noQuery } from "../../http/query.ts";
import { ApiError, notFound, badCursor } from "../../domain/errors.ts";
import { listBody, parseAfterParam, parseCursorParam, parseLimitParam } from "../../http/list-params.ts";
import { errorExample, idempotencyHeaderParameter, createResponses, listResponses, objectResponses, named } from "../../http/openapi.ts";
import { idempotencyKey, jsonBodyOf, reused, queryText } from "../../http/schema-route.ts";
import { parseMetadata } from "../payment-intents/input.ts";
import { countEndpointDeliveries, deliveryCursor, listDeliveries, recoverFailedDeliveries } from "../webhooks/service.ts";
import { sendTestEvent } from "./test-event.ts";
import { CreateEndpointBody, DeletedSchema, RecoverBody, RecoverResultSchema, TestEventBody, TestResultSchema, testResultShape, DeliveryListQuery, DeliveryListSchema, deliveryShape, EmptyBody, EndpointIdParams, EndpointListQuery, EndpointListSchema, EndpointSchema, endpointShape, EndpointWithSecretSchema, UpdateEndpointBody } from "./model.ts";
import { deleteEndpoint, listEndpoints, rotateSecret, updateEndpoint } from "./service.ts";
import { allowedUrl, checkEventTypes, createEndpoint, descriptionOf, endpointOwner, recoverySince, visibleEndpoint } from "./management.ts";

const TAG = ["Webhook endpoints"];
const missing = [errorExample("resource_missing", "No such webhook_endpoint: 'we_9Kx2Qm4LpR7tVb1NcZ8aWd3Y'")];
const scopedKey = errorExample("resource_missing", "Webhook endpoints belong to the integrator account: use an API key that is not scoped to a merchant.");
const urlErrors = [
  errorExample("url_not_allowed", "Live webhook endpoints must use https.", "url"),
  errorExample("url_not_allowed", "Live webhook endpoints must not point at 127.0.0.1 ('localhost' resolves to it): it is a loopback address.", "url"),
  errorExample("url_not_allowed", "Live webhook endpoints must not point at 169.254.169.254: it is a cloud metadata address.", "url"),
];

export function webhookEndpointRoutes(ctx: AppContext) {
  return authedRoutes(ctx, "webhook-endpoints")
    .post(
      "/v1/webhook_endpoints",
      async ({ principal, body, request, set }) => {
        endpointOwner(principal);
        noQuery(request.url);
        const key = idempotencyKey(request);
        const r = await createEndpoint(ctx, principal, body, key);
        if (r.kind === "reused") throw reused(key);
        if (r.kind === "replayed") {
          // The same answer as the create's, secret included: a client retrying because that
          // answer was lost would otherwise never learn the secret.
          set.headers["idempotent-replayed"] = "true";
          return r.secret === undefined ? endpointShape(r.endpoint) : { ...endpointShape(r.endpoint), secret: r.secret };
        }
        set.status = 201;
        return { ...endpointShape(r.endpoint), secret: r.secret };
      },
      {
        parse: jsonBodyOf(CreateEndpointBody),
        body: named("CreateWebhookEndpointRequest", CreateEndpointBody),
        detail: {
          tags: TAG,
          summary: "Create a webhook endpoint",
          description:
            "Registers a URL for the key's account and mode. The answer carries the `whsec_` signing secret, shown only here and in a replay of this create. Idempotent with the `Idempotency-Key` header (a replay answers 200 with the endpoint's current state and the secret the first answer showed). Keys scoped to a merchant cannot manage endpoints (404).",
          parameters: [idempotencyHeaderParameter],
          responses: createResponses(EndpointWithSecretSchema, {
            created: "The new endpoint, with its secret.",
            replayed: "Replay of an earlier create with the same idempotency key, with the secret the first answer showed.",
            errors: [
              errorExample("parameter_missing", "Missing required param: url.", "url"),
              errorExample("parameter_unknown", "Received unknown parameter: events.", "events"),
              errorExample("parameter_invalid", "Invalid enabled_events: '*' (every event) cannot be combined with other types.", "enabled_events"),
              errorExample("metadata_invalid", "Invalid metadata: at most 10 keys are allowed (got 11).", "metadata"),
              ...urlErrors,
            ],
            notFound: [scopedKey],
          }),
        },
      },
    )
    .get(
      "/v1/webhook_endpoints",
      async ({ principal, request }) => {
        const owner = endpointOwner(principal);
        const opt = queryText(request.url, EndpointListQuery);
        const page = await listEndpoints(ctx.database.sql, owner, {
          limit: parseLimitParam(opt("limit")),
          startingAfter: parseCursorParam(opt("starting_after"), "webhookEndpoint"),
        });
        if (page === "bad_cursor") throw badCursor();
        return listBody(page.rows.map(endpointShape), page);
      },
      {
        query: EndpointListQuery,
        detail: {
          tags: TAG,
          summary: "List webhook endpoints",
          description: "The account's endpoints in the key's mode, newest first. Secrets are never listed.",
          responses: listResponses(EndpointListSchema, { page: "A page of endpoints.", notFound: [scopedKey] }),
        },
      },
    )
    .get(
      "/v1/webhook_endpoints/:id",
      async ({ principal, params, request }) => {
        noQuery(request.url);
        return endpointShape((await visibleEndpoint(ctx, principal, params.id)).endpoint);
      },
      { params: EndpointIdParams, detail: { tags: TAG, summary: "Get a webhook endpoint", description: "The endpoint, without its secret.", responses: objectResponses(EndpointSchema, { ok: "The endpoint.", notFound: missing }) } },
    )
    .post(
      "/v1/webhook_endpoints/:id",
      async ({ principal, params, body, request }) => {
        const { owner } = await visibleEndpoint(ctx, principal, params.id);
        noQuery(request.url);
        const updated = await updateEndpoint(ctx.database.sql, owner, params.id, {
          url: body.url === undefined ? undefined : await allowedUrl(ctx, body.url, principal),
          eventTypes: body.enabled_events === undefined ? undefined : checkEventTypes(body.enabled_events),
          description: descriptionOf(body.description),
          metadata: body.metadata === undefined ? undefined : parseMetadata(body.metadata),
          disabled: body.disabled,
        }, ctx.clock.now());
        if (!updated) throw notFound("webhook_endpoint", params.id);
        return endpointShape(updated);
      },
      {
        parse: jsonBodyOf(UpdateEndpointBody),
        params: EndpointIdParams,
        body: named("UpdateWebhookEndpointRequest", UpdateEndpointBody),
        detail: {
          tags: TAG,
          summary: "Update a webhook endpoint",
          description: "Changes the given fields. `disabled: true` stops deliveries (pending ones are held and sent once enabled again, for up to 7 days); `disabled: false` enables it again. The URL rules are those of create.",
          responses: objectResponses(EndpointSchema, {
            ok: "The updated endpoint.",
            errors: [errorExample("parameter_unknown", "Received unknown parameter: secret.", "secret"), errorExample("parameter_invalid", "Invalid disabled: Expected boolean.", "disabled"), ...urlErrors],
            notFound: missing,
          }),
        },
      },
    )
    .delete(
      "/v1/webhook_endpoints/:id",
      async ({ principal, params, request }) => {
        const { owner } = await visibleEndpoint(ctx, principal, params.id);
        noQuery(request.url);
        const r = await deleteEndpoint(ctx.database.sql, owner, params.id, ctx.clock.now());
        if (!r) throw notFound("webhook_endpoint", params.id);
        return { id: params.id, object: "webhook_endpoint" as const, deleted: true as const, dropped_deliveries: r.dropped };
      },
      {
        params: EndpointIdParams,
        detail: {
          tags: TAG,
          summary: "Delete a webhook endpoint",
          description: "The endpoint receives nothing more and is no longer shown. Its pending deliveries are dropped: each becomes `failed` with a `dropped` attempt in its log.",
          responses: objectResponses(DeletedSchema, { ok: "Deleted.", notFound: missing }),
        },
      },
    )
    .post(
      "/v1/webhook_endpoints/:id/rotate_secret",
      async ({ principal, params, request }) => {
        const { owner } = await visibleEndpoint(ctx, principal, params.id);
        noQuery(request.url);
        const e = await rotateSecret(ctx.database.sql, owner, params.id, ctx.clock.now());
        if (!e) throw notFound("webhook_endpoint", params.id);
        return { ...endpointShape(e), secret: e.secret };
      },
      {
        parse: jsonBodyOf(EmptyBody),
        params: EndpointIdParams,
        body: EmptyBody,
        detail: {
          tags: TAG,
          summary: "Rotate a webhook endpoint's secret",
          description:
            "A new `whsec_` secret, shown only in this response. For 24 hours deliveries carry a signature with each secret still valid (space-separated in `webhook-signature`, as Standard Webhooks allows), then the replaced one stops. Rotating again within 24 hours keeps every replaced secret until its own 24 hours end.",
          responses: objectResponses(EndpointWithSecretSchema, {
            ok: "The endpoint with its new secret.",
            errors: [errorExample("parameter_unknown", "Received unknown parameter: expires_in.", "expires_in")],
            notFound: missing,
          }),
        },
      },
    )
    .post(
      "/v1/webhook_endpoints/:id/test",
      async ({ principal, params, body, request }) => {
        const { endpoint } = await visibleEndpoint(ctx, principal, params.id);
        noQuery(request.url);
        return testResultShape(endpoint.id, await sendTestEvent(ctx, endpoint, body.event_type));
      },
      {
        parse: jsonBodyOf(TestEventBody),
        params: EndpointIdParams,
        body: named("SendWebhookEndpointTestEventRequest", TestEventBody),
        detail: {
          tags: TAG,
          summary: "Send a test event to a webhook endpoint",
          description:
            "POSTs one test event to the endpoint now, signed like every delivery (Standard Webhooks, with each secret still valid), and answers with what came back: status, time, the first 1 KiB of the body. By default a `webhook_endpoint.test` event; with `event_type`, a sample event of that type, its `data` shaped exactly as the real one's, with made-up ids. Every test event carries `\"test\": true` in its envelope, which real events never do. The test event is not stored, listed or retried, no other endpoint receives it, and a disabled endpoint receives it too (it is how you check a receiver before enabling it). Live URLs pass the URL rules again first. The answer waits at most 4 s for the endpoint.",
          responses: objectResponses(TestResultSchema, {
            ok: "What the endpoint answered (or why nothing did).",
            errors: [errorExample("parameter_unknown", "Received unknown parameter: type.", "type"), errorExample("parameter_invalid", "Invalid event_type: Expected union value.", "event_type")],
            notFound: missing,
          }),
        },
      },
    )
    .post(
      "/v1/webhook_endpoints/:id/recover",
      async ({ principal, params, body, request }) => {
        const { endpoint } = await visibleEndpoint(ctx, principal, params.id);
        noQuery(request.url);
        const sinceMs = parseAfterParam(body.since, "since");
        if (sinceMs === undefined) throw new ApiError("parameter_missing", "Missing required param: since.", "since");
        const since = recoverySince(sinceMs, ctx.clock.now());
        const r = await recoverFailedDeliveries(ctx.database.sql, endpoint.id, since, ctx.clock.now());
        return { object: "webhook_endpoint_recovery" as const, endpoint_id: endpoint.id, since: since.toISOString(), recovered: r.recovered, has_more: r.hasMore };
      },
      {
        parse: jsonBodyOf(RecoverBody),
        params: EndpointIdParams,
        body: named("RecoverWebhookEndpointDeliveriesRequest", RecoverBody),
        detail: {
          tags: TAG,
          summary: "Resend a webhook endpoint's failed deliveries",
          description:
            "Resends every delivery to this endpoint that failed (ran out of attempts, answered 410, or was held too long while disabled) and was created at or after `since`: one new delivery per event, due now, with the same `webhook-id`. Idempotent: an event that already has a delivery to this endpoint pending or succeeded is not resent, so calling again resends nothing new until those fail again. Only events still kept (30 days) and of a type the endpoint takes today. A disabled endpoint's new deliveries are held until it is enabled. At most 5,000 per call (`has_more`: call again).",
          responses: objectResponses(RecoverResultSchema, {
            ok: "How many deliveries were made.",
            errors: [
              errorExample("parameter_missing", "Missing required param: since.", "since"),
              errorExample("parameter_invalid", "Invalid since: must be at most 30 days ago (events are kept 30 days).", "since"),
              errorExample("parameter_unknown", "Received unknown parameter: until.", "until"),
            ],
            notFound: missing,
          }),
        },
      },
    )
    .get(
      "/v1/webhook_endpoints/:id/deliveries",
      async ({ principal, params, request }) => {
        await visibleEndpoint(ctx, principal, params.id);
        const opt = queryText(request.url, DeliveryListQuery);
        const limit = parseLimitParam(opt("limit"));
        const startingAfter = parseCursorParam(opt("starting_after"), "webhookDelivery");
        const after = startingAfter === undefined ? undefined : await deliveryCursor(ctx.database.sql, { endpointId: params.id }, startingAfter);
        if (after === null) throw badCursor();
        const [rows, totalCount] = await Promise.all([listDeliveries(ctx.database.sql, { endpointId: params.id, limit: limit + 1, after }), countEndpointDeliveries(ctx.database.sql, params.id)]);
        const hasMore = rows.length > limit;
        return listBody((hasMore ? rows.slice(0, limit) : rows).map(deliveryShape), { hasMore, totalCount });
      },
      {
        params: EndpointIdParams,
        query: DeliveryListQuery,
        detail: {
          tags: TAG,
          summary: "List deliveries of a webhook endpoint",
          description: "Deliveries to this endpoint, newest first, each with its attempts: outcome, HTTP status, latency, the first 1 KiB of the response, and when the next attempt is due. Paged like every list: `limit`, and `starting_after` (the last delivery id of the previous page) while `has_more` is true; `total_count` counts them all.",
          responses: listResponses(DeliveryListSchema, { page: "A page of deliveries.", errors: [errorExample("parameter_unknown", "Received unknown parameter: status", "status")], notFound: missing }),
        },
      },
    );
}
