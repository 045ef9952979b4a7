/**
 * Webhook delivery state in Postgres (src/db/migrations/0003_webhooks.sql): fan-out of outbox
 * events into deliveries, claiming due deliveries with a lease, recording attempts, archiving
 * finished rows, and the operator views (list, resend). No HTTP here: see delivery.ts and the
 * dispatcher role (src/workers/dispatcher.ts).
 */
import type { Sql, SqlOrTx } from "../../db/client.ts";
import type { AttemptOutcome } from "./schedule.ts";
import { ARCHIVE_RETENTION_MS, FAILING_DISABLE_AFTER_MS, FAILING_DISABLE_MIN_ATTEMPTS, HELD_MAX_AGE_MS, HOT_RETENTION_MS } from "./schedule.ts";
import { fromPgJson, fromPgTs, fromPgTsOrNull } from "../../db/pg-values.ts";
import { secretBox } from "../../lib/secret-box.ts";
import { endpointObject, liveSecrets, withoutSecret } from "../webhook-endpoints/service.ts";
import { insertEvent } from "../outbox/outbox.ts";

/** The NOTIFY channel the events trigger signals on (0003_webhooks.sql). */
export const EVENTS_CHANNEL = "stablepay_events";

/**
 * Which endpoints receive an event (docs/contributors.md "Webhooks"): enabled endpoints of the event's mode
 * that subscribe to its type, of the event's account when it names one, otherwise of every account
 * linked to the event's merchant. `ev` is a relation with columns mode, type, account_id, merchant_id.
 */
const TARGET_CONDITION = `
  we.mode = ev.mode AND we.status = 'enabled' AND (ev.type = ANY (we.event_types) OR '*' = ANY (we.event_types))
  AND ((ev.account_id IS NOT NULL AND we.account_id = ev.account_id)
    OR (ev.account_id IS NULL AND EXISTS (
          SELECT 1 FROM app.account_merchants am WHERE am.merchant_id = ev.merchant_id AND am.account_id = we.account_id)))`;

/**
 * The dispatcher's own bookkeeping (fan-out, claim, record) commits with synchronous_commit off:
 * the commit does not wait for the WAL flush. Each of those is one statement, i.e. one
 * transaction, and this CTE sets the option for that transaction only (set_config(..., true)),
 * without the round trips of BEGIN / SET LOCAL / COMMIT. Referenced by the statement's final
 * SELECT so that it runs. If Postgres itself crashes, the last few hundred milliseconds of these
 * commits may be lost; each loss only makes work happen again (an event is fanned out again with
 * its deliveries, a claim is undone, a recorded attempt is undone and the delivery is retried after
 * its lease), never lost: at-least-once with the same webhook-id.
 */
const ASYNC_COMMIT_CTE = `async_commit AS (SELECT set_config('synchronous_commit', 'off', true) AS v)`;

/** Delivery ids: `wd_` + 32 hex characters from gen_random_uuid (122 random bits), made in SQL. */
const NEW_DELIVERY_ID = `'wd_' || replace(gen_random_uuid()::text, '-', '')`;

/**
 * Fans out up to `limit` events not yet fanned out: one delivery per target endpoint, and the
 * events marked fanned out, in one statement (one transaction). Events locked by another
 * dispatcher are skipped, so concurrent dispatchers never fan out an event twice.
 */
export async function fanOutEvents(sql: Sql, now: Date, limit: number): Promise<{ events: number; deliveries: number }> {
  const [row] = await sql.unsafe<{ events: number; deliveries: number }[]>(
    `WITH ${ASYNC_COMMIT_CTE}, ev AS (
       SELECT id, mode, type, account_id, merchant_id FROM app.events
       WHERE fanned_out_at IS NULL
       ORDER BY created_at
       LIMIT $2::int
       FOR UPDATE SKIP LOCKED
     ), ins AS (
       INSERT INTO app.webhook_deliveries (id, event_id, endpoint_id, status, next_attempt_at, created_at)
       SELECT ${NEW_DELIVERY_ID}, ev.id, we.id, 'pending', $1::timestamptz, $1::timestamptz
       FROM ev JOIN app.webhook_endpoints we ON ${TARGET_CONDITION}
       RETURNING 1
     ), done AS (
       UPDATE app.events e SET fanned_out_at = $1::timestamptz WHERE e.id = ANY (ARRAY(SELECT id FROM ev)) RETURNING 1
     )
     SELECT (SELECT count(*) FROM done)::int AS events, (SELECT count(*) FROM ins)::int AS deliveries FROM async_commit`,
    [now.toISOString(), limit] as never[],
  );
  return row ?? { events: 0, deliveries: 0 };
}

