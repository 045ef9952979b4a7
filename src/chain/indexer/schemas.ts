/**
 * The indexer's database schemas: the instance schema's name (a fingerprint of the configuration and
 * the indexer's code), the views schema the service reads, and the housekeeping around them (which
 * instance the views point at, dropping, pruning, unlocking a dead instance's schema).
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { normalizeIndexerChains, type IndexerChainConfig as ChainConfig } from "../../../indexer/chains.ts";

/** The repository root (Ponder runs there with `--root indexer`). */
export const DEFAULT_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const SCHEMA_PREFIX = "ponder_";
export const INSTANCE_SCHEMA = /^ponder_[0-9a-f]{10}$/;
/** Instance schemas set aside for a rebuild (reconcile.ts): `<instance>_r<base36 time>`, dropped once no view reads them. */
export const SET_ASIDE_SCHEMA = /^ponder_[0-9a-f]{10}_r[0-9a-z]+$/;
const VIEWS_SCHEMA = /^[a-z_][a-z0-9_]{0,44}$/;


const fingerprints = new Map<string, string>();

/** Hash of everything that changes what the indexer writes: config, schema, handlers, ABIs, Ponder. */
function codeFingerprint(root: string): string {
  const cached = fingerprints.get(root);
  if (cached) return cached;
  const files = [
    "ponder.config.ts",
    "ponder.schema.ts",
    "indexer/chains.ts",
    "indexer/deposit-addresses.ts",
    "indexer/ponder.schema.ts",
    "../../../contracts/abis.ts",
    "node_modules/ponder/package.json",
    ...listFiles(join(root, "indexer/src")).map((f) => `indexer/src/${f}`),
  ];
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(file);
    hash.update("\0");
    hash.update(existsSync(join(root, file)) ? readFileSync(join(root, file)) : "missing");
    hash.update("\0");
  }
  const digest = hash.digest("hex");
  fingerprints.set(root, digest);
  return digest;
}

function listFiles(dir: string, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) =>
      entry.isDirectory()
        ? listFiles(join(dir, entry.name), `${prefix}${entry.name}/`)
        : [`${prefix}${entry.name}`],
    );
}

/**
 * The instance schema for these chains: `ponder_` + 10 hex of sha256 over the normalised chain
 * configs (addresses lowercased, accounts sorted and deduplicated, every field included) and the
 * indexer's code. Equal configs give equal names, so a restart resumes (Ponder crash recovery).
 */
export function indexerSchemaName(chains: ChainConfig[], cwd: string = DEFAULT_ROOT): string {
  const normalized = normalizeIndexerChains(chains);
  const digest = createHash("sha256")
    .update(JSON.stringify({ v: 1, chains: normalized, code: codeFingerprint(cwd) }))
    .digest("hex");
  return `${SCHEMA_PREFIX}${digest.slice(0, 10)}`;
}

export function assertViewsSchema(name: string) {
  if (!VIEWS_SCHEMA.test(name) || name === "ponder_sync" || INSTANCE_SCHEMA.test(name)) {
    throw new Error(
      `invalid views schema "${name}": lowercase letters, digits and _, at most 45 characters, not ponder_sync or ponder_<10 hex>`,
    );
  }
}


export type Sql = postgres.Sql;

export function connect(databaseUrl: string): Sql {
  return postgres(databaseUrl, { max: 2, onnotice: () => {}, idle_timeout: 5, connect_timeout: 10 });
}

/**
 * The instance schema the views of `viewsSchema` currently select from (read from Postgres's
 * dependency catalog for the `chain_checkpoint` view), or null when the views don't exist.
 */
export async function viewsTargetSchema(sql: Sql, viewsSchema: string): Promise<string | null> {
  const rows = await sql<{ schema: string }[]>`
    SELECT DISTINCT tn.nspname AS schema
    FROM pg_class v
    JOIN pg_namespace vn ON vn.oid = v.relnamespace
    JOIN pg_rewrite r ON r.ev_class = v.oid
    JOIN pg_depend d ON d.classid = 'pg_rewrite'::regclass AND d.objid = r.oid
                    AND d.refclassid = 'pg_class'::regclass
    JOIN pg_class t ON t.oid = d.refobjid AND t.oid <> v.oid
    JOIN pg_namespace tn ON tn.oid = t.relnamespace
    WHERE vn.nspname = ${viewsSchema} AND v.relname = 'chain_checkpoint' AND v.relkind = 'v'`;
  return rows[0]?.schema ?? null;
}

