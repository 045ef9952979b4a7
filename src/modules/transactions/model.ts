/**
 * Schemas of the transaction endpoints: the responses built by shapes.ts (documented), and the list
 * query, whose one schema validates and documents it (refined by refineListTransactions). Pure: no
 * database.
 */
import { t, type Static } from "elysia";
import { named } from "../../http/openapi.ts";
import type { TransactionStatus } from "../../db/schema/core.ts";
import { ApiError } from "../../domain/errors.ts";
import { isIdOf } from "../../domain/ids.ts";
import { ChainField, chainParam, TokenField, tokenParam } from "../../http/pair-params.ts";
import { listSchema, parseAfterParam, parseBeforeParam, parseCursorParam, parseLimitParam, rawQueryParam, LimitQuery, startingAfterQuery } from "../../http/list-params.ts";

export const TRANSACTION_STATUSES: readonly TransactionStatus[] = ["confirmed", "settled", "failed"];

const EX_ID = "txn_4fQm8ZpX2LbR7cVt1NwKd9Ya";
const EX_INTENT = "pi_3MtwBwLkdIwHu7ix28a3tqPa";
const EX_MERCHANT = "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K";
const EX_ADDRESS = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const EX_SENDER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const EX_HASH = "0x9f2c4e0b7a1d3c5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6";
const EX_METADATA = { order_id: "order_1042", register: "front-1" };

const Usd = (description: string, example: number) => t.Number({ description, examples: [example] });
const Timestamp = (description: string) => t.String({ format: "date-time", description, examples: ["2026-04-01T12:01:12.345Z"] });

const listItemExample = {
  id: EX_ID,
  object: "transaction",
  payment_intent_id: EX_INTENT,
  merchant_id: EX_MERCHANT,
  status: "confirmed",
  amount: 12.5,
  currency: "usd",
  net_amount: 12.375,
  fee: 0.125,
  chain: "base",
  token: "USDC",
  tx_hash: EX_HASH,
  settlement_status: "pending",
  confirmed_at: "2026-04-01T12:01:12.345Z",
  metadata: EX_METADATA,
  amount_refunded: 0,
};
const getExample = { ...listItemExample, fee_rate: 0.01, block_number: 28411023, sender_address: EX_SENDER, payment_address: EX_ADDRESS };

const listItemFields = {
  id: t.String({ description: "`txn_*`", examples: [EX_ID] }),
  object: t.Literal("transaction"),
  payment_intent_id: t.Union([t.String(), t.Null()], {
    description: "The intent the payment matched, `pi_*`; null for a payment that matched no intent (it is still the merchant's money and is recorded).",
    examples: [EX_INTENT],
  }),
  merchant_id: t.String({ examples: [EX_MERCHANT] }),
  status: t.Union([t.Literal("confirmed"), t.Literal("settled"), t.Literal("failed")], {
    description: "`confirmed` once recorded; `settled` once paid out to the merchant's bank.",
  }),
  amount: Usd("The amount received in USD (what arrived on-chain).", 12.5),
  currency: t.Literal("usd"),
  net_amount: Usd("Amount after fee: amount minus fee.", 12.375),
  fee: Usd("Fee in USD: round_half_up(amount × fee_rate) at 6 decimals.", 0.125),
  chain: ChainField,
  token: TokenField,
  tx_hash: t.String({ description: "On-chain transaction hash.", examples: [EX_HASH] }),
  settlement_status: t.Union([t.Literal("pending"), t.Literal("in_transit"), t.Literal("paid"), t.Literal("failed")], {
    description: "`pending` until a settlement takes the funds, `in_transit` during the ACH transfer, `paid` once it completes.",
  }),
  confirmed_at: Timestamp("When the payment was confirmed on-chain."),
  metadata: t.Record(t.String(), t.String(), { description: "Metadata of the payment intent; `{}` when there is none.", examples: [EX_METADATA] }),
  amount_refunded: Usd("USD refunded of this payment: its refunds that are not `failed` or `cancelled` (see Refunds).", 0),
  deposit_address_id: t.Optional(
    t.String({
      description: "Only on a payment to a customer's reusable deposit address (`dep_*`, see Deposit addresses): which one. Such a payment has no intent (`payment_intent_id` null), and its `metadata` is the address's.",
      examples: ["dep_3Kq8ZpX2LbQ7cVm1NwKd9YaB"],
    }),
  ),
};

export const TransactionListItemSchema = t.Object(listItemFields, {
  additionalProperties: false,
  description: "List item: the transaction without `fee_rate`, `block_number`, `sender_address` and `payment_address`.",
  examples: [listItemExample],
});

