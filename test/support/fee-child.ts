/**
 * The operator's senders in a child process for the nonce crash test: a fee collector (all due fees
 * in one batch, a short lease) and a manual settlement of MERCHANT_ID, sharing the operator key, that
 * kill themselves with SIGKILL right after the KILL_AFTER-th transaction is signed and journaled,
 * before it is broadcast: the crash between signing and sending.
 *
 * Environment: the service's (see settler-child.ts), plus MERCHANT_ID and KILL_AFTER.
 */
import { writeSync } from "node:fs";
import { loadConfig } from "../../src/config.ts";
import { connect } from "../../src/db/client.ts";
import { buildChainRuntime } from "../../src/chain/runtime.ts";
import { ensureDeployment } from "../../src/chain/deployment.ts";
import { OperatorSender } from "../../src/chain/operator-sender.ts";
import { createContext } from "../../src/context.ts";
import { createLogger } from "../../src/logger.ts";
import { FeeCollector } from "../../src/workers/fee-collector.ts";
import { cashOut } from "../../src/modules/settlements/service.ts";

const killAfter = Number(process.env.KILL_AFTER ?? "0");
const merchantId = process.env.MERCHANT_ID!;
const config = loadConfig(process.env);
const database = connect(config.databaseUrl!, { max: 8 });
const settings = config.chains.test;
const deployment = await ensureDeployment(database, settings, config.operatorPrivateKey, config.feeRecipient, { deploy: false });
const chain = buildChainRuntime(settings, deployment, config.operatorPrivateKey, database.sql);
let signed = 0;
chain.sender = new OperatorSender(database.sql, chain.chainId, chain.publicClient, chain.operator, {
  afterSign(tx) {
    if (++signed === killAfter) {
      writeSync(1, `killed after signing nonce ${tx.nonce}\n`);
      process.kill(process.pid, "SIGKILL");
    }
  },
});
const ctx = createContext({ config, database, chains: { test: chain }, log: createLogger(config.logLevel, { pid: process.pid }) });

const settlement = cashOut(ctx, merchantId).catch(() => undefined);
const collector = new FeeCollector(ctx, { batchSize: 1_000, leaseMs: 3_000 });
collector.start();
await settlement;
await new Promise((r) => setTimeout(r, 60_000));
console.log("not killed");
process.exit(1);
