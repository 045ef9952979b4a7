/**
 * The keeper of the operator's nonces: rebuilds the node's view of the operator key from the journal
 * (app.operator_transactions) when the node lacks transactions we handed out, as geth's txpool
 * journal or a relayer's transaction manager does. Causes: a crash between signing and broadcasting,
 * a node that restarted and lost its pool (the sandbox's anvil restarts with the service), a pool
 * that evicted them, bytes a node refused.
 *
 * One round, about every second, by whichever process holds the lease of (chain, address):
 *   1. reads the node's confirmed ("latest") and pending counts;
 *   2. notes the oldest unconfirmed nonce and since when it waits (metrics, /ready, a warning when
 *      it is stuck), and (about once a minute) deletes the journal rows the chain can no longer
 *      need: below the nonce the key had at a final block, and at least 10 minutes old;
 *   3. when the pending count stays below next_nonce for HEAL_AFTER_MS (or the bytes at the pending
 *      count were refused), heals the whole hole in one pass, lowest nonce first: the journal's bytes
 *      are broadcast again as they are, and a nonce whose bytes are gone (signed before the journal
 *      existed) or refused gets a filler, a 0-value transfer to the operator itself at today's fees
 *      (21,000 gas).
 *
 * Exactly-once stays the callers': a fee is collected once per reference and a withdrawal is recorded
 * before it is sent, so bytes sent again either do their work once or revert without effect; a
 * caller whose transaction lost its nonce to a filler sees it never mined and sends again.
 */
import { keccak256, type Address, type Hex } from "viem";
import type { SqlOrTx } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { broadcastFailure } from "./broadcast-errors.ts";
import { journal, type OperatorSender, type SignedTransaction } from "./operator-sender.ts";

/** How long the node's pending count may stay below ours before the hole is healed. */
export const HEAL_AFTER_MS = 3_000;
/** Oldest unconfirmed transaction older than this: a warning in the logs (every STUCK_WARN_MS). */
export const STUCK_WARN_MS = 30_000;
/** Older than this: /ready reports the operator as stuck. */
export const STUCK_READY_MS = 120_000;
/** The keeper's lease on a key and chain; renewed every round. */
const LEASE_MS = 10_000;
/** Nonces broadcast at once while healing (in nonce order, one batch after another). */
const HEAL_BATCH = 16;
const FILLER_GAS = 21_000n;
/** The least age of a journal row before it may be deleted, whatever the chain says. */
const KEEP_CONFIRMED_MS = 10 * 60_000;
/**
 * Blocks below the head after which a transaction is taken as final for the journal: deeper than
 * Ethereum's finality (two epochs) and than any reorg an L2 sequencer has shown. A row is deleted
 * only when the key's nonce at that depth is past it, so a reorg that un-confirms a transaction finds
 * its bytes still here.
 */
export const JOURNAL_FINAL_DEPTH = 64n;
/** How often the keeper looks for journal rows to delete. */
const PRUNE_EVERY_MS = 60_000;

export interface JournalEntry {
  nonce: number;
  raw: Hex | null;
  refused: boolean;
}

export type HealStep = { nonce: number; send: "journal"; raw: Hex } | { nonce: number; send: "filler" };

/** What to send for each nonce the node lacks, [pending, next), lowest first (pure, table-tested). */
export function planHeal(pending: number, next: number, entries: readonly JournalEntry[]): HealStep[] {
  const byNonce = new Map(entries.map((e) => [e.nonce, e]));
  const steps: HealStep[] = [];
  for (let nonce = pending; nonce < next; nonce++) {
    const e = byNonce.get(nonce);
    steps.push(e?.raw && !e.refused ? { nonce, send: "journal", raw: e.raw } : { nonce, send: "filler" });
  }
  return steps;
}

/** Whether a hole has waited long enough to heal (pure): the same pending count for `afterMs`, or refused bytes at it. */
export function dueForHeal(seen: { pending: number; since: number } | undefined, pending: number, now: number, refusedAtPending: boolean, afterMs = HEAL_AFTER_MS): boolean {
  if (refusedAtPending) return true;
  return seen !== undefined && seen.pending === pending && now - seen.since >= afterMs;
}

export interface OperatorNonceStatus {
  chainId: number;
  address: Address;
  nextNonce: number;
  /** The node's confirmed nonce as last read by the keeper (null: never read). */
  confirmedNonce: number | null;
  /** Null: nothing we handed out is unconfirmed. */
  oldestUnconfirmedNonce: number | null;
  oldestUnconfirmedAgeMs: number | null;
  stuck: boolean;
}

