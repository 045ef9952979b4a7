/**
 * Keeps one current Ponder instance per views schema: starts it, swaps it for a new one when the
 * configuration or the indexer's code changes, restarts it when it dies or stops following the
 * chain. Design notes: indexer/README.md.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { normalizeIndexerChains, transferTokens, type IndexerChainConfig as ChainConfig } from "../../../indexer/chains.ts";
import postgres from "postgres";
import { withTimeout } from "../../lib/timeout.ts";
import { assertViewsSchema, connect, type Sql, indexerSchemaName, dropIndexerSchema, pruneIndexerSchemas, setAsideInstance, unlockDeadInstance, DEFAULT_ROOT } from "./schemas.ts";
import { reconcileWithChains } from "./reconcile.ts";
import { pruneSyncCache, type PruneResult } from "./prune.ts";
import { startIndexer, toSink, type Sink, type Level, sleep, type RunningIndexer, type IndexerLog, type StartIndexerOptions } from "./process.ts";

export interface IndexerSupervisorOptions {
  databaseUrl: string;
  viewsSchema: string;
  /** Instances alternate between basePort and basePort + 1 (old and new run side by side). */
  basePort: number;
  /** Interface Ponder binds (default 127.0.0.1). */
  hostname?: string;
  /** The current chain configs, merchant accounts included (from the merchant registry). */
  loadChains: () => Promise<ChainConfig[]>;
  cwd?: string;
  log?: IndexerLog;
  logLevel?: StartIndexerOptions["logLevel"];
  /** Drop unused `ponder_<hash>` schemas of earlier runs after start. Default true. */
  pruneOnStart?: boolean;
  /**
   * A running Ponder whose indexed block has not moved for this long while the chain's head is at
   * least 3 blocks ahead is killed and restarted (crash recovery). Default 10000 ms; 0 disables.
   */
  stallTimeoutMs?: number;
  /**
   * Every this many ms, delete from Ponder's sync cache the final, indexed USDC transfers that are
   * not to a merchant account, with the transactions and blocks no remaining log needs
   * (src/chain/indexer/prune.ts). Default 60000; 0 disables (the cache then keeps the token's whole
   * traffic).
   */
  syncPruneIntervalMs?: number;
  /** Called after each pruning pass that deleted something (tests, metrics). */
  onPrune?: (result: PruneResult) => void;
}

export interface RefreshResult {
  /** True when a new instance was started (the config hash changed). */
  changed: boolean;
  schema: string;
}

/**
 * Keeps exactly one current indexer for the configured chains, and swaps it without downtime for
 * readers when its code or configuration changes: the new instance runs beside the old one on its own
 * schema, Ponder points the views at it when it is ready, then the old one is stopped and its
 * schema dropped. Refreshes are serialized. If the current process dies, it is restarted on the
 * same schema (crash recovery) with backoff.
 *
 * One supervisor per views schema: a second one would start the same schema and wait on Ponder's
 * lock, or, with another config, take the views.
 */
export class IndexerSupervisor {
  private readonly opts: IndexerSupervisorOptions;
  private currentInstance: RunningIndexer | undefined;
  private currentChains: ChainConfig[] = [];
  /** Every process started and not yet stopped, current or not. */
  private readonly instances = new Set<RunningIndexer>();
  private generation = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private signalStopped: () => void = () => {};
  private readonly stoppedSignal = new Promise<void>((resolve) => (this.signalStopped = resolve));
  private restartAttempts = 0;
  private sql: Sql | undefined;
  /** A one-connection client holding the session advisory lock "supervisor of this views schema". */
  private lockSql: Sql | undefined;
  private holdsSupervisorLock = false;

  constructor(opts: IndexerSupervisorOptions) {
    assertViewsSchema(opts.viewsSchema);
    this.opts = opts;
    this.sink = toSink(opts.log);
  }

  /** The instance the views point at (or will, once its first start is ready). */
  get current(): { schema: string; port: number; pid: number } | undefined {
    const c = this.currentInstance;
    return c ? { schema: c.schema, port: c.port, pid: c.pid } : undefined;
  }

