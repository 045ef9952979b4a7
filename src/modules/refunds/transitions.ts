/**
 * The only place that writes a refund's status (one home per state change). Each move is a guarded
 * UPDATE whose guard is read from the state machine (domain/refund-status.ts); in the same database
 * transaction it keeps the payment's and the intent's `refunded_units` and writes the refund's event
 * to the outbox. A lost race is a no-op (undefined), never a corruption.
 *
 * Lock order, whoever writes: refund row, then the payment's transaction row, then the intent row
 * (a settlement run takes the merchant's money lock, then refund rows, then transaction rows).
 */
import type { SqlOrTx } from "../../db/client.ts";
import { pgJson, pgTs } from "../../db/pg-values.ts";
import { holdsMoney, refundAllowedFrom, refundTransition, type RefundTrigger } from "../../domain/refund-status.ts";
import type { WebhookEventType } from "../../db/schema/core.ts";
import { insertEvent } from "../outbox/outbox.ts";
import { refundFromDb, refundShape, type RefundRow } from "./shapes.ts";

/** `status IN (…)`: the guard of `trigger`. Statuses are fixed literals of the union, never input. */
function guard(trigger: RefundTrigger): string {
  return `status IN (${refundAllowedFrom(trigger).map((s) => `'${s}'`).join(", ")})`;
}

function target(trigger: RefundTrigger): string {
  const to = new Set(refundAllowedFrom(trigger).map((s) => refundTransition(s, trigger)));
  if (to.size !== 1) throw new Error(`refund trigger ${trigger} has ${to.size} targets`);
  return [...to][0]!;
}

const EVENT_OF: Record<RefundTrigger, WebhookEventType> = {
  approved: "refund.updated",
  budget_short: "refund.updated",
  cancel: "refund.updated",
  confirmed: "refund.succeeded",
  failed: "refund.failed",
  paid_late: "refund.succeeded",
};

export interface NewRefund {
  id: string;
  mode: RefundRow["mode"];
  accountId: string;
  merchantId: string;
  paymentIntentId: string | null;
  /** True when the refunded payment is the intent's own (its amount_refunded counts it). */
  intentsOwnPayment: boolean;
  transactionId: string;
  chainId: number;
  token: string;
  tokenAddress: string;
  merchantAccount: string;
  amountUnits: bigint;
  recipientAddress: string;
  /** The payment's sender: the only recipient a budget refund may have. */
  payerAddress: string;
  reason: string | null;
  metadata: Record<string, string>;
  status: "pending" | "requires_approval";
  method: "budget" | null;
  refundRef: string;
  paymentRef: string;
  createdAt: Date;
}

/** Inserts a refund (a budget refund only to its payer), counts it on its payment (and intent) and writes refund.created. The caller holds the locks. */
export async function insertRefund(tx: SqlOrTx, r: NewRefund): Promise<RefundRow> {
  if (r.method === "budget" && r.recipientAddress.toLowerCase() !== r.payerAddress.toLowerCase())
    throw new Error(`refund ${r.id}: a budget refund goes only to the payer ${r.payerAddress}, not ${r.recipientAddress}`);
  const [row] = await tx`
    INSERT INTO app.refunds (id, mode, account_id, merchant_id, payment_intent_id, transaction_id, chain_id, token, token_address,
                             merchant_account, amount_units, recipient_address, payer_address, reason, metadata, status, method, refund_ref, payment_ref,
                             created_at, updated_at)
    VALUES (${r.id}, ${r.mode}, ${r.accountId}, ${r.merchantId}, ${r.paymentIntentId}, ${r.transactionId}, ${r.chainId}, ${r.token},
            ${r.tokenAddress}, ${r.merchantAccount}, ${r.amountUnits}, ${r.recipientAddress}, ${r.payerAddress}, ${r.reason}, ${pgJson(r.metadata)}::text::jsonb,
            ${r.status}, ${r.method}, ${r.refundRef}, ${r.paymentRef}, ${pgTs(r.createdAt)}::timestamptz, ${pgTs(r.createdAt)}::timestamptz)
    RETURNING *`;
  await tx`UPDATE app.transactions SET refunded_units = refunded_units + ${r.amountUnits} WHERE id = ${r.transactionId}`;
  if (r.paymentIntentId && r.intentsOwnPayment)
    await tx`UPDATE app.payment_intents SET refunded_units = refunded_units + ${r.amountUnits} WHERE id = ${r.paymentIntentId}`;
  const refund = refundFromDb(row!);
  await insertEvent(tx, { mode: refund.mode, type: "refund.created", merchantId: refund.merchantId, accountId: refund.accountId, data: refundShape(refund), createdAt: r.createdAt });
  return refund;
}

/** The columns a move sets besides status and updated_at. */
type MoveSet =
  | { trigger: "approved"; signature: string; deadline: Date }
  /** revertedTx: the refund's transaction that was mined and reverted (nothing paid), if any. */
  | { trigger: "budget_short"; revertedTx?: string | undefined }
  | { trigger: "confirmed"; txHash: string; blockNumber: bigint }
  /**
   * holdUntil: a signed refund whose owner's signature may still pay until then (its deadline): the
   * amount stays held (releaseRefundHold gives it back once the chain shows the signature is dead).
   */
  | { trigger: "failed"; reason: string; holdUntil?: Date | undefined }
  | { trigger: "cancel" }
  /** A failed refund the chain paid after all (its Refunded log): its amount is taken again if it was given back. */
  | { trigger: "paid_late"; txHash: string; blockNumber: bigint };

