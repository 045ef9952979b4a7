/**
 * Reads of the indexer's tables through the views schema (`chain.*`, ponder.schema.ts).
 *
 * Two rules keep these reads correct while the indexer swaps instances (a merchant was onboarded:
 * a new Ponder instance on a new schema takes the views over, possibly a few blocks BEHIND the old
 * one, see src/chain/indexer/):
 *
 * 1. Every read that relies on "all logs up to block N are in the tables" takes N from
 *    chain.chain_checkpoint IN THE SAME STATEMENT as the rows. One statement has one snapshot and
 *    resolves every view once, so the checkpoint and the rows come from the same instance; two
 *    statements could pair the old instance's checkpoint with the new instance's (shorter) rows and
 *    let the cursor skip transfers.
 * 2. Such a statement names `usdc_transfer` before `chain_checkpoint`, the order in which Ponder's
 *    view swap (one transaction: DROP/CREATE VIEW per table, in schema order) locks them, so a read
 *    that overlaps a swap waits for it instead of deadlocking with it.
 *
 * A missing views schema or view (the indexer has not become ready yet) reads as "no checkpoint".
 */
import type { TokenSymbol } from "../../domain/networks.ts";
import type { Sql, SqlOrTx } from "../../db/client.ts";

/** The views schema the indexer role maintains (src/workers/indexer.ts VIEWS_SCHEMA). */
export const CHAIN_VIEWS = "chain";

export interface Position {
  blockNumber: bigint;
  logIndex: number;
}

export interface Checkpoint {
  blockNumber: bigint;
  blockHash: string;
  /** Unix seconds. */
  blockTimestamp: number;
  /**
   * An embedded sandbox chain's last saved block (app.sandbox_chain_saves), null elsewhere: a kill -9
   * loses the blocks above it, so nothing above it is read as confirmed.
   */
  savedBlock: bigint | null;
}

export interface IndexedTransfer {
  chainId: number;
  blockNumber: bigint;
  logIndex: number;
  /** Unix seconds. */
  blockTimestamp: number;
  blockHash: string;
  txHash: string;
  from: string;
  /** The merchant account (lowercase). */
  to: string;
  value: bigint;
  /** The token contract that emitted the transfer (lowercase): the chain's USDC, or its USDT where enabled. */
  tokenAddress?: string;
  /** The token transferred, named by the matcher from tokenAddress (engine.ts); undefined: DEFAULT_TRANSFER_TOKEN. */
  token?: TokenSymbol;
}

/** The token of a transfer read without its token named (a matcher given no token table: USDC, the only token before USDT). */
export const DEFAULT_TRANSFER_TOKEN: TokenSymbol = "USDC";

export interface TransferPage {
  /** null: the indexer is not ready (no views yet, or no checkpoint row for this chain yet). */
  checkpoint: Checkpoint | null;
  transfers: IndexedTransfer[];
}

/** Postgres errors meaning "the views are not there (yet)". */
const NOT_READY_CODES = new Set(["42P01", "3F000"]);

export function isViewsMissing(err: unknown): boolean {
  return typeof err === "object" && err !== null && NOT_READY_CODES.has(String((err as { code?: unknown }).code));
}

const TRANSFER_COLUMNS = `t.block_number, t.log_index, t.block_timestamp, t.block_hash, t.transaction_hash, t.token_address, t.from_address, t.to_address, t.value::text AS value`;

type Row = Record<string, unknown>;

function checkpointOf(r: Row): Checkpoint | null {
  if (r.cp_block === null || r.cp_block === undefined) return null;
  return {
    blockNumber: BigInt(r.cp_block as bigint),
    blockHash: String(r.cp_hash),
    blockTimestamp: Number(r.cp_ts),
    savedBlock: r.cp_saved === null || r.cp_saved === undefined ? null : BigInt(r.cp_saved as bigint),
  };
}

/** A transfer as a row of the chain views names it (TRANSFER_COLUMNS). */
export function transferOf(chainId: number, r: Row): IndexedTransfer {
  return {
    chainId,
    blockNumber: BigInt(r.block_number as bigint),
    logIndex: Number(r.log_index),
    blockTimestamp: Number(r.block_timestamp),
    blockHash: String(r.block_hash),
    txHash: String(r.transaction_hash),
    from: String(r.from_address),
    to: String(r.to_address),
    value: BigInt(String(r.value)),
    tokenAddress: String(r.token_address).toLowerCase(),
  };
}

