/**
 * The expirer role: when to expire. Every `pollMs` (or when woken) it expires, per chain, the due
 * `awaiting_payment` intents up to min(clock.now(), coveredUntil(chain)); what expiring means (one
 * statement per batch, the guarded update, the quarantine, the event) is
 * src/modules/payment-intents/expiry.ts.
 *
 * Fairness: an intent expires only once the matcher has processed every transfer in blocks with
 * timestamp <= expires_at (confirmation depth included), so a payment in time always wins the race
 * against the sweep; a payment in a later block is a late payment.
 */
import type { AppContext, Clock } from "../context.ts";
import type { RunningRole } from "./role.ts";
import { PollingRole } from "./loop.ts";
import { matcherCoveredUntil } from "../modules/matching/coverage.ts";
import { expireBatch, type CoveredUntil } from "../modules/payment-intents/expiry.ts";

export type { CoveredUntil };

export interface ExpirerOptions {
  /** Default: `matcherCoveredUntil` (src/modules/matching/coverage.ts), what the matcher has covered. */
  coveredUntil?: CoveredUntil;
  /** Default: ctx.clock. */
  clock?: Clock;
  /** Sweep interval; an intent is normally expired within this of its cut-off passing. */
  pollMs?: number;
  batchSize?: number;
  /** Chains to sweep. Default: the chains of ctx.chains. */
  chainIds?: number[];
  /** How long without a finished sweep makes /health fail (default: PollingRole's, at least 2 minutes). */
  stallAfterMs?: number;
}

export const EXPIRER_DEFAULTS = { pollMs: 200, batchSize: 10_000 } as const;

export class Expirer extends PollingRole {
  private readonly clock: Clock;
  private readonly batchSize: number;
  private readonly chainIds: number[];

  constructor(private readonly ctx: AppContext, private readonly coveredUntil: CoveredUntil, options: ExpirerOptions = {}) {
    // Wake-ups latch: matcher progress announced mid-sweep must not wait a whole interval.
    super({ role: "expirer", log: ctx.log.child({ role: "expirer" }), failure: "expiry sweep failed", intervalMs: options.pollMs ?? EXPIRER_DEFAULTS.pollMs, maxBackoffMs: 10_000, latchWakeups: true, ...(options.stallAfterMs !== undefined ? { stallAfterMs: options.stallAfterMs } : {}) });
    this.clock = options.clock ?? ctx.clock;
    this.batchSize = options.batchSize ?? EXPIRER_DEFAULTS.batchSize;
    this.chainIds = options.chainIds ?? ctx.networks.map((c) => c.chainId);
  }

  protected async round(): Promise<void> {
    const n = await this.sweep();
    if (n > 0) this.log.debug("intents expired", { count: n });
  }

  /** One sweep over every chain: expires everything due up to each chain's cut-off. Returns the count. */
  async sweep(): Promise<number> {
    let total = 0;
    for (const chainId of this.chainIds) {
      const covered = await this.coveredUntil(this.ctx.database.sql, chainId);
      if (covered === null) continue;
      const now = new Date(Math.floor(this.clock.now().getTime()));
      const cutoff = covered.getTime() < now.getTime() ? covered : now;
      for (;;) {
        const n = await expireBatch(this.ctx.database.sql, { chainId, cutoff, now, batchSize: this.batchSize, quarantineMs: this.ctx.config.valueTags.quarantineMs });
        total += n;
        // A short batch: nothing more is due, or another expirer holds the rest.
        if (n < this.batchSize || this.stopping) break;
      }
    }
    return total;
  }
}

export async function startExpirer(ctx: AppContext, options: ExpirerOptions = {}): Promise<RunningRole & { expirer: Expirer }> {
  const expirer = new Expirer(ctx, options.coveredUntil ?? matcherCoveredUntil, options);
  expirer.start();
  return { role: "expirer", expirer, stop: () => expirer.stop() };
}
