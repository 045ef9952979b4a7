/** The database handle: postgres.js for raw SQL on hot paths, drizzle on top for typed queries. */
import postgres from "postgres";
import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import * as schema from "./schema/index.ts";

export type Sql = postgres.Sql<{ bigint: bigint }>;
export type Tx = postgres.TransactionSql<{ bigint: bigint }>;
/** Either the pool or an open transaction: helpers that write inside a caller's transaction take this. */
export type SqlOrTx = Sql | Tx;
export type Db = PostgresJsDatabase<typeof schema> & { $client: Sql };

export interface Database {
  sql: Sql;
  db: Db;
  close(): Promise<void>;
}

export function connect(url: string, opts: { max?: number } = {}): Database {
  const sql = postgres(url, {
    max: opts.max ?? 20,
    // int8 columns come back as bigint: money never passes through a float.
    types: { bigint: postgres.BigInt },
    onnotice: () => {},
    // A server that does not accept the connection within 5 s counts as unavailable (503, retry).
    connect_timeout: 5,
    connection: { application_name: "stablepay" },
  }) as unknown as Sql;
  const db = drizzle(sql, { schema }) as Db;
  return { sql, db, close: () => sql.end({ timeout: 5 }) };
}
