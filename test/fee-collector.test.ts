/**
 * Fee collection against the real MerchantAccount contract on anvil: collects once, recovers from a
 * crash after sending (checks feeCollected(ref) and the known hash before sending again), treats
 * AlreadyCollected as success once verified, retries failures with backoff and gives up with an
 * alert, skips zero fees, and two collectors at once never collect a fee twice.
 * The ledger rows are inserted directly (no matcher here), against real USDC received by the account.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { parseEventLogs, type Address, type Hex } from "viem";
import { startTestService, type TestService } from "./support/service.ts";
import { payer } from "./support/payments.ts";
import { merchantAccountAbi, usdcAbi } from "../contracts/abis.ts";
import { newId } from "../src/domain/ids.ts";
import { splitFee } from "../src/domain/money.ts";
import { feeRef } from "../src/modules/fees/ref.ts";
import { FeeCollector } from "../src/workers/fee-collector.ts";

let svc: TestService;
let account: Address;

beforeAll(async () => {
  // This file tests v1 merchant accounts (MerchantAccount's ABI and events): the demo merchant is v1 here
  // (v2 is the sandbox's default; v2 and USDT: test/account-v2-service.test.ts).
  svc = await startTestService({ roles: ["api"], env: { MERCHANT_ACCOUNT_VERSION: "1" } });
  account = svc.sandbox.payment_address as Address;
  // Real money in the account: 100 USDC.
  await payer(svc).pay(account, 100_000_000n);
});
afterAll(async () => {
  await svc?.stop();
});

const sql = () => svc.ctx.database.sql;
const chain = () => svc.ctx.chains.test!;

async function insertTxn(amountUnits: bigint, opts: { feeUnits?: bigint; feeStatus?: string; attempts?: number; feeTxHash?: string | null } = {}) {
  const id = newId("transaction");
  const { feeUnits, netUnits } = opts.feeUnits === undefined ? splitFee(amountUnits, 100) : { feeUnits: opts.feeUnits, netUnits: amountUnits - opts.feeUnits };
  await sql()`
    INSERT INTO app.transactions (id, mode, merchant_id, status, amount_units, fee_units, net_units, fee_rate_bps, chain_id,
      tx_hash, log_index, block_number, block_hash, sender_address, payment_address, confirmed_at, fee_status, fee_attempts, fee_tx_hash,
      fee_next_attempt_at)
    VALUES (${id}, 'test', ${svc.sandbox.merchant_id}, 'confirmed', ${amountUnits}, ${feeUnits}, ${netUnits}, 100, ${chain().chainId},
      ${`0x${randomBytes(32).toString("hex")}`}, 0, 1, ${`0x${randomBytes(32).toString("hex")}`}, ${svc.sandbox.payer_address}, ${account},
      now(), ${opts.feeStatus ?? "pending"}, ${opts.attempts ?? 0}, ${opts.feeTxHash ?? null},
      ${opts.feeStatus === "submitted" ? "-infinity" : null}::timestamptz)`;
  return id;
}

async function row(id: string) {
  const [r] = await sql()<{ fee_status: string; fee_tx_hash: string | null; fee_attempts: number; fee_last_error: string | null; fee_next_attempt_at: unknown; fee_collected_at: unknown }[]>`
    SELECT fee_status, fee_tx_hash, fee_attempts, fee_last_error, fee_next_attempt_at, fee_collected_at FROM app.transactions WHERE id = ${id}`;
  return r!;
}

async function collectionsOf(id: string) {
  return chain().publicClient.getContractEvents({ address: account, abi: merchantAccountAbi, eventName: "FeeCollected", args: { ref: feeRef(id) }, fromBlock: 0n, strict: true });
}

/** collectFee sent by hand as the operator (what a collector did before it crashed). */
async function collectByHand(id: string, amount: bigint): Promise<Hex> {
  const hash = await chain().sender.write({ address: account, abi: merchantAccountAbi, functionName: "collectFee", args: [feeRef(id), amount] });
  await chain().publicClient.waitForTransactionReceipt({ hash });
  return hash;
}

const operatorNonce = () => chain().publicClient.getTransactionCount({ address: chain().operator.account.address });

test("collects the ledger's fee once, to the fee recipient", async () => {
  const id = await insertTxn(10_000_000n);
  const recipient = await chain().publicClient.readContract({ address: account, abi: merchantAccountAbi, functionName: "feeRecipient" });
  const before = await chain().publicClient.readContract({ address: chain().usdc, abi: usdcAbi, functionName: "balanceOf", args: [recipient] });
  const collector = new FeeCollector(svc.ctx);
  await collector.sweep();
  const r = await row(id);
  expect(r.fee_status).toBe("collected");
  expect(r.fee_attempts).toBe(1);
  expect(r.fee_collected_at).not.toBeNull();
  const logs = await collectionsOf(id);
  expect(logs).toHaveLength(1);
  expect(logs[0]!.transactionHash).toBe(r.fee_tx_hash as Hex);
  expect(logs[0]!.args).toMatchObject({ paymentAmount: 10_000_000n, fee: 100_000n });
  const after = await chain().publicClient.readContract({ address: chain().usdc, abi: usdcAbi, functionName: "balanceOf", args: [recipient] });
  expect(after - before).toBe(100_000n);
  // Nothing left to do: a second sweep sends nothing.
  const nonce = await operatorNonce();
  await collector.sweep();
  expect(await operatorNonce()).toBe(nonce);
});

