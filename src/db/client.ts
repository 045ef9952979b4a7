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

/** drizzle's pool beside a main pool of `mainPool`: its queries are short single-table ones (5 beside the default 20). */
export function drizzlePoolOf(mainPool: number): number {
  return Math.max(1, Math.ceil(mainPool / 4));
}

/** `max`: the main pool (DATABASE_POOL_API or DATABASE_POOL_WORKERS; connection-budget.ts counts them). */
export function connect(url: string, opts: { max?: number; onHealthChange?: (reachable: boolean) => void } = {}): Database {
  const max = opts.max ?? 20;
  const sql = client(url, max);
  const drizzleClient = client(url, drizzlePoolOf(max));
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
