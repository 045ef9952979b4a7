/**
 * indexer/vite.config.cts: the bare import "ponder" of the indexer's config, schema and handlers
 * resolves to a lean module with every export of Ponder's entry but the API side's, the very same
 * values; the API file keeps the full entry. (That the indexer runs with it is every indexer test.)
 */
import { expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import config from "../indexer/vite.config.cts";

const root = join(import.meta.dir, "..");
type Hook = (this: unknown, ...args: unknown[]) => unknown;
const plugin = (config.plugins as Array<{ name: string; resolveId: Hook; load: Hook }>).find((p) => p.name === "stablepay:ponder-without-api")!;

test("the config, schema and handlers get the lean module; the API file and other imports are left to Vite", () => {
  const lean = plugin.resolveId.call({}, "ponder", join(root, "ponder.config.ts"));
  expect(typeof lean).toBe("string");
  expect(plugin.resolveId.call({}, "ponder", join(root, "ponder.schema.ts"))).toBe(lean);
  expect(plugin.resolveId.call({}, "ponder", join(root, "indexer/src/index.ts"))).toBe(lean);
  expect(plugin.resolveId.call({}, "ponder", join(root, "indexer/src/api/index.ts"))).toBeNull();
  expect(plugin.resolveId.call({}, "viem", join(root, "ponder.config.ts"))).toBeNull();
  expect(plugin.resolveId.call({}, "ponder:registry", join(root, "indexer/src/index.ts"))).toBeNull();
  expect(plugin.load.call({}, "some/other/module.ts")).toBeNull();
  expect(config.server?.preTransformRequests).toBe(false);
});

test("the lean module exports every name of Ponder's entry but client and graphql, with the same values", async () => {
  const lean = plugin.resolveId.call({}, "ponder", join(root, "ponder.config.ts"));
  const code = plugin.load.call({}, lean) as string;
  const dir = mkdtempSync(join(tmpdir(), "stablepay-ponder-lite-"));
  try {
    const file = join(dir, "ponder-lite.mjs");
    writeFileSync(file, code);
    const mine = (await import(file)) as Record<string, unknown>;
    const full = (await import("ponder")) as Record<string, unknown>;
    expect(Object.keys(mine).sort()).toEqual(Object.keys(full).filter((k) => k !== "client" && k !== "graphql").sort());
    for (const [name, value] of Object.entries(mine)) expect([name, value === full[name]]).toEqual([name, true]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