/**
 * Moves refund `id` by `set.trigger` if its status allows it, in `tx`: the row, the payment's and
 * intent's refunded_units when the refund stops holding money, and its event. Undefined: not moved
 * (another writer was first, or the trigger is refused in its status).
 */
export async function moveRefund(tx: SqlOrTx, id: string, set: MoveSet, now: Date): Promise<RefundRow | undefined> {
  const at = pgTs(now);
  const to = target(set.trigger);
  const where = tx.unsafe(guard(set.trigger));
  let rows: Record<string, unknown>[];
  switch (set.trigger) {
    case "approved":
      rows = await tx`
        UPDATE app.refunds SET status = ${to}, method = 'signed', signature = ${set.signature}, deadline = ${pgTs(set.deadline)}::timestamptz,
               next_attempt_at = NULL, last_error = NULL, updated_at = ${at}::timestamptz
        WHERE id = ${id} AND ${where} RETURNING *`;
      break;
    case "budget_short":
      // Only while no transaction of it can still be mined: none recorded, or the one that reverted.
      rows = await tx`
        UPDATE app.refunds SET status = ${to}, method = NULL, tx_hash = NULL, next_attempt_at = NULL, updated_at = ${at}::timestamptz
        WHERE id = ${id} AND ${where} AND method = 'budget' AND (tx_hash IS NULL OR tx_hash = ${set.revertedTx ?? null}) RETURNING *`;
      break;
    case "confirmed":
      rows = await tx`
        UPDATE app.refunds SET status = ${to}, tx_hash = ${set.txHash}, block_number = ${set.blockNumber}, succeeded_at = ${at}::timestamptz,
               next_attempt_at = NULL, last_error = NULL, failure_reason = NULL, updated_at = ${at}::timestamptz
        WHERE id = ${id} AND ${where} RETURNING *`;
      break;
    case "failed":
      rows = await tx`
        UPDATE app.refunds SET status = ${to}, failure_reason = ${set.reason.slice(0, 2000)}, failed_at = ${at}::timestamptz,
               held_until = ${set.holdUntil ? pgTs(set.holdUntil) : null}::timestamptz, next_attempt_at = NULL, updated_at = ${at}::timestamptz
        WHERE id = ${id} AND ${where} RETURNING *`;
      break;
    case "paid_late": {
      const [before] = await tx<{ held: boolean }[]>`SELECT held_until IS NOT NULL AS held FROM app.refunds WHERE id = ${id} FOR UPDATE`;
      rows = await tx`
        UPDATE app.refunds SET status = ${to}, tx_hash = ${set.txHash}, block_number = ${set.blockNumber}, succeeded_at = ${at}::timestamptz,
               held_until = NULL, failure_reason = NULL, next_attempt_at = NULL, updated_at = ${at}::timestamptz
        WHERE id = ${id} AND ${where} RETURNING *`;
      // Its amount was given back when it failed (not held): the payment pays it after all.
      if (rows[0] && before && !before.held) await takeAgain(tx, refundFromDb(rows[0]));
      break;
    }
    case "cancel":
      rows = await tx`
        UPDATE app.refunds SET status = ${to}, canceled_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
        WHERE id = ${id} AND ${where} RETURNING *`;
      break;
  }
  const row = rows[0];
  if (!row) return undefined;
  const refund = refundFromDb(row);
  if (!holdsMoney(refund.status) && refund.heldUntil === null) await giveBack(tx, refund);
  await insertEvent(tx, { mode: refund.mode, type: EVENT_OF[set.trigger], merchantId: refund.merchantId, accountId: refund.accountId, data: refundShape(refund), createdAt: now });
  return refund;
}

/** The refund's amount taken from its payment again (a failed refund paid after all). */
async function takeAgain(tx: SqlOrTx, refund: RefundRow): Promise<void> {
  await tx`UPDATE app.transactions SET refunded_units = refunded_units + ${refund.amountUnits} WHERE id = ${refund.transactionId}`;
  if (refund.paymentIntentId)
    await tx`
      UPDATE app.payment_intents SET refunded_units = refunded_units + ${refund.amountUnits}
      WHERE id = ${refund.paymentIntentId} AND transaction_id = ${refund.transactionId}`;
}

/** The refund's amount given back to its payment: refundable again, and (merchants/available.ts) available again. */
async function giveBack(tx: SqlOrTx, refund: RefundRow): Promise<void> {
  await tx`UPDATE app.transactions SET refunded_units = refunded_units - ${refund.amountUnits} WHERE id = ${refund.transactionId}`;
  if (refund.paymentIntentId)
    await tx`
      UPDATE app.payment_intents SET refunded_units = GREATEST(refunded_units - ${refund.amountUnits}, 0)
      WHERE id = ${refund.paymentIntentId} AND transaction_id = ${refund.transactionId}`;
}

/**
 * Ends the hold of a failed signed refund (its signature can no longer pay: deadline passed on chain,
 * or its id cancelled there) and gives its amount back. Its status and wire shape do not change, so
 * no event. Undefined: not held (released already, or never).
 */
export async function releaseRefundHold(tx: SqlOrTx, id: string, now: Date): Promise<RefundRow | undefined> {
  const [row] = await tx`
    UPDATE app.refunds SET held_until = NULL, next_attempt_at = NULL, updated_at = ${pgTs(now)}::timestamptz
    WHERE id = ${id} AND status = 'failed' AND held_until IS NOT NULL RETURNING *`;
  if (!row) return undefined;
  const refund = refundFromDb(row);
  await giveBack(tx, refund);
  return refund;
}
