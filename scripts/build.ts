/**
 * `npm run build` (also run by `npm install`, as package.json's `postinstall`): everything that
 * writes into the install, so that the processes started from it afterwards only read it (systemd's
 * ProtectSystem=strict makes it read-only; test/read-only-install.test.ts starts every unit so).
 *   1. the dependency patches (scripts/patch-postgres.mjs, scripts/patch-ponder.mjs);
 *   2. the contracts compiled with the pinned solc into contracts/out/artifacts.json;
 *   3. Ponder's codegen (indexer/ponder-env.d.ts: committed; written only if Ponder changed it);
 *   4. bootstrap.mjs's install stamp, so that `npm run cli` does not install again.
 * Vite's bundled config, which it writes beside the config at every Ponder start when the config is
 * an ES module, is not needed: indexer/vite.config.cts is loaded as CommonJS, in memory.
 * Each step is idempotent and cheap when its output is current.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildArtifacts } from "../src/chain/artifacts.ts";
import { driverPatchProblem } from "../src/db/driver-patch.ts";
// @ts-expect-error: plain .mjs scripts without types (they run on Node too).
import { patchPostgres } from "./patch-postgres.mjs";
// @ts-expect-error: as above.
import { patchPonder } from "./patch-ponder.mjs";
// @ts-expect-error: as above.
import { installHash, STAMP_FILE } from "./install-stamp.mjs";

const root = join(import.meta.dir, "..");
const t0 = performance.now();

patchPostgres();
patchPonder();
const unpatched = driverPatchProblem(join(root, "src", "db"));
if (unpatched) throw new Error(unpatched);

const artifacts = await buildArtifacts();

const codegen = spawnSync(join(root, "node_modules/.bin/bun"), ["--bun", join(root, "node_modules/.bin/ponder"), "codegen", "--root", "indexer", "--config", "../ponder.config.ts", "--log-level", "error"], {
  cwd: root,
  stdio: ["ignore", "inherit", "inherit"],
});
if (codegen.status !== 0) throw new Error(`ponder codegen failed (exit ${codegen.status ?? codegen.signal})`);

// The install is complete: bootstrap.mjs (`npm start`, `npm test`, `npm run cli`) need not install again.
writeFileSync(STAMP_FILE, installHash());

console.error(`build: drivers patched, contracts ${artifacts.compiled ? "compiled" : "current"} (${join("contracts", "out", "artifacts.json")}), Ponder's codegen done (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
