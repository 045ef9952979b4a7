/** Drizzle view of the core tables (src/db/migrations/0001_core.sql is the source of truth). */
import { bigint, boolean, customType, integer, jsonb, smallint, pgSchema, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { Mode } from "../../domain/mode.ts";
import type { IntentStatus } from "../../domain/intent-status.ts";
import type { SettlementStatus, TransactionStatus } from "../../domain/ledger-status.ts";
import type { TokenSymbol } from "../../domain/networks.ts";
import type { PaymentAddressType } from "../../domain/payment-address-type.ts";

// The column types come from domain/ (the database stores the domain's values, not the reverse).
export type { IntentStatus, Mode, SettlementStatus, TransactionStatus };

export const app = pgSchema("app");

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });
const ts = (name: string) => timestamp(name, { precision: 3, withTimezone: true, mode: "date" });
const units = (name: string) => bigint(name, { mode: "bigint" });

export const accounts = app.table("accounts", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const merchants = app.table("merchants", {
  id: text("id").primaryKey(),
  mode: text("mode").$type<Mode>().notNull(),
  businessName: text("business_name").notNull(),
  email: text("email").notNull(),
  status: text("status").$type<"pending" | "active" | "disabled">().notNull(),
  kycStatus: text("kyc_status").$type<"pending" | "approved" | "rejected">().notNull(),
  payoutMethod: text("payout_method").$type<"bank_account">().notNull(),
  bankName: text("bank_name").notNull(),
  bankLast4: text("bank_last4").notNull(),
  bankStatus: text("bank_status").$type<"pending" | "verified" | "failed">().notNull(),
  chainId: integer("chain_id").notNull(),
  paymentAddress: text("payment_address"),
  ownerAddress: text("owner_address").notNull(),
  payoutAddress: text("payout_address").notNull(),
  feeRateBps: integer("fee_rate_bps").notNull(),
  /** 1: MerchantAccount (v1), 2: MerchantAccountV2 (migration 0010). */
  accountVersion: smallint("account_version").$type<1 | 2>().notNull().default(1),
  /** Chains other than chain_id where the account contract exists (v2; migration 0014). */
  accountChainIds: integer("account_chain_ids").array().notNull().default([]),
  settlementSchedule: text("settlement_schedule").$type<"weekly_monday" | "daily" | "manual" | "custom">().notNull(),
  settlementCron: text("settlement_cron"),
  settlementTimezone: text("settlement_timezone"),
  createdAt: ts("created_at").notNull().defaultNow(),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
  bankToken: text("bank_token"),
  /** What a create naming no payment_address_type gets (migration 0042). */
  defaultPaymentAddressType: text("default_payment_address_type").$type<PaymentAddressType>().notNull().default("shared"),
  /** How far short of its amount a deposit payment still confirms, base units (migration 0042). */
  underpaymentToleranceUnits: units("underpayment_tolerance_units").notNull().default(0n),
});

export const accountMerchants = app.table(
  "account_merchants",
  { accountId: text("account_id").notNull(), merchantId: text("merchant_id").notNull() },
  (t) => [primaryKey({ columns: [t.accountId, t.merchantId] })],
);

export const apiKeys = app.table("api_keys", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull(),
  merchantId: text("merchant_id"),
  mode: text("mode").$type<Mode>().notNull(),
  keyHash: bytea("key_hash").notNull(),
  keyHint: text("key_hint").notNull(),
  /** May create, cancel and approve refunds (migration 0022: keys older than it keep true). */
  canRefund: boolean("can_refund").notNull().default(false),
  createdAt: ts("created_at").notNull().defaultNow(),
  revokedAt: ts("revoked_at"),
});

export const paymentIntents = app.table("payment_intents", {
  id: text("id").primaryKey(),
  mode: text("mode").$type<Mode>().notNull(),
  accountId: text("account_id").notNull(),
  merchantId: text("merchant_id").notNull(),
  status: text("status").$type<IntentStatus>().notNull(),
  amountUnits: units("amount_units").notNull(),
  tagUnits: integer("tag_units").notNull(),
  expectedUnits: units("expected_units").notNull(),
  chainId: integer("chain_id").notNull(),
  /** The token paid in (migration 0009); the chain's name comes from chain_id (domain/networks.ts). */
  token: text("token").$type<TokenSymbol>().notNull(),
  paymentAddress: text("payment_address").notNull(),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
  createdAt: ts("created_at").notNull(),
  expiresAt: ts("expires_at").notNull(),
  confirmedAt: ts("confirmed_at"),
  cancelledAt: ts("cancelled_at"),
  expiredAt: ts("expired_at"),
  settledAt: ts("settled_at"),
  netUnits: units("net_units"),
  feeUnits: units("fee_units"),
  txHash: text("tx_hash"),
  transactionId: text("transaction_id"),
  /** Refunded of its own payment (migration 0011; refunds neither failed nor cancelled). */
  refundedUnits: units("refunded_units").notNull().default(0n),
  /** `shared` (the merchant's account, value tag) or `deposit` (an address of its own; migration 0042). */
  paymentAddressType: text("payment_address_type").$type<PaymentAddressType>().notNull().default("shared"),
  /** Deposit intents: what their address received in the intent's token on its chain. */
  receivedUnits: units("received_units").notNull().default(0n),
});

