/**
 * One USDC transfer to a merchant account becomes exactly one ledger transaction (DECISIONS.md
 * "Matching", "Money"; DESIGN.md "matcher").
 *
 * Per transfer, ONE database transaction, and it is ONE statement (so the transaction is the
 * statement's own): a data-modifying CTE that
 * 1. INSERTs the transaction ... ON CONFLICT (chain_id, tx_hash, log_index) DO NOTHING: the
 *    exactly-once guard. Every other part runs only if this row was inserted, so a transfer seen
 *    twice (a replay, a second matcher) writes nothing the second time;
 * 2. confirm: the guarded UPDATE of the intent (WHERE status = 'awaiting_payment') with net and fee
 *    computed from the INTENT's amount, tx_hash, confirmed_at, transaction_id; the reservation's
 *    quarantine (released_after = confirmed_at + 24 h) only if that update happened;
 * 3. the outbox rows (app.events, the columns of src/modules/events/outbox.ts insertEvent):
 *    transaction.created always, payment_intent.confirmed only if the intent moved. Payloads come
 *    from the shape builders (transactionCreatedEventShape, intentConfirmedEventShape).
 *
 * The decision (decide.ts, pure) is taken on the reservation and intent read just before, for a
 * whole page of transfers in one query (`lookupReservations`). The statement re-checks what can
 * have changed since: if the intent left awaiting_payment in between (a cancel won the race), the
 * guarded update does nothing, the transaction stays linked to the intent (a late payment) and no
 * payment_intent.confirmed is written; the result says so. (The expirer cannot win that race for a
 * payment in time: it only expires up to what the matcher has covered, see coverage.ts.)
 *
 * Why not BEGIN; SELECT ... FOR UPDATE; INSERT; UPDATE; UPDATE; insertEvent x2; COMMIT: that is 8
 * statements per transfer, and the matcher must keep up with the indexer (bench/matcher.ts); the
 * statement count was its cost.
 */
import { getAddress } from "viem";
import type { Sql } from "../../db/client.ts";
import type { IntentRow } from "../payment-intents/shapes.ts";
import { intentConfirmedEventShape } from "../payment-intents/shapes.ts";
import type { TransactionRow } from "../transactions/shapes.ts";
import { transactionCreatedEventShape } from "../transactions/shapes.ts";
import { newId } from "../../domain/ids.ts";
import { splitFee } from "../../domain/money.ts";
import type { Mode } from "../../db/schema/core.ts";
import { decideMatch, quarantineEnd, type MatchDecision, type ReservationView } from "./decide.ts";
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

/** The reservation holding (merchant, value) and its intent, as read before recording. */
export interface Found {
  reservation: ReservationView;
  intent: IntentRow;
}

type Row = Record<string, unknown>;

function intentOf(r: Row): IntentRow {
  return {
    id: r.id as string,
    mode: r.mode as Mode,
    accountId: r.account_id as string,
    merchantId: r.merchant_id as string,
    status: r.status as IntentRow["status"],
    amountUnits: BigInt(r.amount_units as bigint),
    tagUnits: Number(r.tag_units),
    expectedUnits: BigInt(r.expected_units as bigint),
    chainId: Number(r.chain_id),
    paymentAddress: r.payment_address as string,
    metadata: toJson<Record<string, string> | null>(r.metadata) ?? {},
    createdAt: toDate(r.created_at),
    expiresAt: toDate(r.expires_at),
    confirmedAt: toDateOrNull(r.confirmed_at),
    cancelledAt: toDateOrNull(r.cancelled_at),
    expiredAt: toDateOrNull(r.expired_at),
    settledAt: toDateOrNull(r.settled_at),
    netUnits: r.net_units === null || r.net_units === undefined ? null : BigInt(r.net_units as bigint),
    feeUnits: r.fee_units === null || r.fee_units === undefined ? null : BigInt(r.fee_units as bigint),
    txHash: (r.tx_hash as string | null) ?? null,
    transactionId: (r.transaction_id as string | null) ?? null,
  };
}

