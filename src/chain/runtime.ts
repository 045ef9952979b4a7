/**
 * The chains the service talks to at run time, one per mode: the sandbox chain for test keys
 * and Base for live keys. Built once at start from the configuration and the deployment record.
 */
import { createPublicClient, createWalletClient, defineChain, http, webSocket, type Address, type Chain, type PublicClient, type WalletClient, type Transport, type Account } from "viem";
import { createNonceManager, jsonRpc } from "viem/nonce";
import { privateKeyToAccount } from "viem/accounts";
import type { ChainSettings, Mode } from "../config.ts";

export interface ChainRuntime {
  mode: Mode;
  chainId: number;
  chain: Chain;
  rpcHttpUrl: string;
  rpcWsUrl: string | undefined;
  usdc: Address;
  factory: Address;
  startBlock: number;
  confirmations: number;
  publicClient: PublicClient;
  /** Signs as the service's operator: fee collection, withdrawals, account creation. */
  operator: WalletClient<Transport, Chain, Account>;
}

export function buildChainRuntime(
  settings: ChainSettings,
  addresses: { usdc: Address; factory: Address; startBlock: number },
  operatorKey: `0x${string}`,
): ChainRuntime {
  const chain = defineChain({
    id: settings.chainId,
    name: settings.mode === "live" ? "Base" : "Sandbox",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [settings.rpcHttpUrl], ...(settings.rpcWsUrl ? { webSocket: [settings.rpcWsUrl] } : {}) } },
  });
  const transport = http(settings.rpcHttpUrl, { batch: false, retryCount: 3 });
  return {
    mode: settings.mode,
    chainId: settings.chainId,
    chain,
    rpcHttpUrl: settings.rpcHttpUrl,
    rpcWsUrl: settings.rpcWsUrl,
    usdc: addresses.usdc,
    factory: addresses.factory,
    startBlock: addresses.startBlock,
    confirmations: settings.confirmations,
    publicClient: createPublicClient({ chain, transport, pollingInterval: 250 }) as PublicClient,
    // One nonce manager per runtime (one runtime per chain in a process): the fee collector, settler
    // and onboarding send concurrently from the same operator key, and must not pick the same nonce.
    // Not viem's global `nonceManager`: it caches per (address, chain id) for the life of the process,
    // so a second sandbox chain with the same id (a restarted anvil, the next test file) would get
    // nonces from the old chain and its transactions would never be mined.
    operator: createWalletClient({ chain, transport, account: privateKeyToAccount(operatorKey, { nonceManager: createNonceManager({ source: jsonRpc() }) }) }),
  };
}

export const wsTransport = webSocket;
