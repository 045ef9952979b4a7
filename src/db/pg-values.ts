/**
 * Values across raw postgres.js queries on the shared client. drizzle (src/db/client.ts) replaces
 * postgres.js's serializers and parsers for timestamps and json with the identity on that client,
 * so raw SQL sends timestamps as ISO text (`${pgTs(d)}::timestamptz`), sends json as text
 * (`${pgJson(v)}::text::jsonb`), and reads timestamps that may arrive as Postgres text
 * ("2026-04-01 12:00:00.123+00") with `fromPgTs`. These helpers work whether or not that override
 * is in place.
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
