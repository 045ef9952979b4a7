/**
 * The refine steps of the refund routes, for what their schemas (model.ts) cannot say: the amount's
 * decimals, the recipient address, metadata lengths, the body/header idempotency key, the list's
 * limit and cursor. Pure: no database, no HTTP beyond throwing ApiError.
 */
import { getAddress, isAddress, zeroAddress, type Address, type Hex } from "viem";
import { ApiError } from "../../domain/errors.ts";
import { refundStatusFromInput } from "../../domain/refund-status.ts";
import { parseCursorParam, parseLimitParam, rawQueryParam } from "../../http/list-params.ts";
import { parseIdempotencyKey } from "../idempotency/key.ts";
import { parseAmount, parseMetadata } from "../payment-intents/input.ts";
import type { CreateRefundInput, ListRefundsInput } from "./service.ts";
import type { RefundReason } from "./shapes.ts";
import { normalizeSignature } from "./signature.ts";

/** Upper bound of a refund's amount before it is compared with what is refundable (1,000,000 USD). */
export const REFUND_MAX_UNITS = 1_000_000_000_000n;

export interface CreateRefundBodyValue {
  payment_intent?: string;
  transaction?: string;
  amount?: number;
  recipient_address: string;
  reason?: RefundReason;
  metadata?: Record<string, string>;
  idempotency_key?: string;
}

/** An EVM address: 0x and 40 hex digits; mixed case must be a valid EIP-55 checksum; never the zero address. */
export function parseRecipient(value: string): Address {
  const bad = (why: string) => new ApiError("recipient_address_invalid", `Invalid recipient_address: ${why}`, "recipient_address");
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) throw bad("must be an address of 0x and 40 hexadecimal digits.");
  if (!isAddress(value, { strict: true })) throw bad("its mixed-case checksum (EIP-55) is wrong: a typo? Send it as the wallet shows it, or all lowercase.");
  const address = getAddress(value);
  if (address === zeroAddress) throw bad("the zero address cannot receive a refund.");
  return address;
}

export function refineCreateRefund(body: CreateRefundBodyValue, idempotencyHeader: string | null): CreateRefundInput {
  const amountUnits = body.amount === undefined ? undefined : parseAmount(body.amount, "amount", 1n, REFUND_MAX_UNITS, 6);
  const bodyKey = body.idempotency_key === undefined ? undefined : parseIdempotencyKey(body.idempotency_key);
  const headerKey = idempotencyHeader === null ? undefined : parseIdempotencyKey(idempotencyHeader);
  if (bodyKey !== undefined && headerKey !== undefined && bodyKey !== headerKey)
    throw new ApiError("parameter_invalid", "The idempotency_key body field and the Idempotency-Key header differ; send one, or the same value in both.", "idempotency_key");
  if (body.payment_intent === undefined && body.transaction === undefined)
    throw new ApiError("parameter_missing", "Missing required param: payment_intent (or transaction).", "payment_intent");
  return {
    paymentIntentId: body.payment_intent,
    transactionId: body.transaction,
    amountUnits,
    recipientAddress: parseRecipient(body.recipient_address),
    reason: body.reason ?? null,
    metadata: body.metadata === undefined ? {} : parseMetadata(body.metadata),
    idempotencyKey: bodyKey ?? headerKey,
  };
}

export function refineListRefunds(
  q: { payment_intent?: string | undefined; merchant_id?: string | undefined; status?: string | undefined; starting_after?: string | undefined },
  url: string,
): ListRefundsInput {
  return {
    merchantId: q.merchant_id,
    paymentIntentId: q.payment_intent,
    // The schema admitted only REFUND_STATUSES and the deprecated spelling.
    status: refundStatusFromInput(q.status),
    limit: parseLimitParam(rawQueryParam(url, "limit")),
    startingAfter: parseCursorParam(q.starting_after, "refund"),
  };
}

/**
 * The latest deadline an owner's approval may carry, from now (7 days). A signed refund that fails
 * keeps its amount held until its deadline (the signature can still be submitted by anyone until
 * then), so the deadline bounds how long a failed refund holds money.
 */
export const MAX_AUTHORIZATION_S = 7 * 24 * 3_600;

/**
 * The owner's approval of a refund (POST /v1/refunds/{id}/approve, and the dashboard's wallet
 * button): both fields present, the signature 65 bytes in hex (normalized: normalizeSignature), the
 * deadline a whole number of Unix seconds not passed yet and at most MAX_AUTHORIZATION_S ahead.
 */
export function parseApproval(signature: string | undefined, deadline: number | undefined, nowMs: number): { signature: Hex; deadline: Date } {
  if (signature === undefined) throw new ApiError("parameter_missing", "Missing required param: signature.", "signature");
  if (deadline === undefined) throw new ApiError("parameter_missing", "Missing required param: deadline.", "deadline");
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature))
    throw new ApiError("parameter_invalid", "Invalid signature: expected 0x and 130 hexadecimal digits (65 bytes), as eth_signTypedData_v4 returns it.", "signature");
  if (!Number.isSafeInteger(deadline) || deadline < 1) throw new ApiError("parameter_invalid", "Invalid deadline: expected Unix seconds, a whole number.", "deadline");
  if (deadline * 1000 <= nowMs) throw new ApiError("parameter_invalid", "Invalid deadline: it has passed; get a new authorization and sign it.", "deadline");
  if (deadline * 1000 > nowMs + MAX_AUTHORIZATION_S * 1000)
    throw new ApiError(
      "parameter_invalid",
      `Invalid deadline: at most ${MAX_AUTHORIZATION_S / 86_400} days ahead (${MAX_AUTHORIZATION_S} seconds). A signed refund that fails keeps its amount held until its deadline, so the deadline is bounded; sign the authorization GET /v1/refunds/{id}/authorization offers.`,
      "deadline",
    );
  return { signature: normalizeSignature(signature as Hex), deadline: new Date(deadline * 1000) };
}
