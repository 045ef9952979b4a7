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
 * - retries of a call that got no answer, a 429 or a 503 (the service's "try again" answers), with
 *   the same idempotency key, after `Retry-After` when the service says, else 0.5 s doubling.
 */
import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { paths } from "./schema.js";
import { API_VERSION, CLIENT_VERSION } from "./version.js";

export type { paths, components, operations } from "./schema.js";
export { verifyWebhook, WebhookVerificationError, type StablepayEvent } from "./webhooks.js";

export interface StablepayClientOptions {
  /** Where the service answers, e.g. `http://localhost:3000` (no `/v1`). */
  baseUrl: string;
  /** A secret key (`sk_test_…` or `sk_live_…`). */
  apiKey: string;
  /** Attempts per call on no answer, 429 or 503 (default 3; 1 = no retry). */
  maxAttempts?: number;
  /** Your own fetch (tests, a proxy). */
  fetch?: typeof globalThis.fetch;
}

export type StablepayClient = Client<paths>;

export { API_VERSION, CLIENT_VERSION };
export const USER_AGENT = `stablepay-client-typescript/${CLIENT_VERSION} (API-Version ${API_VERSION})`;

const RETRIED = new Set([429, 503]);

export function createStablepayClient(opts: StablepayClientOptions): StablepayClient {
  const maxAttempts = Math.max(1, opts.maxAttempts ?? 3);
  const baseFetch = opts.fetch ?? globalThis.fetch;
  const client = createClient<paths>({ baseUrl: opts.baseUrl.replace(/\/+$/, ""), fetch: retrying(baseFetch, maxAttempts) });
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

/** A fetch that sends the same request again (same headers, so the same idempotency key) on no answer, 429 or 503. */
function retrying(base: typeof globalThis.fetch, maxAttempts: number): typeof globalThis.fetch {
  return (async (input: Request) => {
    let delayMs = 500;
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= maxAttempts;
      try {
        const res = await base(input.clone() as Parameters<typeof globalThis.fetch>[0]);
        if (last || !RETRIED.has(res.status)) return res;
        const after = Number(res.headers.get("retry-after"));
        await sleep(Number.isFinite(after) && after > 0 ? Math.min(after * 1000, 30_000) : delayMs);
      } catch (err) {
        if (last) throw err;
        await sleep(delayMs);
      }
      delayMs *= 2;
    }
  }) as typeof globalThis.fetch;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
