/**
 * the operator's transactions after the node lost them. 200 fee collections and a
 * settlement's withdrawal in flight, then the chain's pool dropped (as a node that restarts or evicts
 * does), or the sending process killed with SIGKILL between signing and broadcasting: every fee is
 * collected and the withdrawal paid within 60 s, each exactly once on chain.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { getAddress, type Address } from "viem";
import { startTestService, type TestService } from "./support/service.ts";
import { rpc, waitFor } from "./support/payments.ts";
import { workerChildEnv } from "./support/child-env.ts";
import { withdrawalsOnChain, usdcBalance } from "./support/settlement-fixtures.ts";
import { merchantAccountAbi, testUsdcAbi } from "../contracts/abis.ts";
import { newId } from "../src/domain/ids.ts";
import { splitFee } from "../src/domain/money.ts";
import { FeeCollector } from "../src/workers/fee-collector.ts";
import { NonceKeeping } from "../src/workers/nonce-keeper.ts";
import { cashOut, driveOpenSettlements } from "../src/modules/settlements/service.ts";
import { NonceKeeper, operatorNonceStatus } from "../src/chain/nonce-keeper.ts";

const N = 200;
let svc: TestService;

beforeAll(async () => {
  // This file tests v1 merchant accounts (MerchantAccount's ABI and events): the demo merchant is v1 here
  // (v2 is the sandbox's default; v2 and USDT: test/account-v2-service.test.ts).
  // The sandbox's state saver records its last saved block for the chain (app.sandbox_chain_saves):
  // the journal test below sets that block itself. The saver saves at once after any block with
  // transactions, whatever its interval, so a save of the test's own mints could land between its
  // steps: with 0 the state is saved only at the stop and the row is the test's alone (nothing else
  // here reads the saved block).
  svc = await startTestService({ roles: ["api"], env: { MERCHANT_ACCOUNT_VERSION: "1", SANDBOX_STATE_INTERVAL: "0" } });
});
afterAll(async () => {
  await svc?.stop();
});

/** A fresh merchant funded with N payments on chain (one mint), recorded as confirmed with their fees due. */
async function merchantWithDueFees(): Promise<{ merchantId: string; account: Address; total: bigint; fees: bigint; fromBlock: bigint }> {
  const chain = svc.ctx.chains.test!;
  const sql = svc.ctx.database.sql;
  const res = await svc.api("/v1/merchants", {
    method: "POST",
    key: svc.sandbox.test_key_unscoped,
    json: {
      business_name: `Heal ${newId("transaction").slice(-6)}`, email: "heal@x.example", settlement_schedule: "manual",
      bank_account: { routing_number: "011000015", account_number: "000123456789", bank_name: "Federal Reserve Bank" },
      owner_address: "0x90F79bf6EB2c4f870365E785982E1f101E93b906", payout_address: "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
    },
  });
  const merchant = (await res.json()) as { id: string; payment_address: string };
  expect(res.status).toBe(201);
  const account = getAddress(merchant.payment_address);
  const amounts = Array.from({ length: N }, (_, i) => 1_000_000n + 100n * BigInt(i)); // whole-cent fees: the cap is exact
  const total = amounts.reduce((a, b) => a + b, 0n);
  const fromBlock = await chain.publicClient.getBlockNumber({ cacheTime: 0 });
  const minted = await chain.sender.write({ address: chain.usdc, abi: testUsdcAbi, functionName: "mint", args: [account, total] });
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash: minted });
  let fees = 0n;
  for (const [i, amount] of amounts.entries()) {
    const { feeUnits, netUnits } = splitFee(amount, 100);
    fees += feeUnits;
    await sql`
      INSERT INTO app.transactions (id, mode, merchant_id, status, amount_units, fee_units, net_units, fee_rate_bps, chain_id,
        tx_hash, log_index, block_number, block_hash, sender_address, payment_address, confirmed_at, fee_status)
      VALUES (${newId("transaction")}, 'test', ${merchant.id}, 'confirmed', ${amount}, ${feeUnits}, ${netUnits}, 100, ${chain.chainId},
        ${minted}, ${i}, ${receipt.blockNumber}, ${receipt.blockHash}, ${chain.operator.account.address}, ${account}, now(), 'pending')`;
  }
  return { merchantId: merchant.id, account, total, fees, fromBlock };
}

