/**
 * Values across raw postgres.js queries on the shared client. drizzle (src/db/client.ts) swaps
 * postgres.js's timestamp and json serializers/parsers for the identity on that client, so raw SQL
 * sends timestamps as ISO text (cast ::timestamptz) and json as text (cast ::jsonb), and reads
 * timestamps that arrive as Postgres text ("2026-04-01 12:00:00.123+00"). These work either way.
 */

/** A timestamp parameter: use as `${pgTs(d)}::timestamptz`. */
export function pgTs(d: Date): string {
  return d.toISOString();
}

/** A timestamptz column value as a Date. */
export function fromPgTs(v: unknown): Date {
  if (v instanceof Date) return v;
  if (typeof v === "string") {
    const iso = v.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00");
    const d = new Date(iso);
    if (!Number.isNaN(d.getTime())) return d;
  }
  throw new TypeError(`not a timestamp: ${String(v)}`);
}

export function fromPgTsOrNull(v: unknown): Date | null {
  return v === null || v === undefined ? null : fromPgTs(v);
}

/** A json/jsonb column value (parsed already, or text). */
export function fromPgJson<T = unknown>(v: unknown): T {
  return (typeof v === "string" ? JSON.parse(v) : v) as T;
}
