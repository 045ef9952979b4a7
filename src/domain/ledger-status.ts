/** Statuses of a ledger transaction and of its settlement (docs/contributors.md "Settlement"). */
export type TransactionStatus = "confirmed" | "settled" | "failed";
export type SettlementStatus = "pending" | "in_transit" | "paid" | "failed";
