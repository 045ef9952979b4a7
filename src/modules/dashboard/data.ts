/**
 * What the dashboard shows, read through the services the API uses (balances, intent lists and
 * visibility), so that no rule is written twice; only the volume chart and an intent's timeline and
 * events are read here.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { chainById, type AppContext } from "../../context.ts";
import { accountMerchants, merchants } from "../../db/schema/core.ts";
import { fromPgTs } from "../../db/pg-values.ts";
import type { Mode } from "../../domain/mode.ts";
import type { Principal } from "../access/authenticator.ts";
import { refundFromDb } from "../refunds/shapes.ts";
import { availableUnits } from "../merchants/available.ts";
import { computeMerchantBalance } from "../merchants/balance.ts";
import type { MerchantRow } from "../merchants/service.ts";
import { listIntents } from "../payment-intents/service.ts";
import type { IntentRow } from "../payment-intents/shapes.ts";
import type { SettlementRow, SettlementWithdrawalRow } from "../../db/schema/settlement.ts";
import { listTransactions } from "../transactions/service.ts";
import type { TransactionRow } from "../transactions/shapes.ts";
import { listDeliveries, type DeliveryView } from "../webhooks/service.ts";
import type { DeliveryLine } from "./layout.ts";
import { networkOf } from "../pay/status.ts";
import { pairsOf } from "../../chain/pairs.ts";
import { requireChainName, type TokenSymbol } from "../../domain/networks.ts";
import type { ApiKeyView, MerchantBalanceView, PairBalanceView, PaymentDetailView, PaymentRowView, SettlementView, TeamMemberView, TransactionRowView } from "./pages.ts";

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An account may have thousands of merchants: no page reads them all. Pickers offer the first
 * PICKER_LIMIT (oldest first) and the one chosen; home shows the HOME_MERCHANTS most recently paid.
 */
export const PICKER_LIMIT = 100;
export const HOME_MERCHANTS = 12;

/** The account's merchants in `mode`, oldest first, at most `limit`. */
export async function accountMerchantsIn(ctx: AppContext, accountId: string, mode: Mode, limit = PICKER_LIMIT): Promise<MerchantRow[]> {
  const rows = await ctx.database.db
    .select({ m: merchants })
    .from(merchants)
    .innerJoin(accountMerchants, eq(accountMerchants.merchantId, merchants.id))
    .where(and(eq(accountMerchants.accountId, accountId), eq(merchants.mode, mode)))
    .orderBy(asc(merchants.createdAt), asc(merchants.id))
    .limit(limit);
  return rows.map((r) => r.m);
}

/** The merchants an account sees in `mode` (unscoped: every merchant linked to it), as SQL for `IN (…)`. */
function accountMerchantIds(ctx: AppContext, accountId: string, mode: Mode) {
  return ctx.database.sql`SELECT am.merchant_id FROM app.account_merchants am JOIN app.merchants m ON m.id = am.merchant_id WHERE am.account_id = ${accountId} AND m.mode = ${mode}`;
}

/** The account's merchants with refunds waiting for the owner's approval in `mode`, and how many each. */
export async function refundsAwaitingApproval(ctx: AppContext, accountId: string, mode: Mode): Promise<Array<{ merchantId: string; name: string; count: number }>> {
  const rows = await ctx.database.sql<{ merchant_id: string; name: string; n: number }[]>`
    SELECT r.merchant_id, m.business_name AS name, count(*)::int AS n
    FROM app.refunds r JOIN app.merchants m ON m.id = r.merchant_id
    WHERE r.merchant_id IN (${accountMerchantIds(ctx, accountId, mode)}) AND r.mode = ${mode} AND r.status = 'requires_approval'
    GROUP BY r.merchant_id, m.business_name ORDER BY n DESC, r.merchant_id LIMIT 10`;
  return rows.map((r) => ({ merchantId: r.merchant_id, name: r.name, count: r.n }));
}

