/**
 * The shared security suite: every route in the app's OpenAPI document (so a new route is covered
 * as soon as it is documented) against missing, malformed, unknown and revoked keys, and against
 * keys that may not see the object: another account, a key scoped to another merchant of the same
 * account, a live key for a test object. The answer is always 401 or 404 (400 resource_missing for
 * a body field), never 403, never 2xx, never 500; and the object is untouched afterwards.
 * Public routes (QR image, docs, health) answer without a key.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { Authenticator } from "../src/modules/access/authenticator.ts";
import { ApiError } from "../src/domain/errors.ts";
import { newId } from "../src/domain/ids.ts";
import { API_KEYS_CHANGED_CHANNEL } from "../src/modules/access/authenticator.ts";
import { createApiKey, createIntegratorAccount, onboardMerchant, revokeApiKey } from "../src/modules/merchants/onboarding.ts";
import { startTestService, type TestService } from "./support/service.ts";
import { insertEvent } from "../src/modules/outbox/outbox.ts";

type Json = Record<string, any>;
interface Route {
  method: string;
  path: string;
  op: Json;
}

let svc: TestService;
let routes: Route[];
/** The victim: demo account, demo merchant (test mode), an open intent and a transaction of it. */
const victim = { merchant: "", intent: "", transaction: "", event: "", endpoint: "", settlement: "", refund: "", link: "", terminal: "", depositAddress: "" };
/** Keys that must not see the victim's objects. */
const attackers: Record<string, string> = {};
const PAYER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

const isPublic = (r: Route) => Array.isArray(r.op.security) && r.op.security.length === 0;
const label = (r: Route) => `${r.method.toUpperCase()} ${r.path}`;

/** The victim's object for a path parameter, by the route it appears in. New kinds of ids need a line here. */
function objectFor(path: string): string | undefined {
  if (!/\{[^}]+\}/.test(path)) return undefined;
  if (/^\/v1\/(payment-intents|test_helpers\/payment_intents)\/\{id\}/.test(path)) return victim.intent;
  if (/^\/v1\/transactions\/\{id\}/.test(path)) return victim.transaction;
  if (/^\/v1\/(merchants|test_helpers\/merchants)\/\{id\}/.test(path)) return victim.merchant;
  if (/^\/v1\/(refunds|test_helpers\/refunds)\/\{id\}/.test(path)) return victim.refund;
  if (/^\/v1\/events\/\{id\}/.test(path)) return victim.event;
  if (/^\/v1\/settlements\/\{id\}/.test(path)) return victim.settlement;
  if (/^\/v1\/webhook_endpoints\/\{id\}/.test(path)) return victim.endpoint;
  if (/^\/v1\/payment_links\/\{id\}/.test(path)) return victim.link;
  if (/^\/pay\/links\/\{id\}/.test(path)) return victim.link;
  if (/^\/(v1|pay)\/terminals\/\{id\}/.test(path)) return victim.terminal;
  if (/^\/v1\/deposit_addresses\/\{id\}/.test(path)) return victim.depositAddress;
  throw new Error(`security.test.ts does not know which object ${path} takes: add it to objectFor()`);
}

function urlFor(r: Route, id: string | undefined): string {
  const path = id === undefined ? r.path : r.path.replace(/\{[^}]+\}/, id);
  const query = (r.op.parameters ?? []).some((p: Json) => p.in === "query" && p.name === "merchant_id") ? `?merchant_id=${victim.merchant}` : "";
  return path + query;
}

/** A body that would be valid for the owner (the documented example), pointed at the victim's merchant. */
function bodyFor(r: Route): unknown {
  const media = r.op.requestBody?.content?.["application/json"];
  if (!media) return undefined;
  const example = media.example ?? Object.values(media.examples ?? {}).map((e: any) => e.value)[0] ?? media.schema?.examples?.[0] ?? {};
  const body = structuredClone(example) as Json;
  if ("merchant_id" in (media.schema?.properties ?? {})) body.merchant_id = victim.merchant;
  if ("amount" in body && r.path === "/v1/payment-intents") body.amount = 1.23;
  return body;
}

