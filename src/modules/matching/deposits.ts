/**
 * Transfers to deposit addresses (an address per intent, app.deposit_addresses): matched by address,
 * never by amount (docs/contributors.md "Deposit addresses").
 *
 * Every transfer to an intent's address becomes one ledger transaction linked to that intent, and no
 * other: its address is its own. Those in the intent's token on its chain are summed: at or above
 * the amount less the merchant's tolerance, in time, the intent is confirmed (what arrived recorded,
 * an excess included); below, it keeps awaiting the rest and shows what was received; after its
 * window (or once confirmed) a transfer is a late payment of the intent. A transfer in another token
 * or on another chain is linked to the intent and counts for nothing (the money sits at the same
 * address there, recoverable by a sweep on that chain).
 *
 * A customer's reusable address (a row with no intent) has no amount to reach: every transfer to it
 * is a payment of its own, a transaction naming the address (recordCustomerTransfer).
 *
 * Its money stays at the deposit address until swept into the merchant's account, so the
 * transaction's fee waits (`fee_status = 'awaiting_sweep'`: neither the fee collector nor a
 * settlement run takes it) until the sweep is mined.
 *
 * Each transfer is decided on the intent and the sum read just before, and written in ONE statement
 * (the exactly-once insert of the transaction, the guarded confirm or the received sum, the events).
 * The matcher of a chain is one process (an advisory lock) and records these one by one in chain
 * order, so the sum it read is the sum its statement adds to.
 */
import { getAddress } from "viem";
import type { Sql } from "../../db/client.ts";
import type { IntentRow } from "../payment-intents/shapes.ts";
import { intentConfirmedEventShape } from "../payment-intents/shapes.ts";
import { intentFromDb } from "../payment-intents/service.ts";
import { confirmDepositStepSql } from "../payment-intents/transitions.ts";
import { transactionCreatedEventShape } from "../transactions/shapes.ts";
import { insertEventsSql } from "../outbox/outbox.ts";
import { insertTransactionsSql, newTransactionRow, TRANSACTION_INPUT_COLUMNS, transactionInputOf } from "./transaction-insert.ts";
import { newId } from "../../domain/ids.ts";
import { splitFee } from "../../domain/money.ts";
import type { Mode } from "../../db/schema/core.ts";
import { fromPgJson, pgJson, pgTs } from "../../db/pg-values.ts";
import { DEFAULT_TRANSFER_TOKEN, type IndexedTransfer } from "./chain-reader.ts";
import { decideDeposit, type DepositDecision } from "./decide.ts";

export type DepositOutcome =
  | { kind: "customer"; transactionId: string; depositAddressId: string }
  | { kind: "confirmed"; transactionId: string; intentId: string }
  | { kind: "partial"; transactionId: string; intentId: string }
  | { kind: "late"; transactionId: string; intentId: string }
  | { kind: "duplicate" };

/** Which of these addresses (lowercase) are deposit addresses: one query of primary-key probes. */
export async function depositAddressesAmong(sql: Sql, addresses: string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const rows = await sql<{ address: string }[]>`SELECT address FROM app.deposit_addresses WHERE address = ANY (${addresses}::text[])`;
  return new Set(rows.map((r) => r.address));
}

interface DepositView {
  intent: IntentRow;
  mode: Mode;
  feeRateBps: number;
  toleranceUnits: bigint;
  /** What the address received before, in the intent's token on its chain (transactions not failed). */
  priorUnits: bigint;
}

/** The intent of a deposit address, its merchant's fee rate and tolerance, and what it received before. */
async function readDeposit(sql: Sql, address: string): Promise<DepositView | null> {
  const [r] = await sql<Record<string, unknown>[]>`
    SELECT m.fee_rate_bps AS m_fee_rate_bps, m.underpayment_tolerance_units::text AS m_tolerance,
           (SELECT coalesce(sum(x.amount_units), 0) FROM app.transactions x
            WHERE x.payment_intent_id = p.id AND x.chain_id = p.chain_id AND x.token = p.token
              AND x.payment_address = p.payment_address AND x.status <> 'failed')::text AS prior,
           p.*
    FROM app.deposit_addresses d
    JOIN app.payment_intents p ON p.id = d.intent_id -- a customer's address (no intent) is read by recordCustomerTransfer
    JOIN app.merchants m ON m.id = d.merchant_id
    WHERE d.address = ${address}`;
  if (!r) return null;
  const intent = intentFromDb(r);
  return { intent, mode: intent.mode, feeRateBps: Number(r.m_fee_rate_bps), toleranceUnits: BigInt(String(r.m_tolerance)), priorUnits: BigInt(String(r.prior)) };
}

