/**
 * A settlement takes exactly the balance that `available` shows , through the real
 * payment flow (API, sandbox payer, Ponder, matcher) with the fee collector NOT running unless a test
 * starts one: a run never waits on a worker that may not run, takes every payment `available`
 * counts whatever the state of its fee, and leaves uncollected fees in the account for the collector.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Address } from "viem";
import { startTestService, type TestService } from "./support/service.ts";
import { createIntent, getJson, payer, waitFor } from "./support/payments.ts";
import { usdcBalance } from "./support/settlement-fixtures.ts";
import { advanceSandboxClockTo, sandboxNow } from "../src/modules/payouts/clock.ts";
import { nextRunAfter } from "../src/modules/payouts/schedule.ts";
import { loadSettlement, runDueSchedules, driveSettlement } from "../src/modules/settlements/service.ts";
import { FeeCollector } from "../src/workers/fee-collector.ts";

let svc: TestService;
let collector: FeeCollector | undefined;

beforeAll(async () => {
  svc = await startTestService({ roles: ["api", "indexer", "matcher"] });
});
afterAll(async () => {
  await collector?.stop();
  await svc?.stop();
});

const sql = () => svc.ctx.database.sql;

async function payAndConfirm(amount: number, merchantId = svc.sandbox.merchant_id, key = svc.sandbox.test_key_scoped) {
  const intent = await createIntent(svc, { amount, merchantId, key });
  await payer(svc).pay(intent.paymentAddress, intent.expectedUnits);
  return waitFor(
    `intent ${intent.id} confirmed`,
    async () => {
      const [row] = await sql()<{ id: string; net_units: bigint; fee_units: bigint; fee_status: string }[]>`
        SELECT id, net_units, fee_units, fee_status FROM app.transactions WHERE payment_intent_id = ${intent.id} AND status = 'confirmed'`;
      return row;
    },
    30_000,
  );
}

async function available(merchantId: string, key = svc.sandbox.test_key_scoped): Promise<number> {
  const { status, body } = await getJson(svc, `/v1/merchants/${merchantId}/balance`, key);
  expect(status).toBe(200);
  return body.available as number;
}

async function advance(merchantId: string, key = svc.sandbox.test_key_scoped) {
  const res = await svc.api("/v1/test_helpers/settlements/advance", { method: "POST", key, json: { merchant_id: merchantId } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Array<Record<string, unknown>> }).data;
}

test("pay, then advance at once with no fee collector: one settlement of exactly `available`, fees left in the account", async () => {
  const merchantId = svc.sandbox.merchant_id;
  const txns = [await payAndConfirm(12.5), await payAndConfirm(3.33)];
  for (const t of txns) expect(t.fee_status).toBe("pending"); // nobody collects fees in this service

  const before = await available(merchantId);
  const expected = txns.reduce((s, t) => s + t.net_units, 0n);
  expect(before).toBe(Number(expected) / 1e6);
  const accountBefore = await usdcBalance(svc.ctx, svc.sandbox.payment_address as Address);

  const settled = await advance(merchantId);
  expect(settled.length).toBe(1);
  expect(settled[0]).toMatchObject({ amount: before, status: "completed", transaction_count: 2 });

  for (const t of txns) {
    const { body } = await getJson(svc, `/v1/transactions/${t.id}`);
    expect(body).toMatchObject({ status: "settled", settlement_status: "paid" });
  }
  expect(await available(merchantId)).toBe(0);
  // A second advance finds nothing left: no second settlement.
  expect(await advance(merchantId)).toEqual([]);
  // Only net amounts left the account; the uncollected fees are still there for the collector.
  const fees = txns.reduce((s, t) => s + t.fee_units, 0n);
  expect(accountBefore - (await usdcBalance(svc.ctx, svc.sandbox.payment_address as Address))).toBe(expected);
  expect(await usdcBalance(svc.ctx, svc.sandbox.payment_address as Address)).toBeGreaterThanOrEqual(fees);

  // The collector, started later, still collects those fees (the contract caps on what was received).
  collector = new FeeCollector(svc.ctx, { pollMs: 200 });
  collector.start();
  await waitFor(
    "the fees of settled payments collected afterwards",
    async () => {
      const rows = await sql()<{ n: number }[]>`
        SELECT count(*)::int AS n FROM app.transactions WHERE id = ANY(${txns.map((t) => t.id)}::text[]) AND fee_status = 'collected'`;
      return rows[0]?.n === txns.length;
    },
    30_000,
  );
  await collector.stop();
  collector = undefined;
});

test("a payment whose fee collection failed for good is settled, and its fee stays reported", async () => {
  const merchantId = svc.sandbox.merchant_id;
  const t = await payAndConfirm(7.77);
  // What the collector does when it gives up (its own path is tested in fee-collector.test.ts).
  await sql()`UPDATE app.transactions SET fee_status = 'failed', fee_last_error = 'test: gave up' WHERE id = ${t.id}`;
  await sql()`
    INSERT INTO app.chain_alerts (kind, chain_id, transaction_id, details)
    VALUES ('fee_collection_failed', ${svc.ctx.chains.test!.chainId}, ${t.id}, '{"attempts": 12}'::jsonb)`;

  const before = await available(merchantId);
  expect(before).toBe(Number(t.net_units) / 1e6);
  const [s] = await advance(merchantId);
  expect(s).toMatchObject({ amount: before, status: "completed", transaction_count: 1 });
  expect(await available(merchantId)).toBe(0);

  const [fee] = await sql()<{ fee_status: string }[]>`SELECT fee_status FROM app.transactions WHERE id = ${t.id}`;
  expect(fee?.fee_status).toBe("failed");
  const metrics = await (await fetch(`${svc.apiUrl}/metrics`)).text();
  expect(metrics).toMatch(/stablepay_chain_alerts_open\{kind="fee_collection_failed"\} 1\b/);
});

test("a scheduled run right after a confirmation includes it", async () => {
  const merchantId = svc.sandbox.merchant_id; // weekly_monday
  const t = await payAndConfirm(21.0);
  const before = await available(merchantId);
  expect(before).toBe(Number(t.net_units) / 1e6);

  const due = nextRunAfter({ kind: "weekly_monday" }, await sandboxNow(svc.ctx))!;
  await advanceSandboxClockTo(svc.ctx, new Date(due.getTime() + 1_000));
  const [created] = await runDueSchedules(svc.ctx, { merchantIds: [merchantId] });
  expect(created).toBeDefined();
  const row = await driveSettlement(svc.ctx, created!.id, { waitMs: 30_000 });
  expect(row).toMatchObject({ trigger: "schedule", amountUnits: t.net_units, transactionCount: 1 });
  expect((await loadSettlement(svc.ctx, created!.id))?.state).toBe("ach_pending");
  const { body } = await getJson(svc, `/v1/transactions/${t.id}`);
  expect(body).toMatchObject({ settlement_status: "in_transit" });
  const balance = (await getJson(svc, `/v1/merchants/${merchantId}/balance`)).body;
  expect(balance).toMatchObject({ available: 0, pending_settlement: before });
});
