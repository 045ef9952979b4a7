import { getAddress } from "viem";
import { newId } from "../../domain/ids.ts";
import { splitFee } from "../../domain/money.ts";
import type { TransactionRow } from "../transactions/shapes.ts";
import type { IndexedTransfer } from "./chain-reader.ts";

/**
 * The columns of a statement's `input` rows (jsonb_to_recordset) that transactionInputOf fills; a
 * statement lists its own columns after these.
 */
export const TRANSACTION_INPUT_COLUMNS = `id text, mode text, merchant_id text, payment_intent_id text, deposit_address_id text,
        amount_units int8, fee_units int8, net_units int8, fee_rate_bps int4, chain_id int4, token text, tx_hash text,
        log_index int4, block_number int8, block_hash text, sender_address text, payment_address text, metadata jsonb`;

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
         metadata, confirmed_at, fee_status, created_at, deposit_address_id)
      SELECT id, mode, merchant_id, payment_intent_id, 'confirmed', 'pending', amount_units, fee_units, net_units,
             fee_rate_bps, chain_id, token, tx_hash, log_index, block_number, block_hash, sender_address, payment_address,
             metadata, $2::timestamptz, '${feeStatus}', $2::timestamptz, deposit_address_id
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
    deposit_address_id: txn.depositAddressId,
  };
}

/**
 * The ledger row of one indexed transfer, confirmed `now`: its value, and the fee and net of it by the
 * merchant's rate. What differs between a payment into the merchant's account and one to a deposit
 * address is passed in: whose it is, where it was paid, and the fee's status.
 */
export function newTransactionRow(
  t: IndexedTransfer,
  o: { mode: TransactionRow["mode"]; merchantId: string; paymentIntentId: string | null; depositAddressId?: string; feeRateBps: number; paymentAddress: string; metadata: Record<string, string>; feeStatus: "pending" | "awaiting_sweep"; token: TransactionRow["token"] },
  now: Date,
): TransactionRow {
  const { feeUnits, netUnits } = splitFee(t.value, o.feeRateBps);
  return {
    id: newId("transaction"),
    mode: o.mode,
    merchantId: o.merchantId,
    paymentIntentId: o.paymentIntentId,
    status: "confirmed",
    settlementStatus: "pending",
    settlementId: null,
    amountUnits: t.value,
    feeUnits,
    netUnits,
    feeRateBps: o.feeRateBps,
    chainId: t.chainId,
    token: o.token,
    txHash: t.txHash.toLowerCase(),
    logIndex: t.logIndex,
    blockNumber: t.blockNumber,
    blockHash: t.blockHash.toLowerCase(),
    senderAddress: getAddress(t.from),
    paymentAddress: o.paymentAddress,
    metadata: o.metadata,
    confirmedAt: now,
    feeStatus: o.feeStatus,
    feeTxHash: null,
    feeCollectedAt: null,
    feeAttempts: 0,
    feeNextAttemptAt: null,
    feeLastError: null,
    createdAt: now,
    refundedUnits: 0n,
    depositAddressId: o.depositAddressId ?? null,
  };
}
