/**
 * Pieces for routes whose ONE Elysia `t` schema both validates and documents the request
 * (management API):
 * - `jsonBodyOf(schema)`: the `parse` hook. Reads the body with readJsonBody (413 / 415 / malformed JSON get
 *   their error codes; app.ts unwraps the ApiError from Elysia's PARSE error); an absent body
 *   is `{}`, so the schema reports a missing field as parameter_missing.
 * - `STRICT`: Elysia options for such plugins (`normalize: false`: do not silently drop unknown
 *   fields; Elysia applies the root app's setting, so jsonBodyOf checks top-level names itself).
 * - `strictQuery`: the schema's own property names are the only query parameters; a repeated one is
 *   parameter_invalid (Elysia would keep the last).
 * - `idempotencyKey`: the Idempotency-Key header, checked like the intents' one.
 */
import type { TObject, TSchema } from "@sinclair/typebox";
import { Elysia } from "elysia";
import { readJsonBody, requireObject } from "./json-body.ts";
import { printableName } from "../domain/text.ts";
import { ApiError, type ErrorCode } from "../domain/errors.ts";
import { readQuery } from "./query.ts";
import { parseIdempotencyKey } from "../modules/idempotency/key.ts";

export const STRICT = { normalize: false } as const;

/**
 * The error codes a schema gives its own failures, by TypeBox error kind (ValueErrorType), instead
 * of `parameter_invalid`: e.g. an amount below its minimum is `amount_out_of_range`. `all`: every
 * failure at or under this schema (metadata_invalid). `message` words the error from the value.
 * A symbol, so the OpenAPI document does not show it. Read by the error mapping (src/api/app.ts).
 */
export const SCHEMA_CODES = Symbol.for("stablepay.schema-codes");
export interface SchemaCodes {
  kinds?: Partial<Record<number, ErrorCode>>;
  all?: ErrorCode;
  message?: (value: unknown) => string;
}

/** `schema` with its own error codes (see SCHEMA_CODES). */
export function coded<T extends TSchema>(schema: T, codes: SchemaCodes): T {
  (schema as Record<symbol, unknown>)[SCHEMA_CODES] = codes;
  return schema;
}

/**
 * The `parse` hook of a route whose body schema is `schema`: also refuses top-level fields the
 * schema does not name (parameter_unknown), because Elysia strips them before validation.
 */
export function jsonBodyOf(schema: TObject, immutable: Record<string, string> = {}) {
  const parse = async ({ request }: { request: Request }): Promise<unknown> => {
    try {
      return await readChecked(request, schema, immutable);
    } catch (err) {
      // Elysia parses before it authenticates (derive): keep the failure for `parseFailures`,
      // which rethrows it after the key is checked, so a request without a key is 401 whatever its body.
      failures.set(request, err);
      return {};
    }
  };
  // "json" after it never runs (ours always answers); it tells the OpenAPI generator the body is
  // JSON, which it cannot tell from a function (the request body was otherwise documented empty).
  return [parse, "json" as const];
}

const failures = new WeakMap<Request, unknown>();

/** Use right after authed(ctx): rethrows a body failure recorded by jsonBodyOf (before validation runs). */
export function parseFailures() {
  return new Elysia().derive({ as: "scoped" }, ({ request }) => {
    const err = failures.get(request);
    if (err !== undefined) throw err;
    return {};
  });
}

async function readChecked(request: Request, schema: TObject, immutable: Record<string, string>): Promise<unknown> {
  // Absent: `{}`, so the schema names the first missing field. Any other non-object (null, a list:
  // the compiled schema takes a list for an object) is parameter_invalid without param.
  const parsed = await readJsonBody(request);
  const body = parsed === undefined ? {} : requireObject(parsed);
  if (isPlainObject(body))
    for (const name of Object.keys(body))
      if (Object.hasOwn(immutable, name)) throw new ApiError("parameter_invalid", `${name} cannot be changed here: ${immutable[name]}`, name);
  checkNames(body, schema, "");
  checkDepth(body as Record<string, unknown>, schema);
  return body;
}

/** Deeper than this under a field is refused before validation (whose error report recurses). */
const MAX_FIELD_DEPTH = 32;

/** A field nested deeper than MAX_FIELD_DEPTH: its own code (SCHEMA_CODES `all`), else parameter_invalid. */
function checkDepth(body: Record<string, unknown>, schema: TObject): void {
  for (const [name, value] of Object.entries(body)) {
    // Iterative, so that the check itself never runs out of stack.
    let level: unknown[] = [value];
    for (let depth = 0; level.length > 0; depth++) {
      if (depth > MAX_FIELD_DEPTH) {
        const sub = Object.hasOwn(schema.properties, name) ? (schema.properties[name] as unknown as Record<symbol, SchemaCodes | undefined>) : undefined;
        throw new ApiError(sub?.[SCHEMA_CODES]?.all ?? "parameter_invalid", `Invalid ${printableName(name)}: nested more than ${MAX_FIELD_DEPTH} levels deep.`, printableName(name));
      }
      level = level.flatMap((v) => (typeof v === "object" && v !== null ? Object.values(v as object) : []));
    }
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Unknown names at every level where the schema is an object with fixed properties. */
function checkNames(value: unknown, schema: TObject, prefix: string): void {
  if (!isPlainObject(value) || !schema.properties || schema.additionalProperties !== false) return;
  for (const [name, v] of Object.entries(value)) {
    const param = printableName(prefix + name);
    const sub = Object.hasOwn(schema.properties, name) ? schema.properties[name] : undefined;
    if (!sub) throw new ApiError("parameter_unknown", `Received unknown parameter: ${param}`, param);
    if ((sub as { type?: string }).type === "object") checkNames(v, sub as TObject, `${prefix}${name}.`);
  }
}

export function strictQuery(url: string, schema: TObject): void {
  readQuery(url, Object.keys(schema.properties));
}

/** A list's query: unknown parameters refused (the route's schema lets them through), then refined into the service's input. */
export function refinedQuery<Q, I>(url: string, schema: TObject, query: Q, refine: (q: Q, url: string) => I): I {
  strictQuery(url, schema);
  return refine(query, url);
}

/** strictQuery, then a reader of the query's text values (refine steps read the text itself). */
export function queryText(url: string, schema: TObject): (name: string) => string | undefined {
  strictQuery(url, schema);
  const q = new URL(url).searchParams;
  return (name) => q.get(name) ?? undefined;
}

export function idempotencyKey(request: Request): string | undefined {
  const header = request.headers.get("idempotency-key");
  return header === null ? undefined : parseIdempotencyKey(header);
}

/** 409 for an idempotency key sent again with other parameters (docs/contributors.md "Idempotency"). */
export function reused(key: string | undefined) {
  return new ApiError(
    "idempotency_key_reused",
    `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${printableName(key ?? "")}' if you meant to execute a different request.`,
    "idempotency_key",
    409,
  );
}