/** Every fee of the merchant collected once on chain and the one settlement's withdrawal paid once. */
async function expectEachOnce(m: { merchantId: string; account: Address; total: bigint; fees: bigint; fromBlock: bigint }) {
  const chain = svc.ctx.chains.test!;
  const sql = svc.ctx.database.sql;
  const rows = await sql<{ fee_status: string }[]>`SELECT fee_status FROM app.transactions WHERE merchant_id = ${m.merchantId}`;
  expect(rows.filter((r) => r.fee_status === "collected").length).toBe(N);
  const collected = await chain.publicClient.getContractEvents({ address: m.account, abi: merchantAccountAbi, eventName: "FeeCollected", fromBlock: m.fromBlock, strict: true });
  expect(collected.length).toBe(N);
  expect(new Set(collected.map((l) => l.args.ref)).size).toBe(N);
  const [s] = await sql<{ id: string; withdrawal_units: bigint }[]>`SELECT id, withdrawal_units FROM app.settlements WHERE merchant_id = ${m.merchantId}`;
  expect((await withdrawalsOnChain(svc.ctx, m.account, s!.id)).length).toBe(1);
  expect(await usdcBalance(svc.ctx, m.account)).toBe(m.total - m.fees - BigInt(s!.withdrawal_units));
}

async function settledAndCollected(merchantId: string, account: Address) {
  const [r] = await svc.ctx.database.sql<{ due: number; sid: string | null }[]>`
    SELECT count(*) FILTER (WHERE fee_status <> 'collected')::int AS due,
           (SELECT id FROM app.settlements WHERE merchant_id = ${merchantId} LIMIT 1) AS sid
    FROM app.transactions WHERE merchant_id = ${merchantId}`;
  if (!r || r.due > 0 || !r.sid) return false;
  return (await withdrawalsOnChain(svc.ctx, account, r.sid)).length === 1;
}

describe("the node lost the operator's transactions", () => {
  test("200 fees and a withdrawal in flight, the pool dropped: all collected and paid within 60 s, once each", async () => {
    const chain = svc.ctx.chains.test!;
    const operator = chain.operator.account.address;
    const m = await merchantWithDueFees();
    // Nothing is mined while the transactions are sent, so all of them are in flight at once.
    await rpc(svc, "evm_setAutomine", [false]);
    const keeping = new NonceKeeping(svc.ctx, { pollMs: 250 });
    keeping.start();
    const collector = new FeeCollector(svc.ctx, { batchSize: 1_000, pollMs: 250 });
    collector.start();
    const settlement = cashOut(svc.ctx, m.merchantId);
    try {
      const confirmed = await chain.publicClient.getTransactionCount({ address: operator, blockTag: "latest" });
      await waitFor("201 operator transactions in the pool", async () => (await chain.publicClient.getTransactionCount({ address: operator, blockTag: "pending" })) >= confirmed + N + 1, 60_000, 100);
      await rpc(svc, "anvil_dropAllTransactions");
      expect(await chain.publicClient.getTransactionCount({ address: operator, blockTag: "pending" })).toBe(confirmed);
      await rpc(svc, "evm_setIntervalMining", [1]);
      const started = Date.now();
      await waitFor("every fee collected and the withdrawal paid", () => settledAndCollected(m.merchantId, m.account), 60_000, 250);
      console.log(`healed: every fee collected and the withdrawal paid ${Date.now() - started} ms after the pool was dropped`);
      await settlement;
      await expectEachOnce(m);
      // The keeper saw everything confirmed: nothing reported waiting.
      await waitFor("nothing unconfirmed", async () => {
        const [st] = await operatorNonceStatus(svc.ctx.database.sql);
        return st && st.oldestUnconfirmedNonce === null;
      }, 10_000, 250);
    } finally {
      await collector.stop();
      await keeping.stop();
      await rpc(svc, "evm_setIntervalMining", [0]).catch(() => undefined);
      await rpc(svc, "evm_setAutomine", [true]).catch(() => undefined);
    }
  }, 180_000);

  test("the sender killed with SIGKILL between signing and broadcasting: after the restart every fee collected and the withdrawal paid within 60 s, once each", async () => {
    const chain = svc.ctx.chains.test!;
    const m = await merchantWithDueFees();
    const child = Bun.spawn([process.execPath, "test/support/fee-child.ts"], {
      cwd: `${import.meta.dir}/..`,
      env: workerChildEnv(svc, { MERCHANT_ID: m.merchantId, KILL_AFTER: "80" }),
      stdout: "pipe",
      stderr: "inherit",
    });
    const code = await child.exited;
    const out = await new Response(child.stdout).text();
    expect(out).toContain("killed after signing nonce");
    expect(child.signalCode).toBe("SIGKILL");
    expect(code).not.toBe(0);
    // The nonce signed last was never sent: the node lacks it while the journal has it.
    const killedNonce = Number(/nonce (\d+)/.exec(out)![1]);
    const pending = await chain.publicClient.getTransactionCount({ address: chain.operator.account.address, blockTag: "pending" });
    expect(pending).toBeLessThanOrEqual(killedNonce);

    // The restart: the fee collector and the settler's work in this process, with the keeper.
    const keeping = new NonceKeeping(svc.ctx, { pollMs: 250 });
    keeping.start();
    const collector = new FeeCollector(svc.ctx, { batchSize: 1_000, pollMs: 250 });
    collector.start();
    const started = Date.now();
    try {
      await waitFor("every fee collected and the withdrawal paid", async () => {
        await driveOpenSettlements(svc.ctx, { merchantIds: [m.merchantId], waitMs: 2_000 });
        return settledAndCollected(m.merchantId, m.account);
      }, 60_000, 250);
      console.log(`after the kill: every fee collected and the withdrawal paid ${Date.now() - started} ms after the restart`);
      await expectEachOnce(m);
    } finally {
      await collector.stop();
      await keeping.stop();
    }
  }, 180_000);
});

