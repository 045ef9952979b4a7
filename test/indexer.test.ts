/**
 * The Ponder indexer end to end: real Postgres, real anvil, real Ponder processes.
 *
 * 1. Started with account A created earlier: A's earlier transfer is backfilled; a transfer to an
 *    address the factory did not create is never indexed (the indexer reads every USDC transfer and
 *    keeps only merchants'); rows have the right fields; the checkpoint advances with the chain;
 *    NOTIFY <views>_live_query fires.
 * 2. Account B created while the indexer runs: followed from its creation block by the same
 *    instance (no restart, no new schema), its first payment indexed within the block's latency.
 * 3. A configuration change (the polling interval) swaps instances while a reader polls the views
 *    without pause: no query ever fails, every payment stays visible through the same views schema,
 *    the old process is gone and its schema dropped.
 * Timings (start to ready, block to row) are printed.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import postgres from "postgres";
import {
  type Address,
  type Hex,
  createPublicClient,
  createWalletClient,
  http,
  keccak256,
  parseEventLogs,
  toHex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { testUsdcAbi, usdcAbi } from "../contracts/abis.ts";
import { createMerchantAccount, deployContracts } from "../src/chain/deploy.ts";
import { type ChainConfig, IndexerSupervisor, viewsTargetSchema } from "../src/chain/indexer/index.ts";
import type { RunningPostgres } from "../src/sandbox/postgres.ts";
import { sharedPostgres } from "./support/preload.ts";
import { freePort } from "../src/sandbox/ports.ts";
import { type Anvil, startAnvil } from "./support/anvil.ts";

// anvil's first two default accounts.
const deployer = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
const feeRecipient = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9c8a785eb2e8d9a7f5d6c4b8c6f5c8").address;

const VIEWS = "chain_test";

let pg: RunningPostgres;
const DB_NAME = `indexer_${randomBytes(4).toString("hex")}`;
let anvil: Anvil;
let sql: postgres.Sql;
let supervisor: IndexerSupervisor;
let publicClient: ReturnType<typeof createPublicClient>;
let walletClient: ReturnType<typeof createWalletClient<ReturnType<typeof http>, typeof foundry, typeof deployer>>;
let usdc: Address;
let factory: Address;
let accountA: Address;
let pollingIntervalMs = 100;
const ponderLog: string[] = [];
const pids: number[] = [];

const lower = (a: string) => a.toLowerCase();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${ponderLog.slice(-20).join("\n")}`);
    await sleep(10);
  }
}

function chains(): ChainConfig[] {
  return [
    {
      name: "sandbox",
      chainId: foundry.id,
      rpcHttp: anvil.rpcUrl,
      usdc,
      factory,
      startBlock: 0,
      pollingIntervalMs,
    },
  ];
}

/** Sends USDC; returns the receipt's block, the log index of the Transfer and when it was seen mined. */
async function pay(to: Address, value: bigint) {
  const hash = await walletClient.writeContract({ address: usdc, abi: usdcAbi, functionName: "transfer", args: [to, value] });
  // Our own tight receipt poll: "mined" is when the node first returns the receipt.
  const receipt = await waitFor("receipt", () => publicClient.getTransactionReceipt({ hash }).catch(() => undefined));
  const minedAt = performance.now();
  const [log] = parseEventLogs({ abi: usdcAbi, eventName: "Transfer", logs: receipt.logs });
  if (!log) throw new Error("no Transfer log");
  return { hash, blockNumber: receipt.blockNumber, logIndex: log.logIndex, minedAt };
}

async function transferRow(hash: Hex): Promise<Record<string, unknown> | undefined> {
  const rows = await sql.unsafe(`SELECT * FROM "${VIEWS}".usdc_transfer WHERE transaction_hash = $1`, [lower(hash)]);
  return rows[0] ? { ...rows[0] } : undefined;
}

async function count(where = "true"): Promise<number> {
  const rows = await sql.unsafe(`SELECT count(*)::int AS n FROM "${VIEWS}".usdc_transfer WHERE ${where}`);
  return Number(rows[0]!.n);
}

