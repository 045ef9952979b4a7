/**
 * OpenAPI schemas of the payment intent endpoints: request bodies and query parameters (documented
 * here, validated by input.ts so that every failure has its own error code) and the response
 * shapes built by shapes.ts. Examples use the reference's values.
 */
import { t } from "elysia";
import { named } from "../../http/openapi.ts";
import { Type } from "@sinclair/typebox";
import type { OpenAPIV3 } from "openapi-types";
import { listSchema, LimitQuery, createdRangeQuery, startingAfterQuery } from "../../http/list-params.ts";
import { coded } from "../../http/schema-route.ts";
import { ChainField, chainParam, TokenField, tokenParam } from "../../http/pair-params.ts";
import { printableName } from "../../domain/text.ts";
import { INTENT_STATUSES } from "../../domain/intent-status.ts";
import { IDEMPOTENCY_KEY_MAX } from "../idempotency/key.ts";
import { METADATA_KEY_MAX, METADATA_MAX_KEYS, METADATA_VALUE_MAX, TTL_DEFAULT, TTL_MAX, TTL_MIN } from "./input.ts";

const EX_ID = "pi_3MtwBwLkdIwHu7ix28a3tqPa";
const EX_MERCHANT = "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K";
const EX_ADDRESS = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const EX_USDC = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const EX_METADATA = { order_id: "order_1042", register: "front-1" };

const Status = t.Union(
  [t.Literal("awaiting_payment"), t.Literal("confirmed"), t.Literal("expired"), t.Literal("cancelled"), t.Literal("settled")],
  { description: "`awaiting_payment` on creation; `expired`, `cancelled` and `settled` are final." },
);
const Timestamp = (description: string) => t.String({ format: "date-time", description, examples: ["2026-04-01T12:00:00.000Z"] });
const Usd = (description: string, example: number) => t.Number({ description, examples: [example] });
const METADATA_DOC = {
  description: `The key-value pairs attached at creation, returned unchanged. At most ${METADATA_MAX_KEYS} keys of up to ${METADATA_KEY_MAX} characters, string values of up to ${METADATA_VALUE_MAX} characters (Unicode code points).`,
  examples: [EX_METADATA],
};
const Metadata = t.Record(t.String(), t.String(), METADATA_DOC);

const TYPEBOX = { NumberMinimum: 39, NumberMaximum: 38, IntegerMinimum: 25, IntegerMaximum: 24, StringPattern: 53 } as const;

/**
 * The create body: this one schema validates the request (Elysia, mapped to their error codes by
 * SCHEMA_CODES) and documents it. What a schema cannot say is refined in input.ts: at most 2
 * decimals, metadata lengths in code points and storable text, the body/header idempotency key.
 */
