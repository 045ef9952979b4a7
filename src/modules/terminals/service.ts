/**
 * Terminals: rows, create, get, list, update, and the register's charges. A terminal belongs to a
 * merchant, in a mode; a key sees the terminals of the merchants it may see (the visibility rule of
 * modules/access/), so another merchant's terminal is 404 like every other resource. Knows nothing
 * about HTTP beyond throwing ApiError.
 */
import type { AppContext } from "../../context.ts";
import type { SqlOrTx } from "../../db/client.ts";
import type { Mode } from "../../db/schema/core.ts";
import { ApiError, badCursor, notFound } from "../../domain/errors.ts";
import { isIdOf, newId } from "../../domain/ids.ts";
import { printableName } from "../../domain/text.ts";
import { fromPgJson, fromPgTs, pgJson, pgTs } from "../../db/pg-values.ts";
import type { Principal } from "../access/authenticator.ts";
import { idempotentCreate, requestHash } from "../idempotency/store.ts";
import { cancelVisibleIntent, createIntent, getVisibleIntent } from "../payment-intents/service.ts";
import { tipOf, type TerminalInput } from "./input.ts";

/** How long a register's intent waits for payment: the customer is at the counter. */
export const TERMINAL_INTENT_TTL_SECONDS = 900;

export interface TerminalRow {
  id: string;
  mode: Mode;
  accountId: string;
  merchantId: string;
  businessName: string;
  name: string;
  tipPercentages: number[];
  /** The intent being charged now, only while it awaits payment and has not expired. */
  currentIntentId: string | null;
  metadata: Record<string, string>;
  createdAt: Date;
}

function fromRow(r: Record<string, unknown>): TerminalRow {
  return {
    id: String(r.id),
    mode: r.mode as Mode,
    accountId: String(r.account_id),
    merchantId: String(r.merchant_id),
    businessName: String(r.business_name ?? ""),
    name: String(r.name),
    tipPercentages: ((r.tip_percentages as number[] | null) ?? []).map(Number),
    currentIntentId: (r.open_intent_id as string | null) ?? null,
    metadata: fromPgJson<Record<string, string> | null>(r.metadata) ?? {},
    createdAt: fromPgTs(r.created_at),
  };
}

/** The columns every read selects: the terminal, its merchant's name, and its intent if still open. */
const SELECT_TERMINAL = `
  SELECT t.*, m.business_name,
    (SELECT p.id FROM app.payment_intents p WHERE p.id = t.current_intent_id AND p.status = 'awaiting_payment' AND p.expires_at > now()) AS open_intent_id
  FROM app.terminals t JOIN app.merchants m ON m.id = t.merchant_id`;

/** A terminal by id, whoever owns it (the public static link's read). */
export async function findTerminal(sql: SqlOrTx, id: string): Promise<TerminalRow | undefined> {
  if (!isIdOf("terminal", id)) return undefined;
  const [row] = await sql.unsafe(`${SELECT_TERMINAL} WHERE t.id = $1`, [id]);
  return row ? fromRow(row as Record<string, unknown>) : undefined;
}

/** The terminal if the key may see it (its merchant, in its mode); 404 for anything else. */
export async function visibleTerminal(ctx: AppContext, p: Principal, id: string): Promise<TerminalRow> {
  const terminal = await findTerminal(ctx.database.sql, id);
  if (!terminal || terminal.mode !== p.mode || !(await ctx.auth.canSeeMerchant(p, terminal.merchantId))) throw notFound("terminal", printableName(id));
  return terminal;
}

async function terminalMerchant(ctx: AppContext, p: Principal, merchantId: string | undefined): Promise<string> {
  const id = merchantId ?? p.scopeMerchantId;
  if (id === null) throw new ApiError("parameter_missing", "Missing required param: merchant_id (required unless the API key is scoped to a single merchant).", "merchant_id");
  if (!isIdOf("merchant", id) || !(await ctx.auth.canSeeMerchant(p, id))) throw new ApiError("resource_missing", `No such merchant: '${printableName(id)}'`, "merchant_id", 400);
  const [m] = await ctx.database.sql<{ mode: string }[]>`SELECT mode FROM app.merchants WHERE id = ${id}`;
  if (!m || m.mode !== p.mode) throw new ApiError("resource_missing", `No such merchant: '${printableName(id)}'`, "merchant_id", 400);
  return id;
}

export type CreateTerminalOutcome = { kind: "created" | "replayed"; terminal: TerminalRow } | { kind: "reused" };

