/**
 * The API's relay of a payment by signature in a child process, for the kill -9 test: submits the
 * signed authorization in SUBMISSION (JSON) for intent INTENT_ID, and kills itself with SIGKILL right
 * after the relay's transaction is signed and recorded (its hash on the authorization, its bytes in
 * the operator's journal), before it is broadcast. Prints "killed at signed" first; "not killed"
 * (exit 1) if the relay never got that far (a refusal is printed).
 *
 * Environment: the service's (see child-env.ts), plus INTENT_ID and SUBMISSION.
 */
import { writeSync } from "node:fs";
import { loadConfig } from "../../src/config.ts";
import { connect } from "../../src/db/client.ts";
import { buildChainRuntime } from "../../src/chain/runtime.ts";
import { ensureDeployment } from "../../src/chain/deployment.ts";
import { OperatorSender } from "../../src/chain/operator-sender.ts";
import { createContext } from "../../src/context.ts";
import { createLogger } from "../../src/logger.ts";
import { loadIntent, submitAuthorization, tokenDomainsFor } from "../../src/modules/authorizations/service.ts";

const config = loadConfig(process.env);
const database = connect(config.databaseUrl!, { max: 4 });
const settings = config.chains.test;
const deployment = await ensureDeployment(database, settings, config.operatorPrivateKey, config.feeRecipient, { deploy: false });
const chain = buildChainRuntime(settings, deployment, config.operatorPrivateKey, database.sql);
chain.sender = new OperatorSender(database.sql, chain.chainId, chain.publicClient, chain.operator, {
  afterSign() {
    writeSync(1, "killed at signed\n");
    process.kill(process.pid, "SIGKILL");
  },
});
const ctx = createContext({ config, database, chains: { test: chain }, log: createLogger(config.logLevel, { pid: process.pid }) });
const intent = await loadIntent(ctx, process.env.INTENT_ID!);
try {
  await submitAuthorization(ctx, tokenDomainsFor(ctx), intent, JSON.parse(process.env.SUBMISSION!));
} catch (err) {
  console.log(`refused: ${String((err as Error).message)}`);
}
console.log("not killed");
process.exit(1);
