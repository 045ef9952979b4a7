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
import { recordClientAddress, resolveClientAddress } from "../http/client-address.ts";
import type { AddressRanges } from "../lib/addresses.ts";
import type { Logger } from "../logger.ts";
import { MAX_BODY_BYTES } from "../http/json-body.ts";
import { serviceUnavailable } from "../domain/errors.ts";
import { tracingEnabled } from "../lib/tracing.ts";
import { tracedRequest } from "./http-tracing.ts";
import { accessLogger, RouteTemplates } from "../http/access-log.ts";
import { requestPath } from "../http/request-path.ts";
import { CORS_HEADERS, publicCorsRoute } from "../http/cors.ts";
import { API_VERSION, API_VERSION_HEADER } from "../domain/api-version.ts";

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

/** A running API server that stops without cutting what it accepted (docs/operators.md, "Production mode": graceful drain). */
export interface ApiServer {
  readonly port: number | undefined;
  /**
   * The stop begins: every response from now on closes its connection (keep-alive clients move to
   * another instance), and every open event stream (the payment page's) is told to reconnect, with a
   * jittered delay, and ended. New requests are still answered until `shutdown`.
   */
  drain(): void;
  /** Stops accepting, lets the requests in flight finish (within `graceMs`, then cuts them). */
  shutdown(graceMs: number): Promise<void>;
  stop(closeActiveConnections?: boolean): Promise<void>;
}

/** How an event stream is told to reconnect elsewhere: a reconnection delay (1-3 s, jittered so they do not all come back at once) and its end. */
function reconnectNotice(): Uint8Array {
  return new TextEncoder().encode(`retry: ${1000 + Math.floor(Math.random() * 2000)}\n: server restarting, reconnect\n\n`);
}

