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
  const lines = ["Usage: npm run cli -- <group> <action> [options] [--json]", "", `  ${"migrate [--check]".padEnd(24)} applies the pending database migrations (--check: lists them, exit code 1 if any)`, `  ${"--version".padEnd(24)} prints the installed version and git commit`];
  for (const [name, c] of Object.entries(commands)) lines.push(`  ${name.padEnd(24)} ${c.summary}`);
  return lines.join("\n");
}

main(process.argv.slice(2)).catch((err: unknown) => {
  // Known errors are one clear line; anything else also gets its stack for a bug report.
  const known = err instanceof CliError || err instanceof ConfigError || err instanceof MigrationError || err instanceof OnboardingError || err instanceof DashboardUserError || err instanceof SecretBoxError || String((err as { code?: string }).code).startsWith("ERR_PARSE_ARGS");
  console.error(known ? `error: ${(err as Error).message}` : err);
  process.exit(1);
});
