/**
 * Applies src/db/migrations/*.sql in name order, each once, in its own transaction, under an
 * advisory lock so that several processes starting at once do not race.
 * Plain SQL files (not generated) so that areas of the code can add tables independently.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Sql } from "./client.ts";

const DIR = join(import.meta.dir, "migrations");
const LOCK_ID = 7_345_001;

export async function migrate(sql: Sql): Promise<string[]> {
  const files = readdirSync(DIR).filter((f) => f.endsWith(".sql")).sort();
  const applied: string[] = [];
  await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${LOCK_ID})`;
    await tx`CREATE SCHEMA IF NOT EXISTS app`;
    await tx`CREATE TABLE IF NOT EXISTS app.schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`;
    const done = new Set((await tx<{ name: string }[]>`SELECT name FROM app.schema_migrations`).map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.unsafe(readFileSync(join(DIR, file), "utf8"));
      await tx`INSERT INTO app.schema_migrations (name) VALUES (${file})`;
      applied.push(file);
    }
  });
  return applied;
}
