/**
 * The checks of a production start, run as an operator meets them: `bun src/main.ts` against a real
 * Postgres and a real chain (anvil with the contracts deployed). Each mistake an operator makes while
 * filling in the environment stops the start with one line naming the variable to fix, before any
 * role runs: a missing OPS_PORT or start block, an RPC of another chain, a factory or token address
 * without code, pools that the database's max_connections cannot hold.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPublicClient, createWalletClient, http, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { ConfigError, loadConfig } from "../src/config.ts";
import { deployContracts } from "../src/chain/deploy.ts";
import { CLI_CONNECTIONS, connectionBudget, connectionsOf } from "../src/db/connection-budget.ts";
import { freePort } from "../src/sandbox/ports.ts";
import { startAnvil, type Anvil } from "./support/anvil.ts";
import { createTestDatabase } from "./support/db.ts";

const root = join(import.meta.dir, "..");
const OPERATOR_KEY: Hex = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";
const NO_CODE: Address = "0x000000000000000000000000000000000000dEaD";

let anvil: Anvil | undefined;
const children = new Set<Bun.Subprocess>();
afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  await anvil?.stop();
});

/** This process's environment without anything that configures the service, plus `env`. */
function childEnv(env: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !/^(DATABASE_|SANDBOX_|LIVE_|OPERATOR_|PUBLIC_BASE_URL|DASHBOARD_|STABLEPAY_|ROLES|WEBHOOK_|OPS_PORT|DEPLOYMENT_)/.test(k)) out[k] = v;
  return { ...out, LOG_LEVEL: "warn", ...env };
}

