/** Wire shapes of the merchant resource (spec "Merchant"), built from the database row. */
import { t } from "elysia";
import type { merchants } from "../../db/schema/core.ts";
import { bpsToRate } from "../../domain/money.ts";
import { isoMs } from "../../domain/text.ts";

type MerchantRow = typeof merchants.$inferSelect;

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
    metadata: t.Record(t.String(), t.String(), { description: "The integrator's own key-value data (up to 10 keys); `{}` when none." }),
    created_at: t.String({ format: "date-time" }),
  },
  { additionalProperties: false },
);

export function merchantShape(m: MerchantRow) {
  return {
    id: m.id,
    object: "merchant" as const,
    business_name: m.businessName,
    email: m.email,
    status: m.status,
    kyc_status: m.kycStatus,
    payout_method: m.payoutMethod,
    bank_account: { bank_name: m.bankName, last_4: m.bankLast4, status: m.bankStatus },
    payment_address: m.paymentAddress ?? "",
    chain: "base" as const,
    settlement_schedule: m.settlementSchedule === "custom" ? `cron:${m.settlementCron} ${m.settlementTimezone}` : m.settlementSchedule,
    fee_rate: bpsToRate(m.feeRateBps),
    metadata: (typeof m.metadata === "string" ? JSON.parse(m.metadata) : m.metadata) ?? {},
    created_at: isoMs(m.createdAt),
  };
}
