/**
 * A refund sender in a child process for the refunds crash test: one sweep of the pending refunds,
 * killing itself with SIGKILL at KILL_AT:
 * - `signed`: right after the refund's transaction is signed and recorded (hash on the refund, bytes
 *   in the operator's journal), before it is broadcast;
 * - `sent`: right after the node took it, before its receipt is read (the refund still pending).
 * Prints "killed at <point>" first; "not killed" (exit 1) if the failpoint was never reached.
 *
 * Environment: the service's (see child-env.ts), plus KILL_AT.
 */
import { writeSync } from "node:fs";
import type { Hex } from "viem";
import { loadConfig } from "../../src/config.ts";
import { connect, type Tx } from "../../src/db/client.ts";
import { buildChainRuntime } from "../../src/chain/runtime.ts";
import { ensureDeployment } from "../../src/chain/deployment.ts";
import { OperatorSender, type ContractCall, type SignedTransaction } from "../../src/chain/operator-sender.ts";
import { createContext } from "../../src/context.ts";
import { createLogger } from "../../src/logger.ts";
import { RefundSender } from "../../src/workers/refund-sender.ts";

const killAt = process.env.KILL_AT;
if (killAt !== "signed" && killAt !== "sent") {
  console.error(`KILL_AT must be signed or sent, not ${killAt}`);
  process.exit(2);
}
const die = (what: string) => {
  writeSync(1, `killed at ${what}\n`);
  process.kill(process.pid, "SIGKILL");
};

class Failpoint extends OperatorSender {
  override async write(call: ContractCall, record?: (tx: Tx, signed: SignedTransaction) => Promise<void>): Promise<Hex> {
    const hash = await super.write(call, record);
    if (killAt === "sent") die("sent");
    return hash;
  }
}

const config = loadConfig(process.env);
const database = connect(config.databaseUrl!, { max: 4 });
const settings = config.chains.test;
const deployment = await ensureDeployment(database, settings, config.operatorPrivateKey, config.feeRecipient, { deploy: false });
const chain = buildChainRuntime(settings, deployment, config.operatorPrivateKey, database.sql);
chain.sender = new Failpoint(database.sql, chain.chainId, chain.publicClient, chain.operator, {
  afterSign() {
    if (killAt === "signed") die("signed");
  },
});
const ctx = createContext({ config, database, chains: { test: chain }, log: createLogger(config.logLevel, { pid: process.pid }) });
await new RefundSender(ctx).sweep();
console.log("not killed");
process.exit(1);
