/**
 * The indexer as the service runs it: schemas.ts (names and housekeeping), process.ts (one Ponder
 * child), supervisor.ts (the current instance, swaps, restarts), prune.ts (the sync cache's
 * pruner). Imports only chain config, lib and
 * postgres; the indexer's own code (indexer/, ponder.*.ts) stands apart.
 */
export { INDEXER_CHAINS_ENV, normalizeIndexerChains, type IndexerChainConfig, type IndexerChainConfig as ChainConfig } from "../../../indexer/chains.ts";
export { dropIndexerSchema, indexerSchemaName, pruneIndexerSchemas, unlockDeadInstance, viewsTargetSchema } from "./schemas.ts";
export { startIndexer, type IndexerLog, type RunningIndexer, type StartIndexerOptions, type StructuredLogger } from "./process.ts";
export { TRANSFER_TOPIC, cachedRanges, pruneSyncCache, usdcTransferFragment, type PruneChain, type PruneResult } from "./prune.ts";
export { IndexerSupervisor, type IndexerSupervisorOptions, type RefreshResult } from "./supervisor.ts";
