/**
 * The chains the service talks to at run time: each mode's primary (the sandbox's `base` for test
 * keys, Base for live keys) and the other enabled chains (issue 27). Built once at start from the
 * configuration and the deployment record.
 */
import { createPublicClient, createWalletClient, defineChain, http, type Address, type Chain, type PublicClient, type WalletClient, type Transport, type Account } from "viem";
import { createNonceManager, jsonRpc } from "viem/nonce";
import { privateKeyToAccount } from "viem/accounts";
import type { ChainSettings, Mode } from "../config.ts";
import { networkFactsOf, type ChainName } from "../domain/networks.ts";
import type { Sql } from "../db/client.ts";
import { OperatorSender } from "./operator-sender.ts";

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
  /** The sandbox's TestUSDT (not used for payments yet). */
  usdt: Address | undefined;
  startBlock: number;
  confirmations: number;
  publicClient: PublicClient;
  /** The operator key's wallet (reads its address, signs). Send through `sender`, never directly. */
  operator: WalletClient<Transport, Chain, Account>;
  /** Every transaction signed as the operator goes through this one nonce authority (operator-sender.ts). */
  sender: OperatorSender;
}

export function buildChainRuntime(
  settings: ChainSettings,
  addresses: { usdc: Address; factory: Address | undefined; factoryV2?: Address | undefined; usdt?: Address | undefined; startBlock: number },
  operatorKey: `0x${string}`,
  sql: Sql,
): ChainRuntime {
  const chain = defineChain({
    id: settings.chainId,
    name: networkFactsOf(settings.chainId)?.displayName ?? settings.name,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [settings.rpcHttpUrl], ...(settings.rpcWsUrl ? { webSocket: [settings.rpcWsUrl] } : {}) } },
  });
  // 5 s per RPC request (3 retries): an RPC that stalls fails the call instead of hanging it. Calls
  // an API request waits on are bounded tighter where they are made (balance: CHAIN_READ_TIMEOUT_MS).
  const transport = http(settings.rpcHttpUrl, { batch: false, retryCount: 3, timeout: 5_000 });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 250 }) as PublicClient;
  // viem's nonce manager stays on the account only for tests and tools that send directly; the
  // service sends through `sender`.
  const operator = createWalletClient({ chain, transport, account: privateKeyToAccount(operatorKey, { nonceManager: createNonceManager({ source: jsonRpc() }) }) });
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
    usdt: addresses.usdt,
    startBlock: addresses.startBlock,
    confirmations: settings.confirmations,
    publicClient,
    operator,
    sender: new OperatorSender(sql, settings.chainId, publicClient, operator),
  };
}

