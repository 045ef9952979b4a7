/** Drizzle view of the settlement area's tables (src/db/migrations/0004_settlement.sql is the source of truth). */
import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, date, integer, jsonb, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { app, type Mode } from "./core.ts";

const ts = (name: string) => timestamp(name, { precision: 3, withTimezone: true, mode: "date" });
const units = (name: string) => bigint(name, { mode: "bigint" });

/** Steps of a settlement's state machine (see the migration for the diagram). */
export const SETTLEMENT_STATES = ["created", "withdrawal_submitted", "withdrawn", "ach_initiating", "ach_pending", "completed", "failed"] as const;
export type SettlementState = (typeof SETTLEMENT_STATES)[number];
/** The public status of the settlement object (DECISIONS.md "Settlement"). */
export type SettlementPublicStatus = "pending" | "in_transit" | "completed" | "failed";
export type SettlementTrigger = "schedule" | "manual" | "test_helper";

export const settlements = app.table("settlements", {
  id: text("id").primaryKey(),
  mode: text("mode").$type<Mode>().notNull(),
  merchantId: text("merchant_id").notNull(),
  state: text("state").$type<SettlementState>().notNull(),
  status: text("status")
    .$type<SettlementPublicStatus>()
    .notNull()
    .generatedAlwaysAs(
      sql`CASE state WHEN 'created' THEN 'pending' WHEN 'withdrawal_submitted' THEN 'pending' WHEN 'completed' THEN 'completed' WHEN 'failed' THEN 'failed' ELSE 'in_transit' END`,
    ),
  trigger: text("trigger").$type<SettlementTrigger>().notNull(),
  scheduledFor: ts("scheduled_for"),
  amountUnits: units("amount_units").notNull(),
  withdrawalUnits: units("withdrawal_units").notNull(),
  transactionCount: integer("transaction_count").notNull(),
  bankName: text("bank_name").notNull(),
  bankLast4: text("bank_last4").notNull(),
  chainId: integer("chain_id").notNull(),
  merchantAccount: text("merchant_account").notNull(),
  withdrawalRef: text("withdrawal_ref").notNull(),
  withdrawalTxHash: text("withdrawal_tx_hash"),
  withdrawalBlockNumber: units("withdrawal_block_number"),
  withdrawnTo: text("withdrawn_to"),
  withdrawnAt: ts("withdrawn_at"),
  provider: text("provider").notNull(),
  providerTransferId: text("provider_transfer_id"),
  achInitiatedAt: ts("ach_initiated_at"),
  expectedArrivalDate: date("expected_arrival_date", { mode: "string" }),
  nextCheckAt: ts("next_check_at"),
  initiatedAt: ts("initiated_at").notNull(),
  completedAt: ts("completed_at"),
  failedAt: ts("failed_at"),
  failureCode: text("failure_code"),
  failureMessage: text("failure_message"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export type SettlementRow = typeof settlements.$inferSelect;

export const settlementTransactions = app.table(
  "settlement_transactions",
  {
    settlementId: text("settlement_id").notNull(),
    transactionId: text("transaction_id").notNull(),
    netUnits: units("net_units").notNull(),
  },
  (t) => [primaryKey({ columns: [t.settlementId, t.transactionId] })],
);

export const settlementWithdrawalAttempts = app.table(
  "settlement_withdrawal_attempts",
  {
    settlementId: text("settlement_id").notNull(),
    txHash: text("tx_hash").notNull(),
    nonce: integer("nonce").notNull(),
    sender: text("sender").notNull(),
    rawTx: text("raw_tx").notNull(),
    fromBlock: units("from_block").notNull(),
    outcome: text("outcome").$type<"unknown" | "mined" | "reverted" | "dropped">().notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.settlementId, t.txHash] })],
);

export const settlementRuns = app.table(
  "settlement_runs",
  {
    merchantId: text("merchant_id").notNull(),
    scheduledFor: ts("scheduled_for").notNull(),
    settlementId: text("settlement_id"),
    ranAt: ts("ran_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.scheduledFor] })],
);

export const sandboxClock = app.table("sandbox_clock", {
  id: boolean("id").primaryKey(),
  offsetMs: units("offset_ms").notNull(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const sandboxPayouts = app.table("sandbox_payouts", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull(),
  merchantId: text("merchant_id").notNull(),
  amountUnits: units("amount_units").notNull(),
  bankName: text("bank_name").notNull(),
  bankLast4: text("bank_last4").notNull(),
  status: text("status").$type<"pending" | "paid" | "returned">().notNull(),
  businessDays: integer("business_days").notNull(),
  initiatedAt: ts("initiated_at").notNull(),
  expectedArrivalDate: date("expected_arrival_date", { mode: "string" }).notNull(),
  completesAt: ts("completes_at").notNull(),
  failCode: text("fail_code"),
  resolvedAt: ts("resolved_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const sandboxPayoutRules = app.table("sandbox_payout_rules", {
  merchantId: text("merchant_id").primaryKey(),
  failCode: text("fail_code"),
  businessDays: integer("business_days"),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const settlementAlerts = app.table("settlement_alerts", {
  id: bigserial("id", { mode: "bigint" }).primaryKey(),
  kind: text("kind").notNull(),
  settlementId: text("settlement_id").notNull(),
  merchantId: text("merchant_id").notNull(),
  details: jsonb("details").$type<Record<string, unknown>>().notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
  resolvedAt: ts("resolved_at"),
});
