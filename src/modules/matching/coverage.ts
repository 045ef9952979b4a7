/**
 * How far the matcher has got, for the expirer's fairness rule (docs/contributors.md "Matching": an intent
 * expires only after every block with timestamp <= expires_at, at confirmation depth, has been
 * processed).
 */
import type { SqlOrTx } from "../../db/client.ts";
import { fromPgTs } from "../../db/pg-values.ts";

/**
 * The block timestamp T such that every USDC transfer to a merchant account of `chainId` in a block
 * with timestamp <= T (and at the chain's confirmation depth) has been turned into a transaction,
 * or null when no such guarantee exists yet (the matcher has not run, or the indexer has not
 * reached the confirmation depth of any block since it started).
 *
 * An intent with `expires_at <= T` can be expired: a payment in time would already have confirmed
 * it. T is the covered block's timestamp minus 1 ms: block timestamps never decrease along a chain,
 * but several blocks may share one (anvil), so "processed every block up to B" guarantees "every
 * block with timestamp < timestamp(B)". expires_at has millisecond precision, so `expires_at <= T`
 * means `expires_at < timestamp(B)`.
 *
 * Merchant accounts the matcher does not cover yet (onboarded a moment ago: the indexer has not
 * passed the account's creation block, or the matcher is catching the account's history up) hold the answer
 * back: with no `merchantId`, any such merchant on the chain makes the result null (nothing on the
 * chain may expire, briefly); with a `merchantId`, only that merchant's coverage counts.
 */
export async function matcherCoveredUntil(sql: SqlOrTx, chainId: number, opts: { merchantId?: string } = {}): Promise<Date | null> {
  const merchantFilter = opts.merchantId ?? null;
  const [row] = await sql<{ covered: unknown; uncovered: number }[]>`
    SELECT c.covered_block_timestamp AS covered,
           (SELECT count(*)::int FROM app.merchants m
            WHERE m.chain_id = ${chainId} AND m.payment_address IS NOT NULL
              AND (${merchantFilter}::text IS NULL OR m.id = ${merchantFilter}::text)
              AND NOT EXISTS (SELECT 1 FROM app.matcher_accounts a
                              WHERE a.chain_id = m.chain_id AND a.merchant_account = lower(m.payment_address)
                                AND a.joined_at IS NOT NULL)) AS uncovered
    FROM app.matcher_cursors c WHERE c.chain_id = ${chainId}`;
  if (!row || row.covered === null || row.covered === undefined || row.uncovered > 0) return null;
  // Blocks after the covered one have timestamps >= its own (equal on chains that allow it, e.g.
  // anvil mining several blocks in a second), so only timestamps strictly below it are certain.
  return new Date(fromPgTs(row.covered).getTime() - 1);
}
