/** Drizzle view of the settlement area's tables (src/db/migrations/0004_settlement.sql is the source of truth). */
import { sql } from "drizzle-orm";
import { bigint, date, integer, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { app, type Mode } from "./core.ts";

const ts = (name: string) => timestamp(name, { precision: 3, withTimezone: true, mode: "date" });
const units = (name: string) => bigint(name, { mode: "bigint" });

/** Steps of a settlement's state machine (see the migration for the diagram). */
export const SETTLEMENT_STATES = ["created", "withdrawal_submitted", "withdrawn", "ach_initiating", "ach_pending", "completed", "failed"] as const;
export type SettlementState = (typeof SETTLEMENT_STATES)[number];
/** The public status of the settlement object (docs/contributors.md "Settlement"). */
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
  /** Set aside for refunds by this run (migration 0011; negative: refunds given back). */
  refundUnits: units("refund_units").notNull().default(0n),
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


/** One (chain, token) pair of a settlement (migration 0012): what it withdraws of that pair and how far it got. */
export const settlementWithdrawals = app.table(
  "settlement_withdrawals",
  {
    settlementId: text("settlement_id").notNull(),
    chainId: integer("chain_id").notNull(),
    token: text("token").notNull(),
    amountUnits: units("amount_units").notNull(),
    withdrawalUnits: units("withdrawal_units").notNull(),
    transactionCount: integer("transaction_count").notNull(),
    ref: text("ref").notNull(),
    state: text("state").$type<"pending" | "withdrawn" | "failed">().notNull(),
    txHash: text("tx_hash"),
    blockNumber: units("block_number"),
    withdrawnTo: text("withdrawn_to"),
    withdrawnAt: ts("withdrawn_at"),
    failureMessage: text("failure_message"),
    lastError: text("last_error"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.settlementId, t.chainId, t.token] })],
);

export type SettlementWithdrawalRow = typeof settlementWithdrawals.$inferSelect;
