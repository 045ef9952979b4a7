/**
 * Runs the Ponder indexer (indexer/, ponder.config.ts, ponder.schema.ts) as a child process, and
 * swaps it for a new one when its code or configuration (STABLEPAY_INDEXER_CHAINS) changes. The
 * configuration names no merchant (indexer/README.md, "Why every transfer"), so onboarding never
 * causes a swap.
 *
 * Why a new process: a changed config or indexer starts a new instance on a NEW database schema
 * (`ponder_<hash of config and indexer code>`), while the old one keeps serving; Ponder's sync cache
 * (`ponder_sync`) is shared and keyed by request, so the new instance only fetches what it has never
 * fetched.
 *
 * How `--views-schema` behaves in Ponder 0.17.7 (read from its source, runtime/multichain.ts and
 * database/actions.ts `createViews`, and checked by test/indexer.test.ts):
 * - An instance writes only its own schema. It creates or replaces the views exactly once: when it
 *   becomes ready, i.e. after the historical backfill (up to the chain's finalized block, which is
 *   latest - 30 blocks for chains Ponder doesn't know, Base and anvil included) and after creating
 *   the table indexes; immediately after, it sets `_ponder_meta.is_ready` and `/ready` answers 200.
 * - The swap is ONE transaction: `CREATE SCHEMA IF NOT EXISTS <views>`, then for every table, and for
 *   `_ponder_meta` and `_ponder_checkpoint`, `DROP VIEW IF EXISTS` + `CREATE VIEW <views>.<t> AS
 *   SELECT * FROM <schema>.<t>`, then `CREATE OR REPLACE` the notify function in <views> and `CREATE
 *   OR REPLACE TRIGGER "<views>_live_query_notify"` on `<schema>._ponder_checkpoint`. Readers see the
 *   old views or the new ones, never none: a query that arrives during the swap waits for the
 *   transaction's lock and then resolves the view name again (Postgres re-looks-up a relation whose
 *   lock it had to wait for).
 * - Two instances on one views schema: the last to become ready owns the views. The other keeps
 *   indexing its own schema, unseen, and its trigger (on its own checkpoint table) keeps sending
 *   NOTIFY `<views>_live_query` until it stops or its schema is dropped. Ponder never drops views on
 *   shutdown, and never re-points them except at ready: an OLD instance restarted after a swap
 *   would take the views back when it becomes ready, so the supervisor only ever restarts the
 *   current instance.
 * - After each realtime block the trigger sends NOTIFY on channel `<views>_live_query` with a JSON
 *   array of the table names written in that block (e.g. `["chain_checkpoint","usdc_transfer"]`).
 *   The historical phase sends none.
 * - Right after a swap the new instance may be a few blocks BEHIND the old one: it became ready at
 *   the finalized block and indexes the last ~30 blocks in realtime within a moment (milliseconds
 *   on anvil). Rows of those blocks reappear, with the same ids; `chain_checkpoint` can step back
 *   for that moment. Readers must dedupe by id and treat the checkpoint as the truth of "now"
 *   (never cache a maximum across swaps). A new merchant's old transfers appear below the newest
 *   block: a reader that follows a global (block_number, log_index) cursor must rescan accounts
 *   that appear in `indexed_merchant_account` (from their `from_block`).
 * - A restart on the same schema with the same build is Ponder's crash recovery: it resumes from its
 *   checkpoint. The same schema with a different build id is refused ("previously used by a
 *   different Ponder app"); the schema name hashes the indexer's code (config, schema, handlers,
 *   ABIs, Ponder version) so a code change always gets a fresh schema.
 * - If `--port` is taken Ponder silently moves to the next free port; we read the port it actually
 *   bound from its "Created HTTP server" log line. `PORT` in the environment would override
 *   `--port`, so it is removed from the child's environment.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { PIPE_SUPERVISOR } from "../pipe-supervisor.ts";
import { INDEXER_CHAINS_ENV, type IndexerChainConfig, normalizeIndexerChains } from "../../indexer/chains.ts";
import { withTimeout } from "../lib/timeout.ts";

export type ChainConfig = IndexerChainConfig;
export { INDEXER_CHAINS_ENV, type IndexerChainConfig, normalizeIndexerChains };

/**
 * Where Ponder's output and the supervisor's messages go. Either a function that receives raw lines
 * (Ponder prints one JSON object per line; the supervisor's lines are JSON with `source:
 * "supervisor"`), or a structured logger: Ponder's lines are then parsed and passed on with their
 * level (pino levels mapped; the per-block "Indexed block" line goes to debug).
 */
