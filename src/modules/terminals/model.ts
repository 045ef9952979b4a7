/** Schemas (one per route: validation and documentation) of terminals. */
import { t } from "elysia";
import { named } from "../../http/openapi.ts";
import { listSchema, LimitQuery, startingAfterQuery } from "../../http/list-params.ts";
import { coded } from "../../http/schema-route.ts";
import { METADATA_KEY_MAX, METADATA_MAX_KEYS, METADATA_VALUE_MAX } from "../payment-intents/input.ts";
import { NAME_MAX, TIP_PERCENT_MAX, TIPS_MAX } from "./input.ts";

const EX_ID = "term_8Kd2Lq7ZpX4RtVb9NcW1aYmB";
const EX_MERCHANT = "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K";
const METADATA_DOC = `At most ${METADATA_MAX_KEYS} keys of up to ${METADATA_KEY_MAX} characters, string values of up to ${METADATA_VALUE_MAX} characters.`;
const Metadata = t.Record(t.String(), t.String(), { description: METADATA_DOC });
const MetadataParam = coded(t.Record(t.String(), t.String(), { description: METADATA_DOC, maxProperties: METADATA_MAX_KEYS }), {
  all: "metadata_invalid",
  message: () => `Invalid metadata: must be an object of at most ${METADATA_MAX_KEYS} string values, keys of 1 to ${METADATA_KEY_MAX} and values of up to ${METADATA_VALUE_MAX} characters.`,
});
const Name = t.String({ minLength: 1, maxLength: NAME_MAX, description: `What the register and its receipts call it, 1 to ${NAME_MAX} characters.`, examples: ["Front counter"] });
const Tips = t.Array(t.Integer({ minimum: 1, maximum: TIP_PERCENT_MAX }), {
  maxItems: TIPS_MAX,
  description: `The tip percentages the register offers the customer after the amount (whole percents, 1 to ${TIP_PERCENT_MAX}, at most ${TIPS_MAX}, no repeats). Empty or absent: no tip step.`,
  examples: [[10, 15, 20]],
});

export const TerminalIdParams = t.Object({ id: t.String({ description: "Terminal id, `term_*`. Any other id, or one the key may not see, is 404 `resource_missing`.", examples: [EX_ID] }) });

export const CreateTerminalBody = t.Object(
  {
    merchant_id: t.Optional(t.String({ minLength: 1, description: "The merchant the register takes payments for. Required unless the API key is scoped to a single merchant.", examples: [EX_MERCHANT] })),
    name: Name,
    tip_percentages: t.Optional(Tips),
    metadata: t.Optional(MetadataParam),
  },
  { additionalProperties: false, description: "Any other field is refused with 400 `parameter_unknown`.", examples: [{ merchant_id: EX_MERCHANT, name: "Front counter", tip_percentages: [10, 15, 20] }] },
);

export const UpdateTerminalBody = t.Object(
  { name: t.Optional(Name), tip_percentages: t.Optional(Tips), metadata: t.Optional(MetadataParam) },
  { additionalProperties: false, examples: [{ tip_percentages: [5, 10] }] },
);

export const ListTerminalsQuery = t.Object(
  {
    merchant_id: t.Optional(t.String({ minLength: 1, description: "Only this merchant's terminals (a merchant the key may not see is 404). Without it: every merchant the key may see.", examples: [EX_MERCHANT] })),
    limit: LimitQuery,
    starting_after: startingAfterQuery(EX_ID),
  },
  { additionalProperties: false },
);

const EX_TERMINAL = {
  id: EX_ID,
  object: "terminal",
  url: `https://api.example.com/pay/terminals/${EX_ID}`,
  merchant_id: EX_MERCHANT,
  name: "Front counter",
  tip_percentages: [10, 15, 20],
  current_payment_intent: "pi_3Fv9Lq2ZpX7RtVb4NcW8aYmK",
  metadata: {},
  livemode: false,
  created_at: "2026-04-01T12:00:00.000Z",
};

export const TerminalSchema = t.Object(
  {
    id: t.String({ description: "`term_*`", examples: [EX_ID] }),
    object: t.Literal("terminal"),
    url: t.String({ description: "The register's static link (print it as a QR code, write it to an NFC tag at the counter): it opens the hosted page of the intent the register is charging now, or a page saying to ask the cashier when there is none." }),
    merchant_id: t.String({ examples: [EX_MERCHANT] }),
    name: t.String(),
    tip_percentages: t.Array(t.Integer()),
    current_payment_intent: t.Union([t.String(), t.Null()], { description: "The intent the register is charging now, while it awaits payment; null otherwise." }),
    metadata: Metadata,
    livemode: t.Boolean(),
    created_at: t.String({ format: "date-time" }),
  },
  { additionalProperties: false, examples: [EX_TERMINAL] },
);

export const TerminalListSchema = listSchema(TerminalSchema, EX_TERMINAL, { order: "Newest first: `created_at` descending, then `id` descending.", totalCount: t.Integer() });

/** Their names in the OpenAPI document (components.schemas), where integrators' generators find them. */
for (const [name, schema] of [
  ["Terminal", TerminalSchema],
  ["TerminalList", TerminalListSchema],
] as const) named(name, schema);
