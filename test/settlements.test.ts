/**
 * Settlements against a real Postgres and the sandbox chain (anvil), without the payment flow:
 * money is minted to merchant accounts and recorded as confirmed, fee-collected payments
 * (test/support/settlement-fixtures.ts). Covers schedules with several settlers and after downtime,
 * manual cash-out (service and CLI), a withdrawal the contract refuses, the balance while in
 * transit, concurrent drivers, and the sandbox test helper's HTTP contract.
 */
import { runCli } from "./support/cli.ts";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { getAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { startTestService, type TestService } from "./support/service.ts";
import { fundMerchant, recordUnfundedPayment, usdcBalance, withdrawalsOnChain } from "./support/settlement-fixtures.ts";
import { waitFor } from "./support/payments.ts";
import { connect } from "../src/db/client.ts";
import { createContext, type AppContext } from "../src/context.ts";
import { createLogger } from "../src/logger.ts";
import { createApiKey, createIntegratorAccount, onboardMerchant } from "../src/modules/merchants/onboarding.ts";
import type { ScheduleInput } from "../src/modules/merchants/schedule-input.ts";
import { advanceSandboxClockTo, sandboxNow } from "../src/modules/payouts/clock.ts";
import { advanceSandboxSettlements, cashOut, createSettlement, driveSettlement, loadSettlement, runDueSchedules } from "../src/modules/settlements/service.ts";
import { latestRunAtOrBefore, nextRunAfter } from "../src/modules/payouts/schedule.ts";
import { setSandboxPayoutRule } from "../src/modules/payouts/providers/sandbox.ts";
import { Settler } from "../src/workers/settler.ts";

let svc: TestService;
const extraContexts: AppContext[] = [];

beforeAll(async () => {
  svc = await startTestService({ roles: ["api"] });
});
afterAll(async () => {
  for (const c of extraContexts) await c.database.close();
  await svc?.stop();
});

const sql = () => svc.ctx.database.sql;
const PAYOUT = "0x000000000000000000000000000000000000bA5e";

async function merchant(schedule: ScheduleInput, name = "Shop") {
  return onboardMerchant(svc.ctx, {
    accountIds: [svc.sandbox.account_id],
    mode: "test",
    businessName: name,
    email: "owner@shop.example",
    bankName: "Test Bank",
    bankLast4: "4242",
    feeRateBps: 100,
    schedule,
    ownerAddress: privateKeyToAccount(svc.ctx.config.sandboxPayerPrivateKey).address,
    payoutAddress: PAYOUT,
  });
}

/** Another settler process, as far as the database is concerned: its own pool, same chain. */
function anotherSettler(): AppContext {
  const ctx = createContext({ config: svc.ctx.config, database: connect(svc.sandbox.database_url, { max: 4 }), chains: svc.ctx.chains, log: createLogger("error") });
  extraContexts.push(ctx);
  return ctx;
}

const cli = (args: string[]) => runCli(svc, args);

describe("schedules", () => {
  test("a due instant runs once although several settlers race for it", async () => {
    const m = await merchant({ kind: "daily" }, "Daily Shop");
    const funded = await fundMerchant(svc.ctx, m.id, [10_000_000n, 2_500_000n]);
    // Sandbox time: just after the first daily instant following the merchant's creation.
    const instant = nextRunAfter({ kind: "daily" }, await sandboxNow(svc.ctx))!;
    await advanceSandboxClockTo(svc.ctx, new Date(instant.getTime() + 60_000));
    const settlers = [svc.ctx, anotherSettler(), anotherSettler(), anotherSettler()];
    const results = await Promise.all(settlers.map((ctx) => runDueSchedules(ctx, { merchantIds: [m.id] })));
    expect(results.flat().length).toBe(1);
    const runs = await sql()<{ scheduled_for: unknown; settlement_id: string }[]>`SELECT scheduled_for, settlement_id FROM app.settlement_runs WHERE merchant_id = ${m.id}`;
    expect(runs.length).toBe(1);
    const s = results.flat()[0]!;
    expect(s).toMatchObject({ trigger: "schedule", amountUnits: funded.netUnits, transactionCount: 2, state: "created" });
    expect(s.scheduledFor?.toISOString()).toBe(instant.toISOString());
    expect(runs[0]!.settlement_id).toBe(s.id);
    // Later passes at the same sandbox time do nothing more.
    expect(await runDueSchedules(svc.ctx, { merchantIds: [m.id] })).toEqual([]);
    const done = await advanceSandboxSettlements(svc.ctx, [m.id]);
    expect(done.map((d) => [d.id, d.state])).toEqual([[s.id, "completed"]]);
  });

  test("a run missed while no settler ran happens when a settler starts", async () => {
    const m = await merchant({ kind: "weekly_monday" }, "Weekly Shop");
    const funded = await fundMerchant(svc.ctx, m.id, [4_000_000n]);
    const monday = nextRunAfter({ kind: "weekly_monday" }, await sandboxNow(svc.ctx))!;
    // "Downtime": sandbox time moves two days past the Monday run with no settler running.
    await advanceSandboxClockTo(svc.ctx, new Date(monday.getTime() + 2 * 86_400_000));
    expect(latestRunAtOrBefore({ kind: "weekly_monday" }, await sandboxNow(svc.ctx))?.toISOString()).toBe(monday.toISOString());
    const settler = new Settler(svc.ctx, { pollMs: 50 });
    settler.start();
    try {
      const s = await waitFor("the missed run", async () => {
        const [row] = await sql()<{ id: string; scheduled_for: unknown; state: string }[]>`
          SELECT id, scheduled_for, state FROM app.settlements WHERE merchant_id = ${m.id} AND state = 'ach_pending'`;
        return row;
      });
      const row = await loadSettlement(svc.ctx, s.id);
      expect(row?.scheduledFor?.toISOString()).toBe(monday.toISOString());
      expect(row?.amountUnits).toBe(funded.netUnits);
    } finally {
      await settler.stop();
    }
  });

  test("manual merchants are never settled by the schedule; a cash-out settles them", async () => {
    const m = await merchant({ kind: "manual" }, "Manual Shop");
    const funded = await fundMerchant(svc.ctx, m.id, [3_000_000n]);
    await advanceSandboxClockTo(svc.ctx, new Date((await sandboxNow(svc.ctx)).getTime() + 8 * 86_400_000));
    expect(await runDueSchedules(svc.ctx, { merchantIds: [m.id] })).toEqual([]);
    const s = await cashOut(svc.ctx, m.id);
    expect(s).toMatchObject({ trigger: "manual", state: "ach_pending", status: "in_transit", amountUnits: funded.netUnits });
    // Nothing left: a second cash-out has nothing to settle.
    expect(await cashOut(svc.ctx, m.id)).toBeUndefined();
  });
});

describe("a settlement run", () => {
  test("in transit: withdrawn on-chain to the payout address, transactions in_transit, balance.pending_settlement shows it", async () => {
    const m = await merchant({ kind: "manual" }, "Transit Shop");
    const key = (await createApiKey(svc.ctx, { accountId: svc.sandbox.account_id, mode: "test", merchantId: m.id })).key;
    const funded = await fundMerchant(svc.ctx, m.id, [20_000_000n, 1_234_567n]);
    const payoutBefore = await usdcBalance(svc.ctx, PAYOUT);
    const before = (await (await svc.api(`/v1/merchants/${m.id}/balance`, { key })).json()) as { available: number; pending_settlement: number };
    expect(before.pending_settlement).toBe(0);
    const s = await cashOut(svc.ctx, m.id);
    expect(s?.status).toBe("in_transit");
    const logs = await withdrawalsOnChain(svc.ctx, m.paymentAddress!, s!.id);
    expect(logs.length).toBe(1);
    expect(logs[0]!.args).toMatchObject({ to: getAddress(PAYOUT), amount: funded.netUnits });
    expect(s!.withdrawalTxHash).toBe(logs[0]!.transactionHash);
    expect((await usdcBalance(svc.ctx, PAYOUT)) - payoutBefore).toBe(funded.netUnits);
    const txns = await sql()<{ settlement_status: string; status: string }[]>`SELECT settlement_status, status FROM app.transactions WHERE settlement_id = ${s!.id}`;
    expect(txns.map((t) => [t.status, t.settlement_status])).toEqual([
      ["confirmed", "in_transit"],
      ["confirmed", "in_transit"],
    ]);
    const balance = (await (await svc.api(`/v1/merchants/${m.id}/balance`, { key })).json()) as { available: number; pending_settlement: number };
    expect(balance.pending_settlement).toBe(21.022221); // (20 - 0.2) + (1.234567 - 0.012346)
    expect(balance.available).toBe(before.available - balance.pending_settlement);
    const intents = await sql()<{ status: string }[]>`SELECT status FROM app.payment_intents WHERE id = ANY(${funded.intentIds}::text[])`;
    expect(intents.every((i) => i.status === "confirmed")).toBe(true);
  });

  test("a withdrawal the contract refuses moves nothing: settlement failed, transactions back, alert", async () => {
    const m = await merchant({ kind: "manual" }, "Empty Shop");
    const txn = await recordUnfundedPayment(svc.ctx, m.id, 5_000_000n);
    const s = await cashOut(svc.ctx, m.id);
    expect(s).toMatchObject({ state: "failed", status: "failed", failureCode: "withdrawal_failed" });
    expect(s!.failureMessage).toContain("TransferFailed");
    expect(await withdrawalsOnChain(svc.ctx, m.paymentAddress!, s!.id)).toEqual([]);
    const [attempts] = await sql()<{ n: number }[]>`SELECT count(*)::int AS n FROM app.settlement_withdrawal_attempts WHERE settlement_id = ${s!.id}`;
    expect(attempts!.n).toBe(0);
    const [t] = await sql()<{ settlement_id: string | null; settlement_status: string; withdrawal_settlement_id: string | null }[]>`
      SELECT settlement_id, settlement_status, withdrawal_settlement_id FROM app.transactions WHERE id = ${txn}`;
    expect(t).toEqual({ settlement_id: null, settlement_status: "pending", withdrawal_settlement_id: null });
    const [alert] = await sql()<{ kind: string }[]>`SELECT kind FROM app.settlement_alerts WHERE settlement_id = ${s!.id}`;
    expect(alert?.kind).toBe("withdrawal_failed");
    const scrape = await (await fetch(`${svc.apiUrl}/metrics`)).text();
    expect(scrape).toMatch(/^stablepay_settlement_alerts_open\{kind="withdrawal_failed"\} [1-9]/m);
    expect(scrape).toMatch(/^stablepay_settlement_alerts_total\{kind="withdrawal_failed"\} [1-9]/m);
    // The history still lists what it tried to settle.
    const [hist] = await sql()<{ n: number }[]>`SELECT count(*)::int AS n FROM app.settlement_transactions WHERE settlement_id = ${s!.id}`;
    expect(hist!.n).toBe(1);
    // Take the bad row out of the way of later runs.
    await sql()`UPDATE app.transactions SET status = 'failed' WHERE id = ${txn}`;
  });

  test("after an ACH return the next run pays the returned funds without withdrawing them again, plus new payments", async () => {
    const m = await merchant({ kind: "manual" }, "Returned Shop");
    const key = (await createApiKey(svc.ctx, { accountId: svc.sandbox.account_id, mode: "test", merchantId: m.id })).key;
    const old = await fundMerchant(svc.ctx, m.id, [8_000_000n]);
    await setSandboxPayoutRule(svc.ctx, m.id, { failCode: "R01" });
    const [failed] = await advanceSandboxSettlements(svc.ctx, [m.id]);
    expect(failed).toMatchObject({ state: "failed", status: "failed", failureCode: "R01", withdrawalUnits: old.netUnits });
    expect(failed!.failureMessage).toBe("ACH return R01: Insufficient funds");
    const [txnAfterReturn] = await sql()<{ settlement_status: string; settlement_id: string | null; status: string }[]>`
      SELECT settlement_status, settlement_id, status FROM app.transactions WHERE id = ${old.transactionIds[0]!}`;
    expect(txnAfterReturn).toEqual({ settlement_status: "failed", settlement_id: null, status: "confirmed" });
    const shown = (await (await svc.api(`/v1/transactions/${old.transactionIds[0]}`, { key })).json()) as { settlement_status: string };
    expect(shown.settlement_status).toBe("failed");
    // No settlement.completed for a failed one.
    const [noEvent] = await sql()<{ n: number }[]>`SELECT count(*)::int AS n FROM app.events WHERE data->>'id' = ${failed!.id}`;
    expect(noEvent!.n).toBe(0);

    await setSandboxPayoutRule(svc.ctx, m.id, { failCode: null });
    const fresh = await fundMerchant(svc.ctx, m.id, [2_000_000n]);
    const payoutBefore = await usdcBalance(svc.ctx, PAYOUT);
    const [retry] = await advanceSandboxSettlements(svc.ctx, [m.id]);
    expect(retry).toMatchObject({ state: "completed", amountUnits: old.netUnits + fresh.netUnits, withdrawalUnits: fresh.netUnits, transactionCount: 2 });
    const logs = await withdrawalsOnChain(svc.ctx, m.paymentAddress!, retry!.id);
    expect(logs.map((l) => l.args.amount)).toEqual([fresh.netUnits]);
    expect((await usdcBalance(svc.ctx, PAYOUT)) - payoutBefore).toBe(fresh.netUnits);
    const txns = await sql()<{ settlement_status: string; status: string }[]>`
      SELECT settlement_status, status FROM app.transactions WHERE id = ANY(${[...old.transactionIds, ...fresh.transactionIds]}::text[])`;
    expect(txns.every((t) => t.settlement_status === "paid" && t.status === "settled")).toBe(true);
    // Both settlements list the returned transaction in their history.
    const [hist] = await sql()<{ n: number }[]>`SELECT count(*)::int AS n FROM app.settlement_transactions WHERE transaction_id = ${old.transactionIds[0]!}`;
    expect(hist!.n).toBe(2);
  });

  test("several drivers of one settlement at once: one withdrawal", async () => {
    const m = await merchant({ kind: "manual" }, "Race Shop");
    const funded = await fundMerchant(svc.ctx, m.id, [6_000_000n]);
    const s = await createSettlement(svc.ctx, m.id, { trigger: "manual" });
    const drivers = [svc.ctx, anotherSettler(), anotherSettler()];
    await Promise.all(drivers.map((ctx) => driveSettlement(ctx, s!.id, { waitMs: 5_000 })));
    expect((await loadSettlement(svc.ctx, s!.id))?.state).toBe("ach_pending");
    expect((await withdrawalsOnChain(svc.ctx, m.paymentAddress!, s!.id)).length).toBe(1);
    const [attempts] = await sql()<{ n: number }[]>`SELECT count(*)::int AS n FROM app.settlement_withdrawal_attempts WHERE settlement_id = ${s!.id}`;
    expect(attempts!.n).toBe(1);
    expect(s!.amountUnits).toBe(funded.netUnits);
  });

  test("payments that arrive during a settlement wait for the next one", async () => {
    const m = await merchant({ kind: "manual" }, "Busy Shop");
    const first = await fundMerchant(svc.ctx, m.id, [1_000_000n]);
    const s1 = await createSettlement(svc.ctx, m.id, { trigger: "manual" });
    const second = await fundMerchant(svc.ctx, m.id, [2_000_000n]);
    const s2 = await createSettlement(svc.ctx, m.id, { trigger: "manual" });
    expect(s1?.amountUnits).toBe(first.netUnits);
    expect(s2?.amountUnits).toBe(second.netUnits);
    const done = await advanceSandboxSettlements(svc.ctx, [m.id]);
    expect(done.map((d) => d.state).sort()).toEqual(["completed", "completed"]);
  });
});

describe("CLI", () => {
  test("settlements run, list and sandbox-fail", async () => {
    const m = await merchant({ kind: "weekly_monday" }, "CLI Shop");
    const funded = await fundMerchant(svc.ctx, m.id, [9_000_000n]);
    const run = await cli(["settlements", "run", "--merchant", m.id, "--json"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as { settlement: Record<string, unknown>; state: string; withdrawal_tx_hash: string };
    expect(out.settlement).toMatchObject({ object: "settlement", merchant_id: m.id, status: "in_transit", amount: 8.91, method: "ach", transaction_count: 1 });
    expect(out.state).toBe("ach_pending");
    expect(out.withdrawal_tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(funded.netUnits).toBe(8_910_000n);

    const again = await cli(["settlements", "run", "--merchant", m.id]);
    expect(again.stdout.trim()).toBe(`nothing to settle for ${m.id}`);

    const list = await cli(["settlements", "list", "--merchant", m.id]);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(String(out.settlement.id));
    expect(list.stdout).toContain("in_transit");

    const fail = await cli(["settlements", "sandbox-fail", "--merchant", m.id, "--code", "R02", "--json"]);
    expect(JSON.parse(fail.stdout)).toEqual({ object: "sandbox_payout_rule", merchant_id: m.id, fail_code: "R02" });
    const off = await cli(["settlements", "sandbox-fail", "--merchant", m.id, "--off"]);
    expect(off.stdout.trim()).toBe(`sandbox ACH transfers of ${m.id} will be paid`);

    const bad = await cli(["settlements", "run", "--merchant", "nope"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toBe('error: "nope" is not a merchant id (mer_…)');
    const unknown = await cli(["settlements", "run", "--merchant", "mer_doesnotexist0000000000"]);
    expect(unknown.stderr.trim()).toBe("error: no such merchant: mer_doesnotexist0000000000");
  });
});

describe("POST /v1/test_helpers/settlements/advance", () => {
  const path = "/v1/test_helpers/settlements/advance";
  const FIELDS = ["id", "object", "merchant_id", "amount", "currency", "status", "method", "transaction_count", "bank_account", "initiated_at", "expected_arrival_date", "completed_at", "withdrawals"].sort();

  test("settles, advances the sandbox clock and completes; answers with the affected settlements", async () => {
    // Whatever earlier tests left for the demo merchant first.
    await svc.api(path, { method: "POST" });
    const funded = await fundMerchant(svc.ctx, svc.sandbox.merchant_id, [15_000_000n, 5_000_000n]);
    const clockBefore = await sandboxNow(svc.ctx);
    const res = await svc.api(path, { method: "POST" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { object: string; data: Record<string, unknown>[]; has_more: boolean; total_count: number };
    expect(body).toMatchObject({ object: "list", has_more: false, total_count: 1 });
    const [s] = body.data;
    expect(Object.keys(s!).sort()).toEqual(FIELDS);
    expect(s).toMatchObject({
      object: "settlement",
      merchant_id: svc.sandbox.merchant_id,
      amount: 19.8,
      currency: "usd",
      status: "completed",
      method: "ach",
      transaction_count: 2,
      bank_account: { bank_name: "First Sandbox Bank", last_4: "6789" },
    });
    expect(s!.id).toMatch(/^stl_/);
    expect(s!.initiated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(s!.expected_arrival_date).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(Date.parse(String(s!.completed_at))).toBeGreaterThan(Date.parse(String(s!.initiated_at)));
    // The sandbox clock moved to the arrival (09:00 New York on a later business day).
    expect((await sandboxNow(svc.ctx)).getTime()).toBeGreaterThanOrEqual(Date.parse(String(s!.completed_at)));
    expect(Date.parse(String(s!.completed_at))).toBeGreaterThan(clockBefore.getTime());
    expect(funded.netUnits).toBe(19_800_000n);
    const intents = await Promise.all(funded.intentIds.map(async (id) => (await (await svc.api(`/v1/payment-intents/${id}`)).json()) as { status: string }));
    expect(intents.map((i) => i.status)).toEqual(["settled", "settled"]);
    const [event] = await sql()<{ data: Record<string, unknown>; account_id: string | null }[]>`
      SELECT data, account_id FROM app.events WHERE type = 'settlement.completed' AND data->>'id' = ${String(s!.id)}`;
    expect(event?.account_id).toBeNull();
    expect(event?.data).toEqual(s!);

    // Nothing left to do: an empty list.
    const empty = await svc.api(path, { method: "POST", json: { merchant_id: svc.sandbox.merchant_id } });
    expect(await empty.json()).toEqual({ object: "list", data: [], has_more: false, total_count: 0 });
  });

  test("merchant_id narrows to one merchant; one the key may not see is 400 resource_missing", async () => {
    const other = await createIntegratorAccount(svc.ctx, "Other integrator");
    const foreignKey = (await createApiKey(svc.ctx, { accountId: other.id, mode: "test" })).key;
    const res = await svc.api(path, { method: "POST", key: foreignKey, json: { merchant_id: svc.sandbox.merchant_id } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: unknown }).error).toMatchObject({ type: "invalid_request_error", code: "resource_missing", param: "merchant_id" });
    // Its own (no merchants): nothing to do.
    const own = await svc.api(path, { method: "POST", key: foreignKey });
    expect(await own.json()).toEqual({ object: "list", data: [], has_more: false, total_count: 0 });
    const scopedOther = await svc.api(path, { method: "POST", json: { merchant_id: "mer_doesnotexist0000000000" } });
    expect(scopedOther.status).toBe(400);
  });

  test("input errors and keys", async () => {
    const live = (await createApiKey(svc.ctx, { accountId: svc.sandbox.account_id, mode: "live" })).key;
    const liveRes = await svc.api(path, { method: "POST", key: live });
    expect(liveRes.status).toBe(404);
    expect(((await liveRes.json()) as { error: { code: string } }).error.code).toBe("resource_missing");
    expect((await svc.api(path, { method: "POST", key: null })).status).toBe(401);
    const unknown = await svc.api(path, { method: "POST", json: { amount: 5 } });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: unknown }).error).toMatchObject({ code: "parameter_unknown", param: "amount" });
    const wrongType = await svc.api(path, { method: "POST", json: { merchant_id: 5 } });
    expect(((await wrongType.json()) as { error: unknown }).error).toMatchObject({ code: "parameter_invalid", param: "merchant_id" });
    const notObject = await svc.api(path, { method: "POST", json: [1] });
    expect(((await notObject.json()) as { error: { code: string } }).error.code).toBe("parameter_invalid");
    const text = await svc.api(path, { method: "POST", body: "merchant_id=x", headers: { "content-type": "text/plain" } });
    expect(text.status).toBe(415);
    const malformed = await svc.api(path, { method: "POST", body: "{", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    const query = await svc.api(`${path}?merchant_id=x`, { method: "POST" });
    expect(query.status).toBe(400);
    expect((await svc.api(path)).status).toBe(404); // GET
  });
});
