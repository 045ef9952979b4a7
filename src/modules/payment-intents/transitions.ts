/**
 * The only place that writes a payment intent's status (issue "architecture": one home per state
 * change). Each transition is a guarded UPDATE whose guard is read from the state machine
 * (src/domain/intent-status.ts): the statuses from which the trigger is allowed. A lost race is then
 * a no-op, never a corruption. Batch statements that must stay one statement for their exactly-once
 * guarantee (the matcher's record, the expiry batch) embed the step as SQL text taken from here.
 */
import type { SqlOrTx } from "../../db/client.ts";
import { pgTs } from "../../db/pg-values.ts";
import { INTENT_STATUSES, transition, type IntentStatus, type IntentTrigger } from "../../domain/intent-status.ts";

/** The statuses from which `trigger` is allowed. */
export function allowedFrom(trigger: IntentTrigger): IntentStatus[] {
  return INTENT_STATUSES.filter((s) => transition(s, trigger) !== undefined);
}

/** The status `trigger` leads to (the machine has one target per trigger). */
function target(trigger: IntentTrigger): IntentStatus {
  const to = new Set(allowedFrom(trigger).map((s) => transition(s, trigger)));
  if (to.size !== 1) throw new Error(`intent trigger ${trigger} has ${to.size} targets`);
  return [...to][0]!;
}

/** `<column> IN ('…')`: the guard of `trigger`. Statuses are fixed literals of the union, never input. */
export function guardOf(trigger: IntentTrigger, column = "status"): string {
  return `${column} IN (${allowedFrom(trigger).map((s) => `'${s}'`).join(", ")})`;
}

/**
 * The matcher's confirm step, a CTE body for matching/record.ts: confirms every intent of `ids`
 * whose row in `done` (columns id, payment_intent_id, confirm, intent_net, intent_fee, tx_hash)
 * carries its payment. Returns the confirming transaction ids (`txn_id`).
 */
export function confirmStepSql(p: { ids: string; at: string }): string {
  return `UPDATE app.payment_intents p
      SET status = '${target("payment_confirmed")}', net_units = d.intent_net, fee_units = d.intent_fee, tx_hash = d.tx_hash,
          confirmed_at = ${p.at}, transaction_id = d.id
      FROM done d
      WHERE p.id = ANY (${p.ids}) AND d.confirm AND p.id = d.payment_intent_id AND ${guardOf("payment_confirmed", "p.status")}
      RETURNING d.id AS txn_id`;
}

/**
 * The matcher's confirm step of a deposit intent, a CTE body for matching/deposits.ts: confirms the
 * intent of `id` when its row in `done` (columns id, payment_intent_id, confirm, intent_net,
 * intent_fee, tx_hash, received) carries the payment that completes it, recording what its address
 * received. Returns the confirming transaction id (`txn_id`).
 */
export function confirmDepositStepSql(p: { id: string; at: string }): string {
  return `UPDATE app.payment_intents p
      SET status = '${target("payment_confirmed")}', net_units = d.intent_net, fee_units = d.intent_fee, tx_hash = d.tx_hash,
          confirmed_at = ${p.at}, transaction_id = d.id, received_units = d.received
      FROM done d
      WHERE p.id = ${p.id} AND d.confirm AND p.id = d.payment_intent_id AND p.payment_address_type = 'deposit'
        AND ${guardOf("payment_confirmed", "p.status")}
      RETURNING d.id AS txn_id`;
}

/**
 * The expiry step, a CTE body for expiry.ts: expires the intents of `ids` (still in their allowed
 * status) and returns the columns the expired event is built from.
 */
export function expireStepSql(p: { ids: string; at: string }): string {
  return `UPDATE app.payment_intents p SET status = '${target("ttl_elapsed")}', expired_at = ${p.at}
         WHERE p.id = ANY (${p.ids}) AND ${guardOf("ttl_elapsed", "p.status")}
         RETURNING p.id, p.mode, p.account_id, p.merchant_id, p.status, p.amount_units,
                   p.payment_address, p.expires_at, p.metadata, p.created_at`;
}

/**
 * Cancels one intent and quarantines its reservation until `releaseAfter`, in one statement.
 * Returns the cancelled row, or undefined when the intent was no longer cancellable.
 */
export async function cancelIntent(sql: SqlOrTx, id: string, now: Date, releaseAfter: Date): Promise<Record<string, unknown> | undefined> {
  const [row] = await sql`
    WITH c AS (
      UPDATE app.payment_intents SET status = ${target("cancel")}, cancelled_at = ${pgTs(now)}::timestamptz
      WHERE id = ${id} AND ${sql.unsafe(guardOf("cancel"))}
      RETURNING *
    ), r AS (
      UPDATE app.reservations res SET released_after = ${pgTs(releaseAfter)}::timestamptz
      FROM c
      WHERE res.merchant_id = c.merchant_id AND res.token = c.token AND res.expected_units = c.expected_units AND res.intent_id = c.id
    )
    SELECT * FROM c`;
  return row as Record<string, unknown> | undefined;
}

/**
 * Settles the intents of `intentIds` whose own payment is among `txnIds` (a late or duplicate
 * payment linked to an intent does not settle it), at `at`.
 */
export async function settleIntents(sql: SqlOrTx, intentIds: string[], txnIds: string[], at: Date): Promise<void> {
  if (intentIds.length === 0) return;
  await sql`
    UPDATE app.payment_intents SET status = ${target("settled")}, settled_at = ${pgTs(at)}::timestamptz
    WHERE id = ANY(${intentIds}::text[]) AND ${sql.unsafe(guardOf("settled"))}
      AND (transaction_id = ANY(${txnIds}::text[]) OR transaction_id IS NULL)`;
}
