/**
 * The path of a request URL (`/v1/payment-intents/pi_…`), sliced from the absolute URL Bun hands a
 * server, without parsing the whole URL: it is taken for every request, and `new URL()` cost more
 * than the rest of the request hook. Raw, as the router matches it (no dot segments resolved, no
 * percent-decoding), so a check on it sees the path the router routes.
 */
export function requestPath(url: string): string {
  const scheme = url.indexOf("//");
  const start = url.indexOf("/", scheme < 0 ? 0 : scheme + 2);
  if (start < 0) return "/";
  const query = url.indexOf("?", start);
  const hash = url.indexOf("#", start);
  const end = query < 0 ? hash : hash < 0 ? query : Math.min(query, hash);
  return end < 0 ? url.slice(start) : url.slice(start, end);
}
