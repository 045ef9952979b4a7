/**
 * Crash tests: a settler in a child process (test/support/settler-child.ts) is killed with SIGKILL
 * at every step of a settlement, then a fresh settler resumes. Each time: exactly one on-chain
 * withdrawal for the settlement (Withdrawn logs by its ref), the payout address received exactly the
 * amount once, exactly one ACH transfer at the provider, the settlement completes (or fails once on
 * an ACH return), and exactly one settlement.completed event.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Subprocess } from "bun";
import { startTestService, type TestService } from "./support/service.ts";
import { runChild, workerChildEnv } from "./support/child-env.ts";
import { allWithdrawalsOnChain, fundMerchant, usdcBalance, withdrawalsOnChain } from "./support/settlement-fixtures.ts";
import { CRASH_POINTS, type CrashPoint } from "../src/modules/settlements/hooks.ts";
import { advanceSandboxSettlements, loadSettlement } from "../src/modules/settlements/service.ts";
import { setSandboxPayoutRule } from "../src/modules/payouts/providers/sandbox.ts";
import { testUsdcAbi } from "../contracts/abis.ts";

let svc: TestService;
const children = new Set<Subprocess>();

beforeAll(async () => {
  svc = await startTestService({ roles: ["api"] });
});
afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  await Promise.all([...children].map((c) => c.exited));
  await svc?.stop();
});

/** Runs the child until it kills itself at `point`; fails the test if it exits any other way. */
async function runChildUntilCrash(merchantId: string, point: CrashPoint, action?: "cashout") {
  const { code, signal, out } = await runChild("test/support/settler-child.ts", workerChildEnv(svc, { MERCHANT_ID: merchantId, CRASH_AT: point, ...(action ? { ACTION: action } : {}) }), children);
  expect({ point, signal, code, out }).toEqual({ point, signal: "SIGKILL", code: 137, out: `crashing at ${point}` });
}

const sql = () => svc.ctx.database.sql;

/** Funds the merchant, runs a settler child until it kills itself at `point`, and returns the settlement it created. */
async function settlementCrashedAt(merchantId: string, amounts: bigint[], point: CrashPoint, action?: "cashout") {
  const funded = await fundMerchant(svc.ctx, merchantId, amounts);
  const payoutBefore = await usdcBalance(svc.ctx, "0x000000000000000000000000000000000000bA5e");
  const before = new Set((await settlementsOf(merchantId)).map((s) => s.id));
  await runChildUntilCrash(merchantId, point, action);
  const created = (await settlementsOf(merchantId)).filter((s) => !before.has(s.id));
  expect(created.length).toBe(1);
  return { funded, payoutBefore, id: created[0]!.id };
}

async function settlementsOf(merchantId: string) {
  return sql()<{ id: string; state: string; amount_units: bigint; withdrawal_units: bigint }[]>`
    SELECT id, state, amount_units, withdrawal_units FROM app.settlements WHERE merchant_id = ${merchantId} ORDER BY created_at, id`;
}

async function countRows(query: Promise<{ n: number }[]>) {
  const [r] = await query;
  return r?.n ?? 0;
}

