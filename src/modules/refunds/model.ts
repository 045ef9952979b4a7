/**
 * Schemas of the refund endpoints: the create body and the list query (each one schema that
 * validates and documents, refined by input.ts) and the refund object built by shapes.ts.
 */
import { t } from "elysia";
import { named } from "../../http/openapi.ts";
import { eip712DomainType, refundTypes } from "../../../contracts/abis.ts";
import { Type } from "@sinclair/typebox";
import { coded } from "../../http/schema-route.ts";
import { ChainField, TokenField } from "../../http/pair-params.ts";
import { listSchema, LimitQuery, startingAfterQuery } from "../../http/list-params.ts";
import { DEPRECATED_CANCELLED, REFUND_STATUSES } from "../../domain/refund-status.ts";
import { IDEMPOTENCY_KEY_MAX } from "../idempotency/key.ts";
import { METADATA_KEY_MAX, METADATA_MAX_KEYS, METADATA_VALUE_MAX } from "../payment-intents/input.ts";
import { REFUND_REASONS } from "./shapes.ts";

const EX_ID = "re_3NxQm2LpR4tVb8NcZ1aWd3Kq";
const EX_INTENT = "pi_3MtwBwLkdIwHu7ix28a3tqPa";
const EX_TXN = "txn_4fQm8ZpX2LbR7cVt1NwKd9Ya";
const EX_MERCHANT = "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K";
const EX_RECIPIENT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const EX_HASH = "0x5e1d3a0c7b9f2e4d6a8c0b1f3e5d7a9c2b4e6f8a0c1d3e5f7a9b2c4d6e8f0a1b";
const EX_METADATA = { order_id: "order_1042" };

const Status = t.Union(
  REFUND_STATUSES.map((s) => t.Literal(s)),
  {
    description:
      "`requires_approval`: no refund budget of the owner covers it, it waits for the owner's signature; `pending`: paid from the budget or with the owner's signature, being sent; `succeeded`: mined at the chain's confirmation depth (`tx_hash`); `failed`: reverted or refused (`failure_reason`), nothing paid (a signed one whose authorization is submitted on chain after all becomes `succeeded`); `cancelled`: withdrawn before it was sent.",
  },
);
const Reason = t.Union(
  REFUND_REASONS.map((r) => t.Literal(r)),
  { description: "Why the payment is refunded, for the record." },
);
const METADATA_DOC = {
  description: `Key-value pairs for your own use, returned unchanged. At most ${METADATA_MAX_KEYS} keys of up to ${METADATA_KEY_MAX} characters, string values of up to ${METADATA_VALUE_MAX} characters.`,
  examples: [EX_METADATA],
};

export const CreateRefundBody = t.Object(
  {
    payment_intent: t.Optional(
      t.String({ minLength: 1, description: "The paid intent (`confirmed` or `settled`) whose payment to refund, `pi_*`. Required unless `transaction` is given.", examples: [EX_INTENT] }),
    ),
    transaction: t.Optional(
      t.String({
        minLength: 1,
        description: "The payment to refund, `txn_*`: any confirmed payment, including a late one or one that matched no intent. With `payment_intent`, it must be a payment of that intent.",
        examples: [EX_TXN],
      }),
    ),
    amount: t.Optional(
      t.Number({
        description: "USD to refund, up to 6 decimal places. Default: everything still refundable (the amount received less the payment's other refunds). The platform fee is not returned: it is the merchant's cost.",
        examples: [5],
      }),
    ),
    recipient_address: t.String({
      minLength: 1,
      description: "Where the refund is paid on the payment's chain (an EVM address). Required: the service never assumes the sender's address (an exchange pays from shared wallets); confirm it with the customer. The transaction's `sender_address` is the payer's.",
      examples: [EX_RECIPIENT],
    }),
    reason: t.Optional(Reason),
    metadata: t.Optional(
      coded(t.Record(t.String(), t.String(), { ...METADATA_DOC, maxProperties: METADATA_MAX_KEYS }), {
        all: "metadata_invalid",
        message: () => `Invalid metadata: must be an object of at most ${METADATA_MAX_KEYS} string values, keys of 1 to ${METADATA_KEY_MAX} and values of up to ${METADATA_VALUE_MAX} characters.`,
      }),
    ),
    idempotency_key: t.Optional(
      t.String({
        minLength: 1,
        maxLength: IDEMPOTENCY_KEY_MAX,
        description: "Sending the same key again within 24 hours returns the refund it created (200, `Idempotent-Replayed: true`); with other parameters, 409 `idempotency_key_reused`. Or the `Idempotency-Key` header.",
        examples: ["refund-order_1042-1"],
      }),
    ),
  },
  {
    additionalProperties: false,
    description: "Any other field is refused with 400 `parameter_unknown`.",
    examples: [{ payment_intent: EX_INTENT, amount: 5, recipient_address: EX_RECIPIENT, reason: "requested_by_customer", metadata: EX_METADATA }],
  },
);

