/**
 * Applies src/db/migrations/*.sql in name order, each once, each in its own transaction, under a
 * session advisory lock so that several processes (or `migrate` commands) at once do not race.
 * Plain SQL files (not generated) so that areas of the code can add tables independently.
 *
 * - Every applied file's SHA-256 is recorded (`app.schema_migrations.checksum`); a file edited after
 *   it was applied stops `migrate` and every start, naming the file (a fix is a new file). A database
 *   migrated before checksums were kept gets the current files' checksums recorded on its first run.
 * - A file whose first line is `-- migrate: no-transaction` runs outside a transaction, statement
 *   by statement (`CREATE INDEX CONCURRENTLY` refuses to run inside one). Make such a file safe to
 *   run again (`IF NOT EXISTS`): a failure part-way leaves its earlier statements applied and the
 *   file unrecorded, so the next run starts it over.
 * - In production a start does not migrate: it checks (`schemaStatus`) and refuses when the schema
 *   is behind; `migrate` (src/cli/main.ts) is the upgrade's first step.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Sql } from "./client.ts";

export const MIGRATIONS_DIR = join(import.meta.dir, "migrations");
const LOCK_ID = 7_345_001;
const NO_TRANSACTION = /^--\s*migrate:\s*no-transaction\s*$/;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
  transactional: boolean;
}

/** A migration problem an operator must act on (an edited applied file): one line naming the file. */
export class MigrationError extends Error {
  override name = "MigrationError";
}

export function migrationFiles(dir = MIGRATIONS_DIR): MigrationFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name), "utf8");
      // Line endings do not change what a file does: a checkout with CRLF is the same file.
      const checksum = createHash("sha256").update(sql.replace(/\r\n/g, "\n")).digest("hex");
      return { name, sql, checksum, transactional: !NO_TRANSACTION.test(sql.split("\n", 1)[0]!.trim()) };
    });
}

interface Applied {
  name: string;
  checksum: string | null;
}

async function appliedRows(sql: Sql): Promise<Applied[] | undefined> {
  const [table] = await sql<{ exists: boolean; has_checksum: boolean }[]>`
    SELECT to_regclass('app.schema_migrations') IS NOT NULL AS exists,
           EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = 'app' AND table_name = 'schema_migrations' AND column_name = 'checksum') AS has_checksum`;
  if (!table?.exists) return undefined;
  if (!table.has_checksum) return (await sql<{ name: string }[]>`SELECT name FROM app.schema_migrations`).map((r) => ({ name: r.name, checksum: null }));
  return sql<Applied[]>`SELECT name, checksum FROM app.schema_migrations`;
}

function editedError(files: MigrationFile[]): MigrationError {
  const names = files.map((f) => f.name).join(", ");
  return new MigrationError(
    `migration ${names} was edited after it was applied (its checksum differs from the one recorded): restore the file as it was and put the change in a new migration`,
  );
}

export interface SchemaStatus {
  /** Files not applied yet, in the order they would run. */
  pending: string[];
  /** Applied files whose content changed since (a recorded checksum differs). */
  edited: string[];
}

/** What `migrate` would do, without doing it (the production start's check). Reads only. */
export async function schemaStatus(sql: Sql, dir = MIGRATIONS_DIR): Promise<SchemaStatus> {
  const files = migrationFiles(dir);
  const applied = new Map((await appliedRows(sql))?.map((r) => [r.name, r.checksum]) ?? []);
  return {
    pending: files.filter((f) => !applied.has(f.name)).map((f) => f.name),
    edited: files.filter((f) => { const c = applied.get(f.name); return c !== undefined && c !== null && c !== f.checksum; }).map((f) => f.name),
  };
}

/**
 * Refuses (one line, naming what to do) unless every migration is applied as it is: production
 * starts call this instead of migrating.
 */
