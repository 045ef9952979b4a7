/**
 * The indexer role: runs Ponder (src/chain/indexer/) on the configured chains. Its
 * configuration names no merchant: the indexer follows every account the factory creates, so an
 * onboarding never restarts it (indexer/README.md, "Why every transfer").
 */
import type { AppContext } from "../context.ts";
import { IndexerSupervisor, type IndexerChainConfig } from "../chain/indexer/index.ts";

export const VIEWS_SCHEMA = "chain";

export async function loadIndexerChains(ctx: AppContext): Promise<IndexerChainConfig[]> {
  const out: IndexerChainConfig[] = [];
  for (const chain of Object.values(ctx.chains)) {
    if (!chain) continue;
    out.push({
      name: chain.mode === "live" ? "live" : "sandbox",
      chainId: chain.chainId,
      rpcHttp: chain.rpcHttpUrl,
      ...(chain.rpcWsUrl ? { rpcWs: chain.rpcWsUrl } : {}),
      usdc: chain.usdc,
      factory: chain.factory,
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
