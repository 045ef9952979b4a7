/**
 * The configuration reference is complete: every environment variable the service reads (the typed
 * readers of src/config.ts, and any direct `process.env` read in src/, indexer/ or ponder.config.ts)
 * is listed in the operators' guide's Configuration table (docs/operators.md). A variable named by a template (the per-chain
 * `${prefix}RPC_HTTP_URL` of extra chains) is found by its fixed part.
 */
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..");

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

/** The names the code reads: literal ones, and the fixed tail of templated ones (`_RPC_HTTP_URL`). */
function variablesRead(): { literal: Set<string>; tails: Set<string> } {
  const literal = new Set<string>();
  const tails = new Set<string>();
  for (const file of [...sources("src"), ...sources("indexer"), "ponder.config.ts"]) {
    const text = readFileSync(join(ROOT, file), "utf8");
    for (const m of text.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]+)|\[["']([A-Z][A-Z0-9_]+)["']\])/g)) literal.add((m[1] ?? m[2])!);
    if (!file.endsWith("config.ts")) continue;
    // The typed readers: r.int("NAME", …), r.url(`${prefix}RPC_HTTP_URL`), …
    for (const m of text.matchAll(/\br\.[a-zA-Z]+\(\s*(["`])([^"`]+)\1/g)) {
      const name = m[2]!;
      if (/^[A-Z][A-Z0-9_]+$/.test(name)) literal.add(name);
      else {
        const tail = /([A-Z0-9_]+)$/.exec(name)?.[1];
        if (tail && tail.length > 3) tails.add(tail.startsWith("_") ? tail : `_${tail}`);
      }
    }
  }
  return { literal, tails };
}

/** The operators' guide's Configuration section, from its heading to the next `## `. */
function reference(): string {
  const readme = readFileSync(join(ROOT, "docs", "operators.md"), "utf8");
  const start = readme.indexOf("## Configuration");
  expect(start).toBeGreaterThan(-1);
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

test("every variable the code reads is in the configuration reference", () => {
  const { literal, tails } = variablesRead();
  const ref = reference();
  expect(literal.size).toBeGreaterThan(30); // the scan finds the readers at all
  const missing = [...literal].filter((name) => !new RegExp(`\\b${name}\\b`).test(ref));
  const missingTails = [...tails].filter((tail) => !ref.includes(tail));
  expect({ missing, missingTails }).toEqual({ missing: [], missingTails: [] });
});
