/**
 * The sync cache keeps what grows with our merchants, not with the chain. Real Postgres,
 * real anvil, real Ponder processes (as test/indexer.test.ts).
 *
 * Strangers' USDC transfers and merchants' payments, some before the indexer starts (backfill),
 * some while it runs (realtime): account A created earlier; B created in the same block as its
 * first payment; a transfer to C's address before C exists (not a payment: the handler drops it),
 * then C created and paid; a v2 account D (v2 factory, the operator's) paid like the others; a v2
 * account E created by someone else with another operator, whose transfers are strangers' (not
 * followed, pruned). Blocks are mined past Ponder's finality so the pruner (its timer, in the
 * supervisor) deletes the strangers' transfers from ponder_sync. Then:
 * - ponder_sync holds no log and no transaction of a stranger's transfer, and no block without a log;
 * - the views hold every merchant payment, and nothing else;
 * - a new instance built from the pruned cache (a configuration change: in-place upgrade behind the
 *   views) builds identical rows, without fetching the pruned ranges again from the RPC;
 * - an instance re-indexed from scratch (a fresh database, pruning off) builds identical rows, and
 *   its ponder_sync (the unpruned baseline) is what the pruning saves: bytes printed.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { type Address, type Hex, createPublicClient, createWalletClient, http, keccak256, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { merchantAccountFactoryAbi, testUsdcAbi, usdcAbi } from "../contracts/abis.ts";
import { createMerchantAccount, deployContracts } from "../src/chain/deploy.ts";
import { createAccountV2, deployFactoryV2 } from "../src/chain/account-v2.ts";
import { type ChainConfig, IndexerSupervisor, type PruneResult, TRANSFER_TOPIC, pruneSyncCache } from "../src/chain/indexer/index.ts";
import type { RunningPostgres } from "../src/sandbox/postgres.ts";
import { freePort } from "../src/sandbox/ports.ts";
import { sharedPostgres } from "./support/preload.ts";
import { type Anvil, startAnvil } from "./support/anvil.ts";

const deployer = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
const VIEWS = "chain_prune";
const TABLES = ["usdc_transfer", "merchant_account_created", "fee_collected", "withdrawal", "payout_address_changed", "indexed_merchant_account"];
const SYNC_TABLES = ["logs", "transactions", "blocks", "transaction_receipts", "traces"];

let pg: RunningPostgres;
const DB = `prune_${randomBytes(4).toString("hex")}`;
const DB_SCRATCH = `${DB}_scratch`;
let anvil: Anvil;
let sql: postgres.Sql;
let sqlScratch: postgres.Sql | undefined;
const supervisors: IndexerSupervisor[] = [];
let publicClient: ReturnType<typeof createPublicClient>;
let walletClient: ReturnType<typeof createWalletClient<ReturnType<typeof http>, typeof foundry, typeof deployer>>;
let usdc: Address;
let factory: Address;
let factoryV2: Address;
let nonce = 0;
let pollingIntervalMs = 100;
const log: string[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${log.slice(-20).join("\n")}`);
    await sleep(50);
  }
}

const chains = (): ChainConfig[] => [{ name: "sandbox", chainId: foundry.id, rpcHttp: anvil.rpcUrl, usdc, factory, factoryV2, operators: [deployer.address], startBlock: 0, pollingIntervalMs }];

function supervisor(databaseUrl: string, extra: Partial<ConstructorParameters<typeof IndexerSupervisor>[0]>) {
  return (async () => {
    const s = new IndexerSupervisor({
      databaseUrl,
      viewsSchema: VIEWS,
      basePort: await freePort(),
      loadChains: async () => chains(),
      log: (line) => {
        log.push(line);
        if (log.length > 500) log.shift();
      },
      ...extra,
    });
    supervisors.push(s);
    return s;
  })();
}

/** Sends these calls into the pool (automine is off) and mines them in one block, in this order. */
async function block(calls: { to: Address; value?: bigint; create?: Hex }[]): Promise<Hex[]> {
  const hashes: Hex[] = [];
  for (const c of calls) {
    hashes.push(
      c.create
        ? await walletClient.writeContract({ address: factory, abi: merchantAccountFactoryAbi, functionName: "createAccount", args: [c.create, deployer.address, deployer.address, 100], nonce: nonce++, gas: 1_500_000n })
        : await walletClient.writeContract({ address: usdc, abi: usdcAbi, functionName: "transfer", args: [c.to, c.value ?? 1n], nonce: nonce++, gas: 100_000n }),
    );
  }
  await publicClient.request({ method: "evm_mine" as never });
  for (const hash of hashes) {
    const r = await publicClient.getTransactionReceipt({ hash });
    if (r.status !== "success") throw new Error(`${hash} reverted`);
  }
  return hashes;
}

