/**
 * The chain's traffic and what the indexer stores. Starts the service as `npm start`
 * does (`bun src/main.ts`: embedded Postgres, anvil with 1 s blocks, every role) in a temporary
 * folder, onboards a few merchants through `POST /v1/merchants`, then sends `--strangers` USDC
 * transfers between strangers (accounts of their own, to random addresses) and `--payments`
 * payments to the merchants' accounts, interleaved. It waits until the blocks are final and the
 * sync-cache pruner has passed them (or, with `--prune-interval-ms 0`, until Ponder has cached
 * them), and reports:
 *   - database bytes before and after, per table: `ponder_sync` (Ponder's RPC cache) and the tables
 *     the views (`chain`) select from, as pg_total_relation_size (on disk, indexes included; a
 *     DELETE's space is reused, not returned: also given after a plain VACUUM) and live row bytes
 *     (sum of pg_column_size), and their growth per stranger's transfer;
 *   - RPC requests Ponder made (its /metrics), per block mined, by method;
 *   - every payment found in `chain.usdc_transfer`;
 *   - the growth per day at Base's ~1,000,000 USDC transfers a day.
 * Across the sandbox's chains (`base` and `arbitrum`; `--chains 1` keeps to `base`): the strangers'
 * transfers and the payments are split between them, each chain with its own senders, and every
 * figure below sums the chains (RPC requests per block: per block of either chain).
 *
 * `--rounds n` repeats the traffic (each round final and pruned before the next) and prints the
 * growth after each: with pruning, the space a DELETE frees is reused (autovacuum), so the tables
 * on disk stop growing after the first round.
 *
 *   bun bench/chain-traffic.ts [--strangers 10000] [--payments 100] [--merchants 10] [--prune-interval-ms 5000] [--rounds 1] [--chains 2]
 */
import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import postgres from "postgres";
import { createPublicClient, createWalletClient, http, keccak256, parseEther, toBytes, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { usdcAbi } from "../contracts/abis.ts";
import { mainProcessSetup } from "./main-process.ts";
import { until as waitUntil } from "./support/until.ts";

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : dflt;
};
const STRANGERS = Number(opt("strangers", "10000"));
const PAYMENTS = Number(opt("payments", "100"));
const MERCHANTS = Number(opt("merchants", "10"));
const PRUNE_MS = Number(opt("prune-interval-ms", "5000"));
const ROUNDS = Number(opt("rounds", "1"));
const CHAINS = Number(opt("chains", "2"));
const SENDERS = 8; // in all, split between the chains
const TRANSFER_TOPIC = keccak256(toBytes("Transfer(address,address,uint256)"));
const BASE_PER_DAY = 1_000_000;

const { root, dataDir, env, api, rpcUrl } = await mainProcessSetup("chain-traffic", {
  LOG_LEVEL: "info",
  SANDBOX_BLOCK_TIME: "1",
  INDEXER_SYNC_PRUNE_INTERVAL_MS: String(PRUNE_MS),
  ...(CHAINS === 1 ? { SANDBOX_EXTRA_CHAINS: "none" } : {}),
});
void rpcUrl; // each chain's RPC comes from sandbox.json

const child = spawn(process.execPath, ["src/main.ts"], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
let started = false;
let tail = "";
const scan = (b: Buffer) => {
  const text = b.toString();
  tail = (tail + text).slice(-4000);
  if (text.includes("Ctrl-C stops everything")) started = true;
};
child.stdout!.on("data", scan);
child.stderr!.on("data", scan);

const until = <T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs: number) =>
  waitUntil(what, probe, timeoutMs, { exited: () => (child.exitCode !== null ? tail : undefined), stepMs: 200 });

/** Ponder's RPC requests so far by method (its Prometheus /metrics, on either of its two ports). */
async function rpcRequests(): Promise<Map<string, number>> {
  for (const port of [Number(env.INDEXER_PORT), Number(env.INDEXER_PORT) + 1]) {
    const text = await fetch(`http://127.0.0.1:${port}/metrics`).then((r) => (r.ok ? r.text() : ""), () => "");
    const out = new Map<string, number>();
    for (const m of text.matchAll(/^ponder_rpc_request_duration_count\{([^}]*)\} (\d+)/gm)) {
      const method = /method="([^"]+)"/.exec(m[1]!)?.[1] ?? "?";
      out.set(method, (out.get(method) ?? 0) + Number(m[2]));
    }
    if (out.size) return out;
  }
  return new Map();
}

