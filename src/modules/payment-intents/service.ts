/**
 * Payment intents: create (with its expected-value reservation and idempotency), get, list and
 * cancel. Knows nothing about HTTP beyond throwing ApiError; raw postgres.js on these hot paths.
 *
 * Create reserves the intent's expected value and inserts the intent in one statement in the common
 * case (reserve.ts): the amount itself or the next tags of its ring, without waiting on other creates.
 */
import { createHash } from "node:crypto";
import { getAddress } from "viem";
import { chainById, type AppContext } from "../../context.ts";
import type { Sql, Tx } from "../../db/client.ts";
import type { IntentStatus, Mode } from "../../db/schema/core.ts";
import { isRetryableConflict } from "../../db/errors.ts";
import { isIdOf, newId } from "../../domain/ids.ts";
import { cancelIntent } from "./transitions.ts";
import type { Principal } from "../access/authenticator.ts";
import { merchantNotActive } from "./named-merchant.ts";
import { ApiError, notFound, badCursor } from "../../domain/errors.ts";
import { printableName } from "../../domain/text.ts";
import type { CreateIntentInput, ListIntentsInput } from "./input.ts";
import { fromPgJson, fromPgTs, fromPgTsOrNull, pgTs } from "../../db/pg-values.ts";
import { mayNeedCount, reserveAndInsert, type InsertArgs, type ValueLeases } from "./reserve.ts";
import { noteHeld, tagCeilingError, tagCountDue, watchTags } from "./value-tags.ts";
import type { IntentRow, QrSettings } from "./shapes.ts";
import { resolvePair, resolvePairFilter, tokenAddressFor, type PairFilter } from "../../chain/pairs.ts";
import { chainNameOf, DEFAULT_CHAIN, DEFAULT_TOKEN, type TokenSymbol } from "../../domain/networks.ts";
import { isPaymentAddressType, type PaymentAddressType } from "../../domain/payment-address-type.ts";
import { insertDepositIntent } from "./deposit.ts";

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Merchant rows change rarely (activation, disabling); like the key cache, changes apply within this. */
const MERCHANT_CACHE_MS = 2_000;

// ---------------------------------------------------------------------------------------------
// Rows

/**
 * A row of app.payment_intents as postgres.js returns it (snake_case, from `sql` or `sql.unsafe`)
 * mapped to the drizzle row type.
 */
export function intentFromDb(r: Record<string, unknown>): IntentRow {
  return {
    id: r.id as string,
    mode: r.mode as Mode,
    accountId: r.account_id as string,
    merchantId: r.merchant_id as string,
    status: r.status as IntentStatus,
    amountUnits: BigInt(r.amount_units as bigint),
    tagUnits: Number(r.tag_units),
    expectedUnits: BigInt(r.expected_units as bigint),
    chainId: Number(r.chain_id),
    token: ((r.token as string | undefined) ?? "USDC") as TokenSymbol,
    paymentAddress: r.payment_address as string,
    metadata: fromPgJson<Record<string, string> | null>(r.metadata) ?? {},
    createdAt: fromPgTs(r.created_at),
    expiresAt: fromPgTs(r.expires_at),
    confirmedAt: fromPgTsOrNull(r.confirmed_at),
    cancelledAt: fromPgTsOrNull(r.cancelled_at),
    expiredAt: fromPgTsOrNull(r.expired_at),
    settledAt: fromPgTsOrNull(r.settled_at),
    netUnits: r.net_units === null || r.net_units === undefined ? null : BigInt(r.net_units as bigint),
    feeUnits: r.fee_units === null || r.fee_units === undefined ? null : BigInt(r.fee_units as bigint),
    txHash: (r.tx_hash as string | null) ?? null,
    transactionId: (r.transaction_id as string | null) ?? null,
    refundedUnits: r.refunded_units === null || r.refunded_units === undefined ? 0n : BigInt(r.refunded_units as bigint),
    paymentAddressType: r.payment_address_type === "deposit" ? "deposit" : "shared",
    receivedUnits: r.received_units === null || r.received_units === undefined ? 0n : BigInt(r.received_units as bigint),
  };
}

