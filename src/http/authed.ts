/**
 * Elysia plugin that authenticates the bearer key before validation runs (so a request without a
 * key is 401 whatever its body) and hands the route a `principal`.
 */
import { Elysia } from "elysia";
import type { AppContext } from "../context.ts";

export function authed(ctx: AppContext) {
  return new Elysia({ name: "authed" }).derive({ as: "scoped" }, async ({ request }) => ({
    principal: await ctx.auth.authenticate(request.headers.get("authorization")),
  }));
}
