/**
 * Strict query strings for list endpoints (docs/contributors.md "Errors" and "Lists"): read from the raw URL,
 * because Elysia's own query handling silently drops unknown parameters and keeps the last of
 * repeated ones.
 * Shared by the payment intent and transaction lists.
 */
import { ApiError } from "../domain/errors.ts";
import { printableName } from "../domain/text.ts";

/**
 * The raw values of the known parameters. A name not in `names` is 400 `parameter_unknown`; a name
 * given twice is 400 `parameter_invalid`; `param` names the parameter in both cases.
 */
export function readQuery<const N extends string>(url: string, names: readonly N[]): Partial<Record<N, string>> {
  const out: Partial<Record<N, string>> = Object.create(null);
  const q = url.indexOf("?");
  if (q === -1) return out;
  const hash = url.indexOf("#", q);
  const params = new URLSearchParams(url.slice(q + 1, hash === -1 ? undefined : hash));
  for (const [name, value] of params) {
    if (!(names as readonly string[]).includes(name))
      throw new ApiError("parameter_unknown", `Received unknown parameter: ${printableName(name)}`, printableName(name));
    if (out[name as N] !== undefined) throw new ApiError("parameter_invalid", `Parameter '${name}' was given more than once.`, name);
    out[name as N] = value;
  }
  return out;
}

const MIN_INSTANT_MS = Date.UTC(2000, 0, 1) - 730_119 * 86_400_000; // 0001-01-01T00:00:00.000Z
const MAX_INSTANT_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|z|[+-]\d{2}(?::?\d{2})?))?$/;

/**
 * An ISO 8601 instant: a date (midnight UTC) or a date and time with an offset (`Z` or `±hh:mm`).
 * `ms` is the instant truncated to milliseconds; `subMs` says whether digits below the millisecond
 * were cut off (strict upper bounds round up then). undefined when the text is not such an instant
 * or names no real calendar date.
 */
export function parseIsoInstant(text: string): { ms: number; subMs: boolean } | undefined {
  const m = ISO_8601.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  // A time without an offset would be read in an unknown zone.
  if (h !== undefined && zone === undefined) return undefined;
  const year = Number(y), month = Number(mo), day = Number(d);
  const hour = Number(h ?? 0), minute = Number(mi ?? 0), second = Number(s ?? 0);
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  let offsetMin = 0;
  if (zone !== undefined && zone !== "Z" && zone !== "z") {
    const zm = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
    if (!zm) return undefined;
    const oh = Number(zm[2]), om = Number(zm[3] ?? 0);
    if (oh > 23 || om > 59) return undefined;
    offsetMin = (zm[1] === "-" ? -1 : 1) * (oh * 60 + om);
  }
  const digits = (frac ?? "").padEnd(9, "0");
  const base = Date.UTC(year, month - 1, day, hour, minute, second, Number(digits.slice(0, 3)));
  // Date.UTC maps years 0..99 to 1900..1999; set the year explicitly.
  const date = new Date(base);
  if (year < 100) date.setUTCFullYear(year);
  const ms = date.getTime() - offsetMin * 60_000;
  // Postgres has no year 0 and JavaScript prints years outside 0001..9999 in a form Postgres refuses.
  if (!Number.isFinite(ms) || ms < MIN_INSTANT_MS || ms > MAX_INSTANT_MS) return undefined;
  return { ms, subMs: Number(digits.slice(3)) > 0 };
}

/** For endpoints that take no query parameters: any parameter is 400 `parameter_unknown`. */
export function noQuery(url: string): void {
  readQuery(url, []);
}
