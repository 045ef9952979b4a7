/**
 * The matcher of one chain: turns indexed token transfers (chain.usdc_transfer) into ledger
 * transactions, in chain order, from a durable cursor, at confirmation depth.
 *
 * State (app.matcher_cursors, app.matcher_accounts; see 0002_chain.sql):
 * - the cursor (block_number, log_index): every transfer of a joined account at or below it is
 *   recorded. It only moves after the transfers below it are committed (record.ts: each transfer
 *   entirely within one database transaction); a crash between the two re-reads a few transfers,
 *   which the UNIQUE (chain_id, tx_hash, log_index) turns into no-ops. So: at least once reading,
 *   exactly once writing.
 * - covered_block: the safe block (checkpoint - confirmations) up to which everything is recorded;
 *   with its timestamp, what matcherCoveredUntil (coverage.ts) reports to the expirer.
 * - per merchant account: a catch-up position. An account appears in indexed_merchant_account
 *   once the indexer passes its creation block, possibly below the cursor (and after an indexer
 *   upgrade, every account's history is re-indexed by the new instance, below the cursor).
 *   Rather than rewinding the shared cursor (a rescan of every merchant's history at each
 *   onboarding, O(all transfers)), a new account is caught up on its own, from its from_block to the
 *   cursor's block (O(that account's transfers), by the to_address index), and then joins the
 *   cursor. The cursor does not move while an account is catching up, so each merchant's transfers
 *   are recorded in chain order where it matters (two payments of one value to one merchant: the
 *   first confirms the intent, the second is the duplicate).
 *
 * Reorgs: transfers are read only up to checkpoint - confirmations. A reorg deeper than that is
 * found by the audit (every auditIntervalMs): among the last auditWindowBlocks blocks, those holding
 * recorded transactions whose hash is no longer indexed were replaced; their transactions whose log
 * is gone are marked failed and raise an alert, those whose log moved to another block get the new
 * block; then transfers the new chain put at or below the cursor are recorded (this search also
 * runs every sweepEveryAudits audits, since a reorg can add transfers to blocks that held none).
 *
 * Within a page, transfers are written in waves (record.ts writeTransfers): the next transfer of each
 * (merchant, token, value), many per statement; transfers of one value of one token to one merchant
 * (which compete for one reservation) always one after the other, in chain order.
 *
 * Foreign accounts: the indexer follows every v2 account naming one of our operators, which anyone
 * may create, and a merchant's account can exist on a chain before it is recorded there. A transfer
 * to an account that is no merchant of ours on this chain is kept aside (foreign.ts) and the cursor
 * moves on; when the address becomes a merchant's there, the audit round records those transfers as
 * the merchant's (exactly once, by the transaction's unique key).
 *
 * Tokens: the indexer keeps the transfers of every followed token (USDC, USDT where
 * enabled) in one table; each transfer is named by its contract (`tokenOf`) and only ever meets a
 * reservation of its own token, so a payment in the wrong token is recorded unmatched (or late),
 * never confirming an intent of another token.
 */
import type { Sql } from "../../db/client.ts";
import type { Clock } from "../../context.ts";
import type { Logger } from "../../logger.ts";
import { auditRecordedSweeps, auditRecordedTransfers, findReplacedBlocks, readAccountTransfers, readIndexedAccounts, readTransfersAfter, readUnrecordedTransfers, safeBlockOf, type AuditFinding, type Checkpoint, type IndexedTransfer, type Position } from "./chain-reader.ts";
import { foundKey, lookupReservations, prepareTransfer, writeTransfers, type Found, type MerchantInfo, type PreparedTransfer, type RecordOutcome } from "./record.ts";
import { endTransferSpans, startTransferSpans } from "./tracing.ts";
import { withSpan } from "../../lib/tracing.ts";
import { blockToConfirmed, matcherForeign, matcherMoved, matcherReorged, matcherTransfers } from "./metrics.ts";
import { keepForeign, markResolved, readResolvableForeign } from "./foreign.ts";
import { lookupAuthorizationPayments, transferKey, type AuthorizationsUsedIn } from "./authorizations.ts";
import { pgJson, pgTs } from "../../db/pg-values.ts";
import { depositAddressesAmong, recordDepositTransfer, recordSweep, sweepKey, sweepsAmong, undoSweep } from "./deposits.ts";
import type { TokenSymbol } from "../../domain/networks.ts";

/** "The whole block" as a log index. */
export const END_OF_BLOCK = 2_147_483_647;
const START: Position = { blockNumber: -1n, logIndex: -1 };