export interface ClaimedDelivery {
  id: string;
  eventId: string;
  endpointId: string;
  /** The number of this attempt (1-based). */
  attempt: number;
  leaseToken: string;
  eventType: string;
  eventData: unknown;
  eventCreatedAt: Date;
  url: string;
  secret: string;
  /** Secrets replaced by a rotation whose overlap has not ended at claim time (also sign). */
  previousSecrets: string[];
  /** Why the secrets could not be opened (sealed under a key this process lacks): the attempt is not sent. */
  secretError?: string;
  mode: "test" | "live";
  /** The event's traceparent (what wrote it, when tracing was on): the delivery continues its trace. */
  traceparent: string | null;
}

/** An endpoint's secrets opened (lib/secret-box.ts), or why they cannot be: one endpoint's stays its own. */
function openedSecrets(secret: string, previous: unknown, now: Date): Pick<ClaimedDelivery, "secret" | "previousSecrets" | "secretError"> {
  try {
    return { secret: secretBox().open(secret), previousSecrets: liveSecrets(previous, now) };
  } catch (err) {
    return { secret: "", previousSecrets: [], secretError: (err as Error).message };
  }
}

/**
 * Claims due deliveries of enabled endpoints: at most `free.get(endpoint)` for an endpoint this
 * worker knows (its free slots), `perEndpoint` for any other, and `max` in all. Endpoints are
 * visited in random order so that, when `max` binds, none is starved.
 * Each claimed row gets the lease: next_attempt_at = now + leaseMs and a lease token; a row that
 * was still leased by a worker that never recorded its attempt gets a `lease_expired` attempt row.
 */
export async function claimDeliveries(
  sql: Sql,
  opts: { now: Date; leaseMs: number; max: number; perEndpoint: number; free: ReadonlyMap<string, number>; token: string },
): Promise<ClaimedDelivery[]> {
  if (opts.max <= 0) return [];
  const free = JSON.stringify([...opts.free].map(([id, n]) => ({ id, n })));
  const leaseUntil = new Date(opts.now.getTime() + opts.leaseMs);
  const rows = await sql.unsafe<
    { id: string; event_id: string; endpoint_id: string; attempt_count: number; type: string; data: unknown; created_at: unknown; url: string; secret: string; previous_secrets: unknown; mode: "test" | "live"; traceparent: string | null }[]
  >(
    `WITH ${ASYNC_COMMIT_CTE}, known AS (
       SELECT * FROM jsonb_to_recordset($6::text::jsonb) AS k(id text, n int)
     ), eps AS (
       SELECT e.id, greatest(coalesce(k.n, $4::int), 0) AS free
       FROM app.webhook_endpoints e LEFT JOIN known k ON k.id = e.id
       WHERE e.status = 'enabled'
       ORDER BY random()
     ), picked AS (
       SELECT d.id, d.lease_token AS old_token, d.claimed_at AS old_claimed_at
       FROM eps CROSS JOIN LATERAL (
         SELECT d.id, d.lease_token, d.claimed_at FROM app.webhook_deliveries d
         WHERE d.endpoint_id = eps.id AND d.status = 'pending' AND d.next_attempt_at <= $1::timestamptz
         ORDER BY d.next_attempt_at
         LIMIT eps.free
         FOR UPDATE SKIP LOCKED
       ) d
       LIMIT $3::int
     ), claimed AS (
       -- By id array: an index scan however large the table (a join may be planned as a hash join over it).
       UPDATE app.webhook_deliveries d
       SET attempt_count = d.attempt_count + 1, next_attempt_at = $2::timestamptz, lease_token = $5::text, claimed_at = $1::timestamptz
       WHERE d.id = ANY (ARRAY(SELECT id FROM picked))
       RETURNING d.id, d.event_id, d.endpoint_id, d.attempt_count
     ), lost AS (
       INSERT INTO app.webhook_attempts (delivery_id, event_id, endpoint_id, attempt_number, started_at, outcome, error)
       SELECT c.id, c.event_id, c.endpoint_id, c.attempt_count - 1, p.old_claimed_at, 'lease_expired',
              'the worker stopped before recording this attempt; the delivery was claimed again after its lease'
       FROM claimed c JOIN picked p ON p.id = c.id WHERE p.old_token IS NOT NULL
     )
     SELECT c.id, c.event_id, c.endpoint_id, c.attempt_count, ev.type, ev.data, ev.created_at, we.url, we.secret, we.previous_secrets, we.mode, ev.traceparent
     FROM async_commit, claimed c
     JOIN app.events ev ON ev.id = c.event_id
     JOIN app.webhook_endpoints we ON we.id = c.endpoint_id`,
    [opts.now.toISOString(), leaseUntil.toISOString(), opts.max, opts.perEndpoint, opts.token, free] as never[],
  );
  return rows.map((r) => ({
    id: r.id,
    eventId: r.event_id,
    endpointId: r.endpoint_id,
    attempt: r.attempt_count,
    leaseToken: opts.token,
    eventType: r.type,
    eventData: fromPgJson(r.data),
    eventCreatedAt: fromPgTs(r.created_at),
    url: r.url,
    ...openedSecrets(r.secret, r.previous_secrets, opts.now),
    mode: r.mode,
    traceparent: r.traceparent,
  }));
}

