/**
 * Customers' reusable deposit addresses: create (one per merchant and customer reference), get and
 * list. The address is computed here with no RPC (chain/deposit-address.ts): CREATE2 from the
 * deposit-address factory with the merchant's account and a reference derived from the row's random
 * id, so it is the same on every chain and nothing needs to exist anywhere before it is paid. The
 * row is committed before the address is shown: the indexer's read of app.deposit_addresses then
 * covers every block a payment to it can be in (indexer/deposit-addresses.ts).
 *
 * A key sees the addresses of the merchants it may see (modules/access/), in its mode; any other is
 * 404 like every other resource. Knows nothing about HTTP beyond throwing ApiError.
 */
import { getAddress, type Address } from "viem";
import type { AppContext } from "../../context.ts";
import type { SqlOrTx } from "../../db/client.ts";
import type { Mode } from "../../db/schema/core.ts";
import { ApiError, badCursor, notFound } from "../../domain/errors.ts";
import { isIdOf, newId } from "../../domain/ids.ts";
import { printableName } from "../../domain/text.ts";
import type { ChainName, TokenSymbol } from "../../domain/networks.ts";
import { fromPgTs, pgJson, pgTs } from "../../db/pg-values.ts";
import { pairsOf } from "../../chain/pairs.ts";
import { cachedDepositFactoryAddress, depositAddressAt, depositCustomerRef } from "../../chain/deposit-address.ts";
import type { Principal } from "../access/authenticator.ts";
import { merchantNamedByCreate, merchantNotActive } from "../payment-intents/named-merchant.ts";
import type { CreateDepositAddressInput } from "./input.ts";
import { fromRow, SELECT_DEPOSIT_ADDRESS, type AccountFacts, type DepositAddressRow } from "./row.ts";

/** A customer's deposit address: the merchant's account as owner, the row's id as reference. */
export async function customerDepositAddress(account: string, depositAddressId: string): Promise<Address> {
  return depositAddressAt(await cachedDepositFactoryAddress(), getAddress(account), depositCustomerRef(depositAddressId));
}

/** Where payments to the address are swept: the mode's enabled pairs on the chains where the account exists (a v1 account: USDC only). */
function networksOf(ctx: AppContext): (a: AccountFacts) => DepositAddressRow["networks"] {
  return (a) => {
    const byChain = new Map<ChainName, TokenSymbol[]>();
    for (const p of pairsOf(ctx, a.mode)) {
      if (!a.chainIds.includes(p.chainId) || (a.accountVersion !== 2 && p.token !== "USDC")) continue;
      const tokens = byChain.get(p.chain) ?? [];
      if (!tokens.includes(p.token)) tokens.push(p.token);
      byChain.set(p.chain, tokens);
    }
    return [...byChain].map(([chain, tokens]) => ({ chain, tokens }));
  };
}

async function findById(ctx: AppContext, sql: SqlOrTx, id: string): Promise<DepositAddressRow | undefined> {
  const [row] = await sql.unsafe(`${SELECT_DEPOSIT_ADDRESS} WHERE d.id = $1`, [id]);
  return row ? fromRow(row as Record<string, unknown>, networksOf(ctx)) : undefined;
}

/** The address if the key may see it (its merchant, in its mode); 404 for anything else. */
export async function visibleDepositAddress(ctx: AppContext, p: Principal, id: string): Promise<DepositAddressRow> {
  const row = isIdOf("depositAddress", id) ? await findById(ctx, ctx.database.sql, id) : undefined;
  if (!row || row.mode !== p.mode || !(await ctx.auth.canSeeMerchant(p, row.merchantId))) throw notFound("deposit_address", printableName(id));
  return row;
}

/** The merchant a create names, able to take payments (its account exists): 400 otherwise, as for intents. */
async function payableMerchant(ctx: AppContext, p: Principal, merchantId: string | undefined): Promise<{ id: string; mode: Mode; account: string }> {
  const m = await merchantNamedByCreate(ctx, p, merchantId);
  if (m.status !== "active" || m.paymentAddress === null) throw merchantNotActive(m.id, m.status, m.paymentAddress === null ? ", no account yet" : "");
  return { id: m.id, mode: m.mode, account: m.paymentAddress };
}

export type CreateDepositAddressOutcome = { kind: "created" | "existing"; row: DepositAddressRow };