/** The keeper's last view of every operator key (for /ready and the metrics; any process may read it). */
export async function operatorNonceStatus(sql: SqlOrTx, now = new Date()): Promise<OperatorNonceStatus[]> {
  const rows = await sql<{ chain_id: number; address: string; next_nonce: bigint; confirmed_nonce: bigint | null; age_ms: number | null }[]>`
    SELECT chain_id, address, next_nonce, confirmed_nonce,
           (EXTRACT(EPOCH FROM (${now.toISOString()}::timestamptz - unconfirmed_since)) * 1000)::float8 AS age_ms
    FROM app.operator_nonces ORDER BY chain_id, address`;
  return rows.map((r) => {
    const confirmed = r.confirmed_nonce === null ? null : Number(r.confirmed_nonce);
    const waiting = confirmed !== null && r.age_ms !== null && confirmed < Number(r.next_nonce);
    const age = waiting ? Math.max(0, r.age_ms!) : null;
    return {
      chainId: r.chain_id,
      address: r.address as Address,
      nextNonce: Number(r.next_nonce),
      confirmedNonce: confirmed,
      oldestUnconfirmedNonce: waiting ? confirmed : null,
      oldestUnconfirmedAgeMs: age,
      stuck: age !== null && age >= STUCK_READY_MS,
    };
  });
}

export class NonceKeeper {
  private seen: { pending: number; since: number } | undefined;
  private lastWarn = 0;
  private lastPrune = 0;
  private readonly id = `${process.pid}-${crypto.randomUUID().slice(0, 8)}`;

  constructor(
    private readonly sender: OperatorSender,
    private readonly log: Logger,
    private readonly opts: { healAfterMs?: number } = {},
  ) {}

  private get where() {
    return { chainId: this.sender.chainId, address: this.sender.address };
  }

  /** One round (see the file's comment). Returns how many nonces were healed. */
  async round(): Promise<number> {
    const { sql } = this.sender;
    const { chainId, address } = this.where;
    const [lease] = await sql<{ next_nonce: bigint; confirmed_nonce: bigint | null; unconfirmed_since: unknown }[]>`
      UPDATE app.operator_nonces SET keeper = ${this.id}, keeper_until = now() + ${`${LEASE_MS} milliseconds`}::interval
      WHERE chain_id = ${chainId} AND address = ${address} AND (keeper IS NULL OR keeper = ${this.id} OR keeper_until < now())
      RETURNING next_nonce, confirmed_nonce, unconfirmed_since`;
    if (!lease) return 0; // nothing signed yet on this chain, or another process keeps it
    const { pending, latest: confirmed } = await this.sender.nodeCounts();
    const next = Number(lease.next_nonce);
    await this.noteConfirmed(confirmed, next, lease.confirmed_nonce === null ? null : Number(lease.confirmed_nonce), lease.unconfirmed_since !== null);

    if (pending >= next) {
      this.seen = undefined;
      return 0;
    }
    const now = Date.now();
    const [refused] = await sql<{ n: number }[]>`
      SELECT 1 AS n FROM app.operator_transactions
      WHERE chain_id = ${chainId} AND address = ${address} AND nonce = ${pending} AND refused_at IS NOT NULL`;
    if (!dueForHeal(this.seen, pending, now, refused !== undefined, this.opts.healAfterMs)) {
      if (this.seen?.pending !== pending) this.seen = { pending, since: now };
      return 0;
    }
    this.seen = undefined;
    return this.heal(pending, next);
  }

  /** Records the node's confirmed nonce and since when the oldest unconfirmed one waits; prunes the journal; warns when stuck. */
  private async noteConfirmed(confirmed: number, next: number, before: number | null, hadSince: boolean): Promise<void> {
    const { sql } = this.sender;
    const { chainId, address } = this.where;
    const moved = before !== confirmed;
    const [row] = await sql<{ age_ms: number | null }[]>`
      UPDATE app.operator_nonces n
      SET confirmed_nonce = ${confirmed},
          unconfirmed_since = CASE
            WHEN ${confirmed} >= n.next_nonce THEN NULL
            WHEN ${moved} OR NOT ${hadSince} THEN COALESCE(
              (SELECT created_at FROM app.operator_transactions t WHERE t.chain_id = n.chain_id AND t.address = n.address AND t.nonce = ${confirmed}), now())
            ELSE n.unconfirmed_since END
      WHERE chain_id = ${chainId} AND address = ${address}
      RETURNING (EXTRACT(EPOCH FROM (now() - unconfirmed_since)) * 1000)::float8 AS age_ms`;
    if (Date.now() - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = Date.now();
      await this.pruneJournal();
    }
    const age = row?.age_ms ?? null;
    if (age !== null && age >= STUCK_WARN_MS && Date.now() - this.lastWarn >= STUCK_WARN_MS) {
      this.lastWarn = Date.now();
      this.log.warn("operator transactions are stuck: the oldest unconfirmed nonce has waited too long", {
        chainId, address, nonce: confirmed, next_nonce: next, waiting_s: Math.round(age / 1000),
      });
    }
  }

