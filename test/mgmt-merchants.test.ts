/**
 * Management API, merchants: onboarding over POST /v1/merchants with the real sandbox
 * chain, indexer and matcher running; list and update; bank tokenization.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestService, type TestService } from "./support/service.ts";
import { createIntent, payer, rpc, waitFor } from "./support/payments.ts";
import { createApiKey, createIntegratorAccount, onboardMerchant } from "../src/modules/merchants/onboarding.ts";
import { runCli } from "./support/cli.ts";
import { abaChecksumValid } from "../src/modules/merchants/bank-account.ts";

type Json = Record<string, any>;
let svc: TestService;
let owner: string;
let other: string;
let live: string;
const ADDR = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const body = {
  business_name: "Corner Coffee",
  email: "owner@corner.example",
  owner_address: ADDR,
  payout_address: "0x000000000000000000000000000000000000bA5e",
  settlement_schedule: { cron: "0 9 * * 1-5", time_zone: "America/New_York" },
  bank_account: { routing_number: "011000015", account_number: "000123456789", bank_name: "Federal Reserve Bank" },
  metadata: { crm_id: "C-1042" },
};

beforeAll(async () => {
  svc = await startTestService({ roles: ["api", "indexer", "matcher"] });
  owner = svc.sandbox.test_key_unscoped;
  other = (await createApiKey(svc.ctx, { accountId: (await createIntegratorAccount(svc.ctx, "Other")).id, mode: "test" })).key;
  live = (await createApiKey(svc.ctx, { accountId: svc.sandbox.account_id, mode: "live" })).key;
});
afterAll(async () => {
  await svc?.stop();
});

async function call(path: string, key: string, init: RequestInit & { json?: unknown } = {}) {
  const res = await svc.api(path, { ...init, key });
  return { status: res.status, body: (await res.json()) as Json, headers: res.headers };
}
const err = (r: { status: number; body: Json }) => ({ status: r.status, code: r.body.error?.code, param: r.body.error?.param });
const create = (json: unknown, key = owner, idem?: string) => call("/v1/merchants", key, { method: "POST", json, headers: idem ? { "idempotency-key": idem } : {} });

async function activeMerchant(id: string): Promise<number> {
  return waitFor(`merchant ${id} active`, async () => ((await call(`/v1/merchants/${id}`, owner)).body.status === "active" ? Date.now() : undefined), 30_000, 20);
}

describe("POST /v1/merchants", () => {
  test("onboards a sandbox merchant; pays an intent on-chain, confirmed within 10 s of the merchant becoming active", async () => {
    const created = await create(body, owner, "mer-1");
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: "merchant",
      business_name: "Corner Coffee",
      email: "owner@corner.example",
      kyc_status: "approved",
      bank_account: { bank_name: "Federal Reserve Bank", last_4: "6789", status: "verified" },
      settlement_schedule: "cron:0 9 * * 1-5 America/New_York",
      fee_rate: 0.01,
      metadata: { crm_id: "C-1042" },
    });
    expect(["pending", "active"]).toContain(created.body.status);
    const id = created.body.id as string;
    // Never the full account number, anywhere.
    const [row] = await svc.ctx.database.sql`SELECT row_to_json(m)::text AS j FROM app.merchants m WHERE id = ${id}`;
    expect(row!.j).not.toContain("123456789");
    const tokens = await svc.ctx.database.sql`SELECT row_to_json(t)::text AS j FROM app.sandbox_bank_tokens t`;
    for (const t of tokens) expect(t.j).not.toContain("123456789");
    const activeAt = await activeMerchant(id);
    const intent = await createIntent(svc, { amount: 3.21, merchantId: id, key: owner });
    await payer(svc).pay(intent.paymentAddress, intent.expectedUnits);
    // The sandbox chain is automined (idle between transactions); a live chain makes blocks all the
    // time, and confirmations need blocks after the payment: make them meanwhile.
    let lastMined = 0;
    const confirmedAt = await waitFor(
      "intent confirmed",
      async () => {
        if (Date.now() - lastMined > 300) {
          lastMined = Date.now();
          await rpc(svc, "evm_mine");
        }
        return (await call(`/v1/payment-intents/${intent.id}`, owner)).body.status === "confirmed" ? Date.now() : undefined;
      },
      60_000,
      20,
    );
    console.log(`merchant active -> intent confirmed: ${confirmedAt - activeAt} ms`);
    expect(confirmedAt - activeAt).toBeLessThan(10_000);
    // Idempotent replay: that merchant now.
    const replay = await create(body, owner, "mer-1");
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.id).toBe(id);
    expect(err(await create({ ...body, business_name: "Other" }, owner, "mer-1"))).toEqual({ status: 409, code: "idempotency_key_reused", param: "idempotency_key" });
  }, 200_000);

  test("concurrent creates with one idempotency key make one merchant", async () => {
    const results = await Promise.all([1, 2, 3].map(() => create({ ...body, business_name: "Race Shop" }, owner, "mer-race")));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    const [n] = await svc.ctx.database.sql`SELECT count(*)::int AS n FROM app.merchants WHERE business_name = 'Race Shop'`;
    expect(n!.n).toBe(1);
  });

  test("every validation error", async () => {
    const { business_name: _b, ...noName } = body;
    expect(err(await create(noName))).toEqual({ status: 400, code: "parameter_missing", param: "business_name" });
    const { bank_account: _k, ...noBank } = body;
    expect(err(await create(noBank))).toEqual({ status: 400, code: "parameter_missing", param: "bank_account" });
    expect(err(await create({ ...body, email: "nope" }))).toEqual({ status: 400, code: "parameter_invalid", param: "email" });
    expect(err(await create({ ...body, owner_address: "0x123" }))).toEqual({ status: 400, code: "parameter_invalid", param: "owner_address" });
    expect(err(await create({ ...body, payout_address: "0x0000000000000000000000000000000000000000" }))).toEqual({ status: 400, code: "parameter_invalid", param: "payout_address" });
    expect(err(await create({ ...body, business_name: "   " }))).toEqual({ status: 400, code: "parameter_invalid", param: "business_name" });
    expect(err(await create({ ...body, settlement_schedule: "hourly" }))).toMatchObject({ status: 400, code: "parameter_invalid", param: "settlement_schedule" });
    expect(err(await create({ ...body, settlement_schedule: { cron: "0 9 * * 1", time_zone: "Mars/Olympus" } }))).toEqual({ status: 400, code: "parameter_invalid", param: "settlement_schedule" });
    expect(err(await create({ ...body, settlement_schedule: { cron: "not a cron", time_zone: "UTC" } }))).toEqual({ status: 400, code: "parameter_invalid", param: "settlement_schedule" });
    const fee = await create({ ...body, fee_rate: 0 });
    expect(err(fee)).toEqual({ status: 400, code: "parameter_invalid", param: "fee_rate" });
    expect(fee.body.error.message).toMatch(/platform/);
    expect(err(await create({ ...body, nickname: "x" }))).toEqual({ status: 400, code: "parameter_unknown", param: "nickname" });
    expect(err(await create({ ...body, bank_account: { routing_number: "011000016", account_number: "1234" } }))).toEqual({ status: 400, code: "bank_account_invalid", param: "bank_account" });
    expect(err(await create({ ...body, bank_account: { routing_number: "011000015", account_number: "12ab" } }))).toEqual({ status: 400, code: "bank_account_invalid", param: "bank_account" });
    expect(err(await create({ ...body, bank_account: { token: "btok_x", routing_number: "011000015", account_number: "1234" } }))).toEqual({ status: 400, code: "parameter_invalid", param: "bank_account" });
    expect(err(await create({ ...body, bank_account: {} }))).toEqual({ status: 400, code: "parameter_invalid", param: "bank_account" });
    expect(err(await create({ ...body, bank_account: { token: "btok_unknown" } }))).toEqual({ status: 400, code: "bank_account_invalid", param: "bank_account" });
    expect(err(await create({ ...body, bank_account: { iban: "DE00" } }))).toEqual({ status: 400, code: "parameter_unknown", param: "bank_account.iban" });
    const badMeta = await create({ ...body, metadata: { a: 1 } });
        expect({ status: badMeta.status, body: badMeta.body }).toMatchObject({ status: 400 });
    // Scoped keys cannot create merchants; live: no live chain in this service.
    expect(err(await create(body, svc.sandbox.test_key_scoped))).toEqual({ status: 404, code: "resource_missing", param: undefined });
    expect(err(await create(body, live))).toEqual({ status: 400, code: "mode_not_configured", param: undefined });
    for (const r of ["011000015", "021000021", "026009593"]) expect(abaChecksumValid(r)).toBe(true);
    for (const r of ["011000016", "12345678", "0110000150", "abcdefghi"]) expect(abaChecksumValid(r)).toBe(false);
  });

  test("a payout-provider token of an already linked account", async () => {
    await svc.ctx.database.sql`INSERT INTO app.sandbox_bank_tokens (token, bank_name, last4, routing) VALUES ('btok_linkedAtProvider0001', 'Linked Bank', '4321', '021000021')`;
    const r = await create({ ...body, business_name: "Token Shop", bank_account: { token: "btok_linkedAtProvider0001" } });
    expect(r.status).toBe(201);
    expect(r.body.bank_account).toEqual({ bank_name: "Linked Bank", last_4: "4321", status: "verified" });
  });
});

describe("GET /v1/merchants and POST /v1/merchants/{id}", () => {
  test("list: the account's merchants in the key's mode, newest first; scoped key its own; validation", async () => {
    const a = (await create({ ...body, business_name: "List A" })).body.id as string;
    const b = (await create({ ...body, business_name: "List B" })).body.id as string;
    const list = await call("/v1/merchants?limit=100", owner);
    const ids = list.body.data.map((m: Json) => m.id);
    expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
    expect(ids).toContain(svc.sandbox.merchant_id);
    expect(list.body.total_count).toBe(ids.length);
    const page = await call("/v1/merchants?limit=1", owner);
    expect(page.body.has_more).toBe(true);
    const next = await call(`/v1/merchants?limit=1&starting_after=${page.body.data[0].id}`, owner);
    expect(next.body.data[0].id).not.toBe(page.body.data[0].id);
    expect((await call("/v1/merchants", svc.sandbox.test_key_scoped)).body.data.map((m: Json) => m.id)).toEqual([svc.sandbox.merchant_id]);
    expect((await call("/v1/merchants", other)).body.data.map((m: Json) => m.id)).not.toContain(a);
    expect((await call("/v1/merchants", live)).body.total_count).toBe(0);
    expect(err(await call("/v1/merchants?limit=0", owner))).toEqual({ status: 400, code: "parameter_invalid", param: "limit" });
    expect(err(await call("/v1/merchants?starting_after=mer_0000000000000000000000", owner))).toEqual({ status: 400, code: "parameter_invalid", param: "starting_after" });
    expect(err(await call("/v1/merchants?status=active", owner))).toEqual({ status: 400, code: "parameter_unknown", param: "status" });
  });

  test("update: allowed fields; immutable ones say why; unknown; isolation", async () => {
    const id = (await create({ ...body, business_name: "Update Me" })).body.id as string;
    const r = await call(`/v1/merchants/${id}`, owner, {
      method: "POST",
      json: { business_name: "Updated", email: "new@corner.example", settlement_schedule: "daily", bank_account: { routing_number: "021000021", account_number: "99887766" }, metadata: { tier: "gold" } },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id, business_name: "Updated", email: "new@corner.example", settlement_schedule: "daily", bank_account: { last_4: "7766" }, metadata: { tier: "gold" } });
    expect((await call(`/v1/merchants/${id}`, owner)).body).toEqual(r.body);
    const payout = await call(`/v1/merchants/${id}`, owner, { method: "POST", json: { payout_address: ADDR } });
    expect(err(payout)).toEqual({ status: 400, code: "parameter_invalid", param: "payout_address" });
    expect(payout.body.error.message).toMatch(/on-chain by the owner/);
    expect(err(await call(`/v1/merchants/${id}`, owner, { method: "POST", json: { fee_rate: 0.02 } }))).toEqual({ status: 400, code: "parameter_invalid", param: "fee_rate" });
    expect(err(await call(`/v1/merchants/${id}`, owner, { method: "POST", json: { nickname: "x" } }))).toEqual({ status: 400, code: "parameter_unknown", param: "nickname" });
    expect(err(await call(`/v1/merchants/${id}`, owner, { method: "POST", json: { email: "x" } }))).toEqual({ status: 400, code: "parameter_invalid", param: "email" });
    expect(err(await call(`/v1/merchants/${id}`, owner, { method: "POST", json: { settlement_schedule: { cron: "0 9 * * *", time_zone: "Nowhere/City" } } }))).toEqual({ status: 400, code: "parameter_invalid", param: "settlement_schedule" });
    for (const key of [other, live, svc.sandbox.test_key_scoped])
      expect(err(await call(`/v1/merchants/${id}`, key, { method: "POST", json: { business_name: "Hacked" } }))).toEqual({ status: 404, code: "resource_missing", param: undefined });
    expect((await call(`/v1/merchants/${id}`, owner)).body.business_name).toBe("Updated");
  });
});

describe("operator approval (the live path)", () => {
  test("a merchant awaiting approval is pending and takes no payment; `merchants approve` activates it", async () => {
    // The live path of POST /v1/merchants, run in the sandbox (no live chain in tests).
    const m = await onboardMerchant(svc.ctx, {
      accountIds: [svc.sandbox.account_id],
      mode: "test",
      businessName: "Awaiting KYC",
      email: "kyc@shop.example",
      bankName: "Bank",
      bankLast4: "1234",
      schedule: { kind: "manual" },
      ownerAddress: ADDR,
      payoutAddress: ADDR,
      awaitApproval: true,
    });
    expect(m).toMatchObject({ status: "pending", kycStatus: "pending", paymentAddress: null });
    const refused = await call("/v1/payment-intents", owner, { method: "POST", json: { amount: 1, currency: "usd", merchant_id: m.id } });
    expect(err(refused)).toMatchObject({ status: 400, code: "merchant_not_active" });
    const out = await runCli(svc, ["merchants", "approve", "--merchant", m.id, "--json"]);
    expect(out.code).toBe(0);
    const after = await call(`/v1/merchants/${m.id}`, owner);
    expect(after.body).toMatchObject({ status: "active", kyc_status: "approved" });
    expect(after.body.payment_address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  }, 60_000);
});
