/**
 * The expected value of a new intent (docs/contributors.md "Matching"; why a ring: docs/contributors.md "Why value tags are held in a ring"):
 * amount + a tag below the tag width, distinct from every value of that merchant held by another
 * intent (open, or ended less than the quarantine ago), written with the intent in ONE statement.
 *
 * app.reservations records the values a merchant's intents hold (held: intent_id set, released_after
 * NULL or in the future; free: released_after <= now). Tags are handed out from a ring per (merchant,
 * token, amount) (migration 0018, app.value_cursors):
 *   1. the amount itself (tag 0) when its row is absent or free: a create of an amount nobody holds
 *      (most creates: prices vary) is one statement and the customer pays the exact price;
 *   2. for a price open intents hold but fewer than WINDOW of them (a price that repeats now and then,
 *      the commonest repeat), the lowest free value of its first WINDOW tags, in one statement that
 *      writes no shared row (windowAttempt); concurrent creates of it in this process take different ones;
 *   3. for a busy price (its window full), the next tags of the ring: for a price this process has
 *      found busy, outside a rush, one statement checks the amount and, held, leases the ring's next
 *      tag and takes it; in a rush, a process leases a run of tags from the cursor (1, doubling
 *      while a rush uses them up within a second, up to 128; one lease statement at a time per amount
 *      in a process) and hands them to its creates; a create probes its candidates by primary key and
 *      takes the first that no intent holds. So a create costs one or two primary-key probes whatever
 *      the number of values held, and concurrent creates of one amount take different values without
 *      waiting on each other or sharing a row: they meet only at the cursor, once per lease. After a
 *      full turn the ring comes back to values freed a turn ago (a shop selling one price 5,000 times a
 *      day with the 24 h quarantine finds them free), and skips the held ones, more candidates per
 *      statement once some were held (PROBES);
 *   4. when six statements found only held candidates (near the ceiling), looks for the smallest free value
 *      the exhaustive way, under an advisory lock per (merchant, token, amount): `{ kind: "full" }` if
 *      there is none.
 * Exactness does not rest on any of this: the primary key (merchant_id, token, expected_units) makes two
 * held values distinct, and a free row is only taken over with its quarantine checked again under its row
 * lock (ON CONFLICT ... DO UPDATE ... WHERE). Two processes that lease the same tags (a lease lost with a
 * rolled-back transaction, or a process holding an old lease while the ring turned) only meet at that
 * key: one gets the value, the other the next candidate.
 *
 * Why a ring, not the free list it replaced (0008-0017: claim the oldest free row FOR UPDATE SKIP
 * LOCKED): every claim of the free list updated rows of the same one or two pages and left a dead entry
 * at the head of the index all claims read, so creates of one amount waited on each other's page locks
 * and on VACUUM (`bun bench/reserve.ts`, run in turns: 1,562-1,694 creates/s of one amount with the ring,
 * 1,031-1,152 with the free list; bench/README.md "One price").
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
import { heldWhere } from "./value-tags.ts";

/** How creates found their value: the first attempt, a retry after a collision, or the search under the lock. */
const attempts = metrics.counter("stablepay_value_tag_attempts_total", "Statements run to reserve a create's value, by kind: first, retry (after colliding with another create), exhaustive (the search under the lock).", ["kind"]);

export interface InsertArgs {
  id: string;
  mode: Mode;
  accountId: string;
  merchantId: string;
  amountUnits: bigint;
  chainId: number;
  /** The token of the intent's pair (chain/pairs.ts). */
  token: TokenSymbol;
  paymentAddress: string;
  metadata: Record<string, string>;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * Candidates per statement: one while candidates come out free (a rush of fresh values, or a shop far
 * below its ceiling: tags are then handed out in ring order, one create after the other), more each time
 * all of a statement's candidates were held (the ring came round to values of open or quarantined
 * intents), so a create near the ceiling needs a few statements, not hundreds.
 */
const PROBES = [1, 8, 32, 64, 64, 64];
/** Statements before the search under the lock, whatever happened (another create taking a candidate first is progress, but bounded). */
const MAX_ATTEMPTS = 12;
/** Tags leased from the ring at once: LEASE_MIN, doubling while this process uses them up within LEASE_FAST_MS, up to LEASE_MAX. */
const LEASE_MIN = 1;
const LEASE_MAX = 128;
const LEASE_FAST_MS = 1_000;