export function serveApi(
  app: { fetch: (request: Request) => Response | Promise<Response>; routes?: ReadonlyArray<{ method: string; path: string }> },
  opts: {
    hostname: string;
    port: number;
    log: Logger;
    /** A request went over its deadline: a dependency may be away (the service has the database probed). */
    onDeadline?: () => void;
    /** Proxies whose X-Forwarded-For names the client (TRUSTED_PROXIES); unset: the peer is the client. */
    trustedProxies?: AddressRanges;
    /** Served over https (its public URL): every response carries Strict-Transport-Security. */
    hsts?: boolean;
    /** Access lines at info (production) or debug (the sandbox, whose terminal would show every poll of an open payment page). */
    accessLevel?: "info" | "debug";
    /**
     * A database probe in progress (db/health.ts), if any: a /v1 call waits for its verdict (at most
     * 1 s) rather than for its own deadline on a pool that may never answer; the app then answers it
     * 503 at once if the database is away.
     */
    probing?: () => Promise<unknown> | undefined;
  },
): ApiServer {
  let draining = false;
  const logAccess = accessLogger(opts.log, opts.accessLevel ?? "debug", new RouteTemplates(app.routes ?? []));
  const streams = new Set<TransformStreamDefaultController<Uint8Array>>();
  const endStream = (c: TransformStreamDefaultController<Uint8Array>) => {
    streams.delete(c);
    try {
      c.enqueue(reconnectNotice());
      c.terminate();
    } catch {
      // already closed by the client
    }
  };
  /** Event streams are followed so that a drain can end them; every response of a draining server closes its connection. */
  const follow = (response: Response): Response => {
    if (draining || opts.hsts) {
      // A copy: a response's headers may be immutable (a fetched or static response).
      const headers = new Headers(response.headers);
      if (draining) headers.set("connection", "close");
      // A year; no includeSubDomains: other hosts of the operator's domain are not ours to decide.
      if (opts.hsts) headers.set("strict-transport-security", "max-age=31536000");
      response = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }
    // The header first: reading `body` of a buffered response makes it a stream, which Bun then sends as one.
    if (!response.headers.get("content-type")?.startsWith("text/event-stream") || !response.body) return response;
    let controller: TransformStreamDefaultController<Uint8Array> | undefined;
    const ts = new TransformStream<Uint8Array, Uint8Array>({
      start(c) {
        controller = c;
      },
      flush() {
        if (controller) streams.delete(controller);
      },
    });
    const body = response.body.pipeThrough(ts);
    if (controller) {
      if (draining) queueMicrotask(() => endStream(controller!));
      else streams.add(controller);
    }
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  const deadlines = new Deadlines((request) => {
    opts.onDeadline?.();
    const requestId = `req_${randomUUID().replaceAll("-", "")}`;
    opts.log.warn("request over its deadline: answered 503", { method: request.method, path: requestPath(request.url), request_id: requestId });
    const err = serviceUnavailable("A dependency of this service did not answer in time.");
    return new Response(JSON.stringify(err.toBody()), { status: 503, headers: { "content-type": "application/json", "request-id": requestId, ...err.headers, ...answerHeaders(request.url) } });
  });
  const server = Bun.serve({
    hostname: opts.hostname,
    port: opts.port,
    development: false,
    maxRequestBodySize: UNREACHABLE_BODY_SIZE,
    fetch(request, server) {
      const started = performance.now();
      const capped = request.method !== "GET" && request.method !== "HEAD" && request.headers.get("content-length") === null && request.body !== null;
      // The address is looked up when first asked for (http/client-address.ts). A client that hung up
      // before that has no peer address left: it is counted as one address of its own ("disconnected"),
      // so hanging up never takes a request out of the limits per address.
      const handled = recordClientAddress(
        capped ? capChunkedBody(request) : request,
        () => resolveClientAddress(server.requestIP(request)?.address, request.headers.get("x-forwarded-for"), opts.trustedProxies) ?? "disconnected",
      );
      const finish = (answered: Response): Response => {
        const response = follow(answered);
        logAccess(handled, requestPath(request.url), response.status, response.headers.get("request-id"), (performance.now() - started) / 1000);
        return response;
      };
      const answer = () => deadlines.run(request, () => app.fetch(handled), finish);
      const probe = opts.probing?.();
      const run = probe && requestPath(request.url).startsWith("/v1/") ? () => probe.then(answer, answer) : answer;
      if (!tracingEnabled()) return run();
      // A span per request (http-tracing.ts) only when tracing is on.
      return tracedRequest(handled, run);
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
  return {
    get port() {
      return server.port;
    },
    drain() {
      draining = true;
      for (const c of [...streams]) endStream(c);
    },
    async shutdown(graceMs) {
      this.drain();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const graceful = server.stop(false).then(() => true);
      const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)));
      const finished = await Promise.race([graceful, late]);
      clearTimeout(timer);
      if (!finished) {
        opts.log.warn("requests still in flight at the end of the stop's budget: their connections are closed", { grace_ms: graceMs });
        await server.stop(true);
      }
    },
    stop: (force) => server.stop(force),
  };
}

interface InFlight {
  readonly due: number;
  /** Cleared once answered, so that a request waiting behind a slow one holds no memory. */
  request: Request | undefined;
  answer: ((response: Response) => void) | undefined;
}

/**
 * The deadline of every request in flight (REQUEST_DEADLINE_MS), kept by one sweep every 100 ms
 * rather than a timer and a promise race per request, which cost more than the rest of this
 * server's own work. All requests get the same deadline, so the order they came in is the order
 * they fall due: a queue, which the sweep walks from its head and stops at the first request that
 * is neither answered nor due. An answered request is only marked (a Set's add and delete for every
 * request cost more, bench/README.md "The server's own work per request").
 */
class Deadlines {
  private queue: InFlight[] = [];
  private head = 0;
  private sweep: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly lateAnswer: (request: Request) => Response) {}

  /**
   * The handler's response, or the late answer if it is not in by the deadline (the handler runs on
   * and its result is dropped). `finish` sees exactly one of the two.
   */
  run(request: Request, handle: () => Response | Promise<Response>, finish: (response: Response) => Response): Promise<Response> {
    let handled: Response | Promise<Response>;
    try {
      handled = handle();
    } catch (err) {
      return Promise.reject(err);
    }
    const { promise, resolve, reject } = Promise.withResolvers<Response>();
    const entry: InFlight = {
      due: performance.now() + REQUEST_DEADLINE_MS,
      request,
      // finish throwing (a response it cannot copy) rejects, as a throwing handler does: Bun's error answer, not a request left hanging.
      answer: (response) => {
        try {
          resolve(finish(response));
        } catch (err) {
          reject(err);
        }
      },
    };
    this.queue.push(entry);
    this.sweep ??= setInterval(() => this.expire(), 100);
    Promise.resolve(handled).then(
      (response) => Deadlines.settle(entry)?.(response),
      (err) => void (Deadlines.settle(entry) && reject(err)),
    );
    return promise;
  }

  /** The entry's answer if it had none yet (its first outcome wins), marking it answered. */
  private static settle(entry: InFlight): ((response: Response) => void) | undefined {
    const answer = entry.answer;
    entry.answer = undefined;
    entry.request = undefined;
    return answer;
  }

  private expire() {
    const now = performance.now();
    for (; this.head < this.queue.length; this.head++) {
      const entry = this.queue[this.head]!;
      if (entry.answer && entry.due > now) break;
      const request = entry.request;
      const answer = Deadlines.settle(entry);
      if (answer && request) answer(this.lateAnswer(request));
    }
    if (this.head === this.queue.length) {
      this.queue = [];
      this.head = 0;
      this.stop();
    } else if (this.head >= 1024 && this.head * 2 >= this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }

  private stop() {
    clearInterval(this.sweep);
    this.sweep = undefined;
  }
}

/** The headers the app sets on every answer of a path (api/app.ts), for the answers given without it. */
function answerHeaders(url: string): Record<string, string> {
  const path = requestPath(url);
  return { ...(path.startsWith("/v1/") ? { [API_VERSION_HEADER]: API_VERSION } : {}), ...(publicCorsRoute(path) ? CORS_HEADERS : {}) };
}
