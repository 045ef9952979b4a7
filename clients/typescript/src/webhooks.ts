/**
 * Checks a webhook delivery: the Standard Webhooks signature (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`: HMAC-SHA256 of "{id}.{timestamp}.{body}" with the endpoint's `whsec_` secret),
 * and a timestamp within 5 minutes (a replayed old delivery is refused). Pass the body exactly as
 * received (the raw text, not a re-serialized object).
 *
 *   const event = verifyWebhook(secret, request.headers, await request.text());
 *   // dedupe on event.id: deliveries are at least once
 */
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import type { webhooks } from "./schema.js";
export { WebhookVerificationError };

/**
 * An event as the service sends it, typed per event type from the OpenAPI document's `webhooks`
 * section: narrowing on `type` types `data` (an intent, a transaction, a refund, …).
 *
 *   if (event.type === "payment_intent.confirmed") event.data.tx_hash; // typed
 */
export type WebhookEvent = { [T in keyof webhooks]: webhooks[T]["post"]["requestBody"]["content"]["application/json"] }[keyof webhooks];
/** The event types the service sends. */
export type WebhookEventType = WebhookEvent["type"];
/** One event type's event, e.g. `WebhookEventOf<"refund.succeeded">`. */
export type WebhookEventOf<T extends WebhookEventType> = Extract<WebhookEvent, { type: T }>;
/** The same union, under its former name. */
export type StablepayEvent = WebhookEvent;

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function headerRecord(headers: HeaderSource): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof (headers as Headers).forEach === "function" && typeof (headers as Headers).get === "function") {
    (headers as Headers).forEach((v, k) => (out[k.toLowerCase()] = v));
  } else {
    for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(",") : v;
  }
  return out;
}

/** The event, when the signature is the service's; throws WebhookVerificationError otherwise. */
export function verifyWebhook(secret: string, headers: HeaderSource, body: string): WebhookEvent {
  return new Webhook(secret).verify(body, headerRecord(headers)) as WebhookEvent;
}

/**
 * The headers the service would send with `body`, signed with `secret`: for your own tests of your
 * webhook handler (a delivery your handler must accept, or, with another secret or an old
 * timestamp, one it must refuse). `body` is sent as it is: sign the exact text you post.
 *
 *   const body = JSON.stringify(event);
 *   await fetch(myHandlerUrl, { method: "POST", headers: signWebhook(secret, body, { id: event.id }), body });
 */
export function signWebhook(secret: string, body: string, opts: { id?: string; timestamp?: Date } = {}): Record<"webhook-id" | "webhook-timestamp" | "webhook-signature" | "content-type", string> {
  const id = opts.id ?? `msg_${crypto.randomUUID().replaceAll("-", "")}`;
  const at = opts.timestamp ?? new Date();
  return {
    "content-type": "application/json",
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(id, at, body),
  };
}
