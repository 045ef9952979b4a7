/**
 * The ceiling of one price, made visible before it bites (docs/integrators.md "One price, many payments"): at
 * most VALUE_TAG_WIDTH intents of one merchant for one amount hold a value at once (open, or ended
 * less than VALUE_TAG_QUARANTINE_MINUTES ago). What is held, per (merchant, amount), for the logs
 * (a warning at 80%), the dashboard (the merchant's page), /metrics (no merchant ids: see
 * src/lib/metrics.ts) and the error when the ceiling is reached.
 */
import type { AppContext } from "../../context.ts";
import type { SqlOrTx } from "../../db/client.ts";
import { pgTs } from "../../db/pg-values.ts";
import { ApiError } from "../../domain/errors.ts";
import { unitsToUsd } from "../../domain/money.ts";
import { metrics } from "../../metrics.ts";

/** Held / width at which the logs and the dashboard warn. */
export const WARN_RATIO = 0.8;
/** A create of an amount others hold re-counts that amount at most this often per process. */
const CHECK_EVERY_MS = 1_000;
/** A warning for one (merchant, amount) is logged at most this often per process. */
const WARN_EVERY_MS = 5 * 60_000;

export interface AmountUsage {
  amountUnits: bigint;
  /** The token of the values (values are held per merchant, token and amount). */
  token: string;
  /** Values held: open intents and intents ended less than the quarantine ago. */
  held: number;
  width: number;
}

export const heldWhere = (q: SqlOrTx, now: Date) => q`(released_after IS NULL OR released_after > ${pgTs(now)}::timestamptz) AND intent_id IS NOT NULL`;

/**
 * Values of `merchantId` held for `amountUnits` of `token` at `now`: a range of the primary key (every
 * value of an amount lies in [amount, amount + width)).
 */
export async function heldForAmount(q: SqlOrTx, merchantId: string, amountUnits: bigint, width: number, now: Date, token = "USDC"): Promise<number> {
  const [r] = await q<{ n: number }[]>`
    SELECT count(*)::int AS n FROM app.reservations
    WHERE merchant_id = ${merchantId} AND token = ${token} AND expected_units BETWEEN ${amountUnits}::int8 AND ${amountUnits + BigInt(width - 1)}::int8
      AND amount_units = ${amountUnits}::int8 AND ${heldWhere(q, now)}`;
  return r?.n ?? 0;
}

/** The `limit` (amount, token) pairs of a merchant with the most values held, most first. */
export async function busiestAmounts(ctx: AppContext, merchantId: string, limit = 3): Promise<AmountUsage[]> {
  const q = ctx.database.sql;
  const rows = await q<{ amount_units: bigint; token: string; n: number }[]>`
    SELECT amount_units, token, count(*)::int AS n FROM app.reservations
    WHERE merchant_id = ${merchantId} AND amount_units IS NOT NULL AND ${heldWhere(q, ctx.clock.now())}
    GROUP BY amount_units, token ORDER BY n DESC, amount_units, token LIMIT ${limit}`;
  return rows.map((r) => ({ amountUnits: BigInt(r.amount_units), token: r.token, held: r.n, width: ctx.config.valueTags.width }));
}

export function quarantineText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  return minutes % 60 === 0 ? `${minutes / 60} h` : `${minutes} min`;
}

function usd(units: bigint): string {
  return unitsToUsd(units).toFixed(2);
}

const lastWarned = new WeakMap<AppContext, Map<string, number>>();

function warnOnce(ctx: AppContext, key: string, msg: string, fields: Record<string, unknown>): void {
  let seen = lastWarned.get(ctx);
  if (!seen) lastWarned.set(ctx, (seen = new Map()));
  const now = Date.now();
  const at = seen.get(key);
  if (at !== undefined && now - at < WARN_EVERY_MS) return;
  if (seen.size > 10_000) seen.clear();
  seen.set(key, now);
  ctx.log.warn(msg, fields);
}

/** Counts what `merchantId` holds for `amountUnits` of `token` and logs a warning at 80% of the width. */
export async function checkTags(ctx: AppContext, merchantId: string, amountUnits: bigint, token = "USDC"): Promise<number> {
  const held = await heldForAmount(ctx.database.sql, merchantId, amountUnits, ctx.config.valueTags.width, ctx.clock.now(), token);
  noteHeld(ctx, merchantId, amountUnits, token, held);
  return held;
}

/** What a count found (checkTags, or the create's own statement): a warning at 80% of the width. */
export function noteHeld(ctx: AppContext, merchantId: string, amountUnits: bigint, token: string, held: number): void {
  const { width, quarantineMs } = ctx.config.valueTags;
  if (held >= WARN_RATIO * width)
    warnOnce(ctx, `${merchantId}:${token}:${amountUnits}`, "value tags of one amount are running out", {
      merchant_id: merchantId,
      amount: usd(amountUnits),
      token,
      held,
      width,
      quarantine: quarantineText(quarantineMs),
      hint: `at ${width} held, creates of this amount answer 409 too_many_open_intents; raise VALUE_TAG_WIDTH or lower VALUE_TAG_QUARANTINE_MINUTES (docs/integrators.md "One price, many payments")`,
    });
}