export type IndexerLog = ((line: string) => void) | StructuredLogger;

export interface StructuredLogger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

type Level = "debug" | "info" | "warn" | "error";

/** Ponder's lines (raw) and our own messages, routed to whichever kind of log we were given. */
interface Sink {
  line(line: string): void;
  note(level: Level, msg: string, fields?: Record<string, unknown>): void;
}

function toSink(log: IndexerLog | undefined): Sink {
  if (log === undefined) return { line: () => {}, note: () => {} };
  if (typeof log === "function") {
    return {
      line: log,
      note: (level, msg, fields) =>
        log(JSON.stringify({ level, time: Date.now(), msg, source: "supervisor", ...fields })),
    };
  }
  return {
    line(line) {
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(line) as Record<string, unknown>;
      } catch {
        log.info(line, { source: "ponder" });
        return;
      }
      const { level: pinoLevel, time: _time, msg, ...fields } = parsed;
      const n = typeof pinoLevel === "number" ? pinoLevel : 30;
      // A stop we asked for is not a warning: Ponder's two shutdown lines become one info line.
      const level: Level =
        msg === "Received SIGTERM" ? "debug" : msg === "Started shutdown sequence" ? "info" : n >= 50 ? "error" : n >= 40 ? "warn" : n >= 30 && msg !== "Indexed block" ? "info" : "debug";
      log[level](typeof msg === "string" ? msg : "ponder", { source: "ponder", ...fields });
    },
    note: (level, msg, fields) => log[level](msg, { source: "supervisor", ...fields }),
  };
}

export interface StartIndexerOptions {
  databaseUrl: string;
  chains: ChainConfig[];
  /** Stable schema the readers query; Ponder points its views at this instance once it is ready. */
  viewsSchema: string;
  /** HTTP port asked of Ponder (/ready, /status, /metrics). If taken, Ponder uses the next free one. */
  port: number;
  /** Interface Ponder's HTTP server binds. Default 127.0.0.1 (Ponder's own default is every interface). */
  hostname?: string;
  /** Repository root (where node_modules/ and indexer/ are). Default: this file's repository. */
  cwd?: string;
  log?: IndexerLog;
  /** Ponder's log level. Default "info" (one line per indexed block). */
  logLevel?: "silent" | "fatal" | "error" | "warn" | "info" | "debug" | "trace";
  /** Reject `ready` after this long. Default: wait as long as the backfill takes. */
  readyTimeoutMs?: number;
}

export interface RunningIndexer {
  /** The instance's own schema, `ponder_<10 hex>`. */
  readonly schema: string;
  readonly viewsSchema: string;
  /** Port Ponder's HTTP server listens on (the asked one until Ponder reports it bound another). */
  readonly port: number;
  /** Pid of the wrapper process, which is also the process group of Ponder and its children. */
  readonly pid: number;
  /**
   * Resolves when /ready answers 200 and the views in `viewsSchema` point at this instance's
   * schema. Rejects if the process exits first (the error carries Ponder's last log lines).
   */
  readonly ready: Promise<void>;
  /** Resolves when Ponder has exited, however it ended (code 128+n: killed by signal n). */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /**
   * SIGTERM (Ponder's graceful shutdown, which unlocks its schema), then SIGKILL of the whole process
   * group after 5 s; resolves once Ponder and its children are gone. Safe to call twice.
   */
  stop(): Promise<void>;
}