// ---------------------------------------------------------------------------------------------
// Per-context caches (merchants for create, value tags leased from the ring, QR settings per mode)

interface MerchantForCreate {
  id: string;
  mode: Mode;
  status: string;
  /** Checksummed; null until the account contract is deployed. */
  paymentAddress: string | null;
  /** Where the account contract exists: its primary chain and, for v2, every other chain it was created on. */
  chainIds: readonly number[];
  /** The merchant account's version: a v1 account holds USDC only, on its primary chain only. */
  accountVersion: number;
  /** What a create naming no payment_address_type gets. */
  defaultPaymentAddressType: PaymentAddressType;
}

interface Caches {
  merchants: Map<string, { row: MerchantForCreate | null; at: number }>;
  leases: ValueLeases;
  qr: Partial<Record<Mode, QrSettings>>;
}
const caches = new WeakMap<AppContext, Caches>();
function cachesOf(ctx: AppContext): Caches {
  let c = caches.get(ctx);
  if (!c) caches.set(ctx, (c = { merchants: new Map(), leases: new Map(), qr: {} }));
  return c;
}

/** `fresh`: read the row even if the cache holds it (and cache what was read). */
async function merchantForCreate(ctx: AppContext, id: string, fresh = false): Promise<MerchantForCreate | null> {
  const cache = cachesOf(ctx).merchants;
  const now = Date.now();
  const hit = cache.get(id);
  if (hit && !fresh && now - hit.at < MERCHANT_CACHE_MS) return hit.row;
  const [r] = await ctx.database.sql<
    { id: string; mode: Mode; status: string; payment_address: string | null; chain_id: number; account_chain_ids: number[]; account_version: number; default_payment_address_type: string }[]
  >`
    SELECT id, mode, status, payment_address, chain_id, account_chain_ids, account_version::int AS account_version, default_payment_address_type
    FROM app.merchants WHERE id = ${id}`;
  const row = r
    ? {
        id: r.id,
        mode: r.mode,
        status: r.status,
        paymentAddress: r.payment_address ? getAddress(r.payment_address) : null,
        chainIds: [r.chain_id, ...r.account_chain_ids],
        accountVersion: r.account_version,
        defaultPaymentAddressType: isPaymentAddressType(r.default_payment_address_type) ? r.default_payment_address_type : "shared",
      }
    : null;
  if (cache.size > 10_000) cache.clear();
  cache.set(id, { row, at: now });
  return row;
}

/** The QR settings of a mode: the public base URL and the checksummed address of each pair's token (chain/pairs.ts). */
export function qrSettings(ctx: AppContext, mode: Mode): QrSettings {
  const c = cachesOf(ctx);
  const hit = c.qr[mode];
  if (hit) return hit;
  if (!ctx.networks.some((c) => c.mode === mode)) throw new Error(`no ${mode} chain is configured`);
  const addresses = new Map<string, string>();
  const tokenAddress = (chainId: number, token: TokenSymbol): string => {
    const key = `${chainId}:${token}`;
    let a = addresses.get(key);
    if (a === undefined) {
      a = tokenAddressFor(ctx, mode, chainId, token);
      if (a === undefined) throw new Error(`no address of ${token} on chain ${chainId} (${mode})`);
      addresses.set(key, a);
    }
    return a;
  };
  return (c.qr[mode] = { publicBaseUrl: ctx.config.publicBaseUrl, tokenAddress });
}

/** Time on the business clock, truncated to the millisecond as stored (timestamptz(3)). */
function nowMs(ctx: AppContext): Date {
  return new Date(Math.floor(ctx.clock.now().getTime()));
}

// ---------------------------------------------------------------------------------------------
// Create

export interface CreateResult {
  intent: IntentRow;
  /** True when an earlier create with the same idempotency key is returned. */
  replayed: boolean;
}