/**
 * Gives claimed deliveries back unattempted (a stopping worker's queue): due again now, the claim
 * not counted as an attempt. Only rows this worker still holds are touched.
 */
export async function releaseClaims(sql: Sql, now: Date, claims: readonly { id: string; leaseToken: string }[]): Promise<number> {
  if (claims.length === 0) return 0;
  const rows = await sql.unsafe(
    `UPDATE app.webhook_deliveries d
     SET lease_token = NULL, next_attempt_at = $1::timestamptz, attempt_count = d.attempt_count - 1
     FROM jsonb_to_recordset($2::text::jsonb) AS c(id text, token text)
     WHERE d.id = c.id AND d.lease_token = c.token AND d.status = 'pending'
     RETURNING 1`,
    [now.toISOString(), JSON.stringify(claims.map((c) => ({ id: c.id, token: c.leaseToken })))] as never[],
  );
  return rows.length;
}

/**
 * Disables an enabled endpoint (a 410 Gone answer, or sustained failure) and, in the same
 * transaction, writes `webhook_endpoint.disabled` for the account's other endpoints and its event
 * log: the integrator learns it from something still listening. A no-op if it is disabled already
 * (or deleted), so two dispatchers noticing at once write one event.
 */
export async function disableEndpoint(sql: Sql, endpointId: string, reason: string, now: Date): Promise<boolean> {
  return (await sql.begin(async (tx) => {
    const [row] = await tx`
      UPDATE app.webhook_endpoints SET status = 'disabled', disabled_reason = ${reason}, disabled_at = ${now.toISOString()}::timestamptz
      WHERE id = ${endpointId} AND status = 'enabled' AND deleted_at IS NULL RETURNING *`;
    if (!row) return false;
    const endpoint = withoutSecret(row as Record<string, unknown>);
    await insertEvent(tx, { mode: endpoint.mode, type: "webhook_endpoint.disabled", merchantId: null, accountId: endpoint.accountId, data: endpointObject(endpoint), createdAt: now });
    return true;
  })) as boolean;
}

/** The outcomes that count against an endpoint's health (a lost lease or a drop are not its doing). */
const FAILED_OUTCOMES = `('retry_scheduled', 'failed', 'endpoint_gone')`;