const DEFAULT_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SCHEMA_PREFIX = "ponder_";
const INSTANCE_SCHEMA = /^ponder_[0-9a-f]{10}$/;
const VIEWS_SCHEMA = /^[a-z_][a-z0-9_]{0,44}$/;
const STOP_GRACE_MS = 5_000;

// ---------------------------------------------------------------------------------------------
// Schema name

const fingerprints = new Map<string, string>();

/** Hash of everything that changes what the indexer writes: config, schema, handlers, ABIs, Ponder. */
function codeFingerprint(root: string): string {
  const cached = fingerprints.get(root);
  if (cached) return cached;
  const files = [
    "ponder.config.ts",
    "ponder.schema.ts",
    "indexer/chains.ts",
    "indexer/ponder.schema.ts",
    "src/chain/abis.ts",
    "node_modules/ponder/package.json",
    ...listFiles(join(root, "indexer/src")).map((f) => `indexer/src/${f}`),
  ];
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(file);
    hash.update("\0");
    hash.update(existsSync(join(root, file)) ? readFileSync(join(root, file)) : "missing");
    hash.update("\0");
  }
  const digest = hash.digest("hex");
  fingerprints.set(root, digest);
  return digest;
}

function listFiles(dir: string, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) =>
      entry.isDirectory()
        ? listFiles(join(dir, entry.name), `${prefix}${entry.name}/`)
        : [`${prefix}${entry.name}`],
    );
}

/**
 * The instance schema for these chains: `ponder_` + 10 hex of sha256 over the normalised chain
 * configs (addresses lowercased, accounts sorted and deduplicated, every field included) and the
 * indexer's code. Equal configs give equal names, so a restart resumes (Ponder crash recovery).
 */
export function indexerSchemaName(chains: ChainConfig[], cwd: string = DEFAULT_ROOT): string {
  const normalized = normalizeIndexerChains(chains);
  const digest = createHash("sha256")
    .update(JSON.stringify({ v: 1, chains: normalized, code: codeFingerprint(cwd) }))
    .digest("hex");
  return `${SCHEMA_PREFIX}${digest.slice(0, 10)}`;
}

