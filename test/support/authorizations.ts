/**
 * A payer's side of paying by signature, for the tests: signing the typed data the service hands out
 * (with a real key, as a wallet does) and the submission body built from it.
 */
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";

type Json = Record<string, any>;

/** eth_signTypedData_v4 of `td` (typed_data as GET answers it) by `key`; overrides sign something else on purpose. */
export async function signAuthorization(key: Hex, td: Json, override: Json = {}, domainOverride: Json = {}): Promise<Hex> {
  const { EIP712Domain: _d, ...types } = td.types;
  const m = { ...td.message, ...override };
  return privateKeyToAccount(key).signTypedData({
    domain: { ...td.domain, ...domainOverride },
    types,
    primaryType: td.primaryType,
    message: { ...m, value: BigInt(m.value), validAfter: BigInt(m.validAfter), validBefore: BigInt(m.validBefore) },
  });
}

/** The body of POST /v1/payment-intents/{id}/authorization for a signature of `td`. */
export const authorizationSubmission = (td: Json, signature: Hex, extra: Json = {}) => ({
  payer: td.message.from,
  signature,
  valid_after: td.message.validAfter,
  valid_before: td.message.validBefore,
  nonce: td.message.nonce,
  ...extra,
});
