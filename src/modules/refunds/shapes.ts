/**
 * A refund as the service holds it (from app.refunds) and its one wire shape (create, get, list item,
 * cancel and the refund.* events all carry the same object, so they cannot drift).
 */
import type { Mode } from "../../domain/mode.ts";
import type { RefundStatus } from "../../domain/refund-status.ts";
import { unitsToUsd } from "../../domain/money.ts";
import { isoMs } from "../../domain/text.ts";
import { requireChainName, type TokenSymbol } from "../../domain/networks.ts";
import { fromPgJson, fromPgTs, fromPgTsOrNull } from "../../db/pg-values.ts";

export type RefundReason = "duplicate" | "fraudulent" | "requested_by_customer";
export const REFUND_REASONS: readonly RefundReason[] = ["duplicate", "fraudulent", "requested_by_customer"];
export type RefundMethod = "budget" | "signed";

export interface RefundRow {
  id: string;
  mode: Mode;
  accountId: string;
  merchantId: string;
  paymentIntentId: string | null;
  transactionId: string;
  chainId: number;
  token: TokenSymbol;
  tokenAddress: string;
  merchantAccount: string;
  amountUnits: bigint;
  recipientAddress: string;
  /** The refunded payment's sender (migration 0022; null only if its payment row was missing then). */
  payerAddress: string | null;
  reason: RefundReason | null;
  metadata: Record<string, string>;
  status: RefundStatus;
  method: RefundMethod | null;
  refundRef: string;
  paymentRef: string;
  signature: string | null;
  deadline: Date | null;
  txHash: string | null;
  /** The operator nonce of tx_hash (null: recorded before nonces were kept). */
  txNonce: number | null;
  blockNumber: bigint | null;
  failureReason: string | null;
  /** Sends that ended with nothing on chain (waiting for a recorded transaction is not one). */
  attempts: number;
  /** A failed signed refund whose signature may still pay: its amount is held until then (migration 0019). */
  heldUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const big = (v: unknown): bigint | null => (v === null || v === undefined ? null : BigInt(v as bigint | string));

/** A row of app.refunds as postgres.js returns it (snake_case). */
export function refundFromDb(r: Record<string, unknown>): RefundRow {
  return {
    id: r.id as string,
    mode: r.mode as Mode,
    accountId: r.account_id as string,
    merchantId: r.merchant_id as string,
    paymentIntentId: (r.payment_intent_id as string | null) ?? null,
    transactionId: r.transaction_id as string,
    chainId: Number(r.chain_id),
    token: r.token as TokenSymbol,
    tokenAddress: r.token_address as string,
    merchantAccount: r.merchant_account as string,
    amountUnits: BigInt(r.amount_units as bigint),
    recipientAddress: r.recipient_address as string,
    payerAddress: (r.payer_address as string | null) ?? null,
    reason: (r.reason as RefundReason | null) ?? null,
    metadata: fromPgJson<Record<string, string> | null>(r.metadata) ?? {},
    status: r.status as RefundStatus,
    method: (r.method as RefundMethod | null) ?? null,
    refundRef: r.refund_ref as string,
    paymentRef: r.payment_ref as string,
    signature: (r.signature as string | null) ?? null,
    deadline: fromPgTsOrNull(r.deadline),
    txHash: (r.tx_hash as string | null) ?? null,
    txNonce: r.tx_nonce === null || r.tx_nonce === undefined ? null : Number(r.tx_nonce),
    blockNumber: big(r.block_number),
    failureReason: (r.failure_reason as string | null) ?? null,
    attempts: Number(r.attempts ?? 0),
    heldUntil: fromPgTsOrNull(r.held_until),
    createdAt: fromPgTs(r.created_at),
    updatedAt: fromPgTs(r.updated_at),
  };
}

/** The refund object (`object` = `refund`): every answer and every refund.* event. */
export function refundShape(r: RefundRow) {
  return {
    id: r.id,
    object: "refund" as const,
    status: r.status,
    amount: unitsToUsd(r.amountUnits),
    currency: "usd" as const,
    payment_intent: r.paymentIntentId,
    transaction: r.transactionId,
    merchant_id: r.merchantId,
    chain: requireChainName(r.chainId),
    token: r.token,
    recipient_address: r.recipientAddress,
    reason: r.reason,
    metadata: r.metadata,
    tx_hash: r.txHash,
    failure_reason: r.failureReason,
    created_at: isoMs(r.createdAt),
  };
}

export type RefundShape = ReturnType<typeof refundShape>;
