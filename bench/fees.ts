/**
 * Fee collection keeping pace with payments .
 *
 *   bun bench/fees.ts [--rate 20] [--seconds 60]
 *
 * Starts the service as `npm start` does (embedded Postgres, anvil with 1 s blocks, contracts, demo
 * merchant) with the indexer, matcher and fee collector running, in a throwaway data folder. Then a
 * payer sends `--rate` USDC payments a second to the demo merchant for `--seconds`, each a distinct
 * amount (they are recorded as the merchant's transactions with a 1% fee, like any payment). Prints,
 * every 5 s, the fees collected per second and the backlog (confirmed payments whose fee is not
 * collected yet); at the end the time from confirmation (confirmed_at) to collection
 * (fee_collected_at), p50/p99/max, and whether every fee was collected within 30 s of its payment.
 * The baseline in the same run is the matcher: payments recorded per second over the same windows.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createWalletClient, http, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { startService } from "../src/service.ts";
import { usdcAbi } from "../contracts/abis.ts";
import { fromPgTs } from "../src/db/pg-values.ts";
import { benchConfig } from "./support/bench-config.ts";

const { values } = parseArgs({
  options: {
    rate: { type: "string", default: "20" },
    seconds: { type: "string", default: "60" },
  },
});
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);

const log = (msg: string) => process.stderr.write(`[fees bench] ${msg}\n`);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
};

async function main() {
  const { config, dataDir } = await benchConfig("fees", {
    ROLES: "api,indexer,matcher,fee_collector",
    SANDBOX_BLOCK_TIME: "1",
    LOG_LEVEL: "warn",
  });
  log(`starting the service in ${dataDir}`);
  const svc = await startService(config, { writeInfoFile: false });
  try {
    const sandbox = svc.sandbox!;
    const chain = svc.ctx.chains.test!;
    const sql = svc.ctx.database.sql;
    const merchant = sandbox.payment_address as Address;
    const payer = privateKeyToAccount(sandbox.payer_private_key);
    const wallet = createWalletClient({ chain: chain.chain, transport: http(chain.rpcHttpUrl), account: payer });
    let nonce = await chain.publicClient.getTransactionCount({ address: payer.address, blockTag: "pending" });

    const startedAt = Date.now();
    let sent = 0;
    const sending = (async () => {
      for (let second = 0; second < SECONDS; second++) {
        const due = startedAt + second * 1000;
        await sleep(Math.max(0, due - Date.now()));
        for (let i = 0; i < RATE; i++) {
          sent++;
          void wallet
            .writeContract({ address: chain.usdc, abi: usdcAbi, functionName: "transfer", args: [merchant, 1_000_000n + BigInt(sent)], nonce: nonce++, gas: 80_000n })
            .catch((err) => log(`send failed: ${(err as Error).message.split("\n")[0]}`));
        }
      }
    })();

    const counts = async () => {
      const [r] = await sql<{ recorded: number; collected: number; backlog: number }[]>`
        SELECT count(*)::int AS recorded,
               count(*) FILTER (WHERE fee_status = 'collected')::int AS collected,
               count(*) FILTER (WHERE fee_status IN ('pending', 'submitted'))::int AS backlog
        FROM app.transactions WHERE payment_address = ${merchant}`;
      return r!;
    };
    console.log(`\n${RATE} payments/s for ${SECONDS} s to one merchant account (1 s blocks)\n`);
    console.log("  t (s) | sent | recorded/s (matcher) | collected/s (fees) | backlog");
    console.log("  ------|------|----------------------|--------------------|--------");
    let last = await counts();
    let lastAt = Date.now();
    const backlogs: number[] = [];
    for (;;) {
      await sleep(5_000);
      const now = await counts();
      const dt = (Date.now() - lastAt) / 1000;
      backlogs.push(now.backlog);
      console.log(
        `  ${((Date.now() - startedAt) / 1000).toFixed(0).padStart(5)} | ${String(sent).padStart(4)} | ${((now.recorded - last.recorded) / dt).toFixed(1).padStart(20)} | ${((now.collected - last.collected) / dt).toFixed(1).padStart(18)} | ${String(now.backlog).padStart(7)}`,
      );
      last = now;
      lastAt = Date.now();
      if (Date.now() - startedAt > SECONDS * 1000 && now.recorded >= sent && now.backlog === 0) break;
      if (Date.now() - startedAt > SECONDS * 1000 + 180_000) {
        log("gave up waiting for the backlog to drain (3 min after the last payment)");
        break;
      }
    }
    await sending;

    const rows = await sql<{ confirmed_at: unknown; fee_collected_at: unknown }[]>`
      SELECT confirmed_at, fee_collected_at FROM app.transactions WHERE payment_address = ${merchant} AND fee_status = 'collected'`;
    const lags = rows.map((r) => fromPgTs(r.fee_collected_at).getTime() - fromPgTs(r.confirmed_at).getTime());
    const within30 = lags.filter((ms) => ms <= 30_000).length;
    console.log(`\n  payments sent ${sent}, recorded ${last.recorded}, fees collected ${rows.length}`);
    console.log(`  confirmation -> collection: p50 ${pct(lags, 0.5).toFixed(0)} ms, p99 ${pct(lags, 0.99).toFixed(0)} ms, max ${Math.max(...lags).toFixed(0)} ms`);
    console.log(`  backlog: max ${Math.max(...backlogs)}, at the end ${last.backlog}`);
    const sample = await sql<{ fee_tx_hash: string }[]>`
      SELECT DISTINCT fee_tx_hash FROM app.transactions WHERE payment_address = ${merchant} AND fee_tx_hash IS NOT NULL LIMIT 20`;
    const gas = await Promise.all(sample.map((r) => chain.publicClient.getTransactionReceipt({ hash: r.fee_tx_hash as `0x${string}` }).then((x) => Number(x.gasUsed))));
    console.log(`  gas per collectFee transaction: mean ${(gas.reduce((a, b) => a + b, 0) / Math.max(1, gas.length)).toFixed(0)} (${gas.length} sampled)`);
    console.log(`  collected within 30 s of the payment: ${within30}/${rows.length} ${within30 === sent ? "PASS" : "FAIL"}`);
  } finally {
    await svc.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