/**
 * Runs `inner` (a SELECT over chain.usdc_transfer aliased t, which may use the placeholder
 * `safe_block` = checkpoint - confirmations) and returns its rows with the checkpoint of the same
 * statement. `inner` must be a complete query selecting TRANSFER_COLUMNS.
 */
async function pageWithCheckpoint(sql: SqlOrTx, chainId: number, inner: string, params: unknown[]): Promise<TransferPage> {
  // $1 = chain id, $2 = confirmations; inner's own parameters follow.
  const text = `
    WITH page AS (${inner}),
    cp AS (SELECT block_number AS cp_block, block_hash AS cp_hash, block_timestamp AS cp_ts,
                  (SELECT s.block_number FROM app.sandbox_chain_saves s WHERE s.chain_id = $1) AS cp_saved
           FROM ${CHAIN_VIEWS}.chain_checkpoint WHERE chain_id = $1)
    SELECT cp.cp_block, cp.cp_hash, cp.cp_ts, cp.cp_saved, page.*
    FROM cp LEFT JOIN page ON true
    ORDER BY page.block_number, page.log_index`;
  let rows: Row[];
  try {
    rows = (await sql.unsafe(text, params as never[])) as unknown as Row[];
  } catch (err) {
    if (isViewsMissing(err)) return { checkpoint: null, transfers: [] };
    throw err;
  }
  const first = rows[0];
  if (!first) return { checkpoint: null, transfers: [] };
  return {
    checkpoint: checkpointOf(first),
    transfers: rows.filter((r) => r.block_number !== null && r.block_number !== undefined).map((r) => transferOf(chainId, r)),
  };
}

/** checkpoint - confirmations, and never above a sandbox chain's last saved block (LEAST skips the NULL of other chains). */
const SAFE_BLOCK = `LEAST((SELECT c.block_number FROM ${CHAIN_VIEWS}.chain_checkpoint c WHERE c.chain_id = $1) - $2,
                         (SELECT s.block_number FROM app.sandbox_chain_saves s WHERE s.chain_id = $1))`;

/** The safe block of a checkpoint read with its page: what SAFE_BLOCK was in that statement. */
export function safeBlockOf(checkpoint: Checkpoint, confirmations: number): bigint {
  const safe = checkpoint.blockNumber - BigInt(confirmations);
  return checkpoint.savedBlock !== null && checkpoint.savedBlock < safe ? checkpoint.savedBlock : safe;
}

/** The next transfers after `after`, in chain order, up to checkpoint - confirmations. */
export function readTransfersAfter(
  sql: SqlOrTx,
  opts: { chainId: number; after: Position; confirmations: number; limit: number },
): Promise<TransferPage> {
  const inner = `
    SELECT ${TRANSFER_COLUMNS} FROM ${CHAIN_VIEWS}.usdc_transfer t
    WHERE t.chain_id = $1 AND (t.block_number, t.log_index) > ($3::int8, $4::int4)
      AND t.block_number <= ${SAFE_BLOCK}
    ORDER BY t.block_number, t.log_index
    LIMIT $5`;
  return pageWithCheckpoint(sql, opts.chainId, inner, [opts.chainId, opts.confirmations, opts.after.blockNumber, opts.after.logIndex, opts.limit]);
}

/** One account's transfers after `after` and at or below `untilBlock` (and the safe block), in chain order. */
export function readAccountTransfers(
  sql: SqlOrTx,
  opts: { chainId: number; account: string; after: Position; untilBlock: bigint; confirmations: number; limit: number },
): Promise<TransferPage> {
  const inner = `
    SELECT ${TRANSFER_COLUMNS} FROM ${CHAIN_VIEWS}.usdc_transfer t
    WHERE t.chain_id = $1 AND t.to_address = $3
      AND (t.block_number, t.log_index) > ($4::int8, $5::int4)
      AND t.block_number <= $6::int8 AND t.block_number <= ${SAFE_BLOCK}
    ORDER BY t.block_number, t.log_index
    LIMIT $7`;
  return pageWithCheckpoint(sql, opts.chainId, inner, [
    opts.chainId,
    opts.confirmations,
    opts.account,
    opts.after.blockNumber,
    opts.after.logIndex,
    opts.untilBlock,
    opts.limit,
  ]);
}