const lastChecked = new WeakMap<AppContext, Map<string, number>>();

/**
 * Whether the amount is due for a count (none in this process for CHECK_EVERY_MS). `take`: the
 * caller counts now, so the next one is due a CHECK_EVERY_MS later.
 */
export function tagCountDue(ctx: AppContext, merchantId: string, amountUnits: bigint, token: string, take: boolean): boolean {
  let seen = lastChecked.get(ctx);
  if (!seen) lastChecked.set(ctx, (seen = new Map()));
  const key = `${merchantId}:${token}:${amountUnits}`;
  const now = Date.now();
  const at = seen.get(key);
  if (at !== undefined && now - at < CHECK_EVERY_MS) return false;
  if (take) {
    if (seen.size > 10_000) seen.clear();
    seen.set(key, now);
  }
  return true;
}

/**
 * After a create that did not get tag 0 (others hold its amount) and whose statement counted
 * nothing (a rush's creates take the ring's statement): checkTags in the background, at most once a
 * second per (merchant, amount) in this process, never in the request's way.
 */
export function watchTags(ctx: AppContext, merchantId: string, amountUnits: bigint, token = "USDC"): void {
  if (!tagCountDue(ctx, merchantId, amountUnits, token, true)) return;
  checkTags(ctx, merchantId, amountUnits, token).catch((err) => ctx.log.debug("value tag check failed", { err }));
}

const ceilingHits = metrics.counter("stablepay_value_tag_ceiling_hits_total", "Creates refused with too_many_open_intents (every value of the amount held), in this process.");

/** The 409 of a create when every value of the amount is held; logged for the operator. */
export function tagCeilingError(ctx: AppContext, merchantId: string, amountUnits: bigint, token = "USDC"): ApiError {
  const { width, quarantineMs } = ctx.config.valueTags;
  const q = quarantineText(quarantineMs);
  ceilingHits.inc();
  warnOnce(ctx, `full:${merchantId}:${token}:${amountUnits}`, "value tags of one amount exhausted: creates refused", {
    merchant_id: merchantId,
    amount: usd(amountUnits),
    token,
    width,
    quarantine: q,
    hint: "raise VALUE_TAG_WIDTH or lower VALUE_TAG_QUARANTINE_MINUTES (docs/integrators.md \"One price, many payments\")",
  });
  return new ApiError(
    "too_many_open_intents",
    `All ${width} expected values for amount ${usd(amountUnits)} in ${token} are held by merchant '${merchantId}': by open intents, and by intents that ended less than ${q} ago (a value stays reserved that long so that a late payment cannot confirm another intent). ` +
      `To create more now: cancel open intents that will not be paid (their values are free again ${q} later), or vary the amount by a cent. ` +
      `The operator of this service can raise the limit (VALUE_TAG_WIDTH) or shorten the quarantine (VALUE_TAG_QUARANTINE_MINUTES).`,
  );
}

// ---------------------------------------------------------------------------------------------
// /metrics: computed at scrape time from Postgres, without merchant ids in labels.

const widthGauge = metrics.gauge("stablepay_value_tags_width", "Values one merchant may hold at once for one amount (VALUE_TAG_WIDTH).");
const heldMax = metrics.gauge("stablepay_value_tags_held_max", "The most values held by one merchant for one amount (open intents and quarantined values).", ["mode"]);
const nearCeiling = metrics.gauge("stablepay_value_tags_amounts_near_ceiling", "(merchant, amount) pairs holding at least 80% of VALUE_TAG_WIDTH values; the logs name them.", ["mode"]);

metrics.collector(async (ctx) => {
  const width = ctx.config.valueTags.width;
  widthGauge.set({}, width);
  const q = ctx.database.sql;
  const rows = await q<{ mode: string; max: number; near: number }[]>`
    SELECT m.mode, max(s.n)::int AS max, (count(*) FILTER (WHERE s.n >= ${Math.ceil(WARN_RATIO * width)}))::int AS near
    FROM (SELECT merchant_id, count(*) AS n FROM app.reservations
          WHERE ${heldWhere(q, ctx.clock.now())} GROUP BY merchant_id, token, amount_units) s
    JOIN app.merchants m ON m.id = s.merchant_id
    GROUP BY m.mode`;
  heldMax.reset();
  nearCeiling.reset();
  for (const mode of ["test", "live"]) {
    const r = rows.find((x) => x.mode === mode);
    heldMax.set({ mode }, r?.max ?? 0);
    nearCeiling.set({ mode }, r?.near ?? 0);
  }
});
