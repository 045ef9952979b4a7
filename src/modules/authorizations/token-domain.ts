/**
 * The EIP-712 domain of a token, read from the token itself and checked against its
 * DOMAIN_SEPARATOR(): a domain taken from a table would be wrong somewhere (Base Sepolia's USDC is
 * named "USDC", mainnet's "USD Coin") and a signature over a wrong domain fails only on chain. A
 * token whose reads fail or do not agree (USDT on Ethereum, the sandbox's TestUSDT) takes no
 * authorization.
 */
import { hashDomain, type Address, type PublicClient } from "viem";
import { eip3009Abi, usdcAbi } from "../../../contracts/abis.ts";
import { EIP712_DOMAIN_TYPE, TRANSFER_WITH_AUTHORIZATION_TYPEHASH, type TokenDomain } from "./typed-data.ts";

/** A failed read is tried again after this long (an RPC outage is no verdict on the token). */
const RETRY_FAILED_MS = 30_000;

/** null: the token does not implement EIP-3009 as FiatToken v2.2 does (no reads, or a domain that does not hash to its separator). */
export async function readTokenDomain(client: PublicClient, chainId: number, token: Address): Promise<TokenDomain | null> {
  const read = (functionName: string) => client.readContract({ address: token, abi: [...usdcAbi, ...eip3009Abi], functionName } as never) as Promise<unknown>;
  let name: unknown, version: unknown, separator: unknown, typehash: unknown;
  try {
    [name, version, separator, typehash] = await Promise.all([read("name"), read("version"), read("DOMAIN_SEPARATOR"), read("TRANSFER_WITH_AUTHORIZATION_TYPEHASH")]);
  } catch (err) {
    // A revert (no such function) is a verdict; anything else (the RPC) is not.
    if (/revert|returned no data|execution reverted/i.test(String((err as Error).message))) return null;
    throw err;
  }
  if (typeof name !== "string" || typeof version !== "string" || typehash !== TRANSFER_WITH_AUTHORIZATION_TYPEHASH) return null;
  const domain: TokenDomain = { name, version, chainId, verifyingContract: token };
  const expected = hashDomain({ domain: { ...domain, chainId: BigInt(chainId) }, types: { EIP712Domain: [...EIP712_DOMAIN_TYPE] } });
  return expected === separator ? domain : null;
}

/** The domains of this process's tokens, read once each (a failure to read is retried later). */
export class TokenDomains {
  private readonly known = new Map<string, { at: number; domain: Promise<TokenDomain | null> }>();

  get(client: PublicClient, chainId: number, token: Address): Promise<TokenDomain | null> {
    const key = `${chainId}:${token.toLowerCase()}`;
    const hit = this.known.get(key);
    if (hit && (hit.at === 0 || Date.now() - hit.at < RETRY_FAILED_MS)) return hit.domain;
    const entry = { at: 0, domain: readTokenDomain(client, chainId, token) };
    entry.domain.catch(() => {
      entry.at = Date.now();
    });
    // A read that failed (not a verdict) keeps its rejection until RETRY_FAILED_MS; then it is read again.
    entry.domain.then(undefined, () => undefined);
    this.known.set(key, entry);
    return entry.domain;
  }
}