const strangers = (n: number) => Array.from({ length: n }, () => ({ to: privateKeyToAccount(generatePrivateKey()).address, value: 1n }));
const predict = (salt: Hex) =>
  publicClient.readContract({ address: factory, abi: merchantAccountFactoryAbi, functionName: "predictAddress", args: [salt, deployer.address, deployer.address, 100] }) as Promise<Address>;

async function head() {
  return Number(await publicClient.getBlockNumber());
}
async function checkpoint(db: postgres.Sql) {
  const rows = await db.unsafe(`SELECT block_number FROM "${VIEWS}".chain_checkpoint WHERE chain_id = $1`, [foundry.id]);
  return rows[0] ? Number(rows[0].block_number) : -1;
}
async function snapshot(db: postgres.Sql) {
  const out: Record<string, unknown[]> = {};
  for (const t of TABLES) out[t] = (await db.unsafe(`SELECT * FROM "${VIEWS}".${t} ORDER BY id`)).map((r) => ({ ...r }));
  return out;
}
/** USDC Transfer logs in ponder_sync whose `to` is not a merchant account (`merchants`: lowercase). */
async function strangerLogs(db: postgres.Sql, merchants: string[], upTo = Number.MAX_SAFE_INTEGER) {
  const topics = merchants.map((m) => `0x000000000000000000000000${m.slice(2)}`);
  const [r] = await db`SELECT count(*)::int AS n FROM ponder_sync.logs WHERE chain_id = ${foundry.id} AND lower(address) = ${usdc.toLowerCase()}
    AND topic0 = ${TRANSFER_TOPIC} AND NOT (lower(topic2) = ANY(${topics})) AND block_number <= ${upTo}`;
  return r!.n as number;
}
async function syncBytes(db: postgres.Sql) {
  const out: Record<string, { rows: number; live: number; total: number }> = {};
  for (const t of SYNC_TABLES) {
    const [r] = await db.unsafe(
      `SELECT count(*)::int AS rows, coalesce(sum(pg_column_size(t.*)), 0)::bigint AS live, pg_total_relation_size('ponder_sync.${t}')::bigint AS total FROM ponder_sync.${t} t`,
    );
    out[t] = { rows: r!.rows, live: Number(r!.live), total: Number(r!.total) };
  }
  return out;
}

beforeAll(async () => {
  pg = await sharedPostgres();
  await pg.createDatabase(DB);
  await pg.createDatabase(DB_SCRATCH);
  sql = postgres(pg.urlFor(DB), { max: 4, onnotice: () => {} });
  anvil = await startAnvil();
  const transport = http(anvil.rpcUrl);
  publicClient = createPublicClient({ chain: foundry, transport, pollingInterval: 10 });
  walletClient = createWalletClient({ account: deployer, chain: foundry, transport });
  ({ usdc, factory } = await deployContracts({ walletClient, publicClient: publicClient as never, operator: deployer.address, feeRecipient: deployer.address }));
  ({ factory: factoryV2 } = await deployFactoryV2({ walletClient, publicClient: publicClient as never }));
  const mint = await walletClient.writeContract({ address: usdc, abi: testUsdcAbi, functionName: "mint", args: [deployer.address, 1_000_000_000_000n] });
  await publicClient.waitForTransactionReceipt({ hash: mint });
}, 60_000);

afterAll(async () => {
  if (process.env.INDEXER_TEST_LOG) console.log(log.join("\n"));
  for (const s of supervisors) await s.stop();
  await sql?.end({ timeout: 1 });
  await sqlScratch?.end({ timeout: 1 });
  await anvil?.stop();
});