type Sizes = Map<string, { total: number; live: number; rows: number }>;

async function sizes(db: postgres.Sql): Promise<Sizes> {
  const out: Sizes = new Map();
  const [target] = await db<{ schema: string }[]>`
    SELECT DISTINCT tn.nspname AS schema FROM pg_class v JOIN pg_namespace vn ON vn.oid = v.relnamespace
    JOIN pg_rewrite r ON r.ev_class = v.oid JOIN pg_depend d ON d.classid = 'pg_rewrite'::regclass AND d.objid = r.oid AND d.refclassid = 'pg_class'::regclass
    JOIN pg_class t ON t.oid = d.refobjid AND t.oid <> v.oid JOIN pg_namespace tn ON tn.oid = t.relnamespace
    WHERE vn.nspname = 'chain' AND v.relname = 'chain_checkpoint'`;
  const tables = await db<{ schema: string; name: string }[]>`
    SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind = 'r' AND (n.nspname = 'ponder_sync' OR n.nspname = ${target?.schema ?? "-"}) ORDER BY 1, 2`;
  for (const t of tables) {
    const q = `"${t.schema}"."${t.name}"`;
    const [r] = await db.unsafe(`SELECT pg_total_relation_size('${q}')::bigint AS total, coalesce(sum(pg_column_size(x.*)), 0)::bigint AS live, count(*)::int AS rows FROM ${q} x`);
    out.set(`${t.schema === "ponder_sync" ? "ponder_sync" : "views (ponder_<hash>)"}.${t.name}`, { total: Number(r!.total), live: Number(r!.live), rows: r!.rows });
  }
  return out;
}

const sum = (s: Sizes, prefix: string, key: "total" | "live") => [...s].filter(([k]) => k.startsWith(prefix)).reduce((a, [, v]) => a + v[key], 0);
const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