describe("the journal outlives what the chain could still undo", () => {
  test("rows are deleted only below the key's nonce at a final block: 64 blocks deep, and never above the sandbox's last saved block", async () => {
    const chain = svc.ctx.chains.test!;
    const sql = svc.ctx.database.sql;
    const address = chain.operator.account.address;
    const keeper = new NonceKeeper(chain.sender, svc.ctx.log);
    const hashes: `0x${string}`[] = [];
    for (let i = 0; i < 3; i++) hashes.push(await chain.sender.write({ address: chain.usdc, abi: testUsdcAbi, functionName: "mint", args: ["0x000000000000000000000000000000000000dEaD" as Address, 1n] }));
    const receipts = await Promise.all(hashes.map((hash) => chain.publicClient.waitForTransactionReceipt({ hash })));
    const nonces = await Promise.all(hashes.map(async (h) => (await chain.sender.journaledNonce(h))!));
    const lastBlock = receipts.reduce((a, r) => (r.blockNumber > a ? r.blockNumber : a), 0n);
    // Old enough by the clock: only the chain decides now.
    await sql`UPDATE app.operator_transactions SET created_at = now() - interval '1 hour' WHERE chain_id = ${chain.chainId} AND address = ${address}`;
    const kept = async () => (await Promise.all(hashes.map((h) => chain.sender.journaledNonce(h)))).filter((n) => n !== undefined).length;

    // Mined, but within 64 blocks of the head: a reorg could still undo them.
    await sql`DELETE FROM app.sandbox_chain_saves WHERE chain_id = ${chain.chainId}`;
    await keeper.pruneJournal();
    expect(await kept()).toBe(3);

    // 64 blocks deeper, but the sandbox saved only up to before them (a kill -9 now would lose them).
    await rpc(svc, "anvil_mine", [`0x${(70).toString(16)}`]);
    await sql`INSERT INTO app.sandbox_chain_saves (chain_id, block_number) VALUES (${chain.chainId}, ${receipts[0]!.blockNumber - 1n}) ON CONFLICT (chain_id) DO UPDATE SET block_number = EXCLUDED.block_number`;
    await keeper.pruneJournal();
    expect(await kept()).toBe(3);

    // Saved past them: final, and deleted, the one before the last too, never a nonce at or above the final count.
    await sql`UPDATE app.sandbox_chain_saves SET block_number = ${lastBlock} WHERE chain_id = ${chain.chainId}`;
    // (The service's own nonce keeper prunes too, and may delete some of them first: what counts is
    // what is left, not how many this call deleted.)
    await keeper.pruneJournal();
    expect(await kept()).toBe(0);
    const [left] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.operator_transactions WHERE chain_id = ${chain.chainId} AND address = ${address} AND nonce <= ${Math.max(...nonces)}`;
    expect(left!.n).toBe(0);
    await sql`DELETE FROM app.sandbox_chain_saves WHERE chain_id = ${chain.chainId}`;
  }, 60_000);
});
