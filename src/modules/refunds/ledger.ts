/**
 * Refunds in a settlement run (merchants/available.ts defines what `available` sets aside for
 * refunds; this is how a run takes it). Called by settlements/service.ts inside the run's database
 * transaction, under the merchant's money lock, so a refund created concurrently either is counted
 * by the run or sees the run's transactions gone from `available`. Everything is per (chain, token)
 * pair: a refund is paid in its payment's token, from that token's money in the account.
 */
import type { SqlOrTx } from "../../db/client.ts";
import { refundDeductionSql, refundsToSetAside } from "../merchants/available.ts";

export const pairKey = (chainId: number, token: string) => `${chainId}:${token}`;

interface AsideRow {
  id: string;
  units: bigint;
  /** Set aside by an earlier run, then failed or cancelled: given back by this one. */
  release: boolean;
  key: string;
}

export interface SetAside {
  rows: AsideRow[];
  /** What the run withdraws less per pair (negative: gives back more than it sets aside). */
  byPair: Map<string, bigint>;
}

/** Locks and sums the refunds `available` counts for the merchant, per pair (refund rows before transaction rows). */
export async function refundsForRun(tx: SqlOrTx, merchantId: string): Promise<SetAside> {
  const found = await tx<{ id: string; units: string; release: boolean; chain_id: number; token: string }[]>`
    SELECT r.id, (${refundDeductionSql(tx)})::text AS units, (r.settlement_id IS NOT NULL) AS release, r.chain_id, r.token
    FROM app.refunds r WHERE ${refundsToSetAside(tx, merchantId)}
    ORDER BY r.id
    FOR UPDATE`;
  const rows = found.map((r) => ({ id: r.id, units: BigInt(r.units), release: r.release, key: pairKey(Number(r.chain_id), r.token) }));
  const byPair = new Map<string, bigint>();
  for (const r of rows) byPair.set(r.key, (byPair.get(r.key) ?? 0n) + r.units);
  return { rows, byPair };
}

/** Records that run `settlementId` took what `aside` holds for the pairs in `pairs` (after the settlement row exists). */
export async function markSetAside(tx: SqlOrTx, settlementId: string, aside: SetAside, pairs: Set<string>): Promise<void> {
  const taken = aside.rows.filter((r) => pairs.has(r.key));
  const holdIds = taken.filter((r) => !r.release).map((r) => r.id);
  const releaseIds = taken.filter((r) => r.release).map((r) => r.id);
  if (holdIds.length > 0)
    await tx`UPDATE app.refunds SET settlement_id = ${settlementId} WHERE id = ANY(${holdIds}::text[]) AND settlement_id IS NULL`;
  if (releaseIds.length > 0)
    await tx`UPDATE app.refunds SET released_settlement_id = ${settlementId} WHERE id = ANY(${releaseIds}::text[]) AND released_settlement_id IS NULL`;
}

/**
 * A run whose withdrawal moved nothing (reverted), in every pair or in `pair`: what it set aside and
 * gave back there is again for the next run to take, like its transactions. Returns the units undone.
 * (A refund it set aside that a later run already gave back stays as it is: logged by the caller's
 * alert, it is the rare case of two runs of one merchant in flight at once.)
 */
export async function undoSetAside(tx: SqlOrTx, settlementId: string, pair?: { chainId: number; token: string }): Promise<bigint> {
  const ofPair = pair ? tx`AND chain_id = ${pair.chainId} AND token = ${pair.token}` : tx``;
  const released = await tx<{ units: string }[]>`
    UPDATE app.refunds SET released_settlement_id = NULL WHERE released_settlement_id = ${settlementId} ${ofPair} RETURNING amount_units::text AS units`;
  const held = await tx<{ units: string }[]>`
    UPDATE app.refunds SET settlement_id = NULL WHERE settlement_id = ${settlementId} AND released_settlement_id IS NULL ${ofPair} RETURNING amount_units::text AS units`;
  return held.reduce((s, r) => s + BigInt(r.units), 0n) - released.reduce((s, r) => s + BigInt(r.units), 0n);
}

/**
 * What the runs `withdrawalSettlementIds` set aside for refunds in one pair (ACH returns being paid
 * again: that money never reached the payout address, so the retry pays that much less).
 */
export async function setAsideByWithdrawals(tx: SqlOrTx, withdrawalSettlementIds: string[], pair: { chainId: number; token: string }): Promise<bigint> {
  if (withdrawalSettlementIds.length === 0) return 0n;
  const [r] = await tx<{ held: string | null; released: string | null }[]>`
    SELECT sum(amount_units) FILTER (WHERE settlement_id = ANY(${withdrawalSettlementIds}::text[]))::text AS held,
           sum(amount_units) FILTER (WHERE released_settlement_id = ANY(${withdrawalSettlementIds}::text[]))::text AS released
    FROM app.refunds
    WHERE chain_id = ${pair.chainId} AND token = ${pair.token}
      AND (settlement_id = ANY(${withdrawalSettlementIds}::text[]) OR released_settlement_id = ANY(${withdrawalSettlementIds}::text[]))`;
  return (r?.held ? BigInt(r.held) : 0n) - (r?.released ? BigInt(r.released) : 0n);
}