/** Records one transfer to a deposit address (lowercase `t.to`); null when the address is unknown. */
export async function recordDepositTransfer(sql: Sql, t: IndexedTransfer, now: Date): Promise<DepositOutcome | null> {
  const view = await readDeposit(sql, t.to);
  if (!view) return recordCustomerTransfer(sql, t, now);
  const { intent } = view;
  const token = t.token ?? DEFAULT_TRANSFER_TOKEN;
  const decision = decideDeposit({
    intent,
    chainId: t.chainId,
    token,
    value: t.value,
    priorUnits: view.priorUnits,
    toleranceUnits: view.toleranceUnits,
    blockTime: new Date(t.blockTimestamp * 1000),
  });
  const txn = newTransactionRow(
    t,
    { mode: view.mode, merchantId: intent.merchantId, paymentIntentId: intent.id, feeRateBps: view.feeRateBps, token, paymentAddress: getAddress(t.to), metadata: intent.metadata, feeStatus: "awaiting_sweep" },
    now,
  );
  // Confirmed: net and fee of the intent from its amount, or from what arrived when it fell short
  // within the tolerance (the merchant was paid that, not the amount).
  let confirmed: IntentRow | null = null;
  if (decision.kind === "confirm") {
    const base = decision.receivedUnits < intent.amountUnits ? decision.receivedUnits : intent.amountUnits;
    const split = splitFee(base, view.feeRateBps);
    confirmed = { ...intent, status: "confirmed", netUnits: split.netUnits, feeUnits: split.feeUnits, txHash: txn.txHash, confirmedAt: now, transactionId: txn.id, receivedUnits: decision.receivedUnits };
  }
  const received = receivedOf(decision);
  const row = {
    ...transactionInputOf(txn),
    payment_intent_id: intent.id,
    confirm: confirmed !== null,
    intent_net: confirmed?.netUnits?.toString() ?? null,
    intent_fee: confirmed?.feeUnits?.toString() ?? null,
    received: received === null ? null : received.toString(),
    created_event_id: newId("event"),
    created_account: intent.accountId,
    created_data: transactionCreatedEventShape(txn),
    confirmed_event_id: confirmed ? newId("event") : null,
    confirmed_account: confirmed?.accountId ?? null,
    confirmed_data: confirmed ? intentConfirmedEventShape(confirmed) : null,
  };
  const [r] = (await sql.unsafe(WRITE, [pgJson([row]), pgTs(now), intent.id] as never[], { prepare: true })) as unknown as { inserted: boolean; moved: boolean }[];
  if (!r?.inserted) return { kind: "duplicate" };
  if (r.moved) return { kind: "confirmed", transactionId: txn.id, intentId: intent.id };
  return { kind: decision.kind === "partial" ? "partial" : "late", transactionId: txn.id, intentId: intent.id };
}

/** What the intent has received once this transfer counts; null when it does not count (another pair). */
function receivedOf(d: DepositDecision): bigint | null {
  return d.kind === "other_pair" ? null : d.receivedUnits;
}

/**
 * One transfer's writes, one statement: the transaction (exactly once by its unique key), then only
 * if it was inserted: the guarded confirm, or else what the address received (a row is updated once
 * per statement, hence the one or the other), and the events.
 */
