/**
 * Settlement runs (docs/contributors.md "Settlement"): from the merchant account to the merchant's bank.
 *
 * A run (scheduled, a manual cash-out, or the sandbox helper):
 *  1. `createSettlement` takes the merchant's available balance (merchants/available.ts: its confirmed
 *     transactions still in the account and in no settlement, whatever their fee's state; fees stay
 *     in the account for the collector) and creates the settlement listing them
 *     (transactions.settlement_id), in one database transaction, under a per-merchant lock.
 *  2. `driveSettlement` withdraws each (chain, token) pair's `withdrawal_units` on-chain to the payout
 *     address (withdrawal.ts), waits for confirmation and records the hash; that pair's transactions
 *     become settlement_status `in_transit` at once (balance.pending_settlement sums those) and
 *     remember which settlement withdrew them (withdrawal_settlement_id). A pair that cannot be
 *     withdrawn now (its chain's RPC down) is retried by every later drive; the others wait for it.
 *  3. Once every pair is decided, it starts the ACH transfer for their total through the payout
 *     provider (idempotency key = settlement id).
 *  4. On completion: the settlement is `completed`, its transactions `settled` / `paid`, their
 *     intents `settled` (guarded confirmed -> settled), and `settlement.completed` goes to the
 *     outbox, all in one database transaction. On an ACH return: the settlement is `failed`, its
 *     transactions get settlement_id NULL and settlement_status `failed` (picked up by the next run,
 *     which does not withdraw them again: their funds are already at the payout address), and an
 *     alert is raised (log, metric, app.settlement_alerts).
 *
 * Every step is persisted on the settlement row (`state`) before the action it leads to, so a
 * process killed between any two steps is resumed by the next `driveSettlement` (any settler, the
 * CLI or the helper) without losing or doubling money. One driver per settlement at a time: a session
 * advisory lock on a dedicated connection (released by Postgres if the process dies).
 */
import { and, desc, eq, inArray, sql as dsql } from "drizzle-orm";
import { chainById, type AppContext } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import type { Mode } from "../../db/schema/core.ts";
import { merchants } from "../../db/schema/core.ts";
import { settlements, type SettlementRow, type SettlementTrigger } from "../../db/schema/settlement.ts";
import { newId } from "../../domain/ids.ts";
import { chainNameOf } from "../../domain/networks.ts";
import { metrics } from "../../metrics.ts";
import { insertEvent } from "../outbox/outbox.ts";
import { settleIntents } from "../payment-intents/transitions.ts";
import { availableTransactions, lockMerchantMoney, returnedTransactions } from "../merchants/available.ts";
import { markSetAside, pairKey, refundsForRun, setAsideByWithdrawals, undoSetAside } from "../refunds/ledger.ts";
import { fromPgTsOrNull, pgJson, pgTs } from "../../db/pg-values.ts";
import { advanceSandboxClockTo, businessNow } from "../payouts/clock.ts";
import type { Hooks } from "./hooks.ts";
import { payoutProviderFor, payoutProviderNamed, type PayoutTransfer } from "../payouts/providers/index.ts";
import { SandboxPayoutProvider } from "../payouts/providers/sandbox.ts";
import { dueInstant, scheduleOf } from "../payouts/schedule.ts";
import { settlementShape, type SettlementShape } from "./shapes.ts";
import { pairWithdrawalRef, WithdrawalLeg, withdrawalRef } from "./withdrawal.ts";
import { settlementWithdrawals, type SettlementWithdrawalRow } from "../../db/schema/settlement.ts";

type MerchantRow = typeof merchants.$inferSelect;

/** pg_try_advisory_lock(DRIVE_LOCK_CLASS, hashtext(settlement_id)): one driver per settlement. */
const DRIVE_LOCK_CLASS = 0x53544c44; // "STLD"

const settlementsCreated = metrics.counter("stablepay_settlements_created_total", "Settlements created.", ["mode", "trigger"]);
const settlementsFinished = metrics.counter("stablepay_settlements_finished_total", "Settlements that reached a final status.", ["mode", "status"]);
const settlementAlerts = metrics.counter("stablepay_settlement_alerts_total", "Settlement alerts raised (withdrawal reverted, ACH returned, ...).", ["kind"]);
const settlementErrors = metrics.counter("stablepay_settlement_errors_total", "Settlement steps that failed with an error and will be retried.", ["step"]);
// Visible from whichever process serves /metrics (the settler may run elsewhere): read from Postgres at scrape time.
const openAlerts = metrics.gauge("stablepay_settlement_alerts_open", "Settlement alerts not resolved yet.", ["kind"]);
const openSettlements = metrics.gauge("stablepay_settlements_open", "Settlements not completed or failed yet, by step.", ["mode", "state"]);
metrics.collector(async (ctx) => {
  const alerts = await ctx.database.sql<{ kind: string; n: number }[]>`
    SELECT kind, count(*)::int AS n FROM app.settlement_alerts WHERE resolved_at IS NULL GROUP BY kind`;
  openAlerts.reset();
  for (const a of alerts) openAlerts.set({ kind: a.kind }, a.n);
  const open = await ctx.database.sql<{ mode: string; state: string; n: number }[]>`
    SELECT mode, state, count(*)::int AS n FROM app.settlements WHERE state NOT IN ('completed', 'failed') GROUP BY mode, state`;
  openSettlements.reset();
  for (const o of open) openSettlements.set({ mode: o.mode, state: o.state }, o.n);
});

export class SettlementError extends Error {
  override name = "SettlementError";
}

