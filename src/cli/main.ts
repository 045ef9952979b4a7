/**
 * Operator CLI (`npm run cli -- <command>`): onboarding and webhook registration until a dashboard
 * exists. Talks to the same database as the service; every command takes --json.
 */
import { parseArgs } from "node:util";
import { ANVIL_KEY_0, ConfigError, loadConfig, type ChainSettings, type Config } from "../config.ts";
import { createContext, type AppContext } from "../context.ts";
import { connect, type Database } from "../db/client.ts";
import { driverPatchProblem } from "../db/driver-patch.ts";
import { assertSchemaCurrent, migrate, MigrationError, schemaStatus } from "../db/migrate.ts";
import { buildChainRuntime } from "../chain/runtime.ts";
import { configuredSigner } from "../chain/signer.ts";
import { ensureDeployment } from "../chain/deployment.ts";
import { createLogger } from "../logger.ts";
import { commands } from "./commands.ts";
import { apiJson } from "./json.ts";
import { OnboardingError } from "../modules/merchants/onboarding.ts";
import { SecretBoxError } from "../lib/secret-box.ts";
import { DashboardUserError } from "../modules/access/dashboard-users.ts";
import { readFileSync, existsSync } from "node:fs";
import { versionLine } from "../lib/build-info.ts";
import { createPublicClient, createWalletClient, http, isHex, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { deployFactoryV1 } from "../chain/factory-v1.ts";
import { recordFactory } from "../chain/deployments-file.ts";

export class CliError extends Error {}

async function main(argv: string[]) {
  const [group, action, ...rest] = argv;
  if (group === "--version" || group === "version") {
    console.log(versionLine());
    return;
  }
  const driverProblem = driverPatchProblem();
  if (driverProblem) throw new CliError(driverProblem);
  if (group === "migrate") return migrateCommand(argv.slice(1));
  if (group === "chain" && action === "deploy-factory") return deployFactoryCommand(rest);
  const command = group && action ? commands[`${group} ${action}`] : undefined;
  if (!command) {
    console.error(usage());
    process.exit(group === "help" || group === "--help" ? 0 : 2);
  }
  const { values } = parseArgs({ args: rest, options: { ...command.options, json: { type: "boolean" } }, strict: true, allowPositionals: false });
  const config = loadConfig(withSandboxInfo(process.env, loadConfig().sandboxInfoFile));
  const ctx = await openContext(config);
  try {
    const result = await command.run(ctx, values as Record<string, string | boolean | string[] | undefined>);
    if (values.json) console.log(JSON.stringify(apiJson(result, command.json), null, 2));
    else console.log(command.human(result as never));
  } finally {
    await ctx.database.close();
  }
}

/**
 * A running sandbox's info file tells the CLI everything it needs: its database, its chain's RPC
 * (on whatever port the sandbox was started) and its contract addresses. Variables set in the
 * environment win over the file.
 */
export function withSandboxInfo(env: NodeJS.ProcessEnv, infoFile: string): NodeJS.ProcessEnv {
  if (!existsSync(infoFile)) return env;
  let info: Record<string, unknown>;
  try {
    info = JSON.parse(readFileSync(infoFile, "utf8")) as Record<string, unknown>;
  } catch {
    throw new CliError(`${infoFile} is not valid JSON: start the service again (npm start) to rewrite it`);
  }
  const fromFile: Record<string, string> = {};
  const take = (variable: string, field: string) => {
    if (typeof info[field] === "string" || typeof info[field] === "number") fromFile[variable] = String(info[field]);
  };
  take("DATABASE_URL", "database_url");
  take("SANDBOX_RPC_HTTP_URL", "rpc_url");
  take("SANDBOX_CHAIN_ID", "chain_id");
  take("SANDBOX_USDC_ADDRESS", "usdc_address");
  take("SANDBOX_FACTORY_ADDRESS", "factory_address");
  // The file is written by the embedded sandbox: its chain confirms at once, and unless the service
  // was given OPERATOR_PRIVATE_KEY (then give it here too) it signs with anvil's dev key.
  fromFile.SANDBOX_CONFIRMATIONS = "0";
  fromFile.OPERATOR_PRIVATE_KEY = ANVIL_KEY_0;
  return { ...fromFile, ...env };
}

/** The CLI does not start anything: it needs the database (and chain) of a running service. */
async function openContext(config: ReturnType<typeof loadConfig>): Promise<AppContext> {
  let url = config.databaseUrl;
  if (!url) {
    // Embedded default: the sandbox writes its database URL to the info file when it starts.
    if (!existsSync(config.sandboxInfoFile)) throw new CliError(`DATABASE_URL is not set and ${config.sandboxInfoFile} does not exist: start the service first (npm start)`);
    url = (JSON.parse(readFileSync(config.sandboxInfoFile, "utf8")) as { database_url: string }).database_url;
  }
  const database = connect(url, { max: 2 });
  // Production: the schema is migrated by its own step (`migrate`), never as a side effect.
  if (config.env === "production") await assertSchemaCurrent(database.sql);
  else await migrate(database.sql);
  const chains: AppContext["chains"] = {};
  for (const settings of [config.chains.test, config.chains.live]) {
    if (!settings) continue;
    const deployment = await ensureDeploymentReadOnly(database, settings, config);
    if (deployment) chains[settings.mode] = buildChainRuntime(settings, deployment, await configuredSigner(config, database.sql, settings.chainId), database.sql, config.merchantAccountVersion);
  }
  const otherChains = [];
  for (const settings of config.chains.others) {
    const deployment = await ensureDeploymentReadOnly(database, settings, config);
    if (deployment) otherChains.push(buildChainRuntime(settings, deployment, await configuredSigner(config, database.sql, settings.chainId), database.sql, config.merchantAccountVersion));
  }
  return createContext({ config, database, chains, otherChains, log: createLogger("warn") });
}

/** The CLI never deploys contracts: it uses what the running service deployed or was given. */
async function ensureDeploymentReadOnly(database: Database, settings: ChainSettings, config: Config) {
  try {
    return await ensureDeployment(database, settings, config.operatorPrivateKey, config.feeRecipient, { deploy: false });
  } catch {
    return undefined;
  }
}

/**
 * `chain deploy-factory --mode live|test [--record DIR]`: deploys the install's v1 factory (the
 * committed MerchantAccountFactory, naming its operator, fee recipient and USDC) through the
 * deterministic deployment proxy, so a second run finds it instead of deploying another; prints
 * the variables to set and, with --record, adds it with its block to DIR/<chainId>.json (the
 * install's deployments record, DEPLOYMENTS_DIR). Runs before the factory is configured, so it
 * needs no database and no factory variable: only the chain's, the operator's address and
 * DEPLOYER_PRIVATE_KEY (a funded key, not the operator's).
 */
async function deployFactoryCommand(args: string[]) {
  const { values } = parseArgs({ args, options: { mode: { type: "string" }, record: { type: "string" }, json: { type: "boolean" } }, strict: true, allowPositionals: false });
  if (values.mode !== "live" && values.mode !== "test") throw new CliError("--mode live or --mode test is required");
  const prefix = values.mode === "live" ? "LIVE_" : "SANDBOX_";
  if (!process.env[`${prefix}RPC_HTTP_URL`]?.trim())
    throw new CliError(`${prefix}RPC_HTTP_URL is not set: ${values.mode === "test" ? "the embedded sandbox deploys its own contracts" : "the live chain's RPC is needed"}`);
  // The factory being deployed is not configured yet, and no process role runs here: placeholders
  // let the chain's other settings be read (and checked) exactly as a start reads them.
  const config = loadConfig({
    ...process.env,
    [`${prefix}FACTORY_ADDRESS`]: process.env[`${prefix}FACTORY_ADDRESS`]?.trim() || "0x0000000000000000000000000000000000000001",
    [`${prefix}START_BLOCK`]: process.env[`${prefix}START_BLOCK`]?.trim() || "0",
    ROLES: "api",
  });
  const settings = values.mode === "live" ? config.chains.live! : config.chains.test;
  const operator = config.operatorPrivateKey ? privateKeyToAccount(config.operatorPrivateKey).address : config.operatorAddress;
  if (!operator) throw new CliError("OPERATOR_ADDRESS (or OPERATOR_PRIVATE_KEY) is required: the factory names the operator, for good");
  const key = process.env.DEPLOYER_PRIVATE_KEY?.trim();
  if (!key || !isHex(key) || key.length !== 66) throw new CliError("DEPLOYER_PRIVATE_KEY (a funded key, not the operator's) is required");
  const deployer = privateKeyToAccount(key as Hex);
  // Not the operator key: every operator transaction goes through its nonce authority (chain/operator-sender.ts).
  if (deployer.address === operator) throw new CliError("DEPLOYER_PRIVATE_KEY must not be the operator key");
  const usdc = settings.usdcAddress;
  if (!usdc) throw new CliError(`${prefix}USDC_ADDRESS is required`);
  const transport = http(settings.rpcHttpUrl);
  const publicClient = createPublicClient({ transport });
  const rpcChainId = await publicClient.getChainId();
  if (rpcChainId !== settings.chainId) throw new CliError(`${prefix}RPC_HTTP_URL answers chain id ${rpcChainId}, not ${settings.chainId}`);
  const chain = { id: settings.chainId, name: settings.name, nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [settings.rpcHttpUrl] } } } as const;
  const feeRecipient = config.feeRecipient ?? operator;
  const r = await deployFactoryV1({ walletClient: createWalletClient({ transport, account: deployer, chain }), publicClient: publicClient as never, usdc, operator, feeRecipient });
  const configured = process.env[`${prefix}FACTORY_ADDRESS`]?.trim();
  if (values.record) recordFactory(values.record, settings.chainId, { version: 1, address: r.factory, startBlock: r.blockNumber ?? null });
  const result = {
    object: "factory_deployment",
    chain_id: settings.chainId,
    factory: r.factory,
    deployed_now: r.deployedNow,
    block_number: r.blockNumber ?? null,
    operator,
    fee_recipient: feeRecipient,
    usdc,
    variables: { [`${prefix}FACTORY_ADDRESS`]: r.factory, ...(r.blockNumber === undefined ? {} : { [`${prefix}START_BLOCK`]: String(r.blockNumber) }) },
    ...(values.record ? { record: `${values.record.replace(/\/+$/, "")}/${settings.chainId}.json` } : {}),
  };
  if (values.json) return console.log(JSON.stringify(result, null, 2));
  console.log(
    [
      `${r.deployedNow ? "deployed" : "already deployed:"} MerchantAccountFactory ${r.factory} on chain ${settings.chainId}${r.blockNumber === undefined ? "" : ` in block ${r.blockNumber}`} (operator ${operator}, fee recipient ${feeRecipient}, USDC ${usdc})`,
      `set ${Object.entries(result.variables).map(([k, v]) => `${k}=${v}`).join(" ")}${r.blockNumber === undefined ? ` (and ${prefix}START_BLOCK: the block of its deployment transaction; this RPC keeps no past state to find it)` : ""}`,
      ...(configured && configured.toLowerCase() !== r.factory.toLowerCase() ? [`note: ${prefix}FACTORY_ADDRESS is set to ${configured}, another factory`] : []),
      ...(values.record ? [`recorded in ${result.record}`] : []),
    ].join("\n"),
  );
}

