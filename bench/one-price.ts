/**
 * One merchant, one price: creates of ONE amount for one merchant from 0 open intents up to
 * the ceiling minus one (9,999 with the default tag width), next to creates of random amounts in the
 * same run, then an open-loop run of another single amount at half the best closed-loop rate for p99.
 *
 *   bun bench/one-price.ts [--connections 16] [--open 9999] [--random 10000] [--half-count 6000] [--half-rate N]
 *                          [--sandbox-state-interval 0] [--deposit 50000]
 *
 * The service is started as `npm start` starts it (embedded Postgres with fsync on, embedded chain,
 * demo merchant and keys), with only the `api` role, the per-key rate limit out of the way, and the
 * sandbox chains saving their state only when they stop (SANDBOX_STATE_INTERVAL=0; see below). Every
 * intent is created with ttl 3600 so none ends during the run: the open count is the number created.
 * Load comes from a Bun process of its own that imports nothing of the service (bench/support/create-load.ts).
 *
 * Phases:
 *   one     closed loop, `--connections` loops, amount 25.00, until `--open` intents are open; the
 *           rate and latency of every 1,000 (by completion order = open intents held at that moment)
 *   random  closed loop, random cents 0.01..9999.99 (as bench/api.ts), `--random` creates
 *   half    after a CHECKPOINT (see there), open loop at half the best rate of `one` (per 1,000), amount 30.00, `--half-count`
 *           creates (so from 0 to that many held), latency from the due time (no coordinated omission),
 *           after 1 s of GET /health at that rate (not counted: the generator's own start-up); then the
 *           same with random amounts, the baseline of the p99 in the same minute
 *   full    one more create of 25.00 after `--open` (+ the ceiling): the error body, and how long it took
 *   deposit with `--deposit N`: N creates of 25.00 at deposit addresses (an address per intent, no value
 *           held, so no ceiling), closed loop, the rate per 10,000 open next to random amounts
 */
import { spawn } from "node:child_process";
import postgres from "postgres";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startService } from "../src/service.ts";
import { benchConfig } from "./support/bench-config.ts";
import type { CreateLoadOut, CreateLoadSpec } from "./support/create-load.ts";

const work = mkdtempSync(join(tmpdir(), "stablepay-bench-one-price-load-"));
let loads = 0;

async function load(spec: CreateLoadSpec): Promise<CreateLoadOut> {
  const file = join(work, `load-${++loads}.json`);
  const child = spawn(process.execPath, [join(import.meta.dir, "support", "create-load.ts"), JSON.stringify(spec), file], { stdio: ["ignore", "inherit", "inherit"] });
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  if (code !== 0) throw new Error(`load exited with ${code}`);
  return JSON.parse(readFileSync(file, "utf8")) as CreateLoadOut;
}

// ---------------------------------------------------------------------------------------------
// Figures

interface Figures {
  n: number;
  ok: number;
  statuses: Record<string, number>;
  rps: number;
  p50: number;
  p99: number;
  max: number;
}

function figures(rows: [number, number, number][]): Figures {
  const lat = rows.map((r) => r[1]).sort((a, b) => a - b);
  const q = (p: number) => (lat.length ? lat[Math.min(lat.length - 1, Math.floor(p * lat.length))]! : NaN);
  const statuses: Record<string, number> = {};
  for (const r of rows) statuses[r[2]] = (statuses[r[2]] ?? 0) + 1;
  const span = rows.length > 1 ? (rows.at(-1)![0] - rows[0]![0]) / 1000 : NaN;
  return { n: rows.length, ok: statuses["201"] ?? 0, statuses, rps: (rows.length - 1) / span, p50: q(0.5), p99: q(0.99), max: lat.at(-1) ?? NaN };
}

const fmt = (f: Figures) =>
  `${f.rps.toFixed(0).padStart(6)}/s  p50 ${f.p50.toFixed(1).padStart(6)} ms  p99 ${f.p99.toFixed(1).padStart(6)} ms  max ${f.max.toFixed(0).padStart(5)} ms  ${JSON.stringify(f.statuses)}`;

// ---------------------------------------------------------------------------------------------
// Run

/** stablepay_value_tag_attempts_total by kind, from the service's /metrics. */
async function reserveAttempts(): Promise<Record<string, number>> {
  const text = await (await fetch(`${service.apiUrl}/metrics`)).text();
  const out: Record<string, number> = {};
  for (const m of text.matchAll(/^stablepay_value_tag_attempts_total\{kind="(\w+)"\} (\d+)/gm)) out[m[1]!] = Number(m[2]);
  return out;
}
async function checkpoint(databaseUrl: string): Promise<void> {
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe("CHECKPOINT");
  } finally {
    await admin.end();
  }
}
const diff = (a: Record<string, number>, b: Record<string, number>) => Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v - (b[k] ?? 0)]));

const argv = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1]! : fallback;
};
const connections = Number(opt("connections", "16"));
const open = Number(opt("open", "9999"));
const randomCount = Number(opt("random", "10000"));
const halfCount = Number(opt("half-count", "6000"));
const depositCount = Number(opt("deposit", "0"));
const BUCKET = 1000;
/** Before each open loop: GET /health at its rate for this long, not counted (bench/support/create-load.ts). */
const WARMUP_MS = 1_000;

