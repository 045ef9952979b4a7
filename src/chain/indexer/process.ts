/**
 * One Ponder instance as a child process (`bun --bun ponder start` on its own schema, under the pipe
 * supervisor): its logs routed to ours, its readiness (its /ready and the views pointing at it), and
 * its stop. How Ponder behaves here: indexer/README.md, "How Ponder runs".
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { PIPE_SUPERVISOR } from "../../pipe-supervisor.ts";
import { INDEXER_CHAINS_ENV, normalizeIndexerChains, type IndexerChainConfig as ChainConfig } from "../../../indexer/chains.ts";
import { DEFAULT_ROOT, assertViewsSchema, connect, indexerSchemaName, viewsTargetSchema } from "./schemas.ts";

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

export type Level = "debug" | "info" | "warn" | "error";

/** Ponder's lines (raw) and our own messages, routed to whichever kind of log we were given. */
export interface Sink {
  line(line: string): void;
  note(level: Level, msg: string, fields?: Record<string, unknown>): void;
}

export function toSink(log: IndexerLog | undefined): Sink {
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

const STOP_GRACE_MS = 5_000;

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

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