/** A new terminal; with an idempotency key, the same request again answers the terminal it created. */
export async function createTerminal(ctx: AppContext, p: Principal, merchantId: string | undefined, input: TerminalInput, key?: string): Promise<CreateTerminalOutcome> {
  const merchant = await terminalMerchant(ctx, p, merchantId);
  const id = newId("terminal");
  const now = ctx.clock.now();
  const metadata = input.metadata ?? {};
  const hash = requestHash("POST /v1/terminals", {
    merchant,
    name: input.name ?? "",
    tips: input.tipPercentages ?? [],
    metadata: Object.keys(metadata).sort().map((k) => [k, metadata[k]]),
  });
  const r = await idempotentCreate(ctx.database.sql, { accountId: p.accountId, mode: p.mode, key, hash, now }, async (tx) => {
    await tx`
      INSERT INTO app.terminals (id, mode, account_id, merchant_id, name, tip_percentages, metadata, created_at)
      VALUES (${id}, ${p.mode}, ${p.accountId}, ${merchant}, ${input.name ?? ""}, ${input.tipPercentages ?? []}::int[],
              ${pgJson(metadata)}::text::jsonb, ${pgTs(now)}::timestamptz)`;
    return { id };
  });
  if (r.kind === "reused") return { kind: "reused" };
  const created = r.kind === "created" ? r.value.id : r.resourceId;
  const t = await findTerminal(ctx.database.sql, created);
  if (!t) throw notFound("terminal", created);
  return { kind: r.kind, terminal: t };
}

export async function updateTerminal(ctx: AppContext, t: TerminalRow, u: TerminalInput): Promise<TerminalRow> {
  await ctx.database.sql`
    UPDATE app.terminals SET
      name = coalesce(${u.name ?? null}::text, name),
      tip_percentages = coalesce(${u.tipPercentages ?? null}::int[], tip_percentages),
      metadata = coalesce(${u.metadata === undefined ? null : pgJson(u.metadata)}::text::jsonb, metadata)
    WHERE id = ${t.id}`;
  const after = await findTerminal(ctx.database.sql, t.id);
  if (!after) throw notFound("terminal", t.id);
  return after;
}

