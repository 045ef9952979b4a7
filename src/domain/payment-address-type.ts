/**
 * Where a payment intent is paid: `shared`, the merchant's account, told apart from other intents by
 * a value tag added to the amount (for wallets and EIP-681); `deposit`, an address of the intent's
 * own, matched by address whatever the amount (for exchanges, which cannot send a tagged amount).
 */
export const PAYMENT_ADDRESS_TYPES = ["shared", "deposit"] as const;
export type PaymentAddressType = (typeof PAYMENT_ADDRESS_TYPES)[number];

export function isPaymentAddressType(v: unknown): v is PaymentAddressType {
  return v === "shared" || v === "deposit";
}
