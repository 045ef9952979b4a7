/**
 * Runs worker roles alone, against an existing database and chain (no embedded Postgres, anvil or
 * demo data): the production shape where roles are scaled apart, and the tests' way to kill -9 one
 * role without touching the rest.
 *
 *   bun src/workers/run-role.ts <role> [<role> ...]
 *
 * Configuration is the service's (src/config.ts), from the environment; DATABASE_URL and a
 * non-embedded sandbox chain (SANDBOX_RPC_HTTP_URL, SANDBOX_USDC_ADDRESS, SANDBOX_FACTORY_ADDRESS,
 * SANDBOX_CHAIN_ID, SANDBOX_CONFIRMATIONS, OPERATOR_PRIVATE_KEY) and/or the LIVE_* chain are
 * required. Migrations are applied in the sandbox (idempotent, under a lock); in production the
 * schema must be current (`npm run cli -- migrate` first). Prints "ready <roles>" on stdout once
 * every role has started; SIGINT/SIGTERM stop the roles cleanly.
 */
import { ConfigError, loadConfig, ROLES, type Role } from "../config.ts";
import { connect } from "../db/client.ts";
import { checkConnectionBudget, mainPoolOf } from "../db/connection-budget.ts";
import { checkChains } from "../chain/preflight.ts";
import { assertSchemaCurrent, migrate } from "../db/migrate.ts";
import { buildChainRuntime, type ChainRuntime } from "../chain/runtime.ts";
import { configuredSigner } from "../chain/signer.ts";
import { ensureDeployment } from "../chain/deployment.ts";
import { createContext } from "../context.ts";
import { createLogger } from "../logger.ts";
import type { Mode } from "../config.ts";
import { workerRoles, type RunningRole } from "./registry.ts";
import { startTracing } from "../tracing.ts";

const requested = process.argv.slice(2);
const workerRoleNames = ROLES.filter((r): r is Exclude<Role, "api" | "indexer" | "dashboard"> => r !== "api" && r !== "indexer" && r !== "dashboard");
if (requested.length === 0 || requested.some((r) => !(workerRoleNames as readonly string[]).includes(r))) {
  console.error(`usage: bun src/workers/run-role.ts <role> [...]   (roles: ${workerRoleNames.join(", ")})`);
  process.exit(2);
}
const roles = requested as Exclude<Role, "api" | "indexer" | "dashboard">[];

let config;
try {
  config = loadConfig({ ...process.env, ROLES: roles.join(",") });
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : String(err));
  process.exit(1);
}
if (!config.databaseUrl) {
  console.error("run-role: DATABASE_URL is required (the embedded Postgres is started by src/main.ts only)");
  process.exit(1);
}
if (config.chains.test.embedded && !config.chains.live) {
  console.error("run-role: set SANDBOX_RPC_HTTP_URL (and the contract addresses) or LIVE_RPC_HTTP_URL: no chain is started here");
  process.exit(1);
}

const log = createLogger(config.logLevel, { pid: process.pid });
// Traces when OTEL_* asks for them (src/tracing.ts), before anything makes a span.
const tracing = await startTracing(config);
const database = connect(config.databaseUrl, { max: mainPoolOf(config.roles, config.databasePools) });
// Production: the schema is migrated by its own step (`npm run cli -- migrate`); a start refuses it behind.
// The same checks as a start of src/main.ts: the chains are what they are configured as, the pools fit.
try {
  if (config.env === "production") {
    await assertSchemaCurrent(database.sql);
    await checkConnectionBudget(database.sql, { roles: config.roles, pools: config.databasePools, topology: config.topology });
    await checkChains([config.chains.test, ...(config.chains.live ? [config.chains.live] : []), ...config.chains.others]);
  } else await migrate(database.sql);
} catch (err) {
  console.error(`run-role: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
const chains: Partial<Record<Mode, ChainRuntime>> = {};
for (const settings of [config.chains.test, config.chains.live]) {
  if (!settings || settings.embedded) continue;
  const deployment = await ensureDeployment(database, settings, config.operatorPrivateKey, config.feeRecipient, { deploy: false });
  chains[settings.mode] = buildChainRuntime(settings, deployment, await configuredSigner(config, database.sql, settings.chainId), database.sql, config.merchantAccountVersion);
}
const otherChains: ChainRuntime[] = [];
for (const settings of config.chains.others) {
  if (settings.embedded) continue;
  const deployment = await ensureDeployment(database, settings, config.operatorPrivateKey, config.feeRecipient, { deploy: false });
  otherChains.push(buildChainRuntime(settings, deployment, await configuredSigner(config, database.sql, settings.chainId), database.sql, config.merchantAccountVersion));
}
const ctx = createContext({ config, database, chains, otherChains, log });

const running: RunningRole[] = [];
for (const role of roles) {
  const start = workerRoles[role];
  if (!start) {
    console.error(`run-role: role ${role} is not implemented`);
    process.exit(1);
  }
  running.push(await start(ctx));
}
console.log(`ready ${roles.join(",")}`);

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(1), 9_000).unref();
  for (const r of running.reverse()) await r.stop().catch(() => {});
  await database.close();
  await tracing?.flush();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown());
process.on("SIGTERM", () => void shutdown());