/** How many merchants the account has in `mode`. */
export async function merchantCountOf(ctx: AppContext, accountId: string, mode: Mode): Promise<number> {
  const [row] = await ctx.database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM (${accountMerchantIds(ctx, accountId, mode)}) mine`;
  return row?.n ?? 0;
}

/** The account's `limit` merchants in `mode` paid most recently (then the oldest), for home's balances. */
export async function recentlyPaidMerchants(ctx: AppContext, accountId: string, mode: Mode, limit = HOME_MERCHANTS): Promise<MerchantRow[]> {
  const ids = await ctx.database.sql<{ id: string }[]>`
    SELECT m.id FROM app.merchants m
    LEFT JOIN LATERAL (SELECT t.confirmed_at FROM app.transactions t WHERE t.merchant_id = m.id ORDER BY t.confirmed_at DESC, t.id DESC LIMIT 1) last ON true
    WHERE m.id IN (${accountMerchantIds(ctx, accountId, mode)})
    ORDER BY last.confirmed_at DESC NULLS LAST, m.created_at, m.id
    LIMIT ${limit}`;
  if (ids.length === 0) return [];
  const rows = await ctx.database.db.select().from(merchants).where(inArray(merchants.id, ids.map((r) => r.id)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((r) => (byId.has(r.id) ? [byId.get(r.id)!] : []));
}

/**
 * A merchant's balance in each enabled pair of its mode (GET /v1/merchants/{id}/balances: the same
 * computeMerchantBalance per pairsOf), in the configuration's order; a mode with no enabled pair
 * shows the one balance the API answers then.
 */
export async function pairBalancesOf(ctx: AppContext, m: MerchantRow): Promise<PairBalanceView[]> {
  const pairs = pairsOf(ctx, m.mode);
  const list = await Promise.all(pairs.length ? pairs.map((p) => computeMerchantBalance(ctx, m, p)) : [computeMerchantBalance(ctx, m)]);
  return list.map((b) => ({ chain: b.chain, token: b.token, availableUnits: b.availableUnits, pendingUnits: b.pendingSettlementUnits, source: b.source }));
}

/** Home's balances: each merchant's, per enabled pair. */
export async function balancesOf(ctx: AppContext, list: MerchantRow[]): Promise<MerchantBalanceView[]> {
  return Promise.all(list.map(async (m) => ({ id: m.id, name: m.businessName, pairs: await pairBalancesOf(ctx, m) })));
}

/** What a cash-out takes now: the merchant's available balance of every pair (merchants/available.ts). */
export async function availableOf(ctx: AppContext, m: MerchantRow): Promise<bigint> {
  return availableUnits(ctx.database.sql, m.id);
}

/** Received per UTC day over the last 30 days (today included), failed transfers left out. */
export async function volumeOf(ctx: AppContext, accountId: string, mode: Mode, now: Date): Promise<Array<{ day: string; units: bigint }>> {
  const first = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - 29 * DAY_MS);
  const rows = await ctx.database.sql<{ day: string; units: string }[]>`
    SELECT to_char(date_trunc('day', confirmed_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, sum(amount_units)::text AS units
    FROM app.transactions
    WHERE merchant_id IN (${accountMerchantIds(ctx, accountId, mode)}) AND status <> 'failed' AND confirmed_at >= ${first.toISOString()}::timestamptz
    GROUP BY 1`;
  const byDay = new Map(rows.map((r) => [r.day, BigInt(r.units)]));
  return Array.from({ length: 30 }, (_, i) => {
    const day = new Date(first.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { day, units: byDay.get(day) ?? 0n };
  });
}

export function rowView(i: IntentRow, names: Map<string, string>): PaymentRowView {
  return { id: i.id, merchantName: names.get(i.merchantId) ?? i.merchantId, amountUnits: i.amountUnits, status: i.status, createdAt: i.createdAt, chain: requireChainName(i.chainId), token: i.token };
}

/**
 * The newest `limit` intents over all the account's merchants in `mode`: the newest `limit` of each
 * merchant (its list index), merged, in one statement however many merchants there are. Visibility
 * is the API's for an unscoped key: every intent of a merchant linked to the account.
 */
export async function recentPayments(ctx: AppContext, accountId: string, mode: Mode, limit: number): Promise<PaymentRowView[]> {
  const rows = await ctx.database.sql<{ id: string; business_name: string; amount_units: string; status: string; created_at: unknown; chain_id: number; token: TokenSymbol }[]>`
    SELECT pi.id, m.business_name, pi.amount_units::text AS amount_units, pi.status, pi.created_at, pi.chain_id, pi.token
    FROM app.merchants m
    CROSS JOIN LATERAL (
      SELECT id, amount_units, status, created_at, chain_id, token FROM app.payment_intents p
      WHERE p.merchant_id = m.id ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit}) pi
    WHERE m.id IN (${accountMerchantIds(ctx, accountId, mode)})
    ORDER BY pi.created_at DESC, pi.id DESC LIMIT ${limit}`;
  return rows.map((r) => ({
    id: r.id,
    merchantName: r.business_name,
    amountUnits: BigInt(r.amount_units),
    status: r.status,
    createdAt: fromPgTs(r.created_at),
    chain: requireChainName(Number(r.chain_id)),
    token: r.token,
  }));
}

/** An intent the principal may see, with its timeline (from its own and its payment's times) and its events. */
export async function paymentDetail(ctx: AppContext, intent: IntentRow, merchantName: string, accountId: string): Promise<PaymentDetailView> {
  const chain = chainById(ctx, intent.chainId);
  const explorer = chain ? networkOf(intent.mode, chain.chainId).txUrl : null;
  const sql = ctx.database.sql;
  const timeline: Array<{ at: Date; what: string }> = [{ at: intent.createdAt, what: "Created, awaiting payment" }];
  if (intent.transactionId) {
    const [t] = await sql`SELECT tx_hash, block_number, created_at, confirmed_at, fee_status, fee_collected_at FROM app.transactions WHERE id = ${intent.transactionId}`;
    if (t) {
      timeline.push({ at: fromPgTs(t.confirmed_at), what: `Transfer seen and confirmed in block ${String(t.block_number)} (${String(t.tx_hash).slice(0, 10)}…)` });
      if (t.fee_status === "collected" && t.fee_collected_at) timeline.push({ at: fromPgTs(t.fee_collected_at), what: "Platform fee collected" });
    }
  }
  if (intent.cancelledAt) timeline.push({ at: intent.cancelledAt, what: "Cancelled" });
  if (intent.expiredAt) timeline.push({ at: intent.expiredAt, what: "Expired (a payment sent now is still recorded)" });
  if (intent.settledAt) timeline.push({ at: intent.settledAt, what: "Settled to the merchant's bank" });
  timeline.sort((a, b) => a.at.getTime() - b.at.getTime());
  // The intent's own events and those of its payments, from its creation on (events of a merchant
  // are found by merchant and time first).
  const events = await sql<{ id: string; type: string; created_at: unknown }[]>`
    SELECT id, type, created_at FROM app.events
    WHERE merchant_id = ${intent.merchantId} AND mode = ${intent.mode} AND created_at >= ${intent.createdAt.toISOString()}::timestamptz
      AND (data->>'id' = ${intent.id} OR data->>'payment_intent_id' = ${intent.id})
    ORDER BY created_at, id LIMIT 50`;
  // This account's endpoints, read once for all the events.
  const mine = await accountEndpointIds(ctx, accountId);
  // Its refunds: the payment's sender (offered as the recipient, never assumed), what is
  // left to refund, and whether the merchant's account can refund at all.
  let refund: PaymentDetailView["refund"] = null;
  if (intent.transactionId && (intent.status === "confirmed" || intent.status === "settled")) {
    const [t] = await sql<{ sender_address: string; amount_units: string; refunded_units: string; account_version: number }[]>`
      SELECT t.sender_address, t.amount_units::text, t.refunded_units::text, m.account_version::int AS account_version
      FROM app.transactions t JOIN app.merchants m ON m.id = t.merchant_id WHERE t.id = ${intent.transactionId}`;
    if (t) {
      const rows = await sql`SELECT * FROM app.refunds WHERE payment_intent_id = ${intent.id} ORDER BY created_at DESC, id DESC LIMIT 50`;
      refund = {
        sender: t.sender_address,
        refundableUnits: BigInt(t.amount_units) - BigInt(t.refunded_units),
        accountVersion: Number(t.account_version),
        refunds: rows.map(refundFromDb).map((r) => ({ id: r.id, amountUnits: r.amountUnits, status: r.status, recipient: r.recipientAddress, payer: r.payerAddress, txHash: r.txHash, failure: r.failureReason, createdAt: r.createdAt })),
      };
    }
  }
  // Paid by signature: the relay that paid it (the confirmed transfer's transaction is the relay's).
  const [relayRow] = intent.txHash
    ? await sql<{ relay_tx_hash: string; relay_gas_used: string | null; relay_gas_price: string | null; relay_submitted_at: unknown }[]>`
        SELECT relay_tx_hash, relay_gas_used::text, relay_gas_price::text, relay_submitted_at FROM app.payment_authorizations
        WHERE intent_id = ${intent.id} AND relay_tx_hash = ${intent.txHash.toLowerCase()}`
    : [];
  if (relayRow?.relay_submitted_at) {
    timeline.push({ at: fromPgTs(relayRow.relay_submitted_at), what: "Signed by the customer (no gas needed); sent by the service" });
    timeline.sort((a, b) => a.at.getTime() - b.at.getTime());
  }
  return {
    refund,
    relay: relayRow
      ? { txHash: relayRow.relay_tx_hash, gasUsed: relayRow.relay_gas_used === null ? null : BigInt(relayRow.relay_gas_used), gasPriceWei: relayRow.relay_gas_price === null ? null : BigInt(relayRow.relay_gas_price) }
      : null,
    id: intent.id,
    merchantName,
    status: intent.status,
    amountUnits: intent.amountUnits,
    feeUnits: intent.feeUnits,
    netUnits: intent.netUnits,
    paymentAddress: intent.paymentAddress,
    chain: requireChainName(intent.chainId),
    token: intent.token,
    txHash: intent.txHash,
    txUrl: explorer && intent.txHash ? `${explorer}${intent.txHash}` : null,
    payPageUrl: `${ctx.config.publicBaseUrl}/pay/${intent.id}`,
    metadata: intent.metadata as Record<string, string>,
    timeline,
    events: await Promise.all(events.map(async (e) => ({ id: e.id, type: e.type, at: fromPgTs(e.created_at), deliveries: (await deliveriesToAccount(ctx, e.id, mine, 20)).map(deliveryLine) }))),
  };
}

/** A settlement as its pages show it; with its withdrawals per (chain, token) pair on its own page. */
export function settlementView(s: SettlementRow, withdrawals: readonly SettlementWithdrawalRow[] = []): SettlementView {
  return {
    withdrawals: withdrawals.map((w) => {
      const explorer = networkOf(s.mode, w.chainId).txUrl;
      return {
        chain: requireChainName(w.chainId),
        token: w.token,
        amountUnits: w.amountUnits,
        status: w.state,
        // A pending pair that met an error is retried by the settler; the error itself is the operator's.
        retrying: w.state === "pending" && w.lastError !== null,
        txHash: w.txHash,
        txUrl: explorer && w.txHash ? `${explorer}${w.txHash}` : null,
        withdrawnAt: w.withdrawnAt,
      };
    }),
    id: s.id,
    amountUnits: s.amountUnits,
    status: s.status,
    transactionCount: s.transactionCount,
    bank: `${s.bankName} ····${s.bankLast4}`,
    initiatedAt: s.initiatedAt,
    expectedArrival: s.expectedArrivalDate,
    completedAt: s.completedAt,
    withdrawalTx: s.withdrawalTxHash,
    failure: s.failureMessage,
  };
}

/**
 * Transactions as the dashboard lists them, each flagged when it is not its intent's own payment:
 * a late payment (its intent had expired or was cancelled, or was paid already) or one that matched
 * no intent, with what the merchant can do about it.
 */
export async function transactionViews(ctx: AppContext, rows: TransactionRow[]): Promise<TransactionRowView[]> {
  const intentIds = [...new Set(rows.flatMap((t) => (t.paymentIntentId ? [t.paymentIntentId] : [])))];
  const owners = intentIds.length
    ? new Map(
        (await ctx.database.sql<{ id: string; transaction_id: string | null; status: string }[]>`
          SELECT id, transaction_id, status FROM app.payment_intents WHERE id = ANY(${intentIds}::text[])`).map((r) => [r.id, r]),
      )
    : new Map<string, { id: string; transaction_id: string | null; status: string }>();
  return rows.map((t) => {
    const owner = t.paymentIntentId ? owners.get(t.paymentIntentId) : undefined;
    let flag: TransactionRowView["flag"] = null;
    // A payment to a customer's reusable address has no intent by design: it is that customer's payment.
    if (!t.paymentIntentId && !t.depositAddressId)
      flag = { kind: "unmatched", text: "the amount matched no open payment of this merchant. The funds are in the merchant's balance; refund the customer or match it to an order yourself." };
    else if (owner && owner.transaction_id !== t.id)
      flag = {
        kind: "late",
        text: `it arrived for a payment that was ${owner.status === "confirmed" || owner.status === "settled" ? "paid already (a second payment)" : owner.status} when it came. The funds are in the merchant's balance; deliver the order or refund the customer.`,
      };
    return {
      id: t.id,
      amountUnits: t.amountUnits,
      netUnits: t.netUnits,
      status: t.status,
      settlementStatus: t.settlementStatus,
      confirmedAt: t.confirmedAt,
      txHash: t.txHash,
      flag,
      intentId: t.paymentIntentId,
      depositAddressId: t.depositAddressId,
      chain: requireChainName(t.chainId),
      token: t.token,
    };
  });
}

