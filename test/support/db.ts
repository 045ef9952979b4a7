/** A fresh, migrated database on the shared test Postgres, for one test file. */
import { randomBytes } from "node:crypto";
import { connect, type Database } from "../../src/db/client.ts";
import { migrate } from "../../src/db/migrate.ts";
import { sharedPostgres } from "./preload.ts";

export async function createTestDatabase(opts: { migrate?: boolean } = {}): Promise<{ url: string; database: Database }> {
  const pg = await sharedPostgres();
  const name = `t_${randomBytes(6).toString("hex")}`;
  await pg.createDatabase(name);
  const url = pg.urlFor(name);
  const database = connect(url, { max: 10 });
  if (opts.migrate !== false) await migrate(database.sql);
  return { url, database };
}
