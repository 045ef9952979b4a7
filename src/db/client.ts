/**
 * The database handle. The SQL rule: drizzle for single-table reads and writes (`db`), raw postgres.js
 * for the multi-statement CTEs that carry the exactly-once guarantees (`sql`). Each has its own
 * client, because drizzle replaces its client's parsers and serializers for timestamps and json with
 * the identity: on a shared client raw queries would get text where they expect Dates and objects.
 */
import postgres from "postgres";
import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import * as schema from "./schema/index.ts";
import { databaseHealth, type DatabaseHealth } from "./health.ts";
import { instrumentQueries } from "./query-metrics.ts";

export type Sql = postgres.Sql<{ bigint: bigint }>;
export type Tx = postgres.TransactionSql<{ bigint: bigint }>;
/** Either the pool or an open transaction: helpers that write inside a caller's transaction take this. */
export type SqlOrTx = Sql | Tx;
export type Db = PostgresJsDatabase<typeof schema> & { $client: Sql };

export interface Database {
  sql: Sql;
  db: Db;
  /** Whether the database answers, as far as we know (health.ts): the API fails fast while it does not. */
  health: DatabaseHealth;
  close(): Promise<void>;
}

export function connect(url: string, opts: { max?: number; onHealthChange?: (reachable: boolean) => void } = {}): Database {
  const sql = client(url, opts.max ?? 20);
  // drizzle's queries are short single-table ones: a small pool of its own.
  const drizzleClient = client(url, 5);
  const db = drizzle(drizzleClient, { schema }) as Db;
  const health = databaseHealth(url, { onChange: opts.onHealthChange });
  return {
    sql,
    db,
    health,
    close: async () => {
      health.close();
      await Promise.all([sql.end({ timeout: 5 }), drizzleClient.end({ timeout: 5 })]);
    },
  };
}

function client(url: string, max: number): Sql {
  const sql = postgres(url, {
    max,
    // int8 columns come back as bigint: money never passes through a float.
    types: { bigint: postgres.BigInt },
    onnotice: () => {},
    // A server that does not accept the connection within 5 s counts as unavailable (503, retry).
    connect_timeout: 5,
    connection: { application_name: "stablepay" },
  }) as unknown as Sql;
  instrumentQueries(sql);
  return sql;
}