const refundExample = {
  id: EX_ID,
  object: "refund",
  status: "succeeded",
  amount: 5,
  currency: "usd",
  payment_intent: EX_INTENT,
  transaction: EX_TXN,
  merchant_id: EX_MERCHANT,
  chain: "base",
  token: "USDC",
  recipient_address: EX_RECIPIENT,
  reason: "requested_by_customer",
  metadata: EX_METADATA,
  tx_hash: EX_HASH,
  failure_reason: null,
  created_at: "2026-04-01T12:05:00.000Z",
};
const waitingExample = { ...refundExample, status: "requires_approval", tx_hash: null };

export const RefundSchema = t.Object(
  {
    id: t.String({ description: "`re_*`", examples: [EX_ID] }),
    object: t.Literal("refund"),
    status: Status,
    amount: t.Number({ description: "USD refunded (in the payment's token, 1 USD = 1 token).", examples: [5] }),
    currency: t.Literal("usd"),
    payment_intent: t.Union([t.String(), t.Null()], { description: "The intent of the refunded payment; null for a payment that matched no intent.", examples: [EX_INTENT] }),
    transaction: t.String({ description: "The refunded payment, `txn_*`.", examples: [EX_TXN] }),
    merchant_id: t.String({ examples: [EX_MERCHANT] }),
    chain: ChainField,
    token: TokenField,
    recipient_address: t.String({ description: "Where the refund is paid (checksummed).", examples: [EX_RECIPIENT] }),
    reason: t.Union([Reason, t.Null()], { examples: ["requested_by_customer"] }),
    metadata: t.Record(t.String(), t.String(), METADATA_DOC),
    tx_hash: t.Union([t.String(), t.Null()], { description: "The refund's on-chain transaction: set once it succeeded.", examples: [EX_HASH] }),
    failure_reason: t.Union([t.String(), t.Null()], { description: "Why it failed (status `failed`); null otherwise.", examples: [null] }),
    created_at: t.String({ format: "date-time", examples: ["2026-04-01T12:05:00.000Z"] }),
  },
  { additionalProperties: false, description: "A refund: money paid back from the merchant's account to `recipient_address`.", examples: [refundExample, waitingExample] },
);

export const RefundListSchema = listSchema(RefundSchema, refundExample, {
  order: "Newest first: `created_at` descending, then `id` descending.",
  totalCount: Type.Integer({ description: "Every refund matching the filters, ignoring the cursor.", examples: [1] }),
});

export const RefundIdParams = t.Object({ id: t.String({ description: "Refund id, `re_*`. Any other id, or one the key may not see, is 404 `resource_missing`.", examples: [EX_ID] }) });