export interface DriveOptions {
  hooks?: Hooks;
  /** Wait up to this long for another driver to release the settlement (default 0: skip it). */
  waitMs?: number;
  /** Ask the provider now even if the next scheduled poll is later. */
  checkProvider?: boolean;
  receiptTimeoutMs?: number;
}

export async function loadSettlement(ctx: AppContext, id: string): Promise<SettlementRow | undefined> {
  const [row] = await ctx.database.db.select().from(settlements).where(eq(settlements.id, id));
  return row;
}

async function loadMerchant(ctx: AppContext, id: string): Promise<MerchantRow | undefined> {
  const [row] = await ctx.database.db.select().from(merchants).where(eq(merchants.id, id));
  return row;
}

/** Why a merchant cannot be settled now, or undefined when it can. */
export function notSettleableReason(ctx: AppContext, m: MerchantRow): string | undefined {
  if (m.status !== "active") return `merchant ${m.id} is ${m.status}`;
  if (m.bankStatus !== "verified") return `merchant ${m.id} has no verified bank account`;
  if (!m.paymentAddress) return `merchant ${m.id} has no merchant account yet`;
  const chain = ctx.chains[m.mode];
  if (!chain || chain.chainId !== m.chainId) return `the ${m.mode} chain (${m.chainId}) is not configured in this process`;
  if (!payoutProviderFor(ctx, m.mode)) return `no payout provider is configured for ${m.mode} mode`;
  return undefined;
}

export interface CreateOptions {
  trigger: SettlementTrigger;
  /** Schedule instant: the run is recorded in app.settlement_runs and happens once per instant. */
  scheduledFor?: Date;
  hooks?: Hooks;
}

/**
 * Step 1: a settlement of the merchant's available balance. Returns undefined when there is nothing
 * to settle (or the scheduled instant was already run by someone else).
 */
export async function createSettlement(ctx: AppContext, merchantId: string, opts: CreateOptions): Promise<SettlementRow | undefined> {
  const m = await loadMerchant(ctx, merchantId);
  if (!m) throw new SettlementError(`no such merchant: ${merchantId}`);
  const reason = notSettleableReason(ctx, m);
  const provider = payoutProviderFor(ctx, m.mode);
  if (reason || !provider) throw new SettlementError(reason ?? `no payout provider is configured for ${m.mode} mode`);
  const now = await businessNow(ctx, m.mode);
  const id = newId("settlement");
  const created = await ctx.database.sql.begin(async (tx) => {
    // One settlement creation per merchant at a time, and no refund created meanwhile (merchants/available.ts).
    await lockMerchantMoney(tx, m.id);
    if (opts.scheduledFor) {
      const claimed = await tx`
        INSERT INTO app.settlement_runs (merchant_id, scheduled_for) VALUES (${m.id}, ${pgTs(opts.scheduledFor)}::timestamptz)
        ON CONFLICT DO NOTHING RETURNING merchant_id`;
      if (claimed.length === 0) return false;
    }
    // Exactly what `available` counts (merchants/available.ts), whatever the state of each fee, plus
    // returned ACH money to send again. Fees stay in the account: the withdrawal moves net amounts.
    // Refunds first (their rows, then the transactions': the lock order of refunds/transitions.ts):
    // what refunds set aside stays in the account, pair by pair.
    const aside = await refundsForRun(tx, m.id);
    const found = await tx<{ id: string; net_units: bigint; withdrawal_settlement_id: string | null; chain_id: number; token: string }[]>`
      SELECT t.id, t.net_units, t.withdrawal_settlement_id, t.chain_id, t.token FROM app.transactions t
      WHERE (${availableTransactions(tx, m.id)}) OR (${returnedTransactions(tx, m.id)})
      ORDER BY t.confirmed_at, t.id
      FOR UPDATE`;
    // One withdrawal per (chain, token) pair of what it takes; the bank transfer pays their total
    // (every token is a USD stablecoin of 6 decimals: base units add up as USD micro-units).
    const pairs = new Map<string, { chainId: number; token: string; amount: bigint; withdraw: bigint; refunds: bigint; count: number; returnedBy: Set<string> }>();
    for (const r of found) {
      const key = pairKey(r.chain_id, r.token);
      const p = pairs.get(key) ?? { chainId: r.chain_id, token: r.token, amount: 0n, withdraw: 0n, refunds: aside.byPair.get(key) ?? 0n, count: 0, returnedBy: new Set<string>() };
      p.amount += BigInt(r.net_units);
      if (r.withdrawal_settlement_id === null) p.withdraw += BigInt(r.net_units);
      else p.returnedBy.add(r.withdrawal_settlement_id);
      p.count++;
      pairs.set(key, p);
    }
    for (const [key, p] of pairs) {
      // What refunds set aside stays in the account; returned money is at the payout address less
      // what the run that withdrew it set aside.
      p.withdraw -= p.refunds;
      p.amount -= p.refunds + (await setAsideByWithdrawals(tx, [...p.returnedBy], p));
      if (p.amount <= 0n || p.withdraw < 0n) {
        // Refunds take all of this pair (or more: a payment reorganised away after its refund was
        // accepted): its payments and refunds wait for a later run.
        ctx.log.warn("settlement leaves a pair out: refunds set aside all of it", { merchantId: m.id, chainId: p.chainId, token: p.token, refunds: p.refunds });
        pairs.delete(key);
      }
    }
    const rows = found.filter((r) => pairs.has(pairKey(r.chain_id, r.token)));
    if (rows.length === 0) return false;
    const taken = [...pairs.values()];
    const amount = taken.reduce((sum, p) => sum + p.amount, 0n);
    const toWithdraw = taken.reduce((sum, p) => sum + p.withdraw, 0n);
    const refundUnits = taken.reduce((sum, p) => sum + p.refunds, 0n);
    await tx`
      INSERT INTO app.settlements (id, mode, merchant_id, state, trigger, scheduled_for, amount_units, withdrawal_units, refund_units,
                                   transaction_count, bank_name, bank_last4, chain_id, merchant_account, withdrawal_ref, provider, initiated_at)
      VALUES (${id}, ${m.mode}, ${m.id}, 'created', ${opts.trigger}, ${opts.scheduledFor ? pgTs(opts.scheduledFor) : null}::timestamptz,
              ${amount}, ${toWithdraw}, ${refundUnits}, ${rows.length}, ${m.bankName}, ${m.bankLast4}, ${m.chainId}, ${m.paymentAddress},
              ${withdrawalRef(id)}, ${provider.name}, ${pgTs(now)}::timestamptz)`;
    for (const p of taken)
      await tx`
        INSERT INTO app.settlement_withdrawals (settlement_id, chain_id, token, amount_units, withdrawal_units, transaction_count, ref)
        VALUES (${id}, ${p.chainId}, ${p.token}, ${p.amount}, ${p.withdraw}, ${p.count}, ${pairWithdrawalRef(id, p.token)})`;
    await markSetAside(tx, id, aside, new Set(pairs.keys()));
    const ids = rows.map((r) => r.id);
    await tx`
      INSERT INTO app.settlement_transactions (settlement_id, transaction_id, net_units)
      SELECT ${id}, t.id, t.net_units FROM app.transactions t WHERE t.id = ANY(${ids}::text[])`;
    await tx`UPDATE app.transactions SET settlement_id = ${id} WHERE id = ANY(${ids}::text[]) AND settlement_id IS NULL`;
    if (opts.scheduledFor)
      await tx`UPDATE app.settlement_runs SET settlement_id = ${id} WHERE merchant_id = ${m.id} AND scheduled_for = ${pgTs(opts.scheduledFor)}::timestamptz`;
    return true;
  });
  if (!created) return undefined;
  settlementsCreated.inc({ mode: m.mode, trigger: opts.trigger });
  ctx.log.info("settlement created", { settlement: id, merchantId: m.id, trigger: opts.trigger });
  await opts.hooks?.at?.("after_create", id);
  return loadSettlement(ctx, id);
}