function call(r: Route, key: string | null, id = objectFor(r.path), authorization?: string) {
  const body = bodyFor(r);
  const headers: Record<string, string> = {};
  if (authorization !== undefined) headers.authorization = authorization;
  return svc.api(urlFor(r, id), { method: r.method.toUpperCase(), key: authorization !== undefined ? null : key, headers, json: body });
}

async function errorOf(res: Response) {
  const text = await res.text();
  try {
    return { status: res.status, code: (JSON.parse(text) as Json).error?.code as string | undefined, param: (JSON.parse(text) as Json).error?.param as string | undefined };
  } catch {
    return { status: res.status, code: `not JSON: ${text.slice(0, 80)}`, param: undefined };
  }
}

beforeAll(async () => {
  svc = await startTestService();
  const ctx = svc.ctx;
  const doc = (await (await svc.api("/swagger/json", { key: null })).json()) as Json;
  routes = Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m]) => ["get", "post", "put", "patch", "delete"].includes(m))
      .map(([method, op]) => ({ method, path, op: op as Json })),
  );

  victim.merchant = svc.sandbox.merchant_id;
  const created = await svc.api("/v1/payment-intents", { method: "POST", json: { amount: 4.56, currency: "usd", merchant_id: victim.merchant } });
  expect(created.status).toBe(201);
  victim.intent = ((await created.json()) as Json).id;
  victim.transaction = newId("transaction");
  const [m] = await ctx.database.sql`SELECT payment_address, chain_id FROM app.merchants WHERE id = ${victim.merchant}`;
  await ctx.database.sql`
    INSERT INTO app.transactions (id, mode, merchant_id, payment_intent_id, status, amount_units, fee_units, net_units, fee_rate_bps,
      chain_id, tx_hash, log_index, block_number, sender_address, payment_address, confirmed_at)
    VALUES (${victim.transaction}, 'test', ${victim.merchant}, NULL, 'confirmed', ${1_000_000n}, ${10_000n}, ${990_000n}, 100,
      ${m!.chain_id as number}, ${"0x" + randomBytes(32).toString("hex")}, 0, ${1n}, ${PAYER}, ${m!.payment_address as string}, now())`;

  victim.event = await insertEvent(ctx.database.sql, {
    mode: "test",
    type: "payment_intent.confirmed",
    merchantId: victim.merchant,
    accountId: svc.sandbox.account_id,
    data: { id: victim.intent, object: "payment_intent" },
    createdAt: new Date(),
  });
  const endpoint = await svc.api("/v1/webhook_endpoints", { method: "POST", key: svc.sandbox.test_key_unscoped, json: { url: "http://127.0.0.1:1/hook", enabled_events: ["*"] } });
  expect(endpoint.status).toBe(201);
  victim.endpoint = ((await endpoint.json()) as Json).id;
  const link = await svc.api("/v1/payment_links", { method: "POST", key: svc.sandbox.test_key_unscoped, json: { amount: 5, merchant_id: victim.merchant } });
  expect(link.status).toBe(201);
  victim.link = ((await link.json()) as Json).id;
  const terminal = await svc.api("/v1/terminals", { method: "POST", key: svc.sandbox.test_key_unscoped, json: { name: "Counter", merchant_id: victim.merchant } });
  expect(terminal.status).toBe(201);
  victim.terminal = ((await terminal.json()) as Json).id;
  const deposit = await svc.api("/v1/deposit_addresses", { method: "POST", key: svc.sandbox.test_key_unscoped, json: { customer_reference: "victim-customer", merchant_id: victim.merchant } });
  expect(deposit.status).toBe(201);
  victim.depositAddress = ((await deposit.json()) as Json).id;

  victim.settlement = newId("settlement");
  await ctx.database.sql`
    INSERT INTO app.settlements (id, mode, merchant_id, state, trigger, amount_units, withdrawal_units, transaction_count, bank_name, bank_last4,
                                 chain_id, merchant_account, withdrawal_ref, provider, initiated_at)
    VALUES (${victim.settlement}, 'test', ${victim.merchant}, 'created', 'manual', ${990_000n}, ${990_000n}, 1, 'Bank', '1234',
            ${m!.chain_id as number}, ${m!.payment_address as string}, ${"0x" + "00".repeat(32)}, 'sandbox', now())`;

  // A refund waiting for approval (the victim's payment; the demo merchant's account version does not matter to a read).
  victim.refund = newId("refund");
  await ctx.database.sql`
    INSERT INTO app.refunds (id, mode, account_id, merchant_id, transaction_id, chain_id, token, token_address, merchant_account, amount_units,
                             recipient_address, status, refund_ref, payment_ref, created_at, updated_at)
    VALUES (${victim.refund}, 'test', ${svc.sandbox.account_id}, ${victim.merchant}, ${victim.transaction}, ${m!.chain_id as number}, 'USDC',
            ${ctx.chains.test!.usdc}, ${m!.payment_address as string}, ${500_000n}, ${PAYER}, 'requires_approval',
            ${"0x" + randomBytes(32).toString("hex")}, ${"0x" + randomBytes(32).toString("hex")}, now(), now())`;

  const defaults = { email: "ops@example.com", bankName: "Bank", bankLast4: "1234", schedule: { kind: "manual" as const }, ownerAddress: PAYER, payoutAddress: PAYER };
  // Another integrator account, with its own merchant and keys.
  const other = await createIntegratorAccount(ctx, "Attacker integrator");
  const otherMerchant = await onboardMerchant(ctx, { ...defaults, accountIds: [other.id], mode: "test", businessName: "Attacker Shop" });
  // Every attacker key holds every permission (refunds included): what it may not see is still 404.
  attackers["other account, unscoped"] = (await createApiKey(ctx, { accountId: other.id, mode: "test", refunds: true })).key;
  attackers["other account, scoped"] = (await createApiKey(ctx, { accountId: other.id, mode: "test", merchantId: otherMerchant.id, refunds: true })).key;
  // Same account, key scoped to its other merchant.
  const sibling = await onboardMerchant(ctx, { ...defaults, accountIds: [svc.sandbox.account_id], mode: "test", businessName: "Sibling Shop" });
  attackers["same account, scoped to another merchant"] = (await createApiKey(ctx, { accountId: svc.sandbox.account_id, mode: "test", merchantId: sibling.id, refunds: true })).key;
  // Same account, live mode: sees no test data.
  attackers["same account, live key"] = (await createApiKey(ctx, { accountId: svc.sandbox.account_id, mode: "live", refunds: true })).key;
});
afterAll(async () => {
  await svc?.stop();
});

