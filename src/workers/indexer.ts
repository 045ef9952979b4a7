/**
 * The indexer role: runs Ponder (src/chain/indexer/) on the configured chains. Its
 * configuration names no merchant: the indexer follows every account the factory creates, so an
 * onboarding never restarts it (indexer/README.md, "Why every transfer").
 */
import type { AppContext } from "../context.ts";
import { IndexerSupervisor, type IndexerChainConfig } from "../chain/indexer/index.ts";
import { factoryV2Address } from "../chain/account-v2.ts";
import { knownOperators, recordOperator } from "../chain/operators.ts";
import { formerFactoriesV2, readDeployments } from "../chain/deployments-file.ts";

export const VIEWS_SCHEMA = "chain";

export async function loadIndexerChains(ctx: AppContext): Promise<IndexerChainConfig[]> {
  const out: IndexerChainConfig[] = [];
  // v2 accounts are followed on every chain, from the factory's deterministic address (whether or
  // not its code is there yet: anyone may deploy it later), those naming one of the service's
  // operators only: the current key and every earlier one (chain/operators.ts), so a key rotation
  // never drops the accounts created before it.
  const factoryV2 = await factoryV2Address();
  for (const chain of ctx.networks) {
    if (!chain) continue;
    await recordOperator(ctx.database.sql, chain.chainId, chain.operator.account.address);
    const operators = await knownOperators(ctx.database.sql, chain.chainId);
    out.push({
      // The primaries keep the names they had when there was one chain per mode (a rename would rebuild the instance).
      name: chain === ctx.chains[chain.mode] ? (chain.mode === "live" ? "live" : "sandbox") : `${chain.mode === "live" ? "live" : "sandbox"}_${chain.name}`,
      chainId: chain.chainId,
      rpcHttp: chain.rpcHttpUrl,
      ...(chain.rpcWsUrl ? { rpcWs: chain.rpcWsUrl } : {}),
      usdc: chain.usdc,
      // The chain's other tokens (USDT where enabled): their transfers to merchant accounts are kept too.
      tokens: Object.values(chain.tokens).filter((t) => t.toLowerCase() !== chain.usdc.toLowerCase()),
      ...(chain.factory ? { factory: chain.factory } : {}),
      factoryV2,
      // Every v2 factory the chain's deployments record lists: a contract version replaced since
      // leaves accounts holding merchants' money, still to be followed.
      ...(() => {
        const former = formerFactoriesV2(readDeployments(chain.chainId, ctx.config.deploymentsDir), factoryV2);
        return former.length > 0 ? { formerFactoriesV2: former } : {};
      })(),
      operators,
      startBlock: chain.startBlock,
    });
  }
  return out;
}

export async function startIndexerRole(ctx: AppContext, databaseUrl: string) {
  const supervisor = new IndexerSupervisor({
    databaseUrl,
    viewsSchema: VIEWS_SCHEMA,
    basePort: ctx.config.indexerPort,
    syncPruneIntervalMs: ctx.config.indexerSyncPruneIntervalMs,
    loadChains: () => loadIndexerChains(ctx),
    log: ctx.log.child({ role: "indexer" }),
  });
  await supervisor.start();
  return {
    role: "indexer" as const,
    /** Restart Ponder on its schema (e.g. its database was restarted under it). */
    restart: (reason: string) => supervisor.restartCurrent(reason),
    stop: () => supervisor.stop(),
  };
}
