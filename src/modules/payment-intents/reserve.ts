/**
 * The expected value of a new intent (DECISIONS.md "Matching"; README "One price, many payments"):
 * amount + a tag below the tag width, distinct from every value of that merchant held by another
 * intent (open, or ended less than the quarantine ago), written with the intent in ONE statement.
 *
 * app.reservations is the pool of a merchant's values (migration 0008): a row per value ever issued,
 * held (intent_id set, released_after NULL or in the future) or free (released_after <= now, or a
 * value issued ahead that was never used: intent_id NULL, released_after -infinity). A create
 *   1. claims a free row, FOR UPDATE SKIP LOCKED: the value of the amount itself (tag 0) when free,
 *      else the row of its (merchant, token, amount) freed longest ago, by the index reservations_pool (free
 *      and quarantined rows only: migration 0013), so
 *      the cost does not depend on how many values are held and concurrent creates of one amount
 *      take different rows instead of waiting on each other. A claimed row leaves a dead entry at
 *      its old place in that index until VACUUM, and those gather at the head of the queue; so the
 *      scan starts after the row this process claimed last for that amount (`PoolHints`), and from
 *      the head only when nothing is free after it (a row skipped while locked by a create that
 *      then rolled back is found that way);
 *   2. when none is free, issues the next value above the highest one in [amount, amount + width)
 *      (INSERT ... ON CONFLICT DO NOTHING); a create that collided there retries and then issues 64
 *      at once, its own and 63 free ones, so a rush of one amount claims from the pool after one
 *      collision instead of colliding again; once an amount has 8 values, they are issued 128 at a
 *      time, ahead of need (see CHUNK), so creates of one amount almost never wait on each other's
 *      inserts;
 *   3. when the range is issued up to its top and nothing is free (the ceiling, or values of other
 *      amounts inside a wide range), looks for the smallest free value of the range the exhaustive
 *      way, under an advisory lock per (merchant, amount): `{ kind: "full" }` if there is none.
 * Exactness does not rest on any of this: the primary key (merchant_id, token, expected_units) makes
 * two held values distinct, and a row is only claimed under its row lock with its quarantine re-checked.
 *
 * Per token (migration 0012): everything above is per (merchant, token, amount). A payment is matched
 * only to a value of its own token (matching/record.ts), so a USDC and a USDT intent of one amount may
 * hold the same value at once.
 */
import type { TokenSymbol } from "../../domain/networks.ts";
import type { Sql, SqlOrTx, Tx } from "../../db/client.ts";
import type { Mode } from "../../db/schema/core.ts";
import { pgJson, pgTs } from "../../db/pg-values.ts";
import { metrics } from "../../metrics.ts";

/** How creates found their value: the first attempt, a retry after a collision, or the search under the lock. */
const attempts = metrics.counter("stablepay_value_tag_attempts_total", "Statements run to reserve a create's value, by kind: first, retry (after colliding with another create), exhaustive (the search under the lock).", ["kind"]);

/**
 * Values issued at once: one at a time for the first RUSH_AFTER of an amount (and ISSUE_AHEAD after a
 * collision with another create issuing the same value), then CHUNK at a time, the next chunk issued
 * by the create that claims the value LOW_WATER below the highest issued.
 */
const ISSUE_AHEAD = 64;
const RUSH_AFTER = 8;
const CHUNK = 128;
const LOW_WATER = 64;
/** Fast attempts before the exhaustive search under the lock; each collision means another create progressed. */
const FAST_ATTEMPTS = 50;

export interface InsertArgs {
  id: string;
  mode: Mode;
  accountId: string;
  merchantId: string;
  amountUnits: bigint;
  chainId: number;
  /** The token of the intent's pair (issue 27; chain/pairs.ts). */
  token: TokenSymbol;
  paymentAddress: string;
  metadata: Record<string, string>;
  createdAt: Date;
  expiresAt: Date;
}

/** `row`: the inserted app.payment_intents row as postgres.js returns it. */
/** Per process: the pool position (released_after as Postgres text, expected value) of the last claim per "merchant:amount". */
export type PoolHints = Map<string, { after: string; value: bigint }>;
const HEAD = { after: "-infinity", value: -1n };

export type ReserveResult = { kind: "created"; row: Record<string, unknown> } | { kind: "full" };
type Attempt = ReserveResult | { kind: "collision" } | { kind: "exhausted" };