export interface ChainMatcherOptions {
  chainId: number;
  confirmations: number;
  clock: Clock;
  log: Logger;
  /** Timestamp and hash of a block, for the covered block when confirmations > 0 (from the RPC). */
  blockInfo?: (blockNumber: bigint) => Promise<{ timestamp: number; hash: string }>;
  /** Transfers read per page. Default 1000. */
  batchSize?: number;
  /** Statements written concurrently within a wave. Default 4. */
  concurrency?: number;
  /** Transfers (of distinct (merchant, value) pairs) per statement. 1: a database transaction per transfer. Default 125. */
  waveSize?: number;
  /** How far below the checkpoint the reorg audit looks. Default 64 blocks. */
  auditWindowBlocks?: number;
  /** How long a confirmed intent's value stays held (VALUE_TAG_QUARANTINE_MINUTES). Default 24 h. */
  quarantineMs?: number;
  /** How often the reorg audit runs. Default 1000 ms. */
  auditIntervalMs?: number;
  /** The search for unrecorded transfers below the cursor runs every this many audits (and after any replaced block). Default 10. */
  sweepEveryAudits?: number;
  /**
   * The symbol of a token contract of this chain (chain/runtime.ts tokenSymbolOn). A transfer of a
   * token it does not name stops the matcher there (the cursor stays: never dropped). Unset: every
   * transfer is USDC (tests of the matcher alone).
   */
  tokenOf?: (tokenAddress: string) => TokenSymbol | undefined;
  /**
   * The AuthorizationUsed logs of a transaction (its receipt): ties a payment by signature that
   * someone other than the operator submitted to its intent (authorizations.ts). Unset: only the
   * operator's own relays are tied (their hashes are recorded).
   */
  authorizationsUsedIn?: AuthorizationsUsedIn;
  /**
   * Told the intents a batch confirmed, after its commit (the matcher role announces payment links
   * used up through it). Its failure is logged, never the batch's: the transfers are recorded.
   */
  afterConfirmed?: (intentIds: string[], now: Date) => Promise<void>;
}

export interface StepResult {
  /** Transfers handled in this step (recorded or found recorded). */
  handled: number;
  /** More work is available right now (a full page, or a catch-up in progress). */
  more: boolean;
  /** The indexer is not ready (no views or no checkpoint yet). */
  notReady: boolean;
}

interface AccountState {
  caughtUp: Position;
  joined: boolean;
}

const cmp = (a: Position, b: Position) =>
  a.blockNumber < b.blockNumber ? -1 : a.blockNumber > b.blockNumber ? 1 : a.logIndex - b.logIndex;

export class ChainMatcher {
  readonly chainId: number;
  private readonly confirmations: number;
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly waveSize: number;
  private readonly auditWindow: bigint;
  private readonly auditIntervalMs: number;
  private readonly log: Logger;
  private cursor: Position | null = null;
  private coveredBlock: bigint | null = null;
  private readonly accounts = new Map<string, AccountState>();
  private readonly merchants = new Map<string, { info: MerchantInfo; at: number }>();
  private lastAuditAt = 0;
  private auditsSinceSweep = 0;
  private readonly sweepEvery: number;
  private lastCheckpoint: Checkpoint | null = null;

  constructor(
    private readonly sql: Sql,
    private readonly opts: ChainMatcherOptions,
  ) {
    this.chainId = opts.chainId;
    this.confirmations = opts.confirmations;
    this.batchSize = opts.batchSize ?? 1000;
    this.concurrency = opts.concurrency ?? 4;
    this.waveSize = opts.waveSize ?? 125;
    this.auditWindow = BigInt(opts.auditWindowBlocks ?? 64);
    this.auditIntervalMs = opts.auditIntervalMs ?? 1_000;
    this.sweepEvery = opts.sweepEveryAudits ?? 10;
    this.log = opts.log;
  }

