/**
 * Payment links: rows, create (with idempotency), get, list and update. A link belongs to a
 * merchant, in a mode; a key sees the links of the merchants it may see (the visibility rule of
 * modules/access/), so another merchant's link is 404 like every other resource. Knows nothing about
 * HTTP beyond throwing ApiError.
 *
 * `uses` is counted from the link's intents that were confirmed (or settled since), never stored.
 */
import type { AppContext } from "../../context.ts";
import type { SqlOrTx } from "../../db/client.ts";
import { ApiError, badCursor, notFound } from "../../domain/errors.ts";
import { isIdOf, newId } from "../../domain/ids.ts";
import { printableName } from "../../domain/text.ts";
import { fromPgTs, pgJson, pgTs } from "../../db/pg-values.ts";
import { resolvePair } from "../../chain/pairs.ts";
import type { Principal } from "../access/authenticator.ts";
import { merchantNamedByCreate, merchantNotActive } from "../payment-intents/named-merchant.ts";
import { idempotentCreate, requestHash } from "../idempotency/store.ts";
import { insertEvent } from "../outbox/outbox.ts";
import type { CreateLinkInput, UpdateLinkInput } from "./input.ts";
import { fromRow, type LinkRow } from "./row.ts";
import { linkShape } from "./shapes.ts";

/** The columns every read selects: the link, its merchant's name and its confirmed uses. */
const SELECT_LINK = `
  SELECT l.*, m.business_name,
    (SELECT count(*) FROM app.payment_link_claims c JOIN app.payment_intents p ON p.id = c.intent_id
      WHERE c.link_id = l.id AND p.status IN ('confirmed', 'settled'))::int AS uses
  FROM app.payment_links l JOIN app.merchants m ON m.id = l.merchant_id`;

/** A link by id, whoever owns it (the public page's read). */
export async function findLink(sql: SqlOrTx, id: string, lock = false): Promise<LinkRow | undefined> {
  if (!isIdOf("paymentLink", id)) return undefined;
  const [row] = await sql.unsafe(`${SELECT_LINK} WHERE l.id = $1 ${lock ? "FOR UPDATE OF l" : ""}`, [id]);
  return row ? fromRow(row as Record<string, unknown>) : undefined;
}

/** The link if the key may see it (its merchant, in its mode); 404 for anything else. */
export async function visibleLink(ctx: AppContext, p: Principal, id: string): Promise<LinkRow> {
  const link = await findLink(ctx.database.sql, id);
  if (!link || link.mode !== p.mode || !(await ctx.auth.canSeeMerchant(p, link.merchantId))) throw notFound("payment_link", printableName(id));
  return link;
}

/** The merchant a create names, active: 400 otherwise, as for intents. */
async function linkMerchant(ctx: AppContext, p: Principal, merchantId: string | undefined): Promise<string> {
  const m = await merchantNamedByCreate(ctx, p, merchantId);
  if (m.status !== "active") throw merchantNotActive(m.id, m.status);
  return m.id;
}

export type CreateLinkOutcome = { kind: "created"; link: LinkRow } | { kind: "replayed"; link: LinkRow } | { kind: "reused" };

export async function createLink(ctx: AppContext, p: Principal, input: CreateLinkInput, key: string | undefined): Promise<CreateLinkOutcome> {
  const merchantId = await linkMerchant(ctx, p, input.merchantId);
  const pair = resolvePair(ctx, p.mode, input.chain, input.token);
  if (!pair) throw new ApiError("parameter_invalid", `Invalid chain: no chain is enabled in ${p.mode} mode.`, "chain");
  const now = new Date(Math.floor(ctx.clock.now().getTime()));
  const a = input.amount;
  const id = newId("paymentLink");
  const hash = requestHash("POST /v1/payment_links", {
    merchantId,
    amount: [a.fixedUnits, a.minimumUnits, a.maximumUnits, a.presetUnits].map((x) => x?.toString() ?? null),
    pair: [pair.chainId, pair.token],
    maxUses: input.maxUses,
    expiresAt: input.expiresAt?.toISOString() ?? null,
    redirectUrl: input.redirectUrl,
    metadata: Object.keys(input.metadata).sort().map((k) => [k, input.metadata[k]]),
  });
  const r = await idempotentCreate(ctx.database.sql, { accountId: p.accountId, mode: p.mode, key, hash, now }, async (tx) => {
    await tx`
      INSERT INTO app.payment_links (id, mode, account_id, merchant_id, active, amount_units, minimum_units, maximum_units, preset_units,
                                     chain_id, token, max_uses, expires_at, redirect_url, metadata, created_at)
      VALUES (${id}, ${p.mode}, ${p.accountId}, ${merchantId}, true, ${a.fixedUnits ?? null}, ${a.minimumUnits ?? null}, ${a.maximumUnits ?? null}, ${a.presetUnits ?? null},
              ${pair.chainId}, ${pair.token}, ${input.maxUses}, ${pgTs(input.expiresAt)}::timestamptz, ${input.redirectUrl},
              ${pgJson(input.metadata)}::text::jsonb, ${pgTs(now)}::timestamptz)`;
    return { id };
  });
  if (r.kind === "reused") return { kind: "reused" };
  const link = await findLink(ctx.database.sql, r.kind === "created" ? r.value.id : r.resourceId);
  if (!link) throw notFound("payment_link", id);
  return { kind: r.kind, link };
}

