/**
 * Prunes Ponder's sync cache (`ponder_sync`) of the token transfers (USDC, and each other followed
 * token, one pass per token) that are not to a merchant account, once they are final and indexed,
 * with the transactions and blocks nothing else needs.
 * Why and why it is safe: indexer/README.md, "What the sync cache keeps".
 *
 * In short: the USDC source reads every `Transfer` of the token and the handler keeps only those to
 * an account listed in `indexed_merchant_account` (indexer/src/index.ts). Ponder caches every one
 * of them, with its transaction and block, and a new instance (an upgrade, a restart) replays its
 * cached intervals from `ponder_sync` without asking the RPC again. A log deleted from a cached
 * interval is therefore never seen again by any instance; for a transfer the handler drops anyway
 * that changes nothing in the tables. So, per chain, for blocks that are
 * - covered by the interval of the USDC Transfer source in `ponder_sync.intervals` (Ponder writes
 *   a block's rows before, or in the same transaction as, the interval that covers it, and only
 *   for finalized blocks; it never re-fetches a covered block), and
 * - at or below the views' `chain_checkpoint` (every account created up to there is in
 *   `indexed_merchant_account`, read in the same statement so both come from one instance),
 * it deletes the USDC Transfer logs whose `to` (topic2) is neither a deposit address
 * (app.deposit_addresses) nor a merchant account created at or before the log's block (the handler keeps a subset of the rest: not a transfer earlier in the
 * block that creates the account), then the
 * transactions, receipts, traces and blocks that no remaining log refers to (the block source
 * ChainCheckpoint starts at the chain head of each instance's start, so no instance reads a
 * finalized block without a log). Logs of the factory and of the merchant accounts are never
 * touched.
 */
import { type Address, keccak256, toBytes } from "viem";
import type { Sql } from "./schemas.ts";

class Behind extends Error {}

export const TRANSFER_TOPIC = keccak256(toBytes("Transfer(address,address,uint256)"));

export interface PruneChain {
  chainId: number;
  /** The token whose transfers are pruned: the chain's USDC, or each other followed token in turn. */
  usdc: Address;
}

export interface PruneResult {
  chainId: number;
  /** The token pruned (lowercase). */
  token: string;
  /** Blocks examined this pass (inclusive), or undefined when there was nothing to do. */
  range: [number, number] | undefined;
  /** Next pass starts after this block (the covered, checked prefix). */
  through: number;
  logs: number;
  transactions: number;
  receipts: number;
  traces: number;
  blocks: number;
}

/** Ponder's fragment id of a token's `Transfer` log filter (sync-store intervals): one per token address, also when one source lists several. */
export function usdcTransferFragment(chain: PruneChain): string {
  return `log_${chain.chainId}_${chain.usdc.toLowerCase()}_${TRANSFER_TOPIC}_null_null_null_0`;
}

/** The block ranges (inclusive) of the chain's USDC Transfer source that Ponder has cached. */
export async function cachedRanges(sql: Sql, chain: PruneChain): Promise<[number, number][]> {
  const rows = await sql<{ lo: string; hi: string }[]>`
    SELECT lower(r)::text AS lo, upper(r)::text AS hi
    FROM ponder_sync.intervals i, unnest(i.blocks) AS r
    WHERE i.fragment_id = ${usdcTransferFragment(chain)}
    ORDER BY lower(r)`.catch((err: { code?: string }) => {
    if (err.code === "42P01" || err.code === "3F000") return []; // no ponder_sync yet
    throw err;
  });
  // Ponder stores [start, end + 1] (closed) so that adjacent intervals merge: block end + 1 is not
  // necessarily cached.
  return rows.map((r) => [Math.ceil(Number(r.lo)), Math.ceil(Number(r.hi)) - 1] as [number, number]).filter(([a, b]) => b >= a);
}

/**
 * A transfer to a deposit address is kept (the handler keeps those the service had handed out when it
 * saw them: a subset of these); one primary-key probe per log.
 */
const KEEP_DEPOSITS = `AND NOT EXISTS (SELECT 1 FROM app.deposit_addresses d WHERE d.address = '0x' || substr(lower(l.topic2), 27))`;

/** Blocks deleted in one transaction (on Base, 2,000 blocks hold some 50,000 USDC transfers). */
const BLOCKS_PER_TRANSACTION = 2_000;
const PADDED = "0x000000000000000000000000"; // topic2 = the 20-byte `to` left-padded to 32 bytes

/**
 * One pass for one chain over the cached blocks after `after` (exclusive; undefined: from the first
 * cached block), at most `maxBlocks` of them (default 100,000: a first pass over a large existing
 * cache is spread over several passes), in transactions of BLOCKS_PER_TRANSACTION blocks. Returns
 * what it deleted and how far the next pass may start.
 */