/** Per process: tags of the ring leased for "merchant:token:amount" and not handed out yet. */
export type ValueLeases = Map<string, Lease>;
interface Lease {
  /** Tags not handed out yet, in ring order. */
  tags: number[];
  /** Size of the last lease taken from the ring, and when. */
  size: number;
  at: number;
  /** The lease statement in flight, if any (never one inside a transaction), and the creates waiting on it. */
  pending: Promise<void> | null;
  waiting: number;
}

/** Per leases (per process): the keys whose amount statement is running. */
const probingOf = new WeakMap<ValueLeases, Set<string>>();
/**
 * Per leases (per process): keys this process has found or made held, and keys whose window it found full
 * (busy), each up to HELD_SEEN_MAX (then forgotten at once). A held price's next create goes to the
 * window; a busy one's to the ring. Any other starts with the amount's plain insert, which costs a
 * new price less than either (fewer parameters to send and bind, fewer plan nodes to start).
 */
const heldSeenOf = new WeakMap<ValueLeases, Set<string>>();
const busySeenOf = new WeakMap<ValueLeases, Set<string>>();
/** Per leases (per process): creates of each key running now. */
const inFlightOf = (leases: ValueLeases): Map<string, number> => {
  let m = inFlight.get(leases);
  if (!m) inFlight.set(leases, (m = new Map()));
  return m;
};
const inFlight = new WeakMap<ValueLeases, Map<string, number>>();
function seenOf(of: WeakMap<ValueLeases, Set<string>>, leases: ValueLeases): Set<string> {
  let seen = of.get(leases);
  if (!seen) of.set(leases, (seen = new Set()));
  return seen;
}
const HELD_SEEN_MAX = 100_000;

/** `held`: the values of the amount held with this create's, when the statement counted them (see `countHeld`). */
export type ReserveResult = { kind: "created"; row: Record<string, unknown>; held?: number } | { kind: "full" };
/** `tried`: the candidate tag the statement went for (null: the amount itself, found free). */
type Attempt = { kind: "created"; row: Record<string, unknown>; tried: number | null } | { kind: "taken"; tried: number } | { kind: "held" };

/**
 * Reserves a value and inserts the intent. Outside a transaction (`tx` null) each attempt is its own
 * statement on `sql` and the last resort its own transaction; inside `tx` everything runs in it,
 * leases from the ring included (see take).
 *
 * `countHeld`: when the amount turns out held, the amount's statement also counts the values held
 * of it (value-tags.ts, the warning before the ceiling), so that count costs no statement of its own.
 */
export async function reserveAndInsert(sql: Sql, tx: Tx | null, a: InsertArgs, width: number, leases: ValueLeases, countHeld = false): Promise<ReserveResult> {
  const key = `${a.merchantId}:${a.token}:${a.amountUnits}`;
  const flying = inFlightOf(leases);
  // Creates of this amount this process is running already: this one takes a later free value of
  // the window than they do, rather than colliding with them on the first.
  const before = flying.get(key) ?? 0;
  flying.set(key, before + 1);
  try {
    return await reserve(sql, tx, a, width, leases, key, before, countHeld);
  } finally {
    const n = (flying.get(key) ?? 1) - 1;
    if (n > 0) flying.set(key, n);
    else flying.delete(key);
  }
}

