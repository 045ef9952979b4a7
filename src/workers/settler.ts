/**
 * The settler role (src/workers/README.md): every `pollMs` it
 *  1. runs the settlement schedules that are due (src/modules/payouts/schedule.ts): a run per
 *     (merchant, instant), guarded by app.settlement_runs, so any number of settlers can run and a
 *     run missed while none ran happens at the next start;
 *  2. drives every open settlement a step further (withdrawal, ACH initiation, polling the payout
 *     provider, completion), each under its own advisory lock, resuming whatever a dead settler left.
 * The work itself is in src/modules/settlements/service.ts.
 * Beside it runs the refund sender (refund-sender.ts, every second): the settler role owns a merchant
 * account's outgoing money, withdrawals and refunds alike. And the operator jobs (operator-jobs.ts):
 * the signing that processes without the operator key (the production API) hand over.
 */
import type { AppContext } from "../context.ts";
import type { Hooks } from "../modules/settlements/hooks.ts";
import { driveOpenSettlements, runDueSchedules } from "../modules/settlements/service.ts";
import type { RunningRole } from "./role.ts";
import { PollingRole } from "./loop.ts";
import { RefundSender, type RefundSenderOptions } from "./refund-sender.ts";
import { OperatorJobs } from "./operator-jobs.ts";

export interface SettlerOptions {
  /** Interval between passes. Default 5000 ms. */
  pollMs?: number;
  hooks?: Hooks;
  refunds?: RefundSenderOptions;
}

export class Settler extends PollingRole {
  constructor(
    private readonly ctx: AppContext,
    private readonly opts: SettlerOptions = {},
  ) {
    super({ role: "settler", log: ctx.log.child({ role: "settler" }), failure: "settler pass failed", intervalMs: opts.pollMs ?? 5_000, maxBackoffMs: 60_000, latchWakeups: false });
  }

  protected round(): Promise<void> {
    return this.pass();
  }

  /** One pass: due schedules, then open settlements. */
  async pass(): Promise<void> {
    await runDueSchedules(this.ctx, { hooks: this.opts.hooks });
    if (this.stopping) return;
    await driveOpenSettlements(this.ctx, { hooks: this.opts.hooks });
  }
}

export async function startSettler(ctx: AppContext, opts: SettlerOptions = {}): Promise<RunningRole & { settler: Settler; refunds: RefundSender }> {
  const settler = new Settler(ctx, opts);
  const refunds = new RefundSender(ctx, opts.refunds);
  // Only production has processes without the key (config.ts): the sandbox runs no such sweep.
  const jobs = ctx.config.env === "production" ? new OperatorJobs(ctx) : undefined;
  settler.start();
  refunds.start();
  jobs?.start();
  return { role: "settler", settler, refunds, stop: async () => void (await Promise.all([settler.stop(), refunds.stop(), jobs?.stop()])) };
}
