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
export { WebhookVerificationError };

/** An event as the service sends it: `data` is the object the event is about (an intent, a refund, …). */
export interface StablepayEvent {
  id: string;
  object: "event";
  /** e.g. `payment_intent.confirmed`, `refund.succeeded`, `settlement.completed`. */
  type: string;
  created_at: string;
  data: Record<string, unknown>;
}

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
export function verifyWebhook(secret: string, headers: HeaderSource, body: string): StablepayEvent {
  return new Webhook(secret).verify(body, headerRecord(headers)) as StablepayEvent;
}