export interface AttemptRecord {
  deliveryId: string;
  eventId: string;
  endpointId: string;
  leaseToken: string;
  attempt: number;
  startedAt: Date;
  durationMs: number;
  outcome: AttemptOutcome;
  statusCode: number | undefined;
  error: string | undefined;
  snippet: string | undefined;
  /** Set for retry_scheduled. */
  nextAttemptAt: Date | undefined;
  /** Why the endpoint is disabled (endpoint_gone). */
  disableReason?: string;
  /** The attempt's trace (tracing on). */
  traceId?: string;
}

/**
 * Records a batch of finished attempts in one statement: an attempt row each, the delivery moved on
 * (succeeded, retry at next_attempt_at, or failed) if this worker still holds its lease, and each
 * endpoint's failure counters (a success clears them; failures start or extend them). Endpoints that
 * answered 410, or whose failure has now lasted FAILING_DISABLE_AFTER_MS with at least
 * FAILING_DISABLE_MIN_ATTEMPTS failed attempts, are then disabled (disableEndpoint, with its event).
 * Returns the number of deliveries updated.
 */
export async function recordAttempts(sql: Sql, now: Date, records: readonly AttemptRecord[], onDisabled?: (endpointId: string, reason: string) => void): Promise<number> {
  if (records.length === 0) return 0;
  const payload = records.map((r) => ({
    delivery_id: r.deliveryId,
    event_id: r.eventId,
    endpoint_id: r.endpointId,
    lease_token: r.leaseToken,
    attempt_number: r.attempt,
    started_at: r.startedAt.toISOString(),
    duration_ms: r.durationMs,
    outcome: r.outcome,
    status_code: r.statusCode ?? null,
    error: r.error ?? null,
    snippet: r.snippet ?? null,
    next_attempt_at: r.nextAttemptAt?.toISOString() ?? null,
    disable_reason: r.disableReason ?? null,
    trace_id: r.traceId ?? null,
  }));
  const failingCutoff = new Date(now.getTime() - FAILING_DISABLE_AFTER_MS);
  const [row] = await sql.unsafe<{ updated: number; to_disable: { id: string; failing_since: string; failed_attempts: number; gone_reason: string | null }[] | null }[]>(
    `WITH ${ASYNC_COMMIT_CTE}, r AS (
       SELECT * FROM jsonb_to_recordset($2::text::jsonb) AS r(
         delivery_id text, event_id text, endpoint_id text, lease_token text, attempt_number int, started_at timestamptz,
         duration_ms int, outcome text, status_code int, error text, snippet text, next_attempt_at timestamptz, disable_reason text, trace_id text)
     ), att AS (
       INSERT INTO app.webhook_attempts (delivery_id, event_id, endpoint_id, attempt_number, started_at, duration_ms, outcome, status_code, error, response_snippet, next_attempt_at, trace_id)
       SELECT delivery_id, event_id, endpoint_id, attempt_number, started_at, duration_ms, outcome, status_code, error, snippet, next_attempt_at, trace_id FROM r
     ), upd AS (
       UPDATE app.webhook_deliveries d SET
         status = CASE r.outcome WHEN 'retry_scheduled' THEN 'pending' WHEN 'succeeded' THEN 'succeeded' ELSE 'failed' END,
         next_attempt_at = coalesce(r.next_attempt_at, d.next_attempt_at),
         finished_at = CASE WHEN r.outcome = 'retry_scheduled' THEN NULL ELSE $1::timestamptz END,
         lease_token = NULL,
         last_status_code = r.status_code,
         last_error = r.error
       FROM r
       WHERE d.id = r.delivery_id AND d.lease_token = r.lease_token AND d.status = 'pending'
       RETURNING 1
     ), per_endpoint AS (
       SELECT endpoint_id,
              bool_or(outcome = 'succeeded') AS ok,
              count(*) FILTER (WHERE outcome IN ${FAILED_OUTCOMES})::int AS failed,
              min(started_at) FILTER (WHERE outcome IN ${FAILED_OUTCOMES}) AS first_failed,
              max(disable_reason) FILTER (WHERE outcome = 'endpoint_gone') AS gone_reason
       FROM r GROUP BY endpoint_id
     ), health AS (
       -- Written only when it changes: a healthy endpoint's row is not touched by its successes, so
       -- dispatchers recording for one endpoint at once do not queue on its row lock.
       UPDATE app.webhook_endpoints e SET
         failing_since = CASE WHEN p.ok THEN NULL ELSE coalesce(e.failing_since, p.first_failed) END,
         failed_attempts = CASE WHEN p.ok THEN 0 ELSE e.failed_attempts + p.failed END
       FROM per_endpoint p
       WHERE e.id = p.endpoint_id AND e.status = 'enabled' AND CASE WHEN p.ok THEN e.failing_since IS NOT NULL ELSE p.failed > 0 END
       RETURNING e.id, e.failing_since, e.failed_attempts, p.gone_reason
     )
     SELECT (SELECT count(*) FROM upd)::int AS updated,
            (SELECT json_agg(json_build_object('id', h.id, 'failing_since', h.failing_since, 'failed_attempts', h.failed_attempts, 'gone_reason', h.gone_reason))
             FROM health h WHERE h.gone_reason IS NOT NULL OR (h.failing_since <= $3::timestamptz AND h.failed_attempts >= $4::int)) AS to_disable
     FROM async_commit`,
    [now.toISOString(), JSON.stringify(payload), failingCutoff.toISOString(), FAILING_DISABLE_MIN_ATTEMPTS] as never[],
  );
  for (const e of fromPgJson<{ id: string; failing_since: string; failed_attempts: number; gone_reason: string | null }[] | null>(row?.to_disable ?? null) ?? []) {
    const last = records.filter((r) => r.endpointId === e.id && r.error !== undefined).at(-1);
    const reason =
      e.gone_reason ??
      `no delivery succeeded since ${new Date(e.failing_since).toISOString()}: ${e.failed_attempts} attempts failed (the last: ${last?.error ?? "no answer"}); disabled at ${now.toISOString()}`;
    if (await disableEndpoint(sql, e.id, reason, now)) onDisabled?.(e.id, reason);
  }
  return row?.updated ?? 0;
}

