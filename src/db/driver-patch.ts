/**
 * Whether the postgres.js this process loads carries scripts/patch-postgres.mjs. Without it a
 * connection whose backend dies (a failover, pg_terminate_backend) throws from a timer and kills the
 * process, or leaves a reserved connection waiting for ever (the matcher standing still while
 * /health says 200). The patch is applied by `npm install` (package.json `postinstall`); an install
 * made another way (`npm install --ignore-scripts`, a copied node_modules, a later reinstall of the
 * package alone) lacks it, so every entry point asks before it starts anything.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

/** What scripts/patch-postgres.mjs writes into each file it changes. */
const MARK = "/* stablepay patch: postgres#1208 */";
const PATCHED_FILES = ["index.js", "connection.js"];

/**
 * One line naming the cause and the fix when the driver is not patched; undefined when it is.
 * `from`: the directory whose resolution of "postgres" is checked (the one the service's imports
 * resolve it from).
 */
export function driverPatchProblem(from: string = import.meta.dir): string | undefined {
  let entry: string;
  try {
    entry = Bun.resolveSync("postgres", from);
  } catch {
    return "postgres.js is not installed: run `npm install` in the service's directory";
  }
  const dir = dirname(entry);
  const unpatched = PATCHED_FILES.map((f) => join(dir, f)).filter((f) => !existsSync(f) || !readFileSync(f, "utf8").includes(MARK));
  if (unpatched.length === 0) return undefined;
  const install = dirname(dirname(dirname(dir))); // <install>/node_modules/postgres/src
  const files = unpatched.map((f) => relative(install, f)).join(", ");
  return `postgres.js is not patched (${files} without scripts/patch-postgres.mjs; a lost database connection would crash this process): run \`npm install\`, or \`node scripts/patch-postgres.mjs\`, in ${install}`;
}
