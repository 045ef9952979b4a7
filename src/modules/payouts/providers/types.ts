/**
 * The payout-provider interface: what an ACH partner must offer for the settler to pay a merchant's
 * bank. The settler is the only caller; it persists every step before calling, so the contract below
 * is what makes a crash between "called the provider" and "recorded the answer" safe.
 *
 * Contract for implementations:
 * - `initiate` is idempotent on `idempotencyKey` (the settlement id) FOREVER, not just for a window:
 *   a second call with the same key returns the same transfer and moves no money. (Partners whose
 *   idempotency keys expire must look the transfer up by `reference` instead.)
 * - `status` is a read: the current state of a transfer the provider created.
 * - Push: a partner that sends webhooks implements `parseWebhook`, which authenticates the request and
 *   turns it into transfer snapshots; the settlement service applies those exactly like polled ones
 *   (`applyPayoutUpdate`), so push and poll can both run and either may be late or repeated.
 * - Amounts are USDC base units (6 decimals), exactly what was withdrawn on-chain to the payout
 *   address. The sandbox pays them exactly; a real partner that credits whole cents rounds per its
 *   agreement with the merchant (not modelled here).
 */

export type PayoutStatus = "pending" | "paid" | "failed";

export interface PayoutRequest {
  /** The settlement id: the key the provider dedupes on. */
  idempotencyKey: string;
  /** Shown on the merchant's bank statement / the partner's dashboard. */
  reference: string;
  merchantId: string;
  amountUnits: bigint;
  currency: "usd";
  bankAccount: { bankName: string; last4: string };
  /** Business time of the request (the sandbox clock in test mode). */
  requestedAt: Date;
}

export interface PayoutTransfer {
  /** The provider's transfer id. */
  id: string;
  idempotencyKey: string;
  status: PayoutStatus;
  amountUnits: bigint;
  /** YYYY-MM-DD, the date the bank should credit the merchant. */
  expectedArrivalDate: string;
  /** When the transfer reached its final state (paid or failed). */
  resolvedAt: Date | null;
  /** ACH return code (e.g. R03) or provider code, when failed. */
  failureCode: string | null;
  failureMessage: string | null;
}

export interface PayoutProvider {
  /** Stored on the settlement; identifies the provider whose transfer id it holds. */
  readonly name: string;
  /** How often the settler polls a pending transfer. */
  readonly pollIntervalMs: number;
  initiate(request: PayoutRequest): Promise<PayoutTransfer>;
  status(transferId: string): Promise<PayoutTransfer>;
  /** Push updates (optional): verify the request and return the transfers it reports. */
  parseWebhook?(request: { headers: Headers; rawBody: string }): Promise<PayoutTransfer[]>;
}
