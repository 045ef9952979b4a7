/**
 * The (chain, token) pairs at run time: the configured set of each mode (config.ts
 * `enabledPairs`) with each token's address resolved (the embedded sandbox's token is the one deployed
 * at start), and the checks of the `chain` and `token` parameters against that set. Every route that
 * takes `chain`/`token` (create, the intent and transaction lists, the balance) checks it here, so
 * what is allowed comes from configuration, never from a literal.
 */
import { getAddress, type Address } from "viem";
import type { Config, Mode, PairSettings } from "../config.ts";
import { ApiError } from "../domain/errors.ts";
import { DEFAULT_CHAIN, DEFAULT_TOKEN, KNOWN_CHAINS, pairLabel, requireChainName, type ChainName, type TokenSymbol } from "../domain/networks.ts";
import { printableName } from "../domain/text.ts";
import type { ChainRuntime } from "./runtime.ts";

export interface Pair {
  chain: ChainName;
  token: TokenSymbol;
  chainId: number;
  /** Checksummed. */
  tokenAddress: Address;
  decimals: number;
}

/** What pair resolution reads: the configuration and the chains running in this process. */
export interface PairSources {
  config: Pick<Config, "pairs">;
  networks: readonly ChainRuntime[];
}

/**
 * The enabled pairs of a mode, with addresses. A configured pair whose token address is only known
 * from the deployment (embedded sandbox) takes it from the running chain; without it (a process that
 * runs no chain for that mode) the pair is still enabled but its address is the chain runtime's
 * concern, so it is left out here.
 */
export function pairsOf(src: PairSources, mode: Mode): readonly Pair[] {
  // Read on every create, list and balance: built once per context and mode (the configuration and
  // the running chains do not change after start; checksumming addresses costs a keccak each).
  let byMode = built.get(src);
  if (!byMode) built.set(src, (byMode = new Map()));
  let pairs = byMode.get(mode);
  if (!pairs) byMode.set(mode, (pairs = buildPairs(src, mode)));
  return pairs;
}

const built = new WeakMap<PairSources, Map<Mode, Pair[]>>();

function buildPairs(src: PairSources, mode: Mode): Pair[] {
  const out: Pair[] = [];
  for (const p of src.config.pairs[mode]) {
    const address = tokenAddressOf(src, mode, p);
    if (address) out.push({ chain: p.chain, token: p.token, chainId: p.chainId, tokenAddress: address, decimals: p.decimals });
  }
  return out;
}

function tokenAddressOf(src: PairSources, mode: Mode, p: PairSettings): Address | undefined {
  const runtime = src.networks.find((c) => c.mode === mode && c.chainId === p.chainId);
  // The running chain's tokens are the deployed (or configured) ones: the addresses the indexer follows.
  if (runtime?.tokens[p.token]) return getAddress(runtime.tokens[p.token]!);
  if (p.tokenAddress) return getAddress(p.tokenAddress);
  return undefined;
}

/** The address of `token` on the chain `chainId` in `mode`: the enabled pair's, else the table's (a pair disabled since). */
export function tokenAddressFor(src: PairSources, mode: Mode, chainId: number, token: TokenSymbol): Address | undefined {
  const enabled = pairsOf(src, mode).find((p) => p.chainId === chainId && p.token === token);
  if (enabled) return enabled.tokenAddress;
  const known = KNOWN_CHAINS[requireChainName(chainId)];
  return known.chainId === chainId && known.tokens[token] ? getAddress(known.tokens[token].address) : undefined;
}

export function allowedPairsText(pairs: readonly { chain: string; token: string }[], mode: Mode): string {
  if (pairs.length === 0) return `no chain and token are enabled for ${mode} keys on this service`;
  return `the allowed pairs (chain/token) for ${mode} keys are ${pairs.map(pairLabel).join(", ")}`;
}

function notEnabled(param: "chain" | "token", value: string, pairs: readonly Pair[], mode: Mode, on?: string): ApiError {
  const where = on === undefined ? "" : ` on ${on}`;
  return new ApiError("parameter_invalid", `Invalid ${param}: '${printableName(value)}' is not enabled${where}; ${allowedPairsText(pairs, mode)}.`, param);
}

/**
 * The pair of a create or a balance read: `chain` (default `base`) and `token` (default `USDC`) must name an enabled
 * pair of the key's mode. A chain no pair has: 400 parameter_invalid, param `chain`; a token not
 * enabled on that chain: param `token`. Messages name the allowed pairs. undefined when the request
 * names neither and the mode has no pair at all (the caller answers as when the service had one pair).
 */
export function resolvePair(src: PairSources, mode: Mode, chain: string | undefined, token: string | undefined): Pair | undefined {
  const pairs = pairsOf(src, mode);
  if (chain === undefined && token === undefined && pairs.length === 0) return undefined;
  const c = chain ?? DEFAULT_CHAIN;
  const tk = token ?? DEFAULT_TOKEN;
  if (!pairs.some((p) => p.chain === c)) throw notEnabled("chain", c, pairs, mode);
  const pair = pairs.find((p) => p.chain === c && p.token === tk);
  if (!pair) throw notEnabled("token", tk, pairs, mode, c);
  return pair;
}

/** A list's `chain`/`token` filter: each given value must be enabled (alone, and together as a pair). */
export interface PairFilter {
  chainIds: number[] | undefined;
  token: TokenSymbol | undefined;
}

/**
 * The filter of a list (intents, transactions): `chain` alone means every enabled token on that chain,
 * `token` alone that token on every enabled chain, both the pair. A value that no enabled pair has is
 * 400 parameter_invalid naming the allowed pairs, as on create (known but not enabled included: the
 * answer would always be empty, and a typo must not read as "no payments").
 */
export function resolvePairFilter(src: PairSources, mode: Mode, chain: string | undefined, token: string | undefined): PairFilter {
  if (chain === undefined && token === undefined) return { chainIds: undefined, token: undefined };
  const pairs = pairsOf(src, mode);
  if (chain !== undefined && !pairs.some((p) => p.chain === chain)) throw notEnabled("chain", chain, pairs, mode);
  if (token !== undefined && !pairs.some((p) => p.token === token)) throw notEnabled("token", token, pairs, mode);
  const matching = pairs.filter((p) => (chain === undefined || p.chain === chain) && (token === undefined || p.token === token));
  if (matching.length === 0) throw notEnabled("token", token ?? "", pairs, mode, chain);
  // Every chain id that stands for the name in this mode (one today).
  const chainIds = chain === undefined ? undefined : [...new Set(matching.map((p) => p.chainId))];
  return { chainIds, token: token as TokenSymbol | undefined };
}