/** A page of a merchant's transactions (the API's list), flagged. */
export async function transactionsPageOf(ctx: AppContext, p: Principal, merchantId: string, startingAfter: string | undefined, settlementId?: string, pair?: { chain: string; token: string }) {
  const page = await listTransactions(ctx, p, { merchantId, status: undefined, fromMs: undefined, toMs: undefined, settlementId, limit: 25, startingAfter, chain: pair?.chain, token: pair?.token });
  return { rows: await transactionViews(ctx, page.rows), total: page.totalCount, next: page.hasMore ? page.rows.at(-1)?.id : undefined };
}

/** The account's API keys in `mode`, newest first, with what each may see. */
export async function apiKeysOf(ctx: AppContext, accountId: string, mode: Mode): Promise<ApiKeyView[]> {
  const rows = await ctx.database.sql<{ id: string; merchant_id: string | null; business_name: string | null; key_hint: string; can_refund: boolean; created_at: unknown; revoked_at: unknown }[]>`
    SELECT k.id, k.merchant_id, m.business_name, k.key_hint, k.can_refund, k.created_at, k.revoked_at FROM app.api_keys k
    LEFT JOIN app.merchants m ON m.id = k.merchant_id
    WHERE k.account_id = ${accountId} AND k.mode = ${mode} ORDER BY k.created_at DESC, k.id DESC LIMIT 200`;
  return rows.map((r) => ({
    id: r.id,
    hint: r.key_hint,
    scope: `${r.merchant_id ? `${r.business_name ?? r.merchant_id} only` : "all merchants"}${r.can_refund ? "; may refund" : ""}`,
    createdAt: fromPgTs(r.created_at),
    revokedAt: r.revoked_at ? fromPgTs(r.revoked_at) : null,
  }));
}

