/**
 * The TypeScript client (clients/typescript) and the example shop that uses it (examples/shop):
 * - the committed client is what the running service's OpenAPI document generates (never drifts);
 * - its package builds (tsc);
 * - the shop, against the sandbox: a checkout creates an intent and sends the customer to the hosted
 *   page, the customer pays on chain, the shop receives the confirmation as a webhook whose signature
 *   it checks (a forged one is refused), and it refunds the order.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { generateClientFiles, CLIENT_DIR, DOCUMENT_FILE } from "../scripts/generate-client.ts";
import { startShop } from "../examples/shop/shop.ts";
import { API_VERSION, CLIENT_VERSION, createStablepayClient, listAll, orThrow, retryAfterMs, StablepayError, verifyWebhook, WebhookVerificationError } from "../clients/typescript/src/index.ts";
import { startTestService, type TestService } from "./support/service.ts";
import { payer, waitFor } from "./support/payments.ts";

let svc: TestService;
let shop: ReturnType<typeof startShop>;

beforeAll(async () => {
  svc = await startTestService({ roles: ["api", "indexer", "matcher", "dispatcher", "settler"] });
  shop = startShop({ apiUrl: svc.apiUrl, apiKey: svc.sandbox.test_key_unscoped, merchantId: svc.sandbox.merchant_id });
}, 120_000);
afterAll(async () => {
  shop?.stop();
  await svc?.stop();
});

test("the committed openapi.json and client are what the service's OpenAPI document generates (bun scripts/generate-client.ts after an API change)", async () => {
  const doc = (await (await svc.api("/swagger/json", { key: null })).json()) as Record<string, unknown>;
  const { schema, version, document } = await generateClientFiles(doc);
  const committed = readFileSync(join(CLIENT_DIR, "src", "schema.ts"), "utf8");
  expect(committed === schema).toBe(true);
  expect(readFileSync(join(CLIENT_DIR, "src", "version.ts"), "utf8")).toBe(version);
  // The committed contract, openapi.json, is the running service's document (its servers aside).
  expect(readFileSync(DOCUMENT_FILE, "utf8") === document).toBe(true);
}, 60_000);

test("the client names itself and the API version it was generated from in its User-Agent", async () => {
  // A server of our own on the way, so the test reads what the client really sent over HTTP.
  const seen = { userAgent: null as string | null };
  const echo = Bun.serve({
    port: 0,
    fetch(req) {
      seen.userAgent = req.headers.get("user-agent");
      return Response.json({ object: "list", data: [], has_more: false, total_count: 0 });
    },
  });
  try {
    const client = createStablepayClient({ baseUrl: `http://127.0.0.1:${echo.port}`, apiKey: "sk_test_x" });
    await client.GET("/v1/events");
    expect(seen.userAgent).toBe(`stablepay-client-typescript/${CLIENT_VERSION} (API-Version ${API_VERSION})`);
    const pkg = JSON.parse(readFileSync(join(CLIENT_DIR, "package.json"), "utf8")) as { version: string };
    expect(CLIENT_VERSION).toBe(pkg.version);
    // The version the client was generated from is the one the service answers with.
    expect((await svc.api("/v1/events", { key: svc.sandbox.test_key_unscoped })).headers.get("api-version")).toBe(API_VERSION);
  } finally {
    echo.stop(true);
  }
});

test("retries: the same idempotency key on every attempt, Retry-After as seconds or an HTTP date (never sooner, jittered), a timeout retried, a caller's abort never", async () => {
  const attempts: Array<{ at: number; key: string | null }> = [];
  let script: Array<(req: Request) => Response | Promise<Response>> = [];
  const server = Bun.serve({
    port: 0,
    fetch(req) {
      attempts.push({ at: Date.now(), key: req.headers.get("idempotency-key") });
      const next = script.shift();
      return next ? next(req) : Response.json({ id: "pi_x", object: "payment_intent" }, { status: 201 });
    },
  });
  const baseUrl = `http://127.0.0.1:${server.port}`;
  const unavailable = (retryAfter: string) => () => Response.json({ error: { type: "api_error", code: "service_unavailable", message: "busy" } }, { status: 503, headers: { "retry-after": retryAfter, "request-id": "req_busy" } });
  try {
    // 503 with Retry-After in seconds, then in an HTTP date, then the answer: one key throughout, no early retry.
    script = [unavailable("1"), unavailable(new Date(Date.now() + 2_000).toUTCString())];
    const client = createStablepayClient({ baseUrl, apiKey: "sk_test_x", maxAttempts: 3 });
    const { data, response } = await client.POST("/v1/payment-intents", { body: { amount: 1, currency: "usd", merchant_id: "mer_x" } as never });
    expect(response.status).toBe(201);
    expect((data as { id: string }).id).toBe("pi_x");
    expect(attempts.length).toBe(3);
    expect(new Set(attempts.map((a) => a.key)).size).toBe(1);
    expect(attempts[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(1_000);
    expect(retryAfterMs("Wed, 21 Oct 2015 07:28:00 GMT", Date.parse("Wed, 21 Oct 2015 07:27:58 GMT"))).toBe(2_000);
    expect(retryAfterMs("soon")).toBeUndefined();

    // Out of attempts: the error answer, as an exception with its request id when asked for.
    attempts.length = 0;
    script = [unavailable("0"), unavailable("0")];
    const failed = await createStablepayClient({ baseUrl, apiKey: "sk_test_x", maxAttempts: 2 }).GET("/v1/events");
    expect(failed.response.status).toBe(503);
    let thrown: unknown;
    try {
      orThrow(failed);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(StablepayError);
    expect(thrown).toMatchObject({ statusCode: 503, type: "api_error", code: "service_unavailable", requestId: "req_busy", message: "busy" });

    // An attempt that takes too long is abandoned and retried.
    attempts.length = 0;
    script = [async () => (await Bun.sleep(1_500), Response.json({ late: true }))];
    const timed = await createStablepayClient({ baseUrl, apiKey: "sk_test_x", timeoutMs: 300 }).GET("/v1/events");
    expect(timed.response.status).toBe(201);
    expect(attempts.length).toBe(2);

    // The caller's own abort: not retried.
    attempts.length = 0;
    script = [async () => (await Bun.sleep(1_000), Response.json({}))];
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 100);
    const aborted = await createStablepayClient({ baseUrl, apiKey: "sk_test_x", maxAttempts: 5 }).GET("/v1/events", { signal: abort.signal }).then(
      () => "answered",
      () => "aborted",
    );
    expect(aborted).toBe("aborted");
    await Bun.sleep(200);
    expect(attempts.length).toBe(1);
  } finally {
    server.stop(true);
  }
}, 30_000);

test("listAll walks every page of a list against the service", async () => {
  const client = createStablepayClient({ baseUrl: svc.apiUrl, apiKey: svc.sandbox.test_key_unscoped });
  const merchant_id = svc.sandbox.merchant_id;
  const created: string[] = [];
  for (const amount of [3.1, 3.2, 3.3, 3.4, 3.5]) created.push(orThrow(await client.POST("/v1/payment-intents", { body: { amount, currency: "usd", merchant_id } })).id);
  const ids: string[] = [];
  for await (const intent of listAll((q) => client.GET("/v1/payment-intents", { params: { query: q } }), { limit: 2, merchant_id })) ids.push(intent.id);
  // Newest first, across pages of 2: the five just created lead, each once.
  expect(ids.slice(0, 5)).toEqual([...created].reverse());
  expect(new Set(ids).size).toBe(ids.length);
});

test("the client's package builds", () => {
  const tsc = Bun.spawnSync([join(import.meta.dir, "..", "node_modules", ".bin", "tsc"), "-p", join(CLIENT_DIR, "tsconfig.json"), "--noEmit"]);
  expect(tsc.stdout.toString() + tsc.stderr.toString()).toBe("");
  expect(tsc.exitCode).toBe(0);
}, 60_000);

test("the example shop: checkout, hosted page, payment on chain, verified webhook, refund", async () => {
  // The shop's webhook endpoint, created through the client; its secret shown once.
  const { data: endpoint, error } = await shop.client.POST("/v1/webhook_endpoints", {
    body: { url: `${shop.url}/webhooks`, enabled_events: ["payment_intent.confirmed", "refund.succeeded"] },
  });
  expect(error).toBeUndefined();
  // 201 carries the secret (a replay of the same create, 200, does not show it again).
  const secret = (endpoint as { secret?: string }).secret!;
  expect(secret).toStartWith("whsec_");
  shop.setWebhookSecret(secret);

  const checkout = await fetch(`${shop.url}/checkout`, { method: "POST", body: JSON.stringify({ amount: 12.5 }) });
  expect(checkout.status).toBe(201);
  const { order, pay_url } = (await checkout.json()) as { order: string; pay_url: string };
  expect((await fetch(pay_url)).status).toBe(200); // the customer's page

  // The customer pays what the intent asks, on its chain.
  const { data: intent } = await shop.client.GET("/v1/payment-intents/{id}", { params: { path: { id: order } } });
  const value = BigInt(/uint256=(\d+)/.exec((intent as { qr_payload: string }).qr_payload)![1]!);
  const customer = payer(svc);
  await customer.pay((intent as { payment_address: `0x${string}` }).payment_address, value);

  // The confirmation reaches the shop as a signed webhook.
  await waitFor("the shop's order paid (webhook verified)", async () => shop.orders.get(order)?.status === "paid", 30_000);
  expect(shop.orders.get(order)!.events).toContain("payment_intent.confirmed");

  // A forged delivery is refused by the shop.
  const forged = await fetch(`${shop.url}/webhooks`, {
    method: "POST",
    headers: { "webhook-id": "evt_forged", "webhook-timestamp": String(Math.floor(Date.now() / 1000)), "webhook-signature": "v1,AAAA" },
    body: JSON.stringify({ id: "evt_forged", object: "event", type: "payment_intent.confirmed", data: { id: order } }),
  });
  expect(forged.status).toBe(401);
  expect(() => verifyWebhook(secret, { "webhook-id": "x", "webhook-timestamp": "1", "webhook-signature": "v1,AAAA" }, "{}")).toThrow(WebhookVerificationError);

  // A partial refund, to the wallet that paid (the platform fee stays the merchant's cost, so the
  // account holds less than the whole payment).
  const refund = await fetch(`${shop.url}/orders/${order}/refund`, { method: "POST", body: JSON.stringify({ recipient_address: customer.address, amount: 10 }) });
  const body = (await refund.json()) as { refund?: string; status?: string; error?: string };
  expect({ status: refund.status, body }).toMatchObject({ status: 201, body: { refund: expect.stringMatching(/^re_/) } });
  expect(["requires_approval", "pending", "succeeded"]).toContain(body.status!);
}, 120_000);