  /** (Re)loads the durable state; call when this process becomes the chain's matcher. */
  async load(): Promise<void> {
    await this.sql`
      INSERT INTO app.matcher_cursors (chain_id, block_number, log_index)
      VALUES (${this.chainId}, ${START.blockNumber}, ${START.logIndex})
      ON CONFLICT (chain_id) DO NOTHING`;
    const [c] = await this.sql<{ block_number: bigint; log_index: number; covered_block: bigint | null }[]>`
      SELECT block_number, log_index, covered_block FROM app.matcher_cursors WHERE chain_id = ${this.chainId}`;
    if (!c) throw new Error(`matcher cursor of chain ${this.chainId} vanished`);
    this.cursor = { blockNumber: BigInt(c.block_number), logIndex: c.log_index };
    this.coveredBlock = c.covered_block === null ? null : BigInt(c.covered_block);
    this.accounts.clear();
    const rows = await this.sql<{ merchant_account: string; caught_up_block: bigint; caught_up_log_index: number; joined_at: Date | null }[]>`
      SELECT merchant_account, caught_up_block, caught_up_log_index, joined_at FROM app.matcher_accounts WHERE chain_id = ${this.chainId}`;
    for (const r of rows) {
      this.accounts.set(r.merchant_account, {
        caughtUp: { blockNumber: BigInt(r.caught_up_block), logIndex: r.caught_up_log_index },
        joined: r.joined_at !== null,
      });
    }
  }

  get position(): Position | null {
    return this.cursor;
  }

  /** One iteration: new accounts, catch-up, one page after the cursor, and the audit when due. */
  async step(): Promise<StepResult> {
    if (!this.cursor) await this.load();
    const cursor = this.cursor!;

    // 1. Accounts the indexer covers that we have not seen: catch them up to the cursor first.
    const indexed = await readIndexedAccounts(this.sql, this.chainId);
    if (indexed === null) return { handled: 0, more: false, notReady: true };
    for (const a of indexed) if (!this.accounts.has(a.account)) await this.addAccount(a.account, a.fromBlock, cursor);
    let handled = 0;
    for (const [account, state] of this.accounts) {
      if (state.joined) continue;
      const r = await this.catchUp(account, state, cursor);
      handled += r.handled;
      if (r.notReady) return { handled, more: false, notReady: true };
      if (!state.joined) return { handled, more: r.more, notReady: false };
    }

    // 2. The next page after the cursor.
    const page = await readTransfersAfter(this.sql, {
      chainId: this.chainId,
      after: cursor,
      confirmations: this.confirmations,
      limit: this.batchSize,
    });
    if (!page.checkpoint) return { handled, more: false, notReady: true };
    this.lastCheckpoint = page.checkpoint;
    await this.recordAll(page.transfers);
    handled += page.transfers.length;
    const full = page.transfers.length === this.batchSize;
    const last = page.transfers.at(-1);
    const next: Position = last ? { blockNumber: last.blockNumber, logIndex: last.logIndex } : cursor;
    const safe = safeBlockOf(page.checkpoint, this.confirmations);
    // A short page: everything up to the safe block is recorded.
    const covered = !full && safe >= 0n && (this.coveredBlock === null || safe > this.coveredBlock) ? safe : null;
    if (cmp(next, cursor) !== 0 || covered !== null) await this.saveCursor(next, covered, page.checkpoint);

    // 3. The reorg audit, when due.
    const now = Date.now();
    if (now - this.lastAuditAt >= this.auditIntervalMs) {
      this.lastAuditAt = now;
      handled += await this.audit(page.checkpoint);
      handled += await this.resolveForeign();
    }
    return { handled, more: full, notReady: false };
  }

  /** Runs the reorg audit now (tests; the step runs it every auditIntervalMs). */
  async auditNow(): Promise<number> {
    if (!this.cursor) await this.load();
    const cp = this.lastCheckpoint;
    if (!cp) return 0;
    this.lastAuditAt = Date.now();
    return this.audit(cp);
  }

  // ---------------------------------------------------------------------------------------------

  private async addAccount(account: string, fromBlock: bigint, cursor: Position) {
    const start: Position = { blockNumber: fromBlock - 1n, logIndex: END_OF_BLOCK };
    // Nothing of it can be below the cursor when it starts above it (a fresh chain, or an account
    // whose from_block is ahead): it joins at once.
    const joined = start.blockNumber >= cursor.blockNumber;
    await this.sql`
      INSERT INTO app.matcher_accounts (chain_id, merchant_account, from_block, caught_up_block, caught_up_log_index, joined_at)
      VALUES (${this.chainId}, ${account}, ${fromBlock}, ${start.blockNumber}, ${start.logIndex}, ${joined ? pgTs(this.opts.clock.now()) : null}::timestamptz)
      ON CONFLICT (chain_id, merchant_account) DO NOTHING`;
    const [row] = await this.sql<{ caught_up_block: bigint; caught_up_log_index: number; joined_at: Date | null }[]>`
      SELECT caught_up_block, caught_up_log_index, joined_at FROM app.matcher_accounts
      WHERE chain_id = ${this.chainId} AND merchant_account = ${account}`;
    if (!row) throw new Error(`matcher account ${account} vanished`);
    this.accounts.set(account, {
      caughtUp: { blockNumber: BigInt(row.caught_up_block), logIndex: row.caught_up_log_index },
      joined: row.joined_at !== null,
    });
    if (row.joined_at === null) this.log.info("catching up a newly indexed merchant account", { chainId: this.chainId, account, fromBlock });
  }