async function checkpoint(): Promise<number> {
  const rows = await sql.unsafe(`SELECT block_number FROM "${VIEWS}".chain_checkpoint WHERE chain_id = $1`, [foundry.id]);
  return rows[0] ? Number(rows[0].block_number) : -1;
}

async function schemaExists(name: string) {
  const rows = await sql`SELECT 1 FROM pg_namespace WHERE nspname = ${name}`;
  return rows.length > 0;
}

/** Whether anything of an indexer (its wrapper, Ponder, esbuild: one process group) still runs. */
function alive(pid: number) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  // The run's shared Postgres (test/support/preload.ts), with a database of this file's own.
  pg = await sharedPostgres();
  await pg.createDatabase(DB_NAME);
  sql = postgres(pg.urlFor(DB_NAME), { max: 4, onnotice: () => {} });
  anvil = await startAnvil();
  const transport = http(anvil.rpcUrl);
  publicClient = createPublicClient({ chain: foundry, transport, pollingInterval: 10 });
  walletClient = createWalletClient({ account: deployer, chain: foundry, transport });
  ({ usdc, factory } = await deployContracts({
    walletClient,
    publicClient: publicClient as never,
    operator: deployer.address,
    feeRecipient,
  }));
  accountA = await createMerchantAccount({
    walletClient,
    publicClient: publicClient as never,
    factory,
    salt: keccak256(toHex("merchant-a")),
    owner: deployer.address,
    payoutAddress: deployer.address,
    feeRateBps: 100,
  });
  const mint = await walletClient.writeContract({
    address: usdc,
    abi: testUsdcAbi,
    functionName: "mint",
    args: [deployer.address, 1_000_000_000n],
  });
  await publicClient.waitForTransactionReceipt({ hash: mint });

  supervisor = new IndexerSupervisor({
    databaseUrl: pg.urlFor(DB_NAME),
    viewsSchema: VIEWS,
    basePort: await freePort(),
    loadChains: async () => chains(),
    log: (line) => {
      ponderLog.push(line);
      if (ponderLog.length > 500) ponderLog.shift();
    },
  });
}, 60_000);

afterAll(async () => {
  if (process.env.INDEXER_TEST_LOG) console.log(ponderLog.join("\n"));
  await supervisor?.stop();
  for (const pid of pids) expect(alive(pid)).toBe(false);
  await sql?.end({ timeout: 1 });
  await anvil?.stop();
});

