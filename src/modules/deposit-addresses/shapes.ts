/** The wire shape of a customer's deposit address; money leaves base units only here. */
import { unitsToUsd } from "../../domain/money.ts";
import type { DepositAddressRow } from "./row.ts";

export function depositAddressShape(d: DepositAddressRow) {
  return {
    id: d.id,
    object: "deposit_address" as const,
    address: d.address,
    customer_reference: d.customerReference,
    merchant_id: d.merchantId,
    networks: d.networks.map((n) => ({ chain: n.chain, tokens: [...n.tokens] })),
    amount_received: unitsToUsd(d.receivedUnits),
    payment_count: d.paymentCount,
    metadata: d.metadata,
    livemode: d.mode === "live",
    created_at: d.createdAt.toISOString(),
  };
}
