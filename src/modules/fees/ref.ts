/**
 * The on-chain reference of a ledger transaction: `ref` of MerchantAccount.collectFee (and of its
 * FeeCollected event) is keccak256 of the transaction id's UTF-8 bytes. The one place it is computed.
 */
import { keccak256, stringToHex, type Hex } from "viem";

export function feeRef(transactionId: string): Hex {
  return keccak256(stringToHex(transactionId));
}