test("strangers' transfers leave (nearly) nothing in ponder_sync once final; every payment is indexed; a new instance from the pruned cache and one from scratch build identical rows", async () => {
  const accountA = (
    await createMerchantAccount({ walletClient, publicClient: publicClient as never, factory, salt: keccak256(toHex("prune-a")), owner: deployer.address, payoutAddress: deployer.address, feeRateBps: 100 })
  ).toLowerCase() as Address;
  const saltB = keccak256(toHex("prune-b"));
  const saltC = keccak256(toHex("prune-c"));
  const accountB = (await predict(saltB)).toLowerCase() as Address;
  const accountC = (await predict(saltC)).toLowerCase() as Address;
  const v2 = (name: string, operator: Address) =>
    createAccountV2({ walletClient, publicClient: publicClient as never, salt: keccak256(toHex(name)), owner: deployer.address, operator, payoutAddress: deployer.address, feeRecipient: deployer.address, feeRateBps: 100 });
  const accountD = (await v2("prune-d", deployer.address)).account.toLowerCase() as Address;
  const accountE = (await v2("prune-e", privateKeyToAccount(generatePrivateKey()).address)).account.toLowerCase() as Address;
  await publicClient.request({ method: "evm_setAutomine" as never, params: [false] as never });
  nonce = await publicClient.getTransactionCount({ address: deployer.address, blockTag: "pending" });

  const payments: Hex[] = [];
  let strangerCount = 1; // the mint to the deployer (beforeAll) is a Transfer to no merchant too
  const mix = async (others: number, calls: { to: Address; value?: bigint; create?: Hex; payment?: boolean }[]) => {
    // Strangers first and last, the merchant calls in the middle of the block.
    const before = strangers(Math.floor(others / 2));
    const after = strangers(others - before.length);
    const hashes = await block([...before, ...calls, ...after]);
    strangerCount += others + calls.filter((c) => !c.create && !c.payment).length;
    calls.forEach((c, i) => c.payment && payments.push(hashes[before.length + i]!));
  };

  // Before the indexer runs (backfilled from the RPC).
  await mix(150, [{ to: accountA, value: 1_000_000n, payment: true }, { to: accountA, value: 2_000_000n, payment: true }, { to: accountC, value: 5n }, { to: accountD, value: 9_000_000n, payment: true }, { to: accountE, value: 11n }]);
  await mix(50, [{ to: accountB, create: saltB }, { to: accountB, value: 3_000_000n, payment: true }]); // paid in the block that creates it

  const pruned: PruneResult[] = [];
  const first = await supervisor(pg.urlFor(DB), { syncPruneIntervalMs: 200, onPrune: (r) => pruned.push(r) });
  await first.start();

  // While it runs (realtime), then past finality (Ponder: 30 blocks on anvil; it writes its cache
  // when the head is 60 blocks past the last finalized one).
  await mix(150, [{ to: accountA, value: 4_000_000n, payment: true }, { to: accountC, create: saltC }, { to: accountC, value: 6_000_000n, payment: true }]);
  await mix(100, [{ to: accountB, value: 7_000_000n, payment: true }, { to: accountC, value: 8_000_000n, payment: true }, { to: accountD, value: 10_000_000n, payment: true }, { to: accountE, value: 12n }]);
  const lastTraffic = await head();
  await publicClient.request({ method: "anvil_mine" as never, params: ["0x50"] as never });
  const tip = await head();
  await waitFor("the pruner past the last transfer", async () => pruned.some((r) => r.through >= lastTraffic), 90_000);

  const merchants = [accountA, accountB, accountC, accountD];
  const deleted = pruned.reduce((a, r) => ({ logs: a.logs + r.logs, transactions: a.transactions + r.transactions, blocks: a.blocks + r.blocks }), { logs: 0, transactions: 0, blocks: 0 });
  console.log(`[prune] ${strangerCount} strangers' transfers; the pruner deleted ${JSON.stringify(deleted)} in ${pruned.length} passes`);
  // The cache held them (Ponder caches every transfer) and the pruner removed them...
  expect(deleted.logs).toBe(strangerCount);
  expect(deleted.transactions).toBe(strangerCount);
  // ...so no log, no transaction of a stranger's transfer is left, and no block without a log.
  expect(await strangerLogs(sql, merchants)).toBe(0);
  const [tx] = await sql`SELECT count(*)::int AS n FROM ponder_sync.transactions t WHERE chain_id = ${foundry.id} AND NOT EXISTS
    (SELECT 1 FROM ponder_sync.logs l WHERE l.chain_id = t.chain_id AND l.block_number = t.block_number AND l.transaction_index = t.transaction_index)`;
  expect(tx!.n).toBe(0);
  const [blocks] = await sql`SELECT count(*)::int AS n FROM ponder_sync.blocks b WHERE chain_id = ${foundry.id} AND number <= ${lastTraffic} AND NOT EXISTS
    (SELECT 1 FROM ponder_sync.logs l WHERE l.chain_id = b.chain_id AND l.block_number = b.number)`;
  expect(blocks!.n).toBe(0);

  // Every payment is in the views, nothing else (not the transfer to C's address before C existed).
  await waitFor("the checkpoint at the tip", async () => (await checkpoint(sql)) >= tip);
  const indexed = (await sql.unsafe(`SELECT transaction_hash FROM "${VIEWS}".usdc_transfer ORDER BY block_number, log_index`)).map((r) => r.transaction_hash);
  expect(indexed).toEqual(payments.map((h) => h.toLowerCase()));
  const rows = await snapshot(sql);
  expect(rows.indexed_merchant_account!.length).toBe(4);
  // The v2 account of the service's operator is followed; the one naming another operator is not.
  const created = rows.merchant_account_created as { merchant_account: string; factory_address: string; operator_address: string | null }[];
  expect(created.find((r) => r.merchant_account === accountD)).toMatchObject({ factory_address: factoryV2.toLowerCase(), operator_address: deployer.address.toLowerCase() });
  expect(created.some((r) => r.merchant_account === accountE)).toBe(false);
  const prunedBytes = await syncBytes(sql);

  // An in-place upgrade: a configuration change makes a new instance, built from the pruned cache,
  // that takes over the views.
  const schemaBefore = first.current!.schema;
  pollingIntervalMs = 150;
  const swapped = await first.refresh();
  expect(swapped.changed).toBe(true);
  expect(swapped.schema).not.toBe(schemaBefore);
  await waitFor("the new instance at the tip", async () => (await checkpoint(sql)) >= tip);
  expect(await snapshot(sql)).toEqual(rows);
  // It read the cached intervals: the pruned transfers were not fetched again from the RPC.
  expect(await strangerLogs(sql, merchants)).toBe(0);
  await first.stop();

  // From scratch: a fresh database, pruning off. Same rows; its cache keeps every transfer.
  sqlScratch = postgres(pg.urlFor(DB_SCRATCH), { max: 2, onnotice: () => {} });
  const scratch = await supervisor(pg.urlFor(DB_SCRATCH), { syncPruneIntervalMs: 0 });
  await scratch.start();
  await waitFor("the scratch instance at the tip", async () => (await checkpoint(sqlScratch!)) >= tip);
  expect(await snapshot(sqlScratch)).toEqual(rows);
  await waitFor("the scratch cache final", async () => (await strangerLogs(sqlScratch!, merchants, lastTraffic)) === strangerCount - 1, 30_000); // - 1: the one to C's address
  const fullBytes = await syncBytes(sqlScratch);
  const sum = (b: typeof fullBytes) => Object.values(b).reduce((a, t) => a + t.live, 0);
  console.log(
    `[prune] ponder_sync live bytes, ${strangerCount} strangers' + ${payments.length} payments: unpruned ${sum(fullBytes)} (${JSON.stringify(fullBytes)}), pruned ${sum(prunedBytes)} (${JSON.stringify(prunedBytes)}); per stranger's transfer: ${((sum(fullBytes) - sum(prunedBytes)) / strangerCount).toFixed(0)} B saved`,
  );
  expect(sum(prunedBytes)).toBeLessThan(sum(fullBytes) / 5);

  // The same pruning of the scratch cache, in small steps (2 blocks a transaction, 5 a pass) while
  // its instance runs: every pass resumes where the last stopped, and the result is the same.
  let through: number | undefined;
  let passes = 0;
  let deletedLogs = 0;
  while ((through ?? -1) < lastTraffic) {
    const r = await pruneSyncCache(sqlScratch, { viewsSchema: VIEWS, chain: { chainId: foundry.id, usdc }, ...(through === undefined ? {} : { after: through }), maxBlocks: 5, blocksPerTransaction: 2 });
    expect(r.through).toBeGreaterThan(through ?? -1);
    if (r.range) expect(r.range[1] - r.range[0] + 1).toBeLessThanOrEqual(5);
    through = r.through;
    deletedLogs += r.logs;
    passes++;
  }
  expect(passes).toBeGreaterThan(1);
  expect(deletedLogs).toBe(strangerCount);
  expect(await strangerLogs(sqlScratch, merchants)).toBe(0);
  const [scratchBlocks] = await sqlScratch`SELECT count(*)::int AS n FROM ponder_sync.blocks b WHERE chain_id = ${foundry.id} AND number <= ${lastTraffic} AND NOT EXISTS
    (SELECT 1 FROM ponder_sync.logs l WHERE l.chain_id = b.chain_id AND l.block_number = b.number)`;
  expect(scratchBlocks!.n).toBe(0);
  expect(await snapshot(sqlScratch)).toEqual(rows);
}, 240_000);
