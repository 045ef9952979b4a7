/**
 * The owner's EIP-712 signature of a refund in the one form MerchantAccountV2 accepts (its _recover
 * takes v 27 or 28 and s in the lower half only). Pure; no HTTP beyond throwing ApiError.
 */
import type { Hex } from "viem";
import { ApiError } from "../../domain/errors.ts";

/** secp256k1's group order: a signature's s is at most half of it (EIP-2), as the contract requires. */
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/**
 * A 65-byte (r, s, v) signature in the one form the contract accepts (v 27 or 28, s in the lower
 * half): v given as 0/1 (as some wallets and libraries return it) becomes 27/28, and a high s
 * becomes n - s with v flipped (the same signer). Anything else is refused with a 400.
 */
export function normalizeSignature(signature: Hex): Hex {
  const bad = (why: string) => new ApiError("parameter_invalid", `Invalid signature: ${why}`, "signature");
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) throw bad("expected 0x and 130 hexadecimal digits (65 bytes), as eth_signTypedData_v4 returns it.");
  const r = signature.slice(2, 66).toLowerCase();
  let s = BigInt(`0x${signature.slice(66, 130)}`);
  let v = Number.parseInt(signature.slice(130, 132), 16);
  if (v === 0 || v === 1) v += 27;
  if (v !== 27 && v !== 28) throw bad("its last byte (v) must be 27 or 28 (or 0 or 1).");
  if (BigInt(`0x${r}`) === 0n || s === 0n || s >= SECP256K1_N) throw bad("r or s is out of range; sign the authorization again.");
  if (s > SECP256K1_N / 2n) {
    s = SECP256K1_N - s;
    v = v === 27 ? 28 : 27;
  }
  return `0x${r}${s.toString(16).padStart(64, "0")}${v.toString(16)}`;
}
