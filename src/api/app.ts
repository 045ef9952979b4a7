/**
 * The HTTP application: request ids, the one error handler, OpenAPI docs at /swagger (assets served
 * locally, no CDN), health, and every /v1 module. Where a request goes: src/modules/<resource>/index.ts.
 */
import { Elysia } from "elysia";
import { randomUUID } from "node:crypto";
import type { AppContext } from "../context.ts";
import { isDatabaseUnavailable } from "../db/errors.ts";
import { ApiError, serviceUnavailable } from "../domain/errors.ts";
import { publicRateLimited, tooManyFromAddress } from "../http/rate-limit.ts";
import { apiDocs } from "./docs.ts";
import { healthRoutes } from "./health.ts";
import { MAX_BODY_BYTES } from "../http/json-body.ts";
import { SCHEMA_CODES, type SchemaCodes } from "../http/schema-route.ts";
import { BodyTooLargeError } from "./server.ts";
import { merchantRoutes } from "../modules/merchants/index.ts";
import { paymentIntentRoutes } from "../modules/payment-intents/index.ts";
import { ASSET_PREFIX, PAY_PAGE_PATH, payPageRoutes, tooManyRequestsPage } from "../modules/pay/index.ts";
import { authorizationRoutes } from "../modules/authorizations/index.ts";
import { dashboardRoutes } from "../modules/dashboard/index.ts";
import { qrRoutes } from "../modules/qr/index.ts";
import { testHelperRoutes } from "../modules/test-helpers/index.ts";
import { transactionRoutes } from "../modules/transactions/index.ts";
import { settlementRoutes } from "../modules/settlements/index.ts";
import { eventRoutes } from "../modules/events/index.ts";
import { settlementApiRoutes } from "../modules/settlements/api.ts";
import { merchantApiRoutes } from "../modules/merchants/api.ts";
import { webhookEndpointRoutes } from "../modules/webhook-endpoints/index.ts";
import { refundRoutes } from "../modules/refunds/index.ts";
import { paymentLinkRoutes } from "../modules/payment-links/index.ts";
import { paymentLinkPageRoutes } from "../modules/payment-links/api.ts";
import { depositAddressRoutes } from "../modules/deposit-addresses/index.ts";
import { terminalRoutes } from "../modules/terminals/index.ts";
import { terminalPageRoutes } from "../modules/terminals/api.ts";
import { metricsRoutes } from "./metrics.ts";
import { tracingEnabled } from "../lib/tracing.ts";
import { nameRequestSpan } from "./http-tracing.ts";
import { requestPath } from "../http/request-path.ts";
import { CORS_HEADERS, preflightAnswer, publicCorsRoute } from "../http/cors.ts";
import { API_VERSION, API_VERSION_HEADER } from "../domain/api-version.ts";

const API_VERSION_HEADER_LC = API_VERSION_HEADER.toLowerCase();

/**
 * What one HTTP server serves: `all` (the API with the dashboard at /dashboard, the default),
 * `api` (the dashboard is served on its own port), `dashboard` (the dashboard and health only), or
 * `ops` (health, readiness and metrics only, on OPS_PORT; then the other surfaces serve none of them).
 */

export type Surface = "all" | "api" | "dashboard" | "ops";

const PAY_ASSETS = `${ASSET_PREFIX}/`;

const OPS_ROUTES: ReadonlyArray<(typeof ROUTES)[number]> = [healthRoutes, metricsRoutes];

