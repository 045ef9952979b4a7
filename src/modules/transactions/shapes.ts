/** Wire shapes of a transaction (openapi.json: Transaction, TransactionListItem): get, list item, and the transaction.created payload. */
import type { transactions } from "../../db/schema/core.ts";
import { bpsToRate, unitsToUsd } from "../../domain/money.ts";
import { isoMs } from "../../domain/text.ts";
import { requireChainName } from "../../domain/networks.ts";

export type TransactionRow = typeof transactions.$inferSelect;

/** List item: the get's fields minus fee_rate, block_number, sender_address, payment_address. */
export function transactionListItemShape(t: TransactionRow) {
  return {
    id: t.id,
    object: "transaction" as const,
    payment_intent_id: t.paymentIntentId,
    merchant_id: t.merchantId,
    status: t.status,
    amount: unitsToUsd(t.amountUnits),
    currency: "usd" as const,
    net_amount: unitsToUsd(t.netUnits),
    fee: unitsToUsd(t.feeUnits),
    // The chain's name from the stored chain id (the one table), the token as stored.
    chain: requireChainName(t.chainId),
    token: t.token,
    tx_hash: t.txHash,
    settlement_status: t.settlementStatus,
    confirmed_at: isoMs(t.confirmedAt),
    metadata: t.metadata,
    amount_refunded: unitsToUsd(t.refundedUnits),
    // Only on a payment to a customer's reusable deposit address: every other payment's fields are as they were.
    ...(t.depositAddressId ? { deposit_address_id: t.depositAddressId } : {}),
  };
}

export function transactionGetShape(t: TransactionRow) {
  return {
    ...transactionListItemShape(t),
    fee_rate: bpsToRate(t.feeRateBps),
    block_number: Number(t.blockNumber),
    sender_address: t.senderAddress,
    payment_address: t.paymentAddress,
  };
}

/** `data` of transaction.created: the list-item shape (which already carries payment_intent_id). */
export const transactionCreatedEventShape = transactionListItemShape;
