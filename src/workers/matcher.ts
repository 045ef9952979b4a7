/**
 * The matcher role (src/workers/README.md): turns indexed, sufficiently confirmed USDC transfers
 * into ledger transactions, confirms intents and writes the outbox events; the logic lives in
 * src/modules/matching (engine.ts: cursor, catch-up, reorg audit; record.ts: one transfer, one
 * database transaction).
 *
 * - Wake-ups: Ponder's NOTIFY on `chain_live_query` (sent after each realtime block it commits, on
 *   the views schema's channel), with a poll every `pollMs` as the fallback.
 * - One active matcher per chain: a session advisory lock on a dedicated connection. Any number of
 *   matcher processes may run; the others wait and take over within `pollMs` when the holder dies
 *   (its connection closes, Postgres releases the lock). Correctness does not depend on the lock:
 *   the UNIQUE (chain_id, tx_hash, log_index) and the intent row lock make two matchers at once
 *   safe; the lock only saves the loser the work.
 */
import type { AppContext } from "../context.ts";
import type { Sql } from "../db/client.ts";
import { ChainMatcher, type ChainMatcherOptions } from "../modules/matching/engine.ts";
import { tokenSymbolOn } from "../chain/runtime.ts";
import { parseEventLogs } from "viem";
import { eip3009Abi } from "../../contracts/abis.ts";
import { CHAIN_VIEWS } from "../modules/matching/chain-reader.ts";
import { matcherErrors } from "../modules/matching/metrics.ts";
import type { RunningRole } from "./role.ts";
import { PollingRole } from "./loop.ts";
import { noteConfirmed } from "../modules/payment-links/used-up.ts";


/** Ponder's NOTIFY channel for the views schema: `<views schema>_live_query`. */
export const LIVE_QUERY_CHANNEL = `${CHAIN_VIEWS}_live_query`;

/** pg_try_advisory_lock(MATCHER_LOCK_CLASS, chain_id): one active matcher per chain. */
export const MATCHER_LOCK_CLASS = 0x4d415443; // "MATC"

export interface MatcherOptions extends Partial<Pick<ChainMatcherOptions, "batchSize" | "concurrency" | "waveSize" | "auditIntervalMs" | "auditWindowBlocks">> {
  /** Poll interval when no NOTIFY arrives (and how often a standby tries the lock). Default 1000 ms. */
  pollMs?: number;
  /** Chains to match. Default: every chain of ctx.chains. */
  chainIds?: number[];
}

export interface RunningMatcher extends RunningRole {
  /** Run an iteration now on every chain (tests, benchmarks). */
  wake(): void;
  workers: ChainMatcherWorker[];
}

type Reserved = Awaited<ReturnType<Sql["reserve"]>>;

export class ChainMatcherWorker extends PollingRole<boolean> {
  readonly engine: ChainMatcher;
  private conn: Reserved | null = null;
  private lockCheckedAt = 0;

  constructor(
    private readonly ctx: AppContext,
    readonly chainId: number,
    engineOptions: ChainMatcherOptions,
    pollMs: number,
  ) {
    // A failed step is retried soon (100 ms, doubling to 10 s): payments wait on it.
    super({ role: "matcher", log: ctx.log.child({ role: "matcher", chainId }), failure: "matcher iteration failed; retrying", intervalMs: pollMs, backoffBaseMs: 100, maxBackoffMs: 10_000, latchWakeups: true });
    this.engine = new ChainMatcher(ctx.database.sql, engineOptions);
  }

  get isLeader(): boolean {
    return this.conn !== null;
  }

  override async stop(): Promise<void> {
    await super.stop();
    await this.releaseLock();
  }

  /** One step as the chain's matcher, or a lock attempt as a standby. True: more work is waiting. */
  protected async round(): Promise<boolean> {
    if (!(await this.holdLock())) return false;
    return (await this.engine.step()).more;
  }

  protected override again(more: boolean): boolean {
    return more;
  }

  protected override failed(): void {
    matcherErrors.inc({ chain_id: this.chainId });
    // The lock's connection may be the one that broke: check it before the next step.
    this.lockCheckedAt = 0;
  }

