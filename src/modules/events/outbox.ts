/**
 * The outbox: every event is a row inserted in the same database transaction as the state change
 * it describes. The dispatcher turns rows into webhook deliveries.
 */
import type { Mode, WebhookEventType } from "../../db/schema/core.ts";
import { newId } from "../../domain/ids.ts";
import type { SqlOrTx } from "../../db/client.ts";
import { pgJson, pgTs } from "../../db/pg-values.ts";

export interface OutboxEvent {
  mode: Mode;
  type: WebhookEventType;
  merchantId: string;
  /** The account whose key created the intent; null: every account linked to the merchant. */
  accountId: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
}

/** Inserts the event with `tx` (a postgres.js transaction or connection) and returns its id. */
export async function insertEvent(tx: SqlOrTx, e: OutboxEvent): Promise<string> {
  const id = newId("event");
  // Timestamp and json go as text with casts (see src/db/pg-values.ts).
  await tx`
    INSERT INTO app.events (id, mode, type, account_id, merchant_id, data, created_at)
    VALUES (${id}, ${e.mode}, ${e.type}, ${e.accountId}, ${e.merchantId}, ${pgJson(e.data)}::text::jsonb, ${pgTs(e.createdAt)}::timestamptz)`;
  return id;
}

/** The envelope delivered to webhook endpoints (spec "Event"). */
export function eventEnvelope(row: { id: string; type: string; createdAt: Date; data: unknown }) {
  return { id: row.id, object: "event" as const, type: row.type, created_at: row.createdAt.toISOString(), data: row.data };
}
