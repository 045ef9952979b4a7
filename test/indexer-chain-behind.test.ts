/**
 * An indexer whose stored state is ahead of its chain: the chain went back to an earlier state (a
 * sandbox restored from its last save, a node restored from a backup, a reorg deeper than Ponder's
 * finality) after the indexer had made later blocks final. Ponder alone refuses to start on such a
 * schema ("Finalized block … cannot move backwards"), at every start. The supervisor must say so
 * loudly, cut the sync cache back, rebuild the index from the chain and become ready: the payment the
 * chain lost is gone from the views, the one the chain has now is there.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { type Address, createPublicClient, createWalletClient, http, keccak256, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { testUsdcAbi, usdcAbi } from "../contracts/abis.ts";
import { createMerchantAccount, deployContracts } from "../src/chain/deploy.ts";
import { type ChainConfig, IndexerSupervisor } from "../src/chain/indexer/index.ts";
import type { RunningPostgres } from "../src/sandbox/postgres.ts";
import { sharedPostgres } from "./support/preload.ts";
import { freePort } from "../src/sandbox/ports.ts";
import { type Anvil, startAnvil } from "./support/anvil.ts";

const deployer = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
const VIEWS = "chain_behind";
const DB_NAME = `behind_${randomBytes(4).toString("hex")}`;

let pg: RunningPostgres;
let sql: postgres.Sql;
let anvil: Anvil;
let usdc: Address;
let factory: Address;
let account: Address;
const log: string[] = [];
const supervisors: IndexerSupervisor[] = [];

const rpc = async <T>(method: string, params: unknown[] = []): Promise<T> =>
  ((await (await fetch(anvil.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) })).json()) as { result: T }).result;

async function supervisor(): Promise<IndexerSupervisor> {
  const chains: ChainConfig[] = [{ name: "sandbox", chainId: foundry.id, rpcHttp: anvil.rpcUrl, usdc, factory, startBlock: 0, pollingIntervalMs: 100 }];
  const s = new IndexerSupervisor({ databaseUrl: pg.urlFor(DB_NAME), viewsSchema: VIEWS, basePort: await freePort(), loadChains: async () => chains, log: (line) => void log.push(line) });
  supervisors.push(s);
  return s;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${log.slice(-20).join("\n")}`);
    await Bun.sleep(50);
  }
}

const indexed = async (hash: string) => (await sql.unsafe(`SELECT 1 FROM "${VIEWS}".usdc_transfer WHERE transaction_hash = $1`, [hash.toLowerCase()])).length > 0;

beforeAll(async () => {
  pg = await sharedPostgres();
  await pg.createDatabase(DB_NAME);
  sql = postgres(pg.urlFor(DB_NAME), { max: 2, onnotice: () => {} });
  anvil = await startAnvil();
}, 60_000);

afterAll(async () => {
  for (const s of supervisors) await s.stop();
  await sql?.end({ timeout: 1 });
  await anvil?.stop();
});

test("the chain went back behind what the indexer made final: rebuilt from the chain, ready, the lost payment gone and the new one indexed", async () => {
  const transport = http(anvil.rpcUrl);
  const publicClient = createPublicClient({ chain: foundry, transport, pollingInterval: 20 });
  const wallet = createWalletClient({ account: deployer, chain: foundry, transport });
  ({ usdc, factory } = await deployContracts({ walletClient: wallet, publicClient: publicClient as never, operator: deployer.address, feeRecipient: deployer.address }));
  account = await createMerchantAccount({ walletClient: wallet, publicClient: publicClient as never, factory, salt: keccak256(toHex("behind")), owner: deployer.address, payoutAddress: deployer.address, feeRateBps: 100 });
  await publicClient.waitForTransactionReceipt({ hash: await wallet.writeContract({ address: usdc, abi: testUsdcAbi, functionName: "mint", args: [deployer.address, 1_000_000_000n] }) });

  // The state the chain will go back to (what a sandbox saved before it was killed).
  const saved = await rpc<string>("evm_snapshot");
  const lost = await wallet.writeContract({ address: usdc, abi: usdcAbi, functionName: "transfer", args: [account, 1_111n] });
  await publicClient.waitForTransactionReceipt({ hash: lost });
  await rpc("anvil_mine", ["0x50", "0xc"]); // 80 blocks 12 s apart: Ponder makes the payment's block final (30 deep on this chain)

  const first = await supervisor();
  await first.start();
  const schema = first.current!.schema;
  await waitFor("the lost payment indexed", () => indexed(lost));
  const [cp] = await sql.unsafe<{ c: string }[]>(`SELECT finalized_checkpoint AS c FROM "${schema}"._ponder_checkpoint`);
  const finalBlock = Number(cp!.c.slice(26, 42));
  expect(finalBlock).toBeGreaterThan(Number(await publicClient.getBlockNumber()) - 40);
  await first.stop();

  // The chain goes back: everything after the snapshot is gone, and another payment takes its place.
  expect(await rpc<boolean>("evm_revert", [saved])).toBe(true);
  const kept = await wallet.writeContract({ address: usdc, abi: usdcAbi, functionName: "transfer", args: [account, 2_222n] });
  await publicClient.waitForTransactionReceipt({ hash: kept });
  expect(Number(await publicClient.getBlockNumber())).toBeLessThan(finalBlock);

  // Ponder alone would refuse this schema at every start; the supervisor rebuilds it and is ready.
  log.length = 0;
  const second = await supervisor();
  await second.start();
  expect(second.current!.schema).toBe(schema);
  expect(log.some((l) => l.includes(`rebuilding ${schema} from the chain`))).toBe(true);
  expect(log.some((l) => l.includes("cannot move backwards"))).toBe(false);
  await waitFor("the new payment indexed", () => indexed(kept));
  expect(await indexed(lost)).toBe(false);
  // Nothing of the lost blocks is left in the cache, and the set-aside index is gone.
  const head = Number(await publicClient.getBlockNumber());
  const [left] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM ponder_sync.logs WHERE chain_id = ${foundry.id} AND block_number > ${head}`;
  expect(left!.n).toBe(0);
  const aside = await sql`SELECT nspname FROM pg_namespace WHERE nspname LIKE ${`${schema}_r%`}`;
  expect(aside.length).toBe(0);
  await second.stop();

  // And the next start on the rebuilt index is an ordinary crash recovery: no second rebuild.
  log.length = 0;
  const third = await supervisor();
  await third.start();
  expect(log.some((l) => l.includes("rebuilding"))).toBe(false);
  // (Ponder indexes the blocks it has not made final once the next block arrives.)
  await rpc("evm_mine");
  await waitFor("the new payment indexed after the restart", () => indexed(kept));
}, 180_000);
