/**
 * `npm run cli -- chain deploy-factory`: the install's v1 factory deployed from the committed bytes
 * through the deterministic proxy, run as an operator runs it (the CLI as a child, against anvil),
 * in production mode, before any factory is configured and without a database. A second run finds it; the install's
 * record then gives a production start its start block; the operator's key is refused as deployer.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPublicClient, createWalletClient, getAddress, http, keccak256, toHex, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { merchantAccountFactoryAbi } from "../contracts/abis.ts";
import { createMerchantAccount, deployContracts } from "../src/chain/deploy.ts";
import { factoryV2Address } from "../src/chain/account-v2.ts";
import { loadConfig } from "../src/config.ts";
import { startAnvil, type Anvil } from "./support/anvil.ts";

const root = join(import.meta.dir, "..");
// anvil's dev accounts: 0 deploys the test token, 1 deploys the factory, 2 is the operator.
const tokenDeployer = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
const DEPLOYER_KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const OPERATOR_KEY = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";
const operator = privateKeyToAccount(OPERATOR_KEY);
const FEE_RECIPIENT: Address = getAddress("0x000000000000000000000000000000000000fee5");

let anvil: Anvil;
let usdc: Address;
const records = mkdtempSync(join(tmpdir(), "stablepay-records-"));

beforeAll(async () => {
  anvil = await startAnvil();
  const transport = http(anvil.rpcUrl);
  ({ usdc } = await deployContracts({
    walletClient: createWalletClient({ account: tokenDeployer, chain: foundry, transport }),
    publicClient: createPublicClient({ chain: foundry, transport }) as never,
    operator: tokenDeployer.address,
    feeRecipient: tokenDeployer.address,
  }));
}, 60_000);

afterAll(async () => {
  await anvil?.stop();
  rmSync(records, { recursive: true, force: true });
});

function cli(args: string[], env: Record<string, string>) {
  const run = Bun.spawnSync([process.execPath, "src/cli/main.ts", ...args], {
    cwd: root,
    // A production install's variables, as its env file has them; the factory's are not set yet.
    env: { PATH: process.env.PATH ?? "", STABLEPAY_ENV: "production", OPS_PORT: "9309", DATABASE_URL: "postgres://u:p@127.0.0.1:9/unused", PUBLIC_BASE_URL: "https://pay.example", WEBHOOK_SECRETS_KEY: "5f1d6c7e9a3b2c4d8e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f", SANDBOX_RPC_HTTP_URL: anvil.rpcUrl, SANDBOX_CHAIN_ID: "31337", SANDBOX_USDC_ADDRESS: usdc, OPERATOR_ADDRESS: operator.address, FEE_RECIPIENT_ADDRESS: FEE_RECIPIENT, ...env },
  });
  return { code: run.exitCode, stdout: run.stdout.toString(), stderr: run.stderr.toString() };
}

test("deploys the v1 factory naming the operator, once; a second run finds it; the record carries its block", async () => {
  const first = cli(["chain", "deploy-factory", "--mode", "test", "--record", records, "--json"], { DEPLOYER_PRIVATE_KEY: DEPLOYER_KEY });
  expect({ code: first.code, stderr: first.stderr }).toEqual({ code: 0, stderr: "" });
  const r = JSON.parse(first.stdout);
  expect(r).toMatchObject({ object: "factory_deployment", chain_id: 31337, deployed_now: true, operator: operator.address, fee_recipient: FEE_RECIPIENT, usdc });
  expect(r.variables).toEqual({ SANDBOX_FACTORY_ADDRESS: r.factory, SANDBOX_START_BLOCK: String(r.block_number) });

  const publicClient = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) });
  const read = (functionName: "operator" | "feeRecipient" | "token") => publicClient.readContract({ address: r.factory, abi: merchantAccountFactoryAbi, functionName });
  expect([await read("operator"), await read("feeRecipient"), await read("token")]).toEqual([operator.address, FEE_RECIPIENT, usdc]);
  // The block is the deployment's: no code before it.
  expect(await publicClient.getCode({ address: r.factory, blockNumber: BigInt(r.block_number - 1) })).toBeUndefined();

  // The operator creates accounts through it, as the service will.
  const account = await createMerchantAccount({
    walletClient: createWalletClient({ account: operator, chain: foundry, transport: http(anvil.rpcUrl) }),
    publicClient: publicClient as never,
    factory: r.factory,
    salt: keccak256(toHex("first-merchant")),
    owner: operator.address,
    payoutAddress: operator.address,
    feeRateBps: 100,
  });
  expect(account).toMatch(/^0x[0-9a-fA-F]{40}$/);

  const again = cli(["chain", "deploy-factory", "--mode", "test", "--record", records], { DEPLOYER_PRIVATE_KEY: DEPLOYER_KEY });
  expect(again.code).toBe(0);
  expect(again.stdout).toContain(`already deployed: MerchantAccountFactory ${r.factory} on chain 31337 in block ${r.block_number}`);
  expect(again.stdout).toContain(`set SANDBOX_FACTORY_ADDRESS=${r.factory} SANDBOX_START_BLOCK=${r.block_number}`);

  const record = JSON.parse(readFileSync(join(records, "31337.json"), "utf8"));
  expect(record).toEqual({ chainId: 31337, factories: [{ version: 1, address: r.factory, startBlock: r.block_number }] });

  // With the v2 factory's block recorded too, a production start of that chain needs no START_BLOCK.
  const { recordFactory } = await import("../src/chain/deployments-file.ts");
  recordFactory(records, 31337, { version: 2, address: await factoryV2Address(), startBlock: r.block_number + 5 });
  const production = { STABLEPAY_ENV: "production", OPS_PORT: "9309", DATABASE_URL: "postgres://u:p@db/x", SANDBOX_RPC_HTTP_URL: anvil.rpcUrl, SANDBOX_CHAIN_ID: "31337", SANDBOX_USDC_ADDRESS: usdc, SANDBOX_FACTORY_ADDRESS: r.factory, PUBLIC_BASE_URL: "https://pay.example", WEBHOOK_SECRETS_KEY: "5f1d6c7e9a3b2c4d8e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f", ROLES: "api", OPERATOR_ADDRESS: operator.address, DEPLOYMENTS_DIR: records };
  expect(loadConfig(production).chains.test.startBlock).toBe(r.block_number);
}, 60_000);

test("refuses the operator's key as deployer, a missing deployer key, an RPC of another chain and a missing mode, each in one line", () => {
  const asOperator = cli(["chain", "deploy-factory", "--mode", "test"], { DEPLOYER_PRIVATE_KEY: OPERATOR_KEY });
  expect([asOperator.code, asOperator.stderr.trim()]).toEqual([1, "error: DEPLOYER_PRIVATE_KEY must not be the operator key"]);
  const noKey = cli(["chain", "deploy-factory", "--mode", "test"], {});
  expect(noKey.stderr.trim()).toBe("error: DEPLOYER_PRIVATE_KEY (a funded key, not the operator's) is required");
  const wrongChain = cli(["chain", "deploy-factory", "--mode", "test"], { DEPLOYER_PRIVATE_KEY: DEPLOYER_KEY, SANDBOX_CHAIN_ID: "84532", SANDBOX_USDC_ADDRESS: usdc });
  expect(wrongChain.stderr.trim()).toBe(`error: SANDBOX_RPC_HTTP_URL answers chain id 31337, not 84532`);
  const noMode = cli(["chain", "deploy-factory"], { DEPLOYER_PRIVATE_KEY: DEPLOYER_KEY });
  expect(noMode.stderr.trim()).toBe("error: --mode live or --mode test is required");
});