/** True when key `id` belongs to the account in `mode` (what a dashboard user may revoke). */
export async function isAccountKey(ctx: AppContext, accountId: string, mode: Mode, id: string): Promise<boolean> {
  const [row] = await ctx.database.sql`SELECT 1 FROM app.api_keys WHERE id = ${id} AND account_id = ${accountId} AND mode = ${mode}`;
  return row !== undefined;
}

export async function teamOf(ctx: AppContext, accountId: string): Promise<TeamMemberView[]> {
  const rows = await ctx.database.sql<{ id: string; email: string; role: string; terminal_name: string | null; password_hash: string | null; created_at: unknown }[]>`
    SELECT u.id, u.email, u.role, t.name AS terminal_name, u.password_hash, u.created_at
    FROM app.dashboard_users u LEFT JOIN app.terminals t ON t.id = u.terminal_id
    WHERE u.account_id = ${accountId} ORDER BY u.created_at, u.id`;
  return rows.map((r) => ({ id: r.id, email: r.email, role: r.role, terminalName: r.terminal_name, passwordSet: r.password_hash !== null, createdAt: fromPgTs(r.created_at) }));
}

/** The ids of the account's webhook endpoints (both modes). */
export async function accountEndpointIds(ctx: AppContext, accountId: string): Promise<Set<string>> {
  return new Set((await ctx.database.sql<{ id: string }[]>`SELECT id FROM app.webhook_endpoints WHERE account_id = ${accountId}`).map((r) => r.id));
}