async function reserve(sql: Sql, tx: Tx | null, a: InsertArgs, width: number, leases: ValueLeases, key: string, before: number, countHeld: boolean): Promise<ReserveResult> {
  const run = tx ?? sql;
  let probing = probingOf.get(leases);
  if (!probing) probingOf.set(leases, (probing = new Set()));
  const heldSeen = seenOf(heldSeenOf, leases);
  const busySeen = seenOf(busySeenOf, leases);
  const remember = (seen: Set<string>) => {
    if (seen.size >= HELD_SEEN_MAX) seen.clear();
    seen.add(key);
  };
  // Where this create starts: a price this process found busy (its window full) goes to the ring; a
  // price found held, or one another create of this process is taking right now, to the window; any
  // other to the plain insert of the amount itself.
  let step: "plain" | "window" | "ring" = busySeen.has(key) ? "ring" : heldSeen.has(key) || before > 0 ? "window" : "plain";
  // PROBES[probe] candidates per statement; the next size only after all of them were held.
  let probe = 0;
  let held: number | undefined;
  let skip = before;
  let ringTries = 0;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    attempts.inc({ kind: attempt === 0 ? "first" : "retry" });
    if (step === "plain") {
      const r = await plainAmountAttempt(run, a);
      // Held either way now (by this create, or by another): the price's next create goes to the window.
      remember(heldSeen);
      if (r.kind === "created") return r;
      step = "window";
      continue;
    }
    if (step === "window") {
      const r = await windowAttempt(run, a, width, skip, countHeld && held === undefined && !belowCeilingWatch(width));
      if (r.held !== undefined) held = r.held;
      if (r.kind === "created") return held === undefined ? r : { ...r, held };
      if (r.kind === "taken") {
        // Another create took the value first: the window again, past the values still being taken.
        skip = Math.max(0, (inFlightOf(leases).get(key) ?? 1) - 1);
        continue;
      }
      // Every value of the window held (or being taken): a busy price, the ring's from now on.
      remember(busySeen);
      step = "ring";
      continue;
    }
    // The amount itself and the ring's next tag in one statement, without a lease, unless this
    // process is leasing tags of it (a rush) or another create is running that statement.
    const lease = leases.get(key);
    const leased = ringTries++ > 0 || (lease !== undefined && (lease.tags.length > 0 || lease.pending !== null || inRush(lease))) || probing.has(key);
    if (!leased) {
      const at = Date.now();
      // While this statement runs, other creates of the amount in this process lease from the ring
      // (it leases too): a lease and a lone tag interleaved would leave a gap in the tags.
      probing.add(key);
      const r = await amountAttempt(run, a, width, countHeld && held === undefined).finally(() => probing.delete(key));
      if (r.kind !== "created" || r.tried !== null) held = r.held ?? held;
      // Unless it got the amount itself, the statement leased one tag of the ring and tried it, as
      // the first lease of a rush does: the next create of this amount within LEASE_FAST_MS doubles it.
      if (!tx && (r.kind !== "created" || r.tried !== null)) Object.assign(leaseOf(leases, key), { size: 1, at });
      if (r.kind === "created") return held === undefined ? r : { ...r, held };
      if (r.kind === "held") probe++; // its one candidate was held: more per statement from now on
      continue;
    }
    const candidates = await take(sql, tx, leases, key, a, width, PROBES[probe]!);
    const r = await ringAttempt(run, a, candidates, width, countHeld && held === undefined);
    if (r.held !== undefined) held = r.held;
    // Leased candidates not probed go back, in order, for the next create: those after the one
    // taken (by this create, or by another one first), or all of them when the amount itself was free.
    if (r.kind !== "held") giveBack(leases, key, r.tried === null ? candidates : candidates.slice(candidates.indexOf(r.tried) + 1));
    if (r.kind === "created") return held === undefined ? r : { ...r, held };
    if (r.kind === "held" && ++probe === PROBES.length) break;
  }
  const locked = async (tx: Tx) => {
    await tx`SELECT pg_advisory_xact_lock(hashtextextended(${`reserve:${a.merchantId}:${a.token}:${a.amountUnits}`}, 0))`;
    for (;;) {
      attempts.inc({ kind: "exhaustive" });
      const r = await exhaustiveAttempt(tx, a, width);
      if (r.kind !== "collision") return r;
    }
  };
  return tx ? locked(tx) : sql.begin(locked);
}

/**
 * `n` candidate tags from this process's lease, leasing more from the ring when it runs short. Outside
 * a transaction: one lease statement at a time per amount in this process (the creates of a rush wait
 * for it together instead of queueing on the cursor row one behind the other), sized for the creates
 * waiting on it, and the next one started ahead of need once half of the last is left, so that a
 * steady rush does not wait on leases at all. Inside a transaction (`tx`): a lease of its own, in it, and
 * never a wait on a lease running on another connection (20 transactions waiting on a lease that waits
 * for a free connection of their pool would wait forever).
 */