type Reserved = Awaited<ReturnType<AppContext["database"]["sql"]["reserve"]>>;

/** Runs `fn` holding the settlement's drive lock; undefined if another driver holds it (after waitMs). */
async function withDriveLock<T>(ctx: AppContext, id: string, waitMs: number, fn: () => Promise<T>): Promise<T | undefined> {
  const conn: Reserved = await ctx.database.sql.reserve();
  try {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const [r] = await conn<{ ok: boolean }[]>`SELECT pg_try_advisory_lock(${DRIVE_LOCK_CLASS}, hashtext(${id})) AS ok`;
      if (r?.ok) break;
      if (Date.now() >= deadline) return undefined;
      await new Promise((res) => setTimeout(res, 100));
    }
    try {
      return await fn();
    } finally {
      // Bounded and allowed to fail: if the connection died, the lock died with it (and a query on a
      // dead reserved connection may never be answered).
      await Promise.race([
        conn`SELECT pg_advisory_unlock(${DRIVE_LOCK_CLASS}, hashtext(${id}))`.catch(() => undefined),
        new Promise((r) => setTimeout(r, 2_000)),
      ]);
    }
  } finally {
    conn.release();
  }
}

/**
 * Moves a settlement through its steps as far as it can without waiting for the bank: withdrawal,
 * ACH initiation, and (if the provider reports it) completion or return. Returns the current row.
 */
export async function driveSettlement(ctx: AppContext, id: string, opts: DriveOptions = {}): Promise<SettlementRow | undefined> {
  const result = await withDriveLock(ctx, id, opts.waitMs ?? 0, () => driveLocked(ctx, id, opts));
  return result ?? loadSettlement(ctx, id);
}

