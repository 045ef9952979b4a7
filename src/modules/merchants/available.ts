/**
 * The one definition of a merchant's `available` balance (DECISIONS.md "a run takes the merchant's
 * available balance"): the net amount of every confirmed payment that is still in the merchant
 * account and in no settlement, whatever the state of its platform fee.
 *
 * GET /v1/merchants/{id}/balance sums it, a settlement run takes exactly these transactions, and the
 * dashboard shows the same figure, so the three cannot drift apart. The fee plays no part: a run
 * withdraws net amounts only, so a fee not collected yet (or whose collection failed for good) stays
 * in the account, where the fee collector still finds it (the contract caps fees by what was received).
 *
 * A settlement also re-sends money it withdrew earlier whose ACH transfer was returned
 * (`returnedTransactions`): that money already sits at the payout address, so it is not in the
 * account and not in `available`.
 */
import type { SqlOrTx } from "../../db/client.ts";

/**
 * WHERE clause of the transactions that `available` counts (table alias `t`). Every pair's of a v2
 * account; of a v1 account (MerchantAccount: USDC only) its USDC only: another token sent to it (a
 * stranger's: such intents are refused) can be moved by its owner alone, so no run can take it.
 */
export function availableTransactions(sql: SqlOrTx, merchantId: string) {
  return sql`t.merchant_id = ${merchantId} AND t.status = 'confirmed' AND t.settlement_id IS NULL
             AND t.withdrawal_settlement_id IS NULL AND t.settlement_status IN ('pending', 'failed')
             AND (t.token = 'USDC' OR EXISTS (SELECT 1 FROM app.merchants am WHERE am.id = t.merchant_id AND am.account_version = 2))`;
}

/** WHERE clause of the transactions withdrawn by a settlement whose ACH transfer was returned (alias `t`). */
export function returnedTransactions(sql: SqlOrTx, merchantId: string) {
  return sql`t.merchant_id = ${merchantId} AND t.status = 'confirmed' AND t.settlement_id IS NULL
             AND t.withdrawal_settlement_id IS NOT NULL AND t.settlement_status = 'failed'`;
}

/**
 * Σ net of the transactions `available` counts, in base units; with `pair`, only that (chain, token)'s
 * (GET balance per pair, issue 27). A settlement run takes every pair's (the total, without `pair`).
 */
export async function availableUnits(sql: SqlOrTx, merchantId: string, pair?: { chainId: number; token: string }): Promise<bigint> {
  const ofPair = pair ? sql`AND t.chain_id = ${pair.chainId} AND t.token = ${pair.token}` : sql``;
  const [r] = await sql<{ units: string | null }[]>`
    SELECT sum(t.net_units)::text AS units FROM app.transactions t WHERE ${availableTransactions(sql, merchantId)} ${ofPair}`;
  return r?.units ? BigInt(r.units) : 0n;
}