test("crash after sending, hash lost: AlreadyCollected is verified and recorded with the original hash", async () => {
  const id = await insertTxn(2_000_000n);
  const hand = await collectByHand(id, 2_000_000n);
  await new FeeCollector(svc.ctx).sweep();
  const r = await row(id);
  expect(r.fee_status).toBe("collected");
  expect(r.fee_tx_hash).toBe(hand);
  expect(await collectionsOf(id)).toHaveLength(1);
});

test("taken again after its lease, hash known: the receipt settles it, nothing is sent", async () => {
  const id = await insertTxn(3_000_000n);
  const hand = await collectByHand(id, 3_000_000n);
  await sql()`UPDATE app.transactions SET fee_status = 'submitted', fee_attempts = 1, fee_tx_hash = ${hand}, fee_next_attempt_at = now() - interval '1 second' WHERE id = ${id}`;
  const nonce = await operatorNonce();
  await new FeeCollector(svc.ctx).sweep();
  expect(await operatorNonce()).toBe(nonce);
  expect(await row(id)).toMatchObject({ fee_status: "collected", fee_tx_hash: hand, fee_attempts: 2 });
});

test("taken again after its lease, no hash: feeCollected(ref) is checked before sending", async () => {
  const id = await insertTxn(4_000_000n);
  const hand = await collectByHand(id, 4_000_000n);
  await sql()`UPDATE app.transactions SET fee_status = 'submitted', fee_attempts = 1, fee_next_attempt_at = now() - interval '1 second' WHERE id = ${id}`;
  const nonce = await operatorNonce();
  await new FeeCollector(svc.ctx).sweep();
  expect(await operatorNonce()).toBe(nonce);
  expect(await row(id)).toMatchObject({ fee_status: "collected", fee_tx_hash: hand });
  expect(await collectionsOf(id)).toHaveLength(1);
});

test("a failing collection is retried with backoff, then given up with an alert", async () => {
  // More than the account ever received: the contract refuses (ExceedsReceived).
  const id = await insertTxn(10n ** 15n);
  const collector = new FeeCollector(svc.ctx, { maxAttempts: 2, retryBaseMs: 60_000 });
  await collector.sweep();
  const first = await row(id);
  expect(first.fee_status).toBe("pending");
  expect(first.fee_attempts).toBe(1);
  expect(first.fee_last_error).toContain("ExceedsReceived");
  const [due] = await sql()<{ wait_s: number }[]>`SELECT extract(epoch FROM fee_next_attempt_at - now())::float8 AS wait_s FROM app.transactions WHERE id = ${id}`;
  expect(due!.wait_s).toBeGreaterThan(50);
  expect(due!.wait_s).toBeLessThan(70);
  // Not due yet: untouched.
  await collector.sweep();
  expect((await row(id)).fee_attempts).toBe(1);
  // Due: second attempt fails too, and that was the last.
  await sql()`UPDATE app.transactions SET fee_next_attempt_at = now() - interval '1 second' WHERE id = ${id}`;
  await collector.sweep();
  expect(await row(id)).toMatchObject({ fee_status: "failed", fee_attempts: 2 });
  const [alert] = await sql()<{ kind: string }[]>`SELECT kind FROM app.chain_alerts WHERE transaction_id = ${id}`;
  expect(alert?.kind).toBe("fee_collection_failed");
  expect(await collectionsOf(id)).toHaveLength(0);
});

test("a zero fee needs no call", async () => {
  const id = await insertTxn(40n, { feeUnits: 0n });
  const nonce = await operatorNonce();
  await new FeeCollector(svc.ctx).sweep();
  expect(await operatorNonce()).toBe(nonce);
  expect(await row(id)).toMatchObject({ fee_status: "collected", fee_tx_hash: null });
});

test("two collectors at once never collect a fee twice", async () => {
  const ids: string[] = [];
  for (let i = 0; i < 8; i++) ids.push(await insertTxn(1_000_000n + BigInt(i)));
  const a = new FeeCollector(svc.ctx, { batchSize: 3, retryBaseMs: 1 });
  const b = new FeeCollector(svc.ctx, { batchSize: 3, retryBaseMs: 1 });
  for (let round = 0; round < 10; round++) {
    await Promise.all([a.sweep(), b.sweep()]);
    const [left] = await sql()<{ n: number }[]>`SELECT count(*)::int AS n FROM app.transactions WHERE id IN ${sql()(ids)} AND fee_status <> 'collected'`;
    if (left!.n === 0) break;
    await Bun.sleep(20);
  }
  for (const id of ids) {
    expect((await row(id)).fee_status).toBe("collected");
    expect(await collectionsOf(id)).toHaveLength(1);
  }
  // Every recorded hash is a real FeeCollected of that ref.
  for (const id of ids) {
    const r = await row(id);
    const receipt = await chain().publicClient.getTransactionReceipt({ hash: r.fee_tx_hash as Hex });
    const [log] = parseEventLogs({ abi: merchantAccountAbi, eventName: "FeeCollected", logs: receipt.logs });
    expect(log?.args.ref).toBe(feeRef(id));
  }
});
