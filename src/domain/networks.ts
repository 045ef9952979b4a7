/**
 * The ONE table of the chains and tokens the service knows: each chain's name as the API
 * spells it, its chain id, the test networks that stand in for it in the sandbox, the default
 * confirmation depth, and the address and decimals of each token on it. Which of these pairs a mode
 * actually serves is configuration (`enabledPairs` in src/config.ts); this table only says what a
 * name means. Everything that maps a chain id to a name, or a name to an address, reads it here.
 *
 * Sources (checked when this table was written; re-check before enabling a pair in live mode):
 * - USDC: Circle's published contract addresses, https://developers.circle.com/stablecoins/usdc-contract-addresses
 * - USDT: Tether's supported protocols, https://tether.to/en/supported-protocols (no native USDT on Base)
 * - Chain ids: each chain's own network documentation (also https://chainlist.org); test networks:
 *   Base Sepolia 84532, Sepolia 11155111, Arbitrum Sepolia 421614, OP Sepolia 11155420, Polygon Amoy
 *   80002, and the embedded anvil chains: 31337, which the sandbox names `base` (docs/contributors.md "Sandbox"),
 *   and 31338, its second chain, named `arbitrum` (SANDBOX_EXTRA_CHAINS, src/config.ts).
 * - Confirmation depth: our default, per chain, overridable (SANDBOX_CONFIRMATIONS, LIVE_CONFIRMATIONS).
 *   Base and OP Mainnet (OP Stack, 2 s blocks): 2, as decided for Base (docs/contributors.md "Matching"; Base's
 *   own account of its finality stages: https://docs.base.org/base-chain/network-information/transaction-finality).
 *   Arbitrum One (sequencer ordering, ~0.25 s blocks): 20 (about 5 s). Ethereum (12 s slots): 12, about
 *   2.4 minutes (finality proper is 2 epochs, 64 blocks). Polygon PoS (2 s blocks, deep reorgs seen
 *   before its 2025 finality upgrade): 64. Compare with the numbers Circle waits for,
 *   https://developers.circle.com/wallets/blockchain-confirmations, before enabling a chain live.
 *
 * - Human names, native currencies, public RPC endpoints and block explorers (what the payment page
 *   gives a wallet in wallet_addEthereumChain, EIP-3085, and links transactions to): each chain's own
 *   network documentation (docs.base.org, docs.arbitrum.io, docs.optimism.io, docs.polygon.technology;
 *   Ethereum: the PublicNode endpoint and Etherscan). Polygon's native currency is POL since 2024.
 *   The test networks other than Base Sepolia carry only a name here (no RPC nor explorer yet): a
 *   wallet without them is told to add the network itself. The embedded anvil chain's RPC is the
 *   sandbox's own, from configuration (src/modules/pay/status.ts).
 *
 * Pure data and lookups: no configuration, no I/O.
 */

export const CHAIN_NAMES = ["base", "ethereum", "arbitrum", "optimism", "polygon"] as const;
export type ChainName = (typeof CHAIN_NAMES)[number];

export const TOKEN_SYMBOLS = ["USDC", "USDT"] as const;
export type TokenSymbol = (typeof TOKEN_SYMBOLS)[number];

export interface KnownToken {
  /** Checksummed mainnet contract address. */
  address: `0x${string}`;
  /** Base units per whole token: 10^decimals. */
  decimals: number;
}

export interface NativeCurrency {
  name: string;
  symbol: string;
  decimals: number;
}

/** What people and wallets call one network, and where a wallet reaches it (EIP-3085 fields). */
export interface NetworkFacts {
  /** Human name, e.g. "Arbitrum One", "Base Sepolia". */
  displayName: string;
  nativeCurrency: NativeCurrency;
  /** Public JSON-RPC endpoint; undefined: none in this table (the local sandbox's comes from configuration). */
  rpcUrl?: string;
  /** Block explorer, no trailing slash; undefined: none. */
  explorerUrl?: string;
}

