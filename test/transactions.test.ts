/**
 * GET /v1/transactions/{id} and GET /v1/transactions end to end (real HTTP, real Postgres).
 * Transactions are written by the matcher; here rows are inserted directly with SQL.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { newId } from "../src/domain/ids.ts";
import { createApiKey, createIntegratorAccount, onboardMerchant } from "../src/modules/merchants/onboarding.ts";
import { startTestService, type TestService } from "./support/service.ts";

let svc: TestService;
/** Second test merchant of the demo account (the scoped key may not see it). */
let m2: string;
/** Another account's merchant and key. */
let otherMerchant: string;
let otherKey: string;
/** A live merchant of the demo account and a live key. */
let liveMerchant: string;
let liveKey: string;

const LIST_ITEM_KEYS = ["id", "object", "payment_intent_id", "merchant_id", "status", "amount", "currency", "net_amount", "fee", "chain", "token", "tx_hash", "settlement_status", "confirmed_at", "metadata", "amount_refunded"];
const GET_KEYS = [...LIST_ITEM_KEYS, "fee_rate", "block_number", "sender_address", "payment_address"];

const PAYER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

interface TxnInput {
  merchantId: string;
  mode?: "test" | "live";
  status?: "confirmed" | "settled" | "failed";
  confirmedAt: Date;
  amountUnits?: bigint;
  feeRateBps?: number;
  intentId?: string | null;
  metadata?: Record<string, string>;
  id?: string;
}

async function insertTxn(o: TxnInput): Promise<string> {
  const id = o.id ?? newId("transaction");
  const amount = o.amountUnits ?? 12_500_000n;
  const bps = o.feeRateBps ?? 100;
  const fee = (amount * BigInt(bps) + 5_000n) / 10_000n;
  const [m] = await svc.ctx.database.sql`SELECT payment_address, chain_id FROM app.merchants WHERE id = ${o.merchantId}`;
  await svc.ctx.database.sql`
    INSERT INTO app.transactions (id, mode, merchant_id, payment_intent_id, status, amount_units, fee_units, net_units, fee_rate_bps,
      chain_id, tx_hash, log_index, block_number, sender_address, payment_address, metadata, confirmed_at)
    VALUES (${id}, ${o.mode ?? "test"}, ${o.merchantId}, ${o.intentId ?? null}, ${o.status ?? "confirmed"}, ${amount}, ${fee}, ${amount - fee}, ${bps},
      ${m!.chain_id as number}, ${"0x" + randomBytes(32).toString("hex")}, 0, ${1234n}, ${PAYER}, ${m!.payment_address as string},
      ${JSON.stringify(o.metadata ?? {})}::text::jsonb, ${o.confirmedAt.toISOString()}::timestamptz)`;
  return id;
}

async function insertIntent(merchantId: string, metadata: Record<string, string>): Promise<string> {
  const id = newId("paymentIntent");
  const [m] = await svc.ctx.database.sql`SELECT payment_address, chain_id, mode FROM app.merchants WHERE id = ${merchantId}`;
  const now = new Date();
  await svc.ctx.database.sql`
    INSERT INTO app.payment_intents (id, mode, account_id, merchant_id, status, amount_units, tag_units, expected_units, chain_id, payment_address, metadata, created_at, expires_at)
    VALUES (${id}, ${m!.mode as string}, ${svc.sandbox.account_id}, ${merchantId}, 'confirmed', ${12_500_000n}, 0, ${12_500_000n}, ${m!.chain_id as number},
      ${m!.payment_address as string}, ${JSON.stringify(metadata)}::text::jsonb, ${now.toISOString()}::timestamptz, ${new Date(now.getTime() + 300_000).toISOString()}::timestamptz)`;
  return id;
}

async function body(res: Response): Promise<Record<string, any>> {
  return (await res.json()) as Record<string, any>;
}

async function expectError(res: Response, status: number, code: string, param?: string) {
  const b = await body(res);
  expect({ status: res.status, code: b.error?.code, param: b.error?.param }).toEqual({ status, code, param });
  expect(res.headers.get("request-id")).toMatch(/^req_/);
}