/**
 * The customer's address: a new one, or the one the merchant already gave this reference (two
 * creates racing for one reference get the same row: the unique index decides, the loser reads).
 */
export async function createDepositAddress(ctx: AppContext, p: Principal, input: CreateDepositAddressInput): Promise<CreateDepositAddressOutcome> {
  const merchant = await payableMerchant(ctx, p, input.merchantId);
  const sql = ctx.database.sql;
  const existing = async () => {
    const [r] = await sql<{ id: string }[]>`
      SELECT id FROM app.deposit_addresses WHERE merchant_id = ${merchant.id} AND customer_reference = ${input.customerReference}`;
    return r ? findById(ctx, sql, r.id) : undefined;
  };
  const before = await existing();
  if (before) return { kind: "existing", row: before };
  const id = newId("depositAddress");
  const address = await customerDepositAddress(merchant.account, id);
  const now = ctx.clock.now();
  const inserted = await sql`
    INSERT INTO app.deposit_addresses (address, intent_id, merchant_id, owner_account, created_at, id, customer_reference, mode, account_id, metadata)
    VALUES (${address.toLowerCase()}, NULL, ${merchant.id}, ${merchant.account.toLowerCase()}, ${pgTs(now)}::timestamptz, ${id},
            ${input.customerReference}, ${merchant.mode}, ${p.accountId}, ${pgJson(input.metadata)}::text::jsonb)
    ON CONFLICT (merchant_id, customer_reference) WHERE customer_reference IS NOT NULL DO NOTHING
    RETURNING id`;
  const row = inserted.length > 0 ? await findById(ctx, sql, id) : await existing();
  if (!row) throw new Error(`deposit address of ${merchant.id} for a customer was neither written nor found`);
  return { kind: inserted.length > 0 ? "created" : "existing", row };
}

export interface DepositAddressPage {
  rows: DepositAddressRow[];
  hasMore: boolean;
  totalCount: number;
}

/** Addresses newest first: of one merchant (given, or the key's scope), else of every merchant the key's account may see in its mode. */
export async function listDepositAddresses(
  ctx: AppContext,
  p: Principal,
  input: { merchantId: string | undefined; customerReference: string | undefined; limit: number; startingAfter: string | undefined },
): Promise<DepositAddressPage> {
  const merchantId = input.merchantId ?? p.scopeMerchantId ?? undefined;
  if (merchantId !== undefined && (!isIdOf("merchant", merchantId) || !(await ctx.auth.canSeeMerchant(p, merchantId)))) throw notFound("merchant", printableName(merchantId));
  if (input.customerReference !== undefined && merchantId === undefined)
    throw new ApiError("parameter_missing", "Missing required param: merchant_id (a customer_reference is the merchant's own: name the merchant, or use a key scoped to it).", "merchant_id");
  const sql = ctx.database.sql;
  const scope =
    merchantId !== undefined
      ? sql`d.merchant_id = ${merchantId} AND d.mode = ${p.mode} AND d.customer_reference IS NOT NULL`
      : sql`d.mode = ${p.mode} AND d.customer_reference IS NOT NULL AND d.merchant_id IN (SELECT merchant_id FROM app.account_merchants WHERE account_id = ${p.accountId})`;
  const reference = input.customerReference === undefined ? sql`` : sql`AND d.customer_reference = ${input.customerReference}`;
  let position = sql``;
  if (input.startingAfter !== undefined) {
    const [c] = await sql<{ created_at: unknown; id: string }[]>`SELECT d.created_at, d.id FROM app.deposit_addresses d WHERE d.id = ${input.startingAfter} AND ${scope}`;
    if (!c) throw badCursor();
    position = sql`AND (d.created_at, d.id) < (${pgTs(fromPgTs(c.created_at))}::timestamptz, ${c.id}::text)`;
  }
  const [rows, [count]] = await Promise.all([
    sql`${sql.unsafe(SELECT_DEPOSIT_ADDRESS)} WHERE ${scope} ${reference} ${position} ORDER BY d.created_at DESC, d.id DESC LIMIT ${input.limit + 1}`,
    sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.deposit_addresses d WHERE ${scope} ${reference}`,
  ]);
  const hasMore = rows.length > input.limit;
  const toRow = networksOf(ctx);
  return { rows: (hasMore ? rows.slice(0, input.limit) : rows).map((r) => fromRow(r as Record<string, unknown>, toRow)), hasMore, totalCount: count?.n ?? 0 };
}
