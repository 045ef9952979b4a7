/**
 * Wire shapes of a payment intent, one function per shape (openapi.json: PaymentIntent and its kin; docs/contributors.md
 * "Shapes"), all built from the database row so they cannot drift.
 */
import type { paymentIntents } from "../../db/schema/core.ts";
import { unitsToUsd } from "../../domain/money.ts";
import { isoMs } from "../../domain/text.ts";
import { requireChainName, type TokenSymbol } from "../../domain/networks.ts";

export type IntentRow = typeof paymentIntents.$inferSelect;

export interface QrSettings {
  publicBaseUrl: string;
  /** The checksummed address of `token` on the chain `chainId` (the enabled pair's; chain/pairs.ts). */
  tokenAddress(chainId: number, token: TokenSymbol): string;
}

/**
 * ethereum:<token>@<chainId>/transfer?address=<payment_address>&uint256=<expected units> (EIP-681).
 * A deposit intent's expected value is its amount: its address alone tells it apart.
 */
export function qrPayload(tokenChecksummed: string, chainId: number, paymentAddressChecksummed: string, expectedUnits: bigint): string {
  return `ethereum:${tokenChecksummed}@${chainId}/transfer?address=${paymentAddressChecksummed}&uint256=${expectedUnits}`;
}

/** The intent's pair as the API names it: the chain from its chain id (the one table), the token stored. */
function pair(i: IntentRow) {
  return { chain: requireChainName(i.chainId), token: i.token };
}

export function qrImageUrl(publicBaseUrl: string, intentId: string): string {
  return `${publicBaseUrl}/v1/qr/${intentId}.png`;
}

/** The fields every shape opens with, in this order. */
function head(i: IntentRow) {
  return { id: i.id, object: "payment_intent" as const, status: i.status, amount: unitsToUsd(i.amountUnits), currency: "usd" as const };
}

/** Fields present once confirmed (confirmed and settled intents). */
function confirmation(i: IntentRow) {
  if (i.status !== "confirmed" && i.status !== "settled") return {};
  if (i.netUnits === null || i.feeUnits === null || i.txHash === null || i.confirmedAt === null)
    throw new Error(`intent ${i.id} is ${i.status} without its confirmation fields`);
  return { net_amount: unitsToUsd(i.netUnits), fee: unitsToUsd(i.feeUnits), tx_hash: i.txHash, confirmed_at: isoMs(i.confirmedAt), amount_refunded: unitsToUsd(i.refundedUnits) };
}

/**
 * Where the intent is paid (every shape but cancel's), and for a deposit intent what its address has
 * received in the intent's token on its chain: a partial payment shows before the intent confirms.
 */
function addressType(i: IntentRow) {
  if (i.paymentAddressType !== "deposit") return { payment_address_type: i.paymentAddressType };
  return { payment_address_type: i.paymentAddressType, amount_received: unitsToUsd(i.receivedUnits) };
}

function cancellation(i: IntentRow) {
  if (i.status !== "cancelled" || i.cancelledAt === null) return {};
  return { cancelled_at: isoMs(i.cancelledAt) };
}

/** Base fields: everything through created_at (create response; get in awaiting_payment/expired). */
export function intentBaseShape(i: IntentRow, qr: QrSettings) {
  return {
    ...head(i),
    merchant_id: i.merchantId,
    payment_address: i.paymentAddress,
    ...addressType(i),
    ...pair(i),
    qr_payload: qrPayload(qr.tokenAddress(i.chainId, i.token), i.chainId, i.paymentAddress, i.expectedUnits),
    qr_image_url: qrImageUrl(qr.publicBaseUrl, i.id),
    expires_at: isoMs(i.expiresAt),
    metadata: i.metadata,
    created_at: isoMs(i.createdAt),
  };
}

export const intentCreateShape = intentBaseShape;

/** Get: base fields, plus cancelled_at once cancelled, plus confirmation fields once confirmed. */
export function intentGetShape(i: IntentRow, qr: QrSettings) {
  return { ...intentBaseShape(i, qr), ...cancellation(i), ...confirmation(i) };
}

/** List item: no address, QR or expires_at, whatever the status. */
export function intentListItemShape(i: IntentRow) {
  return {
    ...head(i),
    merchant_id: i.merchantId,
    ...addressType(i),
    ...pair(i),
    metadata: i.metadata,
    created_at: isoMs(i.createdAt),
    ...confirmation(i),
    ...cancellation(i),
  };
}

export function intentCancelShape(i: IntentRow) {
  if (i.status !== "cancelled" || i.cancelledAt === null) throw new Error(`intent ${i.id} is not cancelled`);
  return {
    ...head(i),
    merchant_id: i.merchantId,
    cancelled_at: isoMs(i.cancelledAt),
    metadata: i.metadata,
    created_at: isoMs(i.createdAt),
  };
}

/** `data` of payment_intent.confirmed: exactly the fields docs/integrators.md lists for the event. */
export function intentConfirmedEventShape(i: IntentRow) {
  const c = confirmation(i);
  if (!("tx_hash" in c)) throw new Error(`intent ${i.id} is not confirmed`);
  return {
    ...head(i),
    net_amount: c.net_amount,
    fee: c.fee,
    merchant_id: i.merchantId,
    tx_hash: c.tx_hash,
    ...pair(i),
    confirmed_at: c.confirmed_at,
    metadata: i.metadata,
  };
}

/** `data` of payment_intent.expired (docs/contributors.md "Webhooks"). */
export function intentExpiredEventShape(i: IntentRow) {
  return {
    ...head(i),
    merchant_id: i.merchantId,
    payment_address: i.paymentAddress,
    expires_at: isoMs(i.expiresAt),
    metadata: i.metadata,
    created_at: isoMs(i.createdAt),
  };
}
