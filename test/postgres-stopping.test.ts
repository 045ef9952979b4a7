/**
 * A sandbox started again right after a kill -9: its previous embedded Postgres is still stopping
 * (the dead service's supervisor asked it to with a smart shutdown, which waits for the sessions of the
 * service's other dying children, then checkpoints). The new start hurries it to a fast shutdown and
 * waits for it, instead of refusing after 10 s ("another Postgres is running"), which made a restart
 * under load fail at its first try.
 */
import { afterAll, expect, test } from "bun:test";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { startEmbeddedPostgres, type RunningPostgres } from "../src/sandbox/postgres.ts";
import { freePort } from "../src/sandbox/ports.ts";

const root = mkdtempSync(join(tmpdir(), "stablepay-pg-stopping-"));
chmodSync(root, 0o755); // as root the server runs as the `postgres` user
const servers: RunningPostgres[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop().catch(() => {});
  rmSync(root, { recursive: true, force: true });
});

test("a previous Postgres of the data folder that is stopping, held up by a session: hurried and waited for, then the new one starts", async () => {
  const dataDir = join(root, "postgres");
  const template = process.env.TEST_PG_TEMPLATE;
  const first = await startEmbeddedPostgres({ dataDir, port: await freePort(), ...(template ? { template } : {}) });
  servers.push(first);
  // A session of another client (the dying service's indexer, say) keeps a smart shutdown waiting.
  const session = postgres(first.url, { max: 1, onnotice: () => {} });
  await session`SELECT 1`;
  const pidFile = join(dataDir, "postmaster.pid");
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  process.kill(pid, "SIGTERM");
  // Stopping, and still there: the smart shutdown waits for the session.
  await Bun.sleep(1_000);
  expect(readFileSync(pidFile, "utf8").split("\n")[7]?.trim()).toBe("stopping");
  expect(() => process.kill(pid, 0)).not.toThrow();

  const started = Date.now();
  const second = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  servers.push(second);
  const tookMs = Date.now() - started;
  console.log(`[postgres stopping] the new server was up ${tookMs} ms after its start began`);
  const sql = postgres(second.url, { max: 1, onnotice: () => {} });
  expect((await sql`SELECT 1 AS one`)[0]!.one).toBe(1);
  await sql.end();
  // The old session was ended by the fast shutdown.
  await expect(session`SELECT 1`).rejects.toThrow();
  await session.end({ timeout: 1 }).catch(() => {});
}, 90_000);
