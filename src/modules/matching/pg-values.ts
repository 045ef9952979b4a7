/**
 * Timestamps and json across raw postgres.js queries on the shared client. drizzle
 * (src/db/client.ts) replaces postgres.js's timestamp serializers/parsers and json serializers with
 * the identity on that client, so raw SQL here sends timestamps as ISO text (`${pgTs(d)}::timestamptz`),
 * json as text (`${pgJson(v)}::text::jsonb`), and reads timestamps with `toDate`. These work whether
 * or not that override is in place.
 */

export function pgTs(d: Date): string;
export function pgTs(d: Date | null): string | null;
export function pgTs(d: Date | null): string | null {
  return d === null ? null : d.toISOString();
}

export function pgJson(v: unknown): string {
  return JSON.stringify(v);
}

/** A timestamptz value as a Date: a Date already, or Postgres' text output ("2026-04-01 12:00:00.123+00"). */
export function toDate(v: unknown): Date {
  if (v instanceof Date) return v;
  if (typeof v === "string") {
    const iso = v.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00");
    const d = new Date(iso);
    if (!Number.isNaN(d.getTime())) return d;
  }
  throw new TypeError(`not a timestamp: ${String(v)}`);
}

export function toDateOrNull(v: unknown): Date | null {
  return v === null || v === undefined ? null : toDate(v);
}

/** A jsonb value as an object (parsed already, or text). */
export function toJson<T>(v: unknown): T {
  return (typeof v === "string" ? JSON.parse(v) : v) as T;
}
