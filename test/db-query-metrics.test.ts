/**
 * Database statement durations: named by verb and first table (never values), counted for the pools
 * and drizzle's client alike, errors apart.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { statementName } from "../src/db/query-metrics.ts";
import { processMetrics } from "../src/lib/metrics.ts";
import { merchants } from "../src/db/schema/index.ts";
import type { Database } from "../src/db/client.ts";
import { createTestDatabase } from "./support/db.ts";

let database: Database;
beforeAll(async () => {
  database = (await createTestDatabase({ migrate: true })).database;
}, 60_000);
afterAll(async () => {
  await database?.close();
});

test("a statement's name is its verb and first table, without values", () => {
  expect(statementName("SELECT kind, count(*)::int AS n FROM app.chain_alerts WHERE resolved_at IS NULL")).toBe("select app.chain_alerts");
  expect(statementName(`select "id", "name" from "app"."merchants" where "app"."merchants"."id" = $1`)).toBe("select app.merchants");
  expect(statementName("\n  -- why\n  INSERT INTO app.events (id) VALUES ($1)")).toBe("insert app.events");
  expect(statementName("UPDATE app.transactions SET fee_status = 'collected' WHERE id = $1")).toBe("update app.transactions");
  expect(statementName("DELETE FROM app.reservations WHERE x = $1")).toBe("delete app.reservations");
  expect(statementName("WITH t AS (SELECT * FROM app.transactions) UPDATE app.x SET a = 1")).toBe("with app.transactions");
  expect(statementName("begin isolation level serializable")).toBe("begin");
  expect(statementName("SELECT pg_try_advisory_lock($1, $2)")).toBe("select");
});

/** The count of one (statement, outcome) series. */
async function count(statement: string, outcome: string): Promise<number> {
  const text = await processMetrics.prom.metrics();
  const line = text.split("\n").find((l) => l.startsWith(`stablepay_db_query_duration_seconds_count{statement="${statement}",outcome="${outcome}"}`));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
}

test("queries of the raw pool and of drizzle move the histogram; a failing one counts as an error", async () => {
  const before = { raw: await count("select app.chain_alerts", "ok"), drizzle: await count("select app.merchants", "ok"), error: await count("select app.no_such_table", "error") };
  await database.sql`SELECT count(*) FROM app.chain_alerts WHERE kind = ${"secret-value"}`;
  await database.db.select().from(merchants).where(eq(merchants.id, "mer_x"));
  await expect(database.sql`SELECT 1 FROM app.no_such_table`.then(() => 0)).rejects.toThrow();
  expect(await count("select app.chain_alerts", "ok")).toBe(before.raw + 1);
  expect(await count("select app.merchants", "ok")).toBe(before.drizzle + 1);
  expect(await count("select app.no_such_table", "error")).toBe(before.error + 1);
  expect(await processMetrics.prom.metrics()).not.toContain("secret-value");
}, 30_000);