/**
 * `migrate`: applies the pending migrations (the first step of every upgrade in production, where
 * starts refuse a schema behind); `migrate --check`: says what is pending, exit code 1 if anything
 * is. Needs only the database (DATABASE_URL or DATABASE_URL_FILE; the sandbox's from its info file).
 */
async function migrateCommand(args: string[]) {
  const { values } = parseArgs({ args, options: { check: { type: "boolean" }, json: { type: "boolean" } }, strict: true, allowPositionals: false });
  // Only the database's variables: the migrate step runs where no operator key is (docs/deployment.md).
  const only = Object.fromEntries(Object.entries(process.env).filter(([k]) => ["DATABASE_URL", "DATABASE_URL_FILE", "DATA_DIR", "SANDBOX_INFO_FILE"].includes(k)));
  const base = loadConfig({ ...only, STABLEPAY_ENV: "sandbox" });
  const env = withSandboxInfo(only, base.sandboxInfoFile);
  const config = loadConfig({ ...env, STABLEPAY_ENV: "sandbox" });
  const url = config.databaseUrl;
  if (!url) throw new CliError(`DATABASE_URL is not set (nor DATABASE_URL_FILE) and ${config.sandboxInfoFile} does not exist: migrate needs the database`);
  const database = connect(url, { max: 1 });
  try {
    if (values.check) {
      const status = await schemaStatus(database.sql);
      if (values.json) console.log(JSON.stringify(status, null, 2));
      else console.log(status.pending.length || status.edited.length ? [...status.edited.map((n) => `edited after it was applied: ${n}`), ...status.pending.map((n) => `pending: ${n}`)].join("\n") : "the schema is up to date");
      if (status.pending.length || status.edited.length) process.exitCode = 1;
      return;
    }
    const applied = await migrate(database.sql);
    if (values.json) console.log(JSON.stringify({ applied }, null, 2));
    else console.log(applied.length ? `applied ${applied.length} migration${applied.length === 1 ? "" : "s"}: ${applied.join(", ")}` : "the schema is up to date: nothing to apply");
  } finally {
    await database.close();
  }
}

