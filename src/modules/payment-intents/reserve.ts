/**
 * The expected value of a new intent (DECISIONS.md "Matching"; README "One price, many payments"):
 * amount + a tag below the tag width, distinct from every value of that merchant held by another
 * intent (open, or ended less than the quarantine ago), written with the intent in ONE statement.
 *
 * app.reservations is the pool of a merchant's values (migration 0008): a row per value ever issued,
 * held (intent_id set, released_after NULL or in the future) or free (released_after <= now, or a
 * value issued ahead that was never used: intent_id NULL, released_after -infinity). A create
 *   1. claims a free row, FOR UPDATE SKIP LOCKED: the value of the amount itself (tag 0) when free,
 *      else the row of its (merchant, amount) freed longest ago, by the index reservations_pool, so
 *      the cost does not depend on how many values are held and concurrent creates of one amount
 *      take different rows instead of waiting on each other;
 *   2. when none is free, issues the next value above the highest one in [amount, amount + width)
 *      (INSERT ... ON CONFLICT DO NOTHING); a create that collided there retries and then issues 64
 *      at once, its own and 63 free ones, so a rush of one amount claims from the pool after one
 *      collision instead of colliding again;
 *   3. when the range is issued up to its top and nothing is free (the ceiling, or values of other
 *      amounts inside a wide range), looks for the smallest free value of the range the exhaustive
 *      way, under an advisory lock per (merchant, amount): `{ kind: "full" }` if there is none.
 * Exactness does not rest on any of this: the primary key (merchant_id, expected_units) makes two
 * held values distinct, and a row is only claimed under its row lock with its quarantine re-checked.
 */
import type { Sql, SqlOrTx, Tx } from "../../db/client.ts";
import type { Mode } from "../../db/schema/core.ts";
import { pgJson, pgTs } from "../../db/pg-values.ts";

/** Values issued at once by a create that collided with another one issuing the next value. */
export const ISSUE_AHEAD = 64;
/** Fast attempts before the exhaustive search under the lock; each collision means another create progressed. */
const FAST_ATTEMPTS = 50;

export interface InsertArgs {
  id: string;
  mode: Mode;
  accountId: string;
  merchantId: string;
  amountUnits: bigint;
  chainId: number;
  paymentAddress: string;
  metadata: Record<string, string>;
  createdAt: Date;
  expiresAt: Date;
}

/** `row`: the inserted app.payment_intents row as postgres.js returns it. */
export type ReserveResult = { kind: "created"; row: Record<string, unknown> } | { kind: "full" };
type Attempt = ReserveResult | { kind: "collision" } | { kind: "exhausted" };

/**
 * Reserves a value and inserts the intent. With `sql` (no transaction) each attempt is its own
 * statement and the last resort its own transaction; inside `tx` everything runs in it.
 */
export async function reserveAndInsert(q: { sql: Sql } | { tx: Tx }, a: InsertArgs, width: number): Promise<ReserveResult> {
  const run = "sql" in q ? q.sql : q.tx;
  for (let i = 0; i < FAST_ATTEMPTS; i++) {
    const r = await fastAttempt(run, a, width, i === 0 ? 1 : ISSUE_AHEAD);
    if (r.kind === "created" || r.kind === "full") return r;
    if (r.kind === "exhausted") break;
  }
  const locked = async (tx: Tx) => {
    await tx`SELECT pg_advisory_xact_lock(hashtextextended(${`reserve:${a.merchantId}:${a.amountUnits}`}, 0))`;
    for (;;) {
      const r = await exhaustiveAttempt(tx, a, width);
      if (r.kind !== "collision") return r;
    }
  };
  return "sql" in q ? q.sql.begin(locked) : locked(q.tx);
}

function insertIntent(q: SqlOrTx, a: InsertArgs) {
  return q`
      INSERT INTO app.payment_intents
        (id, mode, account_id, merchant_id, status, amount_units, tag_units, expected_units, chain_id, payment_address, metadata, created_at, expires_at)
      SELECT ${a.id}::text, ${a.mode}::text, ${a.accountId}::text, ${a.merchantId}::text, 'awaiting_payment', ${a.amountUnits}::int8,
             (mine.expected_units - ${a.amountUnits}::int8)::int, mine.expected_units, ${a.chainId}::int, ${a.paymentAddress}::text,
             ${pgJson(a.metadata)}::text::jsonb, ${pgTs(a.createdAt)}::timestamptz, ${pgTs(a.expiresAt)}::timestamptz
      FROM mine
      RETURNING *`;
}