/**
 * Housekeeping, safe to run from every dispatcher at once (SKIP LOCKED batches):
 * fail deliveries held too long for a disabled endpoint; move finished deliveries older than
 * HOT_RETENTION_MS with their attempts to the archive tables; delete archived rows older than
 * ARCHIVE_RETENTION_MS. Returns how many rows each step touched.
 */
export async function archiveFinished(sql: Sql, now: Date, batch = 5000): Promise<{ heldFailed: number; archived: number; purged: number }> {
  const heldCutoff = new Date(now.getTime() - HELD_MAX_AGE_MS);
  const hotCutoff = new Date(now.getTime() - HOT_RETENTION_MS);
  const archiveCutoff = new Date(now.getTime() - ARCHIVE_RETENTION_MS);
  const [held] = await sql.unsafe<{ n: number }[]>(
    `WITH h AS (
       SELECT d.id FROM app.webhook_deliveries d JOIN app.webhook_endpoints e ON e.id = d.endpoint_id
       WHERE d.status = 'pending' AND e.status = 'disabled' AND d.created_at < $2::timestamptz
       LIMIT $3::int FOR UPDATE OF d SKIP LOCKED
     ), u AS (
       UPDATE app.webhook_deliveries d SET status = 'failed', finished_at = $1::timestamptz, lease_token = NULL,
         last_error = 'endpoint disabled; delivery held longer than ${Math.round(HELD_MAX_AGE_MS / 86_400_000)} days'
       FROM h WHERE d.id = h.id RETURNING 1
     ) SELECT count(*)::int AS n FROM u`,
    [now.toISOString(), heldCutoff.toISOString(), batch] as never[],
  );
  let archived = 0;
  for (;;) {
    const [moved] = await sql.unsafe<{ n: number }[]>(
      `WITH victims AS (
         SELECT id FROM app.webhook_deliveries
         WHERE status <> 'pending' AND finished_at < $1::timestamptz
         ORDER BY finished_at LIMIT $2::int FOR UPDATE SKIP LOCKED
       ), moved AS (
         DELETE FROM app.webhook_deliveries d USING victims v WHERE d.id = v.id RETURNING d.*
       ), ins AS (
         INSERT INTO app.webhook_deliveries_archive SELECT * FROM moved
       ), att AS (
         DELETE FROM app.webhook_attempts a USING moved m WHERE a.delivery_id = m.id RETURNING a.*
       ), ins2 AS (
         INSERT INTO app.webhook_attempts_archive SELECT * FROM att
       ) SELECT count(*)::int AS n FROM moved`,
      [hotCutoff.toISOString(), batch] as never[],
    );
    const n = moved?.n ?? 0;
    archived += n;
    if (n < batch) break;
  }
  let purged = 0;
  for (;;) {
    const [gone] = await sql.unsafe<{ n: number }[]>(
      `WITH victims AS (
         SELECT id FROM app.webhook_deliveries_archive WHERE finished_at < $1::timestamptz LIMIT $2::int FOR UPDATE SKIP LOCKED
       ), del AS (
         DELETE FROM app.webhook_deliveries_archive d USING victims v WHERE d.id = v.id RETURNING d.id
       ), att AS (
         DELETE FROM app.webhook_attempts_archive a USING del WHERE a.delivery_id = del.id
       ) SELECT count(*)::int AS n FROM del`,
      [archiveCutoff.toISOString(), batch] as never[],
    );
    const n = gone?.n ?? 0;
    purged += n;
    if (n < batch) break;
  }
  return { heldFailed: held?.n ?? 0, archived, purged };
}