async function driveLocked(ctx: AppContext, id: string, opts: DriveOptions): Promise<SettlementRow | undefined> {
  const hooks = opts.hooks;
  for (let step = 0; step < 20; step++) {
    const s = await loadSettlement(ctx, id);
    if (!s) return undefined;
    const log = ctx.log.child({ settlement: s.id, merchantId: s.merchantId });
    switch (s.state) {
      case "completed":
      case "failed":
        return s;

      case "created":
      case "withdrawal_submitted": {
        // Each pair's withdrawal (migration 0012), moved as far as it goes now; the bank transfer
        // waits until every pair is withdrawn (or refused by the account).
        const pairs = await withdrawalsOf(ctx, s);
        let waiting = false;
        for (const w of pairs) {
          if (w.state !== "pending") continue;
          // A process without the operator key (the production API's cash-out or sandbox helper)
          // leaves the withdrawal to the settler, which drives every open settlement.
          if (chainById(ctx, w.chainId)?.canSign === false) {
            waiting = true;
            continue;
          }
          const done = await advancePair(ctx, s, w, opts, log);
          if (!done) waiting = true;
        }
        if (waiting) return loadSettlement(ctx, id);
        const after = await withdrawalsOf(ctx, s);
        if (after.every((w) => w.state === "failed")) {
          const message = after.map((w) => `${requirePairLabel(w)}: ${w.failureMessage ?? "refused"}`).join("; ");
          await failSettlement(ctx, s, { from: ["created", "withdrawal_submitted"], code: "withdrawal_failed", message, transactionsTo: "unchanged" });
          return loadSettlement(ctx, id);
        }
        await recordWithdrawn(ctx, s, after);
        await hooks?.at?.("after_withdrawn", s.id);
        continue;
      }

      case "withdrawn": {
        // The bank transfer pays what reached the payout address on record, and only that: money
        // withdrawn elsewhere (the payout address changed on chain since it was recorded) stops
        // the run here, with an alert, until an operator has looked.
        if (await strayWithdrawals(ctx, s, log)) return s;
        const [moved] = await ctx.database.sql`
          UPDATE app.settlements SET state = 'ach_initiating', updated_at = now() WHERE id = ${s.id} AND state = 'withdrawn' RETURNING id`;
        if (moved) await hooks?.at?.("after_ach_initiating", s.id);
        continue;
      }

      case "ach_initiating": {
        const provider = payoutProviderNamed(ctx, s.mode, s.provider);
        if (!provider) {
          log.warn("settlement waits: its payout provider is not available in this process", { provider: s.provider });
          return s;
        }
        let transfer: PayoutTransfer;
        try {
          transfer = await provider.initiate({
            idempotencyKey: s.id,
            reference: s.id,
            merchantId: s.merchantId,
            amountUnits: s.amountUnits,
            currency: "usd",
            bankAccount: { bankName: s.bankName, last4: s.bankLast4 },
            requestedAt: await businessNow(ctx, s.mode),
          });
        } catch (err) {
          settlementErrors.inc({ step: "ach_initiate" });
          log.error("ACH initiation failed; will retry", { err });
          return s;
        }
        await hooks?.at?.("after_ach_initiated", s.id);
        const achAt = await businessNow(ctx, s.mode);
        const [moved] = await ctx.database.sql`
          UPDATE app.settlements
          SET state = 'ach_pending', provider_transfer_id = ${transfer.id}, ach_initiated_at = ${pgTs(achAt)}::timestamptz,
              expected_arrival_date = ${transfer.expectedArrivalDate}::date,
              next_check_at = ${pgTs(new Date(ctx.clock.now().getTime() + provider.pollIntervalMs))}::timestamptz, updated_at = now()
          WHERE id = ${s.id} AND state = 'ach_initiating' RETURNING id`;
        if (moved) {
          ctx.log.info("settlement in transit", { settlement: s.id, transfer: transfer.id, expectedArrivalDate: transfer.expectedArrivalDate });
          await hooks?.at?.("after_ach_pending", s.id);
        }
        // A transfer refused at once is handled by the next pass like a return.
        continue;
      }

      case "ach_pending": {
        const provider = payoutProviderNamed(ctx, s.mode, s.provider);
        if (!provider || !s.providerTransferId) return s;
        if (!opts.checkProvider && s.nextCheckAt && s.nextCheckAt.getTime() > ctx.clock.now().getTime()) return s;
        let transfer: PayoutTransfer;
        try {
          transfer = await provider.status(s.providerTransferId);
        } catch (err) {
          settlementErrors.inc({ step: "ach_status" });
          log.error("ACH status check failed; will retry", { err });
          return s;
        }
        const applied = await applyPayoutUpdate(ctx, transfer, hooks, s);
        if (!applied) {
          await ctx.database.sql`
            UPDATE app.settlements SET next_check_at = ${pgTs(new Date(ctx.clock.now().getTime() + provider.pollIntervalMs))}::timestamptz
            WHERE id = ${s.id} AND state = 'ach_pending'`;
          return loadSettlement(ctx, id);
        }
        continue;
      }
    }
  }
  return loadSettlement(ctx, id);
}

/**
 * Applies a transfer snapshot from the provider (poll or webhook): paid -> completed, failed ->
 * failed. Returns true when the settlement reached a final state. Repeated or late snapshots are no-ops.
 */
export async function applyPayoutUpdate(ctx: AppContext, transfer: PayoutTransfer, hooks?: Hooks, known?: SettlementRow): Promise<boolean> {
  const s = known ?? (await ctx.database.db.select().from(settlements).where(eq(settlements.providerTransferId, transfer.id)))[0];
  if (!s || s.state !== "ach_pending" || s.providerTransferId !== transfer.id) return false;
  if (transfer.status === "pending") return false;
  if (transfer.status === "paid") {
    await hooks?.at?.("before_complete", s.id);
    await completeSettlement(ctx, s, transfer.resolvedAt ?? (await businessNow(ctx, s.mode)));
    await hooks?.at?.("after_complete", s.id);
    return true;
  }
  await hooks?.at?.("before_fail", s.id);
  await failSettlement(ctx, s, {
    from: ["ach_pending"],
    code: transfer.failureCode ?? "ach_failed",
    message: transfer.failureMessage ?? "the ACH transfer failed",
    transactionsTo: "failed",
  });
  return true;
}

/** The pair label of a withdrawal (`base/USDT`), for messages. */
function requirePairLabel(w: SettlementWithdrawalRow): string {
  return `${chainNameOf(w.chainId) ?? w.chainId}/${w.token}`;
}

/**
 * The pairs of a settlement. A settlement written by a process of the version before pairs (a
 * rolling upgrade) has none: it is one USDC pair on its chain, as it was, recorded now.
 */