/** Steps 1 and 2 in one statement; `ahead`: how many values to issue when none is free. */
async function fastAttempt(q: SqlOrTx, a: InsertArgs, width: number, ahead: number): Promise<Attempt> {
  const hi = a.amountUnits + BigInt(width - 1);
  const now = pgTs(a.createdAt);
  const rows = await q`
    WITH zero AS (
      SELECT expected_units FROM app.reservations
      WHERE merchant_id = ${a.merchantId} AND expected_units = ${a.amountUnits}::int8 AND released_after <= ${now}::timestamptz
      FOR UPDATE SKIP LOCKED
    ), pooled AS (
      SELECT expected_units FROM app.reservations
      WHERE merchant_id = ${a.merchantId} AND amount_units = ${a.amountUnits}::int8 AND released_after <= ${now}::timestamptz
        AND expected_units <= ${hi}::int8 AND NOT EXISTS (SELECT 1 FROM zero)
      ORDER BY released_after, expected_units
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    ), pick AS (
      SELECT expected_units FROM zero UNION ALL SELECT expected_units FROM pooled
    ), claimed AS (
      UPDATE app.reservations r SET intent_id = ${a.id}::text, released_after = NULL, amount_units = ${a.amountUnits}::int8
      FROM pick WHERE r.merchant_id = ${a.merchantId} AND r.expected_units = pick.expected_units
      RETURNING r.expected_units
    ), top AS (
      SELECT max(expected_units) AS v FROM app.reservations
      WHERE merchant_id = ${a.merchantId} AND expected_units BETWEEN ${a.amountUnits}::int8 AND ${hi}::int8
        AND NOT EXISTS (SELECT 1 FROM pick)
    ), fresh AS (
      INSERT INTO app.reservations AS r (merchant_id, expected_units, amount_units, intent_id, released_after)
      SELECT ${a.merchantId}::text, g.v, ${a.amountUnits}::int8,
             CASE WHEN g.v = s.first THEN ${a.id}::text END,
             CASE WHEN g.v = s.first THEN NULL ELSE '-infinity'::timestamptz END
      FROM (SELECT coalesce(v + 1, ${a.amountUnits}::int8) AS first FROM top) s,
           generate_series(s.first, least(${hi}::int8, s.first + ${ahead - 1}::int8)) AS g(v)
      WHERE NOT EXISTS (SELECT 1 FROM pick)
      ON CONFLICT (merchant_id, expected_units) DO NOTHING
      RETURNING r.expected_units, r.intent_id
    ), mine AS (
      SELECT expected_units FROM claimed UNION ALL SELECT expected_units FROM fresh WHERE intent_id = ${a.id}::text
    ), ins AS (${insertIntent(q, a)})
    SELECT (SELECT count(*) FROM pick)::int AS picked, (SELECT v FROM top) AS top, ins.*
    FROM (SELECT 1) one LEFT JOIN ins ON true`;
  const r = rows[0];
  if (r && r.id !== null) return { kind: "created", row: r };
  if (r && r.picked === 0 && r.top !== null && BigInt(r.top as bigint) >= hi) return { kind: "exhausted" };
  return { kind: "collision" };
}

/**
 * Step 3: the smallest value of [amount, amount + width) that no row holds (absent, or free), taken
 * over or inserted, and the intent; `full` when every value is held.
 */
async function exhaustiveAttempt(q: SqlOrTx, a: InsertArgs, width: number): Promise<ReserveResult | { kind: "collision" }> {
  const hi = a.amountUnits + BigInt(width - 1);
  const now = pgTs(a.createdAt);
  const rows = await q`
    WITH held AS (
      SELECT (expected_units - ${a.amountUnits}::int8)::int AS t
      FROM app.reservations
      WHERE merchant_id = ${a.merchantId} AND expected_units BETWEEN ${a.amountUnits}::int8 AND ${hi}::int8
        AND (released_after IS NULL OR released_after > ${now}::timestamptz)
    ), tag AS (
      SELECT CASE
        WHEN NOT EXISTS (SELECT 1 FROM held WHERE t = 0) THEN 0
        ELSE (SELECT min(t) + 1 FROM (SELECT t, lead(t) OVER (ORDER BY t) AS nx FROM held) s
              WHERE t < ${width - 1}::int AND (nx IS NULL OR nx > t + 1))
      END AS t
    ), mine AS (
      INSERT INTO app.reservations AS r (merchant_id, expected_units, amount_units, intent_id, released_after)
      SELECT ${a.merchantId}::text, ${a.amountUnits}::int8 + tag.t, ${a.amountUnits}::int8, ${a.id}::text, NULL::timestamptz FROM tag WHERE tag.t IS NOT NULL
      ON CONFLICT (merchant_id, expected_units) DO UPDATE
        SET intent_id = EXCLUDED.intent_id, released_after = NULL, amount_units = EXCLUDED.amount_units
        WHERE r.released_after <= ${now}::timestamptz
      RETURNING r.expected_units
    ), ins AS (${insertIntent(q, a)})
    SELECT tag.t AS free_tag, ins.* FROM tag LEFT JOIN ins ON true`;
  const r = rows[0];
  if (!r || r.free_tag === null) return { kind: "full" };
  if (r.id === null) return { kind: "collision" };
  return { kind: "created", row: r };
}
