/**
 * A sample `data` per event type, for test events: built by the very shape functions that build the
 * real events' payloads, from rows of a made-up payment of 25.00 USD on Base, so a sample has every
 * field of the real thing and cannot drift from it. Ids are fresh each time (a receiver that dedupes
 * on them would otherwise drop the second test).
 */
import type { WebhookEventType } from "../../db/schema/core.ts";
import { newId } from "../../domain/ids.ts";
import { intentConfirmedEventShape, intentExpiredEventShape, type IntentRow } from "../payment-intents/shapes.ts";
import { transactionCreatedEventShape, type TransactionRow } from "../transactions/shapes.ts";
import { refundShape, type RefundRow } from "../refunds/shapes.ts";
import type { SettlementRow, SettlementWithdrawalRow } from "../../db/schema/settlement.ts";
import { settlementShape } from "../settlements/shapes.ts";
import { linkShape } from "../payment-links/shapes.ts";
import type { LinkRow } from "../payment-links/row.ts";
import { endpointObject, type EndpointRow } from "./service.ts";

const BASE = 8453;
const MERCHANT = "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K";
const ACCOUNT = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const PAYER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const METADATA = { order_id: "order_1042" };

const hash = () => `0x${crypto.getRandomValues(new Uint8Array(32)).reduce((s, b) => s + b.toString(16).padStart(2, "0"), "")}`;

/** The sample `data` of `type`; `endpoint` is the endpoint tested (the sample of its own event). */
export function sampleEventData(type: WebhookEventType, o: { now: Date; publicBaseUrl: string; endpoint: Omit<EndpointRow, "secret"> }): Record<string, unknown> {
  const now = o.now;
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const intentId = newId("paymentIntent");
  const txHash = hash();
  const intent = {
    id: intentId,
    mode: o.endpoint.mode,
    status: type === "payment_intent.expired" ? "expired" : "confirmed",
    amountUnits: 25_000_000n,
    netUnits: 24_750_000n,
    feeUnits: 250_000n,
    refundedUnits: 0n,
    merchantId: MERCHANT,
    chainId: BASE,
    token: "USDC",
    paymentAddress: ACCOUNT,
    txHash,
    confirmedAt: ago(2_000),
    expiresAt: ago(type === "payment_intent.expired" ? 1_000 : -240_000),
    metadata: METADATA,
    createdAt: ago(60_000),
  } as unknown as IntentRow;
  const txn = {
    id: newId("transaction"),
    paymentIntentId: intentId,
    merchantId: MERCHANT,
    status: "confirmed",
    amountUnits: 25_000_000n,
    netUnits: 24_750_000n,
    feeUnits: 250_000n,
    refundedUnits: 0n,
    chainId: BASE,
    token: "USDC",
    txHash,
    settlementStatus: "pending",
    confirmedAt: ago(2_000),
    metadata: METADATA,
  } as unknown as TransactionRow;
  const refundStatus = { "refund.created": "pending", "refund.updated": "pending", "refund.succeeded": "succeeded", "refund.failed": "failed" } as Record<string, string>;
  const refund = {
    id: newId("refund"),
    status: refundStatus[type] ?? "pending",
    amountUnits: 10_000_000n,
    paymentIntentId: intentId,
    transactionId: txn.id,
    merchantId: MERCHANT,
    chainId: BASE,
    token: "USDC",
    recipientAddress: PAYER,
    reason: "requested_by_customer",
    metadata: METADATA,
    txHash: type === "refund.succeeded" ? hash() : null,
    failureReason: type === "refund.failed" ? "The refund transaction reverted on chain." : null,
    createdAt: ago(30_000),
  } as unknown as RefundRow;
  switch (type) {
    case "payment_intent.confirmed":
      return intentConfirmedEventShape(intent);
    case "payment_intent.expired":
      return intentExpiredEventShape(intent);
    case "transaction.created":
      return transactionCreatedEventShape(txn);
    case "refund.created":
    case "refund.updated":
    case "refund.succeeded":
    case "refund.failed":
      return refundShape(refund);
    case "settlement.completed": {
      const settlement = {
        id: newId("settlement"),
        merchantId: MERCHANT,
        amountUnits: 24_750_000n,
        status: "completed",
        transactionCount: 1,
        bankName: "First Example Bank",
        bankLast4: "6789",
        initiatedAt: ago(2 * 86_400_000),
        expectedArrivalDate: now.toISOString().slice(0, 10),
        completedAt: now,
      } as unknown as SettlementRow;
      const withdrawal = { chainId: BASE, token: "USDC", amountUnits: 24_750_000n, state: "withdrawn", txHash: hash(), withdrawnAt: ago(2 * 86_400_000 - 60_000) } as unknown as SettlementWithdrawalRow;
      return settlementShape(settlement, [withdrawal]);
    }
    case "payment_link.deactivated":
    case "payment_link.used_up": {
      const link = {
        id: newId("paymentLink"),
        mode: o.endpoint.mode,
        active: type === "payment_link.used_up",
        amountUnits: 25_000_000n,
        minimumUnits: null,
        maximumUnits: null,
        presetUnits: null,
        merchantId: MERCHANT,
        chain: "base",
        token: "USDC",
        maxUses: type === "payment_link.used_up" ? 1 : null,
        uses: type === "payment_link.used_up" ? 1 : 0,
        expiresAt: null,
        redirectUrl: null,
        metadata: METADATA,
        createdAt: ago(86_400_000),
      } as unknown as LinkRow;
      return linkShape(link, o.publicBaseUrl);
    }
    case "webhook_endpoint.disabled":
      return endpointObject({ ...o.endpoint, status: "disabled", disabledReason: `no delivery succeeded since ${ago(3 * 86_400_000).toISOString()}: 12 attempts failed (the last: HTTP 500); disabled at ${now.toISOString()}` });
  }
}
