// One export line per area; each area's tables live in their own file.
export * from "./core.ts";
export * from "./chain.ts";
export * from "./webhooks.ts";
export * from "./settlement.ts";