export const CreateIntentBody = t.Object(
  {
    amount: coded(
      t.Number({
        minimum: 0.01,
        maximum: 10000,
        description: "Amount in USD as a JSON number, 0.01 to 10000 inclusive, at most 2 decimal places. Strings are refused.",
        examples: [12.5],
      }),
      { kinds: { [TYPEBOX.NumberMinimum]: "amount_out_of_range", [TYPEBOX.NumberMaximum]: "amount_out_of_range" }, message: () => "amount must be between 0.01 and 10000 USD." },
    ),
    currency: coded(t.String({ pattern: "^[Uu][Ss][Dd]$", description: "Only `usd` (any case).", examples: ["usd"] }), {
      kinds: { [TYPEBOX.StringPattern]: "currency_unsupported" },
      message: (v) => `Currency '${printableName(String(v))}' is not supported; the only supported currency is 'usd'.`,
    }),
    merchant_id: t.String({ minLength: 1, description: "The merchant receiving the payment, `mer_*`.", examples: [EX_MERCHANT] }),
    metadata: t.Optional(
      coded(t.Record(t.String(), t.String(), { ...METADATA_DOC, maxProperties: METADATA_MAX_KEYS }), {
        all: "metadata_invalid",
        message: () => `Invalid metadata: must be an object of at most ${METADATA_MAX_KEYS} string values, keys of 1 to ${METADATA_KEY_MAX} and values of up to ${METADATA_VALUE_MAX} characters.`,
      }),
    ),
    ttl: t.Optional(
      coded(
        Type.Integer({ minimum: TTL_MIN, maximum: TTL_MAX, default: TTL_DEFAULT, description: `Seconds until the intent expires. Default ${TTL_DEFAULT}.`, examples: [600] }),
        { kinds: { [TYPEBOX.IntegerMinimum]: "ttl_out_of_range", [TYPEBOX.IntegerMaximum]: "ttl_out_of_range" }, message: () => `ttl must be between ${TTL_MIN} and ${TTL_MAX} seconds.` },
      ),
    ),
    idempotency_key: t.Optional(
      t.String({
        minLength: 1,
        maxLength: IDEMPOTENCY_KEY_MAX,
        description:
          "Sending the same key again within 24 hours (same account and mode) returns the existing intent with HTTP 200 and `Idempotent-Replayed: true` instead of creating another; with different parameters it is refused with 409 `idempotency_key_reused`. May also be sent as the `Idempotency-Key` header (both must then be equal).",
        examples: ["order_1042-attempt-1"],
      }),
    ),
    chain: chainParam("The network the customer pays on. Default `base`."),
    token: tokenParam("The token the customer pays in, on that chain. Default `USDC`."),
    payment_address_type: t.Optional(
      t.Union([t.Literal("shared"), t.Literal("deposit")], {
        description:
          "`shared`: the merchant's account, the amount told apart by a tag of less than a cent (for wallets and EIP-681 QR codes). `deposit`: an address of the intent's own (the same on every chain), paid with any number of transfers of any amounts (for exchanges, which cannot send a tagged amount): at or above the amount it confirms, short by at most the merchant's `underpayment_tolerance` too. Default: the merchant's `default_payment_address_type`.",
        examples: ["deposit"],
      }),
    ),
  },
  {
    additionalProperties: false,
    description: "Any other field is refused with 400 `parameter_unknown`.",
    examples: [{ amount: 12.5, currency: "usd", merchant_id: EX_MERCHANT, metadata: EX_METADATA, ttl: 600 }],
  },
);

const qrPayloadExample = `ethereum:${EX_USDC}@8453/transfer?address=${EX_ADDRESS}&uint256=12500000`;

const intentExample = {
  id: EX_ID,
  object: "payment_intent",
  status: "awaiting_payment",
  amount: 12.5,
  currency: "usd",
  merchant_id: EX_MERCHANT,
  payment_address: EX_ADDRESS,
  payment_address_type: "shared",
  chain: "base",
  token: "USDC",
  qr_payload: qrPayloadExample,
  qr_image_url: `https://api.example.com/v1/qr/${EX_ID}.png`,
  expires_at: "2026-04-01T12:10:00.000Z",
  metadata: EX_METADATA,
  created_at: "2026-04-01T12:00:00.000Z",
};

const confirmedExtra = {
  net_amount: 12.375,
  fee: 0.125,
  tx_hash: "0x9f2c4e0b7a1d3c5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6",
  confirmed_at: "2026-04-01T12:01:12.345Z",
  amount_refunded: 0,
};