export class WebhookOperatorError extends Error {
  override name = "WebhookOperatorError";
}

/**
 * Operator resend: a new pending delivery, due now, to every endpoint that would receive the event
 * today (or only to `endpointId`, which must be one of them). Same event id, so the same
 * webhook-id: receivers that already have it dedupe.
 */
export async function resendEvent(sql: SqlOrTx, eventId: string, now: Date, endpointId?: string, accountId?: string): Promise<{ id: string; endpointId: string }[]> {
  const [event] = await sql`SELECT id FROM app.events WHERE id = ${eventId}`;
  if (!event) throw new WebhookOperatorError(`no such event: ${eventId}`);
  const rows = await sql.unsafe<{ id: string; endpoint_id: string }[]>(
    `INSERT INTO app.webhook_deliveries (id, event_id, endpoint_id, status, next_attempt_at, created_at)
     SELECT ${NEW_DELIVERY_ID}, ev.id, we.id, 'pending', $2::timestamptz, $2::timestamptz
     FROM app.events ev JOIN app.webhook_endpoints we ON ${TARGET_CONDITION}
     WHERE ev.id = $1::text AND ($3::text IS NULL OR we.id = $3::text) AND ($4::text IS NULL OR we.account_id = $4::text)
     RETURNING id, endpoint_id`,
    [eventId, now.toISOString(), endpointId ?? null, accountId ?? null] as never[],
  );
  if (rows.length === 0)
    throw new WebhookOperatorError(
      endpointId
        ? `endpoint ${endpointId} does not receive event ${eventId} (wrong account or mode, not subscribed to its type, or disabled)`
        : `no enabled endpoint subscribes to event ${eventId}`,
    );
  return rows.map((r) => ({ id: r.id, endpointId: r.endpoint_id }));
}

export interface DeliveryView {
  id: string;
  event_id: string;
  event_type: string | null;
  endpoint_id: string;
  url: string | null;
  status: "pending" | "succeeded" | "failed";
  attempt_count: number;
  next_attempt_at: Date | null;
  created_at: Date;
  finished_at: Date | null;
  archived: boolean;
  attempts: {
    attempt_number: number;
    started_at: Date;
    duration_ms: number | null;
    outcome: string;
    status_code: number | null;
    error: string | null;
    response_snippet: string | null;
    next_attempt_at: Date | null;
  }[];
}

/** How many deliveries (hot and archived) an endpoint has had. */
export async function countEndpointDeliveries(sql: Sql, endpointId: string): Promise<number> {
  const [row] = await sql<{ n: string }[]>`
    SELECT (SELECT count(*) FROM app.webhook_deliveries WHERE endpoint_id = ${endpointId})
         + (SELECT count(*) FROM app.webhook_deliveries_archive WHERE endpoint_id = ${endpointId}) AS n`;
  return Number(row?.n ?? 0);
}

