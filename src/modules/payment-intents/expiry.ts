/**
 * What expiring a payment intent means (docs/integrators.md "Payment intents", docs/contributors.md "Matching"):
 * one statement per batch, in one transaction: claim due rows (FOR UPDATE SKIP LOCKED, so
 * concurrent expirers take disjoint rows), guarded UPDATE ... WHERE status = 'awaiting_payment'
 * RETURNING, quarantine of the reservation (released_after = expired_at + `quarantineMs`), and one
 * `payment_intent.expired` event per intent (INSERT ... SELECT from the RETURNING rows). When to
 * run it is the expirer role's (src/workers/expirer.ts).
 */
import type { Sql } from "../../db/client.ts";
import { ID_PREFIXES, randomBase62 } from "../../domain/ids.ts";
import { insertEventsSql } from "../outbox/outbox.ts";
import { expireStepSql } from "./transitions.ts";

/**
 * The block timestamp up to which the matcher has processed every transfer of `chainId` (incl.
 * confirmation depth), or null when it has not processed anything yet.
 */
export type CoveredUntil = (sql: Sql, chainId: number) => Promise<Date | null>;

/**
 * Expires up to `batchSize` intents of `chainId` with expires_at <= cutoff, in one transaction.
 * Returns how many were expired (each with exactly one event).
 */
export async function expireBatch(sql: Sql, opts: { chainId: number; cutoff: Date; now: Date; batchSize: number; quarantineMs: number }): Promise<number> {
  // How many are due (an index probe), so that only that many event ids are made.
  const [due] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM app.payment_intents
      WHERE status = 'awaiting_payment' AND expires_at <= ${opts.cutoff.toISOString()}::timestamptz AND chain_id = ${opts.chainId}
      LIMIT ${opts.batchSize}) d`;
  const limit = due?.n ?? 0;
  if (limit === 0) return 0;
  const ids = newEventIds(limit);
  const releasedAfter = new Date(opts.now.getTime() + opts.quarantineMs);
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
         ${expireStepSql({ ids: "ARRAY(SELECT id FROM due)", at: "$4::timestamptz" })}
       ), quarantine AS (
         -- An intent holds at most one reservation row (a released row taken over changes intent_id).
         UPDATE app.reservations r SET released_after = $5::timestamptz
         WHERE r.intent_id = ANY (ARRAY(SELECT id FROM expired))
       ), numbered AS (
         SELECT e.*, row_number() OVER () AS n FROM expired e
       ), ev AS (
         ${insertEventsSql(`         SELECT ids.id, e.mode, 'payment_intent.expired', e.account_id, e.merchant_id,
                -- = intentExpiredEventShape (src/modules/payment-intents/shapes.ts); a test holds them equal.
                jsonb_build_object(
                  'id', e.id, 'object', 'payment_intent', 'status', e.status,
                  'amount', trim_scale(e.amount_units::numeric / 1000000), 'currency', 'usd',
                  'merchant_id', e.merchant_id, 'payment_address', e.payment_address,
                  'expires_at', to_char(e.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                  'metadata', e.metadata,
                  'created_at', to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
                $4::timestamptz
         FROM numbered e JOIN unnest(string_to_array($6::text, ',')) WITH ORDINALITY AS ids(id, n) ON ids.n = e.n`)}
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
