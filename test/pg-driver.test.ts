/**
 * The database driver survives a connection that dies while it starts : postgres.js
 * 3.4.9 runs an array-types query first on every new connection and dropped its promise, so a
 * backend lost during that query (a failover, pg_terminate_backend, Postgres killed) surfaced as an
 * unhandled rejection and took the process down (porsager/postgres #1192, #1205, #1223; patched by
 * scripts/patch-postgres.mjs). Deterministic: a TCP proxy in front of the real Postgres closes the
 * connection the moment the driver sends that query.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { connect as tcpConnect, createServer, type Server, type Socket } from "node:net";
import { connect, type Database } from "../src/db/client.ts";
import { createTestDatabase } from "./support/db.ts";

let upstream: URL;
let owner: Database;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);

beforeAll(async () => {
  const db = await createTestDatabase({ migrate: false });
  owner = db.database;
  upstream = new URL(db.url);
  process.on("unhandledRejection", onUnhandled);
});
afterAll(async () => {
  process.off("unhandledRejection", onUnhandled);
  await owner?.close();
});

/** A proxy that cuts the first `cuts` connections whose client sends the array-types query. */
async function cuttingProxy(cuts: number): Promise<{ url: string; cut: () => number; server: Server }> {
  let done = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const backend = tcpConnect(Number(upstream.port), upstream.hostname);
    sockets.add(client).add(backend);
    client.on("data", (chunk: Buffer) => {
      if (done < cuts && chunk.includes("pg_catalog.pg_type")) {
        done++;
        client.destroy();
        backend.destroy();
        return;
      }
      backend.write(chunk);
    });
    backend.on("data", (chunk: Buffer) => client.writable && client.write(chunk));
    client.on("error", () => backend.destroy());
    backend.on("error", () => client.destroy());
    client.on("close", () => backend.destroy());
    backend.on("close", () => client.destroy());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  const url = new URL(upstream);
  url.port = String(port);
  return { url: url.toString(), cut: () => done, server };
}

test("a connection lost during its array-types query: the query fails or retries catchably, no unhandled rejection", async () => {
  const proxy = await cuttingProxy(1);
  const db = connect(proxy.url, { max: 1 });
  try {
    const first = await db.sql`SELECT 1 AS one`.then(
      (rows) => ({ ok: true as const, one: rows[0]!.one }),
      (err: { code?: string }) => ({ ok: false as const, code: err.code }),
    );
    expect(proxy.cut()).toBe(1);
    if (!first.ok) expect(first.code).toBe("CONNECTION_CLOSED");
    // The pool reconnects: the next query works, with array types fetched on the new connection.
    const [row] = await db.sql<{ ids: number[] }[]>`SELECT ARRAY[1, 2, 3]::int4[] AS ids`;
    expect(row!.ids).toEqual([1, 2, 3]);
    await Bun.sleep(50); // an unhandled rejection is reported on a later tick
    expect(unhandled).toEqual([]);
  } finally {
    await db.close();
    proxy.server.close();
  }
});

test("a reserved connection (the matcher's and the settlement's session lock) whose connection dies while it starts: handed over on the next one, never waited for in vain", async () => {
  const proxy = await cuttingProxy(1);
  const db = connect(proxy.url, { max: 2 });
  try {
    // Before the patch the reserve was dropped on the reconnect and never settled (a matcher stood by for good).
    const reserved = await Promise.race([db.sql.reserve(), Bun.sleep(5_000).then(() => null)]);
    expect(reserved).not.toBeNull();
    const [row] = await reserved!<{ locked: boolean }[]>`SELECT pg_try_advisory_lock(42) AS locked`;
    expect(row!.locked).toBe(true);
    await reserved!`SELECT pg_advisory_unlock(42)`;
    reserved!.release();
    const [other] = await db.sql<{ n: number }[]>`SELECT 2 AS n`;
    expect(other!.n).toBe(2);
    await Bun.sleep(50);
    expect(proxy.cut()).toBe(1);
    expect(unhandled).toEqual([]);
  } finally {
    await db.close();
    proxy.server.close();
  }
});