async function runMain(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = Bun.spawn([process.execPath, "src/main.ts"], { cwd: root, env: childEnv(env), stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  children.add(child);
  // A start that passes every check is stopped once it says so (the refusals exit by themselves).
  const timer = setTimeout(() => child.kill("SIGTERM"), 60_000);
  const [code, stdout, stderr] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
  clearTimeout(timer);
  children.delete(child);
  return { code, stdout, stderr };
}

describe("a production start checks what an operator filled in, one line naming the variable", () => {
  let env: Record<string, string>;
  let databaseUrl: string;

  beforeAll(async () => {
    anvil = await startAnvil();
    const transport = http(anvil.rpcUrl);
    const operator = privateKeyToAccount(OPERATOR_KEY);
    const publicClient = createPublicClient({ chain: foundry, transport, pollingInterval: 50 });
    const walletClient = createWalletClient({ account: operator, chain: foundry, transport });
    const { usdc, factory } = await deployContracts({ walletClient, publicClient: publicClient as never, operator: operator.address, feeRecipient: operator.address });
    const startBlock = await publicClient.getBlockNumber();
    const created = await createTestDatabase();
    databaseUrl = created.url;
    await created.database.close();
    const port = await freePort();
    env = {
      STABLEPAY_ENV: "production",
      ROLES: "api",
      PORT: String(port),
      OPS_PORT: String(await freePort()),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: join(tmpdir(), "stablepay-preflight-never-written"),
      DATABASE_URL: databaseUrl,
      WEBHOOK_SECRETS_KEY: "5f1d6c7e9a3b2c4d8e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f",
      OPERATOR_ADDRESS: operator.address,
      SANDBOX_RPC_HTTP_URL: anvil.rpcUrl,
      SANDBOX_CHAIN_ID: "31337",
      SANDBOX_USDC_ADDRESS: usdc,
      SANDBOX_FACTORY_ADDRESS: factory,
      SANDBOX_START_BLOCK: String(startBlock),
      SANDBOX_CONFIRMATIONS: "0",
    };
  }, 60_000);

  test("each mistake refuses the start: code 1, one line on stderr naming the variable, nothing on stdout", async () => {
    const without = (name: string) => Object.fromEntries(Object.entries(env).filter(([k]) => k !== name));
    const cases: Array<[string, Record<string, string>, RegExp]> = [
      ["no OPS_PORT", without("OPS_PORT"), /^Invalid configuration: OPS_PORT is required in production mode/],
      ["OPS_PORT on node_exporter's port", { ...env, OPS_PORT: "9100" }, /^Invalid configuration: OPS_PORT is 9100, the port of node_exporter/],
      ["no start block", without("SANDBOX_START_BLOCK"), /^Invalid configuration: SANDBOX_START_BLOCK is required in production mode/],
      // The RPC is anvil's (31337), configured as Base Sepolia.
      ["the RPC of another chain", { ...env, SANDBOX_CHAIN_ID: "84532" }, /^Start failed: Invalid configuration: SANDBOX_RPC_HTTP_URL answers chain id 31337 \(eth_chainId\), not SANDBOX_CHAIN_ID's 84532/],
      ["a factory without code", { ...env, SANDBOX_FACTORY_ADDRESS: NO_CODE }, /^Start failed: Invalid configuration: SANDBOX_FACTORY_ADDRESS is 0x000000000000000000000000000000000000dEaD, which has no code on chain 31337/],
      ["a token without code", { ...env, SANDBOX_USDC_ADDRESS: NO_CODE }, /^Start failed: Invalid configuration: SANDBOX_USDC_ADDRESS is 0x000000000000000000000000000000000000dEaD, which has no code/],
      // The tests' Postgres allows 400 connections.
      ["an API pool above the database's limit", { ...env, DATABASE_POOL_API: "400" }, /^Start failed: Invalid configuration: DATABASE_POOL_API is 400: this process may open \d+ database connections, above the \d+ the server allows \(max_connections 400/],
      ["a topology above the database's limit", { ...env, DEPLOYMENT_TOPOLOGY: "api*4 matcher,expirer,dispatcher*20 indexer" }, /^Start failed: Invalid configuration: DATABASE_POOL_WORKERS is 20: the processes of DEPLOYMENT_TOPOLOGY may open \d+ database connections, above/],
      ["a topology without this process", { ...env, DEPLOYMENT_TOPOLOGY: "matcher,expirer,dispatcher indexer" }, /^Start failed: Invalid configuration: DEPLOYMENT_TOPOLOGY does not list this process's ROLES \(api\)/],
    ];
    const results = await Promise.all(cases.map(([, e]) => runMain(e)));
    for (const [i, [what, , message]] of cases.entries()) {
      const r = results[i]!;
      expect({ what, code: r.code, stdout: r.stdout.trim() }).toEqual({ what, code: 1, stdout: "" });
      expect({ what, lines: r.stderr.trim().split("\n") }).toEqual({ what, lines: [expect.stringMatching(message)] });
    }
  }, 120_000);

  test("with every check passed, the deployment's topology of the example environment starts", async () => {
    const started = await runMainUntilUp({ ...env, DEPLOYMENT_TOPOLOGY: "api*3 matcher,expirer,dispatcher*2 settler,fee_collector indexer", DATABASE_POOL_API: "8", DATABASE_POOL_WORKERS: "6", STABLEPAY_INDEXER_DB_POOL_MAX: "8" });
    expect(started).toContain("is up");
  }, 90_000);

  test("the budget: what each kind of process may open, against the server's own settings", async () => {
    const { database } = await createTestDatabase();
    try {
      const pools = { api: 8, workers: 6, indexer: 8 };
      const roles = (list: string) => loadConfig({ ROLES: list }).roles;
      // Main pool, drizzle's quarter of it, the health probe and the LISTEN connection; the indexer adds Ponder's pool and its supervisor's.
      expect([connectionsOf(roles("api"), pools), connectionsOf(roles("matcher,expirer,dispatcher"), pools), connectionsOf(roles("indexer"), pools)]).toEqual([12, 10, 24]);
      const topology = loadConfig({ DEPLOYMENT_TOPOLOGY: "api*3 matcher,expirer,dispatcher*2 settler,fee_collector indexer" }).topology;
      const budget = await connectionBudget(database.sql, { roles: roles("api"), pools, topology });
      expect(budget).toMatchObject({ needed: 3 * 12 + 3 * 10 + 24 + CLI_CONNECTIONS, maxConnections: 400 });
      // A default max_connections of 100 (3 reserved for superusers) holds the example's sizes.
      expect(budget.needed).toBeLessThanOrEqual(97);
      expect(budget.allowed).toBe(400 - budget.reserved);
    } finally {
      await database.close();
    }
  });

  async function runMainUntilUp(e: Record<string, string>): Promise<string> {
    const child = Bun.spawn([process.execPath, "src/main.ts"], { cwd: root, env: childEnv(e), stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    children.add(child);
    let out = "";
    const decoder = new TextDecoder();
    void (async () => {
      for await (const c of child.stdout) out += decoder.decode(c);
    })();
    void (async () => {
      for await (const c of child.stderr) out += decoder.decode(c);
    })();
    try {
      const deadline = Date.now() + 60_000;
      while (!out.includes("is up")) {
        if (child.exitCode !== null) throw new Error(`main exited (${child.exitCode}):\n${out}`);
        if (Date.now() > deadline) throw new Error(`not up within 60 s:\n${out}`);
        await Bun.sleep(100);
      }
      return out;
    } finally {
      child.kill("SIGTERM");
      await child.exited;
      children.delete(child);
    }
  }
});

describe("what the configuration refuses by itself", () => {
  const production = { STABLEPAY_ENV: "production", DATABASE_URL: "postgres://u:p@db/x", SANDBOX_RPC_HTTP_URL: "http://rpc.example/", SANDBOX_FACTORY_ADDRESS: NO_CODE, SANDBOX_START_BLOCK: "1", PUBLIC_BASE_URL: "https://pay.example", WEBHOOK_SECRETS_KEY: "5f".repeat(32), OPS_PORT: "9732", ROLES: "api" };

  test("a mainnet outside production mode, naming STABLEPAY_ENV; the same chain in production", () => {
    const live = { LIVE_RPC_HTTP_URL: "http://rpc.example/", LIVE_FACTORY_ADDRESS: NO_CODE };
    expect(() => loadConfig(live)).toThrow(/^Invalid configuration: STABLEPAY_ENV must be production to run chain 8453 \(base, a mainnet: LIVE_RPC_HTTP_URL\)/);
    // A sandbox on a mainnet's chain id is a mainnet all the same.
    expect(() => loadConfig({ SANDBOX_RPC_HTTP_URL: "http://rpc.example/", SANDBOX_CHAIN_ID: "8453", SANDBOX_USDC_ADDRESS: NO_CODE, SANDBOX_FACTORY_ADDRESS: NO_CODE })).toThrow(/STABLEPAY_ENV must be production/);
    expect(() => loadConfig({ ...production, ...live })).toThrow(/LIVE_START_BLOCK is required in production mode/);
    expect(loadConfig({ ...production, ...live, LIVE_START_BLOCK: "12345" }).chains.live).toMatchObject({ chainId: 8453, startBlock: 12345, envPrefix: "LIVE_" });
  });

  test("start blocks of every hosted chain in production; the sandbox keeps its default", () => {
    expect(() => loadConfig({ ...production, SANDBOX_ARBITRUM_RPC_HTTP_URL: "http://rpc2.example/" })).toThrow(/^Invalid configuration: SANDBOX_ARBITRUM_START_BLOCK is required/);
    const { SANDBOX_START_BLOCK: _, STABLEPAY_ENV: __, ...sandbox } = production;
    expect(loadConfig({ ...sandbox, OPERATOR_PRIVATE_KEY: OPERATOR_KEY }).chains.test.startBlock).toBe(0);
  });

  test("DEPLOYMENT_TOPOLOGY: roles with a count, each entry checked", () => {
    const topology = loadConfig({ DEPLOYMENT_TOPOLOGY: "api*3; matcher,expirer,dispatcher*2 indexer" }).topology!;
    expect(topology.map((p) => [[...p.roles].join(","), p.count])).toEqual([["api", 3], ["matcher,expirer,dispatcher", 2], ["indexer", 1]]);
    expect(() => loadConfig({ DEPLOYMENT_TOPOLOGY: "api*3 signer" })).toThrow(/DEPLOYMENT_TOPOLOGY has unknown role "signer"/);
    expect(() => loadConfig({ DEPLOYMENT_TOPOLOGY: "api*0" })).toThrow(/DEPLOYMENT_TOPOLOGY has "api\*0"/);
    expect(() => loadConfig({ DEPLOYMENT_TOPOLOGY: "api x3" })).toThrow(ConfigError);
    expect(loadConfig({}).topology).toBeUndefined();
  });
});
