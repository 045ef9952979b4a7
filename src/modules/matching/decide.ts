/**
 * What one USDC transfer to a merchant account means for the ledger (docs/contributors.md
 * "Matching"). Pure: the matcher reads the reservation and the intent (no lock), asks
 * this function, and writes what it says in one statement whose guarded updates decide a race with
 * an expiry or a cancel (record.ts).
 */
import type { IntentStatus } from "../../db/schema/core.ts";
import { RESERVATION_QUARANTINE_MS } from "../../domain/intent-status.ts";

/**
 * A transfer whose block is older than the intent by more than this cannot be a payment for it: it
 * was sent before the customer could have seen the intent's QR. (Slack for the chain's clock being
 * behind ours.) It only matters when the matcher lags far behind and a released value was reused.
 */
export const PAYMENT_BEFORE_CREATION_SLACK_MS = 10 * 60 * 1000;

export interface ReservationView {
  intentId: string;
  /** null: held while the intent awaits payment; a date: held until then (quarantine). */
  releasedAfter: Date | null;
}

export interface IntentView {
  id: string;
  /** The chain the intent asks to be paid on: a payment on another chain is not its payment. */
  chainId: number;
  status: IntentStatus;
  createdAt: Date;
  expiresAt: Date;
}

export type MatchDecision =
  /** The intent moves to confirmed; payment_intent.confirmed is sent. */
  | { kind: "confirm"; intentId: string }
  /** Linked to the intent (late, duplicate, or paid to a cancelled intent); no status change. */
  | { kind: "late"; intentId: string; reason: "expired_in_time_window" | "not_awaiting_payment" }
  /** No reservation held that value at the time of the payment: payment_intent_id null. */
  | { kind: "unmatched"; reason: "no_reservation" | "reservation_released" | "before_intent_created" | "other_chain" };

export function decideMatch(input: {
  reservation: ReservationView | null;
  intent: IntentView | null;
  /** The block's timestamp: when the payment happened, whenever we observe it. */
  blockTime: Date;
  /** The chain the transfer happened on. */
  chainId: number;
}): MatchDecision {
  const { reservation, intent, blockTime } = input;
  if (!reservation || !intent || intent.id !== reservation.intentId) return { kind: "unmatched", reason: "no_reservation" };
  // One merchant address on every chain, and values are told apart per merchant, not per chain: the
  // right value on another chain than the intent's is not its payment (recorded, never confirming).
  if (intent.chainId !== input.chainId) return { kind: "unmatched", reason: "other_chain" };
  // Quarantine over at the time of the payment: the value was free, nobody was expecting it.
  if (reservation.releasedAfter !== null && reservation.releasedAfter.getTime() <= blockTime.getTime()) {
    return { kind: "unmatched", reason: "reservation_released" };
  }
  if (blockTime.getTime() < intent.createdAt.getTime() - PAYMENT_BEFORE_CREATION_SLACK_MS) {
    return { kind: "unmatched", reason: "before_intent_created" };
  }
  if (intent.status === "awaiting_payment") {
    // Fairness: a block at or before expires_at confirms, however late we observe it.
    if (blockTime.getTime() <= intent.expiresAt.getTime()) return { kind: "confirm", intentId: intent.id };
    return { kind: "late", intentId: intent.id, reason: "expired_in_time_window" };
  }
  return { kind: "late", intentId: intent.id, reason: "not_awaiting_payment" };
}

/** When a reservation confirmed at `confirmedAt` is released for reuse (quarantine: VALUE_TAG_QUARANTINE_MINUTES). */
export function quarantineEnd(confirmedAt: Date, quarantineMs: number = RESERVATION_QUARANTINE_MS): Date {
  return new Date(confirmedAt.getTime() + quarantineMs);
}

export type DepositDecision =
  /** The address has received at least the amount, less the merchant's tolerance, in time: the intent moves to confirmed. */
  | { kind: "confirm"; receivedUnits: bigint }
  /** Less than that, in time: linked, counted in what the intent received, the intent keeps awaiting the rest. */
  | { kind: "partial"; receivedUnits: bigint }
  /** The intent no longer awaits payment (or the block is past expires_at): linked, counted, no status change. */
  | { kind: "late"; receivedUnits: bigint; reason: "expired_in_time_window" | "not_awaiting_payment" }
  /** Another token, or another chain, than the intent's: linked (the money sits at its address there), never counted. */
  | { kind: "other_pair" };

/**
 * What one transfer to an intent's deposit address means (docs/contributors.md "Deposit addresses").
 * The address is the intent's alone, so every transfer to it is linked to it, never to another
 * intent; those in its token on its chain are summed (`priorUnits`: the ones recorded before, in
 * chain order).
 */
export function decideDeposit(input: {
  intent: IntentView & { token: string; amountUnits: bigint };
  chainId: number;
  token: string;
  value: bigint;
  priorUnits: bigint;
  toleranceUnits: bigint;
  blockTime: Date;
}): DepositDecision {
  const { intent } = input;
  if (input.chainId !== intent.chainId || input.token !== intent.token) return { kind: "other_pair" };
  const receivedUnits = input.priorUnits + input.value;
  if (intent.status !== "awaiting_payment") return { kind: "late", receivedUnits, reason: "not_awaiting_payment" };
  // Fairness: a block at or before expires_at counts, however late we observe it.
  if (input.blockTime.getTime() > intent.expiresAt.getTime()) return { kind: "late", receivedUnits, reason: "expired_in_time_window" };
  const tolerance = input.toleranceUnits < 0n ? 0n : input.toleranceUnits;
  if (receivedUnits + tolerance >= intent.amountUnits) return { kind: "confirm", receivedUnits };
  return { kind: "partial", receivedUnits };
}