async function checkExactlyOnce(merchantId: string, settlementId: string, funded: { transactionIds: string[]; intentIds: string[]; netUnits: bigint }, payoutBefore: bigint) {
  const s = await loadSettlement(svc.ctx, settlementId);
  expect(s?.state).toBe("completed");
  expect(s?.amountUnits).toBe(funded.netUnits);
  // On-chain: one Withdrawn log for this settlement, and the payout address got the amount once.
  const logs = await withdrawalsOnChain(svc.ctx, s!.merchantAccount, settlementId);
  expect(logs.length).toBe(1);
  expect(logs[0]!.args.amount).toBe(funded.netUnits);
  expect(logs[0]!.transactionHash).toBe(s!.withdrawalTxHash as `0x${string}`);
  expect((await usdcBalance(svc.ctx, s!.withdrawnTo!)) - payoutBefore).toBe(funded.netUnits);
  // Provider: one transfer for it.
  expect(await countRows(sql()<{ n: number }[]>`SELECT count(*)::int AS n FROM app.sandbox_payouts WHERE idempotency_key = ${settlementId}`)).toBe(1);
  // Ledger: transactions paid, intents settled, one event.
  const txns = await sql()<{ status: string; settlement_status: string; settlement_id: string }[]>`
    SELECT status, settlement_status, settlement_id FROM app.transactions WHERE id = ANY(${funded.transactionIds}::text[])`;
  expect(txns.map((t) => [t.status, t.settlement_status, t.settlement_id])).toEqual(funded.transactionIds.map(() => ["settled", "paid", settlementId]));
  const intents = await sql()<{ status: string; settled_at: unknown }[]>`SELECT status, settled_at FROM app.payment_intents WHERE id = ANY(${funded.intentIds}::text[])`;
  expect(intents.every((i) => i.status === "settled" && i.settled_at !== null)).toBe(true);
  expect(
    await countRows(sql()<{ n: number }[]>`SELECT count(*)::int AS n FROM app.events WHERE type = 'settlement.completed' AND data->>'id' = ${settlementId}`),
  ).toBe(1);
  // Nothing else was created for the merchant in this round.
  expect((await settlementsOf(merchantId)).filter((r) => r.state !== "completed" && r.state !== "failed")).toEqual([]);
}

