/**
 * Refunds in a settlement run (merchants/available.ts defines what `available` sets aside for
 * refunds; this is how a run takes it). Called by settlements/service.ts inside the run's database
 * transaction, under the merchant's money lock, so a refund created concurrently either is counted
 * by the run or sees the run's transactions gone from `available`.
 */
import type { SqlOrTx } from "../../db/client.ts";
import { refundDeductionSql, refundsToSetAside } from "../merchants/available.ts";

export interface SetAside {
  /** What the run withdraws less (negative: gives back more than it sets aside). */
  units: bigint;
  /** Refunds holding money that this run sets aside. */
  holdIds: string[];
  /** Refunds set aside earlier, then failed or canceled: given back by this run. */
  releaseIds: string[];
}

/** Locks and sums the refunds `available` counts for the merchant (refund rows before transaction rows). */
export async function refundsForRun(tx: SqlOrTx, merchantId: string): Promise<SetAside> {
  const rows = await tx<{ id: string; units: string; released: boolean }[]>`
    SELECT r.id, (${refundDeductionSql(tx)})::text AS units, (r.settlement_id IS NOT NULL) AS released
    FROM app.refunds r WHERE ${refundsToSetAside(tx, merchantId)}
    ORDER BY r.id
    FOR UPDATE`;
  return {
    units: rows.reduce((sum, r) => sum + BigInt(r.units), 0n),
    holdIds: rows.filter((r) => !r.released).map((r) => r.id),
    releaseIds: rows.filter((r) => r.released).map((r) => r.id),
  };
}

/** Records that run `settlementId` took `aside` (after the settlement row exists). */
export async function markSetAside(tx: SqlOrTx, settlementId: string, aside: SetAside): Promise<void> {
  if (aside.holdIds.length > 0)
    await tx`UPDATE app.refunds SET settlement_id = ${settlementId} WHERE id = ANY(${aside.holdIds}::text[]) AND settlement_id IS NULL`;
  if (aside.releaseIds.length > 0)
    await tx`UPDATE app.refunds SET released_settlement_id = ${settlementId} WHERE id = ANY(${aside.releaseIds}::text[]) AND released_settlement_id IS NULL`;
}

/**
 * A run whose withdrawal moved nothing (reverted) failed: what it set aside and gave back is again
 * for the next run to take, like its transactions.
 */
export async function undoSetAside(tx: SqlOrTx, settlementId: string): Promise<void> {
  await tx`UPDATE app.refunds SET released_settlement_id = NULL WHERE released_settlement_id = ${settlementId}`;
  await tx`UPDATE app.refunds SET settlement_id = NULL WHERE settlement_id = ${settlementId} AND released_settlement_id IS NULL`;
}

/**
 * The refunds set aside by the runs that withdrew `withdrawalSettlementIds` (ACH returns being paid
 * again): that money never reached the payout address, so the retry pays that much less.
 */
export async function setAsideByWithdrawals(tx: SqlOrTx, withdrawalSettlementIds: string[]): Promise<bigint> {
  if (withdrawalSettlementIds.length === 0) return 0n;
  const [r] = await tx<{ units: string | null }[]>`
    SELECT sum(refund_units)::text AS units FROM app.settlements WHERE id = ANY(${withdrawalSettlementIds}::text[])`;
  return r?.units ? BigInt(r.units) : 0n;
}
