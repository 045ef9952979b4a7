/**
 * The TypeScript client (clients/typescript) and the example shop that uses it (examples/shop):
 * - the committed client is what the running service's OpenAPI document generates (never drifts);
 * - its package builds (tsc);
 * - the package packs (built first), installs from its tarball in a fresh folder, and the example shop
 *   runs on that install against the sandbox: orders (idempotency keyed on the shop's order id, a 503
 *   retried), paid, expired then paid late (for review), paid again on a new intent, a wrong amount
 *   (unmatched), a forged webhook refused, a refund.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateClientFiles, CLIENT_DIR, DOCUMENT_FILE } from "../scripts/generate-client.ts";
import { API_VERSION, CLIENT_VERSION, createStablepayClient, listAll, orThrow, retryAfterMs, signWebhook, StablepayError, verifyWebhook, WebhookVerificationError } from "../clients/typescript/src/index.ts";
import { startTestService, type TestService } from "./support/service.ts";
import { freePort } from "../src/sandbox/ports.ts";
import { rpc, waitFor } from "./support/payments.ts";

const SHOP_DIR = join(import.meta.dir, "..", "examples", "shop");

let svc: TestService;

beforeAll(async () => {
  svc = await startTestService({ roles: ["api", "indexer", "matcher", "dispatcher", "settler", "expirer"] });
}, 120_000);
afterAll(async () => {
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

test("signWebhook signs as the Standard Webhooks test vector says, and what it signs verifyWebhook accepts, typed by its type", () => {
  const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
  const vector = signWebhook(secret, '{"test": 2432232314}', { id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: new Date(1614265330 * 1000) });
  expect(vector).toEqual({
    "content-type": "application/json",
    "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek",
    "webhook-timestamp": "1614265330",
    "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
  });
  const body = JSON.stringify({ id: "evt_1", object: "event", type: "refund.succeeded", created_at: new Date().toISOString(), data: { id: "re_1", payment_intent: "pi_1" } });
  const event = verifyWebhook(secret, signWebhook(secret, body, { id: "evt_1" }), body);
  if (event.type !== "refund.succeeded") throw new Error(`typed as ${event.type}`);
  expect(event.data.payment_intent).toBe("pi_1");
  // Another secret, an old timestamp, a changed body: refused.
  expect(() => verifyWebhook("whsec_" + Buffer.from("another secret of 24 b").toString("base64"), signWebhook(secret, body), body)).toThrow(WebhookVerificationError);
  expect(() => verifyWebhook(secret, signWebhook(secret, body, { timestamp: new Date(Date.now() - 3_600_000) }), body)).toThrow(WebhookVerificationError);
  expect(() => verifyWebhook(secret, signWebhook(secret, body), body.replace("pi_1", "pi_2"))).toThrow(WebhookVerificationError);
});

test("the client's package builds", () => {
  const tsc = Bun.spawnSync([join(import.meta.dir, "..", "node_modules", ".bin", "tsc"), "-p", join(CLIENT_DIR, "tsconfig.json"), "--noEmit"]);
  expect(tsc.stdout.toString() + tsc.stderr.toString()).toBe("");
  expect(tsc.exitCode).toBe(0);
}, 60_000);

test("the client packs; its tarball installs in a fresh folder, and the example shop runs on it against the sandbox: orders, a retried create, paid, late, paid again, unmatched, refunded", async () => {
  const work = mkdtempSync(join(tmpdir(), "stablepay-shop-"));
  const shopDir = join(work, "shop");
  try {
    // Packed as npm publishes it (prepack builds dist/), installed as an integrator installs it.
    const pack = run(["npm", "pack", "--silent", "--pack-destination", work], CLIENT_DIR);
    const tarball = join(work, pack.trim().split("\n").pop()!);
    expect(existsSync(tarball)).toBe(true);
    mkdirSync(shopDir);
    for (const f of ["shop.ts", "tsconfig.json"]) copyFileSync(join(SHOP_DIR, f), join(shopDir, f));
    const manifest = JSON.parse(readFileSync(join(SHOP_DIR, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    manifest.dependencies["@stablepay/client"] = `file:${tarball}`;
    writeFileSync(join(shopDir, "package.json"), JSON.stringify(manifest, null, 2));
    run(["npm", "install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], shopDir);
    // What got installed is the package, not this repository's source: dist/ and its types only through the exports map.
    const installed = join(shopDir, "node_modules", "@stablepay", "client");
    expect(existsSync(join(installed, "dist", "index.js"))).toBe(true);
    expect(existsSync(join(installed, "dist", "index.d.ts"))).toBe(true);
    // The shop typechecks against the installed package's types.
    run([join(shopDir, "node_modules", ".bin", "tsc"), "--noEmit", "-p", "."], shopDir);

    // The service, behind a proxy that answers the first create 503 (Retry-After: 1): the client retries it.
    const creates: Array<{ status: number; key: string | null }> = [];
    let failNextCreate = true;
    const proxy = Bun.serve({
      port: 0,
      async fetch(req) {
        const url = new URL(req.url);
        const isCreate = req.method === "POST" && url.pathname === "/v1/payment-intents";
        if (isCreate && failNextCreate) {
          failNextCreate = false;
          creates.push({ status: 503, key: req.headers.get("idempotency-key") });
          return Response.json({ error: { type: "api_error", code: "service_unavailable", message: "Try again." } }, { status: 503, headers: { "retry-after": "1" } });
        }
        const res = await fetch(`${svc.apiUrl}${url.pathname}${url.search}`, { method: req.method, headers: req.headers, body: req.method === "GET" ? undefined : await req.arrayBuffer(), redirect: "manual" });
        if (isCreate) creates.push({ status: res.status, key: req.headers.get("idempotency-key") });
        return new Response(await res.arrayBuffer(), { status: res.status, headers: res.headers });
      },
    });
    const key = svc.sandbox.test_key_unscoped;
    const port = await freePort();
    const endpoint = (await (
      await svc.api("/v1/webhook_endpoints", {
        method: "POST",
        key,
        json: { url: `http://127.0.0.1:${port}/webhooks`, enabled_events: ["payment_intent.confirmed", "payment_intent.expired", "transaction.created", "refund.succeeded"] },
      })
    ).json()) as { secret: string };
    const shopProc = Bun.spawn([process.execPath, "shop.ts"], {
      cwd: shopDir,
      env: { ...process.env, STABLEPAY_API_URL: `http://127.0.0.1:${proxy.port}`, STABLEPAY_KEY: key, STABLEPAY_MERCHANT: svc.sandbox.merchant_id, STABLEPAY_WEBHOOK_SECRET: endpoint.secret, PORT: String(port) },
      stdout: "pipe",
      stderr: "pipe",
    });
    const shopUrl = `http://127.0.0.1:${port}`;
    type ShopOrder = { status: string; intentId: string; intents: string[]; review: Array<{ reason: string }>; events: string[] };
    const order = async (id: string) => (await (await fetch(`${shopUrl}/orders/${id}`)).json()) as ShopOrder;
    const helper = (intent: string, what: "pay" | "expire", body?: unknown) =>
      svc.api(`/v1/test_helpers/payment_intents/${intent}/${what}`, { method: "POST", key, ...(body ? { json: body } : {}) });
    // The expirer ends an intent once the chain has a block past its expiry: on this chain (mined on
    // demand) a block is mined while waiting, as a live chain mines one every few seconds.
    const expired = async (intent: string) => {
      expect((await helper(intent, "expire")).status).toBe(200);
      await waitFor("the intent expired", async () => {
        await rpc(svc, "evm_mine");
        return ((await (await svc.api(`/v1/payment-intents/${intent}`, { key })).json()) as { status: string }).status === "expired";
      }, 30_000, 250);
    };
    try {
      await waitFor("the shop listening", async () => (await fetch(`${shopUrl}/orders/none`).catch(() => null))?.status === 404, 20_000);

      // An order: its create met a 503, was retried after the Retry-After with the same key (the shop's order id in it), and made one intent.
      const placed = await fetch(`${shopUrl}/orders`, { method: "POST", body: JSON.stringify({ order_id: "ord_1001", amount: 12.5 }) });
      expect(placed.status).toBe(201);
      const first = (await placed.json()) as { order: string; payment_intent: string; pay_url: string };
      expect(creates.map((c) => c.status)).toEqual([503, 201]);
      expect(creates.map((c) => c.key)).toEqual(["order-ord_1001-attempt-1", "order-ord_1001-attempt-1"]);
      const intent = (await (await svc.api(`/v1/payment-intents/${first.payment_intent}`, { key })).json()) as { metadata: Record<string, string> };
      expect(intent.metadata).toEqual({ order_id: "ord_1001" });
      expect((await fetch(first.pay_url)).status).toBe(200); // the customer's page, through the shop's base URL
      // The same checkout again (a double click): the same intent, not a second.
      const again = (await (await fetch(`${shopUrl}/orders`, { method: "POST", body: JSON.stringify({ order_id: "ord_1001", amount: 12.5 }) })).json()) as { payment_intent: string };
      expect(again.payment_intent).toBe(first.payment_intent);

      // Paid: the confirmation reaches the shop as a signed webhook.
      expect((await helper(first.payment_intent, "pay")).status).toBe(200);
      await waitFor("order 1001 paid", async () => (await order("ord_1001")).status === "paid", 60_000);

      // A forged delivery is refused.
      const forged = await fetch(`${shopUrl}/webhooks`, {
        method: "POST",
        headers: { "webhook-id": "evt_forged", "webhook-timestamp": String(Math.floor(Date.now() / 1000)), "webhook-signature": "v1,AAAA" },
        body: JSON.stringify({ id: "evt_forged", object: "event", type: "payment_intent.confirmed", data: { id: first.payment_intent } }),
      });
      expect(forged.status).toBe(401);

      // Expired, then paid after its end: a late payment, for a person to decide on (never "paid" by itself).
      const late = (await (await fetch(`${shopUrl}/orders`, { method: "POST", body: JSON.stringify({ order_id: "ord_1002", amount: 7.25 }) })).json()) as { payment_intent: string };
      await expired(late.payment_intent);
      await waitFor("order 1002 expired", async () => (await order("ord_1002")).status === "expired", 30_000);
      expect((await helper(late.payment_intent, "pay")).status).toBe(200);
      await waitFor("order 1002 under review", async () => (await order("ord_1002")).status === "needs_review", 60_000);
      expect((await order("ord_1002")).review.map((r) => r.reason)).toEqual(["late_payment"]);

      // Expired, then paid again: a second intent for the same order (its own idempotency key), paid.
      const retry = (await (await fetch(`${shopUrl}/orders`, { method: "POST", body: JSON.stringify({ order_id: "ord_1003", amount: 9.5 }) })).json()) as { payment_intent: string };
      await expired(retry.payment_intent);
      await waitFor("order 1003 expired", async () => (await order("ord_1003")).status === "expired", 30_000);
      const second = (await (await fetch(`${shopUrl}/orders/ord_1003/pay-again`, { method: "POST" })).json()) as { payment_intent: string };
      expect(second.payment_intent).not.toBe(retry.payment_intent);
      expect(creates.at(-1)).toEqual({ status: 201, key: "order-ord_1003-attempt-2" });
      await helper(second.payment_intent, "pay");
      await waitFor("order 1003 paid on its second intent", async () => (await order("ord_1003")).status === "paid", 60_000);

      // A wrong amount: the service matches it to no intent; the shop lists it for a person.
      const wrong = (await (await fetch(`${shopUrl}/orders`, { method: "POST", body: JSON.stringify({ order_id: "ord_1004", amount: 20 }) })).json()) as { payment_intent: string };
      await helper(wrong.payment_intent, "pay", { amount: 19.87 });
      await waitFor("the unmatched payment listed", async () => {
        const list = (await (await fetch(`${shopUrl}/payments/unmatched`)).json()) as { data: Array<{ amount: number }> };
        return list.data.some((p) => p.amount === 19.87);
      }, 60_000);
      expect((await order("ord_1004")).status).toBe("awaiting_payment");

      // A partial refund of order 1001, to the wallet that paid.
      const refund = await fetch(`${shopUrl}/orders/ord_1001/refund`, { method: "POST", body: JSON.stringify({ recipient_address: svc.sandbox.payer_address, amount: 10 }) });
      const body = (await refund.json()) as { refund?: string; status?: string };
      expect({ status: refund.status, body }).toMatchObject({ status: 201, body: { refund: expect.stringMatching(/^re_/) } });
    } finally {
      shopProc.kill();
      await shopProc.exited;
      proxy.stop(true);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}, 240_000);

/** Runs a command to its end; its output, or the test fails with what it said. */
function run(cmd: string[], cwd: string): string {
  const r = Bun.spawnSync(cmd, { cwd, env: { ...process.env, npm_config_update_notifier: "false" }, stdout: "pipe", stderr: "pipe" });
  const out = r.stdout.toString();
  if (r.exitCode !== 0) throw new Error(`${cmd.join(" ")} (in ${cwd}) exited ${r.exitCode}:\n${out}\n${r.stderr.toString()}`);
  return out;
}