export async function withdrawalsOf(ctx: AppContext, s: SettlementRow): Promise<SettlementWithdrawalRow[]> {
  const rows = await ctx.database.db.select().from(settlementWithdrawals).where(eq(settlementWithdrawals.settlementId, s.id)).orderBy(settlementWithdrawals.chainId, settlementWithdrawals.token);
  if (rows.length > 0) return rows;
  await ctx.database.sql`
    INSERT INTO app.settlement_withdrawals (settlement_id, chain_id, token, amount_units, withdrawal_units, transaction_count, ref)
    VALUES (${s.id}, ${s.chainId}, 'USDC', ${s.amountUnits}, ${s.withdrawalUnits}, ${s.transactionCount}, ${s.withdrawalRef})
    ON CONFLICT DO NOTHING`;
  return ctx.database.db.select().from(settlementWithdrawals).where(eq(settlementWithdrawals.settlementId, s.id));
}

/** Settlements in their get shape, with their withdrawals (one query for all). */
export async function settlementShapes(ctx: AppContext, rows: SettlementRow[]): Promise<SettlementShape[]> {
  const pairs = await withdrawalsOfMany(ctx, rows.map((r) => r.id));
  return rows.map((r) => settlementShape(r, pairs.get(r.id) ?? []));
}

export async function settlementShapeOf(ctx: AppContext, row: SettlementRow): Promise<SettlementShape> {
  return settlementShape(row, await withdrawalsOf(ctx, row));
}

/** The pairs of several settlements, by settlement id (for their shapes). */
export async function withdrawalsOfMany(ctx: AppContext, ids: string[]): Promise<Map<string, SettlementWithdrawalRow[]>> {
  const out = new Map<string, SettlementWithdrawalRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await ctx.database.db
    .select()
    .from(settlementWithdrawals)
    .where(inArray(settlementWithdrawals.settlementId, ids))
    .orderBy(settlementWithdrawals.chainId, settlementWithdrawals.token);
  for (const r of rows) out.get(r.settlementId)?.push(r);
  return out;
}

/**
 * One pair's withdrawal moved as far as it goes now. true: the pair is decided (withdrawn, or
 * refused by the account: failed); false: it waits (sent, not deep enough yet; or an error, which
 * the next drive retries: the recorded attempts make a retry send nothing twice).
 */
async function advancePair(ctx: AppContext, s: SettlementRow, w: SettlementWithdrawalRow, opts: DriveOptions, log: AppContext["log"]): Promise<boolean> {
  const sql = ctx.database.sql;
  const now = await businessNow(ctx, s.mode);
  const where = sql`settlement_id = ${s.id} AND chain_id = ${w.chainId} AND token = ${w.token} AND state = 'pending'`;
  if (w.withdrawalUnits === 0n) {
    // Everything of this pair was withdrawn by an earlier settlement whose ACH failed: no on-chain leg.
    await pairWithdrawn(ctx, s, w, now, null);
    return true;
  }
  // Each pair's withdrawal on its own chain (a v2 account is on every chain of its mode).
  const chain = chainById(ctx, w.chainId);
  if (!chain || chain.mode !== s.mode) {
    log.warn("settlement waits: the chain of one of its withdrawals is not configured in this process", { chainId: w.chainId, token: w.token });
    return false;
  }
  let outcome;
  try {
    outcome = await new WithdrawalLeg(ctx, chain, s, w, { hooks: opts.hooks, receiptTimeoutMs: opts.receiptTimeoutMs }).advance();
  } catch (err) {
    settlementErrors.inc({ step: "withdrawal" });
    log.error("settlement withdrawal step failed; will retry", { err, chainId: w.chainId, token: w.token });
    const text = err instanceof Error ? err.message.split("\n")[0]! : String(err);
    await sql`UPDATE app.settlement_withdrawals SET last_error = ${text.slice(0, 2000)}, updated_at = now() WHERE ${where}`.catch(() => {});
    return false;
  }
  if (outcome.kind === "pending") return false;
  if (outcome.kind === "reverted") {
    await sql`UPDATE app.settlement_withdrawals SET state = 'failed', failure_message = ${outcome.reason}, updated_at = now() WHERE ${where}`;
    log.error("a settlement withdrawal was refused by the merchant account: nothing of that pair moved", { chainId: w.chainId, token: w.token, reason: outcome.reason });
    return true;
  }
  await pairWithdrawn(ctx, s, w, now, outcome);
  ctx.log.info("settlement pair withdrawn on-chain", { settlement: s.id, chainId: w.chainId, token: w.token, txHash: outcome.txHash, to: outcome.to, amount: w.withdrawalUnits });
  await opts.hooks?.at?.("after_pair_withdrawn", s.id);
  return true;
}

/**
 * Every pair decided, at least one withdrawn: the settlement is `withdrawn`. A pair the account
 * refused leaves the settlement first (its transactions go back to `available` for the next run, the
 * settlement's amount and count shrink, an alert is raised), so the bank transfer pays exactly what
 * was withdrawn (plus returned money already at the payout address).
 */
