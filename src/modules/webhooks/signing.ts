/**
 * Standard Webhooks signatures (docs/contributors.md "Webhooks"): `webhook-signature: v1,<base64 HMAC-SHA256
 * of "{id}.{timestamp}.{body}">`, keyed with the base64-decoded part of the `whsec_` secret.
 */
import { createHmac } from "node:crypto";

const SECRET_PREFIX = "whsec_";

/** The HMAC key of an endpoint secret (`whsec_<base64>`). */
export function secretKey(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error("webhook secret must start with whsec_");
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
  if (key.length < 16) throw new Error("webhook secret is too short");
  return key;
}

/** `v1,<base64 signature>` for one message. `timestamp` is Unix seconds. */
export function signWebhook(key: Buffer, msgId: string, timestamp: number, body: string): string {
  const mac = createHmac("sha256", key).update(`${msgId}.${timestamp}.`).update(body).digest("base64");
  return `v1,${mac}`;
}

export interface WebhookHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

/** The three Standard Webhooks headers for a body sent at `at` (wall-clock time, see dispatcher). */
export function webhookHeaders(key: Buffer | Buffer[], msgId: string, at: Date, body: string): WebhookHeaders {
  const timestamp = Math.floor(at.getTime() / 1000);
  // Several keys (a rotation's overlap): one signature each, space-separated (Standard Webhooks).
  const keys = Array.isArray(key) ? key : [key];
  return { "webhook-id": msgId, "webhook-timestamp": String(timestamp), "webhook-signature": keys.map((k) => signWebhook(k, msgId, timestamp, body)).join(" ") };
}