  /** Takes the chain's lock if free, and checks every few seconds that we still hold it. */
  private async holdLock(): Promise<boolean> {
    if (this.conn) {
      if (Date.now() - this.lockCheckedAt < 5_000) return true;
      try {
        const [row] = await this.conn<{ held: boolean }[]>`
          SELECT EXISTS (SELECT 1 FROM pg_locks
                         WHERE locktype = 'advisory' AND classid = ${MATCHER_LOCK_CLASS}::int8::oid
                           AND objid = ${this.chainId}::int8::oid AND objsubid = 2
                           AND pid = pg_backend_pid() AND granted) AS held`;
        this.lockCheckedAt = Date.now();
        if (row?.held) return true;
      } catch {
        // connection gone: the lock went with it
      }
      this.log.warn("matcher lost its chain lock; standing by");
      // The lock went with its connection: nothing to unlock, and a query on a dead reserved
      // connection need not be answered. Hand the connection back and take the lock afresh.
      const dead = this.conn;
      this.conn = null;
      dead?.release();
      return false;
    }
    const conn = await this.ctx.database.sql.reserve();
    try {
      const [row] = await conn<{ ok: boolean }[]>`SELECT pg_try_advisory_lock(${MATCHER_LOCK_CLASS}, ${this.chainId}) AS ok`;
      if (!row?.ok) {
        conn.release();
        return false;
      }
    } catch (err) {
      conn.release();
      throw err;
    }
    this.conn = conn;
    this.lockCheckedAt = Date.now();
    // A previous holder may have moved the cursor: start from the database's state.
    await this.engine.load();
    this.log.info("matcher active for chain");
    return true;
  }

  private async releaseLock(): Promise<void> {
    const conn = this.conn;
    this.conn = null;
    if (!conn) return;
    try {
      // Bounded: if the connection is gone the lock is gone with it, and the answer may never come.
      await Promise.race([conn`SELECT pg_advisory_unlock(${MATCHER_LOCK_CLASS}, ${this.chainId})`, new Promise((r) => setTimeout(r, 2_000))]);
    } catch {
      // the connection is gone, and the lock with it
    }
    conn.release();
  }
}

export async function startMatcher(ctx: AppContext, options: MatcherOptions = {}): Promise<RunningMatcher> {
  const pollMs = options.pollMs ?? 1_000;
  const chains = ctx.networks.filter((c) => !options.chainIds || options.chainIds.includes(c.chainId));
  const workers = chains.map((chain) => {
    const engineOptions: ChainMatcherOptions = {
      chainId: chain.chainId,
      confirmations: chain.confirmations,
      clock: ctx.clock,
      log: ctx.log.child({ role: "matcher", chainId: chain.chainId }),
      quarantineMs: ctx.config.valueTags.quarantineMs,
      tokenOf: (address) => tokenSymbolOn(chain, address),
      afterConfirmed: (intentIds, now) => noteConfirmed(ctx.database.sql, intentIds, now, ctx.config.publicBaseUrl),
      authorizationsUsedIn: async (txHash) => {
        const receipt = await chain.publicClient.getTransactionReceipt({ hash: txHash as `0x${string}` });
        return parseEventLogs({ abi: eip3009Abi, logs: receipt.logs, eventName: "AuthorizationUsed" }).map((l) => ({
          token: l.address.toLowerCase(),
          authorizer: l.args.authorizer.toLowerCase(),
          nonce: l.args.nonce.toLowerCase(),
          logIndex: l.logIndex,
        }));
      },
      blockInfo: async (blockNumber) => {
        const b = await chain.publicClient.getBlock({ blockNumber });
        return { timestamp: Number(b.timestamp), hash: b.hash ?? "" };
      },
      ...(options.batchSize !== undefined ? { batchSize: options.batchSize } : {}),
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
      ...(options.waveSize !== undefined ? { waveSize: options.waveSize } : {}),
      ...(options.auditIntervalMs !== undefined ? { auditIntervalMs: options.auditIntervalMs } : {}),
      ...(options.auditWindowBlocks !== undefined ? { auditWindowBlocks: options.auditWindowBlocks } : {}),
    };
    return new ChainMatcherWorker(ctx, chain.chainId, engineOptions, pollMs);
  });
  const wake = () => {
    for (const w of workers) w.wake();
  };
  // Ponder notifies after every realtime block it commits. If LISTEN fails, polling still works.
  const listener = await ctx.database.sql.listen(LIVE_QUERY_CHANNEL, wake).catch((err: unknown) => {
    ctx.log.warn("matcher could not LISTEN; polling only", { err });
    return undefined;
  });
  for (const w of workers) w.start();
  return {
    role: "matcher",
    wake,
    workers,
    async stop() {
      await listener?.unlisten().catch(() => {});
      await Promise.all(workers.map((w) => w.stop()));
    },
  };
}