  /** Loads the chains, starts the indexer and waits until it is ready. */
  start(): Promise<RefreshResult> {
    this.startStallWatch();
    this.startPruner();
    return this.serialize(async () => {
      await this.takeSupervisorLock();
      const result = await this.swapTo(await this.loadChains());
      if (this.opts.pruneOnStart !== false) {
        const dropped = await pruneIndexerSchemas(this.db(), [result.schema]).catch((err: unknown) => {
          this.note(`prune failed: ${(err as Error).message}`, "warn");
          return [] as string[];
        });
        if (dropped.length > 0) this.note(`dropped unused schemas ${dropped.join(", ")}`);
      }
      return result;
    });
  }

  /**
   * Reloads the chains (call after onboarding a merchant). If the config hash changed, starts a new
   * instance, waits until it is ready and owns the views, then stops the old one and drops its
   * schema. Concurrent calls run one after the other; a call whose config is unchanged is a no-op.
   */
  refresh(): Promise<RefreshResult> {
    return this.serialize(async () => this.swapTo(await this.loadChains()));
  }

  /**
   * Stops every indexer process, including one still starting for a refresh (that refresh then
   * rejects). Schemas are kept: the next start on the same config resumes where this one stopped.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.signalStopped();
    if (this.stallTimer) clearInterval(this.stallTimer);
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    await this.pruning?.catch(() => {});
    await Promise.all([...this.instances].map((i) => i.stop()));
    await this.queue.catch(() => {});
    await Promise.all([...this.instances].map((i) => i.stop()));
    this.instances.clear();
    this.currentInstance = undefined;
    if (this.sql) await this.sql.end({ timeout: 1 });
    this.sql = undefined;
    if (this.lockSql) await this.lockSql.end({ timeout: 1 }).catch(() => {});
    this.lockSql = undefined;
    this.holdsSupervisorLock = false;
  }

  /**
   * One supervisor per views schema, held as a session advisory lock (released by Postgres when the
   * process dies). Holding it proves that a Ponder lock left on our schemas belongs to a dead
   * supervisor's Ponder (a kill -9 of the service), so the restart need not wait for it to expire.
   * Not holding it (another supervisor is alive, or it was lost with its connection) only means
   * Ponder's own lock is respected, as before.
   */
  private async takeSupervisorLock() {
    try {
      this.lockSql ??= postgres(this.opts.databaseUrl, { max: 1, onnotice: () => {}, connection: { application_name: "stablepay-indexer-supervisor" } }) as unknown as Sql;
      const [r] = await this.lockSql<{ ok: boolean }[]>`SELECT pg_try_advisory_lock(hashtext(${`indexer-supervisor:${this.opts.viewsSchema}`})) AS ok`;
      this.holdsSupervisorLock = r?.ok === true;
      if (!this.holdsSupervisorLock) this.note("another indexer supervisor holds this views schema; Ponder's own lock decides", "warn");
    } catch (err) {
      this.holdsSupervisorLock = false;
      this.note(`could not take the supervisor lock: ${(err as Error).message}`, "warn");
    }
  }

  /** Before starting Ponder on `schema`: clear a lock whose holder is known to be dead. */
  private async clearDeadLock(schema: string, holderExited: boolean) {
    if (!holderExited && !this.holdsSupervisorLock) return;
    const cleared = await unlockDeadInstance(this.db(), schema).catch((err: unknown) => {
      this.note(`could not clear the stale lock of ${schema}: ${(err as Error).message}`, "warn");
      return false;
    });
    if (cleared) this.note(`cleared the lock of ${schema} left by a Ponder that is no longer running`);
  }

  private async loadChains(): Promise<ChainConfig[]> {
    return normalizeIndexerChains(await this.opts.loadChains());
  }

