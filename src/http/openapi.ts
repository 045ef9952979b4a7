/** Shared OpenAPI pieces: the error shape and its examples. */
import { t } from "elysia";
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

/** An example error body for the docs: the code's own type. */
export function errorExample(code: ErrorCode, message: string, param?: string) {
  return { error: { type: ERROR_CODES[code][1], message, code, ...(param ? { param } : {}) } };
}
