/**
 * `--json` output in the API's language (docs/contributors.md "Shapes"): snake_case keys, an `object` on every
 * object, lists as `{object: "list", data}`, ISO timestamps with milliseconds, money and ids as the
 * API prints them. A secret shown once comes out under a name that says so (`secret_key`,
 * `signing_secret`), and only from the command that creates it.
 */
const SNAKE = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Internal fields never printed (hashes, stored secrets of existing endpoints). */
const HIDDEN = new Set(["key_hash", "secret", "previous_secrets", "secret_hash"]);

export interface JsonOptions {
  object: string;
  /** Renames applied after snake_casing, e.g. the one-time key: { key: "secret_key" }. */
  rename?: Record<string, string>;
}

export function apiJson(value: unknown, opts: JsonOptions): unknown {
  if (Array.isArray(value)) return { object: "list", data: value.map((v) => apiJson(v, opts)) };
  return objectJson(value, opts, true);
}

function objectJson(value: unknown, opts: JsonOptions, top: boolean): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return value.map((v) => objectJson(v, opts, false));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  const source = value as Record<string, unknown>;
  if (top && !("object" in source)) out.object = opts.object;
  for (const [k, v] of Object.entries(source)) {
    let key = SNAKE(k);
    if (top && opts.rename?.[key]) key = opts.rename[key]!;
    else if (HIDDEN.has(key)) continue;
    out[key] = objectJson(v, opts, false);
  }
  return out;
}