/**
 * Drops an instance schema, unless a view outside it (a views schema, a data team's view) still
 * selects from it: CASCADE would silently drop the readers' views. Returns whether it dropped.
 */
export async function dropIndexerSchema(sql: Sql, schema: string): Promise<boolean> {
  if (!INSTANCE_SCHEMA.test(schema) && !SET_ASIDE_SCHEMA.test(schema)) throw new Error(`refusing to drop "${schema}": not an indexer instance schema`);
  return sql.begin(async (tx) => {
    const dependents = await tx`
      SELECT 1
      FROM pg_depend d
      JOIN pg_rewrite r ON d.classid = 'pg_rewrite'::regclass AND d.objid = r.oid
      JOIN pg_class v ON v.oid = r.ev_class
      JOIN pg_class t ON d.refclassid = 'pg_class'::regclass AND t.oid = d.refobjid
      JOIN pg_namespace tn ON tn.oid = t.relnamespace
      WHERE tn.nspname = ${schema} AND v.relnamespace <> t.relnamespace
      LIMIT 1`;
    if (dependents.length > 0) return false;
    await tx.unsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    return true;
  });
}

/**
 * Drops instance schemas (`ponder_<10 hex>`) that no Ponder runs (unlocked, or heartbeat older than
 * a minute), that no view reads, and that are not `keep`: the leftovers of earlier versions
 * or earlier runs with another config. Returns the dropped names.
 */
export async function pruneIndexerSchemas(sql: Sql, keep: string[]): Promise<string[]> {
  const candidates = await sql<{ schema: string }[]>`
    SELECT n.nspname AS schema
    FROM pg_namespace n
    JOIN pg_class c ON c.relnamespace = n.oid AND c.relname = '_ponder_meta' AND c.relkind = 'r'
    WHERE n.nspname ~ '^ponder_[0-9a-f]{10}(_r[0-9a-z]+)?$'`;
  const dropped: string[] = [];
  for (const { schema } of candidates) {
    if (keep.includes(schema)) continue;
    const meta = await sql.unsafe<{ value: { is_locked?: number; heartbeat_at?: number } }[]>(
      `SELECT value FROM "${schema}"."_ponder_meta" WHERE key = 'app'`,
    );
    const app = meta[0]?.value;
    const running = app?.is_locked === 1 && (app.heartbeat_at ?? 0) > Date.now() - 60_000;
    if (running) continue;
    if (await dropIndexerSchema(sql, schema)) dropped.push(schema);
  }
  return dropped;
}

/** Renames an instance schema out of the way (views that read it keep reading it); returns the new name. */
export async function setAsideInstance(sql: Sql, schema: string): Promise<string> {
  if (!INSTANCE_SCHEMA.test(schema)) throw new Error(`refusing to set aside "${schema}": not an indexer instance schema`);
  const aside = `${schema}_r${Date.now().toString(36)}`;
  await sql.unsafe(`ALTER SCHEMA "${schema}" RENAME TO "${aside}"`);
  return aside;
}

/**
 * Clears Ponder's lock on an instance schema whose holder is known to be dead, so that the next
 * Ponder on it starts at once instead of waiting out Ponder's 25 s heartbeat timeout (crash
 * recovery still runs: Ponder resumes from the schema's checkpoints). Only called when this
 * supervisor holds the views schema's supervisor lock (no other live supervisor runs Ponder there)
 * or when the Ponder it ran on that schema has exited.
 */
export async function unlockDeadInstance(sql: Sql, schema: string): Promise<boolean> {
  const [exists] = await sql<{ t: string | null }[]>`SELECT to_regclass(${`"${schema}"._ponder_meta`})::text AS t`;
  if (!exists?.t) return false;
  const rows = await sql.unsafe(
    `UPDATE "${schema}"."_ponder_meta" SET value = jsonb_set(value, '{is_locked}', to_jsonb(0))
     WHERE key = 'app' AND (value->>'is_locked')::int = 1 RETURNING key`,
  );
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// One Ponder process
