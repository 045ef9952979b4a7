// One export line per area; each area's tables live in their own file.
export * from "./core.ts";
