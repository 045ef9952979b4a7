/**
 * The EIP-3009 authorization a payer signs for an intent (Circle's FiatToken v2.2): its EIP-712
 * types, its nonce, and the typed data as eth_signTypedData_v4 takes it. Pure.
 */
import { encodeAbiParameters, getAddress, keccak256, type Address, type Hex } from "viem";

export const TRANSFER_WITH_AUTHORIZATION_TYPES = {
  TransferWithAuthorization: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "validAfter", type: "uint256" },
    { name: "validBefore", type: "uint256" },
    { name: "nonce", type: "bytes32" },
  ],
} as const;

export const EIP712_DOMAIN_TYPE = [
  { name: "name", type: "string" },
  { name: "version", type: "string" },
  { name: "chainId", type: "uint256" },
  { name: "verifyingContract", type: "address" },
] as const;

/** keccak256("TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"), FiatToken v2.2's constant. */
export const TRANSFER_WITH_AUTHORIZATION_TYPEHASH: Hex = "0x7c7c6cdb67a18743f49ec6fa9b35f50d52ed05cbed4cc592e13b44501c1a2267";

export interface TokenDomain {
  name: string;
  version: string;
  chainId: number;
  verifyingContract: Address;
}

export type AuthorizationMessage = {
  from: Address;
  to: Address;
  value: bigint;
  validAfter: bigint;
  validBefore: bigint;
  nonce: Hex;
};

/**
 * The authorization's nonce: one per (intent, payer), so the chain lets one intent be paid at most
 * once by one payer's authorizations, whatever their windows. Anyone can compute it (the intent id
 * is the capability); only the payer can sign or cancel it.
 */
export function authorizationNonce(intentId: string, payer: Address): Hex {
  return keccak256(encodeAbiParameters([{ type: "string" }, { type: "string" }, { type: "address" }], ["stablepay.transfer_authorization.v1", intentId, getAddress(payer)]));
}

/** The typed data for eth_signTypedData_v4: integers as decimal strings, as wallets take them. */
export function typedDataJson(domain: TokenDomain, m: AuthorizationMessage) {
  return {
    domain: { name: domain.name, version: domain.version, chainId: domain.chainId, verifyingContract: domain.verifyingContract },
    types: { EIP712Domain: [...EIP712_DOMAIN_TYPE], ...TRANSFER_WITH_AUTHORIZATION_TYPES },
    primaryType: "TransferWithAuthorization" as const,
    message: {
      from: m.from,
      to: m.to,
      value: m.value.toString(),
      validAfter: m.validAfter.toString(),
      validBefore: m.validBefore.toString(),
      nonce: m.nonce,
    },
  };
}
