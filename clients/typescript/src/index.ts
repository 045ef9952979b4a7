/**
 * The service's /v1 API, typed from its OpenAPI document (schema.ts, generated: never edit it).
 *
 *   const stablepay = createStablepayClient({ baseUrl: "http://localhost:3000", apiKey: process.env.STABLEPAY_KEY! });
 *   const { data, error } = await stablepay.POST("/v1/payment-intents", { body: { amount: 12.5, currency: "usd", merchant_id } });
 *
 * Every call answers `{ data }` or `{ error }` (the API's error object), never throws for an HTTP
 * error. What this adds to openapi-fetch:
 * - the key as a Bearer token on every request, and a User-Agent naming this client's version and
 *   the API version it was generated from (the operator's logs tell which clients call);
 * - an `Idempotency-Key` on every POST (yours if you set the header, else a new random one per call),
 *   so that the retries below can never create twice;
 * - retries of a call that got no answer, a 429, 502, 503 or 504 (the "try again" answers), with the
 *   same idempotency key: after `Retry-After` when the service says (seconds or an HTTP date), else
 *   0.5 s doubling, each wait jittered so that clients told the same thing do not all come back in the
 *   same instant; never a call you aborted yourself;
 * - a timeout per attempt (`timeoutMs`, default 30 s): an attempt that times out is retried like one
 *   that got no answer;
 * - `StablepayError` (with the answer's request id) and `orThrow`, for callers who prefer exceptions;
 * - `listAll`, an async iterator over every page of a list.
 */
import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { paths } from "./schema.js";
import { API_VERSION, CLIENT_VERSION } from "./version.js";

export type { paths, components, operations } from "./schema.js";
export { signWebhook, verifyWebhook, WebhookVerificationError, type StablepayEvent, type WebhookEvent, type WebhookEventOf, type WebhookEventType } from "./webhooks.js";

export interface StablepayClientOptions {
  /** Where the service answers, e.g. `http://localhost:3000` (no `/v1`). */
  baseUrl: string;
  /** A secret key (`sk_test_…` or `sk_live_…`). */
  apiKey: string;
  /** Attempts per call on no answer, 429, 502, 503 or 504 (default 3; 1 = no retry). */
  maxAttempts?: number;
  /** How long one attempt may take before it is abandoned (and retried), in ms (default 30,000). */
  timeoutMs?: number;
  /** Your own fetch (tests, a proxy). */
  fetch?: typeof globalThis.fetch;
}

export type StablepayClient = Client<paths>;

export { API_VERSION, CLIENT_VERSION };
export const USER_AGENT = `stablepay-client-typescript/${CLIENT_VERSION} (API-Version ${API_VERSION})`;

const RETRIED = new Set([429, 502, 503, 504]);
/** The longest wait a `Retry-After` may ask for; a longer one is answered as it is (the caller decides). */
const MAX_RETRY_AFTER_MS = 60_000;

export function createStablepayClient(opts: StablepayClientOptions): StablepayClient {
  const maxAttempts = Math.max(1, opts.maxAttempts ?? 3);
  const baseFetch = opts.fetch ?? globalThis.fetch;
  const client = createClient<paths>({ baseUrl: opts.baseUrl.replace(/\/+$/, ""), fetch: retrying(baseFetch, maxAttempts, opts.timeoutMs ?? 30_000) });
  const auth: Middleware = {
    onRequest({ request }) {
      request.headers.set("authorization", `Bearer ${opts.apiKey}`);
      request.headers.set("user-agent", USER_AGENT);
      if (request.method === "POST" && !request.headers.has("idempotency-key")) request.headers.set("idempotency-key", crypto.randomUUID());
      return request;
    },
  };
  client.use(auth);
  return client;
}

/** The wait a `Retry-After` asks for, in ms (seconds, or an HTTP date); undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * A fetch that sends the same request again (same headers, so the same idempotency key) on no answer,
 * a timeout, 429, 502, 503 or 504. A caller's own abort ends it at once, never retried.
 */
function retrying(base: typeof globalThis.fetch, maxAttempts: number, timeoutMs: number): typeof globalThis.fetch {
  return (async (input: Request) => {
    let backoffMs = 500;
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= maxAttempts;
      if (input.signal?.aborted) throw input.signal.reason;
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
      let wait: number;
      try {
        // A fresh Request per attempt (a body is read once), carrying the attempt's own signal (the caller's, or the timeout).
        const res = await base(new Request(input.clone() as never, { signal }) as Parameters<typeof globalThis.fetch>[0]);
        if (last || !RETRIED.has(res.status)) return res;
        const asked = retryAfterMs(res.headers.get("retry-after"));
        if (asked !== undefined && asked > MAX_RETRY_AFTER_MS) return res;
        // Told when: no sooner, and up to 10% later, so that every client told the same second does not come back in it.
        wait = asked !== undefined ? asked + Math.random() * asked * 0.1 : backoffMs / 2 + Math.random() * (backoffMs / 2);
        await res.body?.cancel().catch(() => undefined);
      } catch (err) {
        if (input.signal?.aborted) throw err;
        if (last) throw err;
        wait = backoffMs / 2 + Math.random() * (backoffMs / 2);
      }
      await sleep(wait, input.signal);
      backoffMs *= 2;
    }
  }) as typeof globalThis.fetch;
}

function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}

/** An error answer of the API as an exception: what the body said, and the request id to quote to the operator. */
export class StablepayError extends Error {
  readonly statusCode: number;
  readonly type: string | undefined;
  readonly code: string | undefined;
  readonly param: string | undefined;
  readonly requestId: string | null;
  constructor(response: Response, body: unknown) {
    const e = (body as { error?: { message?: string; type?: string; code?: string; param?: string } } | undefined)?.error;
    super(e?.message ?? `HTTP ${response.status}`);
    this.name = "StablepayError";
    this.statusCode = response.status;
    this.type = e?.type;
    this.code = e?.code;
    this.param = e?.param;
    this.requestId = response.headers.get("request-id");
  }
}

/** The data of a call's answer, or its error thrown as a StablepayError. */
export function orThrow<T>(answer: { data?: T; error?: unknown; response: Response }): T {
  if (answer.error !== undefined || answer.data === undefined) throw new StablepayError(answer.response, answer.error);
  return answer.data;
}

/**
 * Every item of a list, page after page (`starting_after` the last id of each page), e.g.
 *   for await (const refund of listAll((q) => stablepay.GET("/v1/refunds", { params: { query: q } }), { limit: 100 })) …
 */
export async function* listAll<T extends { id: string }, Q extends Record<string, unknown>>(
  page: (query: Q & { starting_after?: string }) => Promise<{ data?: { data: T[]; has_more: boolean }; error?: unknown; response: Response }>,
  query: Q = {} as Q,
): AsyncGenerator<T> {
  let after: string | undefined;
  for (;;) {
    const list = orThrow(await page({ ...query, ...(after !== undefined ? { starting_after: after } : {}) }));
    for (const item of list.data) yield item;
    if (!list.has_more || list.data.length === 0) return;
    after = list.data[list.data.length - 1]!.id;
  }
}
