/**
 * A server span per HTTP request when tracing is on (src/lib/tracing.ts): a W3C `traceparent` header
 * sent by the caller is continued, and the response's `traceparent` names the request's span, so a
 * client (or a proxy's log) can find the trace. The span is named by the route's template once the
 * router has matched it (`GET /v1/payment-intents/:id`), never by the ids in the path.
 */
import { contextFromTraceparent, endSpan, SpanKind, startSpan, traceparentOf, withSpan, type Span } from "../lib/tracing.ts";

const spans = new WeakMap<Request, Span>();

/** Runs `handle` inside the request's span, ended when the response is ready; the response carries its traceparent. */
export async function tracedRequest(request: Request, handle: () => Promise<Response>): Promise<Response> {
  const span = startSpan(request.method, {
    kind: SpanKind.SERVER,
    parent: contextFromTraceparent(request.headers.get("traceparent")),
    // The path without the query (which may carry a token).
    attributes: { "http.request.method": request.method, "url.path": new URL(request.url).pathname },
  });
  if (!span) return handle();
  spans.set(request, span);
  try {
    let response = await withSpan(span, handle);
    span.setAttribute("http.response.status_code", response.status);
    try {
      response.headers.set("traceparent", traceparentOf(span));
    } catch {
      // Immutable headers (a fetched or static response): a copy.
      const headers = new Headers(response.headers);
      headers.set("traceparent", traceparentOf(span));
      response = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }
    endSpan(span, response.status >= 500 ? `HTTP ${response.status}` : undefined);
    return response;
  } catch (err) {
    endSpan(span, err);
    throw err;
  }
}

/** Names the request's span by its route template (called by the app once the route is known). */
export function nameRequestSpan(request: Request, route: string): void {
  const span = spans.get(request);
  if (!span) return;
  span.updateName(`${request.method} ${route}`);
  span.setAttribute("http.route", route);
}
