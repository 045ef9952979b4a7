/**
 * Reading a JSON request body ourselves (routes declare `parse: "none"`), so that every failure has
 * its own error code instead of a framework error: 413 body_too_large over 64 KiB,
 * 415 unsupported_content_type for a non-JSON body, 400 parameter_invalid for bytes that are not
 * UTF-8 JSON. An absent or empty body is `undefined` (whatever its content type).
 */
import { ApiError } from "../domain/errors.ts";
import { printableName } from "../domain/text.ts";

export const MAX_BODY_BYTES = 64 * 1024;

export async function readJsonBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared.trim()) > maxBytes) throw tooLarge(maxBytes);
  const bytes = await readCapped(request, maxBytes);
  if (bytes === undefined || bytes.length === 0) return undefined;
  if (!isJsonContentType(request.headers.get("content-type")))
    throw new ApiError("unsupported_content_type", "Request bodies must be JSON, sent with 'Content-Type: application/json'.");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ApiError("parameter_invalid", "The request body is not valid UTF-8.");
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Includes NaN, Infinity, trailing commas, and nesting deep enough to exhaust the parser.
    throw new ApiError("parameter_invalid", "Malformed JSON in request body.");
  }
}

/** `application/json`, optionally with `charset=utf-8`; anything else (including `+json` types) is refused. */
export function isJsonContentType(header: string | null): boolean {
  if (header === null) return false;
  const [type, ...params] = header.split(";");
  if (type?.trim().toLowerCase() !== "application/json") return false;
  for (const p of params) {
    const [name, value = ""] = p.split("=");
    if (name?.trim().toLowerCase() === "charset" && !/^"?utf-?8"?$/i.test(value.trim())) return false;
  }
  return true;
}

async function readCapped(request: Request, maxBytes: number): Promise<Uint8Array | undefined> {
  const body = request.body;
  if (body === null) return undefined;
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => {});
        throw tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    // server.ts caps chunked bodies with a stream that fails past the limit.
    if (err instanceof Error && err.name === "BodyTooLargeError") throw tooLarge(maxBytes);
    // The client went away or sent a broken chunked encoding: nothing useful to parse.
    throw new ApiError("parameter_invalid", "The request body could not be read.");
  } finally {
    reader.releaseLock?.();
  }
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

function tooLarge(maxBytes: number) {
  return new ApiError("body_too_large", `Request bodies are limited to ${maxBytes / 1024} KiB.`);
}

/** For endpoints that take no body fields: an absent body or `{}` is fine, anything else is refused. */
export async function readEmptyBody(request: Request): Promise<void> {
  const body = await readJsonBody(request);
  if (body === undefined) return;
  const obj = requireObject(body);
  const [first] = Object.keys(obj);
  if (first !== undefined) throw new ApiError("parameter_unknown", `Received unknown parameter: ${printableName(first)}`, first);
}

export function requireObject(body: unknown): Record<string, unknown> {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new ApiError("parameter_invalid", "The request body must be a JSON object.");
  return body as Record<string, unknown>;
}