function usage() {
  const lines = ["Usage: npm run cli -- <group> <action> [options] [--json]", "", `  ${"migrate [--check]".padEnd(24)} applies the pending database migrations (--check: lists them, exit code 1 if any)`, `  ${"--version".padEnd(24)} prints the installed version and git commit`, `  ${"chain deploy-factory".padEnd(24)} deploys the install's v1 factory (--mode live|test, [--record DIR]): the operator's own, through the deterministic deployment proxy (a second run finds it), signed by DEPLOYER_PRIVATE_KEY; prints the variables to set`];
  for (const [name, c] of Object.entries(commands)) lines.push(`  ${name.padEnd(24)} ${c.summary}`);
  return lines.join("\n");
}

main(process.argv.slice(2))
  // Done: exit now, whatever a library left open (a socket, a timer): a finished command that
  // lingers holds up whatever waits for it (a script, a test, a deploy step).
  .then(() => process.exit(process.exitCode ?? 0))
  .catch((err: unknown) => {
    // Known errors are one clear line; anything else also gets its stack for a bug report.
    const known = err instanceof CliError || err instanceof ConfigError || err instanceof MigrationError || err instanceof OnboardingError || err instanceof DashboardUserError || err instanceof SecretBoxError || String((err as { code?: string }).code).startsWith("ERR_PARSE_ARGS");
    console.error(known ? `error: ${(err as Error).message}` : err);
    process.exit(1);
  });
