/**
 * Matcher benchmark: payment latency and matching throughput, each next to the indexer's own figure
 * measured in the same run (the matcher must not be the bottleneck).
 *
 *   bun bench/matcher.ts [--latency 200] [--payments 10000] [--merchants 100] [--per-block 1000] [--lanes 4] [--wave 125]
 *
 * Starts the service as `npm start` does (embedded Postgres with its normal durable settings, anvil
 * with 1 s blocks and its WebSocket RPC, contracts, demo merchant) in a throwaway data folder, then:
 *
 * 1. Latency: `--latency` payments to open intents on the 1 s-block chain, confirmation depth 0.
 *    For each: block mined = when our WebSocket newHeads subscription saw the block that holds the
 *    payment; confirmed = when GET /v1/payment-intents/{id} first answered `confirmed` (polled every
 *    10 ms once the block is seen). Baseline: when the transfer's row first appeared in the
 *    indexer's view (chain.usdc_transfer, polled every 10 ms).
 * 2. Throughput, live: `--payments` payments across `--merchants` merchants, each paying one of
 *    many open intents (several per amount and merchant, so tags differ), pre-signed and put in the
 *    mempool, then mined `--per-block` per block in back-to-back blocks. Ponder indexes the blocks
 *    while the matcher follows; both are timed from the first block mined to their last row
 *    (indexed rows per second vs matched transfers per second).
 * 3. Throughput, backlog: the same with the matcher stopped until Ponder has indexed everything,
 *    then started: the matcher's own capacity (transfers per second from its start), without
 *    sharing the CPUs with Ponder.
 * 4. Throughput, backlog over two chains (skipped with `--chains 1`): the same `--payments`,
 *    half on the sandbox's `base`, half on its second chain `arbitrum`, both mined back to back;
 *    the matcher's total rate next to phase 3's one-chain rate (target: at least 90% of it).
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createPublicClient, encodeFunctionData, nonceManager, webSocket, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { startService } from "../src/service.ts";
import { usdcAbi, testUsdcAbi } from "../contracts/abis.ts";
import { onboardMerchant } from "../src/modules/merchants/onboarding.ts";
import { startIndexerRole } from "../src/workers/indexer.ts";
import { startMatcher } from "../src/workers/matcher.ts";
import type { ChainRuntime } from "../src/chain/runtime.ts";
import { benchConfig } from "./support/bench-config.ts";

const { values } = parseArgs({
  options: {
    latency: { type: "string", default: "200" },
    payments: { type: "string", default: "10000" },
    merchants: { type: "string", default: "100" },
    "per-block": { type: "string", default: "1000" },
    lanes: { type: "string", default: "4" },
    wave: { type: "string", default: "125" },
    chains: { type: "string", default: "2" },
  },
});
const LATENCY_N = Number(values.latency);
const N = Number(values.payments);
const MERCHANTS = Number(values.merchants);
const PER_BLOCK = Number(values["per-block"]);
const LANES = Number(values.lanes);
const WAVE = Number(values.wave);
const CHAINS = Number(values.chains);

const log = (msg: string) => process.stderr.write(`[matcher bench] ${msg}\n`);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
};
const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

async function main() {
  const { config, dataDir } = await benchConfig("matcher", {
    ROLES: "api",
    SANDBOX_BLOCK_TIME: "1",
    LOG_LEVEL: "warn",
    RATE_LIMIT_TEST_PER_SECOND: "1000000",
  });
  log(`starting the service in ${dataDir}`);
  const svc = await startService(config, { writeInfoFile: false });
  const stops: Array<() => Promise<void>> = [() => svc.stop()];
  try {
    const sandbox = svc.sandbox!;
    const ctx = svc.ctx;
    const chain = ctx.chains.test!;
    const sql = ctx.database.sql;
    const GAS = 60_000n;
    const rpcOn = async <T = unknown>(on: ChainRuntime, method: string, params: unknown[] = []): Promise<T> => {
      const res = await fetch(on.rpcHttpUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
      const body = (await res.json()) as { result?: T; error?: { message: string } };
      if (body.error) throw new Error(`${method}: ${body.error.message}`);
      return body.result as T;
    };
    const rpc = <T = unknown>(method: string, params: unknown[] = []) => rpcOn<T>(chain, method, params);
    const second = ctx.networks.find((c) => c.mode === "test" && c.chainId !== chain.chainId);
    if (CHAINS > 1 && !second) throw new Error("--chains 2 needs the sandbox's second chain (SANDBOX_EXTRA_CHAINS)");
    const api = async (path: string, init: { method?: string; json?: unknown } = {}) => {
      const res = await fetch(`${svc.apiUrl}${path}`, {
        method: init.method ?? "GET",
        headers: { authorization: `Bearer ${sandbox.test_key_unscoped}`, ...(init.json ? { "content-type": "application/json" } : {}) },
        ...(init.json ? { body: JSON.stringify(init.json) } : {}),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const createIntent = async (merchantId: string, amount: number, on: ChainRuntime = chain) => {
      const { status, body } = await api("/v1/payment-intents", { method: "POST", json: { amount, currency: "usd", merchant_id: merchantId, ttl: 3600, chain: on.name } });
      if (status !== 201) throw new Error(`create: ${status} ${JSON.stringify(body)}`);
      const expected = BigInt(/uint256=(\d+)/.exec(String(body.qr_payload))![1]!);
      return { id: String(body.id), to: body.payment_address as Address, expected };
    };

    // ------------------------------------------------------------------ setup (automine while onboarding)
    const payerAccount = privateKeyToAccount(sandbox.payer_private_key, { nonceManager });
    const need = BigInt(3 * N + LATENCY_N) * 30_000_000n;
    for (const on of CHAINS > 1 ? [chain, second!] : [chain]) {
      await rpcOn(on, "evm_setIntervalMining", [0]);
      await rpcOn(on, "evm_setAutomine", [true]);
      const mint = await on.sender.write({ address: on.usdc, abi: testUsdcAbi, functionName: "mint", args: [payerAccount.address, need] });
      await on.publicClient.waitForTransactionReceipt({ hash: mint });
    }
    let t = performance.now();
    const merchantIds = [sandbox.merchant_id];
    for (let i = 1; i < MERCHANTS; i++) {
      const m = await onboardMerchant(ctx, {
        accountIds: [sandbox.account_id],
        mode: "test",
        businessName: `Bench merchant ${i}`,
        email: `m${i}@bench.example`,
        bankName: "Bench Bank",
        bankLast4: "0000",
        schedule: { kind: "manual" },
        ownerAddress: payerAccount.address,
        payoutAddress: "0x000000000000000000000000000000000000bA5e",
      });
      merchantIds.push(m.id);
    }
    log(`onboarded ${MERCHANTS} merchants in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    // The indexer (on all accounts) and the matcher, in this process, as the service runs them.
    t = performance.now();
    const indexer = await startIndexerRole(ctx, sandbox.database_url);
    stops.push(() => indexer.stop());
    const firstMatcher = await startMatcher(ctx, { concurrency: LANES, waveSize: WAVE });
    stops.push(() => firstMatcher.stop());
    log(`indexer ready in ${((performance.now() - t) / 1000).toFixed(1)} s; matcher: ${LANES} concurrent statements of up to ${WAVE} transfers`);

    // ------------------------------------------------------------------ 1. latency, 1 s blocks, WebSocket
    await rpc("evm_setAutomine", [false]);
    await rpc("evm_setIntervalMining", [1]);
    const heads = new Map<bigint, number>();
    const headWaiters: Array<() => void> = [];
    const ws = createPublicClient({ chain: chain.chain, transport: webSocket(chain.rpcWsUrl!) });
    const unwatch = ws.watchBlockNumber({
      emitOnBegin: false,
      onBlockNumber: (n) => {
        if (!heads.has(n)) heads.set(n, performance.now());
        for (const w of headWaiters.splice(0)) w();
      },
    });
    const nextHead = () => new Promise<void>((r) => headWaiters.push(r));
    if (LATENCY_N > 0) {
      await nextHead(); // blocks are flowing and the indexer has a checkpoint
      await nextHead();
    }

    const latencies: number[] = [];
    const indexLatencies: number[] = [];
    const payOne = async (merchantId: string, amount: number) => {
      const intent = await createIntent(merchantId, amount);
      const hash = await chain.operator.writeContract({ address: chain.usdc, abi: usdcAbi, functionName: "transfer", args: [intent.to, intent.expected], account: payerAccount, chain: chain.chain });
      await nextHead(); // its block (or the one before it): start looking
      let indexedAt: number | undefined;
      let confirmedAt: number | undefined;
      const deadline = performance.now() + 30_000;
      while (confirmedAt === undefined && performance.now() < deadline) {
        const now = performance.now();
        if (indexedAt === undefined) {
          const rows = await sql.unsafe(`SELECT 1 FROM chain.usdc_transfer WHERE transaction_hash = $1`, [hash.toLowerCase()]);
          if (rows.length > 0) indexedAt = now;
        }
        const { body } = await api(`/v1/payment-intents/${intent.id}`);
        if (body.status === "confirmed") confirmedAt = performance.now();
        else await sleep(10);
      }
      if (confirmedAt === undefined) throw new Error(`intent ${intent.id} not confirmed in 30 s`);
      const receipt = await chain.publicClient.getTransactionReceipt({ hash });
      const minedAt = heads.get(receipt.blockNumber);
      if (minedAt === undefined) throw new Error(`block ${receipt.blockNumber} was not seen on the WebSocket`);
      latencies.push(confirmedAt - minedAt);
      indexLatencies.push((indexedAt ?? confirmedAt) - minedAt);
    };
    log(`latency: ${LATENCY_N} payments, ~4 per block`);
    t = performance.now();
    const inflight: Promise<void>[] = [];
    for (let i = 0; i < LATENCY_N; i++) {
      inflight.push(payOne(merchantIds[i % merchantIds.length]!, 1 + (i % 7)));
      await sleep(250 + Math.random() * 20);
    }
    await Promise.all(inflight);
    unwatch();
    log(`latency phase took ${((performance.now() - t) / 1000).toFixed(1)} s`);

    // ------------------------------------------------------------------ 2. throughput
    for (const on of CHAINS > 1 ? [chain, second!] : [chain]) {
      await rpcOn(on, "evm_setIntervalMining", [0]);
      await rpcOn(on, "evm_setAutomine", [false]);
      await rpcOn(on, "evm_setBlockGasLimit", [`0x${(GAS * BigInt(PER_BLOCK)).toString(16)}`]);
    }
    let matcher = firstMatcher;
    /**
     * N intents, N pre-signed payments in the mempool, then blocks mined back to back. "live": the
     * matcher runs meanwhile (it follows Ponder block by block). "backlog": the matcher is stopped
     * until Ponder has indexed everything, then started alone on the backlog (its own capacity).
     */
    const runBatch = async (mode: "live" | "backlog", on: ChainRuntime[] = [chain]) => {
      const amounts = [1, 2, 5, 10, 20];
      // Payment i goes to chain i % on.length: with two chains, half on each.
      const chainOf = (i: number) => on[i % on.length]!;
      log(`${mode}: creating ${N} intents across ${MERCHANTS} merchants on ${on.map((c) => c.name).join(" and ")}`);
      let t1 = performance.now();
      const intents: { id: string; to: Address; expected: bigint }[] = new Array(N);
      let next = 0;
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          for (let i = next++; i < N; i = next++) intents[i] = await createIntent(merchantIds[i % MERCHANTS]!, amounts[Math.floor(i / MERCHANTS) % amounts.length]!, chainOf(i));
        }),
      );
      log(`${mode}: created in ${((performance.now() - t1) / 1000).toFixed(1)} s; signing ${N} transfers`);
      const startBlocks = new Map<number, bigint>();
      for (const c of on) {
        const nonce0 = await c.publicClient.getTransactionCount({ address: payerAccount.address, blockTag: "pending" });
        const raws: Hex[] = [];
        for (let i = on.indexOf(c), k = 0; i < N; i += on.length, k++) {
          const it = intents[i]!;
          raws.push(
            await payerAccount.signTransaction({
              chainId: c.chainId,
              type: "eip1559",
              to: c.usdc,
              data: encodeFunctionData({ abi: usdcAbi, functionName: "transfer", args: [it.to, it.expected] }),
              gas: GAS,
              nonce: nonce0 + k,
              maxFeePerGas: 50_000_000_000n,
              maxPriorityFeePerGas: 1_000_000_000n,
            }),
          );
        }
        for (let i = 0; i < raws.length; i += 500) {
          const batch = raws.slice(i, i + 500).map((raw, j) => ({ jsonrpc: "2.0", id: i + j, method: "eth_sendRawTransaction", params: [raw] }));
          const res = (await (await fetch(c.rpcHttpUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(batch) })).json()) as { error?: { message: string } }[];
          const failed = res.find((r) => r.error);
          if (failed) throw new Error(`eth_sendRawTransaction on ${c.name}: ${failed.error!.message}`);
        }
        startBlocks.set(c.chainId, BigInt(await rpcOn<string>(c, "eth_blockNumber")));
      }
      if (mode === "backlog") await matcher.stop();
      log(`${mode}: ${N} transfers in the mempool; mining${mode === "backlog" ? " with the matcher stopped" : ""}`);

      const countOn = async (table: string) => {
        let n = 0;
        for (const c of on) n += Number((await sql.unsafe(`SELECT count(*)::int AS n FROM ${table} WHERE chain_id = $1 AND block_number > $2`, [c.chainId, startBlocks.get(c.chainId)!] as never[]))[0]!.n);
        return n;
      };
      const countIndexed = () => countOn("chain.usdc_transfer");
      const countMatched = () => countOn("app.transactions");
      const t0 = performance.now();
      // Every chain of the run mines back to back, side by side.
      const mining = Promise.all(
        on.map(async (c) => {
          const mine = Math.ceil(N / on.length);
          for (let mined = 0; mined < mine; ) {
            await rpcOn(c, "evm_mine");
            const pending = Number(BigInt((await rpcOn<{ pending: string }>(c, "txpool_status")).pending));
            mined = mine - pending;
          }
        }),
      );
      let ponderFirst: number | undefined;
      let ponderDone: number | undefined;
      let matchStart: number | undefined = mode === "live" ? t0 : undefined;
      let matchFirst: number | undefined;
      let matchDone: number | undefined;
      const deadline = t0 + 600_000;
      while (matchDone === undefined && performance.now() < deadline) {
        const [indexed, matched] = await Promise.all([ponderDone ? N : countIndexed(), matchStart === undefined ? 0 : countMatched()]);
        const now = performance.now();
        if (indexed > 0) ponderFirst ??= now;
        if (indexed >= N) ponderDone ??= now;
        if (matched > 0) matchFirst ??= now;
        if (matched >= N) matchDone = now;
        if (mode === "backlog" && ponderDone !== undefined && matchStart === undefined) {
          matchStart = performance.now();
          matcher = await startMatcher(ctx, { concurrency: LANES, waveSize: WAVE });
          stops.push(() => matcher.stop());
        }
        await sleep(50);
      }
      await mining;
      if (ponderDone === undefined || matchDone === undefined || matchStart === undefined) throw new Error(`${mode} phase did not finish in 10 minutes`);
      let blocks = 0;
      for (const c of on) blocks += Number(BigInt(await rpcOn<string>(c, "eth_blockNumber")) - startBlocks.get(c.chainId)!);
      const [confirmed] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.payment_intents WHERE id IN ${sql(intents.map((i) => i.id))} AND status = 'confirmed'`;
      t1 = performance.now();
      return {
        blocks,
        confirmed: confirmed!.n,
        ponderRate: N / ((ponderDone - t0) / 1000),
        ponderFirst: (ponderFirst ?? t0) - t0,
        ponderDone: ponderDone - t0,
        matchRate: N / ((matchDone - matchStart) / 1000),
        matchFirst: (matchFirst ?? t0) - t0,
        matchDone: matchDone - t0,
        matchFromFirstRow: N / ((matchDone - (matchFirst ?? matchStart)) / 1000),
      };
    };
    const live = await runBatch("live");
    const backlog = await runBatch("backlog");
    const twoChains = CHAINS > 1 ? await runBatch("backlog", [chain, second!]) : undefined;

    // ------------------------------------------------------------------ report
    const lines = [
      "",
      "Matcher benchmark",
      `  machine: ${navigator.hardwareConcurrency} cores; embedded Postgres (durable settings), anvil, Ponder 0.17 and the service in the same box`,
      `  matcher: ${LANES} concurrent statements of up to ${WAVE} transfers`,
      "",
      `  Latency, ${latencies.length} payments, 1 s blocks, WebSocket RPC, confirmation depth 0 (block seen on newHeads -> state visible)`,
      `    GET /v1/payment-intents/{id} shows confirmed   p50 ${fmt(pct(latencies, 0.5))}  p90 ${fmt(pct(latencies, 0.9))}  p99 ${fmt(pct(latencies, 0.99))}  max ${fmt(Math.max(...latencies))}   (target p50 < 1000 ms, p99 < 2000 ms)`,
      `    baseline: row in chain.usdc_transfer (Ponder)  p50 ${fmt(pct(indexLatencies, 0.5))}  p90 ${fmt(pct(indexLatencies, 0.9))}  p99 ${fmt(pct(indexLatencies, 0.99))}  max ${fmt(Math.max(...indexLatencies))}`,
      "",
      `  Throughput, live: ${N} payments to ${MERCHANTS} merchants (${N} intents open), ${live.blocks} blocks of <= ${PER_BLOCK} mined back to back, matcher running`,
      `    Ponder indexed   ${live.ponderRate.toFixed(0)} transfers/s   (first row after ${fmt(live.ponderFirst)}, last after ${fmt(live.ponderDone)})`,
      `    matcher matched  ${live.matchRate.toFixed(0)} transfers/s   (first after ${fmt(live.matchFirst)}, last after ${fmt(live.matchDone)}; ${live.matchFromFirstRow.toFixed(0)}/s from its first row)`,
      `    matched / indexed rate: ${((100 * live.matchRate) / live.ponderRate).toFixed(0)}%   (target >= 80%)   intents confirmed: ${live.confirmed} / ${N}`,
      "",
      `  Throughput, backlog: the same again with the matcher stopped until Ponder had indexed all ${N}, then started alone`,
      `    Ponder indexed   ${backlog.ponderRate.toFixed(0)} transfers/s   (last row after ${fmt(backlog.ponderDone)})`,
      `    matcher matched  ${backlog.matchRate.toFixed(0)} transfers/s   (from its start; target >= 2000/s)   intents confirmed: ${backlog.confirmed} / ${N}`,
      "",
      ...(twoChains
        ? [
            `  Throughput, backlog over two chains: the same ${N} payments, half on ${chain.name} (${chain.chainId}), half on ${second!.name} (${second!.chainId}), ${twoChains.blocks} blocks in all`,
            `    Ponder indexed   ${twoChains.ponderRate.toFixed(0)} transfers/s   (last row after ${fmt(twoChains.ponderDone)})`,
            `    matcher matched  ${twoChains.matchRate.toFixed(0)} transfers/s in all   = ${((100 * twoChains.matchRate) / backlog.matchRate).toFixed(0)}% of one chain's rate above   (target >= 90%)   intents confirmed: ${twoChains.confirmed} / ${N}`,
            "",
          ]
        : []),
    ];
    console.log(lines.join("\n"));
  } finally {
    for (const stop of stops.reverse()) await stop().catch((err: unknown) => log(`stop failed: ${String(err)}`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
