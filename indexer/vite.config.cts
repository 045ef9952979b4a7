/**
 * Vite settings for Ponder's build step. Ponder runs the config, the schema and the indexing
 * functions through a Vite dev server (vite-node) at every start, and Vite loads this file from
 * Ponder's root (`--root indexer`) on top of Ponder's own settings.
 *
 * Why it exists: at every start, Ponder's build spent about 2 s of CPU compiling modules that the
 * indexer never runs (docs/contributors.md "Why the indexer has a Vite config"):
 * - vite-node compiles, instead of importing natively, every module under a path with `/esm/` in it.
 *   `ponder`'s entry (`ponder/dist/esm/index.js`) is such a path, and it imports Ponder's GraphQL
 *   server, so importing `onchainTable` or `createConfig` from "ponder" compiled about 400 modules
 *   (graphql-yoga, @graphql-tools, …).
 * - Vite's dev server also compiles, ahead of need, every module a compiled module imports.
 *
 * So: the bare import "ponder" in the config, schema and indexing files resolves to a small module
 * that re-exports those files' part of Ponder's entry, taken from the same files, and nothing is
 * compiled ahead of need. The API file (src/api/) keeps Ponder's full entry. The exports and the
 * files they come from are Ponder's own, so the values are the same; the types come from "ponder"
 * as before (tsc does not read this file's mapping).
 *
 * Why CommonJS (`.cts`): Vite 5 loads an ES-module config by writing it, bundled, beside itself
 * (`vite.config.ts.timestamp-….mjs`) and importing that, at every Ponder start, which a read-only
 * install refuses (EROFS: systemd's ProtectSystem=strict). A CommonJS config it bundles and loads in
 * memory. Vite's types are ES-module only, hence the `resolution-mode` of their import.
 */
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin, UserConfig } from "vite" with { "resolution-mode": "import" };

const LITE_ID = "\0stablepay:ponder-lite";

/** Ponder's entry, minus `client` and `graphql` (the API side, which pulls in the GraphQL server). */
function ponderLite(): string {
  // import.meta.url: Vite bundles this file before it runs it, and keeps this one pointing here.
  const entry = Bun.resolveSync("ponder", dirname(fileURLToPath(import.meta.url)));
  const esm = dirname(entry);
  // Resolved from Ponder's own folder: its drizzle-orm may be a copy of its own, not the project's.
  const from = (specifier: string) => JSON.stringify(Bun.resolveSync(specifier, esm));
  const own = (file: string) => JSON.stringify(join(esm, file));
  return [
    `export { loadBalance, mergeAbis, rateLimit, replaceBigInts } from ${from("@ponder/utils")};`,
    `export { factory } from ${own("config/address.js")};`,
    `export { createConfig } from ${own("config/index.js")};`,
    `export { and, asc, avg, avgDistinct, between, count, countDistinct, desc, eq, exists, gt, gte, ilike, inArray, isNotNull, isNull, like, lt, lte, max, min, ne, not, notBetween, notExists, notIlike, notInArray, notLike, or, relations, sql, sum, sumDistinct } from ${from("drizzle-orm")};`,
    `export { alias, bigint as int8, boolean, char, cidr, date, doublePrecision, except, exceptAll, foreignKey, index, inet, integer, intersect, intersectAll, interval, json, jsonb, line, macaddr, macaddr8, numeric, point, real, smallint, text, time, timestamp, union, unionAll, uniqueIndex, uuid, varchar } from ${from("drizzle-orm/pg-core")};`,
    `export { bigint, hex, onchainEnum, onchainTable, onchainView, primaryKey } from ${own("drizzle/onchain.js")};`,
  ].join("\n");
}

const API_DIR = `${sep}indexer${sep}src${sep}api${sep}`;

function ponderWithoutApi(): Plugin {
  return {
    name: "stablepay:ponder-without-api",
    enforce: "pre",
    resolveId(source, importer) {
      if (source !== "ponder" || (importer !== undefined && importer.includes(API_DIR))) return null;
      return LITE_ID;
    },
    load(id) {
      return id === LITE_ID ? ponderLite() : null;
    },
  };
}

export default {
  server: { preTransformRequests: false },
  plugins: [ponderWithoutApi()],
} satisfies UserConfig;
