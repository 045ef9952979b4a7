/** Schemas (one per route: validation and documentation) of customers' deposit addresses. */
import { t } from "elysia";
import { named } from "../../http/openapi.ts";
import { listSchema, LimitQuery, startingAfterQuery } from "../../http/list-params.ts";
import { coded } from "../../http/schema-route.ts";
import { ChainField, TokenField } from "../../http/pair-params.ts";
import { METADATA_KEY_MAX, METADATA_MAX_KEYS, METADATA_VALUE_MAX } from "../payment-intents/input.ts";
import { CUSTOMER_REFERENCE_MAX } from "./input.ts";

const EX_ID = "dep_3Kq8ZpX2LbQ7cVm1NwKd9YaB";
const EX_MERCHANT = "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K";
const EX_ADDRESS = "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707";
const METADATA_DOC = `At most ${METADATA_MAX_KEYS} keys of up to ${METADATA_KEY_MAX} characters, string values of up to ${METADATA_VALUE_MAX} characters. Copied onto every payment to the address (the transaction's \`metadata\`).`;

const CustomerReference = coded(
  t.String({
    minLength: 1,
    maxLength: CUSTOMER_REFERENCE_MAX,
    pattern: "^[^\\u0000-\\u001f\\u007f]+$",
    description: `The merchant's own name for the customer (an account number, an email address), 1 to ${CUSTOMER_REFERENCE_MAX} characters, no control characters. One address per merchant and reference: a create naming a reference the merchant has already given an address answers that address (200), never a second one.`,
    examples: ["customer-4711"],
  }),
  { all: "parameter_invalid", message: () => `Invalid customer_reference: 1 to ${CUSTOMER_REFERENCE_MAX} characters, no control characters.` },
);

const MetadataParam = coded(t.Record(t.String(), t.String(), { description: METADATA_DOC, maxProperties: METADATA_MAX_KEYS }), {
  all: "metadata_invalid",
  message: () => `Invalid metadata: must be an object of at most ${METADATA_MAX_KEYS} string values, keys of 1 to ${METADATA_KEY_MAX} and values of up to ${METADATA_VALUE_MAX} characters.`,
});

export const DepositAddressIdParams = t.Object({ id: t.String({ description: "Deposit address id, `dep_*`. Any other id, or one the key may not see, is 404 `resource_missing`.", examples: [EX_ID] }) });

export const CreateDepositAddressBody = t.Object(
  {
    merchant_id: t.Optional(t.String({ minLength: 1, description: "The merchant the address pays. Required unless the API key is scoped to a single merchant.", examples: [EX_MERCHANT] })),
    customer_reference: CustomerReference,
    metadata: t.Optional(MetadataParam),
  },
  {
    additionalProperties: false,
    description: "Any other field is refused with 400 `parameter_unknown`.",
    examples: [{ merchant_id: EX_MERCHANT, customer_reference: "customer-4711", metadata: { plan: "wholesale" } }],
  },
);

export const ListDepositAddressesQuery = t.Object(
  {
    merchant_id: t.Optional(t.String({ minLength: 1, description: "Only this merchant's addresses (a merchant the key may not see is 404). Without it: every merchant the key may see.", examples: [EX_MERCHANT] })),
    customer_reference: t.Optional(t.String({ description: "Only the address of this customer reference (exact match; needs a merchant: `merchant_id` or a scoped key).", examples: ["customer-4711"] })),
    limit: LimitQuery,
    starting_after: startingAfterQuery(EX_ID),
  },
  { additionalProperties: false },
);

const EX_DEPOSIT_ADDRESS = {
  id: EX_ID,
  object: "deposit_address",
  address: EX_ADDRESS,
  customer_reference: "customer-4711",
  merchant_id: EX_MERCHANT,
  networks: [
    { chain: "base", tokens: ["USDC", "USDT"] },
    { chain: "arbitrum", tokens: ["USDC", "USDT"] },
  ],
  amount_received: 1250.5,
  payment_count: 3,
  metadata: { plan: "wholesale" },
  livemode: false,
  created_at: "2026-04-01T12:00:00.000Z",
};

export const DepositAddressSchema = t.Object(
  {
    id: t.String({ description: "`dep_*`", examples: [EX_ID] }),
    object: t.Literal("deposit_address"),
    address: t.String({ description: "Where the customer sends, as often as they like (checksummed). The same address on every chain: give it once to an exchange's address book.", examples: [EX_ADDRESS] }),
    customer_reference: t.String({ examples: ["customer-4711"] }),
    merchant_id: t.String({ examples: [EX_MERCHANT] }),
    networks: t.Array(t.Object({ chain: ChainField, tokens: t.Array(TokenField) }, { additionalProperties: false }), {
      description: "Where a payment to the address is taken: the chains and tokens enabled in this mode on which the merchant's account exists. A transfer elsewhere (another chain the service indexes, another token) is still recorded, and waits at the address until the account exists there.",
    }),
    amount_received: t.Number({ description: "What its payments that did not fail add up to, in USD, over every chain and token." }),
    payment_count: t.Integer({ description: "How many payments (transactions) it received that did not fail." }),
    metadata: t.Record(t.String(), t.String(), { description: METADATA_DOC }),
    livemode: t.Boolean(),
    created_at: t.String({ format: "date-time" }),
  },
  { additionalProperties: false, examples: [EX_DEPOSIT_ADDRESS] },
);

export const DepositAddressListSchema = listSchema(DepositAddressSchema, EX_DEPOSIT_ADDRESS, { order: "Newest first: `created_at` descending, then `id` descending.", totalCount: t.Integer() });

/** Their names in the OpenAPI document (components.schemas), where integrators' generators find them. */
for (const [name, schema] of [
  ["DepositAddress", DepositAddressSchema],
  ["DepositAddressList", DepositAddressListSchema],
  ["CreateDepositAddressRequest", CreateDepositAddressBody],
] as const) named(name, schema);
