/**
 * Before a Ponder starts on an instance schema: does what it stored still describe the chain?
 *
 * A chain can end up behind what the indexer stored: a sandbox chain restored from its last saved
 * state after a kill -9 or a power loss, a node restored from a backup, a reorg deeper than Ponder's
 * finality. Ponder's crash recovery then refuses to start ("Finalized block for chain … cannot move
 * backwards"), for ever, since nothing changes between two starts. And its sync cache (`ponder_sync`,
 * shared by every instance) keeps the logs and blocks of blocks that no longer exist, which a new
 * instance would replay without asking the chain.
 *
 * So, per chain: the cached blocks are checked against the chain from the top (those above its head,
 * or whose hash the chain no longer has, are gone) and the cache is cut back below the first one gone;
 * and an instance whose final checkpoint is above the cut, or later than the block Ponder will call
 * final now, is set aside (renamed, so that the views keep serving its rows meanwhile) and rebuilt from
 * the chain under its own name. The service's own records are untouched: the matcher's reorg audit
 * compares them with the rebuilt index (src/modules/matching/engine.ts).
 */
import type { Sql } from "./schemas.ts";

/** Ponder's own blocks-to-finality per chain id (node_modules/ponder/src/utils/finality.ts). */
export function ponderFinalityBlocks(chainId: number): number {
  if ([1, 3, 4, 5, 42, 11155111].includes(chainId)) return 65;
  if ([137, 80001].includes(chainId)) return 200;
  if ([42161, 42170, 421611, 421613].includes(chainId)) return 240;
  return 30;
}

export interface ReconcileChain {
  chainId: number;
  rpcHttp: string;
}

export interface ChainBehind {
  chainId: number;
  /** The block the instance had made final. */
  storedFinalBlock: number;
  /** The chain's head now. */
  head: number;
  /** The highest block whose cached data still matches the chain. */
  cut: number;
}

export interface ReconcileResult {
  /** Chains whose sync cache held blocks the chain no longer has (cut back to `cut`). */
  trimmed: { chainId: number; cut: number }[];
  /** Chains the instance had indexed past what the chain now holds: the instance must be rebuilt. */
  behind: ChainBehind[];
}

/** Blocks checked against the chain, from the cache's top, before it is trusted below (RPC calls). */
const CHECKED_BLOCKS = 256;

type Rpc = <T>(method: string, params?: unknown[]) => Promise<T>;

