/**
 * One USDC transfer to a merchant account becomes exactly one ledger transaction (docs/contributors.md
 * "Matching", "Money").
 *
 * A transfer's writes are ONE statement, hence one database transaction (`writeTransfers`): a
 * data-modifying CTE that
 * 1. INSERTs the transaction ... ON CONFLICT (chain_id, tx_hash, log_index) DO NOTHING: the
 *    exactly-once guard. Every other part runs only if this row was inserted, so a transfer seen
 *    twice (a replay, a second matcher) writes nothing the second time;
 * 2. confirm: the guarded UPDATE of the intent (WHERE status = 'awaiting_payment') with net and fee
 *    computed from the INTENT's amount, tx_hash, confirmed_at, transaction_id; the reservation's
 *    quarantine (released_after = confirmed_at + VALUE_TAG_QUARANTINE_MINUTES, 24 h by default) only if that update happened;
 * 3. the outbox rows (app.events, the columns of src/modules/outbox/outbox.ts insertEvent):
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
 * The same statement takes several transfers at once, with distinct (merchant, value) pairs (the
 * matcher sends "waves": the next transfer of each (merchant, value) in a page): every transfer in
 * it is still written completely or not at all, never split across transactions, and transfers
 * competing for one reservation are still written one after the other, in chain order. They only
 * share the commit. With a batch of one it is exactly a transaction per transfer (recordTransfer).
 *
 * Why not BEGIN; SELECT ... FOR UPDATE; INSERT; UPDATE; UPDATE; insertEvent x2; COMMIT per
 * transfer: that is 8 statements and a commit per transfer, and the matcher must keep up with the
 * indexer (bench/matcher.ts: >= 2,000 transfers/s); statements and commits were its whole cost.
 */
import type { Sql } from "../../db/client.ts";
import type { IntentRow } from "../payment-intents/shapes.ts";
import { intentConfirmedEventShape } from "../payment-intents/shapes.ts";
import { intentFromDb } from "../payment-intents/service.ts";
import type { TransactionRow } from "../transactions/shapes.ts";
import { transactionCreatedEventShape } from "../transactions/shapes.ts";
import { newId } from "../../domain/ids.ts";
import { splitFee } from "../../domain/money.ts";
import type { Mode } from "../../db/schema/core.ts";
import { decideMatch, quarantineEnd, type MatchDecision, type ReservationView } from "./decide.ts";
import { DEFAULT_TRANSFER_TOKEN, type IndexedTransfer } from "./chain-reader.ts";
import { fromPgTsOrNull, pgJson, pgTs } from "../../db/pg-values.ts";
import { insertEventsSql } from "../outbox/outbox.ts";
import { insertTransactionsSql, newTransactionRow, TRANSACTION_INPUT_COLUMNS, transactionInputOf } from "./transaction-insert.ts";
import { confirmStepSql } from "../payment-intents/transitions.ts";

