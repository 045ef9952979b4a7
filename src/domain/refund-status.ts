/**
 * The refund state machine: a closed union of statuses and one pure transition function.
 * The database writes mirror it as guarded updates (modules/refunds/transitions.ts), so a lost race
 * is a no-op, never a corruption.
 *
 *   requires_approval: no budget of the owner covers it; waits for the owner's signed authorization
 *   pending:           paid from the budget or with the signature: being sent, or sent
 *   succeeded:         mined at the chain's confirmation depth (tx_hash); also a failed one whose
 *                      Refunded log the chain shows after all (paid_late)
 *   failed:            reverted, or refused for good (failure_reason)
 *   cancelled:         withdrawn before anything was sent
 */
export type RefundStatus = "requires_approval" | "pending" | "succeeded" | "failed" | "cancelled";

export const REFUND_STATUSES: readonly RefundStatus[] = ["requires_approval", "pending", "succeeded", "failed", "cancelled"];

/**
 * The other spelling of `cancelled` (one spelling for every resource, the intents' one): accepted
 * wherever a refund status is read from a request, for one release (CHANGELOG.md), never answered.
 */
export const DEPRECATED_CANCELLED = "canceled";

/** A status as a request may spell it (REFUND_STATUSES or the deprecated spelling), or undefined. */
export function refundStatusFromInput(value: string | null | undefined): RefundStatus | undefined {
  if (value === DEPRECATED_CANCELLED) return "cancelled";
  return REFUND_STATUSES.find((s) => s === value);
}

/**
 * approved: the owner's signature arrived; budget_short: a budget refund found no budget before
 * anything was signed; confirmed: mined and deep enough; failed: reverted or refused for good;
 * cancel: the integrator withdrew it; paid_late: a refund marked failed whose Refunded log the chain
 * shows after all (its owner's signature submitted later, by anyone): the chain's word wins.
 */
export type RefundTrigger = "approved" | "budget_short" | "confirmed" | "failed" | "cancel" | "paid_late";

export const REFUND_TRIGGERS: readonly RefundTrigger[] = ["approved", "budget_short", "confirmed", "failed", "cancel", "paid_late"];

/** The status after `trigger`, or undefined when the trigger is refused in `from`. */
export function refundTransition(from: RefundStatus, trigger: RefundTrigger): RefundStatus | undefined {
  switch (from) {
    case "requires_approval":
      switch (trigger) {
        case "approved":
          return "pending";
        case "cancel":
          return "cancelled";
        case "budget_short":
        case "confirmed":
        case "failed":
        case "paid_late":
          return undefined;
      }
    // every trigger returned above
    case "pending":
      switch (trigger) {
        case "budget_short":
          return "requires_approval";
        case "confirmed":
          return "succeeded";
        case "failed":
          return "failed";
        case "approved":
        case "cancel":
        case "paid_late":
          return undefined;
      }
    case "failed":
      return trigger === "paid_late" ? "succeeded" : undefined;
    case "succeeded":
    case "cancelled":
      return undefined;
  }
}

/** The statuses from which `trigger` is allowed. */
export function refundAllowedFrom(trigger: RefundTrigger): RefundStatus[] {
  return REFUND_STATUSES.filter((s) => refundTransition(s, trigger) !== undefined);
}

/** A refund that still takes money from the payment and the account (neither failed nor cancelled). */
export function holdsMoney(status: RefundStatus): boolean {
  switch (status) {
    case "requires_approval":
    case "pending":
    case "succeeded":
      return true;
    case "failed":
    case "cancelled":
      return false;
  }
}

export function isFinalRefund(status: RefundStatus): boolean {
  switch (status) {
    case "succeeded":
    case "failed":
    case "cancelled":
      return true;
    case "requires_approval":
    case "pending":
      return false;
  }
}
