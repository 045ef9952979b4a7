/**
 * The parts every list endpoint shares (docs/contributors.md "Lists"): parsing of the status filter, the
 * strict time bounds, `limit` and the `starting_after` cursor from a query read by `readQuery`
 * (query.ts), the list envelope, and its OpenAPI pieces. Used by the payment intent and transaction
 * lists; each names its own parameters and keeps its own merchant_id rule.
 */
import { t, type TSchema } from "elysia";
import { isIdOf, type IdKind } from "../domain/ids.ts";
import { ApiError, badCursor } from "../domain/errors.ts";

export { badCursor };
import { parseIsoInstant } from "./query.ts";

export const LIST_LIMIT_DEFAULT = 25;
export const LIST_LIMIT_MAX = 100;

/** A status filter: one of `allowed`, or undefined when absent. */
export function parseStatusParam<S extends string>(value: string | undefined, allowed: readonly S[]): S | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value))
    throw new ApiError("parameter_invalid", `Invalid status: must be one of ${allowed.join(", ")}.`, "status");
  return value as S;
}

/** A strict lower time bound (`column > value`) in ms, or undefined when absent. */
export function parseAfterParam(value: string | undefined, param: string): number | undefined {
  if (value === undefined) return undefined;
  const t = parseIsoInstant(value);
  if (!t) throw badTime(param);
  // Stored timestamps have whole milliseconds: "> 12:00:00.0005" is "> 12:00:00.000" on stored values.
  return t.ms;
}

/** A strict upper time bound (`column < value`) in ms, or undefined when absent. */
export function parseBeforeParam(value: string | undefined, param: string): number | undefined {
  if (value === undefined) return undefined;
  const t = parseIsoInstant(value);
  if (!t) throw badTime(param);
  // "< 12:00:00.0005" includes an item at 12:00:00.000: round a cut-off fraction up.
  return t.subMs ? t.ms + 1 : t.ms;
}

/** `limit`: an integer 1..LIST_LIMIT_MAX, LIST_LIMIT_DEFAULT when absent. */
export function parseLimitParam(value: string | undefined): number {
  if (value === undefined) return LIST_LIMIT_DEFAULT;
  if (!/^\d{1,6}$/.test(value) || Number(value) < 1 || Number(value) > LIST_LIMIT_MAX)
    throw new ApiError("parameter_invalid", `Invalid limit: must be an integer between 1 and ${LIST_LIMIT_MAX}.`, "limit");
  return Number(value);
}

/** `starting_after`: an id of the list's kind (whether it is an item of the list is the service's check). */
export function parseCursorParam(value: string | undefined, kind: IdKind): string | undefined {
  if (value === undefined) return undefined;
  if (!isIdOf(kind, value)) throw badCursor();
  return value;
}


function badTime(param: string) {
  return new ApiError(
    "parameter_invalid",
    `Invalid ${param}: must be an ISO 8601 timestamp such as 2026-04-01T12:00:00.000Z (or a date, 2026-04-01).`,
    param,
  );
}

/** The list response body. */
export function listBody<T>(data: T[], page: { hasMore: boolean; totalCount: number }) {
  return { object: "list" as const, data, has_more: page.hasMore, total_count: page.totalCount };
}

/**
 * The OpenAPI schema of a list of `item`, with one example item. `totalCount` is the caller's integer
 * schema (TypeBox's `Type.Integer` documents a plain integer, Elysia's `t.Integer` also numeric text).
 */
export function listSchema<T extends TSchema, C extends TSchema>(item: T, exampleItem: unknown, d: { order: string; totalCount: C }) {
  return t.Object(
    {
      object: t.Literal("list"),
      data: t.Array(item, { description: d.order }),
      has_more: t.Boolean({ description: "True when more results follow; pass the last item's id as `starting_after`." }),
      total_count: d.totalCount,
    },
    { additionalProperties: false, examples: [{ object: "list", data: [exampleItem], has_more: false, total_count: 1 }] },
  );
}

/** The `limit` query parameter, documented. */
/**
 * The `limit` of every list query schema. A query arrives as text, and `1e2` or ` 5` must not read
 * as numbers, so the schema checks the text (plain digits) and parseLimitParam the range; the
 * document shows it as what it carries, LIMIT_DOC (src/api/docs.ts puts it in place).
 */
export const LimitQuery = t.Optional(
  t.String({ pattern: "^[0-9]{1,6}$", description: `Page size, 1 to ${LIST_LIMIT_MAX} (default ${LIST_LIMIT_DEFAULT}).`, examples: ["25"] }),
);
export const LIMIT_DOC = {
  type: "integer" as const,
  minimum: 1,
  maximum: LIST_LIMIT_MAX,
  default: LIST_LIMIT_DEFAULT,
  description: `Page size, 1 to ${LIST_LIMIT_MAX} (default ${LIST_LIMIT_DEFAULT}).`,
  examples: [LIST_LIMIT_DEFAULT],
};

/** A query parameter as sent (the first value), for refine steps that read the text itself. */
export function rawQueryParam(url: string, name: string): string | undefined {
  return new URL(url).searchParams.get(name) ?? undefined;
}

/** `starting_after` of every list query schema. */
export function startingAfterQuery(example: string) {
  return t.Optional(
    t.String({ description: "Cursor: the `id` of the last item of the previous page. An id that is not an item of this list is 400 `parameter_invalid`.", examples: [example] }),
  );
}

/** `created_after` and `created_before` of a list query schema: strict bounds on when `what` were created. */
export function createdRangeQuery(what: string) {
  return {
    created_after: t.Optional(
      t.String({
        description: `ISO 8601 (\`2026-04-01T12:00:00.000Z\`, an offset, or a date meaning midnight UTC). Only ${what} created strictly after this time.`,
        examples: ["2026-04-01T00:00:00.000Z"],
      }),
    ),
    created_before: t.Optional(t.String({ description: `ISO 8601. Only ${what} created strictly before this time.`, examples: ["2026-04-02T00:00:00.000Z"] })),
  };
}