async function take(sql: Sql, tx: Tx | null, leases: ValueLeases, key: string, a: InsertArgs, width: number, n: number): Promise<number[]> {
  const l = leaseOf(leases, key);
  while (l.tags.length < n) {
    if (tx) {
      const size = nextSize(l, n, width);
      addRun(l, await leaseFromRing(tx, a, width, size), size, width);
    } else if (l.pending) {
      // Another create's lease; if it failed, this one leases for itself on the next turn.
      l.waiting++;
      await l.pending.catch(() => {});
      l.waiting--;
    } else {
      await startLease(sql, l, a, width, nextSize(l, n, width));
    }
  }
  const tags = l.tags.splice(0, n);
  if (!tx && !l.pending && inRush(l) && l.tags.length < l.size / 2) startLease(sql, l, a, width, nextSize(l, 0, width)).catch(() => {});
  return tags;
}

function leaseOf(leases: ValueLeases, key: string): Lease {
  let lease = leases.get(key);
  if (!lease) {
    if (leases.size > 10_000) leases.clear();
    leases.set(key, (lease = { tags: [], size: 0, at: 0, pending: null, waiting: 0 }));
  }
  return lease;
}

/** Doubling while a rush uses leases up within LEASE_FAST_MS, at least what the waiting creates need, at most LEASE_MAX (and the ring). */
function nextSize(l: Lease, n: number, width: number): number {
  return Math.min(LEASE_MAX, width, Math.max(n - l.tags.length + l.waiting, inRush(l) ? l.size * 2 : LEASE_MIN));
}

/** A rush of this amount in this process: its last lease (outside a transaction) was taken less than LEASE_FAST_MS ago. */
function inRush(l: Lease): boolean {
  return Date.now() - l.at < LEASE_FAST_MS;
}

/** The `size` tags of the ring from `first`, appended to what this process holds. */
function addRun(l: Lease, first: number, size: number, width: number): void {
  for (let i = 0; i < size; i++) l.tags.push((first + i) % width);
}

function startLease(sql: Sql, l: Lease, a: InsertArgs, width: number, size: number): Promise<void> {
  const at = Date.now();
  l.pending = leaseFromRing(sql, a, width, size)
    .then((first) => {
      l.size = size;
      l.at = at;
      addRun(l, first, size, width);
    })
    .finally(() => (l.pending = null));
  return l.pending;
}

function giveBack(leases: ValueLeases, key: string, tags: number[]): void {
  const lease = leases.get(key);
  if (lease && tags.length) lease.tags.unshift(...tags);
}

/** Where an amount's ring starts: past its window, whose values the window's statement hands out. */
function ringStart(width: number): number {
  return width > WINDOW ? WINDOW : 1 % width;
}

/**
 * Advances the ring of (merchant, token, amount) by `size` and returns the first tag of the run
 * (ringStart for an amount never leased: lower tags are the window's). Outside a transaction it commits at once, so the
 * cursor row is locked for that long only; inside the idempotent create's transaction it runs there
 * (on another connection it could wait for a connection of the pool the transaction holds one of).
 */
async function leaseFromRing(q: SqlOrTx, a: InsertArgs, width: number, size: number): Promise<number> {
  const [r] = await q<{ next_tag: number }[]>`
    INSERT INTO app.value_cursors AS c (merchant_id, token, amount_units, next_tag)
    VALUES (${a.merchantId}, ${a.token}, ${a.amountUnits}::int8, ${(ringStart(width) + size) % width}::int)
    ON CONFLICT (merchant_id, token, amount_units) DO UPDATE SET next_tag = (c.next_tag + ${size}::int) % ${width}::int
    RETURNING next_tag`;
  return (((r!.next_tag - size) % width) + width) % width;
}

/**
 * The value `v` of the CTE `source` inserted for the intent, or its row taken over when free: under
 * its row lock, with the quarantine checked again (a row held inserts nothing).
 */
