/**
 * The one definition of a merchant's `available` balance (docs/contributors.md "Settlement": "a run takes the merchant's
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
 *
 * Refunds take money from the same account: `available` is that net minus what refunds
 * set aside (`refundsToSetAside`): every refund that holds money (requires_approval, pending,
 * succeeded, or failed while its owner's signature may still pay: held_until) and that no
 * settlement run has set aside yet, plus back every refund a run set aside that then failed (and is
 * no longer held) or was cancelled and no later run gave back. A run takes the same figure and marks
 * those refunds (refunds/ledger.ts), so a settlement and a refund never spend the same money. Both
 * decide under one lock per merchant (`lockMerchantMoney`): the one owner of the account's outgoing
 * money.
 */
import type { SqlOrTx } from "../../db/client.ts";

/** pg_advisory_xact_lock(MERCHANT_MONEY_LOCK_CLASS, hashtext(merchant_id)): settlement runs and refund creations of one merchant, one at a time. */
export const MERCHANT_MONEY_LOCK_CLASS = 0x53544c4d; // "STLM", the settlement lock it was

/** Takes the merchant's money lock until the end of the transaction `tx`. */
export async function lockMerchantMoney(tx: SqlOrTx, merchantId: string): Promise<void> {
  await tx`SELECT pg_advisory_xact_lock(${MERCHANT_MONEY_LOCK_CLASS}, hashtext(${merchantId}))`;
}

/** Refund statuses that hold money (domain/refund-status.ts holdsMoney), as SQL literals. */
const HOLDING = "('requires_approval', 'pending', 'succeeded')";
/** A refund that holds money (alias `r`): by its status, or failed with its owner's signature still able to pay (held_until). */
const HOLDS = `(r.status IN ${HOLDING} OR r.held_until IS NOT NULL)`;

/**
 * WHERE clause of the refunds whose amount `available` still counts (alias `r`): holding money and
 * set aside by no run (subtracted), or set aside by a run, then failed or cancelled, and not given
 * back yet (added back).
 */
export function refundsToSetAside(sql: SqlOrTx, merchantId: string) {
  return sql`r.merchant_id = ${merchantId}
             AND ((r.settlement_id IS NULL AND ${sql.unsafe(HOLDS)})
               OR (r.settlement_id IS NOT NULL AND r.released_settlement_id IS NULL AND NOT ${sql.unsafe(HOLDS)}))`;
}

/** The signed amount a refund row counts for in `available`'s deduction (alias `r`): + holding, - given back. */
export function refundDeductionSql(sql: SqlOrTx) {
  return sql`CASE WHEN ${sql.unsafe(HOLDS)} THEN r.amount_units ELSE -r.amount_units END`;
}

/**
 * WHERE clause of the transactions that `available` counts (table alias `t`). Every pair's of a v2
 * account; of a v1 account (MerchantAccount: USDC only) its USDC only: another token sent to it (a
 * stranger's: such intents are refused) can be moved by its owner alone, so no run can take it.
 */
export function availableTransactions(sql: SqlOrTx, merchantId: string) {
  // A payment still at its deposit address (not swept into the account yet) is not in the account.
  return sql`t.merchant_id = ${merchantId} AND t.status = 'confirmed' AND t.settlement_id IS NULL
             AND t.withdrawal_settlement_id IS NULL AND t.settlement_status IN ('pending', 'failed') AND t.fee_status <> 'awaiting_sweep'
             AND (t.token = 'USDC' OR EXISTS (SELECT 1 FROM app.merchants am WHERE am.id = t.merchant_id AND am.account_version = 2))`;
}

/** WHERE clause of the transactions withdrawn by a settlement whose ACH transfer was returned (alias `t`). */
export function returnedTransactions(sql: SqlOrTx, merchantId: string) {
  return sql`t.merchant_id = ${merchantId} AND t.status = 'confirmed' AND t.settlement_id IS NULL
             AND t.withdrawal_settlement_id IS NOT NULL AND t.settlement_status = 'failed'`;
}

/**
 * Σ net of the transactions `available` counts, in base units; with `pair`, only that (chain, token)'s
 * (GET balance per pair). A settlement run takes every pair's (the total, without `pair`).
 */
export async function availableUnits(sql: SqlOrTx, merchantId: string, pair?: { chainId: number; token: string }): Promise<bigint> {
  const ofPair = pair ? sql`AND t.chain_id = ${pair.chainId} AND t.token = ${pair.token}` : sql``;
  const refundsOfPair = pair ? sql`AND r.chain_id = ${pair.chainId} AND r.token = ${pair.token}` : sql``;
  const [r] = await sql<{ units: string | null; refunds: string | null }[]>`
    SELECT (SELECT sum(t.net_units) FROM app.transactions t WHERE ${availableTransactions(sql, merchantId)} ${ofPair})::text AS units,
           (SELECT sum(${refundDeductionSql(sql)}) FROM app.refunds r WHERE ${refundsToSetAside(sql, merchantId)} ${refundsOfPair})::text AS refunds`;
  return (r?.units ? BigInt(r.units) : 0n) - (r?.refunds ? BigInt(r.refunds) : 0n);
}