const merchantDefaults = {
  email: "ops@example.com",
  bankName: "Test Bank",
  bankLast4: "4242",
  schedule: { kind: "weekly_monday" as const },
  ownerAddress: PAYER,
  payoutAddress: "0x000000000000000000000000000000000000bA5e",
};

beforeAll(async () => {
  svc = await startTestService();
  const ctx = svc.ctx;
  m2 = (await onboardMerchant(ctx, { ...merchantDefaults, accountIds: [svc.sandbox.account_id], mode: "test", businessName: "Second Shop" })).id;
  const other = await createIntegratorAccount(ctx, "Other integrator");
  otherMerchant = (await onboardMerchant(ctx, { ...merchantDefaults, accountIds: [other.id], mode: "test", businessName: "Other Shop" })).id;
  otherKey = (await createApiKey(ctx, { accountId: other.id, mode: "test" })).key;
  // No live chain in tests: a live merchant row is enough to check mode separation.
  liveMerchant = newId("merchant");
  await ctx.database.sql`
    INSERT INTO app.merchants (id, mode, business_name, email, status, kyc_status, bank_name, bank_last4, bank_status, chain_id, payment_address,
      owner_address, payout_address, fee_rate_bps, settlement_schedule)
    VALUES (${liveMerchant}, 'live', 'Live Shop', 'live@example.com', 'active', 'approved', 'Bank', '1111', 'verified', 8453,
      '0x1111111111111111111111111111111111111111', ${PAYER}, ${PAYER}, 100, 'weekly_monday')`;
  await ctx.database.sql`INSERT INTO app.account_merchants (account_id, merchant_id) VALUES (${svc.sandbox.account_id}, ${liveMerchant})`;
  liveKey = (await createApiKey(ctx, { accountId: svc.sandbox.account_id, mode: "live" })).key;
});
afterAll(async () => {
  await svc?.stop();
});

