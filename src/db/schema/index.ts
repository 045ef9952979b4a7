// One export line per area; each area's tables live in their own file. Only the tables drizzle queries
// are here (single-table reads and writes); the migrations in ../migrations are the source of truth.
export * from "./core.ts";
export * from "./settlement.ts";