export async function pruneSyncCache(
  sql: Sql,
  opts: {
    viewsSchema: string;
    chain: PruneChain;
    /** The token to prune instead of `chain.usdc` (each followed token has its own cached intervals). */
    token?: Address;
    after?: number;
    maxBlocks?: number;
    blocksPerTransaction?: number;
    /** Asked before each transaction: false stops the pass there (e.g. a new Ponder is about to start). */
    proceed?: () => boolean;
  },
): Promise<PruneResult> {
  const chain: PruneChain = opts.token ? { chainId: opts.chain.chainId, usdc: opts.token } : opts.chain;
  const { viewsSchema } = opts;
  const result: PruneResult = { chainId: chain.chainId, token: chain.usdc.toLowerCase(), range: undefined, through: opts.after ?? -1, logs: 0, transactions: 0, receipts: 0, traces: 0, blocks: 0 };
  const ranges = await cachedRanges(sql, chain);
  if (ranges.length === 0) return result;
  const cp = await sql.unsafe<{ b: string }[]>(`SELECT block_number::text AS b FROM "${viewsSchema}".chain_checkpoint WHERE chain_id = $1`, [chain.chainId]).catch(() => []);
  if (!cp[0]) return result; // the views' instance has not caught up (or there are no views yet)
  const checkpoint = Number(cp[0].b);
  const after = opts.after ?? ranges[0]![0] - 1;
  let budget = opts.maxBlocks ?? 100_000;

  // Chunks of the cached blocks after `after`, up to the checkpoint. Cached ranges beyond a gap are
  // pruned too (cheap to look at again: only kept rows remain), but `through` stops at the gap
  // until Ponder fills it.
  const chunks: [number, number][] = [];
  for (const [lo, hi] of ranges) {
    for (let from = Math.max(lo, after + 1); from <= Math.min(hi, checkpoint) && budget > 0; ) {
      const to = Math.min(hi, checkpoint, from + Math.min(opts.blocksPerTransaction ?? BLOCKS_PER_TRANSACTION, budget) - 1);
      chunks.push([from, to]);
      budget -= to - from + 1;
      from = to + 1;
    }
  }
  let through = after;
  // The service's deposit addresses, when its tables are in this database (not for an indexer run alone).
  const [t] = await sql<{ present: boolean }[]>`SELECT to_regclass('app.deposit_addresses') IS NOT NULL AS present`;
  const deposits = t?.present === true;
  for (const [from, to] of chunks) {
    if (opts.proceed && !opts.proceed()) break;
    const done = await pruneChunk(sql, viewsSchema, chain, from, to, deposits);
    if (!done) break; // the views moved to an instance that is not this far yet (a swap): next pass
    result.logs += done.logs;
    result.transactions += done.transactions;
    result.receipts += done.receipts;
    result.traces += done.traces;
    result.blocks += done.blocks;
    result.range = [result.range?.[0] ?? from, to];
    if (from === through + 1) through = to;
  }
  result.through = through;
  return result;
}

type Deleted = Pick<PruneResult, "logs" | "transactions" | "receipts" | "traces" | "blocks">;

/** Blocks from..to (cached, at or below the checkpoint read before) in one transaction; undefined if the views' checkpoint is now below `to`. */
async function pruneChunk(sql: Sql, viewsSchema: string, chain: PruneChain, from: number, to: number, deposits: boolean): Promise<Deleted | undefined> {
  try {
    return (await sql.begin(async (tx) => {
      // One statement reads the checkpoint and the accounts (same instance, same snapshot), in the
      // views' declared order (chain_checkpoint before indexed_merchant_account: see ponder.schema.ts).
      const [del] = await tx.unsafe<{ n: number; cp: string | null }[]>(
        `WITH cp AS (SELECT block_number FROM "${viewsSchema}".chain_checkpoint WHERE chain_id = $1),
              accounts AS (SELECT '${PADDED}' || substr(merchant_account, 3) AS topic, from_block FROM "${viewsSchema}".indexed_merchant_account WHERE chain_id = $1),
              del AS (
                DELETE FROM ponder_sync.logs l
                WHERE l.chain_id = $1 AND l.block_number BETWEEN $2 AND $3
                  AND (SELECT block_number FROM cp) >= $3
                  AND lower(l.address) = $4 AND l.topic0 = $5
                  AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.topic = lower(l.topic2) AND a.from_block <= l.block_number)
                  ${deposits ? KEEP_DEPOSITS : ""}
                RETURNING 1)
         SELECT (SELECT count(*) FROM del)::int AS n, (SELECT block_number FROM cp)::text AS cp`,
        [chain.chainId, from, to, chain.usdc.toLowerCase(), TRANSFER_TOPIC],
      );
      if (!del || del.cp === null || Number(del.cp) < to) throw new Behind();
      const unreferenced = async (table: string) =>
        (
          await tx.unsafe(
            `DELETE FROM ponder_sync.${table} t
             WHERE t.chain_id = $1 AND t.block_number BETWEEN $2 AND $3
               AND NOT EXISTS (SELECT 1 FROM ponder_sync.logs l WHERE l.chain_id = t.chain_id AND l.block_number = t.block_number AND l.transaction_index = t.transaction_index)`,
            [chain.chainId, from, to],
          )
        ).count;
      const transactions = await unreferenced("transactions");
      const receipts = await unreferenced("transaction_receipts");
      const traces = await unreferenced("traces");
      const blocks = await tx.unsafe(
        `DELETE FROM ponder_sync.blocks b
         WHERE b.chain_id = $1 AND b.number BETWEEN $2 AND $3
           AND NOT EXISTS (SELECT 1 FROM ponder_sync.logs l WHERE l.chain_id = b.chain_id AND l.block_number = b.number)
           AND NOT EXISTS (SELECT 1 FROM ponder_sync.traces tr WHERE tr.chain_id = b.chain_id AND tr.block_number = b.number)
           AND NOT EXISTS (SELECT 1 FROM ponder_sync.transactions t WHERE t.chain_id = b.chain_id AND t.block_number = b.number)`,
        [chain.chainId, from, to],
      );
      return { logs: del.n, transactions, receipts, traces, blocks: blocks.count };
    })) as Deleted;
  } catch (err) {
    if (err instanceof Behind) return undefined;
    throw err;
  }
}