export const ListRefundsQuery = t.Object(
  {
    payment_intent: t.Optional(t.String({ minLength: 1, description: "Only the refunds of this intent's payments. An intent the key may not see is 404.", examples: [EX_INTENT] })),
    merchant_id: t.Optional(
      t.String({ minLength: 1, description: "The merchant. Required unless `payment_intent` is given or the API key is scoped to a single merchant (400 `parameter_missing`).", examples: [EX_MERCHANT] }),
    ),
    status: t.Optional(
      t.Union([...REFUND_STATUSES, DEPRECATED_CANCELLED].map((s) => t.Literal(s)), {
        description: "Only refunds in this status. `canceled` is the deprecated spelling of `cancelled`, accepted until the next release (CHANGELOG.md); answers always say `cancelled`.",
      }),
    ),
    limit: LimitQuery,
    starting_after: startingAfterQuery(EX_ID),
  },
  { additionalProperties: false },
);

const EX_ACCOUNT = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const EX_OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const typedEntry = t.Object({ name: t.String(), type: t.String() }, { additionalProperties: false });
const authorizationExample = {
  object: "refund_authorization",
  refund: EX_ID,
  signer: EX_OWNER,
  deadline: 1775131200,
  typed_data: {
    types: {
      EIP712Domain: [...eip712DomainType],
      Refund: [...refundTypes.Refund],
    },
    primaryType: "Refund",
    domain: { name: "StablePay MerchantAccount", version: "2", chainId: 8453, verifyingContract: EX_ACCOUNT },
    message: {
      refundId: "0x8b1a944cf13a9a1c08facb2c9e98623ef3254d2ddb48113885c3e8e97fec8db9",
      ref: "0x1f0c3b2a6d4e5f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8",
      token: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      to: EX_RECIPIENT,
      amount: "5000000",
      deadline: "1775131200",
    },
  },
};

export const RefundAuthorizationSchema = t.Object(
  {
    object: t.Literal("refund_authorization"),
    refund: t.String({ description: "The refund, `re_*`.", examples: [EX_ID] }),
    signer: t.String({ description: "Who must sign: the merchant account's owner (checksummed).", examples: [EX_OWNER] }),
    deadline: t.Integer({ description: "Unix seconds: the signature pays nothing after this (24 hours from the request).", examples: [1775131200] }),
    typed_data: t.Object(
      {
        types: t.Object({ EIP712Domain: t.Array(typedEntry), Refund: t.Array(typedEntry) }, { additionalProperties: false }),
        primaryType: t.Literal("Refund"),
        domain: t.Object(
          { name: t.String(), version: t.String(), chainId: t.Integer(), verifyingContract: t.String() },
          { additionalProperties: false, description: "The merchant account on the payment's chain." },
        ),
        message: t.Object(
          { refundId: t.String(), ref: t.String(), token: t.String(), to: t.String(), amount: t.String({ description: "Base units of the token." }), deadline: t.String() },
          { additionalProperties: false },
        ),
      },
      { additionalProperties: false, description: "The EIP-712 message, as `eth_signTypedData_v4` takes it." },
    ),
  },
  { additionalProperties: false, examples: [authorizationExample] },
);

export const ApproveRefundBody = t.Object(
  {
    signature: t.Optional(
      t.String({
        pattern: "^0x[0-9a-fA-F]{130}$",
        description: "Required. The owner's 65-byte signature of `typed_data` (from GET …/authorization) with this `deadline`, as `eth_signTypedData_v4` returns it.",
        examples: [`0x${"ab".repeat(65)}`],
      }),
    ),
    deadline: t.Optional(
      t.Integer({
        minimum: 1,
        description: "Required. The `deadline` the owner signed (Unix seconds): not passed, and at most 7 days ahead. A signed refund that fails keeps its amount held until this deadline.",
        examples: [1775131200],
      }),
    ),
  },
  {
    additionalProperties: false,
    description: "Both fields are required (checked after the refund's id, so an unknown id is 404 whatever the body).",
    examples: [{ signature: `0x${"ab".repeat(65)}`, deadline: 1775131200 }],
  },
);

/** Their names in the OpenAPI document (components.schemas), where integrators' generators find them. */
for (const [name, schema] of [
  ["Refund", RefundSchema],
  ["RefundList", RefundListSchema],
  ["RefundAuthorization", RefundAuthorizationSchema],
] as const) named(name, schema);
