/**
 * One USDC transfer to a merchant account becomes exactly one ledger transaction: this is the one
 * database transaction that does it (DECISIONS.md "Matching", "Money"; DESIGN.md "matcher").
 *
 * In one transaction:
 * 1. the reservation of (merchant, value) and its intent, the intent row locked (FOR UPDATE; the
 *    expirer and cancel lock intents first too, so the lock order is the same everywhere);
 * 2. `decideMatch` (pure) says confirm, late or unmatched;
 * 3. INSERT the transaction ... ON CONFLICT (chain_id, tx_hash, log_index) DO NOTHING: the
 *    exactly-once guard. Nothing inserted means another matcher (or an earlier run) already
 *    recorded this log: nothing else is written;
 * 4. confirm: guarded UPDATE of the intent (status = 'awaiting_payment') with net/fee computed from
 *    the INTENT's amount, tx_hash, confirmed_at, transaction_id, and the reservation's quarantine;
 * 5. outbox: transaction.created always, payment_intent.confirmed only when the intent moved.
 */
import { getAddress } from "viem";
import type { Sql, Tx } from "../../db/client.ts";
import type { IntentRow } from "../payment-intents/shapes.ts";
import { intentConfirmedEventShape } from "../payment-intents/shapes.ts";
import type { TransactionRow } from "../transactions/shapes.ts";
import { transactionCreatedEventShape } from "../transactions/shapes.ts";
import { insertEvent } from "../events/outbox.ts";
import { newId } from "../../domain/ids.ts";
import { splitFee } from "../../domain/money.ts";
import type { Mode } from "../../db/schema/core.ts";
import { decideMatch, quarantineEnd, type MatchDecision } from "./decide.ts";
import type { IndexedTransfer } from "./chain-reader.ts";
import { pgJson, pgTs, toDate, toDateOrNull, toJson } from "./pg-values.ts";

export interface MerchantInfo {
  id: string;
  mode: Mode;
  chainId: number;
  feeRateBps: number;
  /** Checksummed, as stored on the merchant. */
  paymentAddress: string;
}

export type RecordOutcome =
  | { kind: "confirmed"; transactionId: string; intentId: string }
  | { kind: "late"; transactionId: string; intentId: string }
  | { kind: "unmatched"; transactionId: string }
  | { kind: "duplicate" };

type Row = Record<string, unknown>;

function intentOf(r: Row): IntentRow {
  return {
    id: r.id as string,
    mode: r.mode as Mode,
    accountId: r.account_id as string,
    merchantId: r.merchant_id as string,
    status: r.status as IntentRow["status"],
    amountUnits: r.amount_units as bigint,
    tagUnits: r.tag_units as number,
    expectedUnits: r.expected_units as bigint,
    chainId: r.chain_id as number,
    paymentAddress: r.payment_address as string,
    metadata: toJson<Record<string, string> | null>(r.metadata) ?? {},
    createdAt: toDate(r.created_at),
    expiresAt: toDate(r.expires_at),
    confirmedAt: toDateOrNull(r.confirmed_at),
    cancelledAt: toDateOrNull(r.cancelled_at),
    expiredAt: toDateOrNull(r.expired_at),
    settledAt: toDateOrNull(r.settled_at),
    netUnits: (r.net_units as bigint | null) ?? null,
    feeUnits: (r.fee_units as bigint | null) ?? null,
    txHash: (r.tx_hash as string | null) ?? null,
    transactionId: (r.transaction_id as string | null) ?? null,
  };
}

/** Postgres errors worth retrying the whole transfer for. */
const RETRYABLE = new Set(["40001", "40P01"]);

/** Records one transfer (see the header). Retries on deadlock/serialization failure. */
export async function recordTransfer(sql: Sql, transfer: IndexedTransfer, merchant: MerchantInfo, now: Date): Promise<RecordOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await sql.begin((tx) => recordIn(tx, transfer, merchant, now));
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt < 5 && code && RETRYABLE.has(code)) continue;
      throw err;
    }
  }
}

