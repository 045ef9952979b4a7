/**
 * A stop is quiet and complete: `npm start` as a terminal runs it (`node
 * scripts/bootstrap.mjs start` in a process group of its own), then Ctrl-C, that is SIGINT to the
 * whole group, or SIGTERM to the service's main process alone. Everything stops in the service's own
 * order within 10 s: no line at warn or above, no stack trace, the embedded Postgres never restarted
 * on the way out, and no process of the service (Postgres, anvil, Ponder, their supervisors) left.
 */
import { afterAll, expect, test } from "bun:test";
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../src/sandbox/ports.ts";

const root = join(import.meta.dir, "..");
const groups: number[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const pid of groups) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {}
  }
  await Bun.sleep(300);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  dataDir: string;
  markers: string[];
  output: () => string;
}

/**
 * `npm start` as a terminal starts it: its own process group, nothing configured but a data folder
 * and free ports. A port found free and then taken by another test file before the service bound it
 * (the start says "is in use by another program") is tried again on new ports, as the test service does.
 */
async function npmStart(): Promise<Started> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await npmStartOnce();
    } catch (err) {
      if (attempt >= 3 || !/is in use by another program|EADDRINUSE/.test(String((err as Error).message))) throw err;
    }
  }
}

async function npmStartOnce(): Promise<Started> {
  const dataDir = mkdtempSync(join(tmpdir(), "stablepay-stop-"));
  chmodSync(dataDir, 0o755); // the embedded Postgres runs as the `postgres` user when we are root
  dirs.push(dataDir);
  const env = { PORT: String(await freePort()), SANDBOX_ANVIL_PORT: String(await freePort()), SANDBOX_ANVIL_PORT_ARBITRUM: String(await freePort()), EMBEDDED_POSTGRES_PORT: String(await freePort()), INDEXER_PORT: String(await freePort()) };
  const child = spawn("node", ["scripts/bootstrap.mjs", "start"], {
    cwd: root,
    // The default log level: a warning on the way out would show.
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  groups.push(child.pid!);
  let output = "";
  child.stdout!.on("data", (b: Buffer) => (output += b.toString()));
  child.stderr!.on("data", (b: Buffer) => (output += b.toString()));
  const deadline = Date.now() + 150_000;
  while (!output.includes("Ctrl-C stops everything")) {
    if (child.exitCode !== null) throw new Error(`npm start exited early (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`no banner within 150 s:\n${output}`);
    await Bun.sleep(200);
  }
  return { child, dataDir, markers: [dataDir, `--port ${env.SANDBOX_ANVIL_PORT}`, `--port ${env.SANDBOX_ANVIL_PORT_ARBITRUM}`, `-p ${env.EMBEDDED_POSTGRES_PORT}`, `--port ${env.INDEXER_PORT}`], output: () => output };
}

/**
 * Live processes of this service: its command line names the data folder or one of its ports, or
 * its working folder is in the data folder (Postgres's backends: their command line names neither).
 */
function leftBehind(s: Started): string[] {
  const out: string[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (/\)\s+Z\s/.test(readFileSync(`/proc/${entry}/stat`, "utf8"))) continue; // a zombie: dead, not yet reaped
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ");
      let cwd = "";
      try {
        cwd = readlinkSync(`/proc/${entry}/cwd`);
      } catch {}
      if (s.markers.some((m) => cmdline.includes(m)) || cwd.startsWith(s.dataDir)) out.push(`${entry}: ${cmdline.slice(0, 200)}`);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Sends the stop, waits for the exit, then for the last process to go; returns what the stop printed. */
async function stopAndCheck(s: Started, send: () => void) {
  const from = s.output().length;
  const started = Date.now();
  send();
  const code = await new Promise<number | null>((resolve) => {
    if (s.child.exitCode !== null) resolve(s.child.exitCode);
    else s.child.once("exit", (c) => resolve(c));
  });
  const exitMs = Date.now() - started;
  let left = leftBehind(s);
  while (left.length > 0 && Date.now() - started < 10_000) {
    await Bun.sleep(100);
    left = leftBehind(s);
  }
  const goneMs = Date.now() - started;
  const said = s.output().slice(from);
  const loud = said.split("\n").filter((line) => /"level":\s*("(warn|error|fatal)"|[4-6]0\b)/.test(line));
  return { code, exitMs, goneMs, left, said, loud };
}

function expectQuiet(r: Awaited<ReturnType<typeof stopAndCheck>>) {
  // A failure shows what the stop printed: under load in CI, nothing else would tell why.
  if (r.loud.length || r.code !== 0 || r.left.length || /\n\s+at |Error:|restarting/.test(r.said)) console.log(`[stop] what the stop printed (exit ${r.code}, after ${r.exitMs} ms):\n${r.said}\nleft: ${r.left.join("\n")}`);
  expect(r.loud).toEqual([]);
  expect(r.said).not.toMatch(/\n\s+at |Error:|restarting/);
  expect(r.code).toBe(0);
  expect(r.exitMs).toBeLessThan(10_000);
  expect(r.left).toEqual([]);
  expect(r.goneMs).toBeLessThan(10_000);
}

test("Ctrl-C (SIGINT to the whole process group of npm start): quiet, in order, nothing left within 10 s", async () => {
  const s = await npmStart();
  // Every part runs: the embedded Postgres, the chain and Ponder.
  const running = leftBehind(s).join("\n");
  for (const part of ["postgres -D", "anvil", "ponder"]) expect(running).toContain(part);
  const r = await stopAndCheck(s, () => process.kill(-s.child.pid!, "SIGINT"));
  console.log(`[stop] Ctrl-C: exit after ${r.exitMs} ms, no process left after ${r.goneMs} ms`);
  expectQuiet(r);
  expect(r.said).toContain("SIGINT: stopping");
}, 200_000);

test("SIGTERM to the service's main process alone: quiet, in order, nothing left within 10 s", async () => {
  const s = await npmStart();
  // The main process: Bun running src/main.ts, bootstrap's child.
  const main = readFileSync(`/proc/${s.child.pid}/task/${s.child.pid}/children`, "utf8").trim().split(/\s+/).map(Number).find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("src/main.ts");
    } catch {
      return false;
    }
  });
  expect(main).toBeGreaterThan(0);
  const r = await stopAndCheck(s, () => process.kill(main!, "SIGTERM"));
  console.log(`[stop] SIGTERM: exit after ${r.exitMs} ms, no process left after ${r.goneMs} ms`);
  expectQuiet(r);
  expect(r.said).toContain("SIGTERM: stopping");
}, 200_000);