export async function listTerminals(ctx: AppContext, p: Principal, input: { merchantId: string | undefined; limit: number; startingAfter: string | undefined }) {
  const merchantId = input.merchantId ?? p.scopeMerchantId ?? undefined;
  if (merchantId !== undefined && (!isIdOf("merchant", merchantId) || !(await ctx.auth.canSeeMerchant(p, merchantId)))) throw notFound("merchant", printableName(merchantId));
  const sql = ctx.database.sql;
  const scope =
    merchantId !== undefined
      ? sql`t.merchant_id = ${merchantId} AND t.mode = ${p.mode}`
      : sql`t.mode = ${p.mode} AND t.merchant_id IN (SELECT merchant_id FROM app.account_merchants WHERE account_id = ${p.accountId})`;
  let position = sql``;
  if (input.startingAfter !== undefined) {
    const [c] = await sql<{ created_at: unknown; id: string }[]>`SELECT t.created_at, t.id FROM app.terminals t WHERE t.id = ${input.startingAfter} AND ${scope}`;
    if (!c) throw badCursor();
    position = sql`AND (t.created_at, t.id) < (${pgTs(fromPgTs(c.created_at))}::timestamptz, ${c.id}::text)`;
  }
  const [rows, [count]] = await Promise.all([
    sql`${sql.unsafe(SELECT_TERMINAL)} WHERE ${scope} ${position} ORDER BY t.created_at DESC, t.id DESC LIMIT ${input.limit + 1}`,
    sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.terminals t WHERE ${scope}`,
  ]);
  const hasMore = rows.length > input.limit;
  return { rows: (hasMore ? rows.slice(0, input.limit) : rows).map((r) => fromRow(r as Record<string, unknown>)), hasMore, totalCount: count?.n ?? 0 };
}

/** A charge's amounts, all computed here from what the cashier typed and the tip chosen. */
export interface ChargeAmounts {
  subtotalUnits: bigint;
  tipPercent: number;
  tipUnits: bigint;
  totalUnits: bigint;
}

export function chargeAmounts(t: TerminalRow, subtotalUnits: bigint, tipPercent: number): ChargeAmounts {
  // Only a percentage the merchant offers: a tampered form cannot make up its own.
  if (tipPercent !== 0 && !t.tipPercentages.includes(tipPercent)) throw new ApiError("parameter_invalid", "Invalid tip: not one of this register's tip percentages.", "tip");
  const tipUnits = tipOf(subtotalUnits, tipPercent);
  return { subtotalUnits, tipPercent, tipUnits, totalUnits: subtotalUnits + tipUnits };
}

/**
 * A new intent for the total, recorded as the register's charge and made its current one: from
 * now on the static link opens it. An intent the register was charging before stays payable until
 * it expires (a customer may be paying it this second), but the link no longer leads to it.
 */
export async function chargeTerminal(ctx: AppContext, t: TerminalRow, a: ChargeAmounts): Promise<string> {
  const { intent } = await createIntent(
    ctx,
    // Created as the terminal's creator would: that account's key scoped to the merchant, no refunds.
    { keyId: `terminal:${t.id}`, accountId: t.accountId, mode: t.mode, scopeMerchantId: t.merchantId, canRefund: false },
    { amountUnits: a.totalUnits, merchantId: t.merchantId, ttlSeconds: TERMINAL_INTENT_TTL_SECONDS, metadata: { terminal: t.id }, idempotencyKey: undefined, chain: undefined, token: undefined },
  );
  const now = pgTs(ctx.clock.now());
  // After the intent's own transaction: should this process die in between, the intent is an
  // ordinary one that expires unpaid, and the register never showed it to anyone.
  await ctx.database.sql.begin(async (tx) => {
    await tx`INSERT INTO app.terminal_charges (intent_id, terminal_id, subtotal_units, tip_percent, tip_units, created_at)
             VALUES (${intent.id}, ${t.id}, ${a.subtotalUnits}, ${a.tipPercent}, ${a.tipUnits}, ${now}::timestamptz)`;
    await tx`UPDATE app.terminals SET current_intent_id = ${intent.id} WHERE id = ${t.id}`;
  });
  return intent.id;
}

/**
 * The cashier calls a sale off before it is paid: its intent is cancelled by the intents' own rule
 * (a paid one is refused, 409), so the static link stops opening it at once.
 */
export async function cancelCharge(ctx: AppContext, p: Principal, t: TerminalRow, intentId: string): Promise<void> {
  const charge = await findCharge(ctx.database.sql, t.id, intentId);
  if (!charge) throw notFound("payment_intent", printableName(intentId));
  await cancelVisibleIntent(ctx, await getVisibleIntent(ctx, p, intentId));
  await ctx.database.sql`UPDATE app.terminals SET current_intent_id = NULL WHERE id = ${t.id} AND current_intent_id = ${intentId}`;
}

export interface ChargeRow extends ChargeAmounts {
  intentId: string;
  terminalId: string;
  terminalName: string;
  businessName: string;
  mode: Mode;
  status: string;
  createdAt: Date;
  confirmedAt: Date | null;
  txHash: string | null;
  chainId: number;
  token: string;
  expiresAt: Date;
}

const SELECT_CHARGE = `
  SELECT c.*, t.name AS terminal_name, t.mode, m.business_name, p.status, p.amount_units, p.confirmed_at, p.expires_at, p.chain_id, p.token, p.tx_hash
  FROM app.terminal_charges c JOIN app.terminals t ON t.id = c.terminal_id JOIN app.merchants m ON m.id = t.merchant_id
  JOIN app.payment_intents p ON p.id = c.intent_id`;

function chargeOf(r: Record<string, unknown>): ChargeRow {
  const subtotalUnits = BigInt(r.subtotal_units as bigint);
  const tipUnits = BigInt(r.tip_units as bigint);
  return {
    intentId: String(r.intent_id),
    terminalId: String(r.terminal_id),
    terminalName: String(r.terminal_name),
    businessName: String(r.business_name),
    mode: r.mode as Mode,
    status: String(r.status),
    subtotalUnits,
    tipPercent: Number(r.tip_percent),
    tipUnits,
    totalUnits: BigInt(r.amount_units as bigint),
    createdAt: fromPgTs(r.created_at),
    confirmedAt: r.confirmed_at ? fromPgTs(r.confirmed_at) : null,
    expiresAt: fromPgTs(r.expires_at),
    txHash: (r.tx_hash as string | null) ?? null,
    chainId: Number(r.chain_id),
    token: String(r.token),
  };
}

/** One charge of a register (the receipt's read: the intent id is the capability, as for the hosted page). */
export async function findCharge(sql: SqlOrTx, terminalId: string, intentId: string): Promise<ChargeRow | undefined> {
  if (!isIdOf("terminal", terminalId) || !isIdOf("paymentIntent", intentId)) return undefined;
  const [row] = await sql.unsafe(`${SELECT_CHARGE} WHERE c.terminal_id = $1 AND c.intent_id = $2`, [terminalId, intentId]);
  return row ? chargeOf(row as Record<string, unknown>) : undefined;
}

/** The register's charges since `since` (today's list), newest first. */
export async function chargesSince(sql: SqlOrTx, terminalId: string, since: Date, limit = 200): Promise<ChargeRow[]> {
  const rows = await sql.unsafe(`${SELECT_CHARGE} WHERE c.terminal_id = $1 AND c.created_at >= $2::timestamptz ORDER BY c.created_at DESC LIMIT ${limit}`, [terminalId, pgTs(since)]);
  return rows.map((r) => chargeOf(r as Record<string, unknown>));
}
