/**
 * How the operator key's transactions are doing, per chain, for /ready and /metrics: the oldest nonce
 * we handed out that the chain has not confirmed, and how long it has waited (the nonce keeper's last
 * view, src/chain/nonce-keeper.ts, so any process reads it from Postgres).
 */
import type { SqlOrTx } from "../../db/client.ts";
import { operatorNonceStatus, type OperatorNonceStatus } from "../../chain/nonce-keeper.ts";
import { metrics } from "../../metrics.ts";
import { within } from "../../lib/timeout.ts";

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

// The operator pays the gas of everything it sends (accounts, fees, withdrawals, refunds) and of the
// payments by signature it relays: an empty wallet stops all of them, so the alert must come first.
// Read from the chain at scrape time (any process can serve it), each chain bounded so that one slow
// provider cannot hold the scrape; a chain that does not answer is left out of the scrape (absent,
// which the alert on the RPC's errors covers) rather than reported as 0.
const nativeBalance = metrics.gauge(
  "stablepay_operator_native_balance_wei",
  "The operator key's native balance (ETH, POL: what pays gas, relays by signature included), in wei, read from the chain at scrape time.",
  ["chain_id"],
);
const BALANCE_READ_MS = 1_500;

metrics.collector(async (ctx) => {
  const balances = await Promise.all(
    ctx.networks.map(async (chain) => ({ chain, wei: await within(BALANCE_READ_MS, chain.publicClient.getBalance({ address: chain.operator.account.address })) })),
  );
  nativeBalance.reset();
  for (const { chain, wei } of balances) if (wei !== undefined) nativeBalance.set({ chain_id: chain.chainId }, Number(wei));
});

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
