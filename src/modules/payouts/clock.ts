/**
 * Business time of settlements. Live mode: ctx.clock. Sandbox (test mode): ctx.clock plus an
 * offset persisted in app.sandbox_clock, so the API process (the advance test helper), the settler
 * workers and the CLI all see the same sandbox time. The offset only grows: sandbox time never goes
 * backwards, and advancing "to" an instant is idempotent under concurrency (GREATEST).
 *
 * Sandbox time drives test merchants' schedules, the sandbox payout provider's arrival times and the
 * timestamps of sandbox settlements (initiated_at, completed_at, intents' settled_at), like a Stripe
 * test clock. Event rows keep real time (ctx.clock) for the dispatcher.
 */
import type { AppContext } from "../../context.ts";
import type { Mode } from "../../db/schema/core.ts";

export async function sandboxOffsetMs(ctx: AppContext): Promise<number> {
  const [row] = await ctx.database.sql<{ offset_ms: bigint }[]>`SELECT offset_ms FROM app.sandbox_clock WHERE id`;
  return row ? Number(row.offset_ms) : 0;
}

export async function sandboxNow(ctx: AppContext): Promise<Date> {
  return new Date(ctx.clock.now().getTime() + (await sandboxOffsetMs(ctx)));
}

/** Business "now" for a mode. */
export async function businessNow(ctx: AppContext, mode: Mode): Promise<Date> {
  return mode === "test" ? sandboxNow(ctx) : ctx.clock.now();
}

/** Moves sandbox time forward so that it is at least `target`; returns the new sandbox now. */
export async function advanceSandboxClockTo(ctx: AppContext, target: Date): Promise<Date> {
  const real = ctx.clock.now().getTime();
  const wanted = BigInt(Math.max(0, Math.ceil(target.getTime() - real)));
  const [row] = await ctx.database.sql<{ offset_ms: bigint }[]>`
    INSERT INTO app.sandbox_clock (id, offset_ms) VALUES (true, ${wanted})
    ON CONFLICT (id) DO UPDATE SET offset_ms = GREATEST(app.sandbox_clock.offset_ms, EXCLUDED.offset_ms), updated_at = now()
    RETURNING offset_ms`;
  return new Date(real + Number(row?.offset_ms ?? wanted));
}