/** Deliveries (hot and archived) of an event or of an endpoint, newest first, with their attempts. */
export interface DeliveryCursor {
  createdAt: string;
  id: string;
}

/** The position of delivery `id` in the list of `filter` (a `starting_after`), or null if it is not in it. */
export async function deliveryCursor(sql: Sql, filter: { eventId?: string; endpointId?: string }, id: string): Promise<DeliveryCursor | null> {
  const [row] = await sql.unsafe<{ created_at: string; id: string }[]>(
    `SELECT created_at::text, id FROM (
       SELECT id, created_at, event_id, endpoint_id FROM app.webhook_deliveries WHERE id = $1
       UNION ALL SELECT id, created_at, event_id, endpoint_id FROM app.webhook_deliveries_archive WHERE id = $1) c
     WHERE ($2::text IS NULL OR event_id = $2) AND ($3::text IS NULL OR endpoint_id = $3)`,
    [id, filter.eventId ?? null, filter.endpointId ?? null] as never[],
  );
  return row ? { createdAt: row.created_at, id: row.id } : null;
}

/** Deliveries of an event or an endpoint (hot and archived), newest first; after `after` when given. */
export async function listDeliveries(sql: Sql, filter: { eventId?: string; endpointId?: string; limit?: number; after?: DeliveryCursor }): Promise<DeliveryView[]> {
  if (!filter.eventId && !filter.endpointId) throw new WebhookOperatorError("give an event id or an endpoint id");
  const limit = filter.limit ?? 100;
  const rows = await sql.unsafe<
    { id: string; event_id: string; event_type: string | null; endpoint_id: string; url: string | null; status: DeliveryView["status"]; attempt_count: number; next_attempt_at: unknown; lease_token: string | null; created_at: unknown; finished_at: unknown; archived: boolean }[]
  >(
    `SELECT d.id, d.event_id, ev.type AS event_type, d.endpoint_id, we.url, d.status, d.attempt_count, d.next_attempt_at,
            d.lease_token, d.created_at, d.finished_at, d.archived
     FROM (
       SELECT *, false AS archived FROM app.webhook_deliveries WHERE ($1::text IS NULL OR event_id = $1) AND ($2::text IS NULL OR endpoint_id = $2)
         AND ($4::text IS NULL OR (created_at, id) < ($4::text::timestamptz, $5::text))
       UNION ALL
       SELECT *, true AS archived FROM app.webhook_deliveries_archive WHERE ($1::text IS NULL OR event_id = $1) AND ($2::text IS NULL OR endpoint_id = $2)
         AND ($4::text IS NULL OR (created_at, id) < ($4::text::timestamptz, $5::text))
     ) d
     LEFT JOIN app.events ev ON ev.id = d.event_id
     LEFT JOIN app.webhook_endpoints we ON we.id = d.endpoint_id
     ORDER BY d.created_at DESC, d.id DESC
     LIMIT $3::int`,
    [filter.eventId ?? null, filter.endpointId ?? null, limit, filter.after?.createdAt ?? null, filter.after?.id ?? null] as never[],
  );
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const attempts = await sql.unsafe<
    { delivery_id: string; attempt_number: number; started_at: unknown; duration_ms: number | null; outcome: string; status_code: number | null; error: string | null; response_snippet: string | null; next_attempt_at: unknown }[]
  >(
    `SELECT delivery_id, attempt_number, started_at, duration_ms, outcome, status_code, error, response_snippet, next_attempt_at
     FROM (SELECT * FROM app.webhook_attempts WHERE delivery_id IN (SELECT jsonb_array_elements_text($1::text::jsonb))
           UNION ALL SELECT * FROM app.webhook_attempts_archive WHERE delivery_id IN (SELECT jsonb_array_elements_text($1::text::jsonb))) a
     ORDER BY delivery_id, attempt_number, id`,
    [JSON.stringify(ids)] as never[],
  );
  const byDelivery = new Map<string, DeliveryView["attempts"]>();
  for (const { delivery_id, started_at, next_attempt_at, ...a } of attempts) {
    const list = byDelivery.get(delivery_id) ?? [];
    list.push({ ...a, started_at: fromPgTs(started_at), next_attempt_at: fromPgTsOrNull(next_attempt_at) });
    byDelivery.set(delivery_id, list);
  }
  return rows.map(({ lease_token, next_attempt_at, created_at, finished_at, ...r }) => ({
    ...r,
    // While claimed, next_attempt_at holds the lease end, not a scheduled attempt.
    next_attempt_at: r.status === "pending" && lease_token === null ? fromPgTs(next_attempt_at) : null,
    created_at: fromPgTs(created_at),
    finished_at: fromPgTsOrNull(finished_at),
    attempts: byDelivery.get(r.id) ?? [],
  }));
}