/**
 * Transfers at or below `upTo` and above block `sinceBlock` that have no app.transactions row (nor
 * app.foreign_transfers row: kept aside, foreign.ts; nor app.deposit_sweeps row: a sweep): what
 * a reorg deeper than the confirmation depth put below the cursor (or anything else the cursor
 * missed). Normally empty.
 */
export function readUnrecordedTransfers(
  sql: SqlOrTx,
  opts: { chainId: number; sinceBlock: bigint; upTo: Position; confirmations: number; limit: number },
): Promise<TransferPage> {
  const inner = `
    SELECT ${TRANSFER_COLUMNS} FROM ${CHAIN_VIEWS}.usdc_transfer t
    WHERE t.chain_id = $1 AND t.block_number > $3::int8
      AND (t.block_number, t.log_index) <= ($4::int8, $5::int4)
      AND t.block_number <= ${SAFE_BLOCK}
      AND NOT EXISTS (SELECT 1 FROM app.transactions x
                      WHERE x.chain_id = t.chain_id AND x.tx_hash = t.transaction_hash AND x.log_index = t.log_index)
      AND NOT EXISTS (SELECT 1 FROM app.foreign_transfers f
                      WHERE f.chain_id = t.chain_id AND f.tx_hash = t.transaction_hash AND f.log_index = t.log_index)
      AND NOT EXISTS (SELECT 1 FROM app.deposit_sweeps s
                      WHERE s.chain_id = t.chain_id AND s.tx_hash = t.transaction_hash AND s.log_index = t.log_index)
    ORDER BY t.block_number, t.log_index
    LIMIT $6`;
  return pageWithCheckpoint(sql, opts.chainId, inner, [opts.chainId, opts.confirmations, opts.sinceBlock, opts.upTo.blockNumber, opts.upTo.logIndex, opts.limit]);
}

/** The merchant accounts the current indexer instance covers on this chain (lowercase). */
export async function readIndexedAccounts(sql: Sql, chainId: number): Promise<{ account: string; fromBlock: bigint }[] | null> {
  try {
    const rows = (await sql.unsafe(
      `SELECT merchant_account, from_block FROM ${CHAIN_VIEWS}.indexed_merchant_account WHERE chain_id = $1`,
      [chainId],
    )) as unknown as Row[];
    return rows.map((r) => ({ account: String(r.merchant_account).toLowerCase(), fromBlock: BigInt(r.from_block as bigint) }));
  } catch (err) {
    if (isViewsMissing(err)) return null;
    throw err;
  }
}

export interface AuditFinding {
  transactionId: string;
  status: string;
  paymentIntentId: string | null;
  feeStatus: string;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string | null;
  /** Where the same log is now, if it is still indexed (a different block: it moved). */
  nowBlockNumber: bigint | null;
  nowBlockHash: string | null;
}

/**
 * Blocks in (sinceBlock, checkpoint] holding recorded (not failed) transactions whose block hash no
 * indexed transfer carries any more: the block at that height was replaced (a reorg). One index
 * probe per block, so the audit stays cheap however many transfers a block holds. Blocks above the
 * checkpoint are not judged (the indexer has not reached them on the current chain).
 */
export async function findReplacedBlocks(sql: Sql, opts: { chainId: number; sinceBlock: bigint }): Promise<bigint[] | null> {
  // usdc_transfer is named before chain_checkpoint (see the header).
  const text = `
    WITH b AS (
      SELECT DISTINCT block_number, block_hash FROM app.transactions
      WHERE chain_id = $1 AND status <> 'failed' AND block_number > $2::int8
      UNION
      -- The sweeps of deposit addresses (accounting, not transactions: matching/deposits.ts).
      SELECT block_number, block_hash FROM app.deposit_sweeps
      WHERE chain_id = $1 AND block_number > $2::int8
    )
    SELECT b.block_number FROM b
    WHERE NOT EXISTS (SELECT 1 FROM ${CHAIN_VIEWS}.usdc_transfer t
                      WHERE t.chain_id = $1 AND t.block_number = b.block_number AND t.block_hash = b.block_hash)
      AND b.block_number <= (SELECT c.block_number FROM ${CHAIN_VIEWS}.chain_checkpoint c WHERE c.chain_id = $1)
    ORDER BY b.block_number`;
  try {
    const rows = (await sql.unsafe(text, [opts.chainId, opts.sinceBlock] as never[])) as unknown as Row[];
    return rows.map((r) => BigInt(r.block_number as bigint));
  } catch (err) {
    if (isViewsMissing(err)) return null;
    throw err;
  }
}

