/**
 * One nonce authority for the operator key across processes (issue 17 part 5): merchants onboarded
 * with the CLI (its own process, deploying through the factory) while payments flow at 10 a second
 * and fees are collected both by this service and by a second service process running the fee
 * collector. Every onboarding and every fee succeeds the first time. Plus the nonce rule as a table.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Subprocess } from "bun";
import type { Address } from "viem";
import { startTestService, type TestService } from "./support/service.ts";
import { payer, sleep, waitFor } from "./support/payments.ts";
import { runCli } from "./support/cli.ts";
import { workerChildEnv } from "./support/child-env.ts";
import { chooseNonce, GAP_MS, OperatorSender } from "../src/chain/operator-sender.ts";
import { testUsdcAbi } from "../contracts/abis.ts";
import { createIntegratorAccount } from "../src/modules/merchants/onboarding.ts";
import { newId } from "../src/domain/ids.ts";
import { splitFee } from "../src/domain/money.ts";

describe("chooseNonce", () => {
  const now = new Date("2026-11-24T12:00:00.000Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const row = (next: number, gap: number | null = null, seen: Date | null = null) => ({ next_nonce: BigInt(next), gap_nonce: gap === null ? null : BigInt(gap), gap_seen_at: seen });
  test.each([
    ["fresh key: the node's pending count", row(0), 5, { nonce: 5, gapNonce: null }],
    ["in step with the node", row(7), 7, { nonce: 7, gapNonce: null }],
    ["the node knows more (sent elsewhere): follow it", row(7), 9, { nonce: 9, gapNonce: null }],
    ["the node is behind our counter: ours, and the hole is noted", row(9), 7, { nonce: 9, gapNonce: 7 }],
    ["the same hole, not long enough: still ours", row(10, 7, ago(GAP_MS - 1)), 7, { nonce: 10, gapNonce: 7 }],
    ["the same hole for GAP_MS: fill it", row(10, 7, ago(GAP_MS)), 7, { nonce: 7, gapNonce: null }],
    ["a different hole: noted afresh", row(10, 6, ago(GAP_MS * 2)), 7, { nonce: 10, gapNonce: 7 }],
  ] as const)("%s", (_name, r, pending, expected) => {
    const got = chooseNonce(r, pending, now);
    expect({ nonce: got.nonce, gapNonce: got.gapNonce }).toEqual(expected);
    if (got.gapNonce !== null && r.gap_nonce === null) expect(got.gapSeenAt).toEqual(now);
  });
});

describe("across processes", () => {
  let svc: TestService;
  let second: Subprocess<"ignore", "pipe", "inherit"> | undefined;

  beforeAll(async () => {
    // No indexer here (issue 15 covers onboarding under indexing): each payment is sent on-chain and,
    // once mined, recorded in the ledger as the matcher would, so the fee collectors have real work.
    svc = await startTestService({ roles: ["api", "fee_collector"] });
    second = Bun.spawn([process.execPath, "src/workers/run-role.ts", "fee_collector", "settler"], {
      cwd: `${import.meta.dir}/..`,
      env: workerChildEnv(svc),
      stdin: "ignore",
      stdout: "pipe",
      stderr: "inherit",
    });
    const reader = second.stdout.getReader();
    let out = "";
    while (!out.includes("ready")) {
      const { value, done } = await reader.read();
      if (done) throw new Error("second service process exited before ready");
      out += new TextDecoder().decode(value);
    }
    reader.releaseLock();
  });
  afterAll(async () => {
    second?.kill("SIGTERM");
    await second?.exited;
    await svc?.stop();
  });

  test("20 CLI onboardings while fees are collected at 10 payments a second by two processes: all succeed the first time", async () => {
    const sql = svc.ctx.database.sql;
    const account = await createIntegratorAccount(svc.ctx, "Nonce Test");
    const wallet = payer(svc);
    const merchantAddress = svc.sandbox.payment_address as Address;

    let paying = true;
    let sent = 0;
    let nonce = await svc.ctx.chains.test!.publicClient.getTransactionCount({ address: wallet.address, blockTag: "pending" });
    const recordings: Promise<void>[] = [];
    const payAndRecord = async (amount: bigint, n: number) => {
      const hash = await wallet.send(merchantAddress, amount, n);
      const receipt = await svc.ctx.chains.test!.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 });
      const { feeUnits, netUnits } = splitFee(amount, 100);
      await sql`
        INSERT INTO app.transactions (id, mode, merchant_id, status, amount_units, fee_units, net_units, fee_rate_bps, chain_id,
          tx_hash, log_index, block_number, block_hash, sender_address, payment_address, confirmed_at, fee_status)
        VALUES (${newId("transaction")}, 'test', ${svc.sandbox.merchant_id}, 'confirmed', ${amount}, ${feeUnits}, ${netUnits}, 100,
          ${svc.ctx.chains.test!.chainId}, ${hash}, 0, ${receipt.blockNumber}, ${receipt.blockHash}, ${wallet.address}, ${merchantAddress},
          now(), 'pending')`;
    };
    const payments = (async () => {
      // 10 a second, each a distinct amount.
      while (paying) {
        const started = Date.now();
        for (let i = 0; i < 10; i++) recordings.push(payAndRecord(1_000_000n + BigInt(++sent), nonce++));
        await sleep(Math.max(0, 1_000 - (Date.now() - started)));
      }
    })();

    const failures: string[] = [];
    try {
      for (let i = 0; i < 20; i++) {
        const r = await runCli(svc, [
          "merchants", "create", "--account", account.id, "--business-name", `Shop ${i}`, "--email", `shop${i}@x.example`,
          "--bank-name", "B", "--bank-last4", "1234", "--fee-rate", "0.01", "--schedule", "manual",
          "--owner", "0x90F79bf6EB2c4f870365E785982E1f101E93b906", "--payout", "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65", "--json",
        ]);
        if (r.code !== 0) failures.push(`onboarding ${i}: exit ${r.code}: ${r.stderr.trim()}`);
      }
    } finally {
      paying = false;
      await payments;
      await Promise.all(recordings);
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(40); // payments flowed the whole time

    // Every payment recorded, and every fee collected on the first attempt.
    await waitFor(
      "every payment recorded and its fee collected",
      async () => {
        const [r] = await sql<{ n: number; done: number }[]>`
          SELECT count(*)::int AS n, count(*) FILTER (WHERE fee_status = 'collected')::int AS done
          FROM app.transactions WHERE payment_address = ${merchantAddress.toLowerCase()} OR payment_address = ${merchantAddress}`;
        return r && r.n >= sent && r.done === r.n;
      },
      60_000,
      250,
    );
    const retried = await sql<{ id: string; fee_attempts: number; fee_last_error: string | null }[]>`
      SELECT id, fee_attempts, fee_last_error FROM app.transactions WHERE fee_attempts <> 1 OR fee_last_error IS NOT NULL`;
    expect([...retried]).toEqual([]);
    const merchants = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM app.merchants m JOIN app.account_merchants am ON am.merchant_id = m.id
      WHERE am.account_id = ${account.id} AND m.payment_address IS NOT NULL`;
    expect(merchants[0]?.n).toBe(20);
  }, 240_000);

  test("a nonce handed out but never broadcast (a crash between signing and sending) is filled, and the transactions behind it are mined", async () => {
    const chain = svc.ctx.chains.test!;
    const sender = new OperatorSender(svc.ctx.database.sql, chain.chainId, chain.publicClient, chain.operator, { gapMs: 2_000 });
    const mint = { address: chain.usdc, abi: testUsdcAbi, functionName: "mint", args: ["0x000000000000000000000000000000000000dEaD", 1n] } as const;
    const lost = await sender.signRecorded({ ...mint, args: [mint.args[0], 2n] }, async () => {}); // signed, recorded, never sent
    const queued = await sender.write(mint); // behind the hole: the node holds it back
    const deadline = Date.now() + 30_000;
    let receipt = null;
    while (!receipt && Date.now() < deadline) {
      await sleep(1_100);
      receipt = await chain.publicClient.getTransactionReceipt({ hash: queued }).catch(() => null);
      if (!receipt) await sender.write(mint); // ordinary traffic: one of these takes the hole once it is old enough
    }
    expect(receipt?.status).toBe("success");
    expect(await chain.publicClient.getTransactionReceipt({ hash: lost.hash }).catch(() => null)).toBeNull();
    expect(await chain.publicClient.getTransactionCount({ address: chain.operator.account.address, blockTag: "latest" })).toBeGreaterThan(lost.nonce + 1);
  }, 60_000);
});