async function recordIn(tx: Tx, t: IndexedTransfer, m: MerchantInfo, now: Date): Promise<RecordOutcome> {
  if (t.chainId !== m.chainId) throw new Error(`transfer on chain ${t.chainId} to merchant ${m.id} of chain ${m.chainId}`);
  const blockTime = new Date(t.blockTimestamp * 1000);

  // 1. Reservation and intent, intent locked.
  const [found] = await tx`
    SELECT r.intent_id AS r_intent_id, r.released_after AS r_released_after, p.*
    FROM app.reservations r
    JOIN app.payment_intents p ON p.id = r.intent_id
    WHERE r.merchant_id = ${m.id} AND r.expected_units = ${t.value}
    FOR UPDATE OF p`;
  const intent = found ? intentOf(found) : null;

  // 2. Decide.
  const decision: MatchDecision = decideMatch({
    reservation: found ? { intentId: found.r_intent_id as string, releasedAfter: toDateOrNull(found.r_released_after) } : null,
    intent,
    blockTime,
  });
  const linked = decision.kind === "unmatched" ? null : intent;

  // 3. The transaction: the received value, fee and net by the fee rule.
  const { feeUnits, netUnits } = splitFee(t.value, m.feeRateBps);
  const txn: TransactionRow = {
    id: newId("transaction"),
    mode: m.mode,
    merchantId: m.id,
    paymentIntentId: linked?.id ?? null,
    status: "confirmed",
    settlementStatus: "pending",
    settlementId: null,
    amountUnits: t.value,
    feeUnits,
    netUnits,
    feeRateBps: m.feeRateBps,
    chainId: t.chainId,
    txHash: t.txHash.toLowerCase(),
    logIndex: t.logIndex,
    blockNumber: t.blockNumber,
    blockHash: t.blockHash.toLowerCase(),
    senderAddress: getAddress(t.from),
    paymentAddress: m.paymentAddress,
    metadata: linked?.metadata ?? {},
    confirmedAt: now,
    feeStatus: "pending",
    feeTxHash: null,
    feeCollectedAt: null,
    feeAttempts: 0,
    feeNextAttemptAt: null,
    feeLastError: null,
    createdAt: now,
  };
  const inserted = await tx`
    INSERT INTO app.transactions
      (id, mode, merchant_id, payment_intent_id, status, settlement_status, amount_units, fee_units, net_units,
       fee_rate_bps, chain_id, tx_hash, log_index, block_number, block_hash, sender_address, payment_address,
       metadata, confirmed_at, fee_status, created_at)
    VALUES
      (${txn.id}, ${txn.mode}, ${txn.merchantId}, ${txn.paymentIntentId}, 'confirmed', 'pending', ${txn.amountUnits},
       ${txn.feeUnits}, ${txn.netUnits}, ${txn.feeRateBps}, ${txn.chainId}, ${txn.txHash}, ${txn.logIndex},
       ${txn.blockNumber}, ${txn.blockHash}, ${txn.senderAddress}, ${txn.paymentAddress}, ${pgJson(txn.metadata)}::text::jsonb,
       ${pgTs(now)}::timestamptz, 'pending', ${pgTs(now)}::timestamptz)
    ON CONFLICT (chain_id, tx_hash, log_index) DO NOTHING
    RETURNING id`;
  if (inserted.length === 0) return { kind: "duplicate" };

  // Events about an intent go to the account whose key created it; a payment with no intent to
  // every account linked to the merchant (account_id null).
  const writes: Promise<unknown>[] = [];
  let confirmed: IntentRow | null = null;
  if (decision.kind === "confirm" && intent) {
    // 4. Intent: net and fee from the intent's own amount.
    const split = splitFee(intent.amountUnits, m.feeRateBps);
    confirmed = {
      ...intent,
      status: "confirmed",
      netUnits: split.netUnits,
      feeUnits: split.feeUnits,
      txHash: txn.txHash,
      confirmedAt: now,
      transactionId: txn.id,
    };
    writes.push(
      tx`
        UPDATE app.payment_intents
        SET status = 'confirmed', net_units = ${split.netUnits}, fee_units = ${split.feeUnits}, tx_hash = ${txn.txHash},
            confirmed_at = ${pgTs(now)}::timestamptz, transaction_id = ${txn.id}
        WHERE id = ${intent.id} AND status = 'awaiting_payment'
        RETURNING id`.then((rows) => {
        // Cannot happen under the row lock; if it ever does, roll everything back and retry the transfer.
        if (rows.length !== 1) throw new Error(`intent ${intent.id} left awaiting_payment under our lock`);
      }),
      tx`
        UPDATE app.reservations SET released_after = ${pgTs(quarantineEnd(now))}::timestamptz
        WHERE merchant_id = ${m.id} AND expected_units = ${t.value} AND intent_id = ${intent.id}`,
    );
  }
  if (decision.kind === "late" && intent && (intent.status === "confirmed" || intent.status === "settled")) {
    // The transaction that confirmed this intent was reorganised away (failed) and the payment came
    // back in another place: the intent points at the live one from now on (no new event: the
    // integrator was told once).
    writes.push(tx`
      UPDATE app.payment_intents p SET transaction_id = ${txn.id}, tx_hash = ${txn.txHash}
      WHERE p.id = ${intent.id} AND p.status IN ('confirmed', 'settled')
        AND EXISTS (SELECT 1 FROM app.transactions f WHERE f.id = p.transaction_id AND f.status = 'failed')`);
  }
  // 5. Outbox (pipelined with the updates: one round trip).
  writes.push(
    insertEvent(tx, {
      mode: m.mode,
      type: "transaction.created",
      merchantId: m.id,
      accountId: linked?.accountId ?? null,
      data: transactionCreatedEventShape(txn),
      createdAt: now,
    }),
  );
  if (confirmed) {
    writes.push(
      insertEvent(tx, {
        mode: m.mode,
        type: "payment_intent.confirmed",
        merchantId: m.id,
        accountId: confirmed.accountId,
        data: intentConfirmedEventShape(confirmed),
        createdAt: now,
      }),
    );
  }
  await Promise.all(writes);

  if (confirmed) return { kind: "confirmed", transactionId: txn.id, intentId: confirmed.id };
  if (linked) return { kind: "late", transactionId: txn.id, intentId: linked.id };
  return { kind: "unmatched", transactionId: txn.id };
}