async function recordWithdrawn(ctx: AppContext, s: SettlementRow, pairs: SettlementWithdrawalRow[]) {
  const now = await businessNow(ctx, s.mode);
  const failed = pairs.filter((w) => w.state === "failed");
  const withdrawn = pairs.filter((w) => w.state === "withdrawn");
  // The settlement's own withdrawal fields (before pairs): its USDC pair's, else the first pair's.
  const main = withdrawn.find((w) => w.token === "USDC" && w.chainId === s.chainId && w.txHash) ?? withdrawn.find((w) => w.txHash);
  const moved = await ctx.database.sql.begin(async (tx) => {
    const [row] = await tx`
      UPDATE app.settlements
      SET state = 'withdrawn', withdrawal_tx_hash = ${main?.txHash ?? null}, withdrawal_block_number = ${main?.blockNumber ?? null},
          withdrawn_to = ${main?.withdrawnTo ?? null}, withdrawn_at = ${pgTs(now)}::timestamptz,
          amount_units = amount_units - ${failed.reduce((sum, w) => sum + w.amountUnits, 0n)}::int8,
          withdrawal_units = withdrawal_units - ${failed.reduce((sum, w) => sum + w.withdrawalUnits, 0n)}::int8,
          transaction_count = transaction_count - ${failed.reduce((sum, w) => sum + w.transactionCount, 0)}::int,
          updated_at = now()
      WHERE id = ${s.id} AND state IN ('created', 'withdrawal_submitted') RETURNING id`;
    if (!row) return false;
    for (const w of failed) {
      // Back to the pool of the next run (its funds never left the account), and what the run set
      // aside for refunds in that pair with them.
      await tx`UPDATE app.transactions SET settlement_id = NULL WHERE settlement_id = ${s.id} AND chain_id = ${w.chainId} AND token = ${w.token}`;
      const undone = await undoSetAside(tx, s.id, w);
      if (undone !== 0n) await tx`UPDATE app.settlements SET refund_units = refund_units - ${undone}::int8 WHERE id = ${s.id}`;
    }
    if (failed.length > 0)
      await tx`
        INSERT INTO app.settlement_alerts (kind, settlement_id, merchant_id, details)
        VALUES ('withdrawal_failed', ${s.id}, ${s.merchantId},
                ${pgJson({ code: "withdrawal_failed", pairs: failed.map((w) => ({ chain_id: w.chainId, token: w.token, amount_units: String(w.amountUnits), message: w.failureMessage })), mode: s.mode })}::text::jsonb)
        ON CONFLICT (kind, settlement_id) DO NOTHING`;
    await markInTransit(tx, s.id);
    return true;
  });
  if (!moved) return;
  if (failed.length > 0) {
    settlementAlerts.inc({ kind: "withdrawal_failed" });
    ctx.log.error("ALERT settlement pair refused: it goes on with the other pairs; the refused pair's payments wait for the next run", {
      alert: "withdrawal_failed",
      settlement: s.id,
      merchantId: s.merchantId,
      pairs: failed.map((w) => `${requirePairLabel(w)}: ${w.failureMessage}`),
    });
  }
  if (main) ctx.log.info("settlement withdrawn on-chain", { settlement: s.id, pairs: withdrawn.length, amount: s.withdrawalUnits });
}

/**
 * Whether a withdrawal of settlement `s` reached an address other than the merchant's payout address
 * on record (its Withdrawn log's `to`, kept as withdrawn_to): the account pays the payout address of
 * the moment on chain, which only the owner can change, so a difference means it was changed there
 * since the merchant's record was made. Raises the `payout_address_changed` alert once (the run
 * stays `withdrawn`, no bank transfer is started). Legs that moved nothing on chain have no `to`.
 */
async function strayWithdrawals(ctx: AppContext, s: SettlementRow, log: AppContext["log"]): Promise<boolean> {
  const sql = ctx.database.sql;
  const stray = await sql<{ chain_id: number; token: string; withdrawn_to: string; tx_hash: string | null; payout_address: string }[]>`
    SELECT w.chain_id, w.token, w.withdrawn_to, w.tx_hash, m.payout_address
    FROM (SELECT chain_id, token, withdrawn_to, tx_hash FROM app.settlement_withdrawals WHERE settlement_id = ${s.id} AND state = 'withdrawn'
          UNION ALL
          SELECT chain_id, 'USDC', withdrawn_to, withdrawal_tx_hash FROM app.settlements WHERE id = ${s.id}) w
    JOIN app.merchants m ON m.id = ${s.merchantId}
    WHERE w.withdrawn_to IS NOT NULL AND lower(w.withdrawn_to) <> lower(m.payout_address)`;
  if (stray.length === 0) return false;
  const details = {
    code: "payout_address_changed",
    payout_address_on_record: stray[0]!.payout_address,
    withdrawals: stray.map((w) => ({ chain_id: Number(w.chain_id), token: w.token, withdrawn_to: w.withdrawn_to, tx_hash: w.tx_hash })),
    mode: s.mode,
  };
  const [raised] = await sql`
    INSERT INTO app.settlement_alerts (kind, settlement_id, merchant_id, details)
    VALUES ('payout_address_changed', ${s.id}, ${s.merchantId}, ${pgJson(details)}::text::jsonb)
    ON CONFLICT (kind, settlement_id) DO NOTHING RETURNING id`;
  if (raised) {
    settlementAlerts.inc({ kind: "payout_address_changed" });
    log.error("ALERT settlement stopped before the bank transfer: its withdrawal reached an address that is not the payout address on record (changed on chain by the account's owner?)", {
      alert: "payout_address_changed",
      ...details,
    });
  }
  return true;
}

/**
 * One pair withdrawn (by `leg` on its chain; null: nothing left to move on-chain) and its transactions
 * in transit, in one database transaction: this pair's money has left the account, so
 * pending_settlement counts it at once, while another pair's withdrawal may still wait
 * (recordWithdrawn does the same for every pair, idempotently).
 */
