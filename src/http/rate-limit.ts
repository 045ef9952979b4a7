/**
 * Per-key rate limits (docs/contributors.md "Rate limits"): a token bucket per API key, refilled at the key's
 * rate (config `rateLimitPerSecond`: test 25/s, live 100/s by default; env RATE_LIMIT_TEST_PER_SECOND,
 * RATE_LIMIT_LIVE_PER_SECOND) with room for a burst of twice that.
 *
 * Headers on every authenticated response (errors included):
 * - `RateLimit-Limit`: the bucket size (the burst), e.g. 50 for a test key;
 * - `RateLimit-Remaining`: whole requests left in the bucket now;
 * - `RateLimit-Reset`: seconds until the bucket is full again (0 when full);
 * - `RateLimit-Policy`: `<burst>;w=<seconds>`, the same limit as a window (50 per 2 s = 25/s sustained).
 * Over the limit: 429 `rate_limit_error` / `rate_limited` with `Retry-After` (seconds until one
 * request is allowed, at least 1).
 *
 * The buckets live in the API process: with N API processes behind a round-robin load balancer a
 * key may get up to N times its rate. Balance on the Authorization header (consistent hashing) to
 * keep the limit exact, or lower the configured rate by N. A shared bucket in Postgres would cost a
 * round trip on every request, which is as much as the GET it guards.
 */
import type { Mode } from "../config.ts";
import type { AppContext } from "../context.ts";
import { ApiError } from "../domain/errors.ts";
import { clientAddress } from "./client-address.ts";

export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

interface Bucket {
  tokens: number;
  /** performance.now() of the last refill. */
  at: number;
}

export class RateLimiter {
  private buckets = new Map<string, Bucket>();

  constructor(
    private perSecond: Readonly<Record<Mode, number>>,
    private now: () => number = () => performance.now(),
  ) {}

  /** Takes one request from the key's bucket. */
  take(keyId: string, mode: Mode): RateDecision {
    const rate = this.perSecond[mode];
    const capacity = rate * 2;
    const now = this.now();
    let b = this.buckets.get(keyId);
    if (!b) {
      if (this.buckets.size >= 50_000) this.prune(now);
      b = { tokens: capacity, at: now };
      this.buckets.set(keyId, b);
    } else {
      b.tokens = Math.min(capacity, b.tokens + ((now - b.at) / 1000) * rate);
      b.at = now;
    }
    const allowed = b.tokens >= 1;
    if (allowed) b.tokens -= 1;
    const headers: Record<string, string> = {
      "ratelimit-limit": String(capacity),
      "ratelimit-remaining": String(Math.floor(b.tokens)),
      "ratelimit-reset": String(Math.ceil((capacity - b.tokens) / rate)),
      "ratelimit-policy": `${capacity};w=2`,
    };
    if (!allowed) headers["retry-after"] = String(Math.max(1, Math.ceil((1 - b.tokens) / rate)));
    return { allowed, headers };
  }

  /** Whether the key's bucket is empty now (nothing taken). */
  exhausted(keyId: string, mode: Mode): boolean {
    const b = this.buckets.get(keyId);
    if (!b) return false;
    const rate = this.perSecond[mode];
    return Math.min(rate * 2, b.tokens + ((this.now() - b.at) / 1000) * rate) < 1;
  }

  /** Drops buckets idle for 2 s or more: a bucket refills completely in 2 s (capacity = 2 x rate). */
  private prune(now: number) {
    for (const [key, b] of this.buckets) if (now - b.at >= 2000) this.buckets.delete(key);
  }
}

const limiters = new WeakMap<AppContext, RateLimiter>();

/** The limiter of this service instance (one per AppContext, shared by every module's routes). */
export function rateLimiterFor(ctx: AppContext): RateLimiter {
  let l = limiters.get(ctx);
  if (!l) {
    l = new RateLimiter(ctx.config.rateLimitPerSecond);
    limiters.set(ctx, l);
  }
  return l;
}

/** Applies the key's limit: sets the RateLimit headers on `headers`, throws 429 when over. */
export function enforceRateLimit(ctx: AppContext, keyId: string, mode: Mode, headers: Record<string, unknown>): void {
  const d = rateLimiterFor(ctx).take(keyId, mode);
  Object.assign(headers, d.headers);
  if (!d.allowed) {
    throw new ApiError("rate_limited", "Too many requests for this API key. Retry after the number of seconds in the Retry-After header.", undefined, undefined, {
      "retry-after": d.headers["retry-after"] ?? "1",
    });
  }
}

/**
 * Per client address (client-address.ts; behind a proxy, TRUSTED_PROXIES), for what is reached
 * without a valid key: the public pages and images (`/pay/…`, `/v1/qr/…`; RATE_LIMIT_PUBLIC_PER_SECOND)
 * and requests whose API key fails (RATE_LIMIT_AUTH_FAILURES_PER_SECOND: once an address is over, its
 * unknown keys are refused 429 without a database lookup, so a flood of junk keys costs no query;
 * a key found valid within the last hour still passes). Both burst to twice the rate; 0 turns a limit off (the
 * sandbox's default). Requests handled without a server (no address) are not limited.
 */
interface AddressLimiters {
  public: RateLimiter | undefined;
  authFailures: RateLimiter | undefined;
}
const addressLimiters = new WeakMap<AppContext, AddressLimiters>();

function limitersOf(ctx: AppContext): AddressLimiters {
  let l = addressLimiters.get(ctx);
  if (!l) {
    const make = (rate: number) => (rate > 0 ? new RateLimiter({ test: rate, live: rate }) : undefined);
    l = { public: make(ctx.config.clientRateLimits.publicPerSecond), authFailures: make(ctx.config.clientRateLimits.authFailuresPerSecond) };
    addressLimiters.set(ctx, l);
  }
  return l;
}

export function tooManyFromAddress(retryAfter: string | undefined): ApiError {
  return new ApiError("rate_limited", "Too many requests from this address. Retry after the number of seconds in the Retry-After header.", undefined, undefined, { "retry-after": retryAfter ?? "1" });
}

/** The public routes' limit per client address: undefined when the request may go on, else the seconds to wait (Retry-After). */
export function publicRateLimited(ctx: AppContext, request: Request): string | undefined {
  const limiter = limitersOf(ctx).public;
  const address = clientAddress(request);
  if (!limiter || address === "unknown") return undefined;
  const d = limiter.take(address, "live");
  return d.allowed ? undefined : (d.headers["retry-after"] ?? "1");
}


/** Before a key is looked up: 429 when this address has failed authentication too often of late. */
export function refuseAfterAuthFailures(ctx: AppContext, request: Request): void {
  const limiter = limitersOf(ctx).authFailures;
  const address = clientAddress(request);
  if (limiter && address !== "unknown" && limiter.exhausted(address, "live")) throw tooManyFromAddress("1");
}

/** A failed authentication from this request's address counts against it. */
export function countAuthFailure(ctx: AppContext, request: Request): void {
  const limiter = limitersOf(ctx).authFailures;
  const address = clientAddress(request);
  if (limiter && address !== "unknown") limiter.take(address, "live");
}