export async function createIntent(ctx: AppContext, p: Principal, input: CreateIntentInput): Promise<CreateResult> {
  let merchant = await visibleMerchantForCreate(ctx, p, input.merchantId);
  // The pair: an enabled one of the key's mode (400 naming the allowed pairs otherwise).
  const pair = resolvePair(ctx, p.mode, input.chain, input.token);
  const chain = pair && chainById(ctx, pair.chainId);
  // A refusal is never decided on the cached row: a merchant activated, or given its account on another
  // chain, moments ago (an onboarding finishing) is read again first.
  const takes = (m: MerchantForCreate) => m.status === "active" && m.paymentAddress !== null && (!pair || m.chainIds.includes(pair.chainId));
  if (!takes(merchant)) merchant = (await merchantForCreate(ctx, merchant.id, true)) ?? merchant;
  if (merchant.status !== "active" || merchant.paymentAddress === null || !chain || !pair)
    throw merchantNotActive(merchant.id, merchant.status);
  if (!merchant.chainIds.includes(pair.chainId))
    throw new ApiError(
      "parameter_invalid",
      merchant.accountVersion !== 2
        ? `Invalid chain: merchant '${merchant.id}' has a v1 account, which exists on ${chainNameOf(merchant.chainIds[0]!) ?? "its primary chain"} only; its owner moves to the v2 account to take payments on ${pair.chain} (docs/integrators.md "Chains and tokens").`
        : `Invalid chain: merchant '${merchant.id}' has no account on ${pair.chain} yet (onboarding creates it on every chain; if it stays missing, because that chain's RPC failed or the chain was enabled later, the operator creates it: npm run cli -- merchants create-accounts --merchant ${merchant.id}).`,
      "chain",
    );
  // A v1 merchant account (MerchantAccount) can move USDC only: a payment in another token could be
  // neither charged nor withdrawn by the service, so such an intent is refused before anyone pays it.
  if (merchant.accountVersion !== 2 && pair.token !== "USDC")
    throw new ApiError(
      "parameter_invalid",
      `Invalid token: merchant '${merchant.id}' has a merchant account that takes USDC only (version 1); ${pair.token} needs a version 2 account (docs/integrators.md "Chains and tokens").`,
      "token",
    );
  const now = nowMs(ctx);
  const args: CreateArgs = {
    id: newId("paymentIntent"),
    mode: p.mode,
    accountId: p.accountId,
    merchantId: merchant.id,
    amountUnits: input.amountUnits,
    chainId: pair.chainId,
    token: pair.token,
    paymentAddress: merchant.paymentAddress,
    metadata: input.metadata,
    createdAt: now,
    expiresAt: new Date(now.getTime() + input.ttlSeconds * 1000),
    paymentAddressType: input.paymentAddressType ?? merchant.defaultPaymentAddressType,
  };
  if (input.idempotencyKey === undefined) return { intent: await insertWithoutKey(ctx, args), replayed: false };
  return insertWithKey(ctx, args, input.idempotencyKey, requestHash(input));
}

async function visibleMerchantForCreate(ctx: AppContext, p: Principal, merchantId: string): Promise<MerchantForCreate> {
  const missing = () => new ApiError("resource_missing", `No such merchant: '${printableName(merchantId)}'`, "merchant_id", 400);
  if (!isIdOf("merchant", merchantId) || !(await ctx.auth.canSeeMerchant(p, merchantId))) throw missing();
  const m = await merchantForCreate(ctx, merchantId);
  if (!m || m.mode !== p.mode) throw missing();
  return m;
}

/** The parameters an idempotency key is bound to (ttl after its default; metadata key order ignored). */
function requestHash(input: CreateIntentInput): string {
  const metadata = Object.keys(input.metadata)
    .sort()
    .map((k) => [k, input.metadata[k]]);
  // The pair only when it is not the default: naming base/USDC is the same request as naming
  // nothing, and a key first used before pairs existed keeps its hash.
  const chain = input.chain ?? DEFAULT_CHAIN;
  const token = input.token ?? DEFAULT_TOKEN;
  const pair = chain === DEFAULT_CHAIN && token === DEFAULT_TOKEN ? [] : [chain, token];
  // The address type only when sent, likewise.
  const addressType = input.paymentAddressType === undefined ? [] : [`address:${input.paymentAddressType}`];
  const canonical = JSON.stringify(["v1", input.amountUnits.toString(), "usd", input.merchantId, input.ttlSeconds, metadata, ...pair, ...addressType]);
  return createHash("sha256").update(canonical).digest("base64url");
}

