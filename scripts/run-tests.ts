/**
 * `npm test`: runs every test file in its own `bun test` process, two at a time (the machine has
 * two cores; up to two more while the CPU stands idle, see EXTRA), so a file's servers, timers and caches can never leak into another file, and prints
 * each file's output in one piece. Ends with bun's own summary lines (" N pass", " N fail").
 * Arguments narrow the run to files whose path contains one of them.
 * Every file's whole output is scanned for secrets (scripts/secret-scan.ts: the sandbox's dev private
 * keys, API keys, webhook signing secrets, RPC URLs with a provider's key): one found counts as a
 * failed test of that file, named with its kind in the digest; the output is printed with each
 * secret masked, so the run's log never carries one.
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { cpus, tmpdir } from "node:os";
import { connect } from "../src/db/client.ts";
import { migrate } from "../src/db/migrate.ts";
import { startEmbeddedPostgres } from "../src/sandbox/postgres.ts";
import { freePort } from "../src/sandbox/ports.ts";
import { describeFindings, findSecrets, maskSecrets } from "./secret-scan.ts";

const root = join(import.meta.dir, "..");
const filters = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const passThrough = process.argv.slice(2).filter((a) => a.startsWith("-"));
/**
 * The files that took 25 s or more in a full run, slowest first: they start first, so the run does not
 * end on one of them while the other core has nothing left to do. The rest follow in name order. A
 * file missing here only starts later; the run's own table ("Per file (slowest first)") keeps the
 * list current.
 */
const SLOW_FIRST = [
  "faults", "refund-outage", "read-only-install", "relay-limits", "crash-anytime", "indexer", "deposit-intents",
  "indexer-prune", "matcher-reorg", "contract-v2-properties", "fail-fast", "client", "production-topology",
  "foreign-accounts", "restart",
].map((name) => join("test", `${name}.test.ts`));
function slowRank(file: string): number {
  const at = SLOW_FIRST.indexOf(file);
  return at === -1 ? SLOW_FIRST.length : at;
}
const files = readdirSync(join(root, "test"), { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".test.ts"))
  .map((f) => join("test", f))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort()
  .sort((a, b) => slowRank(a) - slowRank(b));
const parallel = Math.max(1, Math.min(Number(process.env.TEST_PARALLEL ?? 2), cpus().length));
/**
 * Up to two more files than `parallel` while the machine stands idle: many files spend long stretches
 * waiting (1 s blocks, a stalled RPC for a minute, a service restarting; `faults` sleeps through 90 of
 * its 105 s). A fixed two at a time left a fifth of the CPU unused over a run. With one more while
 * idle a full run took 603-609 s here, with two more 565 s (the same machine, in turn). Each one
 * starts only after IDLE_WINDOW_MS of an idle CPU, so the files' CPU barely rose (677-700 s, 690 s).
 * Off with TEST_EXTRA=0.
 */
const EXTRA = process.env.TEST_EXTRA === undefined ? 2 : Number(process.env.TEST_EXTRA);
/** Idle share of the CPU over the last IDLE_WINDOW_MS above which an extra file starts. */
const EXTRA_WHEN_IDLE = 0.45;
const IDLE_WINDOW_MS = 3_000;
const FILE_TIMEOUT_MS = Number(process.env.TEST_FILE_TIMEOUT_MS ?? 300_000);

/** `cpuSeconds`: the CPU of the file's process and of every descendant it waited for (Postgres, Ponder, anvil, a browser). */
interface Result { file: string; pass: number; fail: number; seconds: number; cpuSeconds: number; code: number | null; digest?: string }

