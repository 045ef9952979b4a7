/**
 * Management API, settlements: list/get, the `settlement` filter of transactions, and the
 * manual cash-out over HTTP, against real Postgres and the sandbox chain (money really in the
 * merchant account: test/support/settlement-fixtures.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { privateKeyToAccount } from "viem/accounts";
import { startTestService, type TestService } from "./support/service.ts";
import { fundMerchant } from "./support/settlement-fixtures.ts";
import { seedMerchant } from "./support/webhook-fixtures.ts";
import { createApiKey, createIntegratorAccount, onboardMerchant } from "../src/modules/merchants/onboarding.ts";

type Json = Record<string, any>;
let svc: TestService;
let owner: string;
let other: string;
let live: string;

beforeAll(async () => {
  svc = await startTestService({ roles: ["api"] });
  owner = svc.sandbox.test_key_unscoped;
  const acct = await createIntegratorAccount(svc.ctx, "Other");
  other = (await createApiKey(svc.ctx, { accountId: acct.id, mode: "test" })).key;
  live = (await createApiKey(svc.ctx, { accountId: svc.sandbox.account_id, mode: "live" })).key;
});
afterAll(async () => {
  await svc?.stop();
});

async function merchant(name = "Shop") {
  return onboardMerchant(svc.ctx, {
    accountIds: [svc.sandbox.account_id],
    mode: "test",
    businessName: name,
    email: "owner@shop.example",
    bankName: "Test Bank",
    bankLast4: "4242",
    feeRateBps: 100,
    schedule: { kind: "manual" },
    ownerAddress: privateKeyToAccount(svc.ctx.config.sandboxPayerPrivateKey).address,
    payoutAddress: "0x000000000000000000000000000000000000bA5e",
  });
}
async function call(path: string, key: string, init: RequestInit & { json?: unknown } = {}) {
  const res = await svc.api(path, { ...init, key });
  const body = (await res.json()) as Json;
  return { status: res.status, body, headers: res.headers };
}
const err = (r: { status: number; body: Json }) => ({ status: r.status, code: r.body.error?.code, param: r.body.error?.param });
const cashOut = (json: unknown, key = owner, idem?: string) =>
  call("/v1/settlements", key, { method: "POST", json, headers: idem ? { "idempotency-key": idem } : {} });

describe("POST /v1/settlements (cash-out)", () => {
  test("settles the available balance; idempotent replay; visible through get, list and the transactions filter", async () => {
    const m = await merchant();
    const funded = await fundMerchant(svc.ctx, m.id, [10_000_000n, 2_500_000n]);
    const created = await cashOut({ merchant_id: m.id }, owner, "cash-1");
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: "settlement", merchant_id: m.id, amount: Number(funded.netUnits) / 1e6, currency: "usd", status: "pending", method: "ach", transaction_count: 2, bank_account: { bank_name: "Test Bank", last_4: "4242" } });
    const replay = await cashOut({ merchant_id: m.id }, owner, "cash-1");
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.id).toBe(created.body.id);
    expect(err(await cashOut({ merchant_id: m.id, amount: 1 }, owner, "cash-1"))).toEqual({ status: 409, code: "idempotency_key_reused", param: "idempotency_key" });
    const got = await call(`/v1/settlements/${created.body.id}`, owner);
    expect(got.body).toEqual(created.body);
    const list = await call(`/v1/settlements?merchant_id=${m.id}`, owner);
    expect(list.body).toMatchObject({ object: "list", has_more: false, total_count: 1 });
    expect(list.body.data[0].id).toBe(created.body.id);
    expect((await call(`/v1/settlements?merchant_id=${m.id}&status=completed`, owner)).body.total_count).toBe(0);
    expect((await call(`/v1/settlements?merchant_id=${m.id}&status=pending&created_after=2020-01-01`, owner)).body.total_count).toBe(1);
    expect((await call(`/v1/settlements?merchant_id=${m.id}&created_before=2020-01-01`, owner)).body.total_count).toBe(0);
    const txns = await call(`/v1/transactions?merchant_id=${m.id}&settlement=${created.body.id}`, owner);
    expect(txns.body.data.map((t: Json) => t.id).sort()).toEqual([...funded.transactionIds].sort());
    expect((await call(`/v1/transactions?merchant_id=${m.id}&settlement=stl_doesnotexist0000000000`, owner)).body.total_count).toBe(0);
    expect(err(await call(`/v1/transactions?merchant_id=${m.id}&settlement=txn_1`, owner))).toEqual({ status: 400, code: "parameter_invalid", param: "settlement" });
    // Nothing left: a second cash-out is refused with its code.
    expect(err(await cashOut({ merchant_id: m.id }))).toEqual({ status: 400, code: "nothing_to_settle", param: undefined });
  });

  test("two concurrent cash-outs of one balance settle it once", async () => {
    const m = await merchant("Race");
    await fundMerchant(svc.ctx, m.id, [3_000_000n]);
    const results = await Promise.all([1, 2, 3].map(() => cashOut({ merchant_id: m.id })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400]);
    for (const r of results.filter((x) => x.status === 400)) expect(r.body.error.code).toBe("nothing_to_settle");
    const rows = await svc.ctx.database.sql`SELECT id FROM app.settlements WHERE merchant_id = ${m.id}`;
    expect(rows.length).toBe(1);
  });

  test("every validation error", async () => {
    const m = await merchant("Validation");
    await fundMerchant(svc.ctx, m.id, [5_000_000n]);
    const available = 4.95;
    expect(err(await cashOut({}))).toEqual({ status: 400, code: "parameter_missing", param: "merchant_id" });
    expect(err(await cashOut({ merchant_id: m.id, amount: 5000 }))).toEqual({ status: 400, code: "amount_above_available", param: "amount" });
    expect(err(await cashOut({ merchant_id: m.id, amount: 1 }))).toEqual({ status: 400, code: "parameter_invalid", param: "amount" });
    expect(err(await cashOut({ merchant_id: m.id, amount: -1 }))).toEqual({ status: 400, code: "parameter_invalid", param: "amount" });
    expect(err(await cashOut({ merchant_id: m.id, amount: "4.95" }))).toEqual({ status: 400, code: "parameter_invalid", param: "amount" });
    expect(err(await cashOut({ merchant_id: m.id, amount: 0.0000001 }))).toEqual({ status: 400, code: "parameter_invalid", param: "amount" });
    expect(err(await cashOut({ merchant_id: m.id, currency: "usd" }))).toEqual({ status: 400, code: "parameter_unknown", param: "currency" });
    expect(err(await cashOut({ merchant_id: "mer_nope" }))).toEqual({ status: 400, code: "resource_missing", param: "merchant_id" });
    expect(err(await cashOut({ merchant_id: 7 }))).toEqual({ status: 400, code: "parameter_invalid", param: "merchant_id" });
    const empty = await merchant("Empty");
    expect(err(await cashOut({ merchant_id: empty.id }))).toEqual({ status: 400, code: "nothing_to_settle", param: undefined });
    // Live: no payout provider configured in this process.
    const liveMerchant = await seedMerchant(svc.ctx.database.sql, [svc.sandbox.account_id], "live");
    const r = await cashOut({ merchant_id: liveMerchant.id }, live);
    expect(err(r)).toEqual({ status: 400, code: "payout_provider_missing", param: undefined });
    expect(r.body.error.message).toMatch(/live mode/);
    // The exact available figure is accepted.
    const ok = await cashOut({ merchant_id: m.id, amount: available });
    expect(ok.status).toBe(201);
    expect(ok.body.amount).toBe(available);
  });

  test("list validation", async () => {
    const m = svc.sandbox.merchant_id;
    expect(err(await call("/v1/settlements", owner))).toEqual({ status: 400, code: "parameter_missing", param: "merchant_id" });
    expect((await call("/v1/settlements", svc.sandbox.test_key_scoped)).status).toBe(200);
    expect(err(await call(`/v1/settlements?merchant_id=${m}&status=paid`, owner))).toMatchObject({ status: 400, code: "parameter_invalid", param: "status" });
    expect(err(await call(`/v1/settlements?merchant_id=${m}&limit=101`, owner))).toEqual({ status: 400, code: "parameter_invalid", param: "limit" });
    expect(err(await call(`/v1/settlements?merchant_id=${m}&created_after=soon`, owner))).toEqual({ status: 400, code: "parameter_invalid", param: "created_after" });
    expect(err(await call(`/v1/settlements?merchant_id=${m}&starting_after=stl_0000000000000000000000`, owner))).toEqual({ status: 400, code: "parameter_invalid", param: "starting_after" });
    expect(err(await call(`/v1/settlements?merchant_id=${m}&page=2`, owner))).toEqual({ status: 400, code: "parameter_unknown", param: "page" });
  });

  test("isolation: other account, scoped key of another merchant, live key: 404", async () => {
    const m = await merchant("Isolated");
    await fundMerchant(svc.ctx, m.id, [1_000_000n]);
    const s = (await cashOut({ merchant_id: m.id })).body.id as string;
    const scopedElsewhere = (await createApiKey(svc.ctx, { accountId: svc.sandbox.account_id, mode: "test", merchantId: svc.sandbox.merchant_id })).key;
    const scopedHere = (await createApiKey(svc.ctx, { accountId: svc.sandbox.account_id, mode: "test", merchantId: m.id })).key;
    for (const key of [other, scopedElsewhere, live]) {
      expect(err(await call(`/v1/settlements/${s}`, key))).toEqual({ status: 404, code: "resource_missing", param: undefined });
      expect(err(await call(`/v1/settlements?merchant_id=${m.id}`, key))).toEqual({ status: 404, code: "resource_missing", param: "merchant_id" });
      expect(err(await cashOut({ merchant_id: m.id }, key))).toEqual({ status: 400, code: "resource_missing", param: "merchant_id" });
    }
    expect((await call(`/v1/settlements/${s}`, scopedHere)).status).toBe(200);
    expect((await call("/v1/settlements", scopedHere)).body.data.map((x: Json) => x.id)).toEqual([s]);
  });
});
