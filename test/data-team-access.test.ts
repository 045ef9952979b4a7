/**
 * The data team's contract (docs/data-teams.md), with a real Postgres, anvil and Ponder: a login
 * that is a member of stablepay_readonly reads the chain views and the business tables, before and
 * after the indexer swaps its instance behind the views (the views are dropped and created again
 * then); it reads nothing else; every example query of the guide runs as that login (a refund
 * budget granted for ever included); the indexes the guide lists exist behind the views.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import postgres from "postgres";
import { createPublicClient, createWalletClient, http, keccak256, toHex, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { merchantAccountV2Abi, testUsdcAbi, usdcAbi } from "../contracts/abis.ts";
import { createAccountV2, deployFactoryV2 } from "../src/chain/account-v2.ts";
import { deployContracts } from "../src/chain/deploy.ts";
import { type ChainConfig, IndexerSupervisor, viewsTargetSchema } from "../src/chain/indexer/index.ts";
import { freePort } from "../src/sandbox/ports.ts";
import { startAnvil, type Anvil } from "./support/anvil.ts";
import { createTestDatabase } from "./support/db.ts";

const deployer = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
const VIEWS = "chain";
const FOREVER = 2n ** 64n - 1n;
const guide = readFileSync(join(import.meta.dir, "../docs/data-teams.md"), "utf8");

let anvil: Anvil;
let service: postgres.Sql;
let reader: postgres.Sql;
let closeDatabase: () => Promise<void>;
let supervisor: IndexerSupervisor;
let chains: ChainConfig[];
let account: Address;
let paymentHash: string;
const ponderLog: string[] = [];

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${ponderLog.slice(-20).join("\n")}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The guide's example queries (the `sql` blocks), without the administrator's grants. */
function exampleQueries(): string[] {
  return [...guide.matchAll(/```sql\n([\s\S]*?)```/g)]
    .flatMap((m) => m[1]!.split(/;\s*(?:\n|$)/))
    .map((x) => x.replace(/^\s*--.*$/gm, "").trim())
    .filter((x) => x.length > 0 && !/^(GRANT|ALTER|CREATE)\b/i.test(x));
}

/** Every example query runs as the data team's login; answers the results by query. */
async function runExamples(): Promise<Map<string, Record<string, unknown>[]>> {
  const results = new Map<string, Record<string, unknown>[]>();
  for (const q of exampleQueries()) {
    try {
      results.set(q, [...(await reader.unsafe(q))]);
    } catch (err) {
      throw new Error(`as stablepay_readonly: ${(err as Error).message}\n${q}`);
    }
  }
  return results;
}

