/**
 * The house rules of src/, read from the code itself: every relative import
 * of every file, and the SQL text that writes intent statuses and events. No service is started.
 *
 * - No import circle between files.
 * - Arrows only go down: entry points (main, service, cli) > api, workers, sandbox > modules (and
 *   src/http/, what their routes share) > db, chain, config > domain, lib.
 * - HTTP code (src/http/, src/api/) is imported only by the edge and by the route files of a module
 *   (index.ts, api.ts, model.ts, input.ts): never by a service, a worker, domain, db or chain.
 * - Nothing a worker role or the CLI loads imports the HTTP framework.
 * - The indexer (ponder.config.ts, indexer/) imports nothing from src/; the ABIs both use are in
 *   contracts/abis.ts.
 * - One home per state change: only modules/payment-intents/transitions.ts writes an intent's
 *   status, only modules/refunds/transitions.ts a refund's, only modules/outbox/outbox.ts inserts events.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "..");

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p));
    else if (p.endsWith(".ts")) out.push(p);
  }
  return out;
}

const rel = (p: string) => relative(ROOT, p);

/** Relative imports of a file (static, `export … from`, and dynamic), resolved to repo paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specs = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+"(\.[^"]+)"/g), ...text.matchAll(/import\(\s*"(\.[^"]+)"\s*\)/g)].map((m) => m[1]!);
  return specs.map((s) => resolveImport(file, s));
}

/** The repo path a relative import of `file` names (`./x` is `./x.ts`). */
function resolveImport(file: string, spec: string): string {
  return rel(resolve(dirname(file), /\.[a-z]+$/.test(spec) ? spec : `${spec}.ts`));
}

const SRC_FILES = filesUnder(join(ROOT, "src")).map(rel);
const GRAPH = new Map(SRC_FILES.map((f) => [f, importsOf(join(ROOT, f))]));

type Layer = "entry" | "edge" | "module" | "base" | "core";
/**
 * entry: processes' mains and the composition of the whole service; edge: the HTTP app, the worker
 * roles and the sandbox (which seeds demo data through the modules); module: resources and what
 * their routes share (src/http/), with the context they receive and the metrics registry bound to
 * it; base: database, chain,
 * configuration, logging, metrics; core: pure code.
 */