  private async catchUp(account: string, state: AccountState, cursor: Position): Promise<{ handled: number; more: boolean; notReady: boolean }> {
    const page = await readAccountTransfers(this.sql, {
      chainId: this.chainId,
      account,
      after: state.caughtUp,
      untilBlock: cursor.blockNumber,
      confirmations: this.confirmations,
      limit: this.batchSize,
    });
    if (!page.checkpoint) return { handled: 0, more: false, notReady: true };
    await this.recordAll(page.transfers);
    const full = page.transfers.length === this.batchSize;
    const last = page.transfers.at(-1);
    let next: Position = last ? { blockNumber: last.blockNumber, logIndex: last.logIndex } : state.caughtUp;
    if (!full) {
      const safe = safeBlockOf(page.checkpoint, this.confirmations);
      const bound = safe < cursor.blockNumber ? safe : cursor.blockNumber;
      if (bound > next.blockNumber || (bound === next.blockNumber && next.logIndex < END_OF_BLOCK)) {
        next = { blockNumber: bound, logIndex: END_OF_BLOCK };
      }
    }
    const joined = next.blockNumber >= cursor.blockNumber && next.logIndex === END_OF_BLOCK;
    await this.sql`
      UPDATE app.matcher_accounts
      SET caught_up_block = ${next.blockNumber}, caught_up_log_index = ${next.logIndex},
          joined_at = ${joined ? pgTs(this.opts.clock.now()) : null}::timestamptz
      WHERE chain_id = ${this.chainId} AND merchant_account = ${account}`;
    state.caughtUp = next;
    state.joined = joined;
    if (joined) this.log.info("merchant account caught up and joined the cursor", { chainId: this.chainId, account });
    return { handled: page.transfers.length, more: full, notReady: false };
  }

  private async saveCursor(next: Position, covered: bigint | null, cp: Checkpoint) {
    let coveredTs: Date | null = null;
    let coveredHash: string | null = null;
    if (covered !== null) {
      if (covered === cp.blockNumber) {
        coveredTs = new Date(cp.blockTimestamp * 1000);
        coveredHash = cp.blockHash;
      } else if (this.opts.blockInfo) {
        const b = await this.opts.blockInfo(covered);
        coveredTs = new Date(b.timestamp * 1000);
        coveredHash = b.hash;
      } else {
        covered = null; // no way to know its timestamp: leave coverage where it is
      }
    }
    await this.sql`
      UPDATE app.matcher_cursors
      SET block_number = ${next.blockNumber}, log_index = ${next.logIndex},
          covered_block = COALESCE(${covered}::int8, covered_block),
          covered_block_hash = COALESCE(${coveredHash}::text, covered_block_hash),
          covered_block_timestamp = COALESCE(${pgTs(coveredTs)}::timestamptz, covered_block_timestamp),
          updated_at = now()
      WHERE chain_id = ${this.chainId}`;
    this.cursor = next;
    if (covered !== null) this.coveredBlock = covered;
  }