/**
 * Reserves a value and inserts the intent. With `sql` (no transaction) each attempt is its own
 * statement and the last resort its own transaction; inside `tx` everything runs in it.
 */
export async function reserveAndInsert(q: { sql: Sql } | { tx: Tx }, a: InsertArgs, width: number, hints: PoolHints): Promise<ReserveResult> {
  const run = "sql" in q ? q.sql : q.tx;
  for (let i = 0; i < FAST_ATTEMPTS; i++) {
    attempts.inc({ kind: i === 0 ? "first" : "retry" });
    const r = await fastAttempt(run, a, width, i === 0 ? 1 : ISSUE_AHEAD, hints);
    if (r.kind === "created" || r.kind === "full") return r;
    if (r.kind === "exhausted") break;
  }
  const locked = async (tx: Tx) => {
    await tx`SELECT pg_advisory_xact_lock(hashtextextended(${`reserve:${a.merchantId}:${a.token}:${a.amountUnits}`}, 0))`;
    for (;;) {
      attempts.inc({ kind: "exhaustive" });
      const r = await exhaustiveAttempt(tx, a, width);
      if (r.kind !== "collision") return r;
    }
  };
  return "sql" in q ? q.sql.begin(locked) : locked(q.tx);
}

function insertIntent(q: SqlOrTx, a: InsertArgs) {
  return q`
      INSERT INTO app.payment_intents
        (id, mode, account_id, merchant_id, status, amount_units, tag_units, expected_units, chain_id, token, payment_address, metadata, created_at, expires_at)
      SELECT ${a.id}::text, ${a.mode}::text, ${a.accountId}::text, ${a.merchantId}::text, 'awaiting_payment', ${a.amountUnits}::int8,
             (mine.expected_units - ${a.amountUnits}::int8)::int, mine.expected_units, ${a.chainId}::int, ${a.token}::text, ${a.paymentAddress}::text,
             ${pgJson(a.metadata)}::text::jsonb, ${pgTs(a.createdAt)}::timestamptz, ${pgTs(a.expiresAt)}::timestamptz
      FROM mine
      RETURNING *`;
}