function rpcOf(url: string): Rpc {
  return async <T>(method: string, params: unknown[] = []) => {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      signal: AbortSignal.timeout(5_000),
    });
    const body = (await res.json()) as { result?: T; error?: { message?: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message ?? "error"}`);
    return body.result as T;
  };
}

const hex = (n: number) => `0x${n.toString(16)}`;
const missingRelation = (err: unknown) => ["42P01", "3F000"].includes((err as { code?: string }).code ?? "");

/**
 * Checks every chain (a chain whose RPC does not answer is skipped: Ponder waits for it anyway) and
 * cuts the sync cache back where it holds blocks the chain no longer has. Says which chains the
 * instance `schema` is ahead of; the caller sets the instance aside.
 */
export async function reconcileWithChains(sql: Sql, schema: string, chains: ReconcileChain[]): Promise<ReconcileResult> {
  const result: ReconcileResult = { trimmed: [], behind: [] };
  for (const chain of chains) {
    const rpc = rpcOf(chain.rpcHttp);
    let head: number;
    try {
      head = Number(BigInt(await rpc<string>("eth_blockNumber")));
    } catch {
      continue;
    }
    const cut = await cachedBlocksStillOnChain(sql, chain.chainId, head, rpc);
    if (cut.gone) {
      await trimSyncCache(sql, chain.chainId, cut.cut);
      result.trimmed.push({ chainId: chain.chainId, cut: cut.cut });
    }
    const stored = await storedFinal(sql, schema, chain.chainId);
    if (!stored) continue;
    // Ponder's own test at start: the block it will call final now is no earlier than the stored one.
    const finalNow = Math.max(head - ponderFinalityBlocks(chain.chainId), 0);
    const block = await rpc<{ timestamp: string } | null>("eth_getBlockByNumber", [hex(finalNow), false]).catch(() => null);
    const movedBack = block !== null && Number(BigInt(block.timestamp)) < stored.timestamp;
    if (movedBack || stored.block > cut.cut) result.behind.push({ chainId: chain.chainId, storedFinalBlock: stored.block, head, cut: cut.cut });
  }
  return result;
}

/**
 * The highest block below which the cache agrees with the chain: cached blocks above the head, or
 * whose hash the chain has no more, are gone. Checked from the top down to the first that matches.
 * `gone` also when the cache's intervals claim blocks above the cut.
 */
async function cachedBlocksStillOnChain(sql: Sql, chainId: number, head: number, rpc: Rpc): Promise<{ cut: number; gone: boolean }> {
  let rows: { number: string; hash: string }[];
  let coveredTo: number;
  try {
    rows = await sql<{ number: string; hash: string }[]>`
      SELECT number::text AS number, hash FROM ponder_sync.blocks WHERE chain_id = ${chainId} ORDER BY number DESC LIMIT ${CHECKED_BLOCKS}`;
    // Intervals are stored closed as [first, last + 1] (so that neighbours merge).
    const [top] = await sql<{ upper: string | null }[]>`
      SELECT max(upper(blocks))::text AS upper FROM ponder_sync.intervals WHERE chain_id = ${chainId}`;
    coveredTo = top?.upper == null ? -1 : Math.ceil(Number(top.upper)) - 1;
  } catch (err) {
    if (missingRelation(err)) return { cut: head, gone: false };
    throw err;
  }
  let cut = head;
  for (const row of rows) {
    const n = Number(row.number);
    if (n <= head) {
      const onChain = await rpc<{ hash: string } | null>("eth_getBlockByNumber", [hex(n), false]);
      if (onChain?.hash?.toLowerCase() === row.hash.toLowerCase()) break;
    }
    cut = Math.min(cut, n - 1);
  }
  return { cut, gone: coveredTo > cut || (rows[0] !== undefined && Number(rows[0].number) > cut) };
}

/** Deletes what the sync cache holds of the chain above block `cut`, and its intervals' claims there. */
export async function trimSyncCache(sql: Sql, chainId: number, cut: number): Promise<void> {
  await sql.begin(async (tx) => {
    for (const table of ["logs", "transactions", "transaction_receipts", "traces", "factory_addresses", "rpc_request_results"]) {
      await tx.unsafe(`DELETE FROM ponder_sync.${table} WHERE chain_id = $1 AND block_number > $2`, [chainId, cut]);
    }
    await tx.unsafe(`DELETE FROM ponder_sync.blocks WHERE chain_id = $1 AND number > $2`, [chainId, cut]);
    // [first, last + 1] ∩ [0, cut + 1] keeps blocks first..min(last, cut).
    await tx.unsafe(
      `UPDATE ponder_sync.intervals SET blocks = blocks * nummultirange(numrange(0, $2::numeric + 1, '[]'))
       WHERE chain_id = $1 AND upper(blocks) > $2::numeric + 1`,
      [chainId, cut],
    );
  });
}

/** The instance's final checkpoint on this chain (block and timestamp), or undefined. */
async function storedFinal(sql: Sql, schema: string, chainId: number): Promise<{ block: number; timestamp: number } | undefined> {
  try {
    const rows = await sql.unsafe<{ c: string }[]>(`SELECT finalized_checkpoint AS c FROM "${schema}"._ponder_checkpoint WHERE chain_id = $1`, [chainId]);
    const c = rows[0]?.c;
    // Ponder's checkpoint: 10 digits of timestamp, 16 of chain id, 16 of block number, … (utils/checkpoint.ts).
    return c ? { timestamp: Number(c.slice(0, 10)), block: Number(c.slice(26, 42)) } : undefined;
  } catch (err) {
    if (missingRelation(err)) return undefined;
    throw err;
  }
}
