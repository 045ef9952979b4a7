/** The wire shape of a payment link (responses and event payloads alike); money leaves base units only here. */
import { unitsToUsd } from "../../domain/money.ts";
import type { LinkRow } from "./row.ts";

/** Where customers open the link: the public page that mints an intent per visit. */
export function linkUrl(publicBaseUrl: string, id: string): string {
  return `${publicBaseUrl}/pay/links/${id}`;
}

export function linkShape(l: LinkRow, publicBaseUrl: string) {
  return {
    id: l.id,
    object: "payment_link" as const,
    url: linkUrl(publicBaseUrl, l.id),
    active: l.active,
    amount: l.amountUnits === null ? null : unitsToUsd(l.amountUnits),
    amount_options:
      l.minimumUnits === null || l.maximumUnits === null
        ? null
        : { minimum: unitsToUsd(l.minimumUnits), maximum: unitsToUsd(l.maximumUnits), preset: l.presetUnits === null ? null : unitsToUsd(l.presetUnits) },
    currency: "usd" as const,
    merchant_id: l.merchantId,
    chain: l.chain ?? "base",
    token: l.token,
    max_uses: l.maxUses,
    uses: l.uses,
    expires_at: l.expiresAt?.toISOString() ?? null,
    after_completion: l.redirectUrl === null ? null : { redirect_url: l.redirectUrl },
    metadata: l.metadata,
    livemode: l.mode === "live",
    created_at: l.createdAt.toISOString(),
  };
}