export interface LinkPage {
  rows: LinkRow[];
  hasMore: boolean;
  totalCount: number;
}

/**
 * Links newest first: of one merchant when `merchantId` is given (or the key is scoped), else of
 * every merchant the key's account may see in its mode.
 */
export async function listLinks(ctx: AppContext, p: Principal, input: { merchantId: string | undefined; limit: number; startingAfter: string | undefined }): Promise<LinkPage> {
  const merchantId = input.merchantId ?? p.scopeMerchantId ?? undefined;
  if (merchantId !== undefined && (!isIdOf("merchant", merchantId) || !(await ctx.auth.canSeeMerchant(p, merchantId)))) throw notFound("merchant", printableName(merchantId));
  const sql = ctx.database.sql;
  const scope =
    merchantId !== undefined
      ? sql`l.merchant_id = ${merchantId} AND l.mode = ${p.mode}`
      : sql`l.mode = ${p.mode} AND l.merchant_id IN (SELECT merchant_id FROM app.account_merchants WHERE account_id = ${p.accountId})`;
  let position = sql``;
  if (input.startingAfter !== undefined) {
    const [c] = await sql<{ created_at: unknown; id: string }[]>`SELECT l.created_at, l.id FROM app.payment_links l WHERE l.id = ${input.startingAfter} AND ${scope}`;
    if (!c) throw badCursor();
    position = sql`AND (l.created_at, l.id) < (${pgTs(fromPgTs(c.created_at))}::timestamptz, ${c.id}::text)`;
  }
  const [rows, [count]] = await Promise.all([
    sql`${sql.unsafe(SELECT_LINK)} WHERE ${scope} ${position} ORDER BY l.created_at DESC, l.id DESC LIMIT ${input.limit + 1}`,
    sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.payment_links l WHERE ${scope}`,
  ]);
  const hasMore = rows.length > input.limit;
  return { rows: (hasMore ? rows.slice(0, input.limit) : rows).map((r) => fromRow(r as Record<string, unknown>)), hasMore, totalCount: count?.n ?? 0 };
}

/**
 * Applies the given fields under the link's row lock. Turning a link off sends
 * `payment_link.deactivated` in the same transaction (an integrator that printed the link learns
 * that customers now see "no longer available").
 */
export async function updateLink(ctx: AppContext, link: LinkRow, u: UpdateLinkInput): Promise<LinkRow> {
  const now = ctx.clock.now();
  await ctx.database.sql.begin(async (tx) => {
    const [before] = await tx<{ active: boolean }[]>`SELECT active FROM app.payment_links WHERE id = ${link.id} FOR UPDATE`;
    if (!before) throw notFound("payment_link", link.id);
    await tx`
      UPDATE app.payment_links SET
        active = coalesce(${u.active ?? null}::boolean, active),
        metadata = coalesce(${u.metadata === undefined ? null : pgJson(u.metadata)}::text::jsonb, metadata),
        redirect_url = CASE WHEN ${u.redirectUrl !== undefined} THEN ${u.redirectUrl ?? null}::text ELSE redirect_url END
      WHERE id = ${link.id}`;
    if (before.active && u.active === false) {
      const after = await findLink(tx, link.id);
      if (!after) throw notFound("payment_link", link.id);
      await insertEvent(tx, { mode: after.mode, type: "payment_link.deactivated", merchantId: after.merchantId, accountId: null, data: linkShape(after, ctx.config.publicBaseUrl), createdAt: now });
    }
  });
  const after = await findLink(ctx.database.sql, link.id);
  if (!after) throw notFound("payment_link", link.id);
  return after;
}