test("the factory's accounts' transfers are indexed with their fields, others are not; checkpoint and NOTIFY follow", async () => {
  // Leftovers of an earlier run: an unlocked instance schema is pruned at start, one that a view
  // still reads from is kept.
  for (const [schema, view] of [["ponder_00000000aa", false], ["ponder_00000000bb", true]] as const) {
    await sql.unsafe(`CREATE SCHEMA ${schema}`);
    await sql.unsafe(`CREATE TABLE ${schema}._ponder_meta (key text PRIMARY KEY, value jsonb NOT NULL)`);
    await sql.unsafe(`INSERT INTO ${schema}._ponder_meta VALUES ('app', '{"is_locked": 0, "heartbeat_at": 0}')`);
    if (view) await sql.unsafe(`CREATE VIEW public.reads_${schema} AS SELECT * FROM ${schema}._ponder_meta`);
  }
  const stranger = privateKeyToAccount(`0x${"11".repeat(32)}`).address;
  const earlier = await pay(accountA, 1_000_000n); // before the indexer runs: backfilled
  const earlierStranger = await pay(stranger, 1_000_000n);

  const t0 = performance.now();
  const first = await supervisor.start();
  console.log(`[indexer] start to ready (fresh database): ${(performance.now() - t0).toFixed(0)} ms`);
  pids.push(supervisor.current!.pid);
  expect(first.changed).toBe(true);
  expect(await viewsTargetSchema(sql, VIEWS)).toBe(first.schema);
  expect(await schemaExists("ponder_00000000aa")).toBe(false);
  expect(await schemaExists("ponder_00000000bb")).toBe(true);
  const notes: string[] = [];
  const listener = await sql.listen(`${VIEWS}_live_query`, (payload) => notes.push(payload));

  await waitFor("checkpoint past the early payments", async () => (await checkpoint()) >= earlierStranger.blockNumber);
  expect(await transferRow(earlier.hash)).toBeDefined();
  expect(await transferRow(earlierStranger.hash)).toBeUndefined();
  expect(await count()).toBe(1);
  const created = await sql.unsafe(`SELECT * FROM "${VIEWS}".merchant_account_created`);
  expect(created.map((r) => r.merchant_account)).toEqual([lower(accountA)]);
  expect(created[0]!.fee_rate_bps).toBe(100);
  const covered = await sql.unsafe(`SELECT merchant_account, from_block FROM "${VIEWS}".indexed_merchant_account`);
  expect(covered.map((r) => r.merchant_account)).toEqual([lower(accountA)]);
  expect(Number(covered[0]!.from_block)).toBe(Number(created[0]!.block_number));
  const payout = await sql.unsafe(`SELECT * FROM "${VIEWS}".payout_address_changed`);
  expect(payout).toHaveLength(1);
  expect(payout[0]!.current_address).toBe(lower(deployer.address));
  expect(payout[0]!.previous_address).toBe("0x0000000000000000000000000000000000000000");

  const toStranger = await pay(stranger, 2_000_000n);
  const toMerchant = await pay(accountA, 1_500_001n);
  const row = await waitFor("merchant transfer row", () => transferRow(toMerchant.hash));
  const visibleMs = performance.now() - toMerchant.minedAt;
  const block = await publicClient.getBlock({ blockNumber: toMerchant.blockNumber });
  expect(row).toEqual({
    id: `${foundry.id}-${lower(toMerchant.hash)}-${toMerchant.logIndex}`,
    chain_id: String(foundry.id),
    block_number: String(toMerchant.blockNumber),
    block_timestamp: String(block.timestamp),
    block_hash: lower(block.hash),
    transaction_hash: lower(toMerchant.hash),
    log_index: toMerchant.logIndex,
    token_address: lower(usdc),
    from_address: lower(deployer.address),
    to_address: lower(accountA),
    value: "1500001",
    merchant_account: lower(accountA),
  });
  await waitFor("checkpoint past both payments", async () => (await checkpoint()) >= toMerchant.blockNumber);
  expect(await transferRow(toStranger.hash)).toBeUndefined();
  console.log(`[indexer] automine: block mined to row visible: ${visibleMs.toFixed(0)} ms`);

  // The checkpoint follows new blocks.
  const cp = await checkpoint();
  await publicClient.request({ method: "evm_mine" as never, params: [] as never });
  await waitFor("checkpoint advancing", async () => (await checkpoint()) > cp);

  await waitFor("a NOTIFY naming usdc_transfer", async () => notes.some((n) => n.includes("usdc_transfer")));
  await listener.unlisten();
}, 60_000);

let accountB: Address;

test("a merchant account created while the indexer runs is followed at once by the same instance: no restart", async () => {
  // From here on the chain mines a block every second, like the sandbox.
  await publicClient.request({ method: "evm_setIntervalMining" as never, params: [1] as never });
  const before = supervisor.current!;
  accountB = await createMerchantAccount({
    walletClient,
    publicClient: publicClient as never,
    factory,
    salt: keccak256(toHex("merchant-b")),
    owner: deployer.address,
    payoutAddress: deployer.address,
    feeRateBps: 250,
  });
  const first = await pay(accountB, 3_000_000n); // the moment its account exists
  const row = await waitFor("B's first payment", () => transferRow(first.hash));
  console.log(`[indexer] 1 s blocks: a new account's first payment, block mined to row visible: ${(performance.now() - first.minedAt).toFixed(0)} ms`);
  expect(row.merchant_account).toBe(lower(accountB));
  expect(row.value).toBe("3000000");
  expect(supervisor.current).toEqual(before);
  expect((await supervisor.refresh()).changed).toBe(false);
  const covered = await sql.unsafe(`SELECT merchant_account FROM "${VIEWS}".indexed_merchant_account ORDER BY 1`);
  expect(covered.map((r) => r.merchant_account)).toEqual([lower(accountA), lower(accountB)].sort());
}, 60_000);