  /**
   * Deletes the journal rows the node can no longer need: a confirmed transaction is un-confirmed by
   * a reorg, or by a sandbox chain restarted from its last saved state (a kill -9 loses the blocks
   * above it), and then its bytes are the ones to send again. So a row goes only below the key's
   * nonce at the final block: JOURNAL_FINAL_DEPTH below the head, and never above an embedded
   * sandbox chain's last saved block. Any error reading the chain deletes nothing. Returns how many
   * rows were deleted.
   */
  async pruneJournal(): Promise<number> {
    const { sql, publicClient } = this.sender;
    const { chainId, address } = this.where;
    const finalNonce = await finalNonceOf(sql, publicClient, chainId, address).catch(() => undefined);
    if (finalNonce === undefined || finalNonce === 0) return 0;
    const deleted = await sql`
      DELETE FROM app.operator_transactions
      WHERE chain_id = ${chainId} AND address = ${address} AND nonce < ${finalNonce}
        AND created_at < now() - ${`${KEEP_CONFIRMED_MS} milliseconds`}::interval`;
    return deleted.count;
  }

  /** Broadcasts the journal's bytes, or fillers, for every nonce in [pending, next). */
  private async heal(pending: number, next: number): Promise<number> {
    const { sql } = this.sender;
    const { chainId, address } = this.where;
    const rows = await sql<{ nonce: bigint; raw_tx: Hex; refused_at: unknown }[]>`
      SELECT nonce, raw_tx, refused_at FROM app.operator_transactions
      WHERE chain_id = ${chainId} AND address = ${address} AND nonce >= ${pending} AND nonce < ${next}`;
    const steps = planHeal(pending, next, rows.map((r) => ({ nonce: Number(r.nonce), raw: r.raw_tx, refused: r.refused_at !== null })));
    const tally = { resent: 0, filled: 0, present: 0 };
    const fees = lazy(() => this.fillerFees());
    for (let i = 0; i < steps.length; i += HEAL_BATCH) {
      const outcomes = await Promise.all(steps.slice(i, i + HEAL_BATCH).map((step) => this.healOne(step, fees)));
      for (const o of outcomes) tally[o]++;
    }
    this.log.warn("the node lacked operator transactions: healed the hole", { chainId, address, from_nonce: pending, to_nonce: next - 1, ...tally });
    return steps.length;
  }

  private async healOne(step: HealStep, fees: () => Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }>): Promise<"resent" | "filled" | "present"> {
    if (step.send === "journal") {
      const sent = await this.send(step.raw);
      if (sent !== "refused") return sent === "known" || sent === "nonce_taken" ? "present" : "resent";
      // Refused as they are (their fee cap below today's base fee, say): the nonce gets a filler and
      // the caller, whose transaction is never mined, sends its work again.
    }
    const filler = await this.signFiller(step.nonce, await fees());
    await journal(this.sender.sql, this.sender.chainId, filler, "filler");
    const sent = await this.send(filler.raw);
    if (sent === "refused") throw new Error(`the node refused the filler for nonce ${step.nonce}`);
    return sent === "nonce_taken" ? "present" : "filled";
  }

  /** "sent", or what the failure means; a node that does not answer ends the heal (the next round retries). */
  private async send(raw: Hex): Promise<"sent" | "known" | "nonce_taken" | "refused"> {
    try {
      await this.sender.publicClient.sendRawTransaction({ serializedTransaction: raw });
      return "sent";
    } catch (err) {
      const failure = broadcastFailure(err);
      if (failure === "unreachable") throw err;
      return failure;
    }
  }

  private async fillerFees() {
    const fees = await this.sender.publicClient.estimateFeesPerGas();
    // Twice today's estimate: a filler must not itself wait behind a rising base fee.
    return { maxFeePerGas: (fees.maxFeePerGas ?? 1_000_000_000n) * 2n, maxPriorityFeePerGas: fees.maxPriorityFeePerGas ?? 1_000_000n };
  }

  private async signFiller(nonce: number, fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }): Promise<SignedTransaction> {
    const { wallet, chainId } = this.sender;
    const to = this.sender.address;
    const raw = (await wallet.account.signTransaction!({ type: "eip1559", chainId, to, value: 0n, gas: FILLER_GAS, nonce, ...fees })) as Hex;
    return { hash: keccak256(raw), nonce, raw, sender: to };
  }
}

function lazy<T>(fn: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => (p ??= fn());
}

/** The key's transaction count at the chain's final block for the journal (see pruneJournal); undefined when none is final yet. */
async function finalNonceOf(sql: SqlOrTx, publicClient: OperatorSender["publicClient"], chainId: number, address: Address): Promise<number | undefined> {
  const head = await publicClient.getBlockNumber({ cacheTime: 0 });
  let final = head - JOURNAL_FINAL_DEPTH;
  const [saved] = await sql<{ block_number: bigint }[]>`SELECT block_number FROM app.sandbox_chain_saves WHERE chain_id = ${chainId}`;
  if (saved && BigInt(saved.block_number) < final) final = BigInt(saved.block_number);
  if (final < 0n) return undefined;
  return publicClient.getTransactionCount({ address, blockNumber: final });
}