export const foundKey = (merchantId: string, value: bigint) => `${merchantId}:${value}`;

/** The reservations (and their intents) of these (merchant, value) pairs, in one query. */
export async function lookupReservations(sql: Sql, items: { merchantId: string; value: bigint }[]): Promise<Map<string, Found>> {
  const out = new Map<string, Found>();
  if (items.length === 0) return out;
  const unique = [...new Map(items.map((i) => [foundKey(i.merchantId, i.value), { m: i.merchantId, v: i.value.toString() }])).values()];
  const rows = (await sql.unsafe(
    `SELECT r.merchant_id AS r_merchant_id, r.expected_units AS r_expected_units, r.intent_id AS r_intent_id,
            r.released_after AS r_released_after, p.*
     FROM jsonb_to_recordset($1::text::jsonb) AS k(m text, v text)
     JOIN app.reservations r ON r.merchant_id = k.m AND r.expected_units = k.v::int8
     JOIN app.payment_intents p ON p.id = r.intent_id`,
    [pgJson(unique)],
  )) as unknown as Row[];
  for (const r of rows) {
    out.set(foundKey(String(r.r_merchant_id), BigInt(r.r_expected_units as bigint)), {
      reservation: { intentId: String(r.r_intent_id), releasedAfter: toDateOrNull(r.r_released_after) },
      intent: intentOf(r),
    });
  }
  return out;
}

/** Postgres errors worth retrying the statement for. */
const RETRYABLE = new Set(["40001", "40P01"]);

/**
 * Records one transfer (see the header). `found` is the lookup for (merchant, value) made for its
 * page (undefined: looked up now; null: nothing holds that value).
 */