/** Steps 1 and 2 in one statement; `ahead`: how many values to issue when none is free. */
async function fastAttempt(q: SqlOrTx, a: InsertArgs, width: number, ahead: number, hints: PoolHints): Promise<Attempt> {
  const hi = a.amountUnits + BigInt(width - 1);
  const now = pgTs(a.createdAt);
  const key = `${a.merchantId}:${a.token}:${a.amountUnits}`;
  const hint = hints.get(key) ?? HEAD;
  const rows = await q`
    WITH zero AS (
      SELECT expected_units FROM app.reservations
      WHERE merchant_id = ${a.merchantId} AND token = ${a.token} AND expected_units = ${a.amountUnits}::int8 AND released_after <= ${now}::timestamptz
      FOR UPDATE SKIP LOCKED
    ), hinted AS (
      SELECT expected_units, released_after FROM app.reservations
      WHERE merchant_id = ${a.merchantId} AND token = ${a.token} AND amount_units = ${a.amountUnits}::int8 AND released_after <= ${now}::timestamptz
        AND (released_after, expected_units) > (${hint.after}::text::timestamptz, ${hint.value}::int8)
        AND expected_units <= ${hi}::int8 AND NOT EXISTS (SELECT 1 FROM zero)
      ORDER BY released_after, expected_units
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    ), pooled AS (
      SELECT expected_units, released_after FROM app.reservations
      WHERE merchant_id = ${a.merchantId} AND token = ${a.token} AND amount_units = ${a.amountUnits}::int8 AND released_after <= ${now}::timestamptz
        AND expected_units <= ${hi}::int8 AND NOT EXISTS (SELECT 1 FROM zero) AND NOT EXISTS (SELECT 1 FROM hinted)
      ORDER BY released_after, expected_units
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    ), pick AS (
      SELECT expected_units, NULL::timestamptz AS released_after FROM zero
      UNION ALL SELECT expected_units, released_after FROM hinted
      UNION ALL SELECT expected_units, released_after FROM pooled
    ), claimed AS (
      -- pick holds at most one row. Joined as a table (FROM pick), the planner, with the estimate of a
      -- table not yet analyzed, walked the merchant's whole (merchant, token) range of the primary key and
      -- filtered it against pick: every create read every value the merchant ever held (2.6 ms at 3,000,
      -- 3.7 times slower than before issue 27; bench/README.md). A scalar makes it one primary-key lookup.
      UPDATE app.reservations r SET intent_id = ${a.id}::text, released_after = NULL, amount_units = ${a.amountUnits}::int8
      WHERE r.merchant_id = ${a.merchantId} AND r.token = ${a.token} AND r.expected_units = (SELECT expected_units FROM pick)
      RETURNING r.expected_units
    ), top AS (
      SELECT max(expected_units) AS v FROM app.reservations
      WHERE merchant_id = ${a.merchantId} AND token = ${a.token} AND expected_units BETWEEN ${a.amountUnits}::int8 AND ${hi}::int8
    ), s AS (
      SELECT coalesce(v + 1, ${a.amountUnits}::int8) AS first,
             CASE WHEN v IS NULL THEN 1 WHEN v - ${a.amountUnits}::int8 + 1 >= ${RUSH_AFTER}::int8 THEN ${CHUNK}::int8 ELSE ${ahead}::int8 END AS n,
             NOT EXISTS (SELECT 1 FROM pick) AS mine
      FROM top
    ), fresh AS (
      INSERT INTO app.reservations AS r (merchant_id, token, expected_units, amount_units, intent_id, released_after)
      SELECT ${a.merchantId}::text, ${a.token}::text, g.v, ${a.amountUnits}::int8,
             CASE WHEN s.mine AND g.v = s.first THEN ${a.id}::text END,
             CASE WHEN s.mine AND g.v = s.first THEN NULL ELSE '-infinity'::timestamptz END
      FROM s, generate_series(s.first, least(${hi}::int8, s.first + s.n - 1)) AS g(v)
      -- Nothing free: issue values, the first for this intent. Or, ahead of need: the create that claimed
      -- the value LOW_WATER below the top issues the next chunk, so that a rush rarely finds the pool dry.
      WHERE s.mine OR EXISTS (SELECT 1 FROM pick WHERE pick.released_after = '-infinity' AND pick.expected_units = s.first - 1 - ${LOW_WATER}::int8)
      ON CONFLICT (merchant_id, token, expected_units) DO NOTHING
      RETURNING r.expected_units, r.intent_id
    ), mine AS (
      SELECT expected_units FROM claimed UNION ALL SELECT expected_units FROM fresh WHERE intent_id = ${a.id}::text
    ), ins AS (${insertIntent(q, a)})
    SELECT (SELECT count(*) FROM pick)::int AS picked, (SELECT v FROM top) AS top,
           (SELECT released_after::text FROM pick WHERE released_after IS NOT NULL) AS picked_after,
           (SELECT expected_units FROM pick WHERE released_after IS NOT NULL) AS picked_value, ins.*
    FROM (SELECT 1) one LEFT JOIN ins ON true`;
  const r = rows[0];
  if (r && typeof r.picked_after === "string" && r.picked_value !== null) {
    if (hints.size > 10_000) hints.clear();
    hints.set(key, { after: r.picked_after, value: BigInt(r.picked_value as bigint) });
  }
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
      WHERE merchant_id = ${a.merchantId} AND token = ${a.token} AND expected_units BETWEEN ${a.amountUnits}::int8 AND ${hi}::int8
        AND (released_after IS NULL OR released_after > ${now}::timestamptz)
    ), tag AS (
      SELECT CASE
        WHEN NOT EXISTS (SELECT 1 FROM held WHERE t = 0) THEN 0
        ELSE (SELECT min(t) + 1 FROM (SELECT t, lead(t) OVER (ORDER BY t) AS nx FROM held) s
              WHERE t < ${width - 1}::int AND (nx IS NULL OR nx > t + 1))
      END AS t
    ), mine AS (
      INSERT INTO app.reservations AS r (merchant_id, token, expected_units, amount_units, intent_id, released_after)
      SELECT ${a.merchantId}::text, ${a.token}::text, ${a.amountUnits}::int8 + tag.t, ${a.amountUnits}::int8, ${a.id}::text, NULL::timestamptz FROM tag WHERE tag.t IS NOT NULL
      ON CONFLICT (merchant_id, token, expected_units) DO UPDATE
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