async function pairWithdrawn(ctx: AppContext, s: SettlementRow, w: SettlementWithdrawalRow, now: Date, leg: { txHash: string; blockNumber: bigint; to: string } | null) {
  await ctx.database.sql.begin(async (tx) => {
    const [moved] = await tx`
      UPDATE app.settlement_withdrawals
      SET state = 'withdrawn', tx_hash = ${leg?.txHash ?? null}, block_number = ${leg?.blockNumber ?? null}, withdrawn_to = ${leg?.to ?? null},
          withdrawn_at = ${pgTs(now)}::timestamptz, last_error = NULL, updated_at = now()
      WHERE settlement_id = ${s.id} AND chain_id = ${w.chainId} AND token = ${w.token} AND state = 'pending' RETURNING settlement_id`;
    if (moved) await markInTransit(tx, s.id, w);
  });
}

/**
 * The transactions of a settlement (of one of its pairs) are on their way to the bank: in_transit,
 * and they remember which settlement withdrew them (an ACH return does not withdraw them again).
 */
async function markInTransit(tx: Tx, settlementId: string, pair?: { chainId: number; token: string }) {
  await tx`
    UPDATE app.transactions
    SET settlement_status = 'in_transit', withdrawal_settlement_id = COALESCE(withdrawal_settlement_id, ${settlementId})
    WHERE settlement_id = ${settlementId} AND settlement_status <> 'in_transit'
      AND (${pair?.chainId ?? null}::int IS NULL OR (chain_id = ${pair?.chainId ?? null}::int AND token = ${pair?.token ?? null}::text))`;
}

async function completeSettlement(ctx: AppContext, s: SettlementRow, completedAt: Date) {
  const done = await ctx.database.sql.begin(async (tx) => {
    const [moved] = await tx`
      UPDATE app.settlements SET state = 'completed', completed_at = ${pgTs(completedAt)}::timestamptz, next_check_at = NULL, updated_at = now()
      WHERE id = ${s.id} AND state = 'ach_pending' RETURNING id`;
    if (!moved) return false;
    const txns = await tx<{ id: string; payment_intent_id: string | null }[]>`
      UPDATE app.transactions SET status = 'settled', settlement_status = 'paid'
      WHERE settlement_id = ${s.id} AND settlement_status = 'in_transit' AND status = 'confirmed'
      RETURNING id, payment_intent_id`;
    const txnIds = txns.map((t) => t.id);
    const intentIds = txns.map((t) => t.payment_intent_id).filter((v): v is string => v !== null);
    // An intent is settled with its own payment (intent.transaction_id); a late or duplicate payment
    // linked to it does not settle it.
    await settleIntents(tx, intentIds, txnIds, completedAt);
    const completed: SettlementRow = { ...s, state: "completed", status: "completed", completedAt, nextCheckAt: null };
    await insertEvent(tx, {
      mode: s.mode,
      type: "settlement.completed",
      merchantId: s.merchantId,
      accountId: null,
      data: settlementShape(completed, await withdrawalsOf(ctx, s)),
      createdAt: ctx.clock.now(),
    });
    return true;
  });
  if (done) {
    settlementsFinished.inc({ mode: s.mode, status: "completed" });
    ctx.log.info("settlement completed", { settlement: s.id, merchantId: s.merchantId, amount: s.amountUnits });
  }
}

async function failSettlement(
  ctx: AppContext,
  s: SettlementRow,
  f: { from: SettlementRow["state"][]; code: string; message: string; transactionsTo: "failed" | "unchanged" },
) {
  const now = await businessNow(ctx, s.mode);
  const kind = f.transactionsTo === "failed" ? "ach_returned" : "withdrawal_failed";
  const done = await ctx.database.sql.begin(async (tx) => {
    const [moved] = await tx`
      UPDATE app.settlements
      SET state = 'failed', failed_at = ${pgTs(now)}::timestamptz, failure_code = ${f.code}, failure_message = ${f.message},
          next_check_at = NULL, updated_at = now()
      WHERE id = ${s.id} AND state = ANY(${f.from}::text[]) RETURNING id`;
    if (!moved) return false;
    // Back to the pool of the next run. After an ACH return the funds are at the payout address
    // (withdrawal_settlement_id stays set), so the next run pays them without withdrawing again.
    if (f.transactionsTo === "failed")
      await tx`UPDATE app.transactions SET settlement_id = NULL, settlement_status = 'failed' WHERE settlement_id = ${s.id}`;
    else {
      await tx`UPDATE app.transactions SET settlement_id = NULL WHERE settlement_id = ${s.id}`;
      // Nothing was withdrawn: what the run set aside for refunds is the next run's to take.
      await undoSetAside(tx, s.id);
    }
    await tx`
      INSERT INTO app.settlement_alerts (kind, settlement_id, merchant_id, details)
      VALUES (${kind}, ${s.id}, ${s.merchantId}, ${pgJson({ code: f.code, message: f.message, amount_units: String(s.amountUnits), mode: s.mode })}::text::jsonb)
      ON CONFLICT (kind, settlement_id) DO NOTHING`;
    return true;
  });
  if (done) {
    settlementsFinished.inc({ mode: s.mode, status: "failed" });
    settlementAlerts.inc({ kind });
    ctx.log.error("ALERT settlement failed", { alert: kind, settlement: s.id, merchantId: s.merchantId, code: f.code, reason: f.message, amount: s.amountUnits });
  }
}

