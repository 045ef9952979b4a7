/**
 * `npm test`: runs every test file in its own `bun test` process, two at a time (the machine has
 * two cores), so a file's servers, timers and caches can never leak into another file, and prints
 * each file's output in one piece. Ends with bun's own summary lines (" N pass", " N fail").
 * Arguments narrow the run to files whose path contains one of them.
 */
import { chmodSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { cpus, tmpdir } from "node:os";
import { startEmbeddedPostgres } from "../src/sandbox/postgres.ts";
import { freePort } from "../src/sandbox/ports.ts";

const root = join(import.meta.dir, "..");
const filters = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const passThrough = process.argv.slice(2).filter((a) => a.startsWith("-"));
const files = readdirSync(join(root, "test"), { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".test.ts"))
  .map((f) => join("test", f))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
const parallel = Math.max(1, Math.min(Number(process.env.TEST_PARALLEL ?? 2), cpus().length));
const FILE_TIMEOUT_MS = Number(process.env.TEST_FILE_TIMEOUT_MS ?? 300_000);

interface Result { file: string; pass: number; fail: number; seconds: number; code: number | null }

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
  const text = out + err;
  const pass = Number(/^\s*(\d+) pass$/m.exec(text)?.[1] ?? 0);
  let fail = Number(/^\s*(\d+) fail$/m.exec(text)?.[1] ?? 0);
  if (code !== 0 && fail === 0) fail = 1; // crashed, timed out or failed to load
  const seconds = (Date.now() - started) / 1000;
  process.stderr.write(`\n===== ${file} (${seconds.toFixed(1)} s, exit ${code}) =====\n${text}`);
  if (code !== 0 && Date.now() - started >= FILE_TIMEOUT_MS) process.stderr.write(`!! ${file} killed after ${FILE_TIMEOUT_MS / 1000} s\n`);
  return { file, pass, fail, seconds, code };
}

// One Postgres cluster made (initdb) for the whole run, stopped, and copied by each test file's own
// cluster (test/support/preload.ts): ~1.5 s of initdb per file saved, each file still on its own server.
const templateRoot = mkdtempSync(join(tmpdir(), "stablepay-pg-template-"));
chmodSync(templateRoot, 0o755); // as root the server runs as the `postgres` user
const template = await startEmbeddedPostgres({ dataDir: join(templateRoot, "data"), port: await freePort() });
await template.stop();
process.env.TEST_PG_TEMPLATE = join(templateRoot, "data");

const queue = [...files];
const results: Result[] = [];
const startedAt = Date.now();
await Promise.all(
  Array.from({ length: parallel }, async () => {
    for (let file = queue.shift(); file; file = queue.shift()) results.push(await runFile(file));
  }),
);

rmSync(templateRoot, { recursive: true, force: true });
results.sort((a, b) => b.seconds - a.seconds);
process.stderr.write(`\nPer file (slowest first), ${parallel} at a time, ${((Date.now() - startedAt) / 1000).toFixed(0)} s in all:\n`);
for (const r of results) process.stderr.write(`  ${r.fail ? "FAIL" : "ok  "} ${r.seconds.toFixed(1).padStart(6)} s  ${r.pass} pass ${r.fail} fail  ${relative(".", r.file)}\n`);
const pass = results.reduce((n, r) => n + r.pass, 0);
const fail = results.reduce((n, r) => n + r.fail, 0);
process.stderr.write(`\n ${pass} pass\n ${fail} fail\n`);
process.exit(fail > 0 ? 1 : 0);