/** What a create writes: the intent, and where it is paid (`paymentAddress`: the merchant's account). */
type CreateArgs = InsertArgs & { paymentAddressType: PaymentAddressType };

async function insertWithoutKey(ctx: AppContext, args: CreateArgs): Promise<IntentRow> {
  return insertIn(ctx, null, args);
}

async function insertInTx(ctx: AppContext, tx: Tx, args: CreateArgs): Promise<IntentRow> {
  return insertIn(ctx, tx, args);
}

/** A deposit intent reserves nothing (its address tells its payments apart); a shared one its value. */
async function insertIn(ctx: AppContext, tx: Tx | null, args: CreateArgs): Promise<IntentRow> {
  if (args.paymentAddressType === "deposit") return intentFromDb(await insertDepositIntent(ctx.database.sql, tx, args));
  return reserveIn(ctx, tx, args);
}

async function reserveIn(ctx: AppContext, tx: Tx | null, args: InsertArgs): Promise<IntentRow> {
  // The count of what the amount holds (the warning before its ceiling) rides on the create's own
  // statement when one is due: a statement of its own would be a third of the round trips of a
  // create of a price that open intents hold.
  const countDue = tagCountDue(ctx, args.merchantId, args.amountUnits, args.token, false);
  const r = await reserveAndInsert(ctx.database.sql, tx, args, ctx.config.valueTags.width, cachesOf(ctx).leases, countDue);
  if (r.kind === "full") throw tagCeilingError(ctx, args.merchantId, args.amountUnits, args.token);
  const row = intentFromDb(r.row);
  if (r.held !== undefined) {
    tagCountDue(ctx, args.merchantId, args.amountUnits, args.token, true);
    noteHeld(ctx, row.merchantId, row.amountUnits, row.token, r.held);
  } else if (mayNeedCount(row.tagUnits, ctx.config.valueTags.width)) watchTags(ctx, row.merchantId, row.amountUnits, row.token);
  return row;
}

/**
 * Idempotent create: the key row is inserted (or an expired one taken over) in the same transaction
 * as the intent, so a concurrent request with the same key waits on it and then replays it; if this
 * transaction fails, the key is free again.
 */
async function insertWithKey(ctx: AppContext, args: CreateArgs, key: string, hash: string): Promise<CreateResult> {
  const cutoff = new Date(args.createdAt.getTime() - IDEMPOTENCY_WINDOW_MS);
  // Deadlocks are possible in principle (this transaction leases value tags from the ring, reserve.ts,
  // and may wait on a value another create's transaction is inserting); Postgres aborts one of the two,
  // and that one runs again instead of answering 500.
  for (let attempt = 1; ; attempt++) {
    try {
      return await insertWithKeyOnce(ctx, args, key, hash, cutoff);
    } catch (err) {
      if (attempt >= 3 || !isRetryableConflict(err)) throw err;
    }
  }
}

async function insertWithKeyOnce(ctx: AppContext, args: CreateArgs, key: string, hash: string, cutoff: Date): Promise<CreateResult> {
  const outcome = await ctx.database.sql.begin(async (tx) => {
    const [own] = await tx`
      INSERT INTO app.idempotency_keys AS k (account_id, mode, key, request_hash, intent_id, created_at)
      VALUES (${args.accountId}, ${args.mode}, ${key}, ${hash}, ${args.id}, ${pgTs(args.createdAt)}::timestamptz)
      ON CONFLICT (account_id, mode, key) DO UPDATE
        SET request_hash = EXCLUDED.request_hash, intent_id = EXCLUDED.intent_id, created_at = EXCLUDED.created_at
        WHERE k.created_at <= ${pgTs(cutoff)}::timestamptz
      RETURNING k.intent_id`;
    if (own) return { kind: "created" as const, row: await insertInTx(ctx, tx, args) };
    // The row exists and is within its window; the conflict locked it, so this read sees its committed state.
    const [existing] = await tx<{ request_hash: string; intent_id: string }[]>`
      SELECT request_hash, intent_id FROM app.idempotency_keys WHERE account_id = ${args.accountId} AND mode = ${args.mode} AND key = ${key}`;
    if (!existing) throw new Error("idempotency key row vanished while locked");
    if (existing.request_hash !== hash) return { kind: "reused" as const };
    const [row] = await tx`SELECT * FROM app.payment_intents WHERE id = ${existing.intent_id}`;
    if (!row) throw new Error(`idempotency key points at missing intent ${existing.intent_id}`);
    return { kind: "replayed" as const, row: intentFromDb(row) };
  });
  if (outcome.kind === "reused")
    throw new ApiError(
      "idempotency_key_reused",
      `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${printableName(key)}' if you meant to execute a different request.`,
      "idempotency_key",
    );
  return { intent: outcome.row, replayed: outcome.kind === "replayed" };
}

