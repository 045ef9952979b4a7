/**
 * Ponder configuration of the StablePay indexer. Run by src/chain/indexer/ as
 *   bun --bun ponder start --root indexer --config ../ponder.config.ts --schema ponder_<hash> --views-schema <views>
 *
 * Everything comes from the environment:
 * - STABLEPAY_INDEXER_CHAINS: JSON array of chains (see indexer/chains.ts); one process indexes all.
 * - DATABASE_URL: the Postgres database (Ponder's tables, its sync cache `ponder_sync`, the views).
 * - STABLEPAY_INDEXER_DB_POOL_MAX (optional): connection pool size of this process (default 30).
 *
 * Sources, per configured chain:
 * - USDC: every `Transfer` log of the chain's USDC, and of each further token the chain config names
 *   (`tokens`: USDT where enabled; the source keeps its name, the rows say their `token_address`).
 *   The handler keeps those whose `to` is a merchant
 *   account the factory created (indexer/README.md, "Why every transfer"): Ponder cannot filter
 *   topics by addresses a factory announces at run time, and a fixed list meant a new instance per
 *   onboarded merchant. One address and one topic per request, whatever the number of merchants.
 * - MerchantAccountFactory: `AccountCreated` of the chain's factory.
 * - MerchantAccount: the events of every account the factory created (Ponder's factory pattern,
 *   which does follow run-time addresses for a contract's own logs).
 * - MerchantAccountFactoryV2, MerchantAccountV2: the same for v2 accounts, on the chains
 *   whose config names `factoryV2` (the deterministic address). The USDC handler keeps transfers to
 *   accounts of both factories (both are listed in indexed_merchant_account).
 * - ChainCheckpoint: a block source, interval 1, starting at the latest block when the process
 *   starts; its handler records per-chain progress in `chain_checkpoint` (why: ponder.schema.ts).
 */
import { createConfig, factory } from "ponder";
import { getAbiItem } from "viem";
import { parseIndexerChains, transferTokens } from "./indexer/chains.ts";
import { merchantAccountAbi, merchantAccountFactoryAbi, merchantAccountFactoryV2Abi, merchantAccountV2Abi, usdcAbi } from "./contracts/abis.ts";

const chains = parseIndexerChains();

const connectionString = process.env.DATABASE_URL;
if (!connectionString) throw new Error("DATABASE_URL is not set: the indexer needs Postgres");
const poolMax = Number(process.env.STABLEPAY_INDEXER_DB_POOL_MAX ?? 30);

const perChain = <T>(entries: [string, T][]): Record<string, T> => Object.fromEntries(entries);

const accountCreated = getAbiItem({ abi: merchantAccountFactoryAbi, name: "AccountCreated" });
const accountCreatedV2 = getAbiItem({ abi: merchantAccountFactoryV2Abi, name: "AccountCreated" });
const chainsV1 = chains.filter((c) => c.factory !== undefined);
const chainsV2 = chains.filter((c) => c.factoryV2 !== undefined);
// The current v2 factory and every earlier one: a merchant's account of a replaced factory still
// receives payments.
const factoriesV2 = (c: (typeof chains)[number]) => (c.formerFactoriesV2 ? [c.factoryV2!, ...c.formerFactoriesV2] : c.factoryV2!);

export default createConfig({
  // Each chain is indexed independently: a slow or unreachable live RPC never holds back the
  // sandbox chain (omnichain ordering would wait for every chain to reach a timestamp).
  ordering: "multichain",
  database: {
    kind: "postgres",
    connectionString,
    poolConfig: { max: Number.isInteger(poolMax) && poolMax >= 5 ? poolMax : 30 },
  },
  chains: perChain(
    chains.map((c) => [
      c.name,
      {
        id: c.chainId,
        rpc: c.rpcHttp,
        ...(c.rpcWs ? { ws: c.rpcWs } : {}),
        pollingInterval: c.pollingIntervalMs ?? 1_000,
      },
    ]),
  ),
  contracts: {
    // Every enabled token's Transfer (USDC, and USDT where enabled): one log filter per token address
    // (Ponder keeps one sync-cache interval per address, which the pruner reads per token).
    USDC: {
      abi: usdcAbi,
      chain: perChain(chains.map((c) => [c.name, { address: transferTokens(c), startBlock: c.startBlock, filter: { event: "Transfer" as const, args: {} } }])),
    },
    MerchantAccountFactory: {
      abi: merchantAccountFactoryAbi,
      chain: perChain(chainsV1.map((c) => [c.name, { address: c.factory!, startBlock: c.startBlock }])),
    },
    MerchantAccount: {
      abi: merchantAccountAbi,
      chain: perChain(
        chainsV1.map((c) => [
          c.name,
          {
            address: factory({ address: c.factory!, event: accountCreated, parameter: "account" }),
            startBlock: c.startBlock,
          },
        ]),
      ),
    },
    // v2 (no chain names factoryV2: no source; the handlers stay registered). v1 likewise on the chains
    // without a v1 factory (every chain but each mode's primary).
    MerchantAccountFactoryV2: {
      abi: merchantAccountFactoryV2Abi,
      chain: perChain(chainsV2.map((c) => [c.name, { address: factoriesV2(c), startBlock: c.startBlock }])),
    },
    MerchantAccountV2: {
      abi: merchantAccountV2Abi,
      chain: perChain(
        chainsV2.map((c) => [
          c.name,
          {
            address: factory({ address: factoriesV2(c), event: accountCreatedV2, parameter: "account" }),
            startBlock: c.startBlock,
          },
        ]),
      ),
    },
  },
  blocks: {
    ChainCheckpoint: {
      chain: perChain(chains.map((c) => [c.name, { startBlock: "latest" as const, interval: 1 }])),
    },
  },
});
