/**
 * "Send a test event": one signed POST to an endpoint, now, answered with what came back, so an
 * integrator can check the URL and the signature check of their receiver before real events flow.
 *
 * The test event is not an event of the log: it is not stored, listed, retried or counted in the
 * endpoint's deliveries, and no other endpoint receives it. Its type, `webhook_endpoint.test`, is
 * none of the business types, so receivers that switch on the type ignore it. It is signed like a
 * delivery (Standard Webhooks, with every secret still valid) and a URL held to the address rules
 * (live, and test in production mode) passes them again first, exactly as the dispatcher does.
 */
import type { AppContext } from "../../context.ts";
import { newId } from "../../domain/ids.ts";
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
}

export async function sendTestEvent(ctx: AppContext, endpoint: EndpointRow): Promise<TestEventResult> {
  const eventId = newId("event");
  const now = new Date();
  const body = JSON.stringify(
    eventEnvelope({ id: eventId, type: TEST_EVENT_TYPE, createdAt: now, data: { id: endpoint.id, object: "webhook_endpoint", url: endpoint.url, livemode: endpoint.mode === "live" } }),
  );
  const rule = { mode: endpoint.mode, testAnyAddress: ctx.config.webhookTestAnyAddress };
  let pinned: PinnedAddress | undefined;
  if (!anyAddressAllowed(rule)) {
    const verdict = await checkEndpointUrl(endpoint.url, rule);
    if (!verdict.ok) return { eventId, statusCode: undefined, durationMs: 0, error: `not sent: ${verdict.message}`, snippet: undefined, retryAfter: undefined };
    pinned = verdict.address;
  }
  const [row] = await ctx.database.sql<{ previous_secrets: unknown }[]>`SELECT previous_secrets FROM app.webhook_endpoints WHERE id = ${endpoint.id}`;
  const secrets = [endpoint.secret, ...liveSecrets(row?.previous_secrets ?? null, ctx.clock.now())];
  const headers = webhookHeaders(secrets.map(secretKey), eventId, now, body);
  const result = await postWebhook({ url: endpoint.url, headers, body, timeoutMs: Math.min(TEST_TIMEOUT_MS, ctx.config.webhookTimeoutMs), ...(pinned ? { pinned } : {}) });
  // In production, an endpoint not held to the address rules (WEBHOOK_TEST_ALLOW_PRIVATE_NETWORKS) may
  // be an internal service: its status is shown, never its answer.
  if (ctx.config.env === "production" && anyAddressAllowed(rule)) return { eventId, ...result, snippet: undefined };
  return { eventId, ...result };
}