export function buildApp(ctx: AppContext, surface: Surface = "all") {
  const opsApart = ctx.config.opsPort !== undefined;
  const routes = ROUTES.filter((r) => {
    if (surface === "ops") return OPS_ROUTES.includes(r);
    if (opsApart && OPS_ROUTES.includes(r)) return false;
    return surface === "all" ? true : surface === "api" ? r !== dashboardRoutes : r === dashboardRoutes || r === healthRoutes;
  });
  // normalize: false: bodies reach handlers as sent (no silent cleaning; a metadata key named
  // __proto__ stays a key); unknown fields are refused by the routes themselves (schema-route.ts).
  // Synchronous on purpose: an async hook (or one Elysia's source check takes for async) makes every
  // request await it. The access line and the HTTP histogram are the server's (http/access-log.ts),
  // and so is the wait for a database probe in progress (api/server.ts).
  const app = new Elysia({ normalize: false })
    .onRequest(({ request, set }) => {
      set.headers["request-id"] = `req_${randomUUID().replaceAll("-", "")}`;
      const path = requestPath(request.url);
      if (path.startsWith("/v1/")) set.headers[API_VERSION_HEADER_LC] = API_VERSION;
      // Set before anything can refuse the request: a page on another origin reads our errors too.
      const cors = publicCorsRoute(path);
      if (cors) {
        if (request.method === "OPTIONS") return preflightAnswer(cors, set.headers as Record<string, string>);
        Object.assign(set.headers, CORS_HEADERS);
      }
      // Refuse a declared oversized body before anything reads it (routes cap chunked bodies themselves).
      const length = request.headers.get("content-length");
      if (length !== null && Number(length) > MAX_BODY_BYTES) throw new ApiError("body_too_large", `Request bodies are limited to ${MAX_BODY_BYTES / 1024} KiB.`);
      // What anyone may load without a key is limited per client address (production; http/rate-limit.ts).
      // The page's own stylesheet and script are not: they are static and cached for a year, and the
      // page that says "wait a moment" needs its stylesheet most when the address is over its limit.
      if ((path.startsWith("/pay/") && !path.startsWith(PAY_ASSETS)) || path.startsWith("/v1/qr/")) {
        // The hosted page is read by a person: over the limit it answers an HTML page, the rest the API's error.
        const wait = publicRateLimited(ctx, request);
        const page = wait !== undefined && PAY_PAGE_PATH.test(path) ? tooManyRequestsPage(wait) : undefined;
        if (page) return page;
        if (wait !== undefined) throw tooManyFromAddress(wait);
      }
      // Every /v1 call reads the database: while it is known not to answer (db/health.ts), say so at
      // once rather than after the request deadline; /ready, /health and the docs still answer.
      if (path.startsWith("/v1/") && !ctx.database.health.reachable) throw serviceUnavailable("The database is unavailable.");
    })
    .onError(({ error, code, set, request }) => {
      const apiError = toApiError(error, code);
      // A query that failed for want of a database: have it probed, so the calls after this one fail fast if it is away.
      if (isDatabaseUnavailable(error)) ctx.database.health.suspect();
      // A 503 we chose (the database known away: one warning from db/health.ts said so) is an
      // answer, not a failure: no error line with a stack trace for every call of an outage.
      if (apiError.status >= 500 && !(error === apiError && apiError.code === "service_unavailable")) ctx.log.error("request failed", { err: error, method: request.method, path: new URL(request.url).pathname, request_id: set.headers["request-id"] });
      set.status = apiError.status;
      Object.assign(set.headers, apiError.headers);
      set.headers["content-type"] = "application/json";
      return apiError.toBody();
    });
  // With tracing on, the request's span (http-tracing.ts) is named by its route template once matched;
  // with it off, no hook is added to the routes at all.
  const named = tracingEnabled() ? (app.onBeforeHandle(({ request, route }) => void nameRequestSpan(request, route)) as typeof app) : app;
  return named
    .use(surface === "dashboard" || surface === "ops" ? new Elysia({ name: "no-docs" }) : apiDocs(ctx))
    .use(routes.reduce((all, group) => all.use(group(ctx)), new Elysia({ name: "routes" })));
}

/** Every route group, in the order they are mounted: health and metrics, then one per module. */
const ROUTES: Array<(ctx: AppContext) => Elysia<any, any, any, any, any, any, any>> = [
  healthRoutes,
  metricsRoutes,
  merchantRoutes,
  merchantApiRoutes,
  paymentIntentRoutes,
  qrRoutes,
  payPageRoutes,
  authorizationRoutes,
  dashboardRoutes,
  testHelperRoutes,
  transactionRoutes,
  settlementRoutes,
  eventRoutes,
  webhookEndpointRoutes,
  settlementApiRoutes,
  refundRoutes,
  paymentLinkRoutes,
  paymentLinkPageRoutes,
  depositAddressRoutes,
  terminalRoutes,
  terminalPageRoutes,
];

export type App = ReturnType<typeof buildApp>;

/**
 * Maps anything thrown to the API error shape. Framework errors get their own code (docs/contributors.md "Errors"); anything
 * unknown (including a response that fails its own schema) is a 500 with no details.
 */
