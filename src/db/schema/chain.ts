/** Drizzle view of the chain area's tables (src/db/migrations/0002_chain.sql is the source of truth). */
import { bigint, bigserial, integer, jsonb, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { app } from "./core.ts";

const ts = (name: string) => timestamp(name, { precision: 3, withTimezone: true, mode: "date" });

export const matcherCursors = app.table("matcher_cursors", {
  chainId: integer("chain_id").primaryKey(),
  blockNumber: bigint("block_number", { mode: "bigint" }).notNull(),
  logIndex: integer("log_index").notNull(),
  coveredBlock: bigint("covered_block", { mode: "bigint" }),
  coveredBlockHash: text("covered_block_hash"),
  coveredBlockTimestamp: ts("covered_block_timestamp"),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const matcherAccounts = app.table(
  "matcher_accounts",
  {
    chainId: integer("chain_id").notNull(),
    merchantAccount: text("merchant_account").notNull(),
    fromBlock: bigint("from_block", { mode: "bigint" }).notNull(),
    caughtUpBlock: bigint("caught_up_block", { mode: "bigint" }).notNull(),
    caughtUpLogIndex: integer("caught_up_log_index").notNull(),
    joinedAt: ts("joined_at"),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.merchantAccount] })],
);

export type ChainAlertKind = "transfer_reorged" | "fee_collection_failed";

export const chainAlerts = app.table("chain_alerts", {
  id: bigserial("id", { mode: "bigint" }).primaryKey(),
  kind: text("kind").$type<ChainAlertKind>().notNull(),
  chainId: integer("chain_id").notNull(),
  transactionId: text("transaction_id"),
  details: jsonb("details").$type<Record<string, unknown>>().notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
  resolvedAt: ts("resolved_at"),
});
