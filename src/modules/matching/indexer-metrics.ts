/**
 * How far the indexer is behind each chain, for /metrics: in blocks (the chain's head, read at scrape
 * time, less the last indexed block) and in seconds (now less the last indexed block's timestamp).
 * The seconds need no RPC, so they keep growing when the indexer is stalled and the RPC is down as
 * well; the blocks are absent for a chain whose RPC does not answer within the scrape's bound.
 */
import { metrics } from "../../metrics.ts";
import { within } from "../../lib/timeout.ts";
import { CHAIN_VIEWS, isViewsMissing } from "./chain-reader.ts";

const lagBlocks = metrics.gauge("stablepay_indexer_lag_blocks", "Blocks between the chain's head (read at scrape time) and the last block the indexer finished, by chain.", ["chain_id"]);
const lagSeconds = metrics.gauge(
  "stablepay_indexer_lag_seconds",
  "Seconds since the timestamp of the last block the indexer finished, by chain: grows while the indexer (or the chain) stands still.",
  ["chain_id"],
);
const HEAD_READ_MS = 1_500;

metrics.collector(async (ctx) => {
  let rows: { chain_id: number; block_number: number; age: number }[];
  try {
    rows = (await ctx.database.sql.unsafe(
      `SELECT chain_id::int AS chain_id, block_number::float8 AS block_number, extract(epoch FROM now())::float8 - block_timestamp AS age FROM ${CHAIN_VIEWS}.chain_checkpoint`,
    )) as unknown as typeof rows;
  } catch (err) {
    // Before the indexer's first start there is no views schema: nothing indexed, nothing to report.
    if (isViewsMissing(err)) return;
    throw err;
  }
  const heads = await Promise.all(ctx.networks.map((chain) => within(HEAD_READ_MS, chain.publicClient.getBlockNumber({ cacheTime: 1_000 }))));
  lagBlocks.reset();
  lagSeconds.reset();
  for (const [i, chain] of ctx.networks.entries()) {
    const row = rows.find((r) => r.chain_id === chain.chainId);
    if (!row) continue;
    lagSeconds.set({ chain_id: chain.chainId }, Math.max(0, row.age));
    const head = heads[i];
    if (head !== undefined) lagBlocks.set({ chain_id: chain.chainId }, Math.max(0, Number(head) - row.block_number));
  }
});
