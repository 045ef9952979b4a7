/**
 * The indexer role: runs Ponder (src/chain/indexer-process.ts) on the current list of merchant
 * accounts, and switches it to a new list whenever a merchant is onboarded (NOTIFY from
 * onboarding, possibly sent by the CLI in another process; a slow poll backs the notification up).
 */
import { and, eq, isNotNull } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import { merchants } from "../db/schema/core.ts";
import { MERCHANTS_CHANGED_CHANNEL } from "../modules/merchants/onboarding.ts";
import { IndexerSupervisor, type IndexerChainConfig } from "../chain/indexer-process.ts";

export const VIEWS_SCHEMA = "chain";

export async function loadIndexerChains(ctx: AppContext): Promise<IndexerChainConfig[]> {
  const out: IndexerChainConfig[] = [];
  for (const chain of Object.values(ctx.chains)) {
    if (!chain) continue;
    const rows = await ctx.database.db
      .select({ address: merchants.paymentAddress })
      .from(merchants)
      .where(and(eq(merchants.chainId, chain.chainId), isNotNull(merchants.paymentAddress)))
      .orderBy(merchants.paymentAddress);
    out.push({
      name: chain.mode === "live" ? "live" : "sandbox",
      chainId: chain.chainId,
      rpcHttp: chain.rpcHttpUrl,
      ...(chain.rpcWsUrl ? { rpcWs: chain.rpcWsUrl } : {}),
      usdc: chain.usdc,
      factory: chain.factory,
      startBlock: chain.startBlock,
      merchantAccounts: rows.map((r) => r.address as `0x${string}`),
    });
  }
  return out;
}

export async function startIndexerRole(ctx: AppContext, databaseUrl: string) {
  const supervisor = new IndexerSupervisor({
    databaseUrl,
    viewsSchema: VIEWS_SCHEMA,
    basePort: ctx.config.indexerPort,
    loadChains: () => loadIndexerChains(ctx),
    log: ctx.log.child({ role: "indexer" }),
  });
  await supervisor.start();
  let stopping = false;
  // A refresh cut short by our own stop is not a failure.
  const refresh = () =>
    supervisor.refresh().catch((err: unknown) => (stopping ? ctx.log.debug("indexer refresh abandoned: stopping", { err }) : ctx.log.error("indexer refresh failed", { err })));
  const listener = await ctx.database.sql.listen(MERCHANTS_CHANGED_CHANNEL, () => void refresh());
  const poll = setInterval(() => void refresh(), 30_000);
  return {
    role: "indexer" as const,
    async stop() {
      stopping = true;
      clearInterval(poll);
      await listener.unlisten();
      await supervisor.stop();
    },
  };
}
