/** Drizzle view of the webhook delivery tables (src/db/migrations/0003_webhooks.sql is the source of truth). */
import { bigint, integer, text, timestamp } from "drizzle-orm/pg-core";
import { app } from "./core.ts";

const ts = (name: string) => timestamp(name, { precision: 3, withTimezone: true, mode: "date" });

export type WebhookDeliveryStatus = "pending" | "succeeded" | "failed";
export type WebhookAttemptOutcome = "succeeded" | "retry_scheduled" | "failed" | "endpoint_gone" | "lease_expired";

const deliveryColumns = () => ({
  id: text("id").primaryKey(),
  eventId: text("event_id").notNull(),
  endpointId: text("endpoint_id").notNull(),
  status: text("status").$type<WebhookDeliveryStatus>().notNull(),
  attemptCount: integer("attempt_count").notNull().default(0),
  /** Due time; while claimed, the end of the lease. */
  nextAttemptAt: ts("next_attempt_at").notNull(),
  leaseToken: text("lease_token"),
  claimedAt: ts("claimed_at"),
  createdAt: ts("created_at").notNull(),
  finishedAt: ts("finished_at"),
  lastStatusCode: integer("last_status_code"),
  lastError: text("last_error"),
});

const attemptColumns = () => ({
  deliveryId: text("delivery_id").notNull(),
  eventId: text("event_id").notNull(),
  endpointId: text("endpoint_id").notNull(),
  attemptNumber: integer("attempt_number").notNull(),
  startedAt: ts("started_at").notNull(),
  durationMs: integer("duration_ms"),
  outcome: text("outcome").$type<WebhookAttemptOutcome>().notNull(),
  statusCode: integer("status_code"),
  error: text("error"),
  responseSnippet: text("response_snippet"),
  nextAttemptAt: ts("next_attempt_at"),
});

export const webhookDeliveries = app.table("webhook_deliveries", deliveryColumns());
export const webhookDeliveriesArchive = app.table("webhook_deliveries_archive", deliveryColumns());

export const webhookAttempts = app.table("webhook_attempts", {
  id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
  ...attemptColumns(),
});
export const webhookAttemptsArchive = app.table("webhook_attempts_archive", {
  id: bigint("id", { mode: "bigint" }).primaryKey(),
  ...attemptColumns(),
});
