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
