/**
 * When webhook deliveries are attempted again, and how long their rows are kept
 * (docs/contributors.md "Webhooks"). Pure: the clock and the random source come from the caller.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Delay after the 1st, 2nd, … failed attempt. After the 8th attempt fails the delivery is failed. */
export const RETRY_DELAYS_MS: readonly number[] = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** Each retry waits the nominal delay plus up to this fraction of it (never less than nominal). */
export const JITTER_FRACTION = 0.1;

/**
 * Retry-After bounds. A receiver's Retry-After (delta-seconds or HTTP date, on any non-2xx answer)
 * can only push the next attempt later than the schedule would, never earlier, and by at most
 * MAX_RETRY_AFTER_MS (24 h) from the attempt: a larger value is cut to 24 h. It still counts as
 * one of the 8 attempts, so a receiver cannot keep a delivery alive forever.
 */
export const MAX_RETRY_AFTER_MS = 24 * HOUR;

/**
 * Lease: a claimed delivery whose worker disappears is due again this long after the claim.
 * It must exceed the request timeout plus the time to record the result.
 */
export function leaseMs(webhookTimeoutMs: number): number {
  return webhookTimeoutMs + 20 * SECOND;
}

/** Finished (succeeded/failed) deliveries and their attempts move to the archive tables after this. */
export const HOT_RETENTION_MS = 3 * DAY;
/** Archived deliveries and attempts are deleted after this (counted from finished_at). */
export const ARCHIVE_RETENTION_MS = 90 * DAY;
/**
 * Deliveries of a disabled endpoint are held (pending, not attempted) and go out when the endpoint
 * is enabled again; held longer than this (counted from creation), they are marked failed.
 * Operators can still resend the event.
 */
export const HELD_MAX_AGE_MS = 7 * DAY;

/**
 * An endpoint that keeps failing is disabled, as Stripe and Svix do after days rather than hours: a
 * receiver down over a weekend comes back to its deliveries, one gone for good stops collecting
 * attempts. The rule: no attempt succeeded for FAILING_DISABLE_AFTER_MS since the first failure after
 * the last success, and at least FAILING_DISABLE_MIN_ATTEMPTS attempts failed meanwhile (more than one
 * delivery's whole schedule, so a quiet endpoint is never disabled on one event's retries alone).
 * Its deliveries are then held as for any disabled endpoint, and `webhook_endpoint.disabled` tells the
 * account's other endpoints.
 */
export const FAILING_DISABLE_AFTER_MS = 3 * DAY;
export const FAILING_DISABLE_MIN_ATTEMPTS = MAX_ATTEMPTS + 2;

export type AttemptOutcome = "succeeded" | "retry_scheduled" | "failed" | "endpoint_gone";

/**
 * What happens after attempt number `attempt` (1-based) ended with `statusCode` (undefined: no
 * response). Returns the outcome and, for a retry, the delay until the next attempt.
 */
export function decideAfterAttempt(input: {
  attempt: number;
  statusCode: number | undefined;
  retryAfterMs: number | undefined;
  random: () => number;
}): { outcome: "succeeded" | "failed" | "endpoint_gone" } | { outcome: "retry_scheduled"; delayMs: number } {
  const { attempt, statusCode } = input;
  if (statusCode !== undefined && statusCode >= 200 && statusCode <= 299) return { outcome: "succeeded" };
  if (statusCode === 410) return { outcome: "endpoint_gone" };
  if (attempt >= MAX_ATTEMPTS) return { outcome: "failed" };
  const nominal = RETRY_DELAYS_MS[attempt - 1];
  if (nominal === undefined) return { outcome: "failed" };
  let delayMs = nominal + Math.floor(nominal * JITTER_FRACTION * clamp01(input.random()));
  if (input.retryAfterMs !== undefined) delayMs = Math.max(delayMs, Math.min(input.retryAfterMs, MAX_RETRY_AFTER_MS));
  return { outcome: "retry_scheduled", delayMs };
}

/**
 * Retry-After as milliseconds from `nowMs`: `<seconds>` or an HTTP date (RFC 9110 10.2.3).
 * Undefined when absent or unparsable; 0 for a date in the past.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const v = value.trim();
  if (v === "") return undefined;
  if (/^\d+$/.test(v)) {
    const seconds = Number(v);
    return Number.isSafeInteger(seconds) ? Math.min(seconds * SECOND, Number.MAX_SAFE_INTEGER) : undefined;
  }
  // HTTP-date must name a weekday (IMF-fixdate, RFC 850 or asctime); Date.parse accepts all three.
  if (!/^[A-Za-z]{3}/.test(v)) return undefined;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

function clamp01(x: number): number {
  return Number.isFinite(x) ? Math.min(Math.max(x, 0), 0.999999) : 0;
}
