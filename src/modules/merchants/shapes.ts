/**
 * Wire shape of the merchant resource (openapi.json: Merchant), built from the database row; its response
 * schema is model.ts. Apart, so that the CLI and the dashboard's services build it without loading
 * the HTTP framework.
 */
import type { merchants } from "../../db/schema/core.ts";
import { bpsToRate, unitsToUsd } from "../../domain/money.ts";
import { isoMs } from "../../domain/text.ts";

type MerchantRow = typeof merchants.$inferSelect;

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
    default_payment_address_type: m.defaultPaymentAddressType,
    underpayment_tolerance: unitsToUsd(m.underpaymentToleranceUnits),
    metadata: (typeof m.metadata === "string" ? JSON.parse(m.metadata) : m.metadata) ?? {},
    created_at: isoMs(m.createdAt),
  };
}