async function runFile(file: string): Promise<Result> {
  const started = Date.now();
  const proc = Bun.spawn([process.execPath, "test", "--timeout", "120000", ...passThrough, file], {
    cwd: root,
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, FORCE_COLOR: "0" },
  });
  // A file that hangs is killed and counted as failed, so one stuck file cannot stall CI.
  const timer = setTimeout(() => proc.kill("SIGKILL"), FILE_TIMEOUT_MS);
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  const code = await proc.exited;
  clearTimeout(timer);
  const secrets = findSecrets(out + err);
  const text = secrets.length > 0 ? maskSecrets(out + err) : out + err;
  const pass = Number(/^\s*(\d+) pass$/m.exec(text)?.[1] ?? 0);
  let fail = Number(/^\s*(\d+) fail$/m.exec(text)?.[1] ?? 0);
  if (code !== 0 && fail === 0) fail = 1; // crashed, timed out or failed to load
  // A secret in the output fails the file even if every test passed (one more failed test).
  const leak = secrets.length > 0 ? `!! ${file} printed a secret: ${describeFindings(secrets)}` : undefined;
  if (leak) fail++;
  const seconds = (Date.now() - started) / 1000;
  const cpuSeconds = Number(proc.resourceUsage()?.cpuTime.total ?? 0n) / 1e6;
  process.stderr.write(`\n===== ${file} (${seconds.toFixed(1)} s, ${cpuSeconds.toFixed(1)} s of CPU, exit ${code}) =====\n${text}${leak ? `\n${leak}\n` : ""}`);
  if (code !== 0 && Date.now() - started >= FILE_TIMEOUT_MS) process.stderr.write(`!! ${file} killed after ${FILE_TIMEOUT_MS / 1000} s\n`);
  const digest = [...(fail > (leak ? 1 : 0) ? [failureDigest(text)] : []), ...(leak ? [leak] : [])].join("\n");
  return { file, pass, fail, seconds, cpuSeconds, code, ...(fail > 0 ? { digest } : {}) };
}

/**
 * The lines that say why a file failed: each "(fail)" line with the error printed above it (its
 * first DIGEST_LINES lines, stack frames after the first two left out), or the output's tail when no
 * test reported (a crash, a kill). Printed again at the end of the run, so a CI log that keeps only
 * its last lines still shows the cause of a failure.
 */
const DIGEST_LINES = 24;
function failureDigest(text: string): string {
  const lines = text.trimEnd().split("\n");
  const pieces: string[] = [];
  for (const [i, line] of lines.entries()) {
    if (!line.startsWith("(fail)")) continue;
    let from = i;
    while (from > 0 && !/^\((pass|fail|skip)\)/.test(lines[from - 1]!)) from--;
    let frames = 0;
    const error = lines.slice(from, i).filter((l) => !/^\s+at /.test(l) || ++frames <= 2);
    pieces.push([...error.slice(0, DIGEST_LINES), ...(error.length > DIGEST_LINES ? ["  …"] : []), line].join("\n"));
  }
  return pieces.length > 0 ? pieces.join("\n") : lines.slice(-DIGEST_LINES).join("\n");
}

// One Postgres cluster made (initdb) for the whole run, stopped, and copied by each test file's own
// cluster (test/support/preload.ts): ~1.5 s of initdb per file saved, each file still on its own server.
const templateRoot = mkdtempSync(join(tmpdir(), "stablepay-pg-template-"));
chmodSync(templateRoot, 0o755); // as root the server runs as the `postgres` user
const template = await startEmbeddedPostgres({ dataDir: join(templateRoot, "data"), port: await freePort() });
// A migrated database in it, which each file copies for its migrated databases (test/support/db.ts):
// the migrations run once per run, not once per database.
const MIGRATED_DB = "stablepay_migrated";
await template.createDatabase(MIGRATED_DB);
const migrated = connect(template.urlFor(MIGRATED_DB), { max: 1 });
try {
  await migrate(migrated.sql);
} finally {
  await migrated.sql.end();
}
await template.stop();
process.env.TEST_PG_TEMPLATE = join(templateRoot, "data");
process.env.TEST_PG_MIGRATED_DB = MIGRATED_DB;

const queue = [...files];
const results: Result[] = [];
const startedAt = Date.now();
const { extraStarts } = await runQueue();

