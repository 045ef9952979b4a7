/**
 * The outbox: every event is a row inserted in the same database transaction as the state change
 * it describes. The dispatcher turns rows into webhook deliveries.
 */
import type { Mode, WebhookEventType } from "../../db/schema/core.ts";
import { newId } from "../../domain/ids.ts";
import type { SqlOrTx } from "../../db/client.ts";
import { pgJson, pgTs } from "../../db/pg-values.ts";
import { activeTraceparent } from "../../lib/tracing.ts";

export interface OutboxEvent {
  mode: Mode;
  type: WebhookEventType;
  /** Null for an event about no merchant (a webhook endpoint's): only its account sees it. */
  merchantId: string | null;
  /** The account whose key created the intent; null: every account linked to the merchant. */
  accountId: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
}

/**
 * The outbox's INSERT for batch statements (the matcher's record, the expiry batch) that write their
 * events in the same statement as the state change: `select` yields, in order, id, mode, type,
 * account_id, merchant_id, data (jsonb), created_at, and with `traced` the traceparent (text, NULL
 * when tracing is off: the webhook deliveries continue that trace). The only other writer is
 * insertEvent below.
 */
export function insertEventsSql(select: string, o: { traced?: boolean } = {}): string {
  return `${o.traced ? INSERT_TRACED_EVENTS : INSERT_EVENTS}\n      ${select}`;
}
const INSERT_EVENTS = "INSERT INTO app.events (id, mode, type, account_id, merchant_id, data, created_at)";
const INSERT_TRACED_EVENTS = "INSERT INTO app.events (id, mode, type, account_id, merchant_id, data, created_at, traceparent)";

/**
 * Inserts the event with `tx` (a postgres.js transaction or connection) and returns its id. The active
 * span's traceparent (the API request's, when tracing is on) goes with it.
 */
export async function insertEvent(tx: SqlOrTx, e: OutboxEvent): Promise<string> {
  const id = newId("event");
  // Timestamp and json go as text with casts (see src/db/pg-values.ts).
  await tx`
    ${tx.unsafe(INSERT_TRACED_EVENTS)}
    VALUES (${id}, ${e.mode}, ${e.type}, ${e.accountId}, ${e.merchantId}, ${pgJson(e.data)}::text::jsonb, ${pgTs(e.createdAt)}::timestamptz, ${activeTraceparent()})`;
  return id;
}

/** The envelope delivered to webhook endpoints (openapi.json: Event). */
export function eventEnvelope(row: { id: string; type: string; createdAt: Date; data: unknown }) {
  return { id: row.id, object: "event" as const, type: row.type, created_at: row.createdAt.toISOString(), data: row.data };
}

/** Events are kept (listed, resent, delivered) for 30 days (issue "management API", Events). */
export const EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Deletes events past the retention, in batches: only those fanned out and with no delivery still
 * pending (an endpoint disabled for a month holds none: held deliveries fail after 7 days). The
 * delivery archive keeps its own copy of what was sent (its retention is the attempt log's).
 * Returns how many were deleted.
 */
export async function purgeExpiredEvents(sql: SqlOrTx, now: Date, batch = 5000): Promise<number> {
  const cutoff = new Date(now.getTime() - EVENT_RETENTION_MS).toISOString();
  let purged = 0;
  for (;;) {
    const [gone] = await sql.unsafe<{ n: number }[]>(
      `WITH victims AS (
         SELECT ev.id FROM app.events ev
         WHERE ev.mode IN ('test', 'live') AND ev.created_at < $1::timestamptz AND ev.fanned_out_at IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM app.webhook_deliveries d WHERE d.event_id = ev.id AND d.status = 'pending')
         LIMIT $2::int FOR UPDATE OF ev SKIP LOCKED
       ), del AS (
         DELETE FROM app.events ev USING victims v WHERE ev.id = v.id RETURNING 1
       ) SELECT count(*)::int AS n FROM del`,
      [cutoff, batch] as never[],
    );
    const n = gone?.n ?? 0;
    purged += n;
    if (n < batch) return purged;
  }
}