  private serialize<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(() => {
      if (this.stopped) throw new Error("indexer supervisor is stopped");
      return fn();
    });
    this.queue = run.catch(() => {});
    return run;
  }

  private db(): Sql {
    this.sql ??= connect(this.opts.databaseUrl);
    return this.sql;
  }

  private readonly sink: Sink;

  private note(message: string, level: Level = "info") {
    this.sink.note(level, `indexer supervisor: ${message}`, { views_schema: this.opts.viewsSchema });
  }

  /**
   * Checks the instance schema against the chains before a Ponder starts on it (reconcile.ts): cuts
   * the sync cache back where the chain no longer has its blocks, and sets the schema aside when the
   * instance had indexed past what the chain now holds (or when `force` says why), so that Ponder
   * rebuilds it from the chain instead of refusing to start. Returns the set-aside schema's name.
   */
  private async reconcile(schema: string, chains: ChainConfig[], force?: string): Promise<string | undefined> {
    const db = this.db();
    const { trimmed, behind } = await reconcileWithChains(db, schema, chains.map((c) => ({ chainId: c.chainId, rpcHttp: c.rpcHttp })));
    for (const t of trimmed) this.note(`the sync cache held blocks of chain ${t.chainId} above block ${t.cut} that the chain no longer has; removed them`, "warn");
    const why =
      behind.length > 0
        ? behind
            .map((b) => `chain ${b.chainId} is at block ${b.head} and agrees with the index only up to block ${b.cut}, but ${schema} had made block ${b.storedFinalBlock} final`)
            .join("; ") +
          " (a sandbox chain restored from its last saved state, or a reorg deeper than the indexer's finality)"
        : force;
    if (!why) return undefined;
    const [exists] = await db<{ ok: boolean }[]>`SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = ${schema}) AS ok`;
    if (!exists?.ok) return undefined;
    const aside = await setAsideInstance(db, schema);
    this.note(`${why}: rebuilding ${schema} from the chain (the old index stays readable as ${aside} until the new one is ready); the payments' records are kept, and the matcher's audit compares them with the rebuilt index`, "error");
    return aside;
  }

  private async dropSetAside(schema: string) {
    const dropped = await dropIndexerSchema(this.db(), schema).catch(() => false);
    this.note(dropped ? `dropped ${schema}, the index set aside for the rebuild` : `kept ${schema} (still read by a view); dropped at a later start once nothing reads it`);
  }

  private async spawn(chains: ChainConfig[], port: number): Promise<RunningIndexer> {
    const instance = await startIndexer({
      databaseUrl: this.opts.databaseUrl,
      chains,
      viewsSchema: this.opts.viewsSchema,
      port,
      ...(this.opts.cwd ? { cwd: this.opts.cwd } : {}),
      ...(this.opts.hostname ? { hostname: this.opts.hostname } : {}),
      ...(this.opts.log ? { log: this.opts.log } : {}),
      ...(this.opts.logLevel ? { logLevel: this.opts.logLevel } : {}),
    });
    this.instances.add(instance);
    void instance.exited.then(() => this.instances.delete(instance));
    if (this.stopped) await instance.stop();
    return instance;
  }

  private async swapTo(chains: ChainConfig[]): Promise<RefreshResult> {
    const schema = indexerSchemaName(chains, this.opts.cwd ?? DEFAULT_ROOT);
    const old = this.currentInstance;
    if (old && old.schema === schema) return { changed: false, schema };

    const port = this.opts.basePort + (this.generation++ % 2);
    this.note(`starting ${schema} on port ${port}${old ? ` to replace ${old.schema}` : ""}`);
    await this.clearDeadLock(schema, false);
    this.starting++;
    try {
      await this.pruning; // a pass in flight stops at its next chunk (canPrune), before Ponder starts
      return await this.startAndSwap(chains, schema, port, old);
    } finally {
      this.starting--;
    }
  }

  /**
   * A Ponder that exits before it is ready is started again (the chain or the database may have been
   * a moment away), after checking its schema against the chains each time; the last attempt on a
   * schema rebuilt from the chain, since the index is derived data. Only when even that fails is the
   * start a failure, with what to do in one line.
   */
  private static readonly START_ATTEMPTS = 3;

  private async startAndSwap(chains: ChainConfig[], schema: string, port: number, old: RunningIndexer | undefined): Promise<RefreshResult> {
    let next: RunningIndexer | undefined;
    let setAside: string | undefined;
    for (let attempt = 1; !next; attempt++) {
      const last = attempt === IndexerSupervisor.START_ATTEMPTS;
      const aside = await this.reconcile(schema, chains, last ? "it exited before it was ready twice in a row" : undefined).catch((err: unknown) => {
        this.note(`could not check ${schema} against the chains: ${(err as Error).message}`, "warn");
        return undefined;
      });
      setAside = aside ?? setAside;
      const candidate = await this.spawn(chains, port);
      try {
        await candidate.ready;
        next = candidate;
      } catch (err) {
        await candidate.stop();
        if (this.stopped || last) {
          if (this.stopped) throw err;
          throw new Error(
            `${(err as Error).message}\nThe indexer exited before it was ready ${attempt} times, the last time on an index rebuilt from the chain: check that DATABASE_URL's database and each chain's RPC answer (its output above says which); the payments' records are not affected.`,
          );
        }
        this.note(`${schema} exited before it was ready (attempt ${attempt} of ${IndexerSupervisor.START_ATTEMPTS}): ${(err as Error).message.split("\n")[0]}`, "warn");
        await Promise.race([sleep(1_000 * attempt), this.stoppedSignal]);
      }
    }
    if (setAside) await this.dropSetAside(setAside);
    this.readyPids.add(next.pid);
    this.currentInstance = next;
    this.currentChains = chains;
    this.restartAttempts = 0;
    this.watch(next);
    this.note(`${schema} is ready and owns the views of ${this.opts.viewsSchema}`);

    if (old) {
      await old.stop();
      const dropped = await dropIndexerSchema(this.db(), old.schema).catch((err: unknown) => {
        this.note(`could not drop ${old.schema}: ${(err as Error).message}`, "warn");
        return false;
      });
      this.note(dropped ? `stopped and dropped ${old.schema}` : `stopped ${old.schema}; schema kept (still referenced)`);
    }
    return { changed: true, schema };
  }

  /**
   * The watchdog for a Ponder that is alive but no longer follows the chain. Seen after the database
   * was killed under it: the process stays up, its sync goes on, but its indexing had stopped for
   * good (its /ready back to 503, the views' checkpoint frozen or gone), silently, and payments
   * waited for ever. Every second, once the instance has been ready, it compares how far the
   * instance has indexed with the chain's head over RPC; when that has not moved for `stallTimeoutMs`
   * and the head, moved on since, has then stayed 3 or more blocks ahead for 5 s more, the instance is
   * killed and watch() restarts it on its schema (crash recovery). An instance still in its first
   * backfill is never judged (a long historical sync is legitimate), nor a chain whose RPC does not
   * answer (Ponder cannot follow it either; /ready reports that).
   *
   * How far it has indexed: the greater of the checkpoint the service reads (`<views>.chain_checkpoint`)
   * and Ponder's own (`<instance>._ponder_checkpoint`, the block of `latest_checkpoint`, which also
   * moves within its historical batches). Seen in bench/matcher.ts (10,000 payments in 10 blocks of
   * 1,000, 2 busy cores): a chain idle for a minute then mined 3 heavy blocks at once, which made it
   * "3 ahead" the moment they arrived and the instance was killed while indexing them; and every
   * restarted instance, slower on those blocks than the 10 s timeout, was killed again 10 s after it
   * was ready, 19 times, without ever getting past the first. Hence the 5 s more while behind, the
   * timeout doubling with each stall kill in a row on that chain (`stallKills`), and no judgment
   * until the chain has mined a block since the instance's last progress (below).
   */
  private stallTimer: ReturnType<typeof setInterval> | undefined;
  /** Per instance and chain: the checkpoint last seen, since when, and (no checkpoint yet) the head then. */
  private readonly progress = new Map<string, { block: number; since: number; headThen?: number | undefined; behindSince?: number | undefined }>();
  private readonly readyOnce = new Set<number>();
  private checkingStall = false;

  /**
   * Kills the current instance so that watch() restarts it on its schema (crash recovery). For
   * events that leave Ponder unable to go on even before it was ever ready, e.g. the embedded
   * database restarted under it (it stays in "historical indexing not complete" for good).
   */
  restartCurrent(reason: string): void {
    const instance = this.currentInstance;
    if (!instance || this.stopped) return;
    this.note(`restarting ${instance.schema}: ${reason}`, "warn");
    try {
      process.kill(-instance.pid, "SIGKILL");
    } catch {
      // already gone: watch() restarts it
    }
  }

  private startStallWatch() {
    const timeoutMs = this.opts.stallTimeoutMs ?? 10_000;
    if (timeoutMs <= 0 || this.stallTimer) return;
    this.stallTimer = setInterval(() => void this.checkStall(timeoutMs).catch(() => {}), 1_000);
    this.stallTimer.unref?.();
  }

  /**
   * Stall kills in a row without progress in between. Each doubles the next instance's timeout (up to
   * 5 minutes): a Ponder that works through heavy blocks more slowly than the timeout (after a restart,
   * 1,000 payments a block, 2 cores: bench/matcher.ts) was killed 10 s after each restart, for ever,
   * and never got past the first of them; now it gets the time, and a dead one is still restarted.
   */
  private readonly stallKills = new Map<number, number>();

  private async checkStall(baseTimeoutMs: number): Promise<void> {
    const timeoutOf = (chainId: number) => Math.min(300_000, baseTimeoutMs * 2 ** (this.stallKills.get(chainId) ?? 0));
    const instance = this.currentInstance;
    if (this.checkingStall || this.stopped || !instance) return;
    this.checkingStall = true;
    try {
      if (!this.readyOnce.has(instance.pid)) {
        const host = !this.opts.hostname || this.opts.hostname === "0.0.0.0" || this.opts.hostname === "::" ? "127.0.0.1" : this.opts.hostname;
        const ready = await fetch(`http://${host}:${instance.port}/ready`, { signal: AbortSignal.timeout(1_500) }).then((r) => r.status === 200, () => false);
        if (!ready) return;
        this.readyOnce.add(instance.pid);
      }
      const now = Date.now();
      for (const chain of this.currentChains) {
        const key = `${instance.pid}:${chain.chainId}`;
        // Bounded: right after the database came back, a query on a connection it cut may wait long.
        // (latest_checkpoint: 10 digits of timestamp, 16 of chain id, then 16 of block number; Ponder's utils/checkpoint.)
        const rows = await withTimeout(
          this.db().unsafe(
            `SELECT greatest(
               (SELECT block_number FROM "${this.opts.viewsSchema}".chain_checkpoint WHERE chain_id = $1),
               (SELECT substring(latest_checkpoint from 27 for 16)::bigint FROM "${instance.schema}"._ponder_checkpoint WHERE chain_id = $1)
             ) AS block_number`,
            [chain.chainId],
          ),
          1_500,
          "checkpoint read timed out",
        ).catch(() => undefined);
        if (rows === undefined) continue; // the database is away: not Ponder's fault
        const block = rows[0]?.block_number != null ? Number(rows[0].block_number) : -1;
        const seen = this.progress.get(key);
        if (!seen || seen.block !== block) {
          if (seen) this.stallKills.delete(chain.chainId); // it moved: the instance follows
          // The head now: an instance is judged only once the chain has mined past it. Ponder indexes
          // the last blocks before the head it found (its unfinalized range, 30 blocks on anvil) when
          // the next block arrives; on a chain without traffic (an automine sandbox, a bench between
          // bursts) it waits there, behind the head, and is not stalled: a restart would wait the same.
          this.progress.set(key, { block, since: now, headThen: await rpcBlockNumber(chain.rpcHttp) });
          continue;
        }
        if (now - seen.since < timeoutOf(chain.chainId)) continue;
        const head = await rpcBlockNumber(chain.rpcHttp);
        // No checkpoint yet: the checkpoint source starts at the head Ponder found: judge from the head then.
        const from = block >= 0 ? block : (seen.headThen ?? block);
        if (head === undefined || head - from < 3 || (seen.headThen !== undefined && head <= seen.headThen)) {
          seen.behindSince = undefined;
          continue;
        }
        seen.behindSince ??= now;
        if (now - seen.behindSince < Math.min(baseTimeoutMs, 5_000)) continue;
        this.progress.delete(key);
        this.stallKills.set(chain.chainId, (this.stallKills.get(chain.chainId) ?? 0) + 1);
        this.note(`${instance.schema} has not indexed chain ${chain.chainId} past block ${block} for ${Math.round((now - seen.since) / 1000)} s (head ${head} for ${Math.round((now - seen.behindSince) / 1000)} s); restarting it (the next instance gets ${Math.round(timeoutOf(chain.chainId) / 1000)} s on this chain)`, "error");
        try {
          process.kill(-instance.pid, "SIGKILL");
        } catch {
          // already gone: watch() restarts it
        }
        return;
      }
    } finally {
      this.checkingStall = false;
    }
  }

  /**
   * The sync-cache pruner (src/chain/indexer/prune.ts; indexer/README.md, "What the sync cache
   * keeps"). It runs only while exactly one instance runs and it is ready: an instance in its
   * backfill reads logs, transactions and blocks from ponder_sync in separate queries, and must not
   * see a log whose transaction a concurrent pass deleted.
   */
  private pruneTimer: ReturnType<typeof setInterval> | undefined;
  private pruning: Promise<void> | undefined;
  private readonly readyPids = new Set<number>();
  /** swapTo() calls under way: the pruner pauses from before a new Ponder starts until the swap is done. */
  private starting = 0;
  /** Per chain and token: blocks up to here were pruned (in memory: a restart re-checks what remains). */
  private readonly prunedThrough = new Map<string, number>();

  private startPruner() {
    const intervalMs = this.opts.syncPruneIntervalMs ?? 60_000;
    if (intervalMs <= 0 || this.pruneTimer) return;
    this.pruneTimer = setInterval(() => {
      if (this.pruning) return;
      this.pruning = this.pruneOnce()
        .then(() => {})
        .catch((err: unknown) => this.note(`sync cache pruning failed: ${(err as Error).message}`, "warn"))
        .finally(() => (this.pruning = undefined));
    }, intervalMs);
    this.pruneTimer.unref?.();
  }

  /** One pruning pass over every chain; false when it was not the time (no single ready instance). */
  async pruneOnce(): Promise<boolean> {
    const instance = this.currentInstance;
    if (!instance || !this.canPrune(instance)) return false;
    for (const chain of this.currentChains) {
      // Each followed token (USDC, USDT where enabled) has its own cached intervals: one pass each.
      for (const token of transferTokens(chain)) {
        if (!this.canPrune(instance)) break;
        const key = `${chain.chainId}:${token.toLowerCase()}`;
        const after = this.prunedThrough.get(key);
        const result = await pruneSyncCache(this.db(), { viewsSchema: this.opts.viewsSchema, chain, token, ...(after === undefined ? {} : { after }), proceed: () => this.canPrune(instance) });
        if (result.through > (after ?? -1)) this.prunedThrough.set(key, result.through);
        if (result.range) {
          this.sink.note("debug", "indexer supervisor: pruned the sync cache", { views_schema: this.opts.viewsSchema, chain_id: chain.chainId, token, from_block: result.range[0], to_block: result.range[1], logs: result.logs, transactions: result.transactions, blocks: result.blocks });
          this.opts.onPrune?.(result);
        }
      }
    }
    return true;
  }

  /** Exactly one instance runs, it is this one, it is ready, and no other is about to start. */
  private canPrune(instance: RunningIndexer): boolean {
    return !this.stopped && this.starting === 0 && this.currentInstance === instance && this.instances.size === 1 && this.instances.has(instance) && this.readyPids.has(instance.pid);
  }

  /** Restarts the current instance on its schema if it dies on its own (not through stop()). */
  private watch(instance: RunningIndexer) {
    void instance.exited.then(({ code, signal }) => {
      if (this.stopped || this.currentInstance !== instance) return;
      // The first restart is immediate (payments wait on it); repeated failures back off.
      const delay = this.restartAttempts === 0 ? 0 : Math.min(30_000, 1_000 * 2 ** this.restartAttempts);
      this.restartAttempts++;
      this.note(`${instance.schema} exited (code ${code}, signal ${signal}); restarting in ${delay} ms`, "error");
      this.serialize(async () => {
        await Promise.race([sleep(delay), this.stoppedSignal]);
        if (this.stopped || this.currentInstance !== instance) return;
        await this.clearDeadLock(instance.schema, true); // the Ponder that held it has exited
        await this.pruning; // no pass in flight while the restarted Ponder reads the cache
        const setAside = await this.reconcile(instance.schema, this.currentChains).catch((err: unknown) => {
          this.note(`could not check ${instance.schema} against the chains: ${(err as Error).message}`, "warn");
          return undefined;
        });
        const again = await this.spawn(this.currentChains, instance.port);
        this.currentInstance = again;
        this.watch(again);
        try {
          await again.ready;
          this.readyPids.add(again.pid);
          this.restartAttempts = 0;
          this.note(`${again.schema} restarted and ready`);
          if (setAside) await this.dropSetAside(setAside);
        } catch (err) {
          // Its exit (if it died) schedules the next attempt through watch(); a stop is no failure.
          if (!this.stopped) this.note(`restart of ${again.schema} failed: ${(err as Error).message}`, "error");
        }
      }).catch(() => {});
    });
  }
}

/** The chain's head block over JSON-RPC, or undefined when the RPC does not answer within 1.5 s. */
async function rpcBlockNumber(url: string): Promise<number | undefined> {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }),
      signal: AbortSignal.timeout(1_500),
    });
    const body = (await res.json()) as { result?: string };
    return typeof body.result === "string" ? Number(BigInt(body.result)) : undefined;
  } catch {
    return undefined;
  }
}
