/**
 * postgres.js's pool queue as scripts/patch-postgres.mjs leaves it (edit 6: holes dropped, remove()
 * searching from the head): the same answers as a plain array for any mix of push, shift and remove,
 * including long runs where the queue never empties (the pool under steady load), and both builds
 * (src/ for Bun, cjs/src/ for Node) patched alike.
 */
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

type Q = { readonly length: number; push(x: object): object; shift(): object | undefined; remove(x: object): object | null };
const Queue = (await import(join(import.meta.dir, "..", "node_modules", "postgres", "src", "queue.js"))).default as (initial?: object[]) => Q;
const CjsQueue = createRequire(import.meta.url)(join(import.meta.dir, "..", "node_modules", "postgres", "cjs", "src", "queue.js")) as (initial?: object[]) => Q;

/** A small seeded generator: the same sequence on every run. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

for (const [name, make] of [["src (Bun)", Queue], ["cjs/src (Node)", CjsQueue]] as const) {
  test(`${name}: push, shift and remove answer as a plain array does, over 200,000 operations that seldom empty it`, () => {
    const rand = random(7);
    const q = make();
    const model: object[] = [];
    const live: object[] = [];
    for (let i = 0; i < 200_000; i++) {
      const r = rand();
      if (r < 0.45 || model.length === 0) {
        const x = { i };
        q.push(x);
        model.push(x);
        live.push(x);
      } else if (r < 0.8) {
        const out = q.shift();
        expect(out).toBe(model.shift()!);
      } else {
        // An element still queued, or one that left already: remove() finds the first, and nothing for the second.
        const x = live[Math.floor(rand() * live.length)]!;
        const at = model.indexOf(x);
        expect(q.remove(x)).toBe(at === -1 ? null : x);
        if (at !== -1) model.splice(at, 1);
      }
      if (q.length !== model.length) throw new Error(`length ${q.length} against ${model.length} after operation ${i}`);
      if (live.length > 5_000) live.splice(0, 2_500);
    }
    while (model.length) expect(q.shift()).toBe(model.shift()!);
    expect(q.length).toBe(0);
  });
}

test("both builds carry the patch", () => {
  for (const dir of ["src", "cjs/src"]) {
    const text = readFileSync(join(import.meta.dir, "..", "node_modules", "postgres", dir, "queue.js"), "utf8");
    expect(text).toContain("xs.indexOf(x, index)");
    expect(text).toContain("xs = xs.slice(index)");
  }
});