  /**
   * Records a page: one query for the reservations of the whole page, then waves, each wave the
   * next transfer of every (merchant, value) in the page, written in statements of up to
   * `waveSize` transfers (up to `concurrency` statements at once). Waves run one after the other,
   * so transfers that compete for one reservation (same merchant, same value) are recorded in
   * chain order: the first confirms the intent, the next is its duplicate.
   */
  private async recordAll(read: IndexedTransfer[]): Promise<void> {
    if (read.length === 0) return;
    let all = read.map((t) => this.withToken(t));
    // Transfers to deposit addresses: matched by address (deposits.ts), one by one in chain order.
    // Only addresses that are not a known merchant account are looked up (one query per page).
    const unknownTo = [...new Set(all.map((t) => t.to))].filter((to) => !this.merchants.has(to));
    const deposits = await depositAddressesAmong(this.sql, unknownTo);
    if (deposits.size > 0) {
      for (const t of all) if (deposits.has(t.to)) await this.recordDeposit(t);
      all = all.filter((t) => !deposits.has(t.to));
      if (all.length === 0) return;
    }
    const merchants = new Map<string, MerchantInfo>();
    const foreignTo = new Set<string>();
    for (const t of all) {
      if (merchants.has(t.to) || foreignTo.has(t.to)) continue;
      const m = await this.merchantFor(t.to);
      if (m) merchants.set(t.to, m);
      else foreignTo.add(t.to);
    }
    // An indexed account that is no merchant of ours here: kept aside, never a reason to stop.
    if (foreignTo.size > 0) await this.keepForeign(all.filter((t) => foreignTo.has(t.to)));
    let transfers = foreignTo.size > 0 ? all.filter((t) => !foreignTo.has(t.to)) : all;
    if (transfers.length === 0) return;
    // Sweeps of deposit addresses into their account: accounting, never a second payment (deposits.ts).
    const sweeps = await sweepsAmong(this.sql, transfers);
    if (sweeps.size > 0) {
      for (const t of transfers) {
        if (!sweeps.has(sweepKey(t))) continue;
        const released = await recordSweep(this.sql, t, merchants.get(t.to)!.id, this.opts.clock.now());
        this.log.debug("deposit address swept", { chainId: this.chainId, txHash: t.txHash, logIndex: t.logIndex, from: t.from, released });
      }
      transfers = transfers.filter((t) => !sweeps.has(sweepKey(t)));
      if (transfers.length === 0) return;
    }
    // Payments by signature: tied to their intent by the authorization's nonce, not by their value.
    // Each in a statement of its own, in chain order, before the others of the page.
    const byAuthorization = await lookupAuthorizationPayments(this.sql, this.chainId, transfers, merchants, this.opts.authorizationsUsedIn);
    if (byAuthorization.size > 0) {
      const now = this.opts.clock.now();
      for (const t of transfers) {
        const f = byAuthorization.get(transferKey(t));
        if (!f) continue;
        const prepared = [prepareTransfer(t, merchants.get(t.to)!, now, f, true)];
        const [outcome] = await this.tracedWrite(prepared, () => writeTransfers(this.sql, prepared, now, this.opts.quarantineMs));
        matcherTransfers.inc({ chain_id: this.chainId, outcome: outcome!.kind });
        this.log.debug("payment by signature recorded", { chainId: this.chainId, txHash: t.txHash, logIndex: t.logIndex, ...outcome });
      }
      transfers = transfers.filter((t) => !byAuthorization.has(transferKey(t)));
      if (transfers.length === 0) return;
    }
    const found = await lookupReservations(
      this.sql,
      transfers.map((t) => ({ merchantId: merchants.get(t.to)!.id, value: t.value, token: t.token })),
    );
    // Transfers of the same value and token to the same merchant compete for one reservation: they go
    // in chain order, one per wave. Everything else is independent.
    const lanes = new Map<string, IndexedTransfer[]>();
    for (const t of transfers) {
      const key = `${t.to}:${t.token}:${t.value}`;
      const lane = lanes.get(key);
      if (lane) lane.push(t);
      else lanes.set(key, [t]);
    }
    const longest = Math.max(...[...lanes.values()].map((l) => l.length));
    for (let k = 0; k < longest; k++) {
      const wave = [...lanes.values()].flatMap((lane) => (k < lane.length ? [lane[k]!] : []));
      const chunks: IndexedTransfer[][] = [];
      for (let i = 0; i < wave.length; i += this.waveSize) chunks.push(wave.slice(i, i + this.waveSize));
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < chunks.length; i = next++) await this.writeChunk(chunks[i]!, merchants, found);
      };
      const results = await Promise.allSettled(Array.from({ length: Math.min(this.concurrency, chunks.length) }, worker));
      const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
      if (failed) throw failed.reason;
    }
  }

  private async writeChunk(chunk: IndexedTransfer[], merchants: Map<string, MerchantInfo>, found: Map<string, Found>): Promise<void> {
    const now = this.opts.clock.now();
    const prepared = chunk.map((t) => {
      const m = merchants.get(t.to)!;
      return prepareTransfer(t, m, now, found.get(foundKey(m.id, t.value, t.token)) ?? null);
    });
    const outcomes = await this.tracedWrite(prepared, async () => {
      try {
        return await writeTransfers(this.sql, prepared, now, this.opts.quarantineMs);
      } catch (err) {
        if (chunk.length === 1) throw err;
        // Find the transfer that fails: one statement each (the good ones are recorded).
        this.log.warn("a batch of transfers failed; recording them one by one", { chainId: this.chainId, count: chunk.length, err });
        const each: RecordOutcome[] = [];
        for (const p of prepared) each.push(...(await writeTransfers(this.sql, [p], now, this.opts.quarantineMs)));
        return each;
      }
    });
    outcomes.forEach((outcome, i) => {
      matcherTransfers.inc({ chain_id: this.chainId, outcome: outcome.kind });
      if (outcome.kind === "confirmed") blockToConfirmed.observe({ chain_id: this.chainId }, Math.max(0, now.getTime() / 1000 - chunk[i]!.blockTimestamp));
      if (outcome.kind !== "duplicate") {
        const t = chunk[i]!;
        this.log.debug("transfer recorded", { chainId: this.chainId, txHash: t.txHash, logIndex: t.logIndex, ...outcome });
      }
    });
  }

  /**
   * `write` with a span per transfer when tracing is on (tracing.ts): its statement is the span's
   * child when it records one transfer (a batch's statement belongs to no single payment).
   */
  private async tracedWrite(prepared: PreparedTransfer[], write: () => Promise<RecordOutcome[]>): Promise<RecordOutcome[]> {
    const outcomes = await this.tracedWriteOnly(prepared, write);
    const confirmed = outcomes.flatMap((o) => (o.kind === "confirmed" ? [o.intentId] : []));
    if (confirmed.length > 0 && this.opts.afterConfirmed)
      await this.opts.afterConfirmed(confirmed, this.opts.clock.now()).catch((err) => this.log.warn("after a confirmation: failed", { chainId: this.chainId, err }));
    return outcomes;
  }

  private async tracedWriteOnly(prepared: PreparedTransfer[], write: () => Promise<RecordOutcome[]>): Promise<RecordOutcome[]> {
    const spans = startTransferSpans(prepared);
    if (!spans) return write();
    try {
      const outcomes = await withSpan(spans.length === 1 ? spans[0] : undefined, write);
      endTransferSpans(spans, outcomes);
      return outcomes;
    } catch (err) {
      endTransferSpans(spans, undefined, err);
      throw err;
    }
  }

  /** One transfer to a deposit address (deposits.ts). */
  private async recordDeposit(t: IndexedTransfer & { token: TokenSymbol }): Promise<void> {
    const now = this.opts.clock.now();
    const outcome = await recordDepositTransfer(this.sql, t, now);
    if (!outcome) throw new Error(`deposit address ${t.to} vanished while its transfer ${t.txHash}:${t.logIndex} was recorded`);
    matcherTransfers.inc({ chain_id: this.chainId, outcome: outcome.kind });
    if (outcome.kind === "confirmed") {
      blockToConfirmed.observe({ chain_id: this.chainId }, Math.max(0, now.getTime() / 1000 - t.blockTimestamp));
      if (this.opts.afterConfirmed)
        await this.opts.afterConfirmed([outcome.intentId], this.opts.clock.now()).catch((err) => this.log.warn("after a confirmation: failed", { chainId: this.chainId, err }));
    }
    if (outcome.kind !== "duplicate") this.log.debug("deposit transfer recorded", { chainId: this.chainId, txHash: t.txHash, logIndex: t.logIndex, ...outcome });
  }

  /** The transfer with its token named (see ChainMatcherOptions.tokenOf). */
  private withToken(t: IndexedTransfer): IndexedTransfer & { token: TokenSymbol } {
    if (!this.opts.tokenOf || t.tokenAddress === undefined) return { ...t, token: t.token ?? "USDC" };
    const token = this.opts.tokenOf(t.tokenAddress);
    // The indexer follows only the configured tokens, so this means the two disagree (a token disabled
    // while its transfers are still indexed): stop here (the cursor stays) rather than drop the money.
    if (!token) throw new Error(`transfer ${t.txHash}:${t.logIndex} on chain ${this.chainId} is of token ${t.tokenAddress}, which this chain's configuration does not name`);
    return { ...t, token };
  }

  /** Keeps transfers to accounts that are no merchant of ours on this chain (foreign.ts), noting each new account once. */
  private async keepForeign(transfers: IndexedTransfer[]): Promise<void> {
    const { inserted, newAccounts } = await keepForeign(this.sql, this.chainId, transfers);
    if (inserted > 0) matcherForeign.inc({ chain_id: this.chainId }, inserted);
    for (const account of newAccounts) {
      // Recorded and counted, not paged: anyone can create an account naming our (public) operator address.
      this.log.warn("transfers to an indexed account that is no merchant of ours on this chain; kept as foreign (matched if a merchant's account is recorded at that address), the matcher goes on", {
        chainId: this.chainId,
        account,
      });
    }
  }

  /**
   * Foreign transfers to an address that has since become a merchant's on this chain (its account
   * was recorded here after the payment arrived): recorded as that merchant's now. The transaction's
   * unique key makes the record exactly once, whatever crashes in between; the foreign row is then
   * marked resolved with its transaction.
   */
  private async resolveForeign(): Promise<number> {
    let done = 0;
    for (;;) {
      const page = await readResolvableForeign(this.sql, this.chainId, this.batchSize);
      if (page.length === 0) return done;
      for (const t of page) this.merchants.delete(t.to);
      await this.recordAll(page);
      const resolved = await markResolved(this.sql, this.chainId, page);
      done += page.length;
      this.log.warn("foreign transfers recorded: their address is now a merchant's account on this chain", { chainId: this.chainId, count: page.length, resolved });
      if (resolved === 0 || page.length < this.batchSize) return done;
    }
  }

  private async merchantFor(account: string): Promise<MerchantInfo | null> {
    const cached = this.merchants.get(account);
    if (cached && Date.now() - cached.at < 60_000) return cached.info;
    const [m] = await this.sql<{ id: string; mode: MerchantInfo["mode"]; chain_id: number; fee_rate_bps: number; payment_address: string }[]>`
      SELECT id, mode, chain_id, fee_rate_bps, payment_address FROM app.merchants
      WHERE (chain_id = ${this.chainId} OR ${this.chainId}::int = ANY (account_chain_ids)) AND lower(payment_address) = ${account}`;
    // The indexer follows every v2 account naming our operator, which anyone may create, and a
    // merchant's account can exist on a chain before it is recorded there: not ours (yet). Not cached.
    if (!m) return null;
    const info: MerchantInfo = { id: m.id, mode: m.mode, chainId: this.chainId, feeRateBps: m.fee_rate_bps, paymentAddress: m.payment_address };
    this.merchants.set(account, { info, at: Date.now() });
    return info;
  }

  /** The reorg audit (see the header). Returns how many transfers it recorded. */
  private async audit(cp: Checkpoint): Promise<number> {
    const since = cp.blockNumber - this.auditWindow;
    // Cheap first: which blocks holding recorded transfers were replaced? Only those are looked at
    // transfer by transfer.
    const replaced = await findReplacedBlocks(this.sql, { chainId: this.chainId, sinceBlock: since });
    const findings = replaced && replaced.length > 0 ? await auditRecordedTransfers(this.sql, { chainId: this.chainId, blocks: replaced }) : [];
    for (const f of findings ?? []) {
      if (f.nowBlockNumber !== null && f.nowBlockHash !== null) {
        const moved = await this.sql`
          UPDATE app.transactions SET block_number = ${f.nowBlockNumber}, block_hash = ${f.nowBlockHash}
          WHERE id = ${f.transactionId} AND block_hash IS NOT DISTINCT FROM ${f.blockHash}
          RETURNING id`;
        if (moved.length > 0) {
          matcherMoved.inc({ chain_id: this.chainId });
          this.log.warn("reorg: a recorded transfer was re-included in another block; transaction kept", {
            chainId: this.chainId,
            transactionId: f.transactionId,
            txHash: f.txHash,
            fromBlock: f.blockNumber,
            toBlock: f.nowBlockNumber,
          });
        }
      } else {
        await this.markReorged(f);
      }
    }
    await this.auditSweeps(replaced ?? []);
    // Transfers the new chain put at or below the cursor: looked for right after a replaced block
    // was found, and every sweepEvery audits anyway (a reorg can add transfers to blocks that held
    // none of ours). Only once every account has joined, so that a catching-up account's history
    // is still recorded in order.
    this.auditsSinceSweep++;
    const sweepDue = (replaced?.length ?? 0) > 0 || this.auditsSinceSweep >= this.sweepEvery;
    let recorded = 0;
    if (sweepDue && [...this.accounts.values()].every((a) => a.joined) && this.cursor) {
      this.auditsSinceSweep = 0;
      for (;;) {
        const page = await readUnrecordedTransfers(this.sql, {
          chainId: this.chainId,
          sinceBlock: since,
          upTo: this.cursor,
          confirmations: this.confirmations,
          limit: this.batchSize,
        });
        if (page.transfers.length === 0) break;
        this.log.warn("recording transfers found below the matcher's cursor (reorg or late index)", {
          chainId: this.chainId,
          count: page.transfers.length,
        });
        await this.recordAll(page.transfers);
        recorded += page.transfers.length;
        if (page.transfers.length < this.batchSize) break;
      }
    }
    return recorded;
  }

  /** The sweeps of deposit addresses in replaced blocks: moved ones follow their block, gone ones are undone. */
  private async auditSweeps(replaced: bigint[]) {
    const sweeps = replaced.length > 0 ? await auditRecordedSweeps(this.sql, { chainId: this.chainId, blocks: replaced }) : [];
    for (const f of sweeps ?? []) {
      if (f.nowBlockNumber !== null && f.nowBlockHash !== null) {
        await this.sql`
          UPDATE app.deposit_sweeps SET block_number = ${f.nowBlockNumber}, block_hash = ${f.nowBlockHash}
          WHERE chain_id = ${this.chainId} AND tx_hash = ${f.txHash} AND log_index = ${f.logIndex} AND block_hash = ${f.blockHash}`;
        continue;
      }
      const undone = await undoSweep(this.sql, { chainId: this.chainId, ...f });
      if (!undone) continue;
      this.log.error("ALERT: a recorded sweep of a deposit address was reorganised out of the chain after the confirmation depth; its money is back at the address", {
        chainId: this.chainId,
        tx_hash: f.txHash,
        log_index: f.logIndex,
        block_number: f.blockNumber.toString(),
        deposit_address: f.depositAddress,
        token: f.token,
        payments_awaiting_sweep_again: undone.heldAgain,
        payments_whose_fee_was_already_claimed: undone.leftReleased,
      });
    }
  }

  private async markReorged(f: AuditFinding) {
    const details = {
      tx_hash: f.txHash,
      log_index: f.logIndex,
      block_number: f.blockNumber.toString(),
      block_hash: f.blockHash,
      payment_intent_id: f.paymentIntentId,
      transaction_status_before: f.status,
      fee_status: f.feeStatus,
    };
    const changed = await this.sql.begin(async (tx) => {
      // Only a confirmed transaction becomes failed; a settled one keeps its status (its money was
      // paid out: the alert is the operator's cue). Its fee, if not collected yet (nor swept, at a
      // deposit address), is never collected.
      const rows = await tx`
        UPDATE app.transactions
        SET status = 'failed',
            fee_status = CASE WHEN fee_status IN ('pending', 'awaiting_sweep') THEN 'failed' ELSE fee_status END,
            fee_last_error = CASE WHEN fee_status IN ('pending', 'awaiting_sweep') THEN 'transfer reorganised out of the chain' ELSE fee_last_error END
        WHERE id = ${f.transactionId} AND status = 'confirmed'
        RETURNING id`;
      // A deposit intent's amount_received is the sum of its transfers on its own pair that are not
      // failed (matching/deposits.ts readDeposit): summed again without this one.
      if (rows.length > 0 && f.paymentIntentId) {
        await tx`
          UPDATE app.payment_intents p SET received_units = (
            SELECT coalesce(sum(x.amount_units), 0) FROM app.transactions x
            WHERE x.payment_intent_id = p.id AND x.chain_id = p.chain_id AND x.token = p.token
              AND x.payment_address = p.payment_address AND x.status <> 'failed')
          WHERE p.id = ${f.paymentIntentId} AND p.payment_address_type = 'deposit'`;
      }
      // If the same payment is already recorded again from the new chain (re-included at another
      // log index), the intent points at that transaction from now on. (The other order, failure
      // first, is handled when the new transfer is recorded: record.ts.)
      if (rows.length > 0 && f.paymentIntentId) {
        await tx`
          UPDATE app.payment_intents p SET transaction_id = n.id, tx_hash = n.tx_hash
          FROM app.transactions n
          WHERE p.id = ${f.paymentIntentId} AND p.transaction_id = ${f.transactionId}
            AND n.payment_intent_id = p.id AND n.chain_id = ${this.chainId} AND n.tx_hash = ${f.txHash}
            AND n.status <> 'failed' AND n.id <> ${f.transactionId}`;
      }
      const alert = await tx`
        INSERT INTO app.chain_alerts (kind, chain_id, transaction_id, details)
        VALUES ('transfer_reorged', ${this.chainId}, ${f.transactionId}, ${pgJson(details)}::text::jsonb)
        ON CONFLICT (kind, transaction_id) DO NOTHING
        RETURNING id`;
      return rows.length > 0 || alert.length > 0;
    });
    if (!changed) return;
    matcherReorged.inc({ chain_id: this.chainId });
    this.log.error("ALERT: a recorded transfer was reorganised out of the chain after the confirmation depth; transaction marked failed", {
      chainId: this.chainId,
      transactionId: f.transactionId,
      ...details,
    });
  }
}
