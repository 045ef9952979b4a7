/**
 * Values in raw postgres.js queries: timestamps sent as ISO text (`${pgTs(d)}::timestamptz`), json
 * as text (`${pgJson(v)}::text::jsonb`), so a value means the same in `sql.unsafe` statements with
 * their own parameter lists and in tagged queries; read with `fromPgTs` / `fromPgJson`, which take a
 * parsed value or Postgres text alike. (The raw client has postgres.js's own parsers: drizzle's
 * identity overrides live on drizzle's own client, src/db/client.ts.)
 */

/** A timestamp parameter: use as `${pgTs(d)}::timestamptz` (null stays null). */
export function pgTs(d: Date): string;
export function pgTs(d: Date | null): string | null;
export function pgTs(d: Date | null): string | null {
  return d === null ? null : d.toISOString();
}

/** A json parameter: use as `${pgJson(v)}::text::jsonb`. */
export function pgJson(v: unknown): string {
  return JSON.stringify(v);
}

/** A timestamptz column value as a Date (a Date already, or Postgres' ISO-style text output). */
export function fromPgTs(v: unknown): Date {
  if (v instanceof Date) return v;
  if (typeof v === "string") {
    const iso = v.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00").replace(/([+-]\d{2}):?(\d{2}):(\d{2})$/, "$1:$2");
    const d = new Date(iso);
    if (!Number.isNaN(d.getTime())) return d;
  }
  throw new TypeError(`not a timestamp: ${String(v)}`);
}

export function fromPgTsOrNull(v: unknown): Date | null {
  return v === null || v === undefined ? null : fromPgTs(v);
}

/** A json/jsonb column value as an object (parsed already, or text). */
export function fromPgJson<T = unknown>(v: unknown): T {
  return (typeof v === "string" ? JSON.parse(v) : v) as T;
}