test("a configuration change swaps instances behind the same views, which never disappear", async () => {
  // A reader hammering the views during the whole swap.
  let reading = true;
  let queries = 0;
  const errors: string[] = [];
  const targets = new Set<string>();
  const stepBacks: string[] = [];
  let lastCheckpoint = -1;
  const reader = (async () => {
    while (reading) {
      try {
        const [row] = await sql.unsafe(
          `SELECT (SELECT count(*) FROM "${VIEWS}".usdc_transfer) AS transfers,
                  (SELECT max(block_number) FROM "${VIEWS}".chain_checkpoint) AS checkpoint`,
        );
        queries++;
        // Not asserted: how far the checkpoint steps back right after a swap (see src/chain/indexer/).
        const cp = row?.checkpoint === null || row?.checkpoint === undefined ? -1 : Number(row.checkpoint);
        if (cp < lastCheckpoint) stepBacks.push(`${lastCheckpoint}->${cp}`);
        lastCheckpoint = cp;
        if (queries % 20 === 0) targets.add((await viewsTargetSchema(sql, VIEWS)) ?? "none");
      } catch (err) {
        errors.push((err as Error).message);
      }
      await sleep(2);
    }
  })();

  const before = supervisor.current!;
  pollingIntervalMs = 200;
  const t0 = performance.now();
  // Two concurrent refreshes: serialized, the second finds nothing to do.
  const [swapped, again] = await Promise.all([supervisor.refresh(), supervisor.refresh()]);
  console.log(`[indexer] refresh to ready (configuration changed, 1 s blocks): ${(performance.now() - t0).toFixed(0)} ms`);
  pids.push(supervisor.current!.pid);
  expect(swapped.changed).toBe(true);
  expect(again).toEqual({ changed: false, schema: swapped.schema });
  expect(await viewsTargetSchema(sql, VIEWS)).toBe(swapped.schema);

  const late = await pay(accountB, 4_000_000n);
  const lateRow = await waitFor("B's payment after the swap", () => transferRow(late.hash));
  expect(lateRow.value).toBe("4000000");

  // Latency with 1 s blocks and a 200 ms polling interval.
  const samples: number[] = [];
  for (let i = 0; i < 3; i++) {
    const p = await pay(accountA, 10_000n + BigInt(i));
    await waitFor("row", () => transferRow(p.hash));
    samples.push(performance.now() - p.minedAt);
  }
  console.log(`[indexer] 1 s blocks: block mined to row visible: ${samples.map((s) => s.toFixed(0)).join(", ")} ms`);

  reading = false;
  await reader;
  console.log(`[indexer] reader during the swap: ${queries} queries, ${errors.length} errors; checkpoint steps back: ${stepBacks.join(", ") || "none"}`);
  expect(errors).toEqual([]);
  expect(queries).toBeGreaterThan(100);
  expect(targets.has(swapped.schema)).toBe(true);
  expect(alive(before.pid)).toBe(false);
  expect(await schemaExists(before.schema)).toBe(false);

  expect(await count()).toBe(7); // A: 1 backfilled + 1 + 3 latency samples; B: 2
  const covered = await sql.unsafe(`SELECT merchant_account FROM "${VIEWS}".indexed_merchant_account ORDER BY 1`);
  expect(covered.map((r) => r.merchant_account)).toEqual([lower(accountA), lower(accountB)].sort());
}, 60_000);

test("an instance alive but no longer following the chain (SIGSTOP) is killed by the stall watch and restarted; the payment it missed is indexed", async () => {
  const before = supervisor.current!;
  process.kill(-before.pid, "SIGSTOP"); // the process lives on, its indexing stops (as after its database was killed under it)
  const t0 = performance.now();
  const p = await pay(accountA, 30_000n); // the chain goes on: 1 s blocks
  await waitFor("the stall watch to restart it", async () => (supervisor.current && supervisor.current.pid !== before.pid ? true : undefined), 40_000);
  pids.push(supervisor.current!.pid);
  await waitFor("the missed payment indexed", () => transferRow(p.hash), 40_000);
  console.log(`[indexer] stopped instance: replaced and the payment indexed after ${(performance.now() - t0).toFixed(0)} ms`);
  expect(alive(before.pid)).toBe(false);
  expect(ponderLog.some((line) => line.includes("has not indexed chain"))).toBe(true);
}, 90_000);