// ---------------------------------------------------------------------------------------------
// Get, list, cancel

/** The intent if the key may see it (its merchant, in its mode); 404 for anything else. */
export async function getVisibleIntent(ctx: AppContext, p: Principal, id: string): Promise<IntentRow> {
  if (!isIdOf("paymentIntent", id)) throw notFound("payment_intent", printableName(id));
  const [row] = await ctx.database.sql`SELECT * FROM app.payment_intents WHERE id = ${id}`;
  if (!row) throw notFound("payment_intent", id);
  const intent = intentFromDb(row);
  if (!(await canSee(ctx, p, intent))) throw notFound("payment_intent", id);
  return intent;
}

async function canSee(ctx: AppContext, p: Principal, i: IntentRow): Promise<boolean> {
  return i.mode === p.mode && (await ctx.auth.canSeeMerchant(p, i.merchantId));
}

export interface IntentPage {
  items: IntentRow[];
  hasMore: boolean;
  totalCount: number;
}

export async function listIntents(ctx: AppContext, p: Principal, input: ListIntentsInput): Promise<IntentPage> {
  let merchantId = input.merchantId;
  if (merchantId === undefined && input.paymentLink !== undefined) {
    // A link names its merchant: its intents are listed without merchant_id.
    const [link] = await ctx.database.sql<{ merchant_id: string; mode: string }[]>`SELECT merchant_id, mode FROM app.payment_links WHERE id = ${input.paymentLink}`;
    if (!link || link.mode !== p.mode || !(await ctx.auth.canSeeMerchant(p, link.merchant_id))) throw notFound("payment_link", input.paymentLink);
    merchantId = link.merchant_id;
  }
  if (merchantId === undefined) {
    if (p.scopeMerchantId === null)
      throw new ApiError("parameter_missing", "Missing required param: merchant_id (required unless the API key is scoped to a single merchant).", "merchant_id");
    merchantId = p.scopeMerchantId;
  }
  if (!isIdOf("merchant", merchantId) || !(await ctx.auth.canSeeMerchant(p, merchantId))) throw notFound("merchant", printableName(merchantId));
  const sql = ctx.database.sql;
  const pair = resolvePairFilter(ctx, p.mode, input.chain, input.token);

  let cursor: { createdAt: Date; id: string } | undefined;
  if (input.startingAfter !== undefined) {
    const ofLink = input.paymentLink !== undefined ? sql`AND id IN (SELECT intent_id FROM app.payment_link_claims WHERE link_id = ${input.paymentLink} AND intent_id IS NOT NULL)` : sql``;
    const [row] = await sql<{ created_at: unknown; id: string; chain_id: number; token: string }[]>`
      SELECT created_at, id, chain_id, token FROM app.payment_intents WHERE id = ${input.startingAfter} AND merchant_id = ${merchantId} ${ofLink}`;
    // Outside the pair filter (a pair never changes): not an item of this list.
    const inPair = row && (!pair.chainIds || pair.chainIds.includes(Number(row.chain_id))) && (!pair.token || row.token === pair.token);
    const c = row && inPair ? { created_at: fromPgTs(row.created_at), id: row.id } : undefined;
    // Not an item of this list: another merchant's, or outside the time filters (created_at never changes).
    // A status filter does not disqualify it: the item may have moved on since the previous page.
    if (
      !c ||
      (input.createdAfterMs !== undefined && !(c.created_at.getTime() > input.createdAfterMs)) ||
      (input.createdBeforeMs !== undefined && !(c.created_at.getTime() < input.createdBeforeMs))
    )
      throw badCursor();
    cursor = { createdAt: c.created_at, id: c.id };
  }

  const q = listQueries(sql, merchantId, input, cursor, pair);
  const [rows, [count]] = await Promise.all([q.page, q.count]);
  const items = rows.slice(0, input.limit).map(intentFromDb);
  return { items, hasMore: rows.length > input.limit, totalCount: Number(count?.n ?? 0n) };
}

