/**
 * A settler in a child process for the crash tests: runs the sandbox settlement helper's work
 * (create, withdraw, ACH, advance the sandbox clock, complete) for one merchant, and kills itself
 * with SIGKILL at the failpoint named by CRASH_AT. Prints "completed" if it got through without
 * reaching the failpoint.
 *
 * Environment: the service's (DATABASE_URL, SANDBOX_RPC_HTTP_URL, SANDBOX_USDC_ADDRESS,
 * SANDBOX_FACTORY_ADDRESS, SANDBOX_CHAIN_ID, SANDBOX_CONFIRMATIONS, OPERATOR_PRIVATE_KEY; or every
 * sandbox chain of the service: child-env.ts `allChainsChildEnv`), plus MERCHANT_ID and CRASH_AT.
 * CRASH_AT_HIT=n kills at the n-th time the failpoint is reached (default 1: a settlement of
 * several pairs passes the withdrawal points once per pair). ACTION=cashout stops after the ACH is
 * initiated (like the CLI).
 */
import { writeSync } from "node:fs";
import { loadConfig } from "../../src/config.ts";
import { connect } from "../../src/db/client.ts";
import { buildChainRuntime } from "../../src/chain/runtime.ts";
import { ensureDeployment } from "../../src/chain/deployment.ts";
import { createContext } from "../../src/context.ts";
import { createLogger } from "../../src/logger.ts";
import { CRASH_POINTS, type CrashPoint, type Hooks } from "../../src/modules/settlements/hooks.ts";
import { advanceSandboxSettlements, cashOut } from "../../src/modules/settlements/service.ts";

const crashAt = process.env.CRASH_AT as CrashPoint | undefined;
if (crashAt && !(CRASH_POINTS as readonly string[]).includes(crashAt)) {
  console.error(`unknown CRASH_AT ${crashAt}`);
  process.exit(2);
}
const merchantId = process.env.MERCHANT_ID;
if (!merchantId) {
  console.error("MERCHANT_ID is required");
  process.exit(2);
}

const crashAtHit = Number(process.env.CRASH_AT_HIT ?? "1");

const config = loadConfig(process.env);
const database = connect(config.databaseUrl!, { max: 4 });
// The sandbox chain and the others the environment names (SANDBOX_<NAME>_RPC_HTTP_URL: child-env.ts
// allChainsChildEnv); nothing is started or deployed.
const runtime = async (settings: typeof config.chains.test) =>
  buildChainRuntime(settings, await ensureDeployment(database, settings, config.operatorPrivateKey, config.feeRecipient, { deploy: false }), config.operatorPrivateKey, database.sql);
const ctx = createContext({
  config,
  database,
  chains: { test: await runtime(config.chains.test) },
  otherChains: await Promise.all(config.chains.others.map(runtime)),
  log: createLogger(config.logLevel, { pid: process.pid }),
});

let hits = 0;
const hooks: Hooks = {
  at(point) {
    if (point === crashAt && ++hits === crashAtHit) {
      writeSync(1, `crashing at ${point}\n`);
      process.kill(process.pid, "SIGKILL");
    }
  },
};

if (process.env.ACTION === "cashout") await cashOut(ctx, merchantId, { hooks });
else await advanceSandboxSettlements(ctx, [merchantId], { hooks });
console.log("completed");
await database.close();
process.exit(0);