export interface SweepFinding {
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  depositAddress: string;
  token: string;
  /** Where the same log is now, if it is still indexed (a different block: it moved). */
  nowBlockNumber: bigint | null;
  nowBlockHash: string | null;
}

/** The recorded sweeps of these (replaced) blocks whose log is no longer indexed, or moved (as below). */
export async function auditRecordedSweeps(sql: Sql, opts: { chainId: number; blocks: bigint[] }): Promise<SweepFinding[] | null> {
  if (opts.blocks.length === 0) return [];
  const rows = await goneOrMoved(sql, "app.deposit_sweeps", "r.deposit_address, r.token", "", opts);
  return rows?.map((r) => ({
    txHash: String(r.tx_hash),
    logIndex: Number(r.log_index),
    blockNumber: BigInt(r.block_number as bigint),
    blockHash: String(r.block_hash),
    depositAddress: String(r.deposit_address),
    token: String(r.token),
    nowBlockNumber: r.now_block === null || r.now_block === undefined ? null : BigInt(r.now_block as bigint),
    nowBlockHash: (r.now_hash as string | null) ?? null,
  })) ?? null;
}

/**
 * The rows of `table` (a ledger of logs: chain_id, tx_hash, log_index, block_number, block_hash) in
 * these replaced blocks, at or below the checkpoint, whose log is no longer indexed or is indexed in
 * a block with another hash (it moved: where to is in now_block, now_hash). `columns` and `filter`
 * name the table's own (as `r`). Null when the chain views are missing.
 */
async function goneOrMoved(sql: Sql, table: string, columns: string, filter: string, opts: { chainId: number; blocks: bigint[] }): Promise<Row[] | null> {
  const text = `
    SELECT ${columns}, r.tx_hash, r.log_index, r.block_number, r.block_hash, m.block_number AS now_block, m.block_hash AS now_hash
    FROM ${table} r
    LEFT JOIN LATERAL (
      SELECT t.block_number, t.block_hash FROM ${CHAIN_VIEWS}.usdc_transfer t
      WHERE t.transaction_hash = r.tx_hash AND t.log_index = r.log_index AND t.chain_id = r.chain_id
      LIMIT 1) m ON true
    WHERE r.chain_id = $1 ${filter}
      AND r.block_number = ANY (SELECT jsonb_array_elements_text($2::text::jsonb)::int8)
      AND r.block_number <= (SELECT c.block_number FROM ${CHAIN_VIEWS}.chain_checkpoint c WHERE c.chain_id = $1)
      AND (m.block_hash IS NULL OR m.block_hash IS DISTINCT FROM r.block_hash)
    ORDER BY r.block_number, r.log_index`;
  try {
    return (await sql.unsafe(text, [opts.chainId, JSON.stringify(opts.blocks.map(String))] as never[])) as unknown as Row[];
  } catch (err) {
    if (isViewsMissing(err)) return null;
    throw err;
  }
}

/**
 * The recorded transactions of these (replaced) blocks whose log is no longer indexed, or is
 * indexed in a block with another hash (it moved). Only blocks at or below the checkpoint.
 */
export async function auditRecordedTransfers(sql: Sql, opts: { chainId: number; blocks: bigint[] }): Promise<AuditFinding[] | null> {
  if (opts.blocks.length === 0) return [];
  const rows = await goneOrMoved(sql, "app.transactions", "r.id, r.status, r.payment_intent_id, r.fee_status", "AND r.status <> 'failed'", opts);
  if (rows === null) return null;
  return rows.map((r) => ({
    transactionId: String(r.id),
    status: String(r.status),
    paymentIntentId: (r.payment_intent_id as string | null) ?? null,
    feeStatus: String(r.fee_status),
    txHash: String(r.tx_hash),
    logIndex: Number(r.log_index),
    blockNumber: BigInt(r.block_number as bigint),
    blockHash: (r.block_hash as string | null) ?? null,
    nowBlockNumber: r.now_block === null || r.now_block === undefined ? null : BigInt(r.now_block as bigint),
    nowBlockHash: (r.now_hash as string | null) ?? null,
  }));
}
