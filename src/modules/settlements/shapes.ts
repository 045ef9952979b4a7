/**
 * Wire shape of a settlement (DECISIONS.md "Settlement"): the get shape, which is also the
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
 */

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
import { t } from "elysia";
import type { SettlementRow, SettlementWithdrawalRow } from "../../db/schema/settlement.ts";
import { CHAIN_NAMES, chainNameOf, TOKEN_SYMBOLS, type ChainName, type TokenSymbol } from "../../domain/networks.ts";
import { unitsToUsd } from "../../domain/money.ts";
import { isoMs } from "../../domain/text.ts";

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

export const SettlementSchema = t.Object(
  {
    id: t.String({ examples: ["stl_4fQm2Lx9RtVb8NcZ1aWd3KpH"] }),
    object: t.Literal("settlement"),
    merchant_id: t.String({ examples: ["mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K"] }),
    amount: t.Number({ examples: [1234.56], description: "USD paid to the bank: the net amount of its transactions." }),
    currency: t.Literal("usd"),
    status: t.Union([t.Literal("pending"), t.Literal("in_transit"), t.Literal("completed"), t.Literal("failed")]),
    method: t.Literal("ach"),
    transaction_count: t.Integer({ examples: [12] }),
    bank_account: t.Object({ bank_name: t.String(), last_4: t.String() }, { additionalProperties: false }),
    initiated_at: t.String({ format: "date-time" }),
    expected_arrival_date: t.Union([t.String({ format: "date", examples: ["2026-04-03"] }), t.Null()]),
    completed_at: t.Union([t.String({ format: "date-time" }), t.Null()]),
    withdrawals: t.Array(
      t.Object(
        {
          chain: t.UnionEnum([...CHAIN_NAMES], { examples: ["base"] }),
          token: t.UnionEnum([...TOKEN_SYMBOLS], { examples: ["USDC"] }),
          amount: t.Number({ examples: [1000.5], description: "USD of this pair in the settlement: the net amount of its transactions." }),
          status: t.Union([t.Literal("pending"), t.Literal("withdrawn"), t.Literal("failed")], {
            description:
              "`pending`: the withdrawal from the merchant account is on its way (or retried after an error); `withdrawn`: mined at the chain's confirmation depth (or nothing to withdraw: the money was already at the payout address); `failed`: the account refused it, nothing of this pair moved, and its payments are back in `available` for the next run (not counted in the settlement's `amount`).",
          }),
          tx_hash: t.Union([t.String({ examples: ["0x8d1e0f6a4c2b7e9d3f5a1c8b6e4d2f0a9c7b5e3d1f8a6c4b2e0d9f7a5c3b1e8d"] }), t.Null()], { description: "The withdrawal's transaction, once withdrawn." }),
          withdrawn_at: t.Union([t.String({ format: "date-time" }), t.Null()]),
        },
        { additionalProperties: false },
      ),
      {
        description:
          "The settlement's withdrawals from the merchant account, one per (chain, token) pair it takes. One run withdraws every pair and pays one bank transfer for the total (`amount`), after every pair is withdrawn: while one pair's withdrawal is retried the settlement stays `pending`.",
      },
    ),
  },
  { additionalProperties: false },
);

export const SettlementListSchema = t.Object(
  {
    object: t.Literal("list"),
    data: t.Array(SettlementSchema),
    has_more: t.Boolean(),
    total_count: t.Integer(),
  },
  { additionalProperties: false },
);
