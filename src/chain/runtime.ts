/**
 * The chains the service talks to at run time: each mode's primary (the sandbox's `base` for test
 * keys, Base for live keys) and the other enabled chains. Built once at start from the
 * configuration and the deployment record.
 */
import { createPublicClient, createWalletClient, defineChain, getAddress, http, type Address, type Chain, type PublicClient, type WalletClient, type Transport, type Account } from "viem";
import type { ChainSettings, Mode } from "../config.ts";
import { networkFactsOf, type ChainName } from "../domain/networks.ts";
import type { Sql } from "../db/client.ts";
import type { TokenSymbol } from "../domain/networks.ts";
import { OperatorSender } from "./operator-sender.ts";
import { canSign, localSigner, type OperatorSigner } from "./signer.ts";
import { timedRpcFetch } from "./rpc-metrics.ts";

export interface ChainRuntime {
  mode: Mode;
  /** The chain's name in the API (`base`, `arbitrum`, …; domain/networks.ts). */
  name: ChainName;
  chainId: number;
  chain: Chain;
  rpcHttpUrl: string;
  rpcWsUrl: string | undefined;
  usdc: Address;
  /** The v1 factory: on each mode's primary chain (and the sandbox's chains); undefined elsewhere (v2 accounts only). */
  factory: Address | undefined;
  /** MerchantAccountFactoryV2 (deterministic address), when it has code on this chain (deployment.ts). */
  factoryV2: Address | undefined;
  /** USDT on this chain: the embedded sandbox's TestUSDT, or the configured one (SANDBOX_USDT_ADDRESS, LIVE_USDT_ADDRESS). */
  usdt: Address | undefined;
  /** Every token this chain's payments may be in, by symbol (checksummed): USDC, and USDT when known. */
  tokens: Partial<Record<TokenSymbol, Address>>;
  /** The merchant account version new merchants of this chain get (MERCHANT_ACCOUNT_VERSION, else 2 where the v2 factory has code). */
  accountVersion: 1 | 2;
  startBlock: number;
  confirmations: number;
  publicClient: PublicClient;
  /**
   * The operator's wallet (reads its address, signs through its signer, chain/signer.ts). Send through
   * `sender`, never directly. In a process without the key its account only knows the address.
   */
  operator: WalletClient<Transport, Chain, Account>;
  /** Whether this process can sign as the operator (false: no OPERATOR_PRIVATE_KEY here; a signing role does it). */
  canSign: boolean;
  /** Every transaction signed as the operator goes through this one nonce authority (operator-sender.ts). */
  sender: OperatorSender;
}

export function buildChainRuntime(
  settings: ChainSettings,
  addresses: { usdc: Address; factory: Address | undefined; factoryV2?: Address | undefined; usdt?: Address | undefined; startBlock: number },
  /** The operator's signer (chain/signer.ts), or the local key it is built from (tests, tools). */
  operatorSigner: OperatorSigner | `0x${string}` | undefined,
  sql: Sql,
  /** MERCHANT_ACCOUNT_VERSION; undefined: 2 when the v2 factory has code on this chain, else 1. */
  merchantAccountVersion?: 1 | 2,
): ChainRuntime {
  const usdt = addresses.usdt ?? settings.usdtAddress;
  const tokens: Partial<Record<TokenSymbol, Address>> = { USDC: getAddress(addresses.usdc), ...(usdt ? { USDT: getAddress(usdt) } : {}) };
  const chain = defineChain({
    id: settings.chainId,
    name: networkFactsOf(settings.chainId)?.displayName ?? settings.name,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [settings.rpcHttpUrl], ...(settings.rpcWsUrl ? { webSocket: [settings.rpcWsUrl] } : {}) } },
  });
  // 5 s per RPC request (3 retries): an RPC that stalls fails the call instead of hanging it. Calls
  // an API request waits on are bounded tighter where they are made (balance: CHAIN_READ_TIMEOUT_MS).
  const transport = http(settings.rpcHttpUrl, { batch: false, retryCount: 3, timeout: 5_000, fetchFn: timedRpcFetch(settings.chainId) });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 250 }) as PublicClient;
  if (operatorSigner === undefined) throw new Error(`chain ${settings.chainId}: no operator signer (OPERATOR_PRIVATE_KEY or OPERATOR_ADDRESS)`);
  const signer = typeof operatorSigner === "string" ? localSigner(operatorSigner) : operatorSigner;
  const operator = createWalletClient({ chain, transport, account: signer });
  return {
    mode: settings.mode,
    name: settings.name,
    chainId: settings.chainId,
    chain,
    rpcHttpUrl: settings.rpcHttpUrl,
    rpcWsUrl: settings.rpcWsUrl,
    usdc: addresses.usdc,
    factory: addresses.factory,
    factoryV2: addresses.factoryV2,
    usdt: usdt ? getAddress(usdt) : undefined,
    tokens,
    accountVersion: merchantAccountVersion ?? (addresses.factoryV2 ? 2 : 1),
    startBlock: addresses.startBlock,
    confirmations: settings.confirmations,
    publicClient,
    operator,
    canSign: canSign(signer),
    sender: new OperatorSender(sql, settings.chainId, publicClient, operator),
  };
}


/** The address of `token` on this chain, or undefined when the chain has none configured. */
export function tokenAddressOn(chain: Pick<ChainRuntime, "tokens">, token: string): Address | undefined {
  return chain.tokens[token as TokenSymbol];
}

/** The symbol of a token contract of this chain (any case), or undefined when it is none of its tokens. */
export function tokenSymbolOn(chain: Pick<ChainRuntime, "tokens">, address: string): TokenSymbol | undefined {
  const a = address.toLowerCase();
  for (const [symbol, addr] of Object.entries(chain.tokens) as [TokenSymbol, Address][]) if (addr.toLowerCase() === a) return symbol;
  return undefined;
}
