/**
 * The rules of managing webhook endpoints, one home for the /v1 routes (index.ts) and the
 * dashboard: who owns them (the account and mode; a key scoped to one merchant none), which URLs
 * and event types are allowed, and create with idempotency. Failures are ApiError with the API's codes.
 */
import type { AppContext } from "../../context.ts";
import type { Principal } from "../access/authenticator.ts";
import { WEBHOOK_EVENT_TYPES } from "../../db/schema/core.ts";
import { ApiError, notFound } from "../../domain/errors.ts";
import { isIdOf } from "../../domain/ids.ts";
import { printableName } from "../../domain/text.ts";
import { parseMetadata } from "../payment-intents/input.ts";
import { idempotentCreate, requestHash } from "../idempotency/store.ts";
import { findEndpoint, insertEndpoint, secretDigest, validSecretByDigest, type EndpointRow, type Owner } from "./service.ts";
import { checkEndpointUrl } from "./url-policy.ts";
import { EVENT_RETENTION_MS } from "../outbox/outbox.ts";

/** The owner of the principal's endpoints; a scoped key has none (its routes answer 404). */
export function endpointOwner(p: Principal, id?: string): Owner {
  if (p.scopeMerchantId !== null) {
    if (id !== undefined) throw notFound("webhook_endpoint", printableName(id));
    throw new ApiError("resource_missing", "Webhook endpoints belong to the integrator account: use an API key that is not scoped to a merchant.", undefined, 404);
  }
  return { accountId: p.accountId, mode: p.mode };
}

/** The endpoint if the principal's account owns it in its mode; 404 otherwise. */
export async function visibleEndpoint(ctx: AppContext, p: Principal, id: string): Promise<{ owner: Owner; endpoint: EndpointRow }> {
  const owner = endpointOwner(p, id);
  if (!isIdOf("webhookEndpoint", id)) throw notFound("webhook_endpoint", printableName(id));
  const e = await findEndpoint(ctx.database.sql, owner, id);
  if (!e) throw notFound("webhook_endpoint", id);
  return { owner, endpoint: e };
}

/** enabled_events: known types, no duplicates, `*` alone. */
export function checkEventTypes(list: string[]): string[] {
  if (list.length === 0) throw new ApiError("parameter_invalid", "Invalid enabled_events: choose at least one event type.", "enabled_events");
  const unknown = list.find((x) => x !== "*" && !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(x));
  if (unknown !== undefined) throw new ApiError("parameter_invalid", `Invalid enabled_events: unknown event type '${printableName(unknown)}'.`, "enabled_events");
  if (list.includes("*") && list.length > 1) throw new ApiError("parameter_invalid", "Invalid enabled_events: '*' (every event) cannot be combined with other types.", "enabled_events");
  if (new Set(list).size !== list.length) throw new ApiError("parameter_invalid", "Invalid enabled_events: a type is listed twice.", "enabled_events");
  return list;
}

/** The URL as it will be stored, if the mode's URL policy allows it. */
export async function allowedUrl(ctx: AppContext, url: string, p: Principal): Promise<string> {
  const verdict = await checkEndpointUrl(url, { mode: p.mode, testAnyAddress: ctx.config.webhookTestAnyAddress });
  if (!verdict.ok) throw new ApiError("url_not_allowed", verdict.message, "url");
  return verdict.url;
}

/** An empty description is no description. */
export function descriptionOf(v: string | null | undefined): string | null | undefined {
  return v === undefined ? undefined : v === null || v === "" ? null : v;
}

export interface NewEndpoint {
  url: string;
  enabled_events: string[];
  description?: string | null;
  metadata?: Record<string, string>;
}

/**
 * `secret`: the signing secret to show. A replay shows the one its create showed (a client that
 * retries because the first answer was lost has no other way to learn it), even after a rotation
 * (`endpoint.secret` is then the newer one). Undefined when the key's row holds no digest: written
 * by an earlier version during an upgrade, whose replay showed no secret.
 */
export type CreateEndpointOutcome = { kind: "created"; endpoint: EndpointRow; secret: string } | { kind: "replayed"; endpoint: EndpointRow; secret: string | undefined } | { kind: "reused" };

/** Registers an endpoint for the principal's account and mode (idempotent with `key`). */
export async function createEndpoint(ctx: AppContext, p: Principal, body: NewEndpoint, key: string | undefined): Promise<CreateEndpointOutcome> {
  const owner = endpointOwner(p);
  const input = {
    url: await allowedUrl(ctx, body.url, p),
    eventTypes: checkEventTypes(body.enabled_events),
    description: descriptionOf(body.description) ?? null,
    metadata: body.metadata === undefined ? {} : parseMetadata(body.metadata),
  };
  const now = ctx.clock.now();
  const r = await idempotentCreate(
    ctx.database.sql,
    { ...owner, key, hash: requestHash("POST /v1/webhook_endpoints", input), now },
    (tx) => insertEndpoint(tx, owner, input, now),
    (e) => secretDigest(e.secret),
  );
  if (r.kind === "reused") return { kind: "reused" };
  if (r.kind === "replayed") {
    const e = await findEndpoint(ctx.database.sql, owner, r.resourceId);
    if (!e) throw notFound("webhook_endpoint", r.resourceId);
    const secret = r.answerDigest === null ? undefined : await validSecretByDigest(ctx.database.sql, owner, e.id, r.answerDigest, ctx.clock.now());
    return { kind: "replayed", endpoint: e, secret };
  }
  return { kind: "created", endpoint: r.value, secret: r.value.secret };
}

/**
 * `since` of a recovery (ms; the route parses the text): no earlier than the events' retention (an
 * older failure's event is gone, so nothing older could be resent) and not in the future.
 */
export function recoverySince(ms: number, now: Date): Date {
  if (ms < now.getTime() - EVENT_RETENTION_MS) throw new ApiError("parameter_invalid", `Invalid since: must be at most ${EVENT_RETENTION_MS / 86_400_000} days ago (events are kept ${EVENT_RETENTION_MS / 86_400_000} days).`, "since");
  if (ms > now.getTime()) throw new ApiError("parameter_invalid", "Invalid since: must not be in the future.", "since");
  return new Date(ms);
}
