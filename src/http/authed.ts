/**
 * Elysia plugin that authenticates the bearer key before validation runs (so a request without a
 * key is 401 whatever its body), applies the key's rate limit (RateLimit-* headers on every
 * authenticated response, 429 when over; src/http/rate-limit.ts) and hands the route a `principal`.
 */
import { Elysia } from "elysia";
import type { AppContext } from "../context.ts";
import { ApiError } from "../domain/errors.ts";
import { recordKeyId } from "./access-log.ts";
import { countAuthFailure, enforceRateLimit, refuseAfterAuthFailures } from "./rate-limit.ts";
import { parseFailures, STRICT } from "./schema-route.ts";

export function authed(ctx: AppContext) {
  return new Elysia({ name: "authed" }).derive({ as: "scoped" }, async ({ request, set }) => {
    const header = request.headers.get("authorization");
    // An address that keeps failing is refused before its keys are looked up; a key found valid of
    // late passes (a client behind the same address as an attacker keeps working).
    if (!ctx.auth.validOfLate(header)) refuseAfterAuthFailures(ctx, request);
    let principal;
    try {
      principal = await ctx.auth.authenticate(header);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) countAuthFailure(ctx, request);
      throw err;
    }
    recordKeyId(request, principal.keyId);
    enforceRateLimit(ctx, principal.keyId, principal.mode, set.headers);
    return { principal };
  });
}

/**
 * A module's authenticated routes: the key is checked first (authed), then a body failure kept by
 * jsonBodyOf is thrown (parseFailures), and bodies are never silently cleaned (STRICT).
 */
export function authedRoutes(ctx: AppContext, name: string) {
  return new Elysia({ name, ...STRICT }).use(authed(ctx)).use(parseFailures());
}