const { config, dataDir } = await benchConfig("one-price", {
  ROLES: "api",
  // The sandbox chains save their state only at the stop, not every 5 s: each save rewrites a file on the
  // disk Postgres flushes its WAL to, and the creates' tail showed it (bench/README.md "Where the rest
  // of the tail was"). A deployment has no embedded chain. `--sandbox-state-interval 5`: as npm start.
  SANDBOX_STATE_INTERVAL: opt("sandbox-state-interval", "0"),
  RATE_LIMIT_TEST_PER_SECOND: "1000000",
  RATE_LIMIT_LIVE_PER_SECOND: "1000000",
  LOG_LEVEL: "error",
});
console.log(`starting the service (api role, data: ${dataDir})…`);
const service = await startService(config, { writeInfoFile: false });
const sandbox = service.sandbox;
if (!sandbox) throw new Error("the benchmark needs the embedded sandbox (demo merchant and keys)");
const base = { base: service.apiUrl, key: sandbox.test_key_scoped, merchantId: sandbox.merchant_id, connections };
let failed = false;
try {
  // Warm-up: random amounts (JIT, pools, caches), not counted.
  await load({ ...base, amount: "random", count: 2000 });

  console.log(`\none amount (25.00), ${connections} connections, 0 -> ${open} open intents of that amount:`);
  const one = await load({ ...base, amount: 25, count: open });
  const buckets: Figures[] = [];
  for (let i = 0; i < one.done.length; i += BUCKET) {
    const f = figures(one.done.slice(i, i + BUCKET));
    buckets.push(f);
    console.log(`  held ${String(i).padStart(5)}..${String(Math.min(i + BUCKET, one.done.length) - 1).padStart(5)}  ${fmt(f)}`);
  }
  const all = figures(one.done);
  console.log(`  all                 ${fmt(all)}`);

  console.log(`\nrandom amounts, ${connections} connections, ${randomCount} creates:`);
  const random = figures((await load({ ...base, amount: "random", count: randomCount })).done);
  console.log(`  random              ${fmt(random)}`);

  // Half the best closed-loop rate of one amount (the maximum rate of what is measured).
  const best = Math.max(...buckets.map((b) => b.rps));
  const rate = argv.includes("--half-rate") ? Number(opt("half-rate", "0")) : Math.max(1, Math.floor(best / 2));
  console.log(`\nhalf rate: ${rate}/s open loop, amount 30.00, 0 -> ${halfCount} open intents of that amount:`);
  // A CHECKPOINT first, as a database that has run a while has had: the WAL segments written so far are
  // then recycled for what comes. A cluster this new has none to recycle, so every 16 MB of WAL one commit
  // zero-fills and syncs a new segment while every other commit waits (100-160 ms here), and as this
  // benchmark writes the same WAL every run, that fell in the same phase every run (bench/README.md).
  await checkpoint(sandbox.database_url);
  const attemptsBefore = await reserveAttempts();
  const half = figures((await load({ ...base, amount: 30, count: halfCount, rate, warmupMs: WARMUP_MS })).done);
  console.log(`  reserve statements: ${JSON.stringify(diff(await reserveAttempts(), attemptsBefore))}`);
  console.log(`  half                ${fmt(half)}`);
  // The same open loop with random amounts: what a create costs at that rate without any tag to
  // find, on the same machine in the same minute (the baseline of the p99 target).
  const halfRandom = figures((await load({ ...base, amount: "random", count: halfCount, rate, warmupMs: WARMUP_MS })).done);
  console.log(`  half, random        ${fmt(halfRandom)}`);

  const t = performance.now();
  const res = await fetch(`${service.apiUrl}/v1/payment-intents`, {
    method: "POST",
    headers: { authorization: `Bearer ${sandbox.test_key_scoped}`, "content-type": "application/json" },
    body: JSON.stringify({ amount: 25, currency: "usd", merchant_id: sandbox.merchant_id, ttl: 3600 }),
  });
  console.log(`\none more of 25.00 after ${open}: ${res.status} in ${(performance.now() - t).toFixed(1)} ms ${(await res.text()).slice(0, 400)}`);

  const depositChecks: [string, boolean][] = [];
  if (depositCount > 0) {
    console.log(`\ndeposit addresses, one amount (25.00), ${connections} connections, 0 -> ${depositCount} open intents of that amount:`);
    const deposit = await load({ ...base, amount: 25, count: depositCount, paymentAddressType: "deposit" });
    const per: Figures[] = [];
    for (let i = 0; i < deposit.done.length; i += 10 * BUCKET) {
      per.push(figures(deposit.done.slice(i, i + 10 * BUCKET)));
      console.log(`  open ${String(i).padStart(6)}..${String(Math.min(i + 10 * BUCKET, deposit.done.length) - 1).padStart(6)}  ${fmt(per.at(-1)!)}`);
    }
    const whole = figures(deposit.done);
    console.log(`  all                 ${fmt(whole)}`);
    depositChecks.push(
      [`deposit addresses: rate at ${depositCount} open (${per.at(-1)!.rps.toFixed(0)}/s) >= 80% of random amounts (${random.rps.toFixed(0)}/s)`, per.at(-1)!.rps >= 0.8 * random.rps],
      [`every create at a deposit address answered 201`, whole.ok === whole.n],
    );
  }

  const first = buckets[0]!;
  const last = buckets.at(-1)!;
  const checks: [string, boolean][] = [
    ...depositChecks,
    [`rate at ${open} held (${last.rps.toFixed(0)}/s) >= 80% of the rate at 0 (${first.rps.toFixed(0)}/s)`, last.rps >= 0.8 * first.rps],
    [`rate at ${open} held (${last.rps.toFixed(0)}/s) >= 80% of random amounts (${random.rps.toFixed(0)}/s)`, last.rps >= 0.8 * random.rps],
    [`p99 at half rate (${half.p99.toFixed(1)} ms) < 25 ms (random amounts at that rate: ${halfRandom.p99.toFixed(1)} ms)`, half.p99 < 25],
    [`every create of the one amount answered 201`, all.ok === all.n],
  ];
  console.log("");
  for (const [what, ok] of checks) {
    console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
    if (!ok) failed = true;
  }
} finally {
  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
