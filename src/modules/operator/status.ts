/**
 * How the operator key's transactions are doing, per chain, for /ready and /metrics: the oldest nonce
 * we handed out that the chain has not confirmed, and how long it has waited (the nonce keeper's last
 * view, src/chain/nonce-keeper.ts, so any process reads it from Postgres).
 */
import type { SqlOrTx } from "../../db/client.ts";
import { operatorNonceStatus, type OperatorNonceStatus } from "../../chain/nonce-keeper.ts";
import { metrics } from "../../metrics.ts";

export { STUCK_READY_MS } from "../../chain/nonce-keeper.ts";

const oldestNonce = metrics.gauge(
  "stablepay_operator_oldest_unconfirmed_nonce",
  "The operator's oldest nonce handed out and not confirmed on chain (-1: none).",
  ["chain_id"],
);
const oldestAge = metrics.gauge(
  "stablepay_operator_oldest_unconfirmed_age_seconds",
  "How long the operator's oldest unconfirmed transaction has waited (0: none).",
  ["chain_id"],
);

metrics.collector(async (ctx) => {
  const statuses = await operatorStatusByChain(ctx.database.sql);
  oldestNonce.reset();
  oldestAge.reset();
  for (const chain of ctx.networks) {
    const s = statuses.get(chain.chainId);
    oldestNonce.set({ chain_id: chain.chainId }, s?.oldestUnconfirmedNonce ?? -1);
    oldestAge.set({ chain_id: chain.chainId }, s?.oldestUnconfirmedAgeMs ? s.oldestUnconfirmedAgeMs / 1000 : 0);
  }
});

/** The operator key's status on each chain it has signed on (one operator key per chain). */
export async function operatorStatusByChain(sql: SqlOrTx): Promise<Map<number, OperatorNonceStatus>> {
  return new Map((await operatorNonceStatus(sql)).map((s) => [s.chainId, s]));
}
