/**
 * A settler in a child process for the crash tests: runs the sandbox settlement helper's work
 * (create, withdraw, ACH, advance the sandbox clock, complete) for one merchant, and kills itself
 * with SIGKILL at the failpoint named by CRASH_AT. Prints "completed" if it got through without
 * reaching the failpoint.
 *
 * Environment: the service's (DATABASE_URL, SANDBOX_RPC_HTTP_URL, SANDBOX_USDC_ADDRESS,
 * SANDBOX_FACTORY_ADDRESS, SANDBOX_CHAIN_ID, SANDBOX_CONFIRMATIONS, OPERATOR_PRIVATE_KEY), plus
 * MERCHANT_ID and CRASH_AT. ACTION=cashout stops after the ACH is initiated (like the CLI).
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

const config = loadConfig(process.env);
const database = connect(config.databaseUrl!, { max: 4 });
const settings = config.chains.test;
const deployment = await ensureDeployment(database, settings, config.operatorPrivateKey, config.feeRecipient, { deploy: false });
const ctx = createContext({
  config,
  database,
  chains: { test: buildChainRuntime(settings, deployment, config.operatorPrivateKey, database.sql) },
  log: createLogger(config.logLevel, { pid: process.pid }),
});

const hooks: Hooks = {
  at(point) {
    if (point === crashAt) {
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
