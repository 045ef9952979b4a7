/**
 * An install whose postgres.js lacks scripts/patch-postgres.mjs refuses to start, with one line naming
 * the cause and the fix: a lost database connection would otherwise kill the process (the failover
 * itself is tested in test/pg-driver.test.ts and test/postgres-stopping.test.ts). Both entry points
 * the units run (`bun src/main.ts`, `bun src/cli/main.ts migrate`) are started from a copy of the
 * install whose postgres.js is the package as published (the patch's replacements undone); then the
 * patch script run in that copy lets them past the check. That `npm install` applies the patch is
 * tested from a fresh install in test/read-only-install.test.ts.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @ts-expect-error: a plain .mjs script without types (it runs on Node before any install).
import { EDITS } from "../scripts/patch-postgres.mjs";

const root = join(import.meta.dir, "..");
let install: string;

beforeAll(() => {
  install = mkdtempSync(join(tmpdir(), "stablepay-driver-patch-"));
  for (const f of ["src", "scripts", "contracts", "web", "indexer", "package.json", "tsconfig.json", "ponder.config.ts", "ponder.schema.ts"]) cpSync(join(root, f), join(install, f), { recursive: true });
  // Every package but postgres.js is the checkout's own (linked); postgres.js is a copy, unpatched.
  mkdirSync(join(install, "node_modules"));
  for (const name of readdirSync(join(root, "node_modules"))) {
    if (name === "postgres" || name === ".bin") continue;
    symlinkSync(join(root, "node_modules", name), join(install, "node_modules", name));
  }
  const pg = join(install, "node_modules", "postgres");
  cpSync(join(root, "node_modules", "postgres"), pg, { recursive: true });
  for (const dir of ["src", "cjs/src"])
    for (const [file, replacements] of Object.entries(EDITS as Record<string, [string, string][]>)) {
      let text = readFileSync(join(pg, dir, file), "utf8");
      for (const [from, to] of replacements) {
        expect(text).toContain(to);
        text = text.replace(to, from);
      }
      expect(text).not.toContain("stablepay patch");
      writeFileSync(join(pg, dir, file), text);
    }
});
afterAll(() => {
  if (install) rmSync(install, { recursive: true, force: true });
});

/** Production mode with nothing configured: past the driver check, the start stops on the configuration at once. */
function run(args: string[]) {
  const r = Bun.spawnSync([process.execPath, ...args], { cwd: install, env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/root", STABLEPAY_ENV: "production" }, stdout: "pipe", stderr: "pipe" });
  return { code: r.exitCode, stdout: r.stdout.toString(), stderr: r.stderr.toString().trim() };
}

const refusal = (install: string) =>
  `postgres.js is not patched (node_modules/postgres/src/index.js, node_modules/postgres/src/connection.js without scripts/patch-postgres.mjs; a lost database connection would crash this process): run \`npm install\`, or \`node scripts/patch-postgres.mjs\`, in ${install}`;

test("without the patch, the service and the migrations refuse to start, in one line naming the cause and the fix", () => {
  const service = run(["src/main.ts"]);
  expect(service.code).toBe(1);
  expect(service.stderr).toBe(refusal(install));
  expect(service.stdout).toBe("");
  const migrate = run(["src/cli/main.ts", "migrate"]);
  expect(migrate.code).toBe(1);
  expect(migrate.stderr).toBe(`error: ${refusal(install)}`);
});

test("docs/deployment.md shows the refusal word for word", () => {
  const guide = readFileSync(join(root, "docs/deployment.md"), "utf8");
  expect(guide.split("\n").filter((l) => l.startsWith("postgres.js is not patched"))).toEqual([refusal("/opt/stablepay")]);
});

test("the fix it names lets them past the check", () => {
  const patch = Bun.spawnSync(["node", "scripts/patch-postgres.mjs"], { cwd: install, stderr: "pipe" });
  expect(patch.stderr.toString()).toBe("");
  expect(patch.exitCode).toBe(0);
  for (const args of [["src/main.ts"], ["src/cli/main.ts", "migrate"]]) {
    const r = run(args);
    // Now it stops on what production mode lacks here (no database named), not on the driver.
    expect(r.code).toBe(1);
    expect(r.stderr).not.toContain("not patched");
    expect(r.stderr).toContain("DATABASE_URL");
  }
});
