/**
 * `bun src/main.ts` as a child in a process group of its own, as `npm start` runs it: so that a test
 * can kill the whole tree at once like `kill -9 -<pgid>` (Postgres, the chains, the indexer and all).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";

const root = join(import.meta.dir, "..", "..");

export interface StartedMain {
  child: ChildProcess;
  output: () => string;
  exited: () => boolean;
}

/** Every group started, for killMainGroups() in afterAll. */
const groups: number[] = [];

/** Starts main.ts on `dataDir` in its own process group, LOG_LEVEL warn unless `env` says otherwise. */
export function startMain(dataDir: string, env: Record<string, string>): StartedMain {
  const child = spawn(process.execPath, ["src/main.ts"], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  groups.push(child.pid!);
  let output = "";
  child.stdout!.on("data", (b: Buffer) => (output += b.toString()));
  child.stderr!.on("data", (b: Buffer) => (output += b.toString()));
  return { child, output: () => output, exited: () => child.exitCode !== null || child.signalCode !== null };
}

/** SIGKILL to every group started (what is already gone is skipped). */
export async function killMainGroups(): Promise<void> {
  for (const pid of groups) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {}
  }
  await Bun.sleep(500);
}

/** Polls `probe` until it answers; fails early when `s` exited, and at the timeout, with its output. */
export async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs: number, s?: StartedMain): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v) return v;
    if (s?.exited()) throw new Error(`main exited (${s.child.exitCode}) while waiting for ${what}:\n${s.output().slice(-4000)}`);
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${s ? `:\n${s.output().slice(-4000)}` : ""}`);
    await Bun.sleep(100);
  }
}
