/**
 * The idempotency key a client sends (body field or Idempotency-Key header, docs/contributors.md
 * "Idempotency"): 1 to 255 printable characters.
 */
import { ApiError } from "../../domain/errors.ts";
import { storableText } from "../../domain/text.ts";

export const IDEMPOTENCY_KEY_MAX = 255;

export function parseIdempotencyKey(value: unknown): string {
  if (typeof value !== "string" || value.length === 0 || value.length > IDEMPOTENCY_KEY_MAX || !storableText(value) || /[\u0000-\u001f\u007f]/.test(value))
    throw new ApiError("parameter_invalid", `Invalid idempotency_key: must be a string of 1 to ${IDEMPOTENCY_KEY_MAX} printable characters.`, "idempotency_key");
  return value;
}
