/**
 * The indexer's chain configuration: one JSON document in STABLEPAY_INDEXER_CHAINS, shared by
 * ponder.config.ts (which builds Ponder's config from it) and src/chain/indexer/ (which
 * writes it into the child's environment and derives the instance's schema name from it). It names
 * no merchant account: the indexer follows every account the factory creates (indexer/README.md).
 *
 * Not under indexer/src on purpose: Ponder would load every file there as an indexing file.
 */

export const INDEXER_CHAINS_ENV = "STABLEPAY_INDEXER_CHAINS";

type Hex40 = `0x${string}`;

export interface IndexerChainConfig {
  /** Ponder chain name, e.g. "sandbox" or "live". Letters, digits, `_` and `-`. */
  name: string;
  chainId: number;
  rpcHttp: string;
  rpcWs?: string;
  /** The USDC token contract (the token of v1 accounts). */
  usdc: Hex40;
  /**
   * Further tokens whose transfers to merchant accounts are kept, besides USDC (the
   * sandbox's TestUSDT, a configured USDT). Unset or empty: USDC only.
   */
  tokens?: Hex40[];
  /** The MerchantAccountFactory (v1). Unset: no v1 account is followed on this chain (v1 accounts live on each mode's primary chain). */
  factory?: Hex40;
  /**
   * The MerchantAccountFactoryV2 (its deterministic address; code need not be there yet). Unset: no
   * v2 account is followed on this chain.
   */
  factoryV2?: Hex40;
  /**
   * Earlier v2 factories (a contract version since replaced, deploy/deployments): their accounts are
   * followed like the current factory's, for good. Needs `factoryV2`.
   */
  formerFactoriesV2?: Hex40[];
  /**
   * Every operator the service has run with on this chain (the current key and each earlier one).
   * Set: only v2 accounts created with one of them are followed (anyone may create a v2 account;
   * those naming another operator are not ours). Unset: every v2 account. A single `operator` is
   * read as a list of one.
   */
  operators?: Hex40[];
  /** First block to index (the factory's deployment block, or the first merchant account's). */
  startBlock: number;
  /** How often Ponder polls the HTTP RPC for new blocks when there is no WebSocket. Default 1000. */
  pollingIntervalMs?: number;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const CHAIN_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;

/**
 * Validates and canonicalises chain configs: addresses lowercased, chains sorted by chain id. Two configs that index the same thing are equal after this,
 * so their hash (the instance's schema name) is equal too.
 */
export function normalizeIndexerChains(input: unknown): IndexerChainConfig[] {
  if (!Array.isArray(input)) throw new Error(`${INDEXER_CHAINS_ENV}: expected a JSON array of chains`);
  const names = new Set<string>();
  const ids = new Set<number>();
  const chains = input.map((raw, i): IndexerChainConfig => {
    const where = `${INDEXER_CHAINS_ENV}[${i}]`;
    if (typeof raw !== "object" || raw === null) throw new Error(`${where}: expected an object`);
    const c = raw as Record<string, unknown>;
    const name = c.name;
    if (typeof name !== "string" || !CHAIN_NAME.test(name)) throw new Error(`${where}.name: invalid chain name`);
    if (names.has(name)) throw new Error(`${where}.name: duplicate chain name "${name}"`);
    names.add(name);
    const chainId = c.chainId;
    if (typeof chainId !== "number" || !Number.isSafeInteger(chainId) || chainId <= 0) {
      throw new Error(`${where}.chainId: expected a positive integer`);
    }
    if (ids.has(chainId)) throw new Error(`${where}.chainId: duplicate chain id ${chainId}`);
    ids.add(chainId);
    if (typeof c.rpcHttp !== "string" || !/^https?:\/\//.test(c.rpcHttp)) {
      throw new Error(`${where}.rpcHttp: expected an http(s) URL`);
    }
    if (c.rpcWs !== undefined && (typeof c.rpcWs !== "string" || !/^wss?:\/\//.test(c.rpcWs))) {
      throw new Error(`${where}.rpcWs: expected a ws(s) URL`);
    }
    const address = (v: unknown, field: string): Hex40 => {
      if (typeof v !== "string" || !ADDRESS.test(v)) throw new Error(`${where}.${field}: expected an address`);
      return v.toLowerCase() as Hex40;
    };
    const startBlock = c.startBlock;
    if (typeof startBlock !== "number" || !Number.isSafeInteger(startBlock) || startBlock < 0) {
      throw new Error(`${where}.startBlock: expected a non-negative integer`);
    }
    const polling = c.pollingIntervalMs;
    if (polling !== undefined && (typeof polling !== "number" || !Number.isInteger(polling) || polling < 50)) {
      throw new Error(`${where}.pollingIntervalMs: expected an integer >= 50`);
    }
    return {
      name,
      chainId,
      rpcHttp: c.rpcHttp,
      ...(typeof c.rpcWs === "string" ? { rpcWs: c.rpcWs } : {}),
      usdc: address(c.usdc, "usdc"),
      ...(() => {
        if (c.tokens === undefined) return {};
        if (!Array.isArray(c.tokens)) throw new Error(`${where}.tokens: expected an array of addresses`);
        const usdc = address(c.usdc, "usdc");
        const tokens = [...new Set(c.tokens.map((t, j) => address(t, `tokens[${j}]`)))].filter((t) => t !== usdc).sort();
        return tokens.length > 0 ? { tokens } : {};
      })(),
      ...(c.factory !== undefined ? { factory: address(c.factory, "factory") } : {}),
      ...(c.factoryV2 !== undefined ? { factoryV2: address(c.factoryV2, "factoryV2") } : {}),
      ...(() => {
        // Only when some are listed, so a chain without earlier factories keeps its schema name.
        if (c.formerFactoriesV2 === undefined) return {};
        if (!Array.isArray(c.formerFactoriesV2)) throw new Error(`${where}.formerFactoriesV2: expected an array of addresses`);
        if (c.factoryV2 === undefined) throw new Error(`${where}.formerFactoriesV2: needs factoryV2`);
        const current = address(c.factoryV2, "factoryV2");
        const former = [...new Set(c.formerFactoriesV2.map((f, j) => address(f, `formerFactoriesV2[${j}]`)))].filter((f) => f !== current).sort();
        return former.length > 0 ? { formerFactoriesV2: former } : {};
      })(),
      ...(() => {
        if (c.operators === undefined && c.operator === undefined) return {};
        if (c.operators !== undefined && !Array.isArray(c.operators)) throw new Error(`${where}.operators: expected an array of addresses`);
        const listed = ((c.operators as unknown[] | undefined) ?? []).map((o, j) => address(o, `operators[${j}]`));
        const operators = [...new Set([...listed, ...(c.operator !== undefined ? [address(c.operator, "operator")] : [])])].sort();
        return operators.length > 0 ? { operators } : {};
      })(),
      startBlock,
      ...(polling !== undefined ? { pollingIntervalMs: polling } : {}),
    };
  });
  return chains.sort((a, b) => a.chainId - b.chainId);
}

/** Parses STABLEPAY_INDEXER_CHAINS (or the given text). Throws a readable error when invalid. */
export function parseIndexerChains(text: string | undefined = process.env[INDEXER_CHAINS_ENV]): IndexerChainConfig[] {
  if (text === undefined || text.trim() === "") throw new Error(`${INDEXER_CHAINS_ENV} is not set`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`${INDEXER_CHAINS_ENV} is not valid JSON: ${(err as Error).message}`);
  }
  const chains = normalizeIndexerChains(json);
  if (chains.length === 0) throw new Error(`${INDEXER_CHAINS_ENV}: at least one chain is required`);
  return chains;
}

/** Every token whose transfers the indexer follows on a chain: its USDC first, then the others. */
export function transferTokens(chain: Pick<IndexerChainConfig, "usdc" | "tokens">): Hex40[] {
  return [chain.usdc, ...(chain.tokens ?? [])];
}
