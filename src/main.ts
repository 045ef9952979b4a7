/**
 * Entry point: `bun src/main.ts` (README: `npm start`). With nothing configured it runs the whole
 * sandbox; see src/config.ts for the variables that replace each embedded part.
 */
import { ConfigError, loadConfig, requireOpsPort, type Config } from "./config.ts";
import { driverPatchProblem } from "./db/driver-patch.ts";
import { startService, type RunningService } from "./service.ts";
import { versionLine } from "./lib/build-info.ts";

// Answers before any check: an operator asks what is installed, whatever its state.
if (process.argv.slice(2).some((a) => a === "--version" || a === "-v")) {
  console.log(versionLine());
  process.exit(0);
}

// Before anything starts: an unpatched driver would let a lost database connection kill this process.
const driverProblem = driverPatchProblem();
if (driverProblem) {
  console.error(driverProblem);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
  requireOpsPort(config);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const startedAt = Date.now();
const starting = startService(config);
let stopping = false;

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.error(`\n${signal}: stopping…`);
  // Hard deadline: whatever happens, nothing outlives the stop's budget (SHUTDOWN_TIMEOUT_MS: 9 s in the sandbox).
  setTimeout(() => process.exit(1), config.shutdown.timeoutMs).unref();
  // A signal during start-up waits for the start to settle, then stops what it started.
  const running = await starting.catch(() => undefined);
  await running?.stop();
  process.exit(0);
}
// SIGHUP: the terminal was closed. Every child runs in a process group of its own (Postgres, the
// chain, the indexer), so a terminal's signal reaches only this process, which stops them in order.
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGHUP", () => void shutdown("SIGHUP"));

let service: RunningService;
try {
  service = await starting;
} catch (err) {
  // Never `undefined`: whatever was thrown, say what it was.
  const message = err instanceof Error ? err.message || err.name : err === undefined || err === null ? "an error without a message (run with LOG_LEVEL=debug for details)" : String(err);
  console.error(`Start failed: ${message}`);
  if (config.logLevel === "debug") console.error(err);
  process.exit(1);
}
if (stopping) await new Promise(() => {});

const s = service.sandbox;
const lines = [
  "",
  `  Stablecoin payment-intent service is up (${((Date.now() - startedAt) / 1000).toFixed(1)} s): ${versionLine()}`,
  "",
  `  API            ${service.apiUrl}/v1`,
  `  Swagger        ${service.apiUrl}/swagger`,
];
// Production mode prints where it serves and nothing else: no key, no password, no database URL.
if (config.env === "production") lines.push(`  Mode           production (roles: ${[...config.roles].join(", ")})`);
if (s) {
  lines.push(
    `  Chain RPC      ${s.rpc_url} (chain id ${s.chain_id}, USDC ${s.usdc_address})`,
    `  Merchant       ${s.merchant_id} (pays to ${s.payment_address})`,
    `  Test key       ${s.test_key_scoped}   (scoped to the demo merchant)`,
    `  Test key       ${s.test_key_unscoped}   (unscoped)`,
    `  Dashboard      ${s.dashboard_url}   (${s.dashboard_email} / ${s.dashboard_password})`,
    `  Payer wallet   ${s.payer_address}`,
    "",
    `  Everything above, with the payer's private key, is in ${config.sandboxInfoFile}`,
    `  Try: curl -H "Authorization: Bearer ${s.test_key_scoped}" ${service.apiUrl}/v1/merchants/${s.merchant_id}`,
  );
}
lines.push("", config.env === "production" ? "  SIGTERM or Ctrl-C stops it." : "  Ctrl-C stops everything.", "");
console.log(lines.join("\n"));
