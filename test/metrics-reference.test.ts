/**
 * The metrics reference is complete and true: every series the service exports (every metric declared
 * on the process-wide registry once the service is imported) is in the operators' guide's "Metrics"
 * section with its type and labels, and the section lists nothing the service no longer exports.
 */
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { exportedMetrics } from "./support/exported-metrics.ts";

function reference(): Map<string, { type: string; labels: string[] }> {
  const doc = readFileSync(join(import.meta.dir, "..", "docs", "operators.md"), "utf8");
  const start = doc.indexOf("\n## Metrics\n");
  expect(start).toBeGreaterThan(-1);
  const end = doc.indexOf("\n## ", start + 1);
  const rows = new Map<string, { type: string; labels: string[] }>();
  for (const m of doc.slice(start, end === -1 ? undefined : end).matchAll(/^\| `([a-z_:][a-z0-9_:]*)` \| (\w+) \| ([^|]*) \|/gm)) {
    rows.set(m[1]!, { type: m[2]!, labels: [...m[3]!.matchAll(/`([^`]+)`/g)].map((l) => l[1]!) });
  }
  return rows;
}

test("every exported series is in the metrics reference, with its type and labels, and nothing else is", async () => {
  const exported = await exportedMetrics();
  const ref = reference();
  expect(exported.length).toBeGreaterThan(40); // the service's metrics were declared at all
  const missing = exported.filter((m) => !ref.has(m.name)).map((m) => m.name);
  const stale = [...ref.keys()].filter((name) => !exported.some((m) => m.name === name));
  const wrong = exported
    .filter((m) => ref.has(m.name))
    .filter((m) => ref.get(m.name)!.type !== m.type || ref.get(m.name)!.labels.join(",") !== m.labels.join(","))
    .map((m) => `${m.name}: exported as ${m.type} {${m.labels.join(", ")}}, listed as ${ref.get(m.name)!.type} {${ref.get(m.name)!.labels.join(", ")}}`);
  expect({ missing, stale, wrong }).toEqual({ missing: [], stale: [], wrong: [] });
});