export const reservations = app.table(
  "reservations",
  {
    merchantId: text("merchant_id").notNull(),
    /** The token of the values (migration 0012): a merchant's values are held per token. */
    token: text("token").notNull().default("USDC"),
    expectedUnits: units("expected_units").notNull(),
    /** null: a value the free list of migrations 0008-0017 issued ahead and no intent used yet (free; released_after is -infinity). */
    intentId: text("intent_id"),
    releasedAfter: ts("released_after"),
    /** The amount of the row's last intent (the ring it belongs to, reserve.ts); null: written before migration 0008. */
    amountUnits: units("amount_units"),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.token, t.expectedUnits] })],
);

/** The ring of value tags per (merchant, token, amount) (migration 0018): the next tag a process leases (reserve.ts). */
export const valueCursors = app.table(
  "value_cursors",
  {
    merchantId: text("merchant_id").notNull(),
    token: text("token").notNull(),
    amountUnits: units("amount_units").notNull(),
    nextTag: integer("next_tag").notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.token, t.amountUnits] })],
);

export const transactions = app.table("transactions", {
  id: text("id").primaryKey(),
  mode: text("mode").$type<Mode>().notNull(),
  merchantId: text("merchant_id").notNull(),
  paymentIntentId: text("payment_intent_id"),
  status: text("status").$type<TransactionStatus>().notNull(),
  settlementStatus: text("settlement_status").$type<SettlementStatus>().notNull(),
  settlementId: text("settlement_id"),
  amountUnits: units("amount_units").notNull(),
  feeUnits: units("fee_units").notNull(),
  netUnits: units("net_units").notNull(),
  feeRateBps: integer("fee_rate_bps").notNull(),
  chainId: integer("chain_id").notNull(),
  /** The token received (migration 0009). */
  token: text("token").$type<TokenSymbol>().notNull(),
  txHash: text("tx_hash").notNull(),
  logIndex: integer("log_index").notNull(),
  blockNumber: units("block_number").notNull(),
  blockHash: text("block_hash"),
  senderAddress: text("sender_address").notNull(),
  paymentAddress: text("payment_address").notNull(),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
  confirmedAt: ts("confirmed_at").notNull(),
  feeStatus: text("fee_status").$type<"pending" | "submitted" | "collected" | "failed" | "awaiting_sweep">().notNull(),
  feeTxHash: text("fee_tx_hash"),
  feeCollectedAt: ts("fee_collected_at"),
  feeAttempts: integer("fee_attempts").notNull(),
  feeNextAttemptAt: ts("fee_next_attempt_at"),
  feeLastError: text("fee_last_error"),
  createdAt: ts("created_at").notNull().defaultNow(),
  /** Refunded of this payment (migration 0011; refunds neither failed nor cancelled). */
  refundedUnits: units("refunded_units").notNull().default(0n),
  /** The customer's deposit address it was paid to (`dep_*`), when it belongs to no intent (migration 0043). */
  depositAddressId: text("deposit_address_id"),
});

export const events = app.table("events", {
  id: text("id").primaryKey(),
  mode: text("mode").$type<Mode>().notNull(),
  type: text("type").notNull(),
  accountId: text("account_id"),
  /** Null for events about no merchant (a webhook endpoint's: migration 0041). */
  merchantId: text("merchant_id"),
  data: jsonb("data").$type<Record<string, unknown>>().notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
  fannedOutAt: ts("fanned_out_at"),
  /** The W3C traceparent of what wrote it, when tracing was on (migration 0031). */
  traceparent: text("traceparent"),
});

export const chainDeployments = app.table("chain_deployments", {
  chainId: integer("chain_id").primaryKey(),
  usdcAddress: text("usdc_address").notNull(),
  factoryAddress: text("factory_address").notNull(),
  /** MerchantAccountFactoryV2 (the deterministic address) once it has code on this chain. */
  factoryV2Address: text("factory_v2_address"),
  /** The sandbox's TestUSDT. */
  usdtAddress: text("usdt_address"),
  deployedBlock: units("deployed_block").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const WEBHOOK_EVENT_TYPES = [
  "payment_intent.confirmed",
  "payment_intent.expired",
  "transaction.created",
  "settlement.completed",
  "refund.created",
  "refund.updated",
  "refund.succeeded",
  "refund.failed",
  "payment_link.deactivated",
  "payment_link.used_up",
  "webhook_endpoint.disabled",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const webhookEndpoints = app.table("webhook_endpoints", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull(),
  mode: text("mode").$type<Mode>().notNull(),
  url: text("url").notNull(),
  secret: text("secret").notNull(),
  eventTypes: text("event_types").array().$type<WebhookEventType[]>().notNull(),
  status: text("status").$type<"enabled" | "disabled">().notNull(),
  disabledReason: text("disabled_reason"),
  createdAt: ts("created_at").notNull().defaultNow(),
  /** Failure since the last success (migration 0041): what disables an endpoint that keeps failing. */
  failingSince: ts("failing_since"),
  failedAttempts: integer("failed_attempts").notNull().default(0),
  disabledAt: ts("disabled_at"),
});
