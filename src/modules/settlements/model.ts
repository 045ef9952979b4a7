/** The response schemas of a settlement (its shape is shapes.ts), for the routes' validation and OpenAPI. */
import { t } from "elysia";
import { CHAIN_NAMES, TOKEN_SYMBOLS } from "../../domain/networks.ts";

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
