/**
 * One nonce authority for the operator key across processes : merchants onboarded
 * with the CLI (its own process, deploying through the factory) while payments flow at 10 a second
 * and fees are collected both by this service and by a second service process running the fee
 * collector. Every onboarding and every fee succeeds the first time. Plus the nonce rule as a table.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Subprocess } from "bun";
import type { Address } from "viem";
import { startTestService, type TestService } from "./support/service.ts";
import { minedReceipt, payer, sleep, waitFor } from "./support/payments.ts";
import { runCli } from "./support/cli.ts";
import { workerChildEnv } from "./support/child-env.ts";
import { OperatorSender } from "../src/chain/operator-sender.ts";
import { dueForHeal, HEAL_AFTER_MS, planHeal } from "../src/chain/nonce-keeper.ts";
import { testUsdcAbi } from "../contracts/abis.ts";
import { createIntegratorAccount } from "../src/modules/merchants/onboarding.ts";
import { newId } from "../src/domain/ids.ts";
import { splitFee } from "../src/domain/money.ts";

describe("planHeal", () => {
  const raw = (n: number) => `0x${n.toString(16).padStart(4, "0")}` as const;
  test.each([
    ["in step with the node: nothing", 7, 7, [], []],
    ["a hole with every journal row: the same bytes again", 5, 7, [{ nonce: 5, raw: raw(5), refused: false }, { nonce: 6, raw: raw(6), refused: false }], [{ nonce: 5, send: "journal", raw: raw(5) }, { nonce: 6, send: "journal", raw: raw(6) }]],
    ["bytes gone (signed before the journal): a filler", 5, 7, [{ nonce: 6, raw: raw(6), refused: false }], [{ nonce: 5, send: "filler" }, { nonce: 6, send: "journal", raw: raw(6) }]],
    ["bytes the node refused: a filler", 5, 6, [{ nonce: 5, raw: raw(5), refused: true }], [{ nonce: 5, send: "filler" }]],
    ["journal rows outside the hole are not sent", 5, 6, [{ nonce: 4, raw: raw(4), refused: false }, { nonce: 5, raw: raw(5), refused: false }, { nonce: 9, raw: raw(9), refused: false }], [{ nonce: 5, send: "journal", raw: raw(5) }]],
  ] as const)("%s", (_name, pending, next, entries, expected) => {
    expect(planHeal(pending, next, entries)).toEqual(expected as never);
  });

  test("the whole hole in one plan, whatever its size", () => {
    const steps = planHeal(146, 731, []);
    expect(steps.length).toBe(585);
    expect(steps[0]!.nonce).toBe(146);
    expect(steps.at(-1)!.nonce).toBe(730);
  });
});

describe("dueForHeal", () => {
  test.each([
    ["first sight of a hole: wait", undefined, 5, 0, false, false],
    ["the same pending count for HEAL_AFTER_MS: heal", { pending: 5, since: 0 }, 5, HEAL_AFTER_MS, false, true],
    ["not long enough: wait", { pending: 5, since: 0 }, 5, HEAL_AFTER_MS - 1, false, false],
    ["the node moved on since (progress, not a hole): wait", { pending: 4, since: 0 }, 5, HEAL_AFTER_MS * 2, false, false],
    ["bytes refused at the pending count: at once", undefined, 5, 0, true, true],
  ] as const)("%s", (_name, seen, pending, now, refused, expected) => {
    expect(dueForHeal(seen, pending, now, refused)).toBe(expected);
  });
});

describe("across processes", () => {
  let svc: TestService;
  let second: Subprocess<"ignore", "pipe", "inherit"> | undefined;
  let secondOutput = "";

  beforeAll(async () => {
    // No indexer here (onboarding under indexing is tested elsewhere): each payment is sent on-chain and,
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
    // Read on to the end: a pipe nobody reads fills (64 KB) and then blocks the process on its next write.
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        secondOutput += new TextDecoder().decode(value);
      }
    })();
  });
  afterAll(async () => {
    console.log(`second process wrote ${secondOutput.length} bytes after ready:\n${secondOutput.slice(0, 3000)}`);
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
    const firstNonce = nonce;
    const failed: string[] = [];
    const recordings: Promise<void>[] = [];
    const stage = new Map<number, string>(); // payer nonce -> where its payment stands, until recorded
    const payAndRecord = async (amount: bigint, n: number) => {
      stage.set(n, "sending");
      const hash = await wallet.send(merchantAddress, amount, n).catch((e: unknown) => {
        failed.push(`nonce ${n}: ${String(e).slice(0, 300)}`);
        throw e;
      });
      stage.set(n, `sent ${hash}`);
      const receipt = await minedReceipt(svc.ctx.chains.test!.publicClient, hash, { pollMs: 100, timeoutMs: 120_000 });
      stage.set(n, `mined in block ${receipt.blockNumber}, recording`);
      const { feeUnits, netUnits } = splitFee(amount, 100);
      await sql`
        INSERT INTO app.transactions (id, mode, merchant_id, status, amount_units, fee_units, net_units, fee_rate_bps, chain_id,
          tx_hash, log_index, block_number, block_hash, sender_address, payment_address, confirmed_at, fee_status)
        VALUES (${newId("transaction")}, 'test', ${svc.sandbox.merchant_id}, 'confirmed', ${amount}, ${feeUnits}, ${netUnits}, 100,
          ${svc.ctx.chains.test!.chainId}, ${hash}, 0, ${receipt.blockNumber}, ${receipt.blockHash}, ${wallet.address}, ${merchantAddress},
          now(), 'pending')`;
      stage.delete(n);
      settled++;
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
    let step = "starting";
    let settled = 0;
    // A run that stops moving says where it stands before the test's timeout ends it silently. It
    // must never throw itself: bigints are written as strings, and every read that fails says so.
    const json = (x: unknown) => JSON.stringify(x, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
    const watchdog = setTimeout(async () => {
      try {
        const chain = svc.ctx.chains.test!;
        const count = (address: Address, blockTag: "pending" | "latest") => chain.publicClient.getTransactionCount({ address, blockTag }).catch(String);
        const nonces = await sql`SELECT * FROM app.operator_nonces`.catch((e: unknown) => String(e));
        const journal = await sql`SELECT nonce, tx_hash, created_at FROM app.operator_transactions ORDER BY nonce DESC LIMIT 5`.catch((e: unknown) => String(e));
        const locks = await sql`SELECT pid, state, wait_event_type, wait_event, now() - xact_start AS in_transaction, left(query, 200) AS query
          FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'`.catch((e: unknown) => String(e));
        console.log([
          `stalled at ${step}: ${sent} payments sent (payer nonce from ${firstNonce}, next ${nonce}), ${settled} recorded, ${failed.length} failed ${json(failed.slice(0, 3))}`,
          `payer: node pending ${await count(wallet.address, "pending")}, mined ${await count(wallet.address, "latest")}`,
          `operator: node pending ${await count(chain.operator.account.address, "pending")}, mined ${await count(chain.operator.account.address, "latest")}; nonces ${json(nonces)}; journal ${json(journal)}`,
          `unrecorded payments (first 5): ${json([...stage].slice(0, 5))}`,
          `busy database sessions: ${json(locks)}`,
          `second process wrote:\n${secondOutput.slice(-3000)}`,
        ].join("\n"));
      } catch (e) {
        console.log(`stalled at ${step}; the watchdog's own reads failed: ${String(e)}`);
      }
    }, 150_000);
    try {
      for (let i = 0; i < 20; i++) {
        step = `onboarding ${i}`;
        const r = await runCli(svc, [
          "merchants", "create", "--account", account.id, "--business-name", `Shop ${i}`, "--email", `shop${i}@x.example`,
          "--bank-name", "B", "--bank-last4", "1234", "--fee-rate", "0.01", "--schedule", "manual",
          "--owner", "0x90F79bf6EB2c4f870365E785982E1f101E93b906", "--payout", "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65", "--json",
        ]);
        if (r.code !== 0) failures.push(`onboarding ${i}: exit ${r.code}: ${r.stderr.trim()}`);
      }
    } finally {
      step = "the payments' recordings";
      paying = false;
      await payments;
      await Promise.all(recordings);
      clearTimeout(watchdog);
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

  test("a nonce handed out but never broadcast (a crash between signing and sending) is sent again by the keeper, and the transactions behind it are mined", async () => {
    const chain = svc.ctx.chains.test!;
    const sender = new OperatorSender(svc.ctx.database.sql, chain.chainId, chain.publicClient, chain.operator);
    const mint = { address: chain.usdc, abi: testUsdcAbi, functionName: "mint", args: ["0x000000000000000000000000000000000000dEaD", 1n] } as const;
    const lost = await sender.signRecorded({ ...mint, args: [mint.args[0], 2n] }, async () => {}); // signed, journaled, never sent
    const queued = await sender.write(mint); // behind the hole: the node holds it back
    // No other traffic: the keepers (this service's fee collector, and the second process's) heal it.
    const receipt = await waitFor("the transaction behind the hole mined", () => chain.publicClient.getTransactionReceipt({ hash: queued }).catch(() => null), 30_000, 250);
    expect(receipt.status).toBe("success");
    // The lost one's own bytes were sent again: its work is done, not replaced.
    expect((await chain.publicClient.getTransactionReceipt({ hash: lost.hash })).status).toBe("success");
  }, 60_000);
});