let exitCode = 0;
try {
  await until("the start banner", async () => started, 180_000);
  const info = JSON.parse(readFileSync(join(dataDir, "sandbox.json"), "utf8")) as Record<string, string> & {
    chains: Array<{ chain: string; chain_id: number; rpc_url: string; tokens: { USDC: Address } }>;
  };
  const headers = { authorization: `Bearer ${info.test_key_unscoped!}`, "content-type": "application/json" };
  const db = postgres(info.database_url!, { max: 1, onnotice: () => {} });
  const payerAccount = privateKeyToAccount(info.payer_private_key as Hex);
  // One lane per chain: its clients, its share of the senders, and its Ponder cache fragment.
  const lanes = info.chains.slice(0, CHAINS).map((c, i, all) => {
    const chainDef = { id: c.chain_id, name: c.chain, nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [c.rpc_url] } } } as const;
    const usdc = c.tokens.USDC;
    return {
      name: c.chain,
      chainId: c.chain_id,
      rpcUrl: c.rpc_url,
      chainDef,
      usdc,
      chain: createPublicClient({ chain: chainDef, transport: http(c.rpc_url) }),
      payer: createWalletClient({ chain: chainDef, transport: http(c.rpc_url), account: payerAccount }),
      senders: Array.from({ length: Math.ceil((SENDERS - i) / all.length) }, () => privateKeyToAccount(generatePrivateKey())),
      fragment: `log_${c.chain_id}_${usdc.toLowerCase()}_${TRANSFER_TOPIC}_null_null_null_0`,
      headBefore: 0,
      blockBefore: 0,
      lastBlock: 0,
    };
  });
  await until("the indexer's checkpoints", async () => (await db`SELECT 1 FROM chain.chain_checkpoint`.catch(() => [])).length >= lanes.length, 120_000);

  // Merchants, onboarded as the service does it.
  const accounts: Address[] = [];
  for (let n = 1; n <= MERCHANTS; n++) {
    const owner = privateKeyToAccount(generatePrivateKey()).address;
    const res = await fetch(`${api}/v1/merchants`, {
      method: "POST",
      headers: { ...headers, "idempotency-key": `traffic-merchant-${n}` },
      body: JSON.stringify({ business_name: `Traffic Shop ${n}`, email: `shop${n}@traffic.example`, owner_address: owner, payout_address: owner, settlement_schedule: "manual", bank_account: { routing_number: "011000015", account_number: "000123456789" } }),
    });
    const merchant = (await res.json()) as { id: string; status: string };
    if (res.status >= 300) throw new Error(`onboarding ${n}: ${res.status} ${JSON.stringify(merchant)}`);
    if (merchant.status !== "active")
      await until(`merchant ${n} active`, async () => ((await (await fetch(`${api}/v1/merchants/${merchant.id}`, { headers })).json()) as { status: string }).status === "active", 120_000);
  }
  // A merchant's account has the same address on every chain: one row per chain.
  await until("every merchant indexed", async () => (await db`SELECT count(DISTINCT merchant_account)::int AS n FROM chain.indexed_merchant_account`)[0]!.n >= MERCHANTS, 60_000);
  const merchantSet = (await db<{ a: string }[]>`SELECT DISTINCT merchant_account AS a FROM chain.indexed_merchant_account`).map((r) => r.a);
  accounts.push(...(merchantSet as Address[]));

  // Strangers: accounts of their own, funded once (their funding is counted as strangers' traffic).
  const per = BigInt(STRANGERS) * 10n;
  for (const lane of lanes)
    for (const s of lane.senders) {
      await lane.chain.request({ method: "anvil_setBalance" as never, params: [s.address, `0x${parseEther("1000").toString(16)}`] as never });
      await lane.chain.waitForTransactionReceipt({ hash: await lane.payer.writeContract({ address: lane.usdc, abi: usdcAbi, functionName: "transfer", args: [s.address, per] }) });
    }
  const feeData = { maxFeePerGas: 10_000_000_000n, maxPriorityFeePerGas: 1_000_000n, gas: 80_000n };

  // Settle: the cache of everything before the traffic final on every chain (Ponder writes blocks to
  // its cache once 30 deep, in steps of up to 60), pruned if on.
  const cachedThrough = async (lane: (typeof lanes)[number]) => {
    const [r] = await db`SELECT max(upper(x))::bigint AS hi FROM ponder_sync.intervals i, unnest(i.blocks) x WHERE fragment_id = ${lane.fragment}`;
    return Number(r?.hi ?? 0) - 1;
  };
  for (const lane of lanes) {
    lane.headBefore = Number(await lane.chain.getBlockNumber());
    await until(`the onboardings final in Ponder's cache (${lane.name})`, async () => (await cachedThrough(lane)) >= lane.headBefore, 600_000);
  }
  await Bun.sleep(PRUNE_MS + 1_000);
  const before = await sizes(db);
  const rpcBefore = await rpcRequests();
  for (const lane of lanes) lane.blockBefore = lane.lastBlock = Number(await lane.chain.getBlockNumber());
  const blocksNow = async () => (await Promise.all(lanes.map((l) => l.chain.getBlockNumber()))).reduce((a, b) => a + Number(b), 0);
  const blockBefore = await blocksNow();
  const t0 = Date.now();

  // The traffic, ROUNDS times: SENDERS streams of strangers' transfers; a payment every
  // STRANGERS / PAYMENTS. After each round: final in Ponder's cache, pruned (if on), sizes.
  const streams = await Promise.all(
    lanes.flatMap((lane) =>
      lane.senders.map(async (a) => ({ lane, wallet: createWalletClient({ chain: lane.chainDef, transport: http(lane.rpcUrl), account: a }), nonce: await lane.chain.getTransactionCount({ address: a.address, blockTag: "pending" }) })),
    ),
  );
  const payerNonces = new Map(await Promise.all(lanes.map(async (l) => [l.chainId, await l.chain.getTransactionCount({ address: payerAccount.address, blockTag: "pending" })] as const)));
  const paymentHashes: Hex[] = [];
  let sent = 0;
  let rpcAtTraffic = rpcBefore;
  let blockAtTraffic = blockBefore;
  let rpcAtEnd = rpcBefore;
  let blockAtEnd = blockBefore;
  const topics = merchantSet.map((m) => `0x000000000000000000000000${m.slice(2)}`);
  const every = Math.max(1, Math.floor(STRANGERS / Math.max(1, PAYMENTS)));
  const roundLines: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const roundStarts = new Map(await Promise.all(lanes.map(async (l) => [l.chainId, Number(await l.chain.getBlockNumber())] as const)));
    const roundPayments: Array<{ lane: (typeof lanes)[number]; hash: Hex }> = [];
    // Payment n goes to chain n % lanes.length.
    const pay = async () => {
      const lane = lanes[paymentHashes.length % lanes.length]!;
      const to = accounts[paymentHashes.length % accounts.length]!;
      const nonce = payerNonces.get(lane.chainId)!;
      payerNonces.set(lane.chainId, nonce + 1);
      const hash = await lane.payer.writeContract({ address: lane.usdc, abi: usdcAbi, functionName: "transfer", args: [to, 1_000_000n + BigInt(paymentHashes.length)], nonce, ...feeData });
      paymentHashes.push(hash);
      roundPayments.push({ lane, hash });
    };
    await Promise.all(
      streams.map(async (stream, i) => {
        for (let k = i; k < STRANGERS; k += streams.length) {
          await stream.wallet.writeContract({ address: stream.lane.usdc, abi: usdcAbi, functionName: "transfer", args: [privateKeyToAccount(generatePrivateKey()).address, 1n], nonce: stream.nonce++, ...feeData });
          sent++;
          if (i === 0 && roundPayments.length < PAYMENTS && Math.floor(k / every) >= roundPayments.length) await pay();
        }
      }),
    );
    while (roundPayments.length < PAYMENTS) await pay();
    for (const lane of lanes) {
      const last = roundPayments.filter((p) => p.lane === lane).at(-1);
      const lastPayment = last ? await lane.chain.waitForTransactionReceipt({ hash: last.hash, timeout: 600_000 }) : undefined;
      const mine = streams.filter((s) => s.lane === lane);
      await until(`every stranger's transfer mined (${lane.name})`, async () => (await Promise.all(mine.map((s) => lane.chain.getTransactionCount({ address: s.wallet.account.address }).then((n) => n === s.nonce)))).every(Boolean), 600_000);
      lane.lastBlock = Math.max(Number(lastPayment?.blockNumber ?? 0), Number(await lane.chain.getBlockNumber()));
    }
    console.log(
      `round ${round}: sent ${STRANGERS} strangers' transfers and ${roundPayments.length} payments in ${((Date.now() - t0) / 1000).toFixed(0)} s since the start, blocks ${lanes.map((l) => `${l.name} ${roundStarts.get(l.chainId)! + 1}-${l.lastBlock}`).join(", ")}`,
    );

    // Every payment found.
    await until("every payment in chain.usdc_transfer", async () => {
      const [r] = await db`SELECT count(*)::int AS n FROM chain.usdc_transfer WHERE transaction_hash = ANY(${roundPayments.map((p) => p.hash.toLowerCase())})`;
      return r!.n === roundPayments.length;
    }, 120_000);
    if (round === 1) {
      rpcAtTraffic = await rpcRequests();
      blockAtTraffic = await blocksNow();
    }

    // Final (Ponder caches blocks once 30 deep, in steps of up to 60) and pruned, on every chain.
    for (const lane of lanes) {
      await until(`the traffic final in Ponder's cache (${lane.name})`, async () => (await cachedThrough(lane)) >= lane.lastBlock, 600_000);
      if (PRUNE_MS > 0) {
        await until(`the pruner past the traffic (${lane.name})`, async () => {
          const [r] = await db`SELECT count(*)::int AS n FROM ponder_sync.logs WHERE chain_id = ${lane.chainId} AND block_number BETWEEN ${roundStarts.get(lane.chainId)!} AND ${lane.lastBlock}
            AND topic0 = ${TRANSFER_TOPIC} AND NOT (lower(topic2) = ANY(${topics}))`;
          return r!.n === 0;
        }, 600_000);
      }
    }
    if (round === 1) {
      rpcAtEnd = await rpcRequests();
      blockAtEnd = await blocksNow();
    }
    const now = await sizes(db);
    roundLines.push(
      `| ${round} | ${fmt(sent + SENDERS)} | ${fmt(sum(now, "ponder_sync", "total") - sum(before, "ponder_sync", "total"))} | ${fmt(sum(now, "ponder_sync", "live") - sum(before, "ponder_sync", "live"))} | ${fmt(sum(now, "views", "total") - sum(before, "views", "total"))} |`,
    );
  }
  const after = await sizes(db);
  await db.unsafe("VACUUM ponder_sync.logs, ponder_sync.transactions, ponder_sync.blocks");
  const vacuumed = await sizes(db);
  const [kept] = await db<{ n: number }[]>`SELECT count(*)::int AS n FROM chain.usdc_transfer WHERE transaction_hash = ANY(${paymentHashes.map((h) => h.toLowerCase())})`;
  const strangers = sent + streams.length; // + their funding transfers

  // What stays of the strangers' transfers in ponder_sync (the traffic's blocks, chain by chain):
  // their logs, the transactions no other log of ours refers to, the blocks without a log of ours.
  const left = { logs: 0, lb: 0, txs: 0, tb: 0, blocks: 0, bb: 0 };
  for (const lane of lanes) {
    const ours = `NOT (l.topic0 = '${TRANSFER_TOPIC}' AND lower(l.address) = '${lane.usdc.toLowerCase()}' AND NOT (lower(l.topic2) = ANY($3)))`;
    const [r] = await db.unsafe<{ logs: number; lb: string; txs: number; tb: string; blocks: number; bb: string }[]>(
      `SELECT
         (SELECT count(*) FROM ponder_sync.logs l WHERE l.chain_id = $4 AND l.block_number BETWEEN $1 AND $2 AND NOT (${ours}))::int AS logs,
         (SELECT coalesce(sum(pg_column_size(l.*)), 0) FROM ponder_sync.logs l WHERE l.chain_id = $4 AND l.block_number BETWEEN $1 AND $2 AND NOT (${ours}))::bigint AS lb,
         (SELECT count(*) FROM ponder_sync.transactions t WHERE t.chain_id = $4 AND t.block_number BETWEEN $1 AND $2 AND NOT EXISTS (SELECT 1 FROM ponder_sync.logs l WHERE l.chain_id = $4 AND l.block_number = t.block_number AND l.transaction_index = t.transaction_index AND ${ours}))::int AS txs,
         (SELECT coalesce(sum(pg_column_size(t.*)), 0) FROM ponder_sync.transactions t WHERE t.chain_id = $4 AND t.block_number BETWEEN $1 AND $2 AND NOT EXISTS (SELECT 1 FROM ponder_sync.logs l WHERE l.chain_id = $4 AND l.block_number = t.block_number AND l.transaction_index = t.transaction_index AND ${ours}))::bigint AS tb,
         (SELECT count(*) FROM ponder_sync.blocks b WHERE b.chain_id = $4 AND b.number BETWEEN $1 AND $2 AND NOT EXISTS (SELECT 1 FROM ponder_sync.logs l WHERE l.chain_id = $4 AND l.block_number = b.number AND ${ours}))::int AS blocks,
         (SELECT coalesce(sum(pg_column_size(b.*)), 0) FROM ponder_sync.blocks b WHERE b.chain_id = $4 AND b.number BETWEEN $1 AND $2 AND NOT EXISTS (SELECT 1 FROM ponder_sync.logs l WHERE l.chain_id = $4 AND l.block_number = b.number AND ${ours}))::bigint AS bb`,
      [lane.blockBefore + 1, lane.lastBlock, topics, lane.chainId],
    );
    for (const k of Object.keys(left) as Array<keyof typeof left>) left[k] += Number(r![k]);
  }
  const leftBytes = left.lb + left.tb + left.bb;

  console.log(`\n| round | strangers' transfers so far | ponder_sync growth on disk, B | live, B | views' tables growth on disk, B |\n|---:|---:|---:|---:|---:|\n${roundLines.join("\n")}`);
  console.log(
    `\nPruning ${PRUNE_MS > 0 ? `every ${PRUNE_MS} ms` : "off"}; ${strangers} strangers' transfers (${sent} + ${streams.length} fundings), ${paymentHashes.length} payments to ${MERCHANTS} merchants, on ${lanes.map((l) => `${l.name} (${l.chainId})`).join(" and ")}; ${kept!.n} of ${paymentHashes.length} payments in chain.usdc_transfer; heads ${lanes.map((l) => l.headBefore).join(", ")} at settle\n`,
  );
  console.log("| table | rows before | rows after | bytes on disk before | after | after VACUUM | live row bytes before | after |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const [k, v] of after) {
    const b = before.get(k) ?? { total: 0, live: 0, rows: 0 };
    const vac = vacuumed.get(k)!;
    if (v.rows === 0 && b.rows === 0) continue;
    console.log(`| ${k} | ${fmt(b.rows)} | ${fmt(v.rows)} | ${fmt(b.total)} | ${fmt(v.total)} | ${fmt(vac.total)} | ${fmt(b.live)} | ${fmt(v.live)} |`);
  }
  for (const prefix of ["ponder_sync", "views"]) {
    const disk = sum(vacuumed, prefix, "total") - sum(before, prefix, "total");
    const live = sum(after, prefix, "live") - sum(before, prefix, "live");
    console.log(
      `${prefix}: growth ${fmt(disk)} B on disk after VACUUM (${fmt(sum(after, prefix, "total") - sum(before, prefix, "total"))} before it), ${fmt(live)} B of live rows; per stranger's transfer ${(live / strangers).toFixed(1)} B live (payments included), on disk ${(disk / strangers).toFixed(1)} B; at ${fmt(BASE_PER_DAY)} transfers a day: ${fmt((live / strangers) * BASE_PER_DAY / 1e6)} MB/day live`,
    );
  }
  console.log(
    `strangers' transfers left in ponder_sync (blocks ${lanes.map((l) => `${l.name} ${l.blockBefore + 1}-${l.lastBlock}`).join(", ")}): ${left.logs} logs, ${left.txs} transactions, ${left.blocks} blocks without a log of ours; ${fmt(leftBytes)} B live, ${(leftBytes / strangers).toFixed(1)} B per transfer; at ${fmt(BASE_PER_DAY)} a day: ${fmt((leftBytes / strangers) * BASE_PER_DAY / 1e6)} MB/day`,
  );
  const delta = (a: Map<string, number>, b: Map<string, number>) => {
    const out: string[] = [];
    let total = 0;
    for (const [m, n] of a) {
      const d = n - (b.get(m) ?? 0);
      total += d;
      if (d > 0) out.push(`${m} ${d}`);
    }
    return { total, by: out.join(", ") };
  };
  const traffic = delta(rpcAtTraffic, rpcBefore);
  const quiet = delta(rpcAtEnd, rpcAtTraffic);
  const trafficBlocks = blockAtTraffic - blockBefore;
  const quietBlocks = blockAtEnd - blockAtTraffic;
  console.log(`RPC requests during the traffic: ${traffic.total} for ${trafficBlocks} blocks (${(traffic.total / Math.max(1, trafficBlocks)).toFixed(2)} per block; ${traffic.by})`);
  console.log(`RPC requests after it, until final and pruned: ${quiet.total} for ${quietBlocks} blocks (${(quiet.total / Math.max(1, quietBlocks)).toFixed(2)} per block; ${quiet.by})`);
  if (kept!.n !== paymentHashes.length) exitCode = 1;
  await db.end({ timeout: 2 });
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {}
  await Bun.sleep(500);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
