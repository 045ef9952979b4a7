/**
 * The backlogs of the worker roles, computed from Postgres at every scrape (one statement): a role
 * that stopped working shows as work waiting longer and longer, whichever process serves /metrics,
 * even where the stopped role's own process is gone. Ages are of the oldest item (0: none).
 *
 * - webhook deliveries due: pending and past their next attempt (a claimed one's next attempt is
 *   its lease's end, so it is not due while a dispatcher works on it);
 * - intents past expiry still awaiting payment: the expirer waits for the matcher to cover the
 *   expiry's block, so a few seconds are normal, minutes are not;
 * - refunds pending: paid for and being sent by the refund sender (those waiting for the owner's
 *   approval are not ours to send);
 * - fees not collected: counted per chain by stablepay_fees_pending (matching/metrics.ts); the age
 *   of the oldest is here.
 * Relays of payments by signature waiting for the signer are stablepay_operator_handovers_waiting.
 */
import { metrics } from "../../metrics.ts";

const deliveriesDue = metrics.gauge("stablepay_webhook_deliveries_due", "Webhook deliveries pending and due (past their next attempt, not claimed).");
const deliveryOldestDue = metrics.gauge("stablepay_webhook_delivery_oldest_due_seconds", "How long the oldest due webhook delivery has been due (0: none).");
const intentsOverdue = metrics.gauge("stablepay_intents_overdue", "Intents past their expiry still awaiting payment (not expired yet), by mode.", ["mode"]);
const intentOldestOverdue = metrics.gauge("stablepay_intent_overdue_oldest_seconds", "How long the oldest intent past its expiry has been awaiting payment since it expired (0: none).");
const refundsPending = metrics.gauge("stablepay_refunds_pending", "Refunds paid for and not sent or confirmed yet (status pending), by chain.", ["chain_id"]);
const refundOldestPending = metrics.gauge("stablepay_refund_pending_oldest_seconds", "Age of the oldest pending refund (0: none).");
const feeOldestPending = metrics.gauge("stablepay_fee_pending_oldest_seconds", "How long since the oldest payment whose platform fee is not collected yet was confirmed (0: none).");

metrics.collector(async (ctx) => {
  const [r] = await ctx.database.sql<{ due: number; due_age: number | null; overdue_age: number | null; refund_age: number | null; fee_age: number | null; overdue: { mode: string; n: number }[] | null; refunds: { chain_id: number; n: number }[] | null }[]>`
    SELECT
      (SELECT count(*)::int FROM app.webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= now()) AS due,
      (SELECT extract(epoch FROM now() - min(next_attempt_at))::float8 FROM app.webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= now()) AS due_age,
      (SELECT json_agg(json_build_object('mode', mode, 'n', n)) FROM (
         SELECT mode, count(*)::int AS n FROM app.payment_intents WHERE status = 'awaiting_payment' AND expires_at < now() GROUP BY mode) o) AS overdue,
      (SELECT extract(epoch FROM now() - min(expires_at))::float8 FROM app.payment_intents WHERE status = 'awaiting_payment' AND expires_at < now()) AS overdue_age,
      (SELECT json_agg(json_build_object('chain_id', chain_id, 'n', n)) FROM (
         SELECT chain_id, count(*)::int AS n FROM app.refunds WHERE status = 'pending' GROUP BY chain_id) p) AS refunds,
      (SELECT extract(epoch FROM now() - min(created_at))::float8 FROM app.refunds WHERE status = 'pending') AS refund_age,
      (SELECT extract(epoch FROM now() - min(confirmed_at))::float8 FROM app.transactions
        WHERE fee_status IN ('pending', 'submitted') AND status <> 'failed' AND fee_units > 0) AS fee_age`;
  deliveriesDue.set({}, r?.due ?? 0);
  deliveryOldestDue.set({}, Math.max(0, r?.due_age ?? 0));
  intentsOverdue.reset();
  for (const mode of ["test", "live"]) intentsOverdue.set({ mode }, 0);
  for (const o of r?.overdue ?? []) intentsOverdue.set({ mode: o.mode }, o.n);
  intentOldestOverdue.set({}, Math.max(0, r?.overdue_age ?? 0));
  refundsPending.reset();
  for (const chain of ctx.networks) refundsPending.set({ chain_id: chain.chainId }, 0);
  for (const p of r?.refunds ?? []) refundsPending.set({ chain_id: p.chain_id }, p.n);
  refundOldestPending.set({}, Math.max(0, r?.refund_age ?? 0));
  feeOldestPending.set({}, Math.max(0, r?.fee_age ?? 0));
});
