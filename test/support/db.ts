/** A fresh database on the shared test Postgres, for one test file: migrated, or empty with `migrate: false`. */
import { randomBytes } from "node:crypto";
import { connect, type Database } from "../../src/db/client.ts";
import { migrate } from "../../src/db/migrate.ts";
import { sharedPostgres } from "./preload.ts";

/**
 * The database of the run's template cluster that scripts/run-tests.ts migrated once (TEST_PG_MIGRATED_DB):
 * a migrated database is then a copy of it (0.12-0.2 s of CPU) rather than an empty one with every
 * migration run again (0.3-0.35 s, most of it Postgres's), for each database of a run. Without it
 * (`bun test` run directly), each database is migrated.
 */
const MIGRATED_TEMPLATE = process.env.TEST_PG_MIGRATED_DB || undefined;

export async function createTestDatabase(opts: { migrate?: boolean } = {}): Promise<{ url: string; database: Database }> {
  const pg = await sharedPostgres();
  const name = `t_${randomBytes(6).toString("hex")}`;
  const migrated = opts.migrate !== false;
  await pg.createDatabase(name, migrated ? MIGRATED_TEMPLATE : undefined);
  const url = pg.urlFor(name);
  const database = connect(url, { max: 10 });
  if (migrated && MIGRATED_TEMPLATE === undefined) await migrate(database.sql);
  return { url, database };
}
