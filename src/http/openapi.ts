/**
 * Shared OpenAPI pieces of every route: the error shape and its examples, documented error and JSON
 * responses, the Idempotency-Key header and the replay header.
 */
import { t, type TSchema } from "elysia";
import type { OpenAPIV3 } from "openapi-types";
import { IDEMPOTENCY_KEY_MAX } from "../modules/idempotency/key.ts";
import { ERROR_CODES, type ErrorCode } from "../domain/errors.ts";

export const ErrorSchema = t.Object(
  {
    error: t.Object({
      type: t.String({ examples: ["invalid_request_error"] }),
      message: t.String(),
      code: t.Union(Object.keys(ERROR_CODES).map((c) => t.Literal(c))),
      param: t.Optional(t.String()),
    }),
  },
  {
    description: "Error",
    examples: [{ error: { type: "invalid_request_error", message: "No such merchant: 'mer_x'", code: "resource_missing" } }],
  },
);

/** The keyword that names a schema for the OpenAPI document; api/docs.ts moves the schema to `components.schemas`. */
export const COMPONENT_NAME = "x-component";

/**
 * A schema the OpenAPI document names: wherever a route documents it (a response, a list's items),
 * the document refers to `#/components/schemas/<name>`, so a generator makes one type of it. Only a
 * name: what the schema allows is unchanged.
 */
export function named<T extends TSchema>(name: string, schema: T): T {
  return Object.assign(schema, { [COMPONENT_NAME]: name });
}

/** An example error body for the docs: the code's own type. */
export function errorExample(code: ErrorCode, message: string, param?: string) {
  return { error: { type: ERROR_CODES[code][1], message, code, ...(param ? { param } : {}) } };
}

/** A TypeBox schema as a plain OpenAPI schema object (for parts documented by hand in `detail`). */
export function openApiSchema(schema: TSchema): OpenAPIV3.SchemaObject {
  return JSON.parse(JSON.stringify(schema)) as OpenAPIV3.SchemaObject;
}

export const idempotencyHeaderParameter: OpenAPIV3.ParameterObject = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description: "Same meaning as the `idempotency_key` body field; if both are given they must be equal.",
  schema: { type: "string", minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX },
};

export const replayedHeader: Record<string, OpenAPIV3.HeaderObject> = {
  "Idempotent-Replayed": { description: "`true` on a replay of an earlier create with the same idempotency key.", schema: { type: "string", enum: ["true"] } },
};

const STATUS_DESCRIPTIONS: Record<number, string> = {
  400: "Invalid request: see `code` and `param`.",
  401: "Missing or invalid API key.",
  404: "No such object, or one the key may not see.",
  409: "Conflict with the current state.",
  413: "Body over 64 KiB.",
  415: "Body is not `application/json`.",
};

/** The error shape documented for one HTTP status, with examples of the codes it carries there. */
export function errorResponse(status: number, examples: Array<ReturnType<typeof errorExample>>): OpenAPIV3.ResponseObject {
  return jsonResponse(t.Object(ErrorSchema.properties, { examples }), STATUS_DESCRIPTIONS[status] ?? "Error");
}

/**
 * A JSON response documented by hand. Routes document responses in `detail.responses` rather than
 * Elysia's `response` hook: that hook also validates and re-builds every response object, which
 * costs time on the hot paths and drops a metadata key named `__proto__`. Tests check the shapes.
 */
export function jsonResponse(schema: TSchema, description: string, headers?: Record<string, OpenAPIV3.HeaderObject>): OpenAPIV3.ResponseObject {
  return { description, ...(headers ? { headers } : {}), content: { "application/json": { schema: openApiSchema(schema) } } };
}

/** The 401 of every authenticated route. */
export const unauthorizedResponse = errorResponse(401, [
  errorExample("api_key_missing", "No API key provided. Send it as 'Authorization: Bearer <API_KEY>'."),
  errorExample("api_key_invalid", "Invalid API key."),
]);

type ErrorExample = ReturnType<typeof errorExample>;

const idempotencyReused = errorExample(
  "idempotency_key_reused",
  "Keys for idempotent requests can only be used with the same parameters they were first used with.",
  "idempotency_key",
);
const listErrors = [
  errorExample("parameter_invalid", "Invalid limit: must be an integer between 1 and 100.", "limit"),
  errorExample("parameter_invalid", "Invalid starting_after: must be the id of an item of this list.", "starting_after"),
];

/**
 * The answers of an idempotent create: 201 the new object, 200 a replay (Idempotent-Replayed), 400
 * `errors`, 401, 404 `notFound` when the route has one, 409 a reused key (and `conflicts`).
 */
export function createResponses(
  schema: TSchema,
  o: { created: string; replayed: string; errors: ErrorExample[]; notFound?: ErrorExample[]; conflicts?: ErrorExample[] },
): OpenAPIV3.ResponsesObject {
  return {
    201: jsonResponse(schema, o.created),
    200: jsonResponse(schema, o.replayed, replayedHeader),
    400: errorResponse(400, o.errors),
    401: unauthorizedResponse,
    ...(o.notFound ? { 404: errorResponse(404, o.notFound) } : {}),
    409: errorResponse(409, [idempotencyReused, ...(o.conflicts ?? [])]),
  };
}

/** The answers of a list: 200 a page, 400 `errors` plus the shared limit and cursor ones, 401, 404 `notFound` when the route has one. */
export function listResponses(schema: TSchema, o: { page: string; errors?: ErrorExample[]; notFound?: ErrorExample[] }): OpenAPIV3.ResponsesObject {
  return {
    200: jsonResponse(schema, o.page),
    400: errorResponse(400, [...(o.errors ?? []), ...listErrors]),
    401: unauthorizedResponse,
    ...(o.notFound ? { 404: errorResponse(404, o.notFound) } : {}),
  };
}

/**
 * The options of a list route: its query schema and its documentation. Its summary is "List <what>"
 * and its page "A page of <what>."; its answers are listResponses' (the refusals of its own query in
 * `doc.errors`, the shared limit and cursor ones added there).
 */
export function listRoute<Q extends TSchema>(query: Q, list: TSchema, tags: string[], summary: `List ${string}`, doc: { description: string; errors?: ErrorExample[]; notFound?: ErrorExample[] }) {
  const { description, ...refusals } = doc;
  return { query, detail: { tags, summary, description, responses: listResponses(list, { page: `A page of ${summary.slice("List ".length)}.`, ...refusals }) } };
}

/** The answers of a read or an action on one object: 200, 400 `errors` when it has some, 401, 404 `notFound`, 409 `conflicts` when it has some. */
export function objectResponses(
  schema: TSchema,
  o: { ok: string; notFound: ErrorExample[]; errors?: ErrorExample[]; conflicts?: ErrorExample[] },
): OpenAPIV3.ResponsesObject {
  return {
    200: jsonResponse(schema, o.ok),
    ...(o.errors ? { 400: errorResponse(400, o.errors) } : {}),
    401: unauthorizedResponse,
    404: errorResponse(404, o.notFound),
    ...(o.conflicts ? { 409: errorResponse(409, o.conflicts) } : {}),
  };
}
