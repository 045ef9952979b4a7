/**
 * Metrics of the chain area (matcher, reorgs, fee collection, balance reconciliation), on the
 * process-wide registry of src/metrics.ts. The counters count in the process that does the
 * work; the gauges below are recomputed from Postgres at every scrape, so they are right whichever
 * process serves /metrics.
 */
import { metrics } from "../../metrics.ts";
import { CHAIN_VIEWS, isViewsMissing } from "./chain-reader.ts";

export const matcherTransfers = metrics.counter(
  "stablepay_matcher_transfers_total",
  "USDC transfers handled by the matcher, by outcome (confirmed, late, unmatched, duplicate; partial: a deposit address paid less than its intent so far; customer: a payment to a customer's reusable deposit address).",
  ["chain_id", "outcome"],
);
/** From the block's timestamp to the intent's confirmation (the chain's block time, the indexer, the confirmation depth and the matcher together). */
export const blockToConfirmed = metrics.histogram(
  "stablepay_block_to_confirmed_seconds",
  "From a payment's block timestamp to its intent being confirmed by the matcher, by chain.",
  ["chain_id"],
  [0.5, 1, 2, 3, 5, 10, 20, 30, 60, 120, 300, 900],
);
/** A counter per chain. */
const perChain = (name: string, help: string) => metrics.counter(name, help, ["chain_id"]);

export const matcherReorged = perChain(
  "stablepay_matcher_reorged_transactions_total",
  "Recorded transactions whose transfer was reorganised out of the chain after the confirmation depth (marked failed). Alert on any increase.",
);
export const matcherMoved = perChain("stablepay_matcher_moved_transactions_total", "Recorded transactions whose transfer was re-included in another block by a reorg (still valid; block updated).");
export const matcherForeign = perChain(
  "stablepay_matcher_foreign_transfers_total",
  "Transfers to an indexed account that is no merchant of ours on the chain, kept aside in app.foreign_transfers (matched if a merchant's account is recorded there later).",
);
export const matcherErrors = perChain("stablepay_matcher_errors_total", "Failed matcher iterations (retried).");
export const balanceMismatches = perChain("stablepay_balance_mismatch_total", "Balance reads where the merchant account's on-chain USDC balance differed from the ledger.");
export const balanceChainReadFailures = perChain("stablepay_balance_chain_read_failures_total", "Balance reads that fell back to the ledger because the chain could not be read.");

const matcherLag = metrics.gauge(
  "stablepay_matcher_lag_blocks",
  "Indexed blocks (checkpoint minus confirmations) not yet covered by the matcher.",
  ["chain_id"],
);
const openAlerts = metrics.gauge("stablepay_chain_alerts_open", "Unresolved chain alerts (app.chain_alerts), by kind.", ["kind"]);
const feesPending = metrics.gauge(
  "stablepay_fees_pending",
  "Confirmed transactions whose platform fee is not collected yet (fee > 0).",
  ["chain_id"],
);

metrics.collector(async (ctx) => {
  const sql = ctx.database.sql;
  const alerts = await sql<{ kind: string; n: number }[]>`
    SELECT kind, count(*)::int AS n FROM app.chain_alerts WHERE resolved_at IS NULL GROUP BY kind`;
  openAlerts.reset();
  openAlerts.set({ kind: "transfer_reorged" }, 0);
  openAlerts.set({ kind: "fee_collection_failed" }, 0);
  openAlerts.set({ kind: "foreign_account" }, 0);
  for (const a of alerts) openAlerts.set({ kind: a.kind }, a.n);

  const fees = await sql<{ chain_id: number; n: number }[]>`
    SELECT chain_id, count(*)::int AS n FROM app.transactions
    WHERE fee_status IN ('pending', 'submitted') AND status <> 'failed' AND fee_units > 0 GROUP BY chain_id`;
  feesPending.reset();
  for (const chain of ctx.networks) feesPending.set({ chain_id: chain.chainId }, 0);
  for (const f of fees) feesPending.set({ chain_id: f.chain_id }, f.n);

  for (const chain of ctx.networks) {
    try {
      const rows = (await sql.unsafe(
        `SELECT (SELECT block_number FROM ${CHAIN_VIEWS}.chain_checkpoint WHERE chain_id = $1) AS cp,
                (SELECT covered_block FROM app.matcher_cursors WHERE chain_id = $1) AS covered`,
        [chain.chainId],
      )) as unknown as { cp: bigint | null; covered: bigint | null }[];
      const r = rows[0];
      if (r?.cp !== null && r?.cp !== undefined) {
        const safe = BigInt(r.cp) - BigInt(chain.confirmations);
        const covered = r.covered === null ? -1n : BigInt(r.covered);
        matcherLag.set({ chain_id: chain.chainId }, Number(safe > covered ? safe - covered : 0n));
      }
    } catch (err) {
      if (!isViewsMissing(err)) throw err;
    }
  }
});