function takeValue(q: SqlOrTx, a: InsertArgs, source: "candidate" | "pick") {
  return q`INSERT INTO app.reservations AS r (merchant_id, token, expected_units, amount_units, intent_id, released_after)
      SELECT ${a.merchantId}::text, ${a.token}::text, ${q(source)}.v, ${a.amountUnits}::int8, ${a.id}::text, NULL::timestamptz FROM ${q(source)}
      ON CONFLICT (merchant_id, token, expected_units) DO UPDATE
        SET intent_id = EXCLUDED.intent_id, released_after = NULL, amount_units = EXCLUDED.amount_units
        WHERE r.released_after <= ${pgTs(a.createdAt)}::timestamptz
      RETURNING r.expected_units`;
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

/**
 * The amount itself (tag 0), inserted, or its row taken over when free (under its row lock, the
 * quarantine checked again), and the intent inserted with it: one statement, one primary-key probe
 * (the conflict's), what an insert costs. The first statement of a price this process has not found
 * held (most creates: prices vary). A held row (or one another create took first: the conflict waits
 * for it) inserts nothing, and the create goes on to the ring.
 */
async function plainAmountAttempt(q: SqlOrTx, a: InsertArgs): Promise<{ kind: "created"; row: Record<string, unknown>; tried: null } | { kind: "held" }> {
  const rows = await q`
    WITH mine AS (
      INSERT INTO app.reservations AS r (merchant_id, token, expected_units, amount_units, intent_id, released_after)
      VALUES (${a.merchantId}::text, ${a.token}::text, ${a.amountUnits}::int8, ${a.amountUnits}::int8, ${a.id}::text, NULL::timestamptz)
      ON CONFLICT (merchant_id, token, expected_units) DO UPDATE
        SET intent_id = EXCLUDED.intent_id, released_after = NULL, amount_units = EXCLUDED.amount_units
        WHERE r.released_after <= ${pgTs(a.createdAt)}::timestamptz
      RETURNING r.expected_units
    ), ins AS (${insertIntent(q, a)})
    SELECT * FROM ins`;
  const r = rows[0];
  return r ? { kind: "created", row: r, tried: null } : { kind: "held" };
}

/**
 * The lowest tags of an amount, probed together by the window's statement (one range of the primary
 * key, so 32 cost about what 8 did). Wide enough that a price a few dozen open intents hold (a
 * register's busiest price, a checkout's best seller) never writes the ring's cursor row, on which
 * two creates of one price at the same moment wait for each other; the customer's overpayment stays
 * under 32 base units.
 */
export const WINDOW = 32;

/**
 * Whether the ceiling's warning needs no count for a create of the window: with a tag width wider
 * than the window, a value taken there means fewer than WINDOW values of the window were held, so
 * the price is not busy in this process; the processes that find it busy (the ring's creates) count
 * it. With a width no wider than the window, the window is every value, and its creates count.
 */
function belowCeilingWatch(width: number): boolean {
  return width > WINDOW;
}

/** Whether a create that got `tagUnits` and no count should have its amount counted in the background (value-tags.ts watchTags). */
export function mayNeedCount(tagUnits: number, width: number): boolean {
  return tagUnits !== 0 && !(belowCeilingWatch(width) && tagUnits < WINDOW);
}

/**
 * One statement, for a price that open intents hold but that is not busy (fewer than WINDOW values
 * held, as wherever prices repeat now and then): the values of the amount's lowest WINDOW tags that
 * no intent holds, read in one range of the primary key, and the `skip`-th of them (the creates of
 * this amount running in this process take the ones before) taken with the intent. No cursor row is
 * written and concurrent creates of the price take different values, so a repeated price costs what
 * a new one does; the tag, and the customer's overpayment, stays below WINDOW base units. `full`: no
 * such value (the price is busy: the ring's).
 */
async function windowAttempt(q: SqlOrTx, a: InsertArgs, width: number, skip: number, countHeld: boolean): Promise<(Attempt | { kind: "full" }) & { held?: number }> {
  const now = pgTs(a.createdAt);
  const n = Math.min(WINDOW, width);
  const rows = await q`
    WITH held AS (
      SELECT (expected_units - ${a.amountUnits}::int8)::int AS t FROM app.reservations
      WHERE merchant_id = ${a.merchantId} AND token = ${a.token}
        AND expected_units BETWEEN ${a.amountUnits}::int8 AND ${a.amountUnits + BigInt(n - 1)}::int8
        AND (released_after IS NULL OR released_after > ${now}::timestamptz)
    ), candidate AS (
      SELECT ${a.amountUnits}::int8 + g.t AS v FROM generate_series(0, ${n - 1}::int) AS g(t)
      WHERE g.t NOT IN (SELECT t FROM held)
      ORDER BY g.t OFFSET ${skip}::int LIMIT 1
    ), mine AS (
      ${takeValue(q, a, "candidate")}
    ), ins AS (${insertIntent(q, a)})
    SELECT (SELECT v FROM candidate) AS tried, (SELECT n FROM ${countedHeld(q, a, width, countHeld)} c) AS held_before, ins.* FROM (SELECT 1) one LEFT JOIN ins ON true`;
  return outcomeOf(rows[0], a, "full");
}

/**
 * One statement, for a price this process has found held before: the amount itself (tag 0) as
 * plainAmountAttempt takes it, unless held.
 *
 * When the amount is held (another open intent of that price: common wherever prices repeat), the
 * same statement leases the next tag of the ring (the cursor advanced by one, as a first lease of
 * one tag does) and takes that value if no intent holds it. So the second intent of a price costs
 * one round trip, not three (this attempt, a lease, the ring's attempt). A candidate held (the ring
 * came round to an open intent) or taken by another create first leaves the rest to the ring's
 * statement; tag 0 is never the candidate here, this statement having just found it held.
 */
async function amountAttempt(q: SqlOrTx, a: InsertArgs, width: number, countHeld: boolean): Promise<Attempt & { held?: number }> {
  const now = pgTs(a.createdAt);
  const rows = await q`
    WITH zero AS (
      -- A row held (as checked against the snapshot) is not offered to the insert: its conflict
      -- would lock it (a WAL record, and a wait for every other create of the price) only to find
      -- it held. A row free, or inserted since the snapshot, goes through the conflict's checks.
      INSERT INTO app.reservations AS r (merchant_id, token, expected_units, amount_units, intent_id, released_after)
      SELECT ${a.merchantId}::text, ${a.token}::text, ${a.amountUnits}::int8, ${a.amountUnits}::int8, ${a.id}::text, NULL::timestamptz
      WHERE NOT EXISTS (
        SELECT 1 FROM app.reservations h
        WHERE h.merchant_id = ${a.merchantId} AND h.token = ${a.token} AND h.expected_units = ${a.amountUnits}::int8
          AND (h.released_after IS NULL OR h.released_after > ${now}::timestamptz))
      ON CONFLICT (merchant_id, token, expected_units) DO UPDATE
        SET intent_id = EXCLUDED.intent_id, released_after = NULL, amount_units = EXCLUDED.amount_units
        WHERE r.released_after <= ${now}::timestamptz
      RETURNING r.expected_units
    ), lease AS (
      INSERT INTO app.value_cursors AS c (merchant_id, token, amount_units, next_tag)
      SELECT ${a.merchantId}::text, ${a.token}::text, ${a.amountUnits}::int8, ${(ringStart(width) + 1) % width}::int
      WHERE NOT EXISTS (SELECT 1 FROM zero)
      ON CONFLICT (merchant_id, token, amount_units) DO UPDATE SET next_tag = (c.next_tag + 1) % ${width}::int
      RETURNING (c.next_tag - 1 + ${width}::int) % ${width}::int AS tag
    ), candidate AS (
      SELECT ${a.amountUnits}::int8 + lease.tag AS v FROM lease
      -- OFFSET 0: a subplan, one primary-key lookup (see ringAttempt).
      WHERE lease.tag <> 0 AND NOT EXISTS (
        SELECT 1 FROM app.reservations r
        WHERE r.merchant_id = ${a.merchantId} AND r.token = ${a.token} AND r.expected_units = ${a.amountUnits}::int8 + lease.tag
          AND (r.released_after IS NULL OR r.released_after > ${now}::timestamptz)
        OFFSET 0)
    ), ring AS (
      ${takeValue(q, a, "candidate")}
    ), mine AS (
      SELECT expected_units FROM zero UNION ALL SELECT expected_units FROM ring
    ), counted AS (
      -- Only once the amount turned out held: the amount itself needs no count.
      SELECT n FROM ${countedHeld(q, a, width, countHeld)} c WHERE NOT EXISTS (SELECT 1 FROM zero)
    ), ins AS (${insertIntent(q, a)})
    SELECT (SELECT tag FROM lease) AS leased, (SELECT v FROM candidate) AS tried, (SELECT n FROM counted) AS held_before, ins.*
    FROM (SELECT 1) one LEFT JOIN ins ON true`;
  const r = rows[0];
  const leased = r && r.leased !== null ? Number(r.leased) : null;
  const held = heldWith(r);
  if (r && r.id !== null) return { kind: "created", row: r, tried: leased, held };
  // Tag 0 again (the ring went round), or a candidate another create took first: not a sign that
  // the ring's values are held, so the ring's statement goes on with one candidate.
  if (leased === 0) return { kind: "taken", tried: 0, held };
  if (r && r.tried !== null) return { kind: "taken", tried: leased!, held };
  return { kind: "held", held };
}

/**
 * One statement: the amount itself (tag 0) if its row is free and not being taken by another create
 * (SKIP LOCKED), else the first candidate no intent holds (absent, or its quarantine over), probed by
 * primary key; taken (inserted, or a free row taken over under its row lock with the quarantine
 * checked again) and the intent inserted with it.
 */
async function ringAttempt(q: SqlOrTx, a: InsertArgs, tags: number[], width: number, countHeld: boolean): Promise<Attempt & { held?: number }> {
  const now = pgTs(a.createdAt);
  const rows = await q`
    WITH zero AS (
      SELECT expected_units FROM app.reservations
      WHERE merchant_id = ${a.merchantId} AND token = ${a.token} AND expected_units = ${a.amountUnits}::int8 AND released_after <= ${now}::timestamptz
      FOR UPDATE SKIP LOCKED
    ), candidate AS (
      SELECT ${a.amountUnits}::int8 + c.tag AS v
      FROM unnest(string_to_array(${tags.join(",")}, ',')::int[]) WITH ORDINALITY AS c(tag, ord)
      -- OFFSET 0 keeps the probe a subplan run per candidate (one primary-key lookup each): as a NOT
      -- EXISTS the planner may turn it into an anti-join, and on a table not yet analyzed it chose one
      -- that read every row of the table at every create (1/3 of the rate until autovacuum analyzed it).
      WHERE NOT EXISTS (SELECT 1 FROM zero) AND NOT EXISTS (
        SELECT 1 FROM app.reservations r
        WHERE r.merchant_id = ${a.merchantId} AND r.token = ${a.token} AND r.expected_units = ${a.amountUnits}::int8 + c.tag
          AND (r.released_after IS NULL OR r.released_after > ${now}::timestamptz)
        OFFSET 0)
      ORDER BY c.ord
      LIMIT 1
    ), pick AS (
      SELECT expected_units AS v FROM zero UNION ALL SELECT v FROM candidate
    ), mine AS (
      ${takeValue(q, a, "pick")}
    ), ins AS (${insertIntent(q, a)})
    SELECT (SELECT v FROM candidate) AS tried, (SELECT n FROM ${countedHeld(q, a, width, countHeld)} c) AS held_before, ins.* FROM (SELECT 1) one LEFT JOIN ins ON true`;
  return outcomeOf(rows[0], a, "held");
}

/**
 * The values of the amount held, as a subquery of one row `n` when `count` (and none otherwise: no
 * scan), for value-tags.ts's warning before the ceiling; a range of the primary key.
 */
function countedHeld(q: SqlOrTx, a: InsertArgs, width: number, count: boolean) {
  // Not counting: no parameters at all (each one is serialized and sent with every execution).
  if (!count) return q`(SELECT NULL::int AS n)`;
  return q`(
      SELECT (SELECT count(*)::int FROM app.reservations
              WHERE merchant_id = ${a.merchantId} AND token = ${a.token}
                AND expected_units BETWEEN ${a.amountUnits}::int8 AND ${a.amountUnits + BigInt(width - 1)}::int8
                AND amount_units = ${a.amountUnits}::int8 AND ${heldWhere(q, a.createdAt)}) AS n)`;
}

/**
 * What a statement that went for one candidate value (`tried`, absolute) did: created the intent,
 * found the value taken by another create first, or had no candidate (`none`).
 */
function outcomeOf<N extends "held" | "full">(r: Record<string, unknown> | undefined, a: InsertArgs, none: N): (Attempt | { kind: N }) & { held?: number } {
  const tried = r && r.tried !== null ? Number(BigInt(r.tried as bigint) - a.amountUnits) : null;
  const held = heldWith(r);
  if (r && r.id !== null) return { kind: "created", row: r, tried, held };
  if (tried !== null) return { kind: "taken", tried, held };
  return { kind: none, held };
}

/** What the statement's snapshot held of the amount (`held_before`), with this create's value. */
function heldWith(r: Record<string, unknown> | undefined): number | undefined {
  return r && r.held_before !== null && r.held_before !== undefined ? Number(r.held_before) + 1 : undefined;
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
