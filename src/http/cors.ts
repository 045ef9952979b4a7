/**
 * Cross-origin access (CORS) to the routes a browser may call from any site: those that take no
 * key, because the payment intent id is their capability (docs/integrators.md "Keys"). A merchant's
 * own checkout page calls them from its origin. Routes that take a secret key get no CORS header at
 * all, so a browser refuses to let another site read them: a secret key has no business in a page.
 *
 * No credentials: these routes read no cookie and no Authorization header, so `*` is the whole answer.
 */
import { API_VERSION_HEADER } from "../domain/api-version.ts";

interface PublicRoute {
  path: RegExp;
  methods: string;
}

const PUBLIC_ROUTES: readonly PublicRoute[] = [
  // The QR image of an intent, for an <img> or a canvas.
  { path: /^\/v1\/qr\/[^/]+$/, methods: "GET" },
  // Paying by signature: the typed data to sign, then the signature.
  { path: /^\/v1\/payment-intents\/[^/]+\/authorization$/, methods: "GET, POST" },
  // The hosted page's data: its status as JSON and as server-sent events (not the HTML page itself).
  { path: /^\/pay\/[^/]+\/(?:status|events)$/, methods: "GET" },
  // The API's own description, for documentation and code generators that run in a browser.
  { path: /^\/swagger\/json$/, methods: "GET" },
];

/** What a page on another origin may read of an answer besides the CORS-safelisted headers. */
const EXPOSED = ["Request-Id", "Retry-After", "ETag", API_VERSION_HEADER].join(", ");

/** The CORS headers of every answer of a public route (errors included, so a page can read them). */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": EXPOSED,
};

/** The public route a path belongs to, or undefined for every other path (no CORS). */
export function publicCorsRoute(path: string): PublicRoute | undefined {
  for (const route of PUBLIC_ROUTES) if (route.path.test(path)) return route;
  return undefined;
}

/**
 * The answer to a browser's preflight (OPTIONS) of a public route: 204 with the route's methods and
 * the one request header its calls send (`Content-Type: application/json` on a POST). Cached by the
 * browser for a day (browsers cap it lower).
 */
export function preflightAnswer(route: PublicRoute, headers: Record<string, string>): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...headers,
      ...CORS_HEADERS,
      "access-control-allow-methods": `${route.methods}, OPTIONS`,
      "access-control-allow-headers": "Content-Type",
      "access-control-max-age": "86400",
    },
  });
}