describe("kill -9 at every step, then resume", () => {
  const points = CRASH_POINTS.filter((p) => p !== "before_fail");
  for (const point of points) {
    test(`crash ${point}`, async () => {
      const merchantId = svc.sandbox.merchant_id;
      const { funded, payoutBefore, id } = await settlementCrashedAt(merchantId, [12_340_000n, 5_000_001n], point);

      // A fresh settler resumes (the same work the settler role and the helper do).
      await advanceSandboxSettlements(svc.ctx, [merchantId]);
      await checkExactlyOnce(merchantId, id, funded, payoutBefore);
      // Running again changes nothing.
      expect(await advanceSandboxSettlements(svc.ctx, [merchantId])).toEqual([]);
      await checkExactlyOnce(merchantId, id, funded, payoutBefore);
    });
  }

  test("crash after signing, then the operator's nonce is taken by another transaction: the signed withdrawal is dropped and re-signed once", async () => {
    const merchantId = svc.sandbox.merchant_id;
    const chain = svc.ctx.chains.test!;
    const { funded, payoutBefore, id } = await settlementCrashedAt(merchantId, [7_000_000n], "after_withdrawal_signed");
    const [attempt] = await sql()<{ nonce: number }[]>`SELECT nonce FROM app.settlement_withdrawal_attempts WHERE settlement_id = ${id}`;
    // Another operator transaction (like a fee collection) uses the same nonce first.
    const hash = await chain.operator.writeContract({ address: chain.usdc, abi: testUsdcAbi, functionName: "mint", args: ["0x000000000000000000000000000000000000dEaD", 1n], nonce: attempt!.nonce });
    await chain.publicClient.waitForTransactionReceipt({ hash });

    await advanceSandboxSettlements(svc.ctx, [merchantId]);
    await checkExactlyOnce(merchantId, id, funded, payoutBefore);
    const attempts = await sql()<{ outcome: string }[]>`SELECT outcome FROM app.settlement_withdrawal_attempts WHERE settlement_id = ${id} ORDER BY created_at`;
    expect(attempts.map((a) => a.outcome)).toEqual(["dropped", "mined"]);
  });

  test("crash before failing on an ACH return: failed once, one alert; the retry pays without a second withdrawal", async () => {
    const merchantId = svc.sandbox.merchant_id;
    const account = svc.sandbox.payment_address;
    const funded = await fundMerchant(svc.ctx, merchantId, [3_000_000n, 4_000_000n]);
    const payoutBefore = await usdcBalance(svc.ctx, "0x000000000000000000000000000000000000bA5e");
    const withdrawalsBefore = (await allWithdrawalsOnChain(svc.ctx, account)).length;
    const before = new Set((await settlementsOf(merchantId)).map((s) => s.id));
    await setSandboxPayoutRule(svc.ctx, merchantId, { failCode: "R03" });
    try {
      await runChildUntilCrash(merchantId, "before_fail");
      const id = (await settlementsOf(merchantId)).filter((s) => !before.has(s.id))[0]!.id;
      await advanceSandboxSettlements(svc.ctx, [merchantId]);
      const failed = await loadSettlement(svc.ctx, id);
      expect(failed).toMatchObject({ state: "failed", status: "failed", failureCode: "R03" });
      expect(await countRows(sql()<{ n: number }[]>`SELECT count(*)::int AS n FROM app.settlement_alerts WHERE settlement_id = ${id}`)).toBe(1);
      const txns = await sql()<{ settlement_status: string; settlement_id: string | null; withdrawal_settlement_id: string }[]>`
        SELECT settlement_status, settlement_id, withdrawal_settlement_id FROM app.transactions WHERE id = ANY(${funded.transactionIds}::text[])`;
      expect(txns.map((t) => [t.settlement_status, t.settlement_id, t.withdrawal_settlement_id])).toEqual(funded.transactionIds.map(() => ["failed", null, id]));
    } finally {
      await setSandboxPayoutRule(svc.ctx, merchantId, { failCode: null });
    }
    // The retry: a new settlement of the same transactions, no on-chain leg.
    const retried = await advanceSandboxSettlements(svc.ctx, [merchantId]);
    expect(retried.length).toBe(1);
    expect(retried[0]).toMatchObject({ state: "completed", amountUnits: funded.netUnits, withdrawalUnits: 0n, withdrawalTxHash: null });
    expect((await allWithdrawalsOnChain(svc.ctx, account)).length).toBe(withdrawalsBefore + 1);
    expect((await usdcBalance(svc.ctx, "0x000000000000000000000000000000000000bA5e")) - payoutBefore).toBe(funded.netUnits);
    const txns = await sql()<{ status: string; settlement_status: string; settlement_id: string }[]>`
      SELECT status, settlement_status, settlement_id FROM app.transactions WHERE id = ANY(${funded.transactionIds}::text[])`;
    expect(txns.every((t) => t.status === "settled" && t.settlement_status === "paid" && t.settlement_id === retried[0]!.id)).toBe(true);
  });

  test("a database restored to a point before the withdrawal's attempt was recorded: the withdrawal on chain is found by its ref and recorded, not sent again", async () => {
    const merchantId = svc.sandbox.merchant_id;
    const chain = svc.ctx.chains.test!;
    const { funded, payoutBefore, id } = await settlementCrashedAt(merchantId, [2_500_000n], "after_withdrawal_broadcast");
    const [attempt] = await sql()<{ tx_hash: `0x${string}` }[]>`SELECT tx_hash FROM app.settlement_withdrawal_attempts WHERE settlement_id = ${id}`;
    await chain.publicClient.waitForTransactionReceipt({ hash: attempt!.tx_hash, timeout: 30_000 });
    // The restore: the database as it was before the attempt was recorded; the chain keeps the withdrawal.
    await sql()`DELETE FROM app.settlement_withdrawal_attempts WHERE settlement_id = ${id}`;
    await sql()`UPDATE app.settlements SET state = 'created' WHERE id = ${id}`;
    // Enough in the account for a second withdrawal of the same amount, so that only the service can prevent one.
    const account = (await loadSettlement(svc.ctx, id))!.merchantAccount as `0x${string}`;
    const topUp = await chain.operator.writeContract({ address: chain.usdc, abi: testUsdcAbi, functionName: "mint", args: [account, funded.netUnits] });
    await chain.publicClient.waitForTransactionReceipt({ hash: topUp });

    await advanceSandboxSettlements(svc.ctx, [merchantId]);
    await checkExactlyOnce(merchantId, id, funded, payoutBefore);
    expect((await loadSettlement(svc.ctx, id))!.withdrawalTxHash).toBe(attempt!.tx_hash);
    expect(await countRows(sql()<{ n: number }[]>`SELECT count(*)::int AS n FROM app.settlement_withdrawal_attempts WHERE settlement_id = ${id}`)).toBe(0);
  });

  test("a database restored while the withdrawal still waited in the node's pool: nothing is signed until it is mined, then it is found by its ref", async () => {
    const merchantId = svc.sandbox.merchant_id;
    const chain = svc.ctx.chains.test!;
    const mining = (automine: boolean) => chain.publicClient.request({ method: "evm_setAutomine" as never, params: [automine] as never });
    const funded = await fundMerchant(svc.ctx, merchantId, [3_100_000n]);
    const payoutBefore = await usdcBalance(svc.ctx, "0x000000000000000000000000000000000000bA5e");
    // Enough in the account for a second withdrawal of the same amount, so that only the service can prevent one.
    const [m] = await sql()<{ payment_address: `0x${string}` }[]>`SELECT payment_address FROM app.merchants WHERE id = ${merchantId}`;
    // Through the nonce authority, as everything the operator signs: the withdrawal below then takes the next nonce.
    const topUp = await chain.sender.write({ address: chain.usdc, abi: testUsdcAbi, functionName: "mint", args: [m!.payment_address, funded.netUnits] });
    await chain.publicClient.waitForTransactionReceipt({ hash: topUp });
    const before = new Set((await settlementsOf(merchantId)).map((s) => s.id));
    await mining(false);
    try {
      // The withdrawal is broadcast and waits in the pool: nothing is mined.
      await runChildUntilCrash(merchantId, "after_withdrawal_broadcast");
      const [id] = (await settlementsOf(merchantId)).filter((s) => !before.has(s.id)).map((s) => s.id);
      const [attempt] = await sql()<{ tx_hash: `0x${string}` }[]>`SELECT tx_hash FROM app.settlement_withdrawal_attempts WHERE settlement_id = ${id!}`;
      expect(await chain.publicClient.getTransaction({ hash: attempt!.tx_hash }).then((t) => t.blockNumber)).toBeNull();
      // The restore: the database as it was before the withdrawal was signed (its attempt and its journal row gone).
      await sql()`DELETE FROM app.settlement_withdrawal_attempts WHERE settlement_id = ${id!}`;
      await sql()`DELETE FROM app.operator_transactions WHERE tx_hash = ${attempt!.tx_hash}`;
      await sql()`UPDATE app.settlements SET state = 'created' WHERE id = ${id!}`;

      await advanceSandboxSettlements(svc.ctx, [merchantId]);
      // Held: no log of the ref yet, and a transaction of the operator the database does not know.
      expect(await countRows(sql()<{ n: number }[]>`SELECT count(*)::int AS n FROM app.settlement_withdrawal_attempts WHERE settlement_id = ${id!}`)).toBe(0);
      expect((await loadSettlement(svc.ctx, id!))!.state).toBe("created");
      expect(await chain.sender.unknownInFlight()).toBe(1);

      await mining(true);
      await chain.publicClient.request({ method: "evm_mine" as never, params: [] as never });
      await chain.publicClient.waitForTransactionReceipt({ hash: attempt!.tx_hash, timeout: 30_000 });
      await advanceSandboxSettlements(svc.ctx, [merchantId]);
      await checkExactlyOnce(merchantId, id!, funded, payoutBefore);
      expect((await loadSettlement(svc.ctx, id!))!.withdrawalTxHash).toBe(attempt!.tx_hash);
    } finally {
      await mining(true).catch(() => undefined);
    }
  });

  test("a manual cash-out killed after the withdrawal is finished by the next settler", async () => {
    const merchantId = svc.sandbox.merchant_id;
    const { funded, payoutBefore, id } = await settlementCrashedAt(merchantId, [1_000_000n], "after_withdrawn", "cashout");
    await advanceSandboxSettlements(svc.ctx, [merchantId]);
    await checkExactlyOnce(merchantId, id, funded, payoutBefore);
  });
});
