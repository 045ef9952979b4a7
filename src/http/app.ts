/**
 * The HTTP application: request ids, the one error handler, OpenAPI docs at /swagger (assets served
 * locally, no CDN), health, and every /v1 module. Where a request goes: src/modules/<resource>/index.ts.
 */
import { Elysia } from "elysia";
import { openapi } from "@elysiajs/openapi";
import { randomUUID } from "node:crypto";
import type { AppContext } from "../context.ts";
import { ApiError } from "./errors.ts";
import { docsAssets, SCALAR_PATH } from "./docs-assets.ts";
import { merchantRoutes } from "../modules/merchants/index.ts";

export function buildApp(ctx: AppContext) {
  return new Elysia()
    .onRequest(({ set }) => {
      set.headers["request-id"] = `req_${randomUUID().replaceAll("-", "")}`;
    })
    .onError(({ error, code, set }) => {
      const apiError = toApiError(error, code);
      if (apiError.status >= 500) ctx.log.error("request failed", { err: error });
      set.status = apiError.status;
      Object.assign(set.headers, apiError.headers);
      set.headers["content-type"] = "application/json";
      return apiError.toBody();
    })
    .use(docsAssets())
    .use(
      openapi({
        path: "/swagger",
        specPath: "/swagger/json",
        provider: "scalar",
        scalar: { cdn: SCALAR_PATH, withDefaultFonts: false, hideClientButton: true } as never,
        exclude: { paths: [SCALAR_PATH, "/health", "/ready"] },
        documentation: {
          openapi: "3.1.0",
          info: {
            title: "Stablecoin Payment Intent API",
            version: "2026-04-01",
            description: "Take USDC payments on Base for merchants. Authenticate with `Authorization: Bearer sk_test_…` or `sk_live_…`.",
          },
          components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "API key: sk_test_* or sk_live_*" } } },
          security: [{ bearer: [] }],
          tags: [{ name: "Payment intents" }, { name: "Transactions" }, { name: "Merchants" }, { name: "QR" }, { name: "Test helpers" }],
        },
      }),
    )
    .get("/health", () => ({ status: "ok" }), { detail: { hide: true } })
    .use(merchantRoutes(ctx));
}

export type App = ReturnType<typeof buildApp>;

/** Maps anything thrown to the API error shape; unknown errors become 500 without details. */
function toApiError(error: unknown, code: string | number): ApiError {
  if (error instanceof ApiError) return error;
  switch (code) {
    case "NOT_FOUND":
      return new ApiError("resource_missing", "Unrecognized request URL.");
    case "VALIDATION":
      return new ApiError("parameter_invalid", validationMessage(error));
    case "PARSE":
      return new ApiError("parameter_invalid", "Malformed JSON in request body.");
    default:
      return new ApiError("internal_error", "An unexpected error occurred.");
  }
}

function validationMessage(error: unknown): string {
  const e = error as { valueError?: { path?: string; message?: string } };
  const path = e.valueError?.path?.replace(/^\//, "").replaceAll("/", ".");
  return path ? `Invalid value for '${path}': ${e.valueError?.message ?? "invalid"}` : "Invalid request.";
}