/** At most this many deliveries are made by one recovery; the answer says when more are left. */
export const RECOVER_MAX = 5_000;

/**
 * "Resend every failed delivery since T" for one endpoint: one new delivery, due now (held while the
 * endpoint is disabled), per event that has a failed delivery to it created at or after `since`, is
 * still kept, is of a type the endpoint takes today, and has no delivery to it pending or succeeded.
 * That last condition makes a recovery idempotent: asked again, it finds the first one's deliveries
 * pending (or delivered) and makes none; once they fail again, it resends them. The endpoint's row
 * lock serializes recoveries of one endpoint, so two at once never resend an event twice.
 * Oldest events first, at most `max`; `hasMore` when events were left for the next call.
 */
export async function recoverFailedDeliveries(sql: Sql, endpointId: string, since: Date, now: Date, max = RECOVER_MAX): Promise<{ recovered: number; hasMore: boolean }> {
  return (await sql.begin(async (tx) => {
    const [locked] = await tx`SELECT id FROM app.webhook_endpoints WHERE id = ${endpointId} AND deleted_at IS NULL FOR UPDATE`;
    if (!locked) return { recovered: 0, hasMore: false };
    const rows = await tx.unsafe<{ id: string }[]>(
      `WITH failed AS (
         SELECT event_id FROM app.webhook_deliveries WHERE endpoint_id = $1 AND status = 'failed' AND created_at >= $2::timestamptz
         UNION
         SELECT event_id FROM app.webhook_deliveries_archive WHERE endpoint_id = $1 AND status = 'failed' AND created_at >= $2::timestamptz
       ), todo AS (
         SELECT ev.id, ev.created_at FROM failed f
         JOIN app.events ev ON ev.id = f.event_id
         JOIN app.webhook_endpoints we ON we.id = $1
         WHERE ev.mode = we.mode AND (ev.type = ANY (we.event_types) OR '*' = ANY (we.event_types))
           AND NOT EXISTS (SELECT 1 FROM app.webhook_deliveries x WHERE x.endpoint_id = $1 AND x.event_id = ev.id AND x.status IN ('pending', 'succeeded'))
           AND NOT EXISTS (SELECT 1 FROM app.webhook_deliveries_archive x WHERE x.endpoint_id = $1 AND x.event_id = ev.id AND x.status = 'succeeded')
         ORDER BY ev.created_at, ev.id
         LIMIT $4::int + 1
       ), ins AS (
         INSERT INTO app.webhook_deliveries (id, event_id, endpoint_id, status, next_attempt_at, created_at)
         SELECT ${NEW_DELIVERY_ID}, t.id, $1, 'pending', $3::timestamptz, $3::timestamptz
         FROM (SELECT id FROM todo ORDER BY created_at, id LIMIT $4::int) t
         RETURNING id
       )
       SELECT id FROM ins
       UNION ALL (SELECT 'more' FROM todo OFFSET $4::int)`,
      [endpointId, since.toISOString(), now.toISOString(), max] as never[],
    );
    const more = rows.some((r) => r.id === "more");
    return { recovered: rows.length - (more ? 1 : 0), hasMore: more };
  })) as { recovered: number; hasMore: boolean };
}