/** A chain's tokens: Circle's USDC and Tether's USDT have 6 decimals on every chain of this table. */
function sixDecimals(addresses: Partial<Record<TokenSymbol, `0x${string}`>>): Partial<Record<TokenSymbol, KnownToken>> {
  const out: Partial<Record<TokenSymbol, KnownToken>> = {};
  for (const [symbol, address] of Object.entries(addresses) as [TokenSymbol, `0x${string}`][]) out[symbol] = { address, decimals: 6 };
  return out;
}

const ETHER: NativeCurrency = { name: "Ether", symbol: "ETH", decimals: 18 };
const POL: NativeCurrency = { name: "POL", symbol: "POL", decimals: 18 };

export interface KnownChain extends NetworkFacts {
  /** Mainnet chain id. */
  chainId: number;
  /** The test networks that stand in for this chain in the sandbox (the name stays this one), by chain id. */
  testNetworks: Readonly<Record<number, NetworkFacts>>;
  /** Default confirmation depth on mainnet (see the sources above). */
  confirmations: number;
  tokens: Partial<Record<TokenSymbol, KnownToken>>;
}

// One chain a line, as a table: mainnet chain id, name, currency, RPC and explorer, the test networks that
// stand in for it in the sandbox, the default confirmation depth, the tokens.
export const KNOWN_CHAINS: Readonly<Record<ChainName, KnownChain>> = {
  base: { chainId: 8453, displayName: "Base", nativeCurrency: ETHER, rpcUrl: "https://mainnet.base.org", explorerUrl: "https://basescan.org", testNetworks: { 84532: { displayName: "Base Sepolia", nativeCurrency: ETHER, rpcUrl: "https://sepolia.base.org", explorerUrl: "https://sepolia.basescan.org" }, 31337: { displayName: "Local sandbox chain (Anvil)", nativeCurrency: ETHER }, }, confirmations: 2, tokens: sixDecimals({ USDC: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" }) },
  ethereum: { chainId: 1, displayName: "Ethereum", nativeCurrency: ETHER, rpcUrl: "https://ethereum-rpc.publicnode.com", explorerUrl: "https://etherscan.io", testNetworks: { 11155111: { displayName: "Sepolia", nativeCurrency: ETHER } }, confirmations: 12, tokens: sixDecimals({ USDC: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", USDT: "0xdAC17F958D2ee523a2206206994597C13D831ec7" }) },
  arbitrum: { chainId: 42161, displayName: "Arbitrum One", nativeCurrency: ETHER, rpcUrl: "https://arb1.arbitrum.io/rpc", explorerUrl: "https://arbiscan.io", testNetworks: { 421614: { displayName: "Arbitrum Sepolia", nativeCurrency: ETHER }, 31338: { displayName: "Local sandbox chain 2 (Anvil)", nativeCurrency: ETHER } }, confirmations: 20, tokens: sixDecimals({ USDC: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831", USDT: "0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9" }) },
  optimism: { chainId: 10, displayName: "OP Mainnet", nativeCurrency: ETHER, rpcUrl: "https://mainnet.optimism.io", explorerUrl: "https://optimistic.etherscan.io", testNetworks: { 11155420: { displayName: "OP Sepolia", nativeCurrency: ETHER } }, confirmations: 2, tokens: sixDecimals({ USDC: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", USDT: "0x94b008aA00579c1307B0EF2c499aD98a8ce58e58" }) },
  polygon: { chainId: 137, displayName: "Polygon", nativeCurrency: POL, rpcUrl: "https://polygon-rpc.com", explorerUrl: "https://polygonscan.com", testNetworks: { 80002: { displayName: "Polygon Amoy", nativeCurrency: POL } }, confirmations: 64, tokens: sixDecimals({ USDC: "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359", USDT: "0xc2132D05D31c914a87C6611C10748AEb04B58e8F" }) },
};

/**
 * The embedded sandbox's local chains (anvil), by the chain each stands in for: the primary (`base`,
 * SANDBOX_CHAIN_ID) and the extra ones SANDBOX_EXTRA_CHAINS may name. Each id is also a test network of
 * its chain above.
 */
export const SANDBOX_CHAIN_IDS: Readonly<Partial<Record<ChainName, number>>> = { base: 31337, arbitrum: 31338 };

/**
 * Circle's USDC on the public test networks (https://developers.circle.com/stablecoins/usdc-contract-addresses,
 * "Testnet"): the default of a hosted sandbox chain's USDC (SANDBOX_USDC_ADDRESS, SANDBOX_<NAME>_USDC_ADDRESS).
 * Tether publishes no test-network USDT: a hosted sandbox names its own (SANDBOX_<NAME>_USDT_ADDRESS).
 */
export const TESTNET_USDC: Readonly<Record<number, `0x${string}`>> = {
  84532: "0x036CbD53842c5426634e7929541eC2318f3dCF7e", // Base Sepolia
  11155111: "0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238", // Ethereum Sepolia
  421614: "0x75faf114eafb1BDbe2F0316DF893fd58CE46AA4d", // Arbitrum Sepolia
  11155420: "0x5fd84259d66Cd46123540766Be93DFE6D43130D7", // OP Sepolia
  80002: "0x41E94Eb019C0762f9Bfcf9Fb1E58725BfB0e7582", // Polygon Amoy
};

/** The public test network that stands in for a chain in a hosted sandbox (not an embedded anvil id). */
export function publicTestNetworkOf(name: ChainName): number | undefined {
  const local = new Set(Object.values(SANDBOX_CHAIN_IDS));
  return Object.keys(KNOWN_CHAINS[name].testNetworks).map(Number).find((id) => !local.has(id));
}

/** The pair a request means when it names neither chain nor token (the service when it had one pair). */
export const DEFAULT_CHAIN: ChainName = "base";
export const DEFAULT_TOKEN: TokenSymbol = "USDC";

/** The decimals every amount path of the service is written for (domain/money.ts). */
export const SUPPORTED_DECIMALS = 6;

export function isChainName(v: unknown): v is ChainName {
  return typeof v === "string" && (CHAIN_NAMES as readonly string[]).includes(v);
}

export function isTokenSymbol(v: unknown): v is TokenSymbol {
  return typeof v === "string" && (TOKEN_SYMBOLS as readonly string[]).includes(v);
}

/** The name of a chain id, mainnet or one of its test networks; undefined for an id the table does not know. */
export function chainNameOf(chainId: number): ChainName | undefined {
  for (const name of CHAIN_NAMES) {
    const c = KNOWN_CHAINS[name];
    if (c.chainId === chainId || chainId in c.testNetworks) return name;
  }
  return undefined;
}

/** The facts of a chain id, mainnet or test network, with the name of the chain it is (or stands in for). */
export function networkFactsOf(chainId: number): (NetworkFacts & { chain: ChainName; testnet: boolean }) | undefined {
  const chain = chainNameOf(chainId);
  if (chain === undefined) return undefined;
  const c = KNOWN_CHAINS[chain];
  if (c.chainId === chainId) return { chain, testnet: false, displayName: c.displayName, nativeCurrency: c.nativeCurrency, rpcUrl: c.rpcUrl, explorerUrl: c.explorerUrl };
  const t = c.testNetworks[chainId];
  if (t === undefined) throw new Error(`chain id ${chainId} is a sandbox id of ${chain} without its facts (src/domain/networks.ts)`);
  return { chain, testnet: true, ...t };
}

/** chainNameOf for a stored row: an id outside the table is a broken invariant (config refuses such ids). */
export function requireChainName(chainId: number): ChainName {
  const name = chainNameOf(chainId);
  if (name === undefined) throw new Error(`chain id ${chainId} is not in the table of known chains (src/domain/networks.ts)`);
  return name;
}

/** `base/USDC`: how messages and documents name a pair. */
export function pairLabel(p: { chain: string; token: string }): string {
  return `${p.chain}/${p.token}`;
}
