/**
 * One histogram observation and one access line per request, taken by the server around the app
 * (src/api/server.ts) rather than by a framework hook: Elysia runs an after-response hook on a
 * setImmediate of its own for every request, which cost more than everything else the hook did
 * (bench/api.ts). The line names the route's template (never the ids in its path), the status, the
 * duration, the key's id (never the key) and the request id.
 */
import type { Logger } from "../logger.ts";
import { processMetrics as metrics } from "../lib/metrics.ts";

const httpDuration = metrics.histogram("stablepay_http_request_duration_seconds", "HTTP requests by method, route template and status.", ["method", "route", "status"]);

/** The key that authenticated a request (http/authed.ts records it), for its access line: on the request, as its client address is (client-address.ts). */
const KEY_ID = Symbol("key id");
type Keyed = Request & { [KEY_ID]?: string };

export function recordKeyId(request: Request, keyId: string): void {
  (request as Keyed)[KEY_ID] = keyId;
}

interface Node {
  fixed: Map<string, Node>;
  param?: Node;
  wildcard?: string;
  template?: string;
}

const node = (): Node => ({ fixed: new Map() });

/**
 * The route templates of an app (`/v1/payment-intents/:id`), matched one path segment at a time: a
 * fixed segment first, then a parameter, then a trailing `*`, as the framework's router does.
 */
export class RouteTemplates {
  private readonly roots = new Map<string, Node>();

  constructor(routes: ReadonlyArray<{ method: string; path: string }>) {
    for (const r of routes) {
      const method = r.method.toUpperCase();
      let at = this.roots.get(method) ?? node();
      this.roots.set(method, at);
      for (const segment of r.path.split("/").slice(1)) {
        if (segment === "*") {
          at.wildcard ??= r.path;
          break;
        }
        if (segment.startsWith(":")) at = at.param ??= node();
        else {
          const next = at.fixed.get(segment) ?? node();
          at.fixed.set(segment, next);
          at = next;
        }
      }
      if (!r.path.endsWith("*")) at.template ??= r.path;
    }
  }

  /** The template that serves `method path`, or "unmatched". HEAD is served by GET routes. */
  match(method: string, path: string): string {
    return this.walk(this.roots.get(method), path, 1) ?? (method === "HEAD" ? this.walk(this.roots.get("GET"), path, 1) : undefined) ?? this.walk(this.roots.get("ALL"), path, 1) ?? "unmatched";
  }

  /** The template below `at` for the rest of `path` from `start` (a segment's first character), or undefined. */
  private walk(at: Node | undefined, path: string, start: number): string | undefined {
    if (!at) return undefined;
    if (start > path.length) return at.template ?? at.wildcard;
    const slash = path.indexOf("/", start);
    const end = slash < 0 ? path.length : slash;
    const segment = path.slice(start, end);
    const found = this.walk(at.fixed.get(segment), path, end + 1) ?? (segment === "" ? undefined : this.walk(at.param, path, end + 1));
    return found ?? at.wildcard;
  }
}

/** Observes a finished request and writes its access line (at `level`: info in production, debug in the sandbox). */
export function accessLogger(log: Logger, level: "info" | "debug", routes: RouteTemplates) {
  const access = log.child({ role: "http" });
  return (request: Request, path: string, status: number, requestId: string | null, seconds: number): void => {
    const route = routes.match(request.method, path);
    httpDuration.observe({ method: request.method, route, status }, seconds);
    if (!access.enabled(level)) return;
    access[level]("request", { method: request.method, route, status, duration_ms: Math.round(seconds * 10_000) / 10, key_id: (request as Keyed)[KEY_ID], request_id: requestId ?? undefined });
  };
}
