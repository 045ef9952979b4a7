/**
 * The expirer role: moves due `awaiting_payment` intents to `expired` (spec "States and
 * transitions", DECISIONS.md "Matching").
 *
 * Fairness: an intent expires only once the matcher has processed every transfer in blocks with
 * timestamp <= expires_at (confirmation depth included), so a payment in time always wins the race
 * against the sweep; a payment in a later block is a late payment. The cut-off per chain is
 * min(clock.now(), coveredUntil(chain)).
 *
 * One statement per batch, in one transaction: claim due rows (FOR UPDATE SKIP LOCKED, so
 * concurrent expirers take disjoint rows), guarded UPDATE ... WHERE status = 'awaiting_payment'
 * RETURNING, quarantine of the reservation (released_after = expired_at + 24 h), and one
 * `payment_intent.expired` event per intent (INSERT ... SELECT from the RETURNING rows).
 */
import type { AppContext, Clock } from "../context.ts";
import type { Sql } from "../db/client.ts";
import { RESERVATION_QUARANTINE_MS } from "../domain/intent-status.ts";
import { ID_PREFIXES, randomBase62 } from "../domain/ids.ts";
import type { RunningRole } from "./role.ts";
import { PollingRole } from "./loop.ts";
import { matcherCoveredUntil } from "../modules/matching/coverage.ts";

/**
 * The block timestamp up to which the matcher has processed every transfer of `chainId` (incl.
 * confirmation depth), or null when it has not processed anything yet.
 */
export type CoveredUntil = (sql: Sql, chainId: number) => Promise<Date | null>;

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
}

export const EXPIRER_DEFAULTS = { pollMs: 200, batchSize: 10_000 } as const;

/**
 * Expires up to `batchSize` intents of `chainId` with expires_at <= cutoff, in one transaction.
 * Returns how many were expired (each with exactly one event).
 */
export async function expireBatch(sql: Sql, opts: { chainId: number; cutoff: Date; now: Date; batchSize: number }): Promise<number> {
  // How many are due (an index probe), so that only that many event ids are made.
  const [due] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM app.payment_intents
      WHERE status = 'awaiting_payment' AND expires_at <= ${opts.cutoff.toISOString()}::timestamptz AND chain_id = ${opts.chainId}
      LIMIT ${opts.batchSize}) d`;
  const limit = due?.n ?? 0;
  if (limit === 0) return 0;
  const ids = newEventIds(limit);
  const releasedAfter = new Date(opts.now.getTime() + RESERVATION_QUARANTINE_MS);
  return sql.begin(async (tx) => {
    // Rows are found by id arrays (= ANY (ARRAY(...))), so every step is an index scan whatever the
    // table size (a join here lets the planner hash-join the whole table, once per batch).
    // Event ids arrive as one comma-separated string, numbered and hash-joined to the numbered rows.
    const [row] = await tx.unsafe<{ expired: number; events: number }[]>(
      `WITH due AS (
         SELECT id FROM app.payment_intents
         WHERE status = 'awaiting_payment' AND expires_at <= $1::timestamptz AND chain_id = $2::int
         ORDER BY expires_at
         LIMIT $3::int
         FOR UPDATE SKIP LOCKED
       ), expired AS (
         UPDATE app.payment_intents p SET status = 'expired', expired_at = $4::timestamptz
         WHERE p.id = ANY (ARRAY(SELECT id FROM due)) AND p.status = 'awaiting_payment'
         RETURNING p.id, p.mode, p.account_id, p.merchant_id, p.status, p.amount_units,
                   p.payment_address, p.expires_at, p.metadata, p.created_at
       ), quarantine AS (
         -- An intent holds at most one reservation row (a released row taken over changes intent_id).
         UPDATE app.reservations r SET released_after = $5::timestamptz
         WHERE r.intent_id = ANY (ARRAY(SELECT id FROM expired))
       ), numbered AS (
         SELECT e.*, row_number() OVER () AS n FROM expired e
       ), ev AS (
         INSERT INTO app.events (id, mode, type, account_id, merchant_id, data, created_at)
         SELECT ids.id, e.mode, 'payment_intent.expired', e.account_id, e.merchant_id,
                -- = intentExpiredEventShape (src/modules/payment-intents/shapes.ts); a test holds them equal.
                jsonb_build_object(
                  'id', e.id, 'object', 'payment_intent', 'status', e.status,
                  'amount', trim_scale(e.amount_units::numeric / 1000000), 'currency', 'usd',
                  'merchant_id', e.merchant_id, 'payment_address', e.payment_address,
                  'expires_at', to_char(e.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                  'metadata', e.metadata,
                  'created_at', to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
                $4::timestamptz
         FROM numbered e JOIN unnest(string_to_array($6::text, ',')) WITH ORDINALITY AS ids(id, n) ON ids.n = e.n
         RETURNING 1
       )
       SELECT (SELECT count(*) FROM expired)::int AS expired, (SELECT count(*) FROM ev)::int AS events`,
      [opts.cutoff.toISOString(), opts.chainId, limit, opts.now.toISOString(), releasedAfter.toISOString(), ids] as never[],
    );
    const expired = row?.expired ?? 0;
    // Never an expiry without its event: roll the batch back if they ever differ.
    if (expired !== (row?.events ?? 0)) throw new Error(`expiry batch: ${expired} intents expired but ${row?.events} events written`);
    return expired;
  });
}

/** `count` new event ids (`evt_` + 24 base62, as newId("event") makes them), comma-separated. */
function newEventIds(count: number): string {
  const chars = randomBase62(24 * count);
  const ids = new Array<string>(count);
  for (let i = 0; i < count; i++) ids[i] = `${ID_PREFIXES.event}_${chars.slice(i * 24, i * 24 + 24)}`;
  return ids.join(",");
}

export class Expirer extends PollingRole {
  private readonly clock: Clock;
  private readonly batchSize: number;
  private readonly chainIds: number[];

  constructor(private readonly ctx: AppContext, private readonly coveredUntil: CoveredUntil, options: ExpirerOptions = {}) {
    // Wake-ups latch: matcher progress announced mid-sweep must not wait a whole interval.
    super({ log: ctx.log.child({ role: "expirer" }), failure: "expiry sweep failed", intervalMs: options.pollMs ?? EXPIRER_DEFAULTS.pollMs, maxBackoffMs: 10_000, latchWakeups: true });
    this.clock = options.clock ?? ctx.clock;
    this.batchSize = options.batchSize ?? EXPIRER_DEFAULTS.batchSize;
    this.chainIds = options.chainIds ?? Object.values(ctx.chains).flatMap((c) => (c ? [c.chainId] : []));
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
        const n = await expireBatch(this.ctx.database.sql, { chainId, cutoff, now, batchSize: this.batchSize });
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
