/**
 * The payment intent state machine (docs/integrators.md "Payment intents"): a closed union of statuses
 * and one pure transition function. Database writes mirror it as guarded updates
 * (`UPDATE … WHERE id = $1 AND status = $from`), so a lost race is a no-op, never a corruption.
 */
export type IntentStatus = "awaiting_payment" | "confirmed" | "expired" | "cancelled" | "settled";

export const INTENT_STATUSES: readonly IntentStatus[] = ["awaiting_payment", "confirmed", "expired", "cancelled", "settled"];

export type IntentTrigger = "payment_confirmed" | "ttl_elapsed" | "cancel" | "settled";

/** The status after `trigger`, or undefined when the trigger is refused in `from`. */
export function transition(from: IntentStatus, trigger: IntentTrigger): IntentStatus | undefined {
  switch (from) {
    case "awaiting_payment":
      switch (trigger) {
        case "payment_confirmed":
          return "confirmed";
        case "ttl_elapsed":
          return "expired";
        case "cancel":
          return "cancelled";
        case "settled":
          return undefined;
      }
    // falls through is impossible: every trigger returns above
    case "confirmed":
      return trigger === "settled" ? "settled" : undefined;
    case "expired":
    case "cancelled":
    case "settled":
      return undefined;
  }
}

export function isFinal(status: IntentStatus): boolean {
  switch (status) {
    case "expired":
    case "cancelled":
    case "settled":
      return true;
    case "awaiting_payment":
    case "confirmed":
      return false;
  }
}

/** How long a reservation stays held after its intent leaves awaiting_payment by default (docs/contributors.md "Matching"); VALUE_TAG_QUARANTINE_MINUTES. */
export const RESERVATION_QUARANTINE_MS = 24 * 60 * 60 * 1000;