describe("GET /v1/transactions/{id}", () => {
  test("a transaction of a matched payment: exact get shape and values", async () => {
    const intentId = await insertIntent(svc.sandbox.merchant_id, { order_id: "A-1" });
    const confirmedAt = new Date("2026-04-01T12:01:12.345Z");
    const id = await insertTxn({ merchantId: svc.sandbox.merchant_id, confirmedAt, amountUnits: 12_500_000n, intentId, metadata: { order_id: "A-1" } });
    const res = await svc.api(`/v1/transactions/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("request-id")).toMatch(/^req_/);
    const b = await body(res);
    expect(Object.keys(b).sort()).toEqual([...GET_KEYS].sort());
    expect(b).toEqual({
      id,
      object: "transaction",
      payment_intent_id: intentId,
      merchant_id: svc.sandbox.merchant_id,
      status: "confirmed",
      amount: 12.5,
      currency: "usd",
      net_amount: 12.375,
      fee: 0.125,
      fee_rate: 0.01,
      chain: "base",
      token: "USDC",
      tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      block_number: 1234,
      sender_address: PAYER,
      payment_address: svc.sandbox.payment_address,
      settlement_status: "pending",
      confirmed_at: "2026-04-01T12:01:12.345Z",
      metadata: { order_id: "A-1" },
      amount_refunded: 0,
    });
    // The spec's identities hold exactly.
    expect(Math.round((b.amount - b.fee) * 1e6)).toBe(Math.round(b.net_amount * 1e6));
    expect(Math.round(b.amount * b.fee_rate * 1e6)).toBe(Math.round(b.fee * 1e6));
  });

  test("a payment that matched no intent: payment_intent_id null, metadata {}", async () => {
    const id = await insertTxn({ merchantId: svc.sandbox.merchant_id, confirmedAt: new Date("2026-04-01T12:00:00.000Z"), amountUnits: 3_333_333n });
    const b = await body(await svc.api(`/v1/transactions/${id}`));
    expect(b.payment_intent_id).toBeNull();
    expect(b.metadata).toEqual({});
    expect(b.amount).toBe(3.333333);
    expect(b.fee).toBe(0.033333);
    expect(b.net_amount).toBe(3.3);
  });

  test("the unscoped key of the account sees it; a settled one shows its status", async () => {
    const id = await insertTxn({ merchantId: m2, status: "settled", confirmedAt: new Date() });
    const res = await svc.api(`/v1/transactions/${id}`, { key: svc.sandbox.test_key_unscoped });
    expect(res.status).toBe(200);
    expect((await body(res)).status).toBe("settled");
  });

  test("404 resource_missing for anything the key may not see, never 403", async () => {
    const own = await insertTxn({ merchantId: svc.sandbox.merchant_id, confirmedAt: new Date() });
    const ofM2 = await insertTxn({ merchantId: m2, confirmedAt: new Date() });
    const ofOther = await insertTxn({ merchantId: otherMerchant, confirmedAt: new Date() });
    const ofLive = await insertTxn({ merchantId: liveMerchant, mode: "live", confirmedAt: new Date() });
    // Scoped key: other merchant of the same account.
    await expectError(await svc.api(`/v1/transactions/${ofM2}`), 404, "resource_missing");
    // Another account's transaction, with either demo key.
    await expectError(await svc.api(`/v1/transactions/${ofOther}`), 404, "resource_missing");
    await expectError(await svc.api(`/v1/transactions/${ofOther}`, { key: svc.sandbox.test_key_unscoped }), 404, "resource_missing");
    // The other account cannot see ours.
    await expectError(await svc.api(`/v1/transactions/${own}`, { key: otherKey }), 404, "resource_missing");
    // Modes: a live key does not see test data, a test key does not see live data.
    await expectError(await svc.api(`/v1/transactions/${own}`, { key: liveKey }), 404, "resource_missing");
    await expectError(await svc.api(`/v1/transactions/${ofLive}`, { key: svc.sandbox.test_key_unscoped }), 404, "resource_missing");
    expect((await svc.api(`/v1/transactions/${ofLive}`, { key: liveKey })).status).toBe(200);
    // Unknown and malformed ids.
    for (const id of [newId("transaction"), "txn_", "nope", "pi_3MtwBwLkdIwHu7ix28a3tqPa", "txn_" + "a".repeat(200), "%F0%9F%92%A9"])
      await expectError(await svc.api(`/v1/transactions/${id}`), 404, "resource_missing");
  });

  test("unknown query parameters are refused", async () => {
    const id = await insertTxn({ merchantId: svc.sandbox.merchant_id, confirmedAt: new Date() });
    await expectError(await svc.api(`/v1/transactions/${id}?expand=intent`), 400, "parameter_unknown", "expand");
  });
});

describe("GET /v1/transactions", () => {
  let merchant: string;
  let key: string;
  let all: Array<{ id: string; at: Date; status: string }>;

  beforeAll(async () => {
    // A merchant of its own, with a scoped key: the list holds exactly what is inserted here.
    merchant = (await onboardMerchant(svc.ctx, { ...merchantDefaults, accountIds: [svc.sandbox.account_id], mode: "test", businessName: "List Shop" })).id;
    key = (await createApiKey(svc.ctx, { accountId: svc.sandbox.account_id, mode: "test", merchantId: merchant })).key;
    all = [];
    const base = Date.parse("2026-04-01T12:00:00.000Z");
    for (let i = 0; i < 30; i++) {
      // Groups of three share a timestamp: ties are broken by id descending.
      const at = new Date(base + Math.floor(i / 3) * 1000);
      const status = i % 5 === 0 ? "settled" : i % 7 === 0 ? "failed" : "confirmed";
      all.push({ id: await insertTxn({ merchantId: merchant, confirmedAt: at, status: status as "confirmed" }), at, status });
    }
    all.sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  });

  const list = (query: string, k: string | null = key) => svc.api(`/v1/transactions${query}`, { key: k });

  test("first page: envelope, list-item shape, newest first with ties by id, has_more, total_count", async () => {
    const res = await list("");
    expect(res.status).toBe(200);
    const b = await body(res);
    expect(Object.keys(b).sort()).toEqual(["data", "has_more", "object", "total_count"]);
    expect(b.object).toBe("list");
    expect(b.has_more).toBe(true);
    expect(b.total_count).toBe(30);
    expect(b.data).toHaveLength(25);
    for (const item of b.data) expect(Object.keys(item).sort()).toEqual([...LIST_ITEM_KEYS].sort());
    expect(b.data.map((d: { id: string }) => d.id)).toEqual(all.slice(0, 25).map((t) => t.id));
  });

  test("walking pages with starting_after returns every item once, in order", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const b = await body(await list(`?limit=7${cursor ? `&starting_after=${cursor}` : ""}`));
      expect(b.total_count).toBe(30);
      seen.push(...b.data.map((d: { id: string }) => d.id));
      if (!b.has_more) break;
      cursor = b.data.at(-1).id;
    }
    expect(seen).toEqual(all.map((t) => t.id));
  });

  test("limit bounds: 1 and 100 are fine; exactly the remaining items gives has_more false", async () => {
    const one = await body(await list("?limit=1"));
    expect(one.data).toHaveLength(1);
    expect(one.has_more).toBe(true);
    const hundred = await body(await list("?limit=100"));
    expect(hundred.data).toHaveLength(30);
    expect(hundred.has_more).toBe(false);
    const exact = await body(await list("?limit=30"));
    expect(exact.has_more).toBe(false);
  });

  test("status filter", async () => {
    for (const status of ["confirmed", "settled", "failed"]) {
      const b = await body(await list(`?status=${status}&limit=100`));
      const expected = all.filter((t) => t.status === status).map((t) => t.id);
      expect(b.data.map((d: { id: string }) => d.id)).toEqual(expected);
      expect(b.total_count).toBe(expected.length);
      for (const d of b.data) expect(d.status).toBe(status);
    }
  });

  test("date_from and date_to are strict bounds on confirmed_at", async () => {
    const t3 = "2026-04-01T12:00:03.000Z";
    const t6 = "2026-04-01T12:00:06.000Z";
    const b = await body(await list(`?date_from=${t3}&date_to=${t6}&limit=100`));
    const expected = all.filter((t) => t.at.toISOString() > t3 && t.at.toISOString() < t6).map((t) => t.id);
    expect(expected).toHaveLength(6);
    expect(b.data.map((d: { id: string }) => d.id)).toEqual(expected);
    expect(b.total_count).toBe(6);
    // Printed values and other spellings of the same instant behave the same.
    const same = await body(await list(`?date_from=${encodeURIComponent("2026-04-01T14:00:03+02:00")}&date_to=${encodeURIComponent("2026-04-01T12:00:06Z")}&limit=100`));
    expect(same.total_count).toBe(6);
    // Sub-millisecond precision: "< 12:00:06.0001" includes the items at 12:00:06.000.
    const subMs = await body(await list(`?date_from=${t3}&date_to=2026-04-01T12:00:06.0001Z&limit=100`));
    expect(subMs.total_count).toBe(9);
    // A date alone is midnight UTC.
    expect((await body(await list("?date_from=2026-04-02"))).total_count).toBe(0);
    expect((await body(await list("?date_to=2026-04-02"))).total_count).toBe(30);
  });

  test("filters and cursor combine; a cursor outside the time window is refused", async () => {
    const settled = all.filter((t) => t.status === "settled");
    const page1 = await body(await list("?status=settled&limit=2"));
    const page2 = await body(await list(`?status=settled&limit=2&starting_after=${page1.data[1].id}`));
    expect(page2.data.map((d: { id: string }) => d.id)).toEqual(settled.slice(2, 4).map((t) => t.id));
    expect(page2.total_count).toBe(settled.length);
    // A cursor whose status no longer matches (it may have been settled since) still positions the page.
    const confirmed = all.filter((t) => t.status === "confirmed");
    const after = await body(await list(`?status=settled&limit=100&starting_after=${confirmed[0]!.id}`));
    const position = all.findIndex((t) => t.id === confirmed[0]!.id);
    expect(after.data.map((d: { id: string }) => d.id)).toEqual(all.slice(position + 1).filter((t) => t.status === "settled").map((t) => t.id));
    // Outside the time window: refused.
    const newest = all[0]!;
    await expectError(await list(`?date_to=2026-04-01T12:00:05Z&starting_after=${newest.id}`), 400, "parameter_invalid", "starting_after");
  });

  test("starting_after that is not an item of this list: 400 parameter_invalid", async () => {
    const elsewhere = await insertTxn({ merchantId: svc.sandbox.merchant_id, confirmedAt: new Date() });
    for (const cursor of [elsewhere, newId("transaction"), "pi_3MtwBwLkdIwHu7ix28a3tqPa", "garbage"])
      await expectError(await list(`?starting_after=${cursor}`), 400, "parameter_invalid", "starting_after");
  });

  test("merchant_id: optional for a scoped key, required for an unscoped key, 404 when not visible", async () => {
    expect((await body(await list(`?merchant_id=${merchant}`))).total_count).toBe(30);
    await expectError(await list("", svc.sandbox.test_key_unscoped), 400, "parameter_missing", "merchant_id");
    expect((await body(await list(`?merchant_id=${merchant}`, svc.sandbox.test_key_unscoped))).total_count).toBe(30);
    // Scoped key naming another merchant of its own account, another account's merchant, a live merchant, garbage.
    for (const other of [svc.sandbox.merchant_id, otherMerchant, liveMerchant, "mer_doesnotexist000000000000", "x"])
      await expectError(await list(`?merchant_id=${other}`), 404, "resource_missing", "merchant_id");
    await expectError(await list(`?merchant_id=${merchant}`, otherKey), 404, "resource_missing", "merchant_id");
    await expectError(await list(`?merchant_id=${merchant}`, liveKey), 404, "resource_missing", "merchant_id");
  });

  test("a live key lists live transactions only", async () => {
    const id = await insertTxn({ merchantId: liveMerchant, mode: "live", confirmedAt: new Date() });
    const b = await body(await list(`?merchant_id=${liveMerchant}`, liveKey));
    expect(b.data.map((d: { id: string }) => d.id)).toContain(id);
    for (const d of b.data) expect(d.merchant_id).toBe(liveMerchant);
  });

  test("invalid parameters: 400 with the code and param", async () => {
    for (const limit of ["0", "101", "-1", "1.5", "abc", "", "1e1", "+5", " 5", "0x10", "99999999999999999999"])
      await expectError(await list(`?limit=${encodeURIComponent(limit)}`), 400, "parameter_invalid", "limit");
    for (const status of ["CONFIRMED", "pending", "", "confirmed,settled"])
      await expectError(await list(`?status=${encodeURIComponent(status)}`), 400, "parameter_invalid", "status");
    for (const date of ["yesterday", "2026-13-01", "2026-02-30", "2026-04-01T12:00:00", "2026-04-01T25:00:00Z", "1712000000", ""])
      await expectError(await list(`?date_from=${encodeURIComponent(date)}`), 400, "parameter_invalid", "date_from");
    await expectError(await list("?date_to=2026-04-01T12:00:00%2B2500"), 400, "parameter_invalid", "date_to");
    await expectError(await list("?limit=5&limit=6"), 400, "parameter_invalid", "limit");
    await expectError(await list("?page=2"), 400, "parameter_unknown", "page");
    await expectError(await list("?created_after=2026-04-01"), 400, "parameter_unknown", "created_after");
    await expectError(await list("?merchant_id="), 400, "parameter_invalid", "merchant_id");
  });

  test("401 before anything else", async () => {
    await expectError(await list("?limit=abc", null), 401, "api_key_missing");
    await expectError(await list("?limit=abc", "sk_test_nope"), 401, "api_key_invalid");
  });
});
