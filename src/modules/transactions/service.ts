/** Transaction reads for the API (rows are written by the matcher); knows nothing about HTTP beyond ApiError. */
import { and, count, desc, eq, gt, lt, sql, type SQL } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { transactions } from "../../db/schema/core.ts";
import { isIdOf } from "../../domain/ids.ts";
import type { Principal } from "../access/authenticator.ts";
import { ApiError, notFound, badCursor } from "../../domain/errors.ts";
import type { ListTransactionsInput } from "./model.ts";
import type { TransactionRow } from "./shapes.ts";
import { resolvePairFilter, type PairFilter } from "../../chain/pairs.ts";
import { inArray } from "drizzle-orm";

/** The transaction if the key may see it (its merchant, its mode, its scope); 404 otherwise. */
export async function getVisibleTransaction(ctx: AppContext, p: Principal, id: string): Promise<TransactionRow> {
  if (!isIdOf("transaction", id)) throw notFound("transaction", id);
  const [row] = await ctx.database.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), eq(transactions.mode, p.mode)));
  if (!row || !(await ctx.auth.canSeeMerchant(p, row.merchantId))) throw notFound("transaction", id);
  return row;
}

export interface TransactionPage {
  rows: TransactionRow[];
  hasMore: boolean;
  totalCount: number;
}

/**
 * One page of a merchant's transactions, newest first (`confirmed_at` desc, `id` desc), served by
 * the index (merchant_id[, status], confirmed_at DESC, id DESC). The cursor must be a transaction of
 * the same merchant within the same time window, else 400 parameter_invalid.
 */
export async function listTransactions(ctx: AppContext, p: Principal, input: ListTransactionsInput): Promise<TransactionPage> {
  const merchantId = await resolveMerchant(ctx, p, input.merchantId);
  const pair = resolvePairFilter(ctx, p.mode, input.chain, input.token);
  const db = ctx.database.db;
  let cursor: TransactionCursor | undefined;
  if (input.startingAfter !== undefined) {
    // A status filter does not disqualify the cursor: its transaction may have moved on (confirmed ->
    // settled) since the previous page was read. Merchant and time window do (confirmed_at never changes).
    const [row] = await db
      .select({ confirmedAt: transactions.confirmedAt, id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.id, input.startingAfter), ...timeWindow(merchantId, input), ...pairFilters(pair)));
    if (!row) throw badCursor();
    cursor = row;
  }
  const q = transactionListQueries(ctx.database.db, merchantId, input, cursor, pair);
  const [rows, [total]] = await Promise.all([q.page, q.count]);
  const hasMore = rows.length > input.limit;
  return { rows: hasMore ? rows.slice(0, input.limit) : rows, hasMore, totalCount: Number(total?.n ?? 0) };
}

export interface TransactionCursor {
  confirmedAt: Date;
  id: string;
}

function timeWindow(merchantId: string, input: Pick<ListTransactionsInput, "fromMs" | "toMs">): SQL[] {
  const window: SQL[] = [eq(transactions.merchantId, merchantId)];
  if (input.fromMs !== undefined) window.push(gt(transactions.confirmedAt, new Date(input.fromMs)));
  if (input.toMs !== undefined) window.push(lt(transactions.confirmedAt, new Date(input.toMs)));
  return window;
}

/**
 * The page query (one row more than the limit, for has_more) and the count query of a list,
 * unexecuted so that the benchmark can EXPLAIN exactly what runs (`.toSQL()`). Both are served by
 * the indexes (merchant_id, confirmed_at DESC, id DESC) and (merchant_id, status, confirmed_at DESC, id DESC).
 */
/** The pair filter (chain/pairs.ts resolvePairFilter) as conditions. */
function pairFilters(pair: PairFilter | undefined): SQL[] {
  const out: SQL[] = [];
  if (pair?.chainIds) out.push(inArray(transactions.chainId, pair.chainIds));
  if (pair?.token) out.push(eq(transactions.token, pair.token));
  return out;
}

export function transactionListQueries(db: Db, merchantId: string, input: Omit<ListTransactionsInput, "merchantId" | "startingAfter">, cursor: TransactionCursor | undefined, pair?: PairFilter) {
  const filters = timeWindow(merchantId, input);
  if (input.status) filters.push(eq(transactions.status, input.status));
  filters.push(...pairFilters(pair));
  if (input.settlementId)
    filters.push(sql`${transactions.id} IN (SELECT st.transaction_id FROM app.settlement_transactions st WHERE st.settlement_id = ${input.settlementId})`);
  if (input.depositAddressId) filters.push(eq(transactions.depositAddressId, input.depositAddressId));
  const pageFilters = [...filters];
  // Row comparison: one index range, whatever the number of rows sharing the cursor's timestamp.
  if (cursor) pageFilters.push(sql`(${transactions.confirmedAt}, ${transactions.id}) < (${cursor.confirmedAt.toISOString()}::timestamptz, ${cursor.id})`);
  return {
    page: db
      .select()
      .from(transactions)
      .where(and(...pageFilters))
      .orderBy(desc(transactions.confirmedAt), desc(transactions.id))
      .limit(input.limit + 1),
    count: db.select({ n: count() }).from(transactions).where(and(...filters)),
  };
}

/** docs/contributors.md "Lists": scoped keys may omit merchant_id; a merchant the key may not see is 404. */
async function resolveMerchant(ctx: AppContext, p: Principal, given: string | undefined): Promise<string> {
  const merchantId = given ?? p.scopeMerchantId;
  if (merchantId === null) throw new ApiError("parameter_missing", "Missing required param: merchant_id (this API key is not scoped to a single merchant).", "merchant_id");
  if (!isIdOf("merchant", merchantId) || !(await ctx.auth.canSeeMerchant(p, merchantId)))
    throw new ApiError("resource_missing", `No such merchant: '${printable(merchantId)}'`, "merchant_id");
  return merchantId;
}

function printable(s: string): string {
  const clean = s.replace(/[\u0000-\u001f\u007f]/g, "?");
  return clean.length > 60 ? `${clean.slice(0, 60)}…` : clean;
}