export async function recordTransfer(sql: Sql, t: IndexedTransfer, m: MerchantInfo, now: Date, found?: Found | null): Promise<RecordOutcome> {
  if (t.chainId !== m.chainId) throw new Error(`transfer on chain ${t.chainId} to merchant ${m.id} of chain ${m.chainId}`);
  if (found === undefined) found = (await lookupReservations(sql, [{ merchantId: m.id, value: t.value }])).get(foundKey(m.id, t.value)) ?? null;
  const intent = found?.intent ?? null;
  const decision: MatchDecision = decideMatch({ reservation: found?.reservation ?? null, intent, blockTime: new Date(t.blockTimestamp * 1000) });
  const linked = decision.kind === "unmatched" ? null : intent;

  // The transaction: the received value, fee and net by the fee rule.
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

  // The intent as it will be if it moves: net and fee from the intent's own amount.
  let confirmed: IntentRow | null = null;
  if (decision.kind === "confirm" && intent) {
    const split = splitFee(intent.amountUnits, m.feeRateBps);
    confirmed = { ...intent, status: "confirmed", netUnits: split.netUnits, feeUnits: split.feeUnits, txHash: txn.txHash, confirmedAt: now, transactionId: txn.id };
  }
  // A late payment to an intent whose confirming transaction was reorganised away (failed): the
  // intent points at this one instead (no new event: the integrator was told once).
  const relink = decision.kind === "late" && intent !== null && (intent.status === "confirmed" || intent.status === "settled");

  // Events about an intent go to the account whose key created it; a payment with no intent to
  // every account linked to the merchant (account_id null).
  const createdData = pgJson(transactionCreatedEventShape(txn));
  const confirmedData = confirmed ? pgJson(intentConfirmedEventShape(confirmed)) : null;
  const nowText = pgTs(now);

  const params = [
    /* $1  */ txn.id,
    /* $2  */ txn.mode,
    /* $3  */ txn.merchantId,
    /* $4  */ txn.paymentIntentId,
    /* $5  */ txn.amountUnits.toString(),
    /* $6  */ txn.feeUnits.toString(),
    /* $7  */ txn.netUnits.toString(),
    /* $8  */ txn.feeRateBps,
    /* $9  */ txn.chainId,
    /* $10 */ txn.txHash,
    /* $11 */ txn.logIndex,
    /* $12 */ txn.blockNumber.toString(),
    /* $13 */ txn.blockHash,
    /* $14 */ txn.senderAddress,
    /* $15 */ txn.paymentAddress,
    /* $16 */ pgJson(txn.metadata),
    /* $17 */ nowText,
    /* $18 */ confirmed !== null,
    /* $19 */ confirmed?.netUnits?.toString() ?? null,
    /* $20 */ confirmed?.feeUnits?.toString() ?? null,
    /* $21 */ t.value.toString(),
    /* $22 */ pgTs(quarantineEnd(now)),
    /* $23 */ relink,
    /* $24 */ newId("event"),
    /* $25 */ linked?.accountId ?? null,
    /* $26 */ createdData,
    /* $27 */ newId("event"),
    /* $28 */ confirmed?.accountId ?? null,
    /* $29 */ confirmedData,
  ];
  const text = `
    WITH ins AS (
      INSERT INTO app.transactions
        (id, mode, merchant_id, payment_intent_id, status, settlement_status, amount_units, fee_units, net_units,
         fee_rate_bps, chain_id, tx_hash, log_index, block_number, block_hash, sender_address, payment_address,
         metadata, confirmed_at, fee_status, created_at)
      VALUES ($1, $2, $3, $4, 'confirmed', 'pending', $5::int8, $6::int8, $7::int8, $8::int4, $9::int4, $10, $11::int4,
              $12::int8, $13, $14, $15, $16::text::jsonb, $17::timestamptz, 'pending', $17::timestamptz)
      ON CONFLICT (chain_id, tx_hash, log_index) DO NOTHING
      RETURNING id
    ), upd AS (
      UPDATE app.payment_intents
      SET status = 'confirmed', net_units = $19::int8, fee_units = $20::int8, tx_hash = $10,
          confirmed_at = $17::timestamptz, transaction_id = $1
      WHERE $18::bool AND id = $4 AND status = 'awaiting_payment' AND EXISTS (SELECT 1 FROM ins)
      RETURNING id
    ), res AS (
      UPDATE app.reservations SET released_after = $22::timestamptz
      WHERE merchant_id = $3 AND expected_units = $21::int8 AND intent_id = $4 AND EXISTS (SELECT 1 FROM upd)
    ), relinked AS (
      UPDATE app.payment_intents p SET transaction_id = $1, tx_hash = $10
      WHERE $23::bool AND p.id = $4 AND p.status IN ('confirmed', 'settled') AND EXISTS (SELECT 1 FROM ins)
        AND EXISTS (SELECT 1 FROM app.transactions f WHERE f.id = p.transaction_id AND f.status = 'failed')
    ), created AS (
      INSERT INTO app.events (id, mode, type, account_id, merchant_id, data, created_at)
      SELECT $24, $2, 'transaction.created', $25, $3, $26::text::jsonb, $17::timestamptz FROM ins
    ), confirmed AS (
      INSERT INTO app.events (id, mode, type, account_id, merchant_id, data, created_at)
      SELECT $27, $2, 'payment_intent.confirmed', $28, $3, $29::text::jsonb, $17::timestamptz FROM upd
    )
    SELECT (SELECT count(*) FROM ins)::int AS inserted, (SELECT count(*) FROM upd)::int AS moved`;

  for (let attempt = 1; ; attempt++) {
    try {
      const [r] = (await sql.unsafe(text, params as never[], { prepare: true })) as unknown as { inserted: number; moved: number }[];
      if (!r || r.inserted === 0) return { kind: "duplicate" };
      if (r.moved === 1 && confirmed) return { kind: "confirmed", transactionId: txn.id, intentId: confirmed.id };
      if (linked) return { kind: "late", transactionId: txn.id, intentId: linked.id };
      return { kind: "unmatched", transactionId: txn.id };
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt < 5 && code && RETRYABLE.has(code)) continue;
      throw err;
    }
  }
}
