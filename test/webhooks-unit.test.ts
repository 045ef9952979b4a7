/**
 * Pure parts of webhook delivery: Standard Webhooks signatures checked by the independent
 * `standardwebhooks` package, the retry schedule and the Retry-After rules.
 */
import { describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { secretKey, signWebhook, webhookHeaders } from "../src/modules/webhooks/signing.ts";
import { decideAfterAttempt, MAX_ATTEMPTS, MAX_RETRY_AFTER_MS, parseRetryAfter, RETRY_DELAYS_MS } from "../src/modules/webhooks/schedule.ts";

const secret = `whsec_${randomBytes(32).toString("base64")}`;
const body = JSON.stringify({ id: "evt_123", object: "event", type: "payment_intent.confirmed", data: { amount: 12.34, metadata: { note: "café ☕" } } });

describe("signatures (standardwebhooks verifies them)", () => {
  test("a fresh signature verifies and returns the payload", () => {
    const headers = webhookHeaders(secretKey(secret), "evt_123", new Date(), body);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  test("a tampered body, id or signature is rejected", () => {
    const headers = webhookHeaders(secretKey(secret), "evt_123", new Date(), body);
    const wh = new Webhook(secret);
    expect(() => wh.verify(body.replace("12.34", "99.34"), { ...headers })).toThrow();
    expect(() => wh.verify(body, { ...headers, "webhook-id": "evt_124" })).toThrow();
    expect(() => wh.verify(body, { ...headers, "webhook-signature": `v1,${randomBytes(32).toString("base64")}` })).toThrow();
  });

  test("another secret is rejected", () => {
    const headers = webhookHeaders(secretKey(secret), "evt_123", new Date(), body);
    expect(() => new Webhook(`whsec_${randomBytes(32).toString("base64")}`).verify(body, { ...headers })).toThrow();
  });

  test("an old (or future) timestamp is rejected even with a valid signature", () => {
    const wh = new Webhook(secret);
    const old = webhookHeaders(secretKey(secret), "evt_123", new Date(Date.now() - 10 * 60_000), body);
    expect(() => wh.verify(body, { ...old })).toThrow(/timestamp/i);
    const future = webhookHeaders(secretKey(secret), "evt_123", new Date(Date.now() + 10 * 60_000), body);
    expect(() => wh.verify(body, { ...future })).toThrow(/timestamp/i);
  });

  test("equals the library's own signature for the same input", () => {
    const at = new Date(1_700_000_000_000);
    expect(signWebhook(secretKey(secret), "evt_1", 1_700_000_000, body)).toBe(new Webhook(secret).sign("evt_1", at, body));
  });

  test("malformed secrets are refused", () => {
    expect(() => secretKey("nope")).toThrow();
    expect(() => secretKey("whsec_")).toThrow();
  });
});

describe("retry schedule", () => {
  const mid = () => 0.5;

  test("5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then failed: 8 attempts", () => {
    expect(RETRY_DELAYS_MS).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(MAX_ATTEMPTS).toBe(8);
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const d = decideAfterAttempt({ attempt, statusCode: 500, retryAfterMs: undefined, random: () => 0 });
      expect(d).toEqual({ outcome: "retry_scheduled", delayMs: RETRY_DELAYS_MS[attempt - 1]! });
    }
    expect(decideAfterAttempt({ attempt: 8, statusCode: 500, retryAfterMs: undefined, random: mid })).toEqual({ outcome: "failed" });
  });

  test("jitter adds up to 10% and never subtracts", () => {
    for (const r of [0, 0.25, 0.5, 0.999999, 1, -1, Number.NaN]) {
      for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
        const d = decideAfterAttempt({ attempt, statusCode: undefined, retryAfterMs: undefined, random: () => r });
        if (d.outcome !== "retry_scheduled") throw new Error("expected a retry");
        const nominal = RETRY_DELAYS_MS[attempt - 1]!;
        expect(d.delayMs).toBeGreaterThanOrEqual(nominal);
        expect(d.delayMs).toBeLessThan(nominal * 1.1);
      }
    }
  });

  test("any 2xx succeeds; 3xx, 4xx, 5xx and no response retry; 410 is endpoint_gone", () => {
    for (const s of [200, 201, 202, 204, 299]) expect(decideAfterAttempt({ attempt: 1, statusCode: s, retryAfterMs: undefined, random: mid }).outcome).toBe("succeeded");
    for (const s of [undefined, 100, 301, 302, 400, 401, 404, 409, 429, 500, 502, 503])
      expect(decideAfterAttempt({ attempt: 1, statusCode: s, retryAfterMs: undefined, random: mid }).outcome).toBe("retry_scheduled");
    expect(decideAfterAttempt({ attempt: 1, statusCode: 410, retryAfterMs: undefined, random: mid }).outcome).toBe("endpoint_gone");
    expect(decideAfterAttempt({ attempt: 8, statusCode: 410, retryAfterMs: undefined, random: mid }).outcome).toBe("endpoint_gone");
  });

  test("Retry-After only postpones, within 24 h", () => {
    const at = (attempt: number, retryAfterMs: number | undefined) => {
      const d = decideAfterAttempt({ attempt, statusCode: 503, retryAfterMs, random: () => 0 });
      return d.outcome === "retry_scheduled" ? d.delayMs : -1;
    };
    expect(at(1, 120_000)).toBe(120_000); // longer than 5 s: honoured
    expect(at(1, 1_000)).toBe(5_000); // shorter than the schedule: the schedule wins
    expect(at(4, 60_000)).toBe(7_200_000);
    expect(at(1, 10 * 86_400_000)).toBe(MAX_RETRY_AFTER_MS); // capped
    expect(at(7, 30 * 3_600_000)).toBe(MAX_RETRY_AFTER_MS);
    // Retry-After does not add attempts.
    expect(decideAfterAttempt({ attempt: 8, statusCode: 429, retryAfterMs: 1000, random: mid }).outcome).toBe("failed");
  });

  test("Retry-After parsing: seconds and HTTP dates", () => {
    const now = Date.parse("2026-04-01T12:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("Wed, 01 Apr 2026 12:10:00 GMT", now)).toBe(600_000);
    expect(parseRetryAfter("Wed, 01 Apr 2026 11:00:00 GMT", now)).toBe(0);
    for (const bad of [undefined, null, "", "soon", "-5", "1.5", "2026-04-01T12:10:00Z", "1e3"]) expect(parseRetryAfter(bad, now)).toBeUndefined();
  });
});