const confirmationFields = {
  net_amount: t.Optional(Usd("Present once confirmed (`confirmed`, `settled`). Amount minus fee.", 12.375)),
  fee: t.Optional(Usd("Present once confirmed. round_half_up(amount × fee_rate) at 6 decimals.", 0.125)),
  tx_hash: t.Optional(t.String({ description: "Present once confirmed. On-chain transaction hash.", examples: [confirmedExtra.tx_hash] })),
  confirmed_at: t.Optional(Timestamp("Present once confirmed.")),
  amount_refunded: t.Optional(Usd("Present once confirmed. USD refunded of the intent's payment: its refunds that are not `failed` or `cancelled` (see Refunds).", 0)),
};
const cancelledAt = { cancelled_at: t.Optional(Timestamp("Present once cancelled.")) };
const addressTypeFields = {
  payment_address_type: t.Union([t.Literal("shared"), t.Literal("deposit")], {
    description: "`shared`: `payment_address` is the merchant's account and the QR asks for the amount plus a tag. `deposit`: `payment_address` is the intent's own address, matched by address whatever the amount.",
    examples: ["shared"],
  }),
  amount_received: t.Optional(
    Usd(
      "Deposit intents only: USD received at the intent's address in its token on its chain, every transfer summed (a partial payment shows here while the intent awaits the rest).",
      0,
    ),
  ),
};

export const PaymentIntentSchema = t.Object(
  {
    id: t.String({ description: "`pi_*`", examples: [EX_ID] }),
    object: t.Literal("payment_intent"),
    status: Status,
    amount: Usd("Payment amount in USD.", 12.5),
    currency: t.Literal("usd"),
    merchant_id: t.String({ examples: [EX_MERCHANT] }),
    payment_address: t.String({ description: "Where the customer sends the intent's token (checksummed): the merchant's on-chain account, or the intent's own deposit address (`payment_address_type`).", examples: [EX_ADDRESS] }),
    ...addressTypeFields,
    chain: ChainField,
    token: TokenField,
    qr_payload: t.String({
      description:
        "EIP-681 URI: `ethereum:<usdc>@<chainId>/transfer?address=<payment_address>&uint256=<expected value in base units>`. The expected value is the amount plus a tag below the tag width (10,000 base units, less than a cent, by default) that tells apart open intents of one merchant for the same amount; it is 0 unless another intent holds that amount. A deposit intent asks for exactly its amount.",
      examples: [qrPayloadExample],
    }),
    qr_image_url: t.String({ description: "Hosted 400x400 PNG of `qr_payload`, `/v1/qr/{id}.png`; public, no key needed.", examples: [intentExample.qr_image_url] }),
    expires_at: Timestamp("Creation time plus ttl."),
    metadata: Metadata,
    created_at: Timestamp("Creation time."),
    ...cancelledAt,
    ...confirmationFields,
  },
  {
    additionalProperties: false,
    description:
      "A payment intent. `qr_payload` names the contract of its `token` on its `chain` (`<usdc>` below: that token's contract) and that chain's id. Create response and get in `awaiting_payment` or `expired`: the fields through `created_at` (`amount_received` for deposit intents only). Get in `cancelled`: plus `cancelled_at`. Get in `confirmed` or `settled`: plus `net_amount`, `fee`, `tx_hash`, `confirmed_at`, `amount_refunded`.",
    examples: [intentExample, { ...intentExample, status: "confirmed", ...confirmedExtra }],
  },
);

const listItemExample = {
  id: EX_ID,
  object: "payment_intent",
  status: "confirmed",
  amount: 12.5,
  currency: "usd",
  merchant_id: EX_MERCHANT,
  payment_address_type: "shared",
  chain: "base",
  token: "USDC",
  metadata: EX_METADATA,
  created_at: "2026-04-01T12:00:00.000Z",
  ...confirmedExtra,
};

export const PaymentIntentListItemSchema = t.Object(
  {
    id: t.String({ examples: [EX_ID] }),
    object: t.Literal("payment_intent"),
    status: Status,
    amount: Usd("Payment amount in USD.", 12.5),
    currency: t.Literal("usd"),
    merchant_id: t.String({ examples: [EX_MERCHANT] }),
    ...addressTypeFields,
    chain: ChainField,
    token: TokenField,
    metadata: Metadata,
    created_at: Timestamp("Creation time."),
    ...confirmationFields,
    ...cancelledAt,
  },
  {
    additionalProperties: false,
    description: "List item: no address, QR or `expires_at` fields; confirmation fields once confirmed, `cancelled_at` once cancelled.",
    examples: [listItemExample],
  },
);