function layerOf(f: string): Layer {
  if (/^src\/(main|service)\.ts$/.test(f) || f.startsWith("src/cli/")) return "entry";
  if (/^src\/(api|workers|sandbox)\//.test(f)) return "edge";
  if (/^src\/(modules|http)\//.test(f) || f === "src/context.ts" || f === "src/metrics.ts") return "module";
  if (f.startsWith("src/domain/") || f.startsWith("src/lib/")) return "core";
  return "base";
}
const RANK: Record<Layer, number> = { entry: 4, edge: 3, module: 2, base: 1, core: 0 };

const ROUTE_FILE = /^src\/modules\/[^/]+\/(index|api|model|input)\.ts$/;

function violations(check: (from: string, to: string) => string | undefined): string[] {
  const out: string[] = [];
  for (const [from, tos] of GRAPH) for (const to of tos) {
    if (!to.startsWith("src/")) continue;
    const why = check(from, to);
    if (why) out.push(`${from} -> ${to}: ${why}`);
  }
  return out;
}

describe("imports", () => {
  test("every relative import names a file that exists", () => {
    const missing = violations((_from, to) => (SRC_FILES.includes(to) ? undefined : "no such file"));
    expect(missing).toEqual([]);
  });

  test("no import circle between files", () => {
    // Tarjan's strongly connected components; a component of more than one file is a circle.
    let index = 0;
    const idx = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const on = new Set<string>();
    const circles: string[][] = [];
    const visit = (v: string) => {
      idx.set(v, index);
      low.set(v, index++);
      stack.push(v);
      on.add(v);
      for (const w of GRAPH.get(v) ?? []) {
        if (!GRAPH.has(w)) continue;
        if (!idx.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
      }
      if (low.get(v) === idx.get(v)) {
        const comp: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          on.delete(w);
          comp.push(w);
        } while (w !== v);
        if (comp.length > 1) circles.push(comp.sort());
      }
    };
    for (const f of GRAPH.keys()) if (!idx.has(f)) visit(f);
    expect(circles).toEqual([]);
  });

  test("arrows only go down: entry > api, workers, sandbox > modules, http > db, chain, config > domain, lib", () => {
    const up = violations((from, to) => {
      const a = layerOf(from);
      const b = layerOf(to);
      if (RANK[b] > RANK[a]) return `${a} imports ${b}`;
      if (/^src\/(api|workers)\//.test(from) && /^src\/(api|workers)\//.test(to) && from.split("/")[1] !== to.split("/")[1]) return "api and workers import each other";
      return undefined;
    });
    expect(up).toEqual([]);
  });

  test("HTTP code is imported only by the edge and by route files", () => {
    const bad = violations((from, to) => {
      if (!to.startsWith("src/http/") && !to.startsWith("src/api/")) return undefined;
      if (layerOf(from) === "entry" || from.startsWith("src/api/") || from.startsWith("src/http/")) return undefined;
      if (ROUTE_FILE.test(from) && to.startsWith("src/http/")) return undefined;
      return "not a route file";
    });
    expect(bad).toEqual([]);
  });

  test("src/http/ builds on access and idempotency only, never on a resource module", () => {
    const bad = violations((from, to) =>
      from.startsWith("src/http/") && to.startsWith("src/modules/") && !/^src\/modules\/(access|idempotency)\//.test(to) ? "resource module" : undefined,
    );
    expect(bad).toEqual([]);
  });

  // Every process of a worker role and every CLI call loads what these reach: the HTTP framework cost
  // each of them about 0.1 s of CPU to load, for nothing (a module's response schemas are in its model.ts).
  test("a worker and the CLI never load the HTTP framework", () => {
    // What a file loads when it runs: its imports, type-only ones left out (they are erased).
    const loaded = (f: string) =>
      [...readFileSync(join(ROOT, f), "utf8").matchAll(/(?:^|\n)\s*(import|export)\s+(type\s)?[^;]*?from\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)|(?:^|\n)\s*import\s+"([^"]+)"/g)]
        .filter((m) => !m[2])
        .map((m) => (m[3] ?? m[4] ?? m[5])!);
    const reached = new Map<string, string>(); // file -> the file that loaded it
    const walk = (f: string, by: string) => {
      if (reached.has(f) || !GRAPH.has(f)) return;
      reached.set(f, by);
      for (const spec of loaded(f).filter((x) => x.startsWith("."))) walk(resolveImport(join(ROOT, f), spec), f);
    };
    walk("src/workers/run-role.ts", "(entry)");
    walk("src/cli/main.ts", "(entry)");
    expect(reached.size).toBeGreaterThan(50);
    const bad = [...reached.keys()].flatMap((f) => loaded(f).filter((pkg) => pkg === "elysia" || pkg.startsWith("@elysiajs/")).map((pkg) => `${f} (imported by ${reached.get(f)}) -> ${pkg}`));
    expect(bad).toEqual([]);
  });

  test("the indexer stands alone: it imports nothing from src/", () => {
    const indexerFiles = [join(ROOT, "ponder.config.ts"), join(ROOT, "ponder.schema.ts"), ...filesUnder(join(ROOT, "indexer")).filter((f) => !f.includes("/.ponder/") && !f.includes("/generated/"))];
    const bad = indexerFiles.flatMap((f) => importsOf(f).filter((to) => to.startsWith("src/")).map((to) => `${rel(f)} -> ${to}`));
    expect(bad).toEqual([]);
  });
});

describe("one home per state change", () => {
  const sources = SRC_FILES.map((f) => [f, readFileSync(join(ROOT, f), "utf8")] as const);

  test("only payment-intents/transitions.ts writes an intent's status", () => {
    const writers = sources.filter(([, text]) => /UPDATE\s+app\.payment_intents\b[^;`]*?\bSET\s+(?:[^;`]*?,\s*)?status\s*=/i.test(text)).map(([f]) => f);
    expect(writers).toEqual(["src/modules/payment-intents/transitions.ts"]);
  });

  test("only refunds/transitions.ts writes a refund's status", () => {
    const writers = sources
      .filter(([, text]) => /UPDATE\s+app\.refunds\b[^;`]*?\bSET\s+(?:[^;`]*?,\s*)?status\s*=/i.test(text) || /INSERT\s+INTO\s+app\.refunds\b/i.test(text))
      .map(([f]) => f);
    expect(writers).toEqual(["src/modules/refunds/transitions.ts"]);
  });

  test("only the outbox inserts events", () => {
    const writers = sources.filter(([, text]) => /INSERT\s+INTO\s+app\.events\b/i.test(text)).map(([f]) => f);
    expect(writers).toEqual(["src/modules/outbox/outbox.ts"]);
  });
});

describe("history stays in git", () => {
  test("no issue numbers in code, comments or docs (nobody who clones the repository can look one up)", () => {
    const tree = (dir: string): string[] =>
      readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
        e.name === "node_modules" ? [] : e.isDirectory() ? tree(join(dir, e.name)) : [join(dir, e.name)],
      );
    const roots = ["src", "docs", "indexer", "contracts", "test", "bench", "web", "scripts"];
    const files = [...roots.flatMap((d) => tree(d)), "README.md", "ponder.config.ts", "ponder.schema.ts"].filter((f) => /\.(ts|md|sql|js|mjs|css|html|sol)$/.test(f));
    const pattern = new RegExp(["iss", "ues? [0-9]+"].join(""), "i"); // built so that this file does not match itself
    const found = files.flatMap((f) =>
      readFileSync(join(ROOT, f), "utf8")
        .split("\n")
        .flatMap((line, i) => (pattern.test(line) ? [`${f}:${i + 1}: ${line.trim().slice(0, 120)}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
