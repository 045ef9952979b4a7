/**
 * The HTTP server around the Elysia app (src/service.ts starts it).
 * - `development: false`: Bun never answers with its HTML error page (which shows a stack trace).
 * - `error`: the last resort if the app itself throws: a JSON 500 with a Request-Id, no details.
 * - Bodies: the app answers an oversized declared body itself (onRequest in app.ts: 413
 *   body_too_large with a Request-Id, without reading it), so Bun's own limit (a bare 413 with no
 *   Request-Id) is set out of reach. A body without Content-Length (chunked) is wrapped here in a
 *   stream that fails once it passes the limit, so no reader, ours or the framework's, ever buffers
 *   more than that; the failure is answered 413 too (app.ts maps BodyTooLargeError).
 */
import { randomUUID } from "node:crypto";
import { recordClientAddress } from "../http/client-address.ts";
import type { Logger } from "../logger.ts";
import { MAX_BODY_BYTES } from "../http/json-body.ts";
import { serviceUnavailable } from "../domain/errors.ts";

/**
 * Every request is answered within this time: a dependency that does not answer (a frozen database,
 * a stalled RPC) yields 503 service_unavailable with Retry-After instead of a hanging connection.
 * The handler itself runs on and its late result is dropped (its writes are transactional).
 */
export const REQUEST_DEADLINE_MS = 5_000;

const UNREACHABLE_BODY_SIZE = 2 ** 40;

export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
}

/** The request with its chunked body capped at `max` bytes (plus one chunk, so readers that count see the excess first). */
export function capChunkedBody(request: Request, max = MAX_BODY_BYTES): Request {
  let seen = 0;
  const cap = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      controller.enqueue(chunk);
      if (seen > max) controller.error(new BodyTooLargeError(`body over ${max} bytes`));
    },
  });
  return new Request(request, { body: request.body!.pipeThrough(cap), duplex: "half" } as RequestInit);
}

export function serveApi(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  opts: {
    hostname: string;
    port: number;
    log: Logger;
    /** A request went over its deadline: a dependency may be away (the service has the database probed). */
    onDeadline?: () => void;
  },
) {
  return Bun.serve({
    hostname: opts.hostname,
    port: opts.port,
    development: false,
    maxRequestBodySize: UNREACHABLE_BODY_SIZE,
    fetch(request, server) {
      const capped = request.method !== "GET" && request.method !== "HEAD" && request.headers.get("content-length") === null && request.body !== null;
      const handled = recordClientAddress(capped ? capChunkedBody(request) : request, server.requestIP(request)?.address);
      return withDeadline(Promise.resolve(app.fetch(handled)), opts, request);
    },
    error(err) {
      const requestId = `req_${randomUUID().replaceAll("-", "")}`;
      opts.log.error("unhandled server error", { err, request_id: requestId });
      return new Response(JSON.stringify({ error: { type: "api_error", message: "An unexpected error occurred.", code: "internal_error" } }), {
        status: 500,
        headers: { "content-type": "application/json", "request-id": requestId },
      });
    },
  });
}

async function withDeadline(response: Promise<Response>, opts: { log: Logger; onDeadline?: () => void }, request: Request): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<Response>((resolve) => {
    timer = setTimeout(() => {
      opts.onDeadline?.();
      const requestId = `req_${randomUUID().replaceAll("-", "")}`;
      opts.log.warn("request over its deadline: answered 503", { method: request.method, path: new URL(request.url).pathname, request_id: requestId });
      const err = serviceUnavailable("A dependency of this service did not answer in time.");
      resolve(new Response(JSON.stringify(err.toBody()), { status: 503, headers: { "content-type": "application/json", "request-id": requestId, ...err.headers } }));
    }, REQUEST_DEADLINE_MS);
  });
  try {
    return await Promise.race([response, late]);
  } finally {
    clearTimeout(timer);
  }
}