export const PaymentIntentListSchema = listSchema(PaymentIntentListItemSchema, listItemExample, {
  order: "Newest first: `created_at` descending, then `id` descending.",
  totalCount: Type.Integer({ description: "Every intent matching the filters, ignoring the cursor.", examples: [1] }),
});

export const PaymentIntentCancelSchema = t.Object(
  {
    id: t.String({ examples: [EX_ID] }),
    object: t.Literal("payment_intent"),
    status: t.Literal("cancelled"),
    amount: Usd("Payment amount in USD.", 12.5),
    currency: t.Literal("usd"),
    merchant_id: t.String({ examples: [EX_MERCHANT] }),
    cancelled_at: Timestamp("Cancellation time."),
    metadata: Metadata,
    created_at: Timestamp("Creation time."),
  },
  {
    additionalProperties: false,
    examples: [
      { id: EX_ID, object: "payment_intent", status: "cancelled", amount: 12.5, currency: "usd", merchant_id: EX_MERCHANT, cancelled_at: "2026-04-01T12:03:00.000Z", metadata: EX_METADATA, created_at: "2026-04-01T12:00:00.000Z" },
    ],
  },
);

export const IntentIdParams = t.Object({ id: t.String({ description: "Payment intent id, `pi_*`. Any other id, or one the key may not see, is 404 `resource_missing`.", examples: [EX_ID] }) });

/** The list query: this one schema validates (unknown names, types, the status) and documents it. */
export const ListIntentsQuery = t.Object(
  {
    merchant_id: t.Optional(
      t.String({
        minLength: 1,
        description: "Filter by merchant. Required unless the API key is scoped to a single merchant (400 `parameter_missing`); a merchant the key may not see is 404.",
        examples: [EX_MERCHANT],
      }),
    ),
    status: t.Optional(t.Union(INTENT_STATUSES.map((x) => t.Literal(x)), { description: "Only intents in this status." })),
    chain: chainParam("Only intents on this chain."),
    token: tokenParam("Only intents in this token."),
    payment_link: t.Optional(t.String({ minLength: 1, description: "Only the intents minted by this payment link (`plink_*`).", examples: ["plink_4Rt8ZpX2LbQ7cVm1NwKd9YaB"] })),
    ...createdRangeQuery("intents"),
    limit: LimitQuery,
    starting_after: startingAfterQuery(EX_ID),
  },
  { additionalProperties: false },
);

/** The `data` of an intent's event: these fields of the intent, every one present (shapes.ts). */
function eventData(keys: Array<keyof typeof PaymentIntentSchema.properties>, description: string) {
  const fields = t.Object(Object.fromEntries(keys.map((k) => [k, PaymentIntentSchema.properties[k]])));
  return Type.Required(fields, { additionalProperties: false, description });
}

export const PaymentIntentConfirmedEventDataSchema = eventData(
  ["id", "object", "status", "amount", "currency", "net_amount", "fee", "merchant_id", "tx_hash", "chain", "token", "confirmed_at", "metadata"],
  "`data` of `payment_intent.confirmed`: the confirmed intent's payment, with its metadata.",
);

export const PaymentIntentExpiredEventDataSchema = eventData(
  ["id", "object", "status", "amount", "currency", "merchant_id", "payment_address", "expires_at", "metadata", "created_at"],
  "`data` of `payment_intent.expired`: the intent that expired unpaid.",
);

/** Their names in the OpenAPI document (components.schemas), where integrators' generators find them. */
for (const [name, schema] of [
  ["PaymentIntent", PaymentIntentSchema],
  ["PaymentIntentListItem", PaymentIntentListItemSchema],
  ["PaymentIntentList", PaymentIntentListSchema],
  ["CancelledPaymentIntent", PaymentIntentCancelSchema],
  ["PaymentIntentConfirmedEventData", PaymentIntentConfirmedEventDataSchema],
  ["PaymentIntentExpiredEventData", PaymentIntentExpiredEventDataSchema],
] as const) named(name, schema);
