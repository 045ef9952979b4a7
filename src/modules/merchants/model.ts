/** The response schema of the merchant resource (openapi.json: Merchant); its shape, built from the row, is shapes.ts. */
import { t } from "elysia";
import { named } from "../../http/openapi.ts";

export const MerchantSchema = t.Object(
  {
    id: t.String({ examples: ["mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K"] }),
    object: t.Literal("merchant"),
    business_name: t.String(),
    email: t.String(),
    status: t.String({ examples: ["active"] }),
    kyc_status: t.String({ examples: ["approved"] }),
    payout_method: t.String({ examples: ["bank_account"] }),
    bank_account: t.Object({ bank_name: t.String(), last_4: t.String(), status: t.String({ examples: ["verified"] }) }),
    payment_address: t.String({ examples: ["0x5FbDB2315678afecb367f032d93F642f64180aa3"] }),
    chain: t.Literal("base"),
    settlement_schedule: t.String({ examples: ["weekly_monday"] }),
    fee_rate: t.Number({ examples: [0.01] }),
    default_payment_address_type: t.Union([t.Literal("shared"), t.Literal("deposit")], {
      description: "What a payment intent created without `payment_address_type` gets: `shared` (the default) or `deposit`.",
      examples: ["shared"],
    }),
    underpayment_tolerance: t.Number({
      description: "USD a payment to a deposit address may fall short of the intent's amount and still confirm it (an exchange's fee deducted from what it sends); what arrived is recorded. Default 0.",
      examples: [0],
    }),
    metadata: t.Record(t.String(), t.String(), { description: "The integrator's own key-value data (up to 10 keys); `{}` when none." }),
    created_at: t.String({ format: "date-time" }),
  },
  { additionalProperties: false },
);

/** Their names in the OpenAPI document (components.schemas), where integrators' generators find them. */
for (const [name, schema] of [["Merchant", MerchantSchema]] as const) named(name, schema);
