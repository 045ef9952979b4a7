/**
 * "Send a test event": one signed POST to an endpoint, now, answered with what came back, so an
 * integrator can check the URL and the signature check of their receiver before real events flow.
 *
 * The test event is not an event of the log: it is not stored, listed, retried or counted in the
 * endpoint's deliveries, and no other endpoint receives it. By default its type is
 * `webhook_endpoint.test`, none of the business types, so receivers that switch on the type ignore
 * it. Asked for a business type, it carries a sample of that type's payload (samples.ts), so a
 * receiver's handling of each type can be tried before real events flow; every test event says
 * `"test": true` in its envelope, which no real event carries, so a receiver can tell it from a
 * real one before acting on it (fulfilling an order, say). It is signed like a
 * delivery (Standard Webhooks, with every secret still valid) and a URL held to the address rules
 * (live, and test in production mode) passes them again first, exactly as the dispatcher does.
 */
import type { AppContext } from "../../context.ts";
import type { WebhookEventType } from "../../db/schema/core.ts";
import { newId } from "../../domain/ids.ts";
import { sampleEventData } from "./samples.ts";
import { eventEnvelope } from "../outbox/outbox.ts";
import { postWebhook, type AttemptResult } from "../webhooks/delivery.ts";
import { secretKey, webhookHeaders } from "../webhooks/signing.ts";
import { liveSecrets, type EndpointRow } from "./service.ts";
import { anyAddressAllowed, checkEndpointUrl, type PinnedAddress } from "./url-policy.ts";

export const TEST_EVENT_TYPE = "webhook_endpoint.test";
/** Shorter than a delivery's timeout: the answer must fit in the request that asked for it. */
const TEST_TIMEOUT_MS = 4_000;

export interface TestEventResult extends AttemptResult {
  eventId: string;
  eventType: string;
}

export async function sendTestEvent(ctx: AppContext, endpoint: EndpointRow, type?: WebhookEventType): Promise<TestEventResult> {
  const eventId = newId("event");
  const now = new Date();
  const data =
    type === undefined
      ? { id: endpoint.id, object: "webhook_endpoint", url: endpoint.url, livemode: endpoint.mode === "live" }
      : sampleEventData(type, { now, publicBaseUrl: ctx.config.publicBaseUrl, endpoint });
  const body = JSON.stringify({ ...eventEnvelope({ id: eventId, type: type ?? TEST_EVENT_TYPE, createdAt: now, data }), test: true });
  const rule = { mode: endpoint.mode, testAnyAddress: ctx.config.webhookTestAnyAddress };
  let pinned: PinnedAddress | undefined;
  if (!anyAddressAllowed(rule)) {
    const verdict = await checkEndpointUrl(endpoint.url, rule);
    if (!verdict.ok) return { eventId, eventType: type ?? TEST_EVENT_TYPE, statusCode: undefined, durationMs: 0, error: `not sent: ${verdict.message}`, snippet: undefined, retryAfter: undefined };
    pinned = verdict.address;
  }
  const [row] = await ctx.database.sql<{ previous_secrets: unknown }[]>`SELECT previous_secrets FROM app.webhook_endpoints WHERE id = ${endpoint.id}`;
  const secrets = [endpoint.secret, ...liveSecrets(row?.previous_secrets ?? null, ctx.clock.now())];
  const headers = webhookHeaders(secrets.map(secretKey), eventId, now, body);
  const result = await postWebhook({ url: endpoint.url, headers, body, timeoutMs: Math.min(TEST_TIMEOUT_MS, ctx.config.webhookTimeoutMs), ...(pinned ? { pinned } : {}) });
  // In production, an endpoint not held to the address rules (WEBHOOK_TEST_ALLOW_PRIVATE_NETWORKS) may
  // be an internal service: its status is shown, never its answer.
  if (ctx.config.env === "production" && anyAddressAllowed(rule)) return { eventId, eventType: type ?? TEST_EVENT_TYPE, ...result, snippet: undefined };
  return { eventId, eventType: type ?? TEST_EVENT_TYPE, ...result };
}