function assertViewsSchema(name: string) {
  if (!VIEWS_SCHEMA.test(name) || name === "ponder_sync" || INSTANCE_SCHEMA.test(name)) {
    throw new Error(
      `invalid views schema "${name}": lowercase letters, digits and _, at most 45 characters, not ponder_sync or ponder_<10 hex>`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Database helpers

type Sql = postgres.Sql;

function connect(databaseUrl: string): Sql {
  return postgres(databaseUrl, { max: 2, onnotice: () => {}, idle_timeout: 5, connect_timeout: 10 });
}

/**
 * The instance schema the views of `viewsSchema` currently select from (read from Postgres's
 * dependency catalog for the `chain_checkpoint` view), or null when the views don't exist.
 */
export async function viewsTargetSchema(sql: Sql, viewsSchema: string): Promise<string | null> {
  const rows = await sql<{ schema: string }[]>`
    SELECT DISTINCT tn.nspname AS schema
    FROM pg_class v
    JOIN pg_namespace vn ON vn.oid = v.relnamespace
    JOIN pg_rewrite r ON r.ev_class = v.oid
    JOIN pg_depend d ON d.classid = 'pg_rewrite'::regclass AND d.objid = r.oid
                    AND d.refclassid = 'pg_class'::regclass
    JOIN pg_class t ON t.oid = d.refobjid AND t.oid <> v.oid
    JOIN pg_namespace tn ON tn.oid = t.relnamespace
    WHERE vn.nspname = ${viewsSchema} AND v.relname = 'chain_checkpoint' AND v.relkind = 'v'`;
  return rows[0]?.schema ?? null;
}

/**
 * Drops an instance schema, unless a view outside it (a views schema, a data team's view) still
 * selects from it: CASCADE would silently drop the readers' views. Returns whether it dropped.
 */
export async function dropIndexerSchema(sql: Sql, schema: string): Promise<boolean> {
  if (!INSTANCE_SCHEMA.test(schema)) throw new Error(`refusing to drop "${schema}": not an indexer instance schema`);
  return sql.begin(async (tx) => {
    const dependents = await tx`
      SELECT 1
      FROM pg_depend d
      JOIN pg_rewrite r ON d.classid = 'pg_rewrite'::regclass AND d.objid = r.oid
      JOIN pg_class v ON v.oid = r.ev_class
      JOIN pg_class t ON d.refclassid = 'pg_class'::regclass AND t.oid = d.refobjid
      JOIN pg_namespace tn ON tn.oid = t.relnamespace
      WHERE tn.nspname = ${schema} AND v.relnamespace <> t.relnamespace
      LIMIT 1`;
    if (dependents.length > 0) return false;
    await tx.unsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    return true;
  });
}

/**
 * Drops instance schemas (`ponder_<10 hex>`) that no Ponder runs (unlocked, or heartbeat older than
 * a minute), that no view reads, and that are not `keep`: the leftovers of earlier versions
 * or earlier runs with another config. Returns the dropped names.
 */
export async function pruneIndexerSchemas(sql: Sql, keep: string[]): Promise<string[]> {
  const candidates = await sql<{ schema: string }[]>`
    SELECT n.nspname AS schema
    FROM pg_namespace n
    JOIN pg_class c ON c.relnamespace = n.oid AND c.relname = '_ponder_meta' AND c.relkind = 'r'
    WHERE n.nspname ~ '^ponder_[0-9a-f]{10}$'`;
  const dropped: string[] = [];
  for (const { schema } of candidates) {
    if (keep.includes(schema)) continue;
    const meta = await sql.unsafe<{ value: { is_locked?: number; heartbeat_at?: number } }[]>(
      `SELECT value FROM "${schema}"."_ponder_meta" WHERE key = 'app'`,
    );
    const app = meta[0]?.value;
    const running = app?.is_locked === 1 && (app.heartbeat_at ?? 0) > Date.now() - 60_000;
    if (running) continue;
    if (await dropIndexerSchema(sql, schema)) dropped.push(schema);
  }
  return dropped;
}

/**
 * Clears Ponder's lock on an instance schema whose holder is known to be dead, so that the next
 * Ponder on it starts at once instead of waiting out Ponder's 25 s heartbeat timeout (crash
 * recovery still runs: Ponder resumes from the schema's checkpoints). Only called when this
 * supervisor holds the views schema's supervisor lock (no other live supervisor runs Ponder there)
 * or when the Ponder it ran on that schema has exited.
 */
export async function unlockDeadInstance(sql: Sql, schema: string): Promise<boolean> {
  const [exists] = await sql<{ t: string | null }[]>`SELECT to_regclass(${`"${schema}"._ponder_meta`})::text AS t`;
  if (!exists?.t) return false;
  const rows = await sql.unsafe(
    `UPDATE "${schema}"."_ponder_meta" SET value = jsonb_set(value, '{is_locked}', to_jsonb(0))
     WHERE key = 'app' AND (value->>'is_locked')::int = 1 RETURNING key`,
  );
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// One Ponder process

// An orphaned Ponder would keep its schema locked and its views fed, so Ponder runs under the pipe
// supervisor (src/pipe-supervisor.ts): when our end of its stdin closes, Ponder gets SIGTERM, its graceful
// shutdown (it unlocks its schema).

function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // no process left in the group
  }
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Spawns `bun --bun ponder start` for these chains on their own schema. Resolves once the process
 * is spawned; await `ready` for the backfill to finish and the views to point at it.
 */
export async function startIndexer(opts: StartIndexerOptions): Promise<RunningIndexer> {
  const cwd = opts.cwd ?? DEFAULT_ROOT;
  assertViewsSchema(opts.viewsSchema);
  const chains = normalizeIndexerChains(opts.chains);
  if (chains.length === 0) throw new Error("startIndexer: at least one chain is required");
  const schema = indexerSchemaName(chains, cwd);
  const sink = toSink(opts.log);
  const hostname = opts.hostname ?? "127.0.0.1";
  const probeHost = hostname === "0.0.0.0" || hostname === "::" ? "127.0.0.1" : hostname.includes(":") ? `[${hostname}]` : hostname;

  const env: Record<string, string | undefined> = {
    ...process.env,
    // pg's "client.query() when the client is already executing a query" deprecation, every start.
    NODE_NO_WARNINGS: "1",
    DATABASE_URL: opts.databaseUrl,
    [INDEXER_CHAINS_ENV]: JSON.stringify(chains),
  };
  // Each of these would override what we pass on the command line or in the config.
  for (const key of ["PORT", "DATABASE_PRIVATE_URL", "DATABASE_SCHEMA", "DATABASE_VIEWS_SCHEMA"]) delete env[key];

  const bun = join(cwd, "node_modules/.bin/bun");
  const ponder = join(cwd, "node_modules/.bin/ponder");
  const args = [
    "--bun",
    ponder,
    "start",
    "--root",
    "indexer",
    "--config",
    "../ponder.config.ts",
    "--schema",
    schema,
    "--views-schema",
    opts.viewsSchema,
    "--port",
    String(opts.port),
    "--hostname",
    hostname,
    "--log-format",
    "json",
    "--log-level",
    opts.logLevel ?? "info",
  ];
  // detached: its own process group (wrapper, Ponder, the esbuild service Vite spawns), so a last
  // resort SIGKILL of the group leaves nothing behind.
  const child: ChildProcess = spawn("sh", ["-c", PIPE_SUPERVISOR, "stablepay-indexer", bun, ...args], {
    cwd,
    env,
    detached: true,
    stdio: ["pipe", "pipe", "pipe"],
  });
  // A late 'error' (e.g. a signal to a process already gone) must not crash the service.
  child.on("error", () => {});
  child.stdin?.on("error", () => {});
  const pid = child.pid;
  if (pid === undefined) {
    const err = await new Promise<Error>((resolve) => child.once("error", resolve));
    throw new Error(`could not start ponder: ${err.message}`);
  }

  let port = opts.port;
  const tail: string[] = [];
  let portKnown: () => void = () => {};
  const portReported = new Promise<void>((resolve) => (portKnown = resolve));
  const onLine = (line: string) => {
    tail.push(line);
    if (tail.length > 40) tail.shift();
    if (line.includes('"Created HTTP server"')) {
      try {
        const parsed = JSON.parse(line) as { port?: number };
        if (typeof parsed.port === "number") port = parsed.port;
      } catch {
        // not JSON: keep the asked port
      }
      portKnown();
    }
    sink.line(line);
  };
  createInterface({ input: child.stdout! }).on("line", onLine);
  createInterface({ input: child.stderr! }).on("line", onLine);

  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
    // The leader is gone; anything left in its group (esbuild) goes with it.
    if (groupAlive(pid)) signalGroup(pid, "SIGKILL");
  });

  let stopping = false;
  const stop = async () => {
    stopping = true;
    if (!hasExited) {
      child.stdin?.end(); // the wrapper's watcher sends Ponder SIGTERM
      const timer = setTimeout(() => signalGroup(pid, "SIGKILL"), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    }
    // Wait for the group to be empty (a SIGKILL is asynchronous).
    for (let i = 0; i < 100 && groupAlive(pid); i++) {
      signalGroup(pid, "SIGKILL");
      await sleep(20);
    }
  };

  const ready = (async () => {
    const deadline = opts.readyTimeoutMs === undefined ? Infinity : Date.now() + opts.readyTimeoutMs;
    const failure = (why: string) =>
      new Error(`indexer ${schema} ${why}. Last Ponder output:\n${tail.slice(-15).join("\n")}`);
    const exitedEarly = exited.then(({ code, signal }) => {
      throw failure(stopping ? "was stopped before it was ready" : `exited before it was ready (code ${code}, signal ${signal})`);
    });
    exitedEarly.catch(() => {}); // an exit after ready is not an error of `ready`
    await Promise.race([portReported, exitedEarly]);
    const sql = connect(opts.databaseUrl);
    try {
      for (;;) {
        if (hasExited) await exitedEarly;
        if (Date.now() > deadline) throw failure(`was not ready after ${opts.readyTimeoutMs} ms`);
        // Connection: close: a kept-alive socket would hold up Ponder's HTTP shutdown by 1 s later.
        const ok = await fetch(`http://${probeHost}:${port}/ready`, {
          headers: { connection: "close" },
          signal: AbortSignal.timeout(2_000),
        })
          .then((res) => res.status === 200)
          .catch(() => false);
        if (ok) {
          const target = await viewsTargetSchema(sql, opts.viewsSchema);
          if (target === schema) return;
          if (target !== null) {
            throw failure(`is ready but the views of "${opts.viewsSchema}" point at "${target}" (another instance took them)`);
          }
        }
        await Promise.race([sleep(100), exitedEarly]);
      }
    } finally {
      await sql.end({ timeout: 1 });
    }
  })();
  // Nobody may be awaiting `ready` (stop() right away); don't turn its rejection into a crash.
  ready.catch(() => {});

  return {
    schema,
    viewsSchema: opts.viewsSchema,
    get port() {
      return port;
    },
    pid,
    ready,
    exited,
    stop,
  };
}

// ---------------------------------------------------------------------------------------------
// Supervisor

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
    const next = await this.spawn(chains, port);
    try {
      await next.ready;
    } catch (err) {
      await next.stop();
      throw err;
    }
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
   * waited for ever. Every second, once the instance has been ready, it compares the checkpoint the
   * service reads (`<views>.chain_checkpoint`) with the chain's head over RPC; when the checkpoint
   * has not moved for `stallTimeoutMs` while the head is 3 or more blocks ahead, the instance is
   * killed and watch() restarts it on its schema (crash recovery). An instance still in its first
   * backfill is never judged (a long historical sync is legitimate), nor a chain whose RPC does not
   * answer (Ponder cannot follow it either; /ready reports that).
   */
  private stallTimer: ReturnType<typeof setInterval> | undefined;
  private readonly progress = new Map<string, { block: number; since: number }>();
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

  private async checkStall(timeoutMs: number): Promise<void> {
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
        const rows = await withTimeout(this.db().unsafe(`SELECT block_number FROM "${this.opts.viewsSchema}".chain_checkpoint WHERE chain_id = $1`, [chain.chainId]), 1_500, "checkpoint read timed out").catch(
          () => undefined,
        );
        if (rows === undefined) continue; // the database is away: not Ponder's fault
        const block = rows[0] ? Number(rows[0].block_number) : -1;
        const seen = this.progress.get(key);
        if (!seen || seen.block !== block) {
          this.progress.set(key, { block, since: now });
          continue;
        }
        if (now - seen.since < timeoutMs) continue;
        const head = await rpcBlockNumber(chain.rpcHttp);
        if (head === undefined || head - block < 3) continue;
        this.progress.delete(key);
        this.note(`${instance.schema} has not indexed chain ${chain.chainId} past block ${block} for ${Math.round((now - seen.since) / 1000)} s (head ${head}); restarting it`, "error");
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
        const again = await this.spawn(this.currentChains, instance.port);
        this.currentInstance = again;
        this.watch(again);
        try {
          await again.ready;
          this.restartAttempts = 0;
          this.note(`${again.schema} restarted and ready`);
        } catch (err) {
          // Its exit (if it died) schedules the next attempt through watch().
          this.note(`restart of ${again.schema} failed: ${(err as Error).message}`, "error");
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