export async function assertSchemaCurrent(sql: Sql, dir = MIGRATIONS_DIR): Promise<void> {
  const { pending, edited } = await schemaStatus(sql, dir);
  if (edited.length) throw editedError(migrationFiles(dir).filter((f) => edited.includes(f.name)));
  if (pending.length)
    throw new MigrationError(
      `the database schema is behind this version (${pending.length} migration${pending.length === 1 ? "" : "s"} not applied: ${pending.join(", ")}): run \`npm run cli -- migrate\` (bun src/cli/main.ts migrate) first`,
    );
}

/** Applies every pending file; returns their names. Throws MigrationError for an edited applied file, before applying anything. */
export async function migrate(sql: Sql, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = migrationFiles(dir);
  const applied: string[] = [];
  // One connection for the whole run: the session lock and each file's transaction live on it.
  const conn = await sql.reserve();
  try {
    await conn`SELECT pg_advisory_lock(${LOCK_ID})`;
    try {
      await conn.unsafe(`
        CREATE SCHEMA IF NOT EXISTS app;
        CREATE TABLE IF NOT EXISTS app.schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
        ALTER TABLE app.schema_migrations ADD COLUMN IF NOT EXISTS checksum text;`);
      const rows = (await appliedRows(conn as unknown as Sql)) ?? [];
      const done = new Map(rows.map((r) => [r.name, r.checksum]));
      const edited = files.filter((f) => { const c = done.get(f.name); return c !== undefined && c !== null && c !== f.checksum; });
      if (edited.length) throw editedError(edited);
      // Applied before checksums were kept: the files as they are now are taken as the ones applied.
      for (const f of files) if (done.get(f.name) === null) await conn`UPDATE app.schema_migrations SET checksum = ${f.checksum} WHERE name = ${f.name} AND checksum IS NULL`;
      for (const f of files) {
        if (done.has(f.name)) continue;
        if (f.transactional) {
          await conn.unsafe("BEGIN");
          try {
            await conn.unsafe(f.sql);
            await conn`INSERT INTO app.schema_migrations (name, checksum) VALUES (${f.name}, ${f.checksum})`;
            await conn.unsafe("COMMIT");
          } catch (err) {
            await conn.unsafe("ROLLBACK").catch(() => {});
            throw withFile(err, f.name);
          }
        } else {
          try {
            // One statement per query: a multi-statement query is an implicit transaction.
            for (const statement of splitStatements(f.sql)) await conn.unsafe(statement);
            await conn`INSERT INTO app.schema_migrations (name, checksum) VALUES (${f.name}, ${f.checksum})`;
          } catch (err) {
            throw withFile(err, f.name);
          }
        }
        applied.push(f.name);
      }
    } finally {
      await conn`SELECT pg_advisory_unlock(${LOCK_ID})`.catch(() => {});
    }
  } finally {
    conn.release();
  }
  return applied;
}

function withFile(err: unknown, name: string): Error {
  const e = err instanceof Error ? err : new Error(String(err));
  e.message = `migration ${name} failed: ${e.message}`;
  return e;
}

/**
 * The statements of a SQL file, split at the semicolons outside quotes, quoted identifiers,
 * dollar-quoted bodies and comments; empty ones (comments only) dropped.
 */
export function splitStatements(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  let meaningful = false;
  const push = (end: number) => {
    const s = text.slice(start, end).trim();
    if (meaningful && s) out.push(s);
    meaningful = false;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === "-" && text[i + 1] === "-") {
      const nl = text.indexOf("\n", i);
      i = nl === -1 ? text.length : nl + 1;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 2;
    } else if (c === "'" || c === '"') {
      meaningful = true;
      let j = i + 1;
      while (j < text.length && !(text[j] === c && text[j + 1] !== c)) j += text[j] === c ? 2 : 1;
      i = j + 1;
    } else if (c === "$") {
      const tag = /^\$[A-Za-z_]?[A-Za-z0-9_]*\$/.exec(text.slice(i))?.[0];
      meaningful = true;
      if (tag) {
        const end = text.indexOf(tag, i + tag.length);
        i = end === -1 ? text.length : end + tag.length;
      } else i++;
    } else if (c === ";") {
      push(i);
      start = ++i;
    } else {
      if (!/\s/.test(c)) meaningful = true;
      i++;
    }
  }
  push(text.length);
  return out;
}