/** Scheduled runs that are due now (sandbox clock for test merchants); returns the settlements created. */
export async function runDueSchedules(ctx: AppContext, opts: { merchantIds?: string[]; hooks?: Hooks } = {}): Promise<SettlementRow[]> {
  const where = opts.merchantIds ? inArray(merchants.id, opts.merchantIds) : undefined;
  const rows = await ctx.database.db
    .select({
      m: merchants,
      lastRun: dsql<string | null>`(SELECT max(r.scheduled_for) FROM app.settlement_runs r WHERE r.merchant_id = ${merchants.id})`,
    })
    .from(merchants)
    .where(where);
  const created: SettlementRow[] = [];
  const nows = new Map<Mode, Date>();
  for (const { m, lastRun } of rows) {
    if (m.settlementSchedule === "manual" || notSettleableReason(ctx, m)) continue;
    let now = nows.get(m.mode);
    if (!now) nows.set(m.mode, (now = await businessNow(ctx, m.mode)));
    const due = dueInstant(scheduleOf(m), now, { notBefore: m.createdAt, lastRun: fromPgTsOrNull(lastRun) });
    if (!due) continue;
    try {
      const s = await createSettlement(ctx, m.id, { trigger: "schedule", scheduledFor: due, hooks: opts.hooks });
      if (s) created.push(s);
    } catch (err) {
      settlementErrors.inc({ step: "create" });
      ctx.log.error("scheduled settlement run failed", { merchantId: m.id, scheduledFor: due, err });
    }
  }
  return created;
}

/** Drives every open settlement that has work to do now (optionally only some merchants'). */
export async function driveOpenSettlements(ctx: AppContext, opts: DriveOptions & { merchantIds?: string[]; limit?: number } = {}): Promise<SettlementRow[]> {
  const now = pgTs(ctx.clock.now());
  const merchantFilter = opts.merchantIds ?? null;
  const rows = await ctx.database.sql<{ id: string }[]>`
    SELECT id FROM app.settlements
    WHERE state NOT IN ('completed', 'failed')
      AND (${opts.checkProvider === true} OR state <> 'ach_pending' OR next_check_at IS NULL OR next_check_at <= ${now}::timestamptz)
      AND (${merchantFilter}::text[] IS NULL OR merchant_id = ANY(${merchantFilter}::text[]))
    ORDER BY created_at, id
    LIMIT ${opts.limit ?? 100}`;
  const out: SettlementRow[] = [];
  for (const { id } of rows) {
    const s = await driveSettlement(ctx, id, opts);
    if (s) out.push(s);
  }
  return out;
}

/**
 * Manual cash-out (operator CLI, later the dashboard): settles the available balance now and drives
 * the settlement until the ACH transfer is on its way. Undefined when there is nothing to settle.
 */
export async function cashOut(ctx: AppContext, merchantId: string, opts: { trigger?: SettlementTrigger; hooks?: Hooks } = {}): Promise<SettlementRow | undefined> {
  const s = await createSettlement(ctx, merchantId, { trigger: opts.trigger ?? "manual", hooks: opts.hooks });
  if (!s) return undefined;
  return driveSettlement(ctx, s.id, { hooks: opts.hooks, waitMs: 30_000 });
}

/**
 * The sandbox helper (POST /v1/test_helpers/settlements/advance) for some test merchants:
 * 1. runs their settlements: a due scheduled run, else (whatever the schedule, manual included) a run
 *    of their available balance now, as if it were due;
 * 2. drives their open settlements through the withdrawal and ACH initiation;
 * 3. advances the sandbox clock to when the last of their in-flight sandbox transfers arrives;
 * 4. completes (or returns) them.
 * Returns every settlement of theirs that was created or moved, newest first.
 */
export async function advanceSandboxSettlements(ctx: AppContext, merchantIds: string[], opts: { hooks?: Hooks } = {}): Promise<SettlementRow[]> {
  if (merchantIds.length === 0) return [];
  const before = await ctx.database.db.select().from(settlements).where(inArray(settlements.merchantId, merchantIds));
  const stateBefore = new Map(before.map((s) => [s.id, s.state]));
  await runDueSchedules(ctx, { merchantIds, hooks: opts.hooks });
  for (const id of merchantIds) {
    const m = await loadMerchant(ctx, id);
    if (!m || m.mode !== "test" || notSettleableReason(ctx, m)) continue;
    await createSettlement(ctx, id, { trigger: "test_helper", hooks: opts.hooks });
  }
  const drive = { hooks: opts.hooks, waitMs: 30_000, checkProvider: true };
  await driveOpenSettlements(ctx, { ...drive, merchantIds });
  const provider = payoutProviderFor(ctx, "test");
  if (provider instanceof SandboxPayoutProvider) {
    const inFlight = await ctx.database.db
      .select({ transferId: settlements.providerTransferId })
      .from(settlements)
      .where(and(inArray(settlements.merchantId, merchantIds), eq(settlements.state, "ach_pending"), eq(settlements.provider, provider.name)));
    const target = await provider.latestCompletion(inFlight.map((r) => r.transferId).filter((v): v is string => v !== null));
    if (target) await advanceSandboxClockTo(ctx, target);
  }
  await driveOpenSettlements(ctx, { ...drive, merchantIds });
  const after = await ctx.database.db
    .select()
    .from(settlements)
    .where(inArray(settlements.merchantId, merchantIds))
    .orderBy(desc(settlements.initiatedAt), desc(settlements.id));
  return after.filter((s) => stateBefore.get(s.id) !== s.state);
}

export async function listSettlements(ctx: AppContext, merchantId: string, limit = 25): Promise<SettlementRow[]> {
  return ctx.database.db
    .select()
    .from(settlements)
    .where(eq(settlements.merchantId, merchantId))
    .orderBy(desc(settlements.initiatedAt), desc(settlements.id))
    .limit(limit);
}

