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
 */
import { t } from "elysia";
import type { SettlementRow } from "../../db/schema/settlement.ts";
import { unitsToUsd } from "../../domain/money.ts";
import { isoMs } from "../../domain/text.ts";

export function settlementShape(s: SettlementRow) {
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
