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
import { API_VERSION, CLIENT_VERSION, createStablepayClient, verifyWebhook, WebhookVerificationError } from "../clients/typescript/src/index.ts";
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