function toApiError(error: unknown, code: string | number): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof BodyTooLargeError) return new ApiError("body_too_large", `Request bodies are limited to ${MAX_BODY_BYTES / 1024} KiB.`);
  switch (code) {
    case "NOT_FOUND":
      return new ApiError("resource_missing", "Unrecognized request URL.");
    case "VALIDATION":
      return fromValidation(error);
    case "PARSE": {
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof ApiError) return cause;
      if (cause instanceof BodyTooLargeError) return new ApiError("body_too_large", `Request bodies are limited to ${MAX_BODY_BYTES / 1024} KiB.`);
      return new ApiError("parameter_invalid", "Malformed JSON in request body.");
    }
    case "INVALID_COOKIE_SIGNATURE":
      return new ApiError("parameter_invalid", "Invalid request.");
    case 404:
      return new ApiError("resource_missing", "Unrecognized request URL.");
    case 413:
      return new ApiError("body_too_large", `Request bodies are limited to ${MAX_BODY_BYTES / 1024} KiB.`);
    case 415:
      return new ApiError("unsupported_content_type", "Request bodies must be JSON, sent with 'Content-Type: application/json'.");
    default:
      if (isDatabaseUnavailable(error)) return serviceUnavailable("The database is unavailable.");
      return new ApiError("internal_error", "An unexpected error occurred.");
  }
}

/** TypeBox error kinds (ValueErrorType) that have their own code. */
const ADDITIONAL_PROPERTY = 42;
const REQUIRED_PROPERTY = 45;

/** Schema validation by Elysia: path ids of the wrong shape are 404; body/query errors name the parameter. */
function fromValidation(error: unknown): ApiError {
  const e = error as { type?: string; validator?: { schema?: unknown }; valueError?: { path?: string; message?: string; type?: number; value?: unknown; schema?: unknown } };
  if (e.type === "response") return new ApiError("internal_error", "An unexpected error occurred.");
  if (e.type === "params") return new ApiError("resource_missing", "Unrecognized request URL.");
  const path = (e.valueError?.path ?? "").replace(/^\//, "");
  const param = path === "" ? undefined : path.split("/").join(".");
  // A required property that is absent (TypeBox may report it as a type mismatch on `undefined`).
  if ((e.valueError?.type === REQUIRED_PROPERTY || (e.valueError !== undefined && e.valueError.value === undefined && e.type === "body")) && param && !param.includes(".")) return new ApiError("parameter_missing", `Missing required param: ${param}.`, param);
  if (e.valueError?.type === ADDITIONAL_PROPERTY) return new ApiError("parameter_unknown", `Received unknown parameter${param ? `: ${param}` : ""}.`, param);
  const own = ownCode(e.validator?.schema, path, e.valueError?.schema, e.valueError?.type);
  if (own) {
    // The field's own code names the top-level field (metadata_invalid for a bad metadata value).
    const field = param?.split(".")[0];
    const value = path.includes("/") ? undefined : e.valueError?.value;
    return new ApiError(own.code, own.codes.message ? own.codes.message(value) : `Invalid ${field}: ${e.valueError?.message ?? "invalid value"}.`, field);
  }
  return new ApiError("parameter_invalid", param ? `Invalid ${param}: ${e.valueError?.message ?? "invalid value"}.` : "Invalid request.", param);
}

/**
 * The code a schema gives this failure itself (SCHEMA_CODES): on the failing schema for its error
 * kind, or `all` on it or on any schema above it on the way from the root.
 */
function ownCode(root: unknown, path: string, failing: unknown, kind: number | undefined): { code: NonNullable<SchemaCodes["all"]>; codes: SchemaCodes } | undefined {
  const codesOf = (s: unknown) => (s && typeof s === "object" ? ((s as Record<symbol, unknown>)[SCHEMA_CODES] as SchemaCodes | undefined) : undefined);
  const mine = codesOf(failing);
  const byKind = kind === undefined ? undefined : mine?.kinds?.[kind];
  if (byKind) return { code: byKind, codes: mine! };
  let found: { code: NonNullable<SchemaCodes["all"]>; codes: SchemaCodes } | undefined;
  let node = root as Record<string, unknown> | undefined;
  for (const segment of path === "" ? [] : path.split("/")) {
    const props = node?.properties as Record<string, unknown> | undefined;
    const patterns = node?.patternProperties as Record<string, unknown> | undefined;
    node = (props?.[segment] ?? (patterns ? Object.values(patterns)[0] : undefined)) as Record<string, unknown> | undefined;
    if (!node) break;
    const c = codesOf(node);
    if (c?.all && !found) found = { code: c.all, codes: c };
  }
  if (!found && mine?.all) found = { code: mine.all, codes: mine };
  return found;
}