export interface MerchantInfo {
  id: string;
  mode: Mode;
  /** The chain whose transfers to the merchant are being recorded (its primary, or another its v2 account is on). */
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

/** A reservation's key: values are held per (merchant, token), so a payment only ever meets an intent of its own token. */
export const foundKey = (merchantId: string, value: bigint, token: string = DEFAULT_TRANSFER_TOKEN) => `${merchantId}:${token}:${value}`;

/** The reservations (and their intents) of these (merchant, token, value) triples, in one query. */
export async function lookupReservations(sql: Sql, items: { merchantId: string; value: bigint; token?: string }[]): Promise<Map<string, Found>> {
  const out = new Map<string, Found>();
  if (items.length === 0) return out;
  const unique = [
    ...new Map(
      items.map((i) => [foundKey(i.merchantId, i.value, i.token), { m: i.merchantId, k: i.token ?? DEFAULT_TRANSFER_TOKEN, v: i.value.toString() }]),
    ).values(),
  ];
  const rows = (await sql.unsafe(
    `SELECT r.merchant_id AS r_merchant_id, r.token AS r_token, r.expected_units AS r_expected_units, r.intent_id AS r_intent_id,
            r.released_after AS r_released_after, p.*
     FROM jsonb_to_recordset($1::text::jsonb) AS k(m text, k text, v text)
     JOIN app.reservations r ON r.merchant_id = k.m AND r.token = k.k AND r.expected_units = k.v::int8
     JOIN app.payment_intents p ON p.id = r.intent_id`,
    [pgJson(unique)],
  )) as unknown as Row[];
  for (const r of rows) {
    out.set(foundKey(String(r.r_merchant_id), BigInt(r.r_expected_units as bigint), String(r.r_token)), {
      reservation: { intentId: String(r.r_intent_id), releasedAfter: fromPgTsOrNull(r.r_released_after) },
      intent: intentFromDb(r),
    });
  }
  return out;
}

/** A text[] parameter as Postgres array text: '{"a","b"}' (ids contain only [A-Za-z0-9_]). */
function pgTextArray(ids: string[]): string {
  for (const id of ids) if (!/^[A-Za-z0-9_]+$/.test(id)) throw new Error(`unexpected id ${id}`);
  return `{${ids.join(",")}}`;
}

/** Postgres errors worth retrying the statement for. */
const RETRYABLE = new Set(["40001", "40P01"]);

/** One transfer, decided and shaped, ready to be written. */
export interface PreparedTransfer {
  transfer: IndexedTransfer;
  txn: TransactionRow;
  /** The intent the transaction is linked to (confirm or late), null when unmatched. */
  linked: IntentRow | null;
  /** The intent as it will be if the guarded update moves it; null unless the decision is confirm. */
  confirmed: IntentRow | null;
  relink: boolean;
  /** The row of the statement's input. */
  row: Record<string, unknown>;
}

/** Decides (decide.ts) and builds the rows and event payloads (shape builders) of one transfer. */
export function prepareTransfer(t: IndexedTransfer, m: MerchantInfo, now: Date, found: Found | null, byAuthorization = false): PreparedTransfer {
  if (t.chainId !== m.chainId) throw new Error(`transfer on chain ${t.chainId} to merchant ${m.id} read for chain ${m.chainId}`);
  const token = t.token ?? DEFAULT_TRANSFER_TOKEN;
  // Reservations are per token (lookupReservations), so this holds; checked anyway: a payment in
  // another token than the intent's never confirms it.
  const sameToken = found !== null && found.intent.token === token;
  const intent = sameToken ? found.intent : null;
  const decision: MatchDecision = decideMatch({ reservation: sameToken ? found.reservation : null, intent, blockTime: new Date(t.blockTimestamp * 1000), chainId: t.chainId });
  const linked = decision.kind === "unmatched" ? null : intent;

  // The transaction: the received value, fee and net by the fee rule.
  const txn = newTransactionRow(
    t,
    { mode: m.mode, merchantId: m.id, paymentIntentId: linked?.id ?? null, feeRateBps: m.feeRateBps, token, paymentAddress: m.paymentAddress, metadata: linked?.metadata ?? {}, feeStatus: "pending" },
    now,
  );
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
  const row = {
    ...transactionInputOf(txn),
    value: t.value.toString(),
    // A payment by signature carries the amount, not its intent's expected value (authorizations.ts).
    by_authorization: byAuthorization,
    confirm: confirmed !== null,
    intent_net: confirmed?.netUnits?.toString() ?? null,
    intent_fee: confirmed?.feeUnits?.toString() ?? null,
    relink,
    created_event_id: newId("event"),
    created_account: linked?.accountId ?? null,
    created_data: transactionCreatedEventShape(txn),
    confirmed_event_id: confirmed ? newId("event") : null,
    confirmed_account: confirmed?.accountId ?? null,
    confirmed_data: confirmed ? intentConfirmedEventShape(confirmed) : null,
    /** The transfer's span (engine.ts, when tracing is on): its events carry it to the webhooks. */
    traceparent: null as string | null,
  };
  return { transfer: t, txn, linked, confirmed, relink, row };
}

/**
 * Writes prepared transfers in ONE statement (one database transaction). The transfers must have
 * distinct (merchant, value) pairs, so that no reservation or intent appears twice; each is
 * recorded completely or, if its log is already recorded, not at all. Returns one outcome per
 * transfer, in order.
 */
export async function writeTransfers(sql: Sql, batch: PreparedTransfer[], now: Date, quarantineMs?: number): Promise<RecordOutcome[]> {
  if (batch.length === 0) return [];
  const keys = new Set(batch.map((p) => foundKey(p.txn.merchantId, p.transfer.value, p.txn.token)));
  if (keys.size !== batch.length) throw new Error("writeTransfers: one transfer per (merchant, token, value) per statement");
  const text = `
    WITH input AS (
      SELECT * FROM jsonb_to_recordset($1::text::jsonb) AS r(
        ${TRANSACTION_INPUT_COLUMNS}, value int8, by_authorization bool, confirm bool, intent_net int8,
        intent_fee int8, relink bool, created_event_id text, created_account text, created_data jsonb,
        confirmed_event_id text, confirmed_account text, confirmed_data jsonb, traceparent text)
    ), ins AS (
      ${insertTransactionsSql("pending")}
    ), done AS (
      SELECT input.* FROM input JOIN ins ON ins.id = input.id
    ), upd AS (
      ${confirmStepSql({ ids: "$4::text[]", at: "$2::timestamptz" })}
    ), res AS (
      UPDATE app.reservations r SET released_after = $3::timestamptz
      FROM done d JOIN upd ON upd.txn_id = d.id
      WHERE r.intent_id = ANY ($4::text[]) AND r.merchant_id = d.merchant_id AND r.token = d.token
        AND (r.expected_units = d.value OR d.by_authorization) AND r.intent_id = d.payment_intent_id
    ), relinked AS (
      UPDATE app.payment_intents p SET transaction_id = d.id, tx_hash = d.tx_hash
      FROM done d
      WHERE p.id = ANY ($5::text[]) AND d.relink AND p.id = d.payment_intent_id AND p.status IN ('confirmed', 'settled')
        AND EXISTS (SELECT 1 FROM app.transactions f WHERE f.id = p.transaction_id AND f.status = 'failed')
    ), created AS (
      ${insertEventsSql(
        `SELECT d.created_event_id, d.mode, 'transaction.created', d.created_account, d.merchant_id, d.created_data, $2::timestamptz, d.traceparent
      FROM done d`,
        { traced: true },
      )}
    ), confirmed AS (
      ${insertEventsSql(
        `SELECT d.confirmed_event_id, d.mode, 'payment_intent.confirmed', d.confirmed_account, d.merchant_id, d.confirmed_data, $2::timestamptz, d.traceparent
      FROM done d JOIN upd ON upd.txn_id = d.id`,
        { traced: true },
      )}
    )
    SELECT input.id, (ins.id IS NOT NULL) AS inserted, (upd.txn_id IS NOT NULL) AS moved
    FROM input LEFT JOIN ins ON ins.id = input.id LEFT JOIN upd ON upd.txn_id = input.id`;
  // The intents to confirm and to relink, also as arrays: the updates then find them by primary key
  // (= ANY) rather than by a join the planner may turn into a scan of all intents.
  const confirmIds = batch.flatMap((p) => (p.confirmed ? [p.confirmed.id] : []));
  const relinkIds = batch.flatMap((p) => (p.relink && p.linked ? [p.linked.id] : []));
  const params = [pgJson(batch.map((p) => p.row)), pgTs(now), pgTs(quarantineEnd(now, quarantineMs)), pgTextArray(confirmIds), pgTextArray(relinkIds)];
  for (let attempt = 1; ; attempt++) {
    try {
      const rows = (await sql.unsafe(text, params as never[], { prepare: true })) as unknown as { id: string; inserted: boolean; moved: boolean }[];
      const byId = new Map(rows.map((r) => [r.id, r]));
      return batch.map((p): RecordOutcome => {
        const r = byId.get(p.txn.id);
        if (!r || !r.inserted) return { kind: "duplicate" };
        if (r.moved && p.confirmed) return { kind: "confirmed", transactionId: p.txn.id, intentId: p.confirmed.id };
        if (p.linked) return { kind: "late", transactionId: p.txn.id, intentId: p.linked.id };
        return { kind: "unmatched", transactionId: p.txn.id };
      });
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt < 5 && code && RETRYABLE.has(code)) continue;
      throw err;
    }
  }
}

/**
 * Records one transfer in its own statement. `found` is the lookup of (merchant, value) made for
 * its page (undefined: looked up now; null: nothing holds that value).
 */
export async function recordTransfer(sql: Sql, t: IndexedTransfer, m: MerchantInfo, now: Date, found?: Found | null, quarantineMs?: number): Promise<RecordOutcome> {
  if (found === undefined) found = (await lookupReservations(sql, [{ merchantId: m.id, value: t.value, token: t.token }])).get(foundKey(m.id, t.value, t.token)) ?? null;
  const [outcome] = await writeTransfers(sql, [prepareTransfer(t, m, now, found)], now, quarantineMs);
  return outcome!;
}
