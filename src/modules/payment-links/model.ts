/** Schemas (one per route: validation and documentation) of payment links. */
import { t } from "elysia";
import { named } from "../../http/openapi.ts";
import { listSchema, LimitQuery, startingAfterQuery } from "../../http/list-params.ts";
import { coded } from "../../http/schema-route.ts";
import { ChainField, chainParam, TokenField, tokenParam } from "../../http/pair-params.ts";
import { printableName } from "../../domain/text.ts";
import { METADATA_KEY_MAX, METADATA_MAX_KEYS, METADATA_VALUE_MAX } from "../payment-intents/input.ts";
import { MAX_USES_LIMIT, REDIRECT_URL_MAX } from "./input.ts";

const EX_ID = "plink_4Rt8ZpX2LbQ7cVm1NwKd9YaB";
const EX_MERCHANT = "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K";
const METADATA_DOC = `At most ${METADATA_MAX_KEYS} keys of up to ${METADATA_KEY_MAX} characters, string values of up to ${METADATA_VALUE_MAX} characters. The link's own: its intents carry \`payment_link\` in theirs.`;
const Metadata = t.Record(t.String(), t.String(), { description: METADATA_DOC });
/** A request's metadata: every failure is `metadata_invalid` naming `metadata`, as on an intent's create. */
const MetadataParam = coded(t.Record(t.String(), t.String(), { description: METADATA_DOC, maxProperties: METADATA_MAX_KEYS }), {
  all: "metadata_invalid",
  message: () => `Invalid metadata: must be an object of at most ${METADATA_MAX_KEYS} string values, keys of 1 to ${METADATA_KEY_MAX} and values of up to ${METADATA_VALUE_MAX} characters.`,
});
const Usd = (description: string) => t.Number({ description, examples: [25] });
const AfterCompletion = t.Object(
  { redirect_url: t.String({ maxLength: REDIRECT_URL_MAX, description: "An absolute http(s) URL. After the payment is confirmed, the hosted page sends the customer there.", examples: ["https://shop.example.com/thanks"] }) },
  { additionalProperties: false },
);

export const LinkIdParams = t.Object({ id: t.String({ description: "Payment link id, `plink_*`. Any other id, or one the key may not see, is 404 `resource_missing`.", examples: [EX_ID] }) });

export const CreateLinkBody = t.Object(
  {
    merchant_id: t.Optional(t.String({ minLength: 1, description: "The merchant paid through the link. Required unless the API key is scoped to a single merchant.", examples: [EX_MERCHANT] })),
    amount: t.Optional(Usd("A fixed amount in USD, 0.01 to 10000, at most 2 decimals. Give this or `amount_options`.")),
    amount_options: t.Optional(
      t.Object(
        {
          minimum: Usd("The least the customer may type, in USD."),
          maximum: Usd("The most the customer may type, in USD."),
          preset: t.Optional(Usd("What the amount field shows first, within the bounds.")),
        },
        { additionalProperties: false, description: "The customer types the amount, within these bounds (each 0.01 to 10000, at most 2 decimals). Give this or `amount`." },
      ),
    ),
    currency: t.Optional(
      coded(t.String({ pattern: "^[Uu][Ss][Dd]$", description: "Only `usd`.", examples: ["usd"] }), {
        kinds: { 53: "currency_unsupported" },
        message: (v) => `Currency '${printableName(String(v))}' is not supported; the only supported currency is 'usd'.`,
      }),
    ),
    chain: chainParam("The network its intents are paid on. Default `base`."),
    token: tokenParam("The token its intents are paid in. Default `USDC`."),
    max_uses: t.Optional(t.Integer({ minimum: 1, maximum: MAX_USES_LIMIT, description: "At most this many intents of the link are confirmed; then it shows \"used up\". No limit when absent.", examples: [1] })),
    expires_at: t.Optional(t.String({ description: "ISO 8601, in the future. From then on the link shows \"expired\".", examples: ["2026-12-31T23:59:59.000Z"] })),
    after_completion: t.Optional(AfterCompletion),
    metadata: t.Optional(MetadataParam),
  },
  {
    additionalProperties: false,
    description: "Any other field is refused with 400 `parameter_unknown`.",
    examples: [
      { merchant_id: EX_MERCHANT, amount: 25, max_uses: 100, after_completion: { redirect_url: "https://shop.example.com/thanks" }, metadata: { product: "tote-bag" } },
      { merchant_id: EX_MERCHANT, amount_options: { minimum: 5, maximum: 500, preset: 20 } },
    ],
  },
);

export const UpdateLinkBody = t.Object(
  {
    active: t.Optional(t.Boolean({ description: "false: the link takes no more payments (its page says so; intents already open can still be paid). true: on again." })),
    metadata: t.Optional(MetadataParam),
    after_completion: t.Optional(t.Union([AfterCompletion, t.Null()], { description: "null removes the redirect." })),
  },
  { additionalProperties: false, examples: [{ active: false }] },
);

export const ListLinksQuery = t.Object(
  {
    merchant_id: t.Optional(t.String({ minLength: 1, description: "Only this merchant's links (a merchant the key may not see is 404). Without it: every merchant the key may see.", examples: [EX_MERCHANT] })),
    limit: LimitQuery,
    starting_after: startingAfterQuery(EX_ID),
  },
  { additionalProperties: false },
);

const EX_LINK = {
  id: EX_ID,
  object: "payment_link",
  url: `https://api.example.com/pay/links/${EX_ID}`,
  active: true,
  amount: 25,
  amount_options: null,
  currency: "usd",
  merchant_id: EX_MERCHANT,
  chain: "base",
  token: "USDC",
  max_uses: 100,
  uses: 3,
  expires_at: null,
  after_completion: { redirect_url: "https://shop.example.com/thanks" },
  metadata: { product: "tote-bag" },
  livemode: false,
  created_at: "2026-04-01T12:00:00.000Z",
};

const Nullable = <T extends Parameters<typeof t.Union>[0][number]>(s: T) => t.Union([s, t.Null()]);
export const LinkSchema = t.Object(
  {
    id: t.String({ description: "`plink_*`", examples: [EX_ID] }),
    object: t.Literal("payment_link"),
    url: t.String({ description: "The public page to share (a QR code, an NFC tag, a message): each visit gets its own payment intent, and a reload in the same browser gets the same one while it is open." }),
    active: t.Boolean(),
    amount: Nullable(Usd("The fixed amount in USD; null when the customer types it.")),
    amount_options: Nullable(t.Object({ minimum: t.Number(), maximum: t.Number(), preset: Nullable(t.Number()) }, { additionalProperties: false })),
    currency: t.Literal("usd"),
    merchant_id: t.String({ examples: [EX_MERCHANT] }),
    chain: ChainField,
    token: TokenField,
    max_uses: Nullable(t.Integer()),
    uses: t.Integer({ description: "How many of its intents were confirmed." }),
    expires_at: Nullable(t.String({ format: "date-time" })),
    after_completion: Nullable(t.Object({ redirect_url: t.String() }, { additionalProperties: false })),
    metadata: Metadata,
    livemode: t.Boolean(),
    created_at: t.String({ format: "date-time" }),
  },
  { additionalProperties: false, examples: [EX_LINK] },
);

export const LinkListSchema = listSchema(LinkSchema, EX_LINK, { order: "Newest first: `created_at` descending, then `id` descending.", totalCount: t.Integer() });

/** Their names in the OpenAPI document (components.schemas), where integrators' generators find them. */
for (const [name, schema] of [
  ["PaymentLink", LinkSchema],
  ["PaymentLinkList", LinkListSchema],
] as const) named(name, schema);
