/**
 * Settlements over /v1: reading a merchant's settlements, and the manual cash-out. The
 * cash-out calls the module's own createSettlement (one home for "what a settlement takes") and
 * availableUnits (what `available` shows, every pair); the settler role drives the new settlement on.
 */
import type { AppContext } from "../../context.ts";
import type { Principal } from "../access/authenticator.ts";
import { fromPgTs } from "../../db/pg-values.ts";
import { inArray } from "drizzle-orm";
import { settlements, type SettlementPublicStatus, type SettlementRow } from "../../db/schema/settlement.ts";
import { createSettlement, loadSettlement, notSettleableReason } from "./service.ts";
import { ApiError } from "../../domain/errors.ts";
import { unitsToUsd } from "../../domain/money.ts";
import { availableUnits } from "../merchants/available.ts";
import type { MerchantRow } from "../merchants/service.ts";
import { payoutProviderFor } from "../payouts/providers/index.ts";

export interface SettlementListInput {
  merchantId: string;
  status?: SettlementPublicStatus;
  afterMs?: number;
  beforeMs?: number;
  limit: number;
  startingAfter?: string;
}

/** The settlement if the key may see its merchant, in the key's mode; else undefined. */
export async function findVisibleSettlement(ctx: AppContext, p: Principal, id: string): Promise<SettlementRow | undefined> {
  const s = await loadSettlement(ctx, id);
  if (!s || s.mode !== p.mode || !(await ctx.auth.canSeeMerchant(p, s.merchantId))) return undefined;
  return s;
}

/** A page of a merchant's settlements, newest first (initiated_at desc, id desc). */
export async function listMerchantSettlements(ctx: AppContext, input: SettlementListInput): Promise<{ ids: string[]; hasMore: boolean; totalCount: number } | "bad_cursor"> {
  const sql = ctx.database.sql;
  const where = `merchant_id = $1::text AND ($2::text IS NULL OR status = $2::text)
    AND ($3::timestamptz IS NULL OR initiated_at > $3::timestamptz) AND ($4::timestamptz IS NULL OR initiated_at < $4::timestamptz)`;
  const params = [
    input.merchantId,
    input.status ?? null,
    input.afterMs === undefined ? null : new Date(input.afterMs).toISOString(),
    input.beforeMs === undefined ? null : new Date(input.beforeMs).toISOString(),
  ];
  let cursor: { at: string; id: string } | undefined;
  if (input.startingAfter !== undefined) {
    const [c] = await sql.unsafe<{ initiated_at: unknown; id: string }[]>(`SELECT initiated_at, id FROM app.settlements WHERE id = $5::text AND ${where}`, [...params, input.startingAfter] as never[]);
    if (!c) return "bad_cursor";
    cursor = { at: fromPgTs(c.initiated_at).toISOString(), id: c.id };
  }
  const [rows, [count]] = await Promise.all([
    sql.unsafe<{ id: string }[]>(
      `SELECT id FROM app.settlements WHERE ${where} AND ($5::timestamptz IS NULL OR (initiated_at, id) < ($5::timestamptz, $6::text))
       ORDER BY initiated_at DESC, id DESC LIMIT $7::int`,
      [...params, cursor?.at ?? null, cursor?.id ?? null, input.limit + 1] as never[],
    ),
    sql.unsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM app.settlements WHERE ${where}`, params as never[]),
  ]);
  const hasMore = rows.length > input.limit;
  return { ids: (hasMore ? rows.slice(0, input.limit) : rows).map((r) => r.id), hasMore, totalCount: count?.n ?? 0 };
}

/** The rows of `ids`, in that order. */
export async function loadSettlements(ctx: AppContext, ids: string[]): Promise<SettlementRow[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.database.db.select().from(settlements).where(inArray(settlements.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is SettlementRow => r !== undefined);
}

/**
 * The manual cash-out rule, for the API and the dashboard alike: a payout provider for the mode, a
 * settleable merchant, an available balance, and (if given) an amount equal to it; then one
 * settlement of everything available. Throws the API error of the first that fails.
 */
export async function manualCashOut(ctx: AppContext, m: MerchantRow, amountUnits?: bigint): Promise<SettlementRow> {
  if (!payoutProviderFor(ctx, m.mode))
    throw new ApiError("payout_provider_missing", `No payout provider is configured for ${m.mode} mode: settlements cannot be paid out. Ask the operator to configure one.`);
  const reason = notSettleableReason(ctx, m);
  if (reason) throw new ApiError("merchant_not_settleable", `Merchant '${m.id}' cannot be settled now: ${reason.replace(`merchant ${m.id} `, "it ")}.`, "merchant_id");
  // What a run takes: the available balance of every pair (USDC and USDT are USD stablecoins of 6
  // decimals: their base units add up to USD micro-units).
  const balance = { availableUnits: await availableUnits(ctx.database.sql, m.id) };
  if (balance.availableUnits <= 0n) throw nothingToSettle(m.id);
  if (amountUnits !== undefined && amountUnits > balance.availableUnits)
    throw new ApiError("amount_above_available", `amount (${unitsToUsd(amountUnits)}) is above the available balance (${unitsToUsd(balance.availableUnits)}).`, "amount");
  if (amountUnits !== undefined && amountUnits !== balance.availableUnits)
    throw new ApiError(
      "parameter_invalid",
      `Invalid amount: a cash-out settles the whole available balance (${unitsToUsd(balance.availableUnits)}); omit amount or send exactly that figure.`,
      "amount",
    );
  const s = await createSettlement(ctx, m.id, { trigger: "manual" });
  // Another cash-out (or a scheduled run) took the balance first.
  if (!s) throw nothingToSettle(m.id);
  return s;
}

function nothingToSettle(merchantId: string) {
  return new ApiError("nothing_to_settle", `Merchant '${merchantId}' has no available balance to settle.`);
}
