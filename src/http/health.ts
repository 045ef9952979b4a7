/**
 * Health checks, public: GET /health (the process answers) and GET /ready (the process can serve:
 * Postgres answers within 2 s). Load balancers should route on /ready, restart on /health.
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../context.ts";

const READY_TIMEOUT_MS = 2_000;

const HealthSchema = t.Object({ status: t.Literal("ok") }, { examples: [{ status: "ok" }] });
const readyFields = { status: t.Union([t.Literal("ready"), t.Literal("unavailable")]), checks: t.Object({ database: t.Union([t.Literal("ok"), t.Literal("unreachable")]) }) };
const ReadySchema = t.Object(readyFields, { examples: [{ status: "ready", checks: { database: "ok" } }] });
const UnavailableSchema = t.Object(readyFields, { description: "Not ready", examples: [{ status: "unavailable", checks: { database: "unreachable" } }] });

export function healthRoutes(ctx: AppContext) {
  return new Elysia({ name: "health" })
    .get("/health", () => ({ status: "ok" as const }), {
      response: { 200: HealthSchema },
      detail: { tags: ["Operations"], summary: "Liveness", description: "The process answers. Public.", security: [] },
    })
    .get(
      "/ready",
      async ({ set }) => {
        const ok = await databaseAnswers(ctx);
        if (!ok) set.status = 503;
        return { status: ok ? ("ready" as const) : ("unavailable" as const), checks: { database: ok ? ("ok" as const) : ("unreachable" as const) } };
      },
      {
        response: { 200: ReadySchema, 503: UnavailableSchema },
        detail: { tags: ["Operations"], summary: "Readiness", description: "The process can serve requests: Postgres answers within 2 s. 503 otherwise. Public.", security: [] },
      },
    );
}

async function databaseAnswers(ctx: AppContext): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS)));
    const query = ctx.database.sql`SELECT 1`.then(() => true as const);
    return await Promise.race([query, timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