export const TransactionSchema = t.Object(
  {
    ...listItemFields,
    fee_rate: t.Number({ description: "Fee rate applied (0.01 = 1%).", examples: [0.01] }),
    block_number: t.Integer({ description: "Block that holds the transfer.", examples: [28411023] }),
    sender_address: t.String({ description: "The payer's on-chain address.", examples: [EX_SENDER] }),
    payment_address: t.String({ description: "The merchant's on-chain account that received the payment.", examples: [EX_ADDRESS] }),
  },
  { additionalProperties: false, description: "A transaction: the record of a confirmed on-chain payment.", examples: [getExample] },
);

export const TransactionListSchema = listSchema(TransactionListItemSchema, listItemExample, {
  order: "Newest first: `confirmed_at` descending, then `id` descending.",
  totalCount: t.Integer({ description: "Every transaction matching the filters, ignoring the cursor.", examples: [1] }),
});

export const TransactionIdParams = t.Object({
  id: t.String({ description: "Transaction id, `txn_*`. Any other id, or one the key may not see, is 404 `resource_missing`.", examples: [EX_ID] }),
});

/** The list query: this one schema validates (unknown names, types, the status) and documents it. */
export const TransactionListQuery = t.Object(
  {
    merchant_id: t.Optional(
      t.String({
        minLength: 1,
        description:
          "The merchant whose transactions to list. Required unless the API key is scoped to a single merchant (400 `parameter_missing`); a merchant the key may not see is 404 `resource_missing`.",
        examples: [EX_MERCHANT],
      }),
    ),
    status: t.Optional(t.Union(TRANSACTION_STATUSES.map((x) => t.Literal(x)), { description: "Only transactions in this status." })),
    chain: chainParam("Only transactions on this chain."),
    token: tokenParam("Only transactions in this token."),
    date_from: t.Optional(
      t.String({
        description: "ISO 8601 (`2026-04-01T12:00:00.000Z`, an offset, or a date meaning midnight UTC). Only transactions confirmed strictly after this time.",
        examples: ["2026-04-01T00:00:00.000Z"],
      }),
    ),
    date_to: t.Optional(t.String({ description: "ISO 8601. Only transactions confirmed strictly before this time.", examples: ["2026-04-02T00:00:00.000Z"] })),
    settlement: t.Optional(
      t.String({
        description:
          "Only the transactions a settlement (`stl_*`) took, including those of a failed settlement (which go back to the available balance). A settlement of another merchant, or none, matches nothing.",
        examples: ["stl_4fQm2Lx9RtVb8NcZ1aWd3KpH"],
      }),
    ),
    deposit_address_id: t.Optional(
      t.String({ description: "Only the payments to this customer's deposit address (`dep_*`): one customer's payments. One of another merchant matches nothing.", examples: ["dep_3Kq8ZpX2LbQ7cVm1NwKd9YaB"] }),
    ),
    limit: LimitQuery,
    starting_after: startingAfterQuery(EX_ID),
  },
  { additionalProperties: false },
);

export interface ListTransactionsInput {
  /** undefined: the key's scoped merchant (resolved by the service). */
  merchantId: string | undefined;
  status: TransactionStatus | undefined;
  /** Strict bounds on confirmed_at, in ms: confirmed_at > from, confirmed_at < to. */
  fromMs: number | undefined;
  toMs: number | undefined;
  /** Only transactions listed by this settlement (app.settlement_transactions). */
  settlementId?: string | undefined;
  /** Only the payments to this customer's deposit address. */
  depositAddressId?: string | undefined;
  limit: number;
  startingAfter: string | undefined;
  /** Pair filters as sent; checked against the mode's enabled pairs by the service (chain/pairs.ts). */
  chain?: string | undefined;
  token?: string | undefined;
}

/** The refine steps of the list query (what its schema cannot say): time bounds, limit range, id kinds. */
export function refineListTransactions(q: Static<typeof TransactionListQuery>, url: string): ListTransactionsInput {
  return {
    merchantId: q.merchant_id,
    status: q.status,
    fromMs: parseAfterParam(q.date_from, "date_from"),
    toMs: parseBeforeParam(q.date_to, "date_to"),
    settlementId: parseSettlementParam(q.settlement),
    depositAddressId: parseDepositAddressParam(q.deposit_address_id),
    limit: parseLimitParam(rawQueryParam(url, "limit")),
    startingAfter: parseCursorParam(q.starting_after, "transaction"),
    chain: q.chain,
    token: q.token,
  };
}

function parseSettlementParam(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!isIdOf("settlement", value)) throw new ApiError("parameter_invalid", "Invalid settlement: must be a settlement id such as 'stl_…'.", "settlement");
  return value;
}

function parseDepositAddressParam(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!isIdOf("depositAddress", value)) throw new ApiError("parameter_invalid", "Invalid deposit_address_id: must be a deposit address id such as 'dep_…'.", "deposit_address_id");
  return value;
}

/** Their names in the OpenAPI document (components.schemas), where integrators' generators find them. */
for (const [name, schema] of [
  ["Transaction", TransactionSchema],
  ["TransactionListItem", TransactionListItemSchema],
  ["TransactionList", TransactionListSchema],
] as const) named(name, schema);