/**
 * The newest `limit` deliveries of an event, those to the account's endpoints (`mine`) only: an
 * event about a merchant linked to several accounts is delivered to each, and each sees its own.
 */
export async function deliveriesToAccount(ctx: AppContext, eventId: string, mine: Set<string>, limit: number): Promise<DeliveryView[]> {
  return (await listDeliveries(ctx.database.sql, { eventId, limit })).filter((d) => mine.has(d.endpoint_id));
}

function deliveryLine(d: DeliveryView): DeliveryLine {
  const last = d.attempts.at(-1);
  return { url: d.url ?? d.endpoint_id, status: d.status, attempts: d.attempts.length, last: last?.outcome ?? null, lastStatus: last?.status_code ?? null };
}

/** The registers of the account's merchants, both modes (a cashier is bound to one). */
export async function accountTerminals(ctx: AppContext, accountId: string): Promise<Array<{ id: string; name: string }>> {
  const rows = await ctx.database.sql<{ id: string; name: string; business_name: string; mode: string }[]>`
    SELECT t.id, t.name, m.business_name, t.mode FROM app.terminals t JOIN app.merchants m ON m.id = t.merchant_id
    WHERE t.merchant_id IN (SELECT merchant_id FROM app.account_merchants WHERE account_id = ${accountId}) ORDER BY t.created_at, t.id LIMIT 200`;
  return rows.map((r) => ({ id: r.id, name: `${r.name} (${r.business_name}, ${r.mode})` }));
}