beforeAll(async () => {
  const { url, database } = await createTestDatabase();
  service = database.sql;
  closeDatabase = () => database.close();
  const login = `analyst_${randomBytes(4).toString("hex")}`;
  await service.unsafe(`CREATE ROLE ${login} LOGIN PASSWORD 'analyst' IN ROLE stablepay_readonly`);
  const readerUrl = new URL(url);
  readerUrl.username = login;
  readerUrl.password = "analyst";
  reader = postgres(readerUrl.toString(), { max: 2, onnotice: () => {} });

  anvil = await startAnvil();
  const transport = http(anvil.rpcUrl);
  const publicClient = createPublicClient({ chain: foundry, transport, pollingInterval: 20 });
  const walletClient = createWalletClient({ account: deployer, chain: foundry, transport });
  const clients = { walletClient, publicClient: publicClient as never };
  const { usdc, factory } = await deployContracts({ ...clients, operator: deployer.address, feeRecipient: deployer.address });
  const { factory: factoryV2 } = await deployFactoryV2(clients);
  ({ account } = await createAccountV2({ ...clients, salt: keccak256(toHex("data-team")), owner: deployer.address, operator: deployer.address, payoutAddress: deployer.address, feeRecipient: deployer.address, feeRateBps: 100 }));
  const send = async (hash: `0x${string}`) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${hash} reverted`);
  };
  await send(await walletClient.writeContract({ address: usdc, abi: testUsdcAbi, functionName: "mint", args: [deployer.address, 10_000_000n] }));
  paymentHash = await walletClient.writeContract({ address: usdc, abi: usdcAbi, functionName: "transfer", args: [account, 2_500_000n] });
  await send(paymentHash as `0x${string}`);
  // The owner's budget for ever: `until` the largest uint64.
  await send(await walletClient.writeContract({ address: account, abi: merchantAccountV2Abi, functionName: "grantRefundBudget", args: [usdc, 5_000_000n, FOREVER] }));

  chains = [{ name: "sandbox", chainId: foundry.id, rpcHttp: anvil.rpcUrl, usdc, factory, factoryV2, operators: [deployer.address.toLowerCase() as `0x${string}`], startBlock: 0, pollingIntervalMs: 100 }];
  supervisor = new IndexerSupervisor({
    databaseUrl: url,
    viewsSchema: VIEWS,
    basePort: await freePort(),
    loadChains: async () => chains,
    log: (line) => {
      ponderLog.push(line);
      if (ponderLog.length > 500) ponderLog.shift();
    },
  });
}, 90_000);

afterAll(async () => {
  await supervisor?.stop();
  await reader?.end({ timeout: 1 });
  await closeDatabase?.();
  await anvil?.stop();
});

describe("stablepay_readonly", () => {
  test("reads the views and every example query runs, a budget granted for ever included; reads nothing else", async () => {
    const first = await supervisor.start();
    expect(first.changed).toBe(true);
    await waitFor("the payment in the views, read as the data team", async () => (await reader.unsafe(`SELECT 1 FROM chain.usdc_transfer WHERE transaction_hash = $1`, [paymentHash.toLowerCase()])).length > 0);
    await waitFor("the budget in the views", async () => (await reader.unsafe(`SELECT 1 FROM chain.refund_budget_changed WHERE merchant_account = $1`, [account.toLowerCase()])).length > 0);

    const results = await runExamples();
    expect(results.size).toBeGreaterThanOrEqual(9);
    const budgetQuery = [...results.keys()].find((q) => q.includes("refund_budget_changed") && q.includes("until"))!;
    const [forever] = await reader.unsafe(`SELECT until::text AS until FROM (${budgetQuery}) q WHERE merchant_account = $1`, [account.toLowerCase()]);
    expect(forever?.until).toBe("infinity");

    // The business tables the guide lists, and nothing else of the service's.
    for (const table of ["accounts", "account_merchants", "payment_intents", "transactions", "refunds", "settlements", "settlement_transactions", "payment_links"])
      await reader.unsafe(`SELECT * FROM app.${table} LIMIT 1`);
    await reader.unsafe(`SELECT id, business_name, payment_address, fee_rate_bps FROM app.merchants LIMIT 1`);
    for (const denied of ["SELECT * FROM app.api_keys", "SELECT * FROM app.webhook_endpoints", "SELECT * FROM app.dashboard_users", "SELECT email FROM app.merchants", "SELECT bank_token FROM app.merchants"])
      await expect(reader.unsafe(denied)).rejects.toThrow(/permission denied/);
    // Not the instance behind the views: its name changes at every upgrade.
    await expect(reader.unsafe(`SELECT * FROM "${first.schema}".usdc_transfer`)).rejects.toThrow(/permission denied/);
  }, 120_000);

  test("keeps reading the views after the indexer swaps its instance behind them", async () => {
    const before = await viewsTargetSchema(service, VIEWS);
    chains = chains.map((c) => ({ ...c, pollingIntervalMs: 200 }));
    const swapped = await supervisor.refresh();
    expect(swapped.changed).toBe(true);
    expect(await viewsTargetSchema(service, VIEWS)).toBe(swapped.schema);
    expect(swapped.schema).not.toBe(before);
    // The views were created again by the new instance: readable by the role all the same.
    await waitFor("the payment in the new instance's views", async () => (await reader.unsafe(`SELECT 1 FROM chain.usdc_transfer WHERE transaction_hash = $1`, [paymentHash.toLowerCase()])).length > 0);
    const results = await runExamples();
    expect(results.size).toBeGreaterThanOrEqual(9);
  }, 120_000);

  test("the indexes the guide lists exist behind the views", async () => {
    const schema = (await viewsTargetSchema(service, VIEWS))!;
    const section = guide.slice(guide.indexOf("Indexes (besides"), guide.indexOf("Rows of blocks that a reorg removes"));
    const listed: string[] = [];
    for (const row of section.matchAll(/^\| `(\w+)` \| (.+) \|$/gm)) for (const cols of row[2]!.matchAll(/`\(([^)]+)\)`/g)) listed.push(`${row[1]} (${cols[1]})`);
    expect(listed.length).toBeGreaterThanOrEqual(20);
    const rows = await service<{ tablename: string; indexdef: string }[]>`SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = ${schema}`;
    const present = new Set(rows.map((r) => `${r.tablename} (${/USING \w+ \((.+)\)$/.exec(r.indexdef)?.[1] ?? ""})`));
    expect(listed.filter((i) => !present.has(i))).toEqual([]);
  });
});
