/**
 * Runs once per `bun test` process (bunfig.toml): one real embedded Postgres for the whole run.
 * Each test file creates its own database on it (test/support/db.ts), so files are isolated.
 */
import { afterAll } from "bun:test";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmbeddedPostgres, type RunningPostgres } from "../../src/sandbox/postgres.ts";
import { freePort } from "../../src/sandbox/ports.ts";

declare global {
  var __testPostgres: Promise<RunningPostgres> | undefined;
}

export function sharedPostgres(): Promise<RunningPostgres> {
  globalThis.__testPostgres ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), "stablepay-pg-"));
    chmodSync(dir, 0o755); // the server may run as the `postgres` user (when tests run as root)
    tmpDirs.push(dir);
    // TEST_PG_TEMPLATE (scripts/run-tests.ts): a cluster made once per run, copied instead of an initdb.
    return startEmbeddedPostgres({ dataDir: join(dir, "data"), port: await freePort(), ephemeral: true, template: process.env.TEST_PG_TEMPLATE || undefined });
  })();
  return globalThis.__testPostgres;
}

const tmpDirs: string[] = [];

afterAll(async () => {
  if (globalThis.__testPostgres) await (await globalThis.__testPostgres).stop();
  for (const dir of tmpDirs) rmSync(dir, { recursive: true, force: true });
});
