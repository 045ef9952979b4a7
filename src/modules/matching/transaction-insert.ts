import type { TransactionRow } from "../transactions/shapes.ts";

/**
 * The ledger's insert of a statement's transfers (its `input` CTE, a jsonb_to_recordset of them):
 * exactly once per (chain, tx hash, log index), confirmed at `$2`. `feeStatus`: `pending` for a
 * payment into the merchant's account (record.ts), `awaiting_sweep` for one still at its deposit
 * address (deposits.ts), whose fee waits for the sweep.
 */
export function insertTransactionsSql(feeStatus: "pending" | "awaiting_sweep"): string {
  return `INSERT INTO app.transactions
        (id, mode, merchant_id, payment_intent_id, status, settlement_status, amount_units, fee_units, net_units,
         fee_rate_bps, chain_id, token, tx_hash, log_index, block_number, block_hash, sender_address, payment_address,
         metadata, confirmed_at, fee_status, created_at)
      SELECT id, mode, merchant_id, payment_intent_id, 'confirmed', 'pending', amount_units, fee_units, net_units,
             fee_rate_bps, chain_id, token, tx_hash, log_index, block_number, block_hash, sender_address, payment_address,
             metadata, $2::timestamptz, '${feeStatus}', $2::timestamptz
      FROM input
      ON CONFLICT (chain_id, tx_hash, log_index) DO NOTHING
      RETURNING id`;
}

/** A transaction's fields as the `input` rows of insertTransactionsSql carry them (JSON: bigints as text). */
export function transactionInputOf(txn: TransactionRow) {
  return {
    id: txn.id,
    mode: txn.mode,
    merchant_id: txn.merchantId,
    payment_intent_id: txn.paymentIntentId,
    amount_units: txn.amountUnits.toString(),
    fee_units: txn.feeUnits.toString(),
    net_units: txn.netUnits.toString(),
    fee_rate_bps: txn.feeRateBps,
    chain_id: txn.chainId,
    token: txn.token,
    tx_hash: txn.txHash,
    log_index: txn.logIndex,
    block_number: txn.blockNumber.toString(),
    block_hash: txn.blockHash,
    sender_address: txn.senderAddress,
    payment_address: txn.paymentAddress,
    metadata: txn.metadata,
  };
}