describe("every documented route", () => {
  test("the document lists the routes this suite must cover", () => {
    const secured = routes.filter((r) => !isPublic(r)).map(label);
    for (const r of [
      "GET /v1/payment-intents/{id}",
      "POST /v1/payment-intents",
      "GET /v1/transactions",
      "GET /v1/merchants/{id}",
      "GET /v1/events",
      "GET /v1/events/{id}",
      "POST /v1/events/{id}/resend",
      "POST /v1/webhook_endpoints",
      "POST /v1/webhook_endpoints/{id}",
      "DELETE /v1/webhook_endpoints/{id}",
      "POST /v1/webhook_endpoints/{id}/rotate_secret",
      "GET /v1/webhook_endpoints/{id}/deliveries",
      "GET /v1/settlements",
      "GET /v1/settlements/{id}",
      "POST /v1/settlements",
    ])
      expect(secured).toContain(r);
    expect(secured.length).toBeGreaterThanOrEqual(10);
  });

  test("fixtures are real: the owner sees every object a route is called with", async () => {
    for (const r of routes.filter((x) => !isPublic(x) && x.method === "get")) {
      const res = await svc.api(urlFor(r, objectFor(r.path)), { key: svc.sandbox.test_key_unscoped });
      expect({ route: label(r), status: res.status }).toEqual({ route: label(r), status: 200 });
    }
  });

  test("no key: 401 api_key_missing", async () => {
    for (const r of routes.filter((x) => !isPublic(x))) {
      for (const authorization of [undefined, "", "Basic dXNlcjpwYXNz", "Bearer", "Bearer "]) {
        const res = await call(r, null, undefined, authorization);
        expect({ route: label(r), authorization, ...(await errorOf(res)) }).toEqual({ route: label(r), authorization, status: 401, code: "api_key_missing", param: undefined });
      }
    }
  });

  test("malformed or unknown key: 401 api_key_invalid", async () => {
    const keys = ["nope", "sk_test_short", "sk_live_" + "a".repeat(33), "pk_test_" + "a".repeat(32), "sk_test_" + "a".repeat(32), "sk_test_" + "é".repeat(32)];
    for (const r of routes.filter((x) => !isPublic(x))) {
      for (const key of keys) {
        const res = await call(r, key);
        expect({ route: label(r), key, ...(await errorOf(res)) }).toEqual({ route: label(r), key, status: 401, code: "api_key_invalid", param: undefined });
      }
    }
  });

  test("a key that may not see the object: 404 resource_missing (400 for a body field), never 403, never 2xx", async () => {
    let checked = 0;
    for (const r of routes.filter((x) => !isPublic(x))) {
      // A body that names no object of the victim (e.g. creating a webhook endpoint) creates the
      // caller's own object: nothing of the victim's to refuse.
      const bodyNamesMerchant = !!(r.op.requestBody?.content?.["application/json"]?.schema?.properties ?? {}).merchant_id;
      const referencesVictim = objectFor(r.path) !== undefined || urlFor(r, undefined).includes("merchant_id=") || bodyNamesMerchant;
      for (const [who, key] of Object.entries(attackers)) {
        const isTestHelper = r.path.startsWith("/v1/test_helpers/");
        if (!referencesVictim && !(isTestHelper && who.includes("live"))) continue;
        const res = await call(r, key);
        const e = await errorOf(res);
        const bodyMerchant = objectFor(r.path) === undefined && !urlFor(r, undefined).includes("merchant_id=") && (r.op.requestBody?.content?.["application/json"]?.schema?.properties ?? {}).merchant_id;
        const expected = bodyMerchant && !(isTestHelper && who.includes("live")) ? { status: 400, code: "resource_missing", param: "merchant_id" } : { status: 404, code: "resource_missing" };
        expect({ route: label(r), who, status: e.status, code: e.code, ...(expected.status === 400 ? { param: e.param } : {}) }).toEqual({ route: label(r), who, ...expected });
        checked++;
      }
    }
    // Every route that names an object, for each of the four attackers.
    expect(checked).toBeGreaterThanOrEqual(4 * routes.filter((x) => !isPublic(x) && objectFor(x.path) !== undefined).length);
    // Nothing happened to the victim's objects.
    const intent = (await (await svc.api(`/v1/payment-intents/${victim.intent}`)).json()) as Json;
    expect(intent.status).toBe("awaiting_payment");
    const count = await svc.ctx.database.sql`SELECT count(*)::int AS n FROM app.payment_intents WHERE merchant_id = ${victim.merchant}`;
    expect(count[0]!.n).toBe(1);
    const [ep] = await svc.ctx.database.sql`SELECT status, deleted_at, secret FROM app.webhook_endpoints WHERE id = ${victim.endpoint}`;
    expect(ep).toMatchObject({ status: "enabled", deleted_at: null });
    const [refund] = await svc.ctx.database.sql`SELECT status FROM app.refunds WHERE id = ${victim.refund}`;
    expect(refund).toMatchObject({ status: "requires_approval" });
  });

  test("ids of the wrong kind or shape are 404 too", async () => {
    const withIds = routes.filter((x) => !isPublic(x) && objectFor(x.path) !== undefined);
    expect(withIds.length).toBeGreaterThanOrEqual(7);
    for (const r of withIds) {
      for (const id of ["x", "pi_", newId("event"), victim.merchant === objectFor(r.path) ? victim.intent : victim.merchant, "..%2F..%2Fetc", "a".repeat(300)]) {
        const res = await call(r, svc.sandbox.test_key_unscoped, id);
        const e = await errorOf(res);
        expect({ route: label(r), id, status: e.status, code: e.code }).toEqual({ route: label(r), id, status: 404, code: "resource_missing" });
      }
    }
  });

  test("a revoked key is refused at once, on every route, even right after it was used", async () => {
    const created = await createApiKey(svc.ctx, { accountId: svc.sandbox.account_id, mode: "test" });
    // Used (and cached) first.
    expect((await svc.api(`/v1/merchants/${victim.merchant}`, { key: created.key })).status).toBe(200);
    await revokeApiKey(svc.ctx, created.id);
    for (const r of routes.filter((x) => !isPublic(x))) {
      const res = await call(r, created.key);
      expect({ route: label(r), ...(await errorOf(res)) }).toEqual({ route: label(r), status: 401, code: "api_key_invalid", param: undefined });
    }
  });

  test("revocation reaches other API processes through NOTIFY, before their cache expires", async () => {
    const created = await createApiKey(svc.ctx, { accountId: svc.sandbox.account_id, mode: "test" });
    // Another process's authenticator: caches the key and listens for revocations.
    const elsewhere = new Authenticator(svc.ctx.database);
    expect((await elsewhere.authenticate(`Bearer ${created.key}`)).keyId).toBe(created.id);
    await (elsewhere as unknown as { listening: Promise<unknown> }).listening;
    const heard = new Promise<void>((resolve) => {
      void svc.ctx.database.sql.listen(API_KEYS_CHANGED_CHANNEL, (id) => {
        if (id === created.id) resolve();
      });
    });
    await new Promise((r) => setTimeout(r, 50));
    await revokeApiKey(svc.ctx, created.id);
    await heard;
    const refused = await elsewhere.authenticate(`Bearer ${created.key}`).then(
      () => "accepted",
      (e: unknown) => (e instanceof ApiError ? e.code : String(e)),
    );
    expect(refused).toBe("api_key_invalid");
  });
});

describe("public routes", () => {
  test("answer without a key", async () => {
    const pub = routes.filter(isPublic);
    // Paying by signature is public like the QR image: the intent id is the capability.
    expect(pub.map(label).sort()).toEqual(
      ["GET /health", "GET /ready", "GET /v1/qr/{payment_intent_id}.png", "GET /pay/{id}", "GET /pay/links/{id}", "GET /pay/terminals/{id}", "GET /pay/terminals/{id}/receipts/{intent_id}", "GET /v1/payment-intents/{id}/authorization", "POST /v1/payment-intents/{id}/authorization"].sort(),
    );
    expect((await svc.api("/health", { key: null })).status).toBe(200);
    expect((await svc.api("/ready", { key: null })).status).toBe(200);
    const qr = await svc.api(`/v1/qr/${victim.intent}.png`, { key: null });
    expect(qr.status).toBe(200);
    expect(qr.headers.get("content-type")).toBe("image/png");
    const page = await svc.api(`/pay/${victim.intent}`, { key: null });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect((await svc.api("/swagger", { key: null })).status).toBe(200);
    expect((await svc.api("/swagger/json", { key: null })).status).toBe(200);
  });
});