/**
 * Runs the queue: `parallel` files at a time, up to EXTRA more while the CPU is idle. Returns how many
 * files started as one more. A defect of the runner itself rejects (the run fails), never drops a file.
 */
function runQueue(): Promise<{ extraStarts: number }> {
  let running = 0;
  let lastStart = 0;
  let extraStarts = 0;
  const idle = idleMeter();
  return new Promise((resolve, reject) => {
    const start = (file: string, now: number) => {
      running++;
      lastStart = now;
      void runFile(file)
        .catch((err): Result => {
          process.stderr.write(`\n!! ${file} could not be run: ${String(err)}\n`);
          return { file, pass: 0, fail: 1, seconds: 0, cpuSeconds: 0, code: null };
        })
        .then((r) => {
          results.push(r);
          running--;
          tick();
        });
    };
    const tick = () => {
      try {
        if (queue.length === 0 && running === 0) {
          clearInterval(timer);
          resolve({ extraStarts });
          return;
        }
        const now = Date.now();
        while (queue.length > 0 && running < parallel) start(queue.shift()!, now);
        // A started file spends its first seconds starting servers: judge the idle CPU only after that.
        if (queue.length > 0 && running < parallel + EXTRA && now - lastStart > IDLE_WINDOW_MS && idle() > EXTRA_WHEN_IDLE) {
          extraStarts++;
          start(queue.shift()!, now);
        }
      } catch (err) {
        clearInterval(timer);
        reject(err);
      }
    };
    const timer = setInterval(tick, 500);
    tick();
  });
}

/** The idle share of all CPUs over the last IDLE_WINDOW_MS (from /proc/stat; 0 where there is none). */
function idleMeter(): () => number {
  const samples: { at: number; idle: number; total: number }[] = [];
  const read = () => {
    try {
      const cpu = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
      samples.push({ at: Date.now(), idle: cpu[3]! + (cpu[4] ?? 0), total: cpu.reduce((a, b) => a + b, 0) });
    } catch {
      return;
    }
    while (samples.length > 2 && samples[1]!.at < Date.now() - IDLE_WINDOW_MS) samples.shift();
  };
  read();
  const sampler = setInterval(read, 500);
  sampler.unref();
  return () => {
    const a = samples[0];
    const b = samples.at(-1);
    if (!a || !b || b.total === a.total || b.at - a.at < IDLE_WINDOW_MS / 2) return 0;
    return (b.idle - a.idle) / (b.total - a.total);
  };
}

rmSync(templateRoot, { recursive: true, force: true });
results.sort((a, b) => b.seconds - a.seconds);
const cpuInAll = results.reduce((n, r) => n + r.cpuSeconds, 0);
process.stderr.write(`\nPer file (slowest first), ${parallel} at a time (${extraStarts} started as one more while the CPU stood idle), ${((Date.now() - startedAt) / 1000).toFixed(0)} s in all, ${cpuInAll.toFixed(0)} s of CPU:\n`);
for (const r of results) process.stderr.write(`  ${r.fail ? "FAIL" : "ok  "} ${r.seconds.toFixed(1).padStart(6)} s ${r.cpuSeconds.toFixed(1).padStart(6)} s CPU  ${r.pass} pass ${r.fail} fail  ${relative(".", r.file)}\n`);
// Every file has a result, or the run fails: a file the runner lost must never pass as nothing to report.
const missing = files.filter((f) => !results.some((r) => r.file === f));
for (const f of missing) process.stderr.write(`  FAIL  not run: ${f}\n`);
for (const r of results.filter((r) => r.digest)) process.stderr.write(`\n----- why ${relative(".", r.file)} failed -----\n${r.digest}\n`);
const pass = results.reduce((n, r) => n + r.pass, 0);
const fail = results.reduce((n, r) => n + r.fail, 0) + missing.length;
process.stderr.write(`\n ${pass} pass\n ${fail} fail\n`);
process.exit(fail > 0 ? 1 : 0);