/**
 * The page query (one row more than the limit, to know has_more) and the count query of a list,
 * unexecuted so that tests can EXPLAIN exactly what runs. Both are served by the indexes
 * (merchant_id, created_at DESC, id DESC) and (merchant_id, status, created_at DESC, id DESC).
 */
export function listQueries(sql: Sql, merchantId: string, input: ListIntentsInput, cursor: { createdAt: Date; id: string } | undefined, pair?: PairFilter) {
  const status = input.status ? sql`AND status = ${input.status}` : sql``;
  // The pair filter narrows rows of the merchant's index range; no index of its own yet.
  const chain = pair?.chainIds ? sql`AND chain_id IN ${sql(pair.chainIds)}` : sql``;
  const token = pair?.token ? sql`AND token = ${pair.token}` : sql``;
  // A link's intents are found through its claims (the metadata key alone could be written by anyone).
  const link = input.paymentLink !== undefined ? sql`AND id IN (SELECT intent_id FROM app.payment_link_claims WHERE link_id = ${input.paymentLink} AND intent_id IS NOT NULL)` : sql``;
  const after = input.createdAfterMs !== undefined ? sql`AND created_at > ${pgTs(new Date(input.createdAfterMs))}::timestamptz` : sql``;
  const before = input.createdBeforeMs !== undefined ? sql`AND created_at < ${pgTs(new Date(input.createdBeforeMs))}::timestamptz` : sql``;
  const position = cursor ? sql`AND (created_at, id) < (${pgTs(cursor.createdAt)}::timestamptz, ${cursor.id}::text)` : sql``;
  return {
    page: sql`
      SELECT * FROM app.payment_intents
      WHERE merchant_id = ${merchantId} ${status} ${chain} ${token} ${link} ${after} ${before} ${position}
      ORDER BY created_at DESC, id DESC
      LIMIT ${input.limit + 1}`,
    count: sql<{ n: bigint }[]>`
      SELECT count(*) AS n FROM app.payment_intents WHERE merchant_id = ${merchantId} ${status} ${chain} ${token} ${link} ${after} ${before}`,
  };
}

/**
 * Cancels an intent already checked with getVisibleIntent: a guarded update from awaiting_payment
 * that quarantines the reservation (VALUE_TAG_QUARANTINE_MINUTES) in the same statement. No event.
 */
export async function cancelVisibleIntent(ctx: AppContext, current: IntentRow): Promise<IntentRow> {
  const id = current.id;
  if (current.status !== "awaiting_payment") throw notCancellable(current);
  const now = nowMs(ctx);
  const releaseAfter = new Date(now.getTime() + ctx.config.valueTags.quarantineMs);
  const row = await cancelIntent(ctx.database.sql, id, now, releaseAfter);
  if (row) return intentFromDb(row);
  // Lost a race (confirmed, expired or cancelled meanwhile): report the status it has now.
  const [again] = await ctx.database.sql`SELECT * FROM app.payment_intents WHERE id = ${id}`;
  if (!again) throw notFound("payment_intent", id);
  throw notCancellable(intentFromDb(again));
}

function notCancellable(i: IntentRow) {
  return new ApiError(
    "intent_not_cancellable",
    `This payment intent cannot be cancelled because its status is '${i.status}'; only an intent in status 'awaiting_payment' can be cancelled.`,
  );
}