const WRITE = `
  WITH input AS (
    SELECT * FROM jsonb_to_recordset($1::text::jsonb) AS r(
      ${TRANSACTION_INPUT_COLUMNS}, confirm bool, intent_net int8, intent_fee int8, received int8,
      created_event_id text, created_account text, created_data jsonb, confirmed_event_id text, confirmed_account text,
      confirmed_data jsonb)
  ), ins AS (
    ${insertTransactionsSql("awaiting_sweep")}
  ), done AS (
    SELECT input.* FROM input JOIN ins ON ins.id = input.id
  ), upd AS (
    ${confirmDepositStepSql({ id: "$3::text", at: "$2::timestamptz" })}
  ), recv AS (
    UPDATE app.payment_intents p SET received_units = d.received
    FROM done d
    WHERE p.id = $3::text AND d.payment_intent_id = p.id AND d.received IS NOT NULL AND p.payment_address_type = 'deposit'
      AND NOT EXISTS (SELECT 1 FROM upd)
  ), created AS (
    ${insertEventsSql(`SELECT d.created_event_id, d.mode, 'transaction.created', d.created_account, d.merchant_id, d.created_data, $2::timestamptz FROM done d`)}
  ), confirmed AS (
    ${insertEventsSql(`SELECT d.confirmed_event_id, d.mode, 'payment_intent.confirmed', d.confirmed_account, d.merchant_id, d.confirmed_data, $2::timestamptz
      FROM done d JOIN upd ON upd.txn_id = d.id`)}
  )
  SELECT (SELECT count(*) FROM ins) > 0 AS inserted, (SELECT count(*) FROM upd) > 0 AS moved`;

/**
 * One transfer to a customer's reusable deposit address (a row with no intent): a payment of its
 * own, whatever the amount, token or chain. One statement: the transaction (exactly once by its
 * log, linked to the address, the address's metadata as its own), awaiting the sweep like any
 * deposit payment, and `transaction.created`. Null when the address is no customer's either.
 */
async function recordCustomerTransfer(sql: Sql, t: IndexedTransfer, now: Date): Promise<DepositOutcome | null> {
  const [c] = await sql<{ id: string; mode: Mode; merchant_id: string; account_id: string | null; metadata: unknown; fee_rate_bps: number }[]>`
    SELECT d.id, d.mode, d.merchant_id, d.account_id, d.metadata, m.fee_rate_bps
    FROM app.deposit_addresses d JOIN app.merchants m ON m.id = d.merchant_id
    WHERE d.address = ${t.to} AND d.customer_reference IS NOT NULL`;
  if (!c) return null;
  const token = t.token ?? DEFAULT_TRANSFER_TOKEN;
  const metadata = fromPgJson<Record<string, string> | null>(c.metadata) ?? {};
  const txn = newTransactionRow(
    t,
    { mode: c.mode, merchantId: c.merchant_id, paymentIntentId: null, depositAddressId: c.id, feeRateBps: Number(c.fee_rate_bps), token, paymentAddress: getAddress(t.to), metadata, feeStatus: "awaiting_sweep" },
    now,
  );
  const row = { ...transactionInputOf(txn), created_event_id: newId("event"), created_account: c.account_id, created_data: transactionCreatedEventShape(txn) };
  const [r] = (await sql.unsafe(WRITE_CUSTOMER, [pgJson([row]), pgTs(now)] as never[], { prepare: true })) as unknown as { inserted: boolean }[];
  if (!r?.inserted) return { kind: "duplicate" };
  return { kind: "customer", transactionId: txn.id, depositAddressId: c.id };
}

/** A customer payment's writes, one statement: the transaction (exactly once by its unique key) and, only if inserted, its event. */
const WRITE_CUSTOMER = `
  WITH input AS (
    SELECT * FROM jsonb_to_recordset($1::text::jsonb) AS r(
      ${TRANSACTION_INPUT_COLUMNS}, created_event_id text, created_account text, created_data jsonb)
  ), ins AS (
    ${insertTransactionsSql("awaiting_sweep")}
  ), done AS (
    SELECT input.* FROM input JOIN ins ON ins.id = input.id
  ), created AS (
    ${insertEventsSql(`SELECT d.created_event_id, d.mode, 'transaction.created', d.created_account, d.merchant_id, d.created_data, $2::timestamptz FROM done d`)}
  )
  SELECT (SELECT count(*) FROM ins) > 0 AS inserted`;

/** A transfer's key within a page (chain order is unique per log). */
const logKey = (t: IndexedTransfer) => `${t.txHash}:${t.logIndex}`;

/**
 * Which of these transfers (to merchant accounts) are sweeps: from a deposit address to its own
 * account. Only a sweep can move a deposit address's tokens, and only there (DepositAddress.sol).
 * One query for the page's senders.
 */
