/**
 * The event log over /v1 (GET /v1/events, GET /v1/events/{id}): the outbox rows a key may see, as
 * the envelope the dispatcher delivers (eventEnvelope), kept visible for EVENT_RETENTION_MS.
 *
 * Visibility follows delivery (docs/contributors.md "Webhooks"): an event naming an account belongs to that
 * account; one naming none (payments without intent, settlements) to every account linked to its
 * merchant. Same mode only; a scoped key only its merchant's events. Anything else is 404.
 */
import type { AppContext } from "../../context.ts";
import type { Principal } from "../access/authenticator.ts";
import { fromPgJson, fromPgTs } from "../../db/pg-values.ts";
import type { SqlOrTx } from "../../db/client.ts";
import { EVENT_RETENTION_MS } from "../outbox/outbox.ts";

export { EVENT_RETENTION_MS } from "../outbox/outbox.ts";

export interface EventRow {
  id: string;
  type: string;
  /** Null for an event about no merchant (`webhook_endpoint.disabled`). */
  merchantId: string | null;
  createdAt: Date;
  data: unknown;
}

export interface EventListInput {
  type?: string;
  afterMs?: number;
  beforeMs?: number;
  limit: number;
  startingAfter?: string;
  /** Only events whose payload names this chain / token (checked against the enabled pairs by the route). */
  chain?: string;
  token?: string;
}

/** SQL condition (alias `ev`) with parameters $1 account, $2 mode, $3 scope merchant or null, $4 retention cut-off. */
const VISIBLE = `
  ev.mode = $2::text AND ev.created_at > $4::timestamptz AND ($3::text IS NULL OR ev.merchant_id = $3::text)
  AND ((ev.account_id IS NOT NULL AND ev.account_id = $1::text)
    OR (ev.account_id IS NULL AND EXISTS (
          SELECT 1 FROM app.account_merchants am WHERE am.merchant_id = ev.merchant_id AND am.account_id = $1::text)))`;

function visibleParams(ctx: AppContext, p: Principal): unknown[] {
  return [p.accountId, p.mode, p.scopeMerchantId, new Date(ctx.clock.now().getTime() - EVENT_RETENTION_MS).toISOString()];
}

function fromRow(r: { id: string; type: string; merchant_id: string | null; created_at: unknown; data: unknown }): EventRow {
  return { id: r.id, type: r.type, merchantId: r.merchant_id, createdAt: fromPgTs(r.created_at), data: fromPgJson(r.data) };
}

/** The event if the key may see it, else undefined. */
export async function findVisibleEvent(ctx: AppContext, p: Principal, id: string, sql: SqlOrTx = ctx.database.sql): Promise<EventRow | undefined> {
  const [row] = await sql.unsafe<{ id: string; type: string; merchant_id: string | null; created_at: unknown; data: unknown }[]>(
    `SELECT ev.id, ev.type, ev.merchant_id, ev.created_at, ev.data FROM app.events ev WHERE ev.id = $5::text AND ${VISIBLE}`,
    [...visibleParams(ctx, p), id] as never[],
  );
  return row ? fromRow(row) : undefined;
}

/** A page of visible events, newest first (created_at desc, id desc); undefined cursor row -> "bad_cursor". */
export async function listVisibleEvents(ctx: AppContext, p: Principal, input: EventListInput): Promise<{ rows: EventRow[]; hasMore: boolean; totalCount: number } | "bad_cursor"> {
  const sql = ctx.database.sql;
  const base = visibleParams(ctx, p);
  const filters = [
    VISIBLE,
    `($5::text IS NULL OR ev.type = $5::text)`,
    `($6::timestamptz IS NULL OR ev.created_at > $6::timestamptz)`,
    `($7::timestamptz IS NULL OR ev.created_at < $7::timestamptz)`,
    // The pair as the payload names it (payment_intent.confirmed, transaction.created carry it).
    `($8::text IS NULL OR ev.data->>'chain' = $8::text)`,
    `($9::text IS NULL OR ev.data->>'token' = $9::text)`,
  ].join(" AND ");
  const params = [
    ...base,
    input.type ?? null,
    input.afterMs === undefined ? null : new Date(input.afterMs).toISOString(),
    input.beforeMs === undefined ? null : new Date(input.beforeMs).toISOString(),
    input.chain ?? null,
    input.token ?? null,
  ];
  let cursor: { created_at: string; id: string } | undefined;
  if (input.startingAfter !== undefined) {
    const [c] = await sql.unsafe<{ created_at: unknown; id: string }[]>(
      `SELECT ev.created_at, ev.id FROM app.events ev WHERE ev.id = $10::text AND ${filters}`,
      [...params, input.startingAfter] as never[],
    );
    if (!c) return "bad_cursor";
    cursor = { created_at: fromPgTs(c.created_at).toISOString(), id: c.id };
  }
  const [rows, counted] = await Promise.all([
    sql.unsafe<{ id: string; type: string; merchant_id: string | null; created_at: unknown; data: unknown }[]>(
      `SELECT ev.id, ev.type, ev.merchant_id, ev.created_at, ev.data FROM app.events ev
       WHERE ${filters} AND ($10::timestamptz IS NULL OR (ev.created_at, ev.id) < ($10::timestamptz, $11::text))
       ORDER BY ev.created_at DESC, ev.id DESC LIMIT $12::int`,
      [...params, cursor?.created_at ?? null, cursor?.id ?? null, input.limit + 1] as never[],
    ),
    sql.unsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM app.events ev WHERE ${filters}`, params as never[]),
  ]);
  const hasMore = rows.length > input.limit;
  return { rows: (hasMore ? rows.slice(0, input.limit) : rows).map(fromRow), hasMore, totalCount: counted[0]?.n ?? 0 };
}
