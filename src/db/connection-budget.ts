/**
 * How many database connections a process may open, and whether a deployment's processes fit the
 * server's `max_connections` (checked at a production start). Pools open connections lazily, so a
 * deployment over the limit starts fine and fails under load, when every pool has grown: the sum is
 * worked out from the configuration instead, before anything runs.
 */
import { ConfigError, type DatabasePools, type Role, type TopologyEntry } from "../config.ts";
import { drizzlePoolOf, type Sql } from "./client.ts";

/** The main pool of a process with these roles: the API's size where it serves requests. */
export function mainPoolOf(roles: ReadonlySet<Role>, pools: DatabasePools): number {
  return roles.has("api") || roles.has("dashboard") ? pools.api : pools.workers;
}

/** The health probe (health.ts) and the one connection postgres.js opens for every LISTEN of a client. */
const PROBE_AND_LISTEN = 2;
/** The indexer's supervisor: its session lock (1) and two small pools of 2 (schemas, readiness). */
const INDEXER_SUPERVISOR = 5;
/** The indexer's own read of the service's deposit addresses (indexer/deposit-addresses.ts). */
const INDEXER_DEPOSIT_READ = 1;
/** One operator CLI at a time (`migrate`, `webhooks reseal`): a pool of 2 and drizzle's. */
export const CLI_CONNECTIONS = 2 + drizzlePoolOf(2) + PROBE_AND_LISTEN;

/** The most connections one process with these roles opens. */
export function connectionsOf(roles: ReadonlySet<Role>, pools: DatabasePools): number {
  const main = mainPoolOf(roles, pools);
  return main + drizzlePoolOf(main) + PROBE_AND_LISTEN + (roles.has("indexer") ? pools.indexer + INDEXER_SUPERVISOR + INDEXER_DEPOSIT_READ : 0);
}

export interface Budget {
  needed: number;
  /** What the server lets non-superusers open: max_connections less the reserved slots. */
  allowed: number;
  maxConnections: number;
  reserved: number;
}

/** The deployment's need (DEPLOYMENT_TOPOLOGY, else this process alone) and the server's allowance. */
export async function connectionBudget(sql: Sql, opts: { roles: ReadonlySet<Role>; pools: DatabasePools; topology: readonly TopologyEntry[] | undefined }): Promise<Budget> {
  const processes = opts.topology ?? [{ roles: opts.roles, count: 1 }];
  const needed = processes.reduce((sum, p) => sum + p.count * connectionsOf(p.roles, opts.pools), 0) + CLI_CONNECTIONS;
  // reserved_connections exists from PostgreSQL 16 on; missing_ok reads it as null before.
  const [row] = await sql<{ max: number; superuser: number; reserved: number | null }[]>`
    SELECT current_setting('max_connections')::int AS max,
           current_setting('superuser_reserved_connections')::int AS superuser,
           nullif(current_setting('reserved_connections', true), '')::int AS reserved`;
  const reserved = row!.superuser + (row!.reserved ?? 0);
  return { needed, allowed: row!.max - reserved, maxConnections: row!.max, reserved };
}

/**
 * Refuses a start whose deployment needs more connections than the server allows, naming the pool
 * variable that weighs most in the sum (the one to lower first).
 */
export async function checkConnectionBudget(sql: Sql, opts: { roles: ReadonlySet<Role>; pools: DatabasePools; topology: readonly TopologyEntry[] | undefined }): Promise<Budget> {
  const budget = await connectionBudget(sql, opts);
  if (opts.topology && !opts.topology.some((p) => sameRoles(p.roles, opts.roles)))
    throw new ConfigError("DEPLOYMENT_TOPOLOGY", `does not list this process's ROLES (${[...opts.roles].join(",")}): every process that connects must be counted`);
  if (budget.needed <= budget.allowed) return budget;
  const processes = opts.topology ?? [{ roles: opts.roles, count: 1 }];
  const weight = { DATABASE_POOL_API: 0, DATABASE_POOL_WORKERS: 0, STABLEPAY_INDEXER_DB_POOL_MAX: 0 };
  for (const p of processes) {
    const main = mainPoolOf(p.roles, opts.pools);
    weight[p.roles.has("api") || p.roles.has("dashboard") ? "DATABASE_POOL_API" : "DATABASE_POOL_WORKERS"] += p.count * (main + drizzlePoolOf(main));
    if (p.roles.has("indexer")) weight.STABLEPAY_INDEXER_DB_POOL_MAX += p.count * opts.pools.indexer;
  }
  const [heaviest] = Object.entries(weight).sort((a, b) => b[1] - a[1])[0]!;
  const value = heaviest === "DATABASE_POOL_API" ? opts.pools.api : heaviest === "DATABASE_POOL_WORKERS" ? opts.pools.workers : opts.pools.indexer;
  throw new ConfigError(
    heaviest,
    `is ${value}: ${opts.topology ? "the processes of DEPLOYMENT_TOPOLOGY" : "this process"} may open ${budget.needed} database connections, above the ${budget.allowed} the server allows (max_connections ${budget.maxConnections}, ${budget.reserved} reserved): lower it (or DATABASE_POOL_API, DATABASE_POOL_WORKERS, STABLEPAY_INDEXER_DB_POOL_MAX), or raise max_connections`,
  );
}

function sameRoles(a: ReadonlySet<Role>, b: ReadonlySet<Role>): boolean {
  return a.size === b.size && [...a].every((r) => b.has(r));
}