export async function sweepsAmong(sql: Sql, transfers: IndexedTransfer[]): Promise<Set<string>> {
  const froms = [...new Set(transfers.map((t) => t.from.toLowerCase()))];
  if (froms.length === 0) return new Set();
  const rows = await sql<{ address: string; owner_account: string }[]>`
    SELECT address, owner_account FROM app.deposit_addresses WHERE address = ANY (${froms}::text[])`;
  if (rows.length === 0) return new Set();
  const ownerOf = new Map(rows.map((r) => [r.address, r.owner_account]));
  return new Set(transfers.filter((t) => ownerOf.get(t.from.toLowerCase()) === t.to.toLowerCase()).map(logKey));
}

export const sweepKey = logKey;

/**
 * Records a sweep (accounting, not a payment: never a transaction, so never counted twice) and, in
 * the same statement, releases the payments to that deposit address on this chain in this token
 * that precede it: their money is in the account now, so their fee may be collected and their net
 * settled (`awaiting_sweep` to `pending`). Exactly once by the sweep's log.
 */
export async function recordSweep(sql: Sql, t: IndexedTransfer, merchantId: string, now: Date): Promise<number> {
  const token = t.token ?? DEFAULT_TRANSFER_TOKEN;
  const deposit = getAddress(t.from);
  const [r] = await sql<{ released: number }[]>`
    WITH s AS (
      INSERT INTO app.deposit_sweeps (chain_id, tx_hash, log_index, block_number, block_hash, deposit_address, merchant_id, token, amount_units, created_at)
      VALUES (${t.chainId}, ${t.txHash.toLowerCase()}, ${t.logIndex}, ${t.blockNumber.toString()}::int8, ${t.blockHash.toLowerCase()},
              ${t.from.toLowerCase()}, ${merchantId}, ${token}, ${t.value.toString()}::int8, ${pgTs(now)}::timestamptz)
      ON CONFLICT (chain_id, tx_hash, log_index) DO NOTHING
      RETURNING 1
    ), released AS (
      UPDATE app.transactions SET fee_status = 'pending'
      WHERE EXISTS (SELECT 1 FROM s) AND payment_address = ${deposit} AND chain_id = ${t.chainId} AND token = ${token}
        AND fee_status = 'awaiting_sweep' AND status <> 'failed'
        AND (block_number, log_index) < (${t.blockNumber.toString()}::int8, ${t.logIndex}::int4)
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM released)::int AS released`;
  return r?.released ?? 0;
}

/**
 * A recorded sweep whose transfer a reorg took out of the chain after the confirmation depth: the
 * money is back at the deposit address. The sweep's record goes (a sweep included again is recorded
 * again; the sweeper asks for a new one at once), and the payments it released whose fee no collector
 * has claimed yet wait for a sweep again (`pending` to `awaiting_sweep`, out of `available`). Those
 * already claimed, collected or settled stay as they are: the caller's alert is the operator's cue.
 * One transaction. Returns how many payments went back, or null when the sweep was not recorded.
 */
export async function undoSweep(sql: Sql, f: { chainId: number; txHash: string; logIndex: number; blockNumber: bigint; depositAddress: string; token: string }): Promise<{ heldAgain: number; leftReleased: number } | null> {
  return sql.begin(async (tx) => {
    const gone = await tx`
      DELETE FROM app.deposit_sweeps WHERE chain_id = ${f.chainId} AND tx_hash = ${f.txHash} AND log_index = ${f.logIndex} RETURNING 1`;
    if (gone.length === 0) return null;
    await tx`DELETE FROM app.deposit_sweep_requests WHERE chain_id = ${f.chainId} AND address = ${f.depositAddress} AND token = ${f.token}`;
    const deposit = getAddress(f.depositAddress);
    const held = await tx`
      UPDATE app.transactions SET fee_status = 'awaiting_sweep'
      WHERE payment_address = ${deposit} AND chain_id = ${f.chainId} AND token = ${f.token}
        AND fee_status = 'pending' AND status = 'confirmed' AND block_number <= ${f.blockNumber.toString()}::int8
      RETURNING 1`;
    const [left] = await tx<{ n: number }[]>`
      SELECT count(*)::int AS n FROM app.transactions
      WHERE payment_address = ${deposit} AND chain_id = ${f.chainId} AND token = ${f.token}
        AND fee_status IN ('submitted', 'collected') AND status <> 'failed' AND block_number <= ${f.blockNumber.toString()}::int8`;
    return { heldAgain: held.length, leftReleased: left?.n ?? 0 };
  });
}
