/**
 * What each relay of a payment by signature cost the operator: gas used and effective gas price from
 * its receipt, written once on its authorization row (the one home of that write) and counted in the
 * metrics once. A submission records it when the relay is mined within its wait; the nonce keeper's
 * process records the rest from their receipts (recordPendingRelayCosts), so a relay answered
 * `submitted` is measured too.
 */
import type { Address, Hex, TransactionReceipt } from "viem";
import type { SqlOrTx } from "../../db/client.ts";
import type { ChainRuntime } from "../../chain/runtime.ts";
import { metrics } from "../../metrics.ts";

const relayGas = metrics.counter("stablepay_authorization_relay_gas_used_total", "Gas used by the operator's relays of payments by signature (each relay counted once, when its receipt is known).", ["chain_id"]);
const relayFeesWei = metrics.counter("stablepay_authorization_relay_fees_wei_total", "What the operator paid for relays of payments by signature, in wei (gas used x effective gas price).", ["chain_id"]);

/** A relay not measured after this long is looked up by the keeper's process. */
const PENDING_AFTER_S = 5;
/** Relays older than this are left alone (a relay whose nonce went to a filler never gets a receipt). */
const GIVE_UP_AFTER_H = 24;
const BATCH = 50;

/** Records a relay's cost from its receipt, once; answers whether this call recorded it. */
export async function recordRelayCost(sql: SqlOrTx, chainId: number, intentId: string, payer: Address | string, hash: Hex, receipt: Pick<TransactionReceipt, "gasUsed" | "effectiveGasPrice">): Promise<boolean> {
  const rows = await sql`
    UPDATE app.payment_authorizations SET relay_gas_used = ${receipt.gasUsed.toString()}, relay_gas_price = ${receipt.effectiveGasPrice.toString()}
    WHERE intent_id = ${intentId} AND payer = ${payer.toLowerCase()} AND relay_tx_hash = ${hash} AND relay_gas_used IS NULL
    RETURNING intent_id`;
  if (rows.length === 0) return false;
  relayGas.inc({ chain_id: chainId }, Number(receipt.gasUsed));
  relayFeesWei.inc({ chain_id: chainId }, Number(receipt.gasUsed * receipt.effectiveGasPrice));
  return true;
}

/** Records the cost of this chain's relays that were answered before they were mined. Returns how many were recorded. */
export async function recordPendingRelayCosts(sql: SqlOrTx, chain: Pick<ChainRuntime, "chainId" | "publicClient">): Promise<number> {
  const rows = await sql<{ intent_id: string; payer: string; relay_tx_hash: Hex }[]>`
    SELECT intent_id, payer, relay_tx_hash FROM app.payment_authorizations
    WHERE chain_id = ${chain.chainId} AND relay_tx_hash IS NOT NULL AND relay_gas_used IS NULL
      AND relay_submitted_at < now() - ${`${PENDING_AFTER_S} seconds`}::interval
      AND relay_submitted_at > now() - ${`${GIVE_UP_AFTER_H} hours`}::interval
    ORDER BY relay_submitted_at DESC LIMIT ${BATCH}`;
  let recorded = 0;
  for (const r of rows) {
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: r.relay_tx_hash }).catch(() => null);
    if (receipt && (await recordRelayCost(sql, chain.chainId, r.intent_id, r.payer, r.relay_tx_hash, receipt))) recorded++;
  }
  return recorded;
}
