/**
 * Failpoints between the steps of a settlement. Production passes no hooks; the crash tests pass one
 * that kills the process (SIGKILL) at a given point, then check that a restarted settler finishes
 * the settlement without losing or doubling money. A settlement of several (chain, token) pairs
 * passes the withdrawal points once per pair, in the order of its withdrawals (chain id, token).
 */
export const CRASH_POINTS = [
  /** Settlement row and its transactions committed; nothing on-chain yet. */
  "after_create",
  /** Withdrawal transaction signed and recorded; not broadcast. */
  "after_withdrawal_signed",
  /** Withdrawal broadcast; its receipt not recorded. */
  "after_withdrawal_broadcast",
  /** One pair's withdrawal confirmed and recorded (its transactions in_transit); the settlement's next pair not started. */
  "after_pair_withdrawn",
  /** Every pair decided and the settlement recorded withdrawn; ACH not started. */
  "after_withdrawn",
  /** ACH step recorded as started; the provider not called yet. */
  "after_ach_initiating",
  /** The provider created the transfer; its id not recorded yet. */
  "after_ach_initiated",
  /** Transfer id recorded; waiting for the ACH to complete. */
  "after_ach_pending",
  /** The provider reports the transfer paid; the settlement not completed yet. */
  "before_complete",
  /** The provider reports an ACH return; the settlement not failed yet. */
  "before_fail",
  /** Everything committed (settlement completed, event written). */
  "after_complete",
] as const;

export type CrashPoint = (typeof CRASH_POINTS)[number];

export interface Hooks {
  at?(point: CrashPoint, settlementId: string): void | Promise<void>;
}
