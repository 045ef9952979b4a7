/**
 * A v2 factory replaced by a later contract version stays followed: its accounts hold merchants'
 * money for good. Real anvil, Postgres and Ponder: the current factory (the pinned bytes at their
 * deterministic address) and a former one (the same code deployed through the proxy under another
 * salt, standing for an earlier build at its own address), listed as `formerFactoriesV2`; an
 * account of each is created and paid, and both payments reach the views.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { concat, createPublicClient, createWalletClient, getContractAddress, http, keccak256, parseEventLogs, toHex, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { merchantAccountFactoryV2Abi, testUsdcAbi, usdcAbi } from "../contracts/abis.ts";
import { createAccountV2, deployFactoryV2, DETERMINISTIC_DEPLOYER } from "../src/chain/account-v2.ts";
import { loadPinnedArtifacts } from "../src/chain/artifacts.ts";
import { deployContracts } from "../src/chain/deploy.ts";
import { IndexerSupervisor, type ChainConfig } from "../src/chain/indexer/index.ts";
import { freePort } from "../src/sandbox/ports.ts";
import { startAnvil, type Anvil } from "./support/anvil.ts";
import { sharedPostgres } from "./support/preload.ts";

const deployer = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
const DB_NAME = `former_${randomBytes(4).toString("hex")}`;
const VIEWS = "chain_former";

let anvil: Anvil;
let sql: postgres.Sql;
let supervisor: IndexerSupervisor;
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

beforeAll(async () => {
  const pg = await sharedPostgres();
  await pg.createDatabase(DB_NAME);
  sql = postgres(pg.urlFor(DB_NAME), { max: 2, onnotice: () => {} });
  anvil = await startAnvil();
  supervisor = new IndexerSupervisor({
    databaseUrl: pg.urlFor(DB_NAME),
    viewsSchema: VIEWS,
    basePort: await freePort(),
    loadChains: async () => chains,
    log: (line) => {
      ponderLog.push(line);
      if (ponderLog.length > 500) ponderLog.shift();
    },
  });
}, 60_000);

afterAll(async () => {
  await supervisor?.stop();
  await sql?.end({ timeout: 1 });
  await anvil?.stop();
});

let chains: ChainConfig[] = [];

test("accounts of a former v2 factory and of the current one are both followed", async () => {
  const transport = http(anvil.rpcUrl);
  const publicClient = createPublicClient({ chain: foundry, transport, pollingInterval: 20 });
  const walletClient = createWalletClient({ account: deployer, chain: foundry, transport });
  const clients = { walletClient, publicClient: publicClient as never };
  const mined = async (hash: Hex) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${hash} reverted`);
    return receipt;
  };
  const { usdc } = await deployContracts({ ...clients, operator: deployer.address, feeRecipient: deployer.address });
  const { factory: current } = await deployFactoryV2(clients);

  // The former factory: through the same proxy, under another salt.
  const { MerchantAccountFactoryV2 } = await loadPinnedArtifacts();
  const formerSalt = keccak256(toHex("stablepay.MerchantAccountFactoryV2.former"));
  const former = getContractAddress({ opcode: "CREATE2", from: DETERMINISTIC_DEPLOYER, salt: formerSalt, bytecode: MerchantAccountFactoryV2.bytecode });
  await mined(await walletClient.sendTransaction({ to: DETERMINISTIC_DEPLOYER, data: concat([formerSalt, MerchantAccountFactoryV2.bytecode]) }));
  expect(former).not.toBe(current);

  const settings = { owner: deployer.address, operator: deployer.address, payoutAddress: deployer.address, feeRecipient: deployer.address, feeRateBps: 100 } as const;
  const created = await mined(
    await walletClient.writeContract({ address: former, abi: merchantAccountFactoryV2Abi, functionName: "createAccount", args: [keccak256(toHex("old-merchant")), settings.owner, settings.operator, settings.payoutAddress, settings.feeRecipient, settings.feeRateBps] }),
  );
  const oldAccount = parseEventLogs({ abi: merchantAccountFactoryV2Abi, eventName: "AccountCreated", logs: created.logs })[0]!.args.account as Address;
  const { account: newAccount } = await createAccountV2({ ...clients, salt: keccak256(toHex("new-merchant")), ...settings });

  await mined(await walletClient.writeContract({ address: usdc, abi: testUsdcAbi, functionName: "mint", args: [deployer.address, 10_000_000n] }));
  const payOld = await walletClient.writeContract({ address: usdc, abi: usdcAbi, functionName: "transfer", args: [oldAccount, 1_000_000n] });
  const payNew = await walletClient.writeContract({ address: usdc, abi: usdcAbi, functionName: "transfer", args: [newAccount, 2_000_000n] });
  await mined(payOld);
  await mined(payNew);

  chains = [{ name: "sandbox", chainId: foundry.id, rpcHttp: anvil.rpcUrl, usdc, factoryV2: current, formerFactoriesV2: [former], operators: [deployer.address.toLowerCase() as `0x${string}`], startBlock: 0, pollingIntervalMs: 100 }];
  await supervisor.start();
  const rows = await waitFor("both payments in the views", async () => {
    const r = await sql.unsafe<{ to_address: string; value: string }[]>(`SELECT to_address, value::text AS value FROM "${VIEWS}".usdc_transfer WHERE transaction_hash IN ($1, $2) ORDER BY value`, [payOld.toLowerCase(), payNew.toLowerCase()]);
    return r.length === 2 ? r : undefined;
  });
  expect(rows.map((r) => [r.to_address, r.value])).toEqual([[oldAccount.toLowerCase(), "1000000"], [newAccount.toLowerCase(), "2000000"]]);
  const createdRows = await sql.unsafe<{ factory_address: string; merchant_account: string }[]>(`SELECT factory_address, merchant_account FROM "${VIEWS}".merchant_account_created ORDER BY factory_address`);
  expect(new Set(createdRows.map((r) => `${r.factory_address} ${r.merchant_account}`))).toEqual(new Set([`${former.toLowerCase()} ${oldAccount.toLowerCase()}`, `${current.toLowerCase()} ${newAccount.toLowerCase()}`]));
}, 120_000);
