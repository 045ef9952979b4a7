/**
 * Wire shape of a settlement (docs/contributors.md "Settlement"): the get shape, which is also the
 * `settlement.completed` payload and the items of the test helper's list.
 *
 * Decisions where the decision list is silent:
 * - `status`: pending (created, withdrawal on its way), in_transit (funds left the merchant account;
 *   ACH started or about to), completed, failed.
 * - `initiated_at`: when the run created the settlement (sandbox clock in test mode). Always set.
 * - `expected_arrival_date`: "YYYY-MM-DD" (a calendar date, not an instant), from the payout
 *   provider once the ACH transfer is initiated; null before.
 * - `completed_at`: set once completed; null otherwise.
 * - `withdrawals`: one item per (chain, token) pair the settlement takes, each withdrawn
 *   from the merchant account on its own; the bank transfer pays `amount`, their total, once every
 *   pair is withdrawn. A pair whose withdrawal waits or is retried keeps the settlement `pending`;
 *   a pair the account refused is `failed` and left out of `amount` (its payments wait for the next run).
 *
 * The response schemas that document it are in model.ts: this module is used by the settler's worker,
 * which has no HTTP framework to load.
 */
import type { SettlementRow, SettlementWithdrawalRow } from "../../db/schema/settlement.ts";
import { chainNameOf, type ChainName, type TokenSymbol } from "../../domain/networks.ts";
import { unitsToUsd } from "../../domain/money.ts";
import { isoMs } from "../../domain/text.ts";

/** One pair of a settlement in its shape. */
export function settlementWithdrawalShape(w: SettlementWithdrawalRow) {
  return {
    chain: (chainNameOf(w.chainId) ?? "base") as ChainName,
    token: w.token as TokenSymbol,
    amount: unitsToUsd(w.amountUnits),
    status: w.state,
    tx_hash: w.txHash,
    withdrawn_at: w.withdrawnAt ? isoMs(w.withdrawnAt) : null,
  };
}

export function settlementShape(s: SettlementRow, withdrawals: readonly SettlementWithdrawalRow[]) {
  return {
    id: s.id,
    object: "settlement" as const,
    merchant_id: s.merchantId,
    amount: unitsToUsd(s.amountUnits),
    currency: "usd" as const,
    status: s.status,
    method: "ach" as const,
    transaction_count: s.transactionCount,
    bank_account: { bank_name: s.bankName, last_4: s.bankLast4 },
    initiated_at: isoMs(s.initiatedAt),
    expected_arrival_date: s.expectedArrivalDate,
    completed_at: s.completedAt ? isoMs(s.completedAt) : null,
    withdrawals: withdrawals.map(settlementWithdrawalShape),
  };
}

export type SettlementShape = ReturnType<typeof settlementShape>;
