/** The wire shape of a terminal; its public static link. */
import type { TerminalRow } from "./service.ts";

/** The register's static link: the hosted page of its current intent, or "ask the cashier". */
export function terminalUrl(publicBaseUrl: string, id: string): string {
  return `${publicBaseUrl}/pay/terminals/${id}`;
}

/** The public receipt of one of the register's charges. */
export function receiptUrl(publicBaseUrl: string, terminalId: string, intentId: string): string {
  return `${publicBaseUrl}/pay/terminals/${terminalId}/receipts/${intentId}`;
}

export function terminalShape(t: TerminalRow, publicBaseUrl: string) {
  return {
    id: t.id,
    object: "terminal" as const,
    url: terminalUrl(publicBaseUrl, t.id),
    merchant_id: t.merchantId,
    name: t.name,
    tip_percentages: t.tipPercentages,
    current_payment_intent: t.currentIntentId,
    metadata: t.metadata,
    livemode: t.mode === "live",
    created_at: t.createdAt.toISOString(),
  };
}
