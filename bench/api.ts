/**
 * API benchmark: the service started as `npm start` starts it (embedded Postgres and chain, demo
 * merchant and keys; by default only the `api` role, so no indexer or worker competes for the two
 * cores), next to baseline routes in the same process measured in the same run:
 *   bare        a bare Bun route (no framework, no database)
 *   raw-select  a raw postgres.js primary-key SELECT of a payment intent, as JSON
 *   raw-insert  a raw postgres.js INSERT of a payment-intent-shaped row, as JSON
 *   create      POST /v1/payment-intents (auth, validation, reservation + intent insert), random amounts
 *   create-held the same, every amount one that open intents hold (HELD_PRICES prices, each created
 *               once before the run): the value-tag ring's path, wherever prices repeat
 *   get         GET /v1/payment-intents/{id} (auth, visibility, shape)
 * Then create and get again at half their maximum rate (open loop) for p99, and the EXPLAIN check
 * of the list queries on 1M intents and 1M transactions (bench/list-plans.ts).
 *
 *   bun bench/api.ts [--duration 15] [--warmup 3] [--connections 32] [--loader wrk|bun]
 *                    [--only bare,raw-insert,create,raw-select,get,half] [--roles api]
 *                    [--no-explain] [--explain-rows 1000000] [--statements]
 *
 * --duration is per scenario, in seconds; with more than 60 the throughput of every minute is printed.
 * --decay <minutes>: the decay check. Instead of the scenarios above, cycles through bare, raw-insert,
 * create, raw-select and get (12 s each, so one cycle a minute) under continuous load for that many
 * minutes, and prints every cycle with the ratios to the baselines: background noise on a shared
 * machine moves all routes alike, while a slowdown of postgres.js (or of our routes) shows in the ratios.
 * Load comes from `wrk` when installed (apt-get install wrk; cheapest on CPU), else from bench/load.ts
 * in its own Bun process. Open-loop runs always use bench/load.ts.
 * With wrk, each scenario also prints the CPU one request cost the service's process and Postgres
 * (bench/support/cpu.ts): on a shared VM throughput swings by a fifth between runs, the CPU per
 * request much less, so compare that figure first when looking for a few microseconds.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { connect } from "../src/db/client.ts";
import { newId } from "../src/domain/ids.ts";
import { startService } from "../src/service.ts";
import { checkListPlans, printPlanChecks, seedLargeLists } from "./list-plans.ts";
import { HELD_PRICES, heldPrice, type LoadResult, type LoadSpec, type Scenario } from "./load.ts";
import { benchConfig } from "./support/bench-config.ts";
import { chainNodesCpuMicros, machineBusyMicros, ownCpuMicros, postgresCpuMicros } from "./support/cpu.ts";

// ---------------------------------------------------------------------------------------------
// Options

const argv = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1]! : fallback;
};
const flag = (name: string) => argv.includes(`--${name}`);
const durationS = Number(opt("duration", "15"));
const warmupS = Number(opt("warmup", "3"));
const connections = Number(opt("connections", "32"));
const hasWrk = spawnSync("wrk", ["--version"]).error === undefined;
const loader = opt("loader", hasWrk ? "wrk" : "bun") as "wrk" | "bun";
const only = new Set(opt("only", "bare,raw-insert,create,create-held,raw-select,get,half").split(","));
const roles = opt("roles", "api");
const explainRows = Number(opt("explain-rows", "1000000"));
const decayMinutes = Number(opt("decay", "0"));
if (loader === "wrk" && !hasWrk) throw new Error("--loader wrk: wrk is not installed (apt-get install wrk)");

const TARGETS = { createRps: 2500, createVsInsert: 0.4, getRps: 5000, getVsSelect: 0.5, p99Ms: 25 };

// ---------------------------------------------------------------------------------------------
// The service and the baseline routes

const { config, dataDir } = await benchConfig("api", {
  ROLES: roles,
  RATE_LIMIT_TEST_PER_SECOND: "1000000",
  RATE_LIMIT_LIVE_PER_SECOND: "1000000",
  LOG_LEVEL: "warn",
});
console.log(`starting the service (roles: ${roles}, data: ${dataDir})…`);
const service = await startService(config, { writeInfoFile: false });
const sandbox = service.sandbox;
if (!sandbox) throw new Error("the benchmark needs the embedded sandbox (demo merchant and keys)");
const raw = connect(sandbox.database_url); // same pool size as the service's own
await raw.sql`CREATE SCHEMA IF NOT EXISTS bench`;
await raw.sql`CREATE TABLE IF NOT EXISTS bench.raw_intents (LIKE app.payment_intents INCLUDING ALL)`;
const [merchant] = await raw.sql<{ payment_address: string; chain_id: number }[]>`SELECT payment_address, chain_id FROM app.merchants WHERE id = ${sandbox.merchant_id}`;

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? v.toString() : v)), { status, headers: { "content-type": "application/json" } });
const baseline = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  development: false,
  async fetch(req) {
    const path = new URL(req.url).pathname;
    if (path === "/bare") return json({ ok: true });
    if (path.startsWith("/raw/select/")) {
      const [row] = await raw.sql`SELECT * FROM app.payment_intents WHERE id = ${path.slice("/raw/select/".length)}`;
      return row ? json(row) : json({ error: "not found" }, 404);
    }
    if (path === "/raw/insert" && req.method === "POST") {
      const body = (await req.json()) as { amount: number };
      const units = BigInt(Math.round(body.amount * 100)) * 10_000n;
      const now = new Date();
      const [row] = await raw.sql`
        INSERT INTO bench.raw_intents (id, mode, account_id, merchant_id, status, amount_units, tag_units, expected_units, chain_id, payment_address, metadata, created_at, expires_at)
        VALUES (${newId("paymentIntent")}, 'test', ${sandbox.account_id}, ${sandbox.merchant_id}, 'awaiting_payment', ${units}, 0, ${units}, ${merchant!.chain_id},
          ${merchant!.payment_address}, '{}'::jsonb, ${now.toISOString()}::timestamptz, ${new Date(now.getTime() + 300_000).toISOString()}::timestamptz)
        RETURNING *`;
      return json(row, 201);
    }
    return json({ error: "not found" }, 404);
  },
});
const baselineUrl = `http://127.0.0.1:${baseline.port}`;

// ---------------------------------------------------------------------------------------------
// Load

const work = mkdtempSync(join(tmpdir(), "stablepay-bench-load-"));

function specFor(scenario: Scenario, extra: Partial<LoadSpec> = {}): LoadSpec {
  const onService = scenario === "create" || scenario === "create-held" || scenario === "get";
  return {
    scenario,
    base: onService ? service.apiUrl : baselineUrl,
    key: sandbox!.test_key_scoped,
    merchantId: sandbox!.merchant_id,
    idsFile: join(work, "ids.txt"),
    connections,
    warmupMs: warmupS * 1000,
    durationMs: durationS * 1000,
    windowMs: durationS > 60 ? 60_000 : durationS * 1000,
    ...extra,
  };
}

async function runBunLoader(spec: LoadSpec): Promise<LoadResult> {
  const child = spawn(process.execPath, [join(import.meta.dir, "load.ts"), JSON.stringify(spec)], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  if (code !== 0) throw new Error(`load generator exited with ${code}`);
  return JSON.parse(out.trim().split("\n").at(-1)!) as LoadResult;
}

function wrkScript(spec: LoadSpec): string {
  const file = join(work, `${spec.scenario}.lua`);
  const ids = `local ids = {}
for line in io.lines("${spec.idsFile}") do ids[#ids + 1] = line end`;
  const pick = "ids[math.random(#ids)]";
  const amount = `string.format("%d.%02d", math.random(0, 9999), math.random(1, 99))`;
  const body: Record<Scenario, string> = {
    bare: `request = function() return wrk.format("GET", "/bare") end`,
    "raw-select": `${ids}\nrequest = function() return wrk.format("GET", "/raw/select/" .. ${pick}) end`,
    "raw-insert": `request = function() return wrk.format("POST", "/raw/insert", {["content-type"] = "application/json"}, '{"amount":' .. ${amount} .. '}') end`,
    get: `${ids}\nrequest = function() return wrk.format("GET", "/v1/payment-intents/" .. ${pick}, {["authorization"] = "Bearer ${spec.key}"}) end`,
    create: `request = function()
  return wrk.format("POST", "/v1/payment-intents", {["authorization"] = "Bearer ${spec.key}", ["content-type"] = "application/json"},
    '{"amount":' .. ${amount} .. ',"currency":"usd","merchant_id":"${spec.merchantId}"}')
end`,
    // heldPrice(i) of bench/load.ts
    "create-held": `request = function()
  local i = math.random(0, ${HELD_PRICES - 1})
  return wrk.format("POST", "/v1/payment-intents", {["authorization"] = "Bearer ${spec.key}", ["content-type"] = "application/json"},
    '{"amount":' .. string.format("%.2f", (100 + 7 * i) / 100) .. ',"currency":"usd","merchant_id":"${spec.merchantId}"}')
end`,
  };
  writeFileSync(
    file,
    `math.randomseed(os.time() + math.floor(os.clock() * 1000000))
${body[spec.scenario]}
non2xx = 0
response = function(status, headers, body) end
done = function(summary, latency, requests)
  io.write(string.format("JSON{\\"requests\\":%d,\\"non2xx\\":%d,\\"p50\\":%f,\\"p90\\":%f,\\"p99\\":%f,\\"max\\":%f,\\"errors\\":%d}\\n",
    summary.requests, summary.errors.status, latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
`,
  );
  return file;
}

function runWrkOnce(spec: LoadSpec, seconds: number): Promise<{ requests: number; non2xx: number; errors: number; p50: number; p90: number; p99: number; max: number }> {
  const script = wrkScript(spec);
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", ["-t2", `-c${spec.connections}`, `-d${seconds}s`, "--timeout", "10s", "-s", script, spec.base], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("exit", (code) => {
      const line = out.split("\n").find((l) => l.startsWith("JSON{"));
      if (code !== 0 || !line) return reject(new Error(`wrk failed (${code}): ${out.slice(-500)}`));
      resolve(JSON.parse(line.slice(4)));
    });
  });
}

async function runWrk(spec: LoadSpec): Promise<LoadResult> {
  if (spec.warmupMs > 0) await runWrkOnce(spec, Math.ceil(spec.warmupMs / 1000));
  const pgData = join(dataDir, "postgres");
  const countsBefore = await roundTrips();
  const cpuBefore = { service: ownCpuMicros(), postgres: postgresCpuMicros(pgData), chains: chainNodesCpuMicros(), machine: machineBusyMicros() };
  const total = spec.durationMs / 1000;
  const chunk = total > 60 ? 60 : total;
  const runs = [];
  for (let done = 0; done < total; done += chunk) runs.push(await runWrkOnce(spec, Math.min(chunk, total - done)));
  const requests = runs.reduce((n, r) => n + r.requests, 0);
  const bad = runs.reduce((n, r) => n + r.non2xx + r.errors, 0);
  // wrk runs in its own process: this process's CPU is the service's (and the idle baseline server's).
  const pgAfter = postgresCpuMicros(pgData);
  const machineAfter = machineBusyMicros();
  const cpuPerRequest = {
    service: (ownCpuMicros() - cpuBefore.service) / requests,
    postgres: pgAfter === undefined || cpuBefore.postgres === undefined ? undefined : (pgAfter - cpuBefore.postgres) / requests,
    chains: (chainNodesCpuMicros() - cpuBefore.chains) / requests,
    // everything busy on the machine: the above, the load generator and whatever else runs
    machine: machineAfter === undefined || cpuBefore.machine === undefined ? undefined : (machineAfter - cpuBefore.machine) / requests,
  };
  const countsAfter = await roundTrips();
  const countsPerRequest = {
    statements: countsAfter.statements === undefined || countsBefore.statements === undefined ? undefined : (countsAfter.statements - countsBefore.statements) / requests,
    transactions: (countsAfter.transactions - countsBefore.transactions) / requests,
    byStatement: Object.fromEntries(
      [...countsAfter.byName].map(([name, n]) => [name, (n - (countsBefore.byName.get(name) ?? 0)) / requests] as const).filter(([, n]) => n >= 0.01),
    ),
  };
  // Percentiles of the whole run: the worst chunk's (conservative; one chunk unless --duration > 60).
  return {
    scenario: spec.scenario,
    requests,
    ok: requests - bad,
    statuses: bad ? { "non-2xx or socket error": bad } : {},
    rps: requests / total,
    p50: Math.max(...runs.map((r) => r.p50)),
    p90: Math.max(...runs.map((r) => r.p90)),
    p99: Math.max(...runs.map((r) => r.p99)),
    max: Math.max(...runs.map((r) => r.max)),
    windows: runs.map((r, i) => r.requests / Math.min(chunk, total - i * chunk)),
    cpuPerRequest,
    countsPerRequest,
  };
}

/**
 * Statements the service ran (its own statement histogram on /metrics; undefined for a tree without
 * one) and transactions Postgres committed in the database: counts, not timings, so they compare
 * across runs and trees on a busy machine. They include this process's few background statements.
 */
async function roundTrips(): Promise<{ statements: number | undefined; byName: Map<string, number>; transactions: number }> {
  const text = await (await fetch(`${service.apiUrl}/metrics`)).text();
  const byName = new Map<string, number>();
  for (const l of text.split("\n")) {
    if (!l.startsWith("stablepay_db_query_duration_seconds_count{")) continue;
    const name = /statement="([^"]*)"/.exec(l)?.[1] ?? "?";
    byName.set(name, (byName.get(name) ?? 0) + Number(l.slice(l.lastIndexOf(" ") + 1)));
  }
  const statements = byName.size ? [...byName.values()].reduce((a, b) => a + b, 0) : undefined;
  const [db] = await raw.sql<{ n: string }[]>`SELECT (xact_commit + xact_rollback)::text AS n FROM pg_stat_database WHERE datname = current_database()`;
  return { statements, byName, transactions: Number(db!.n) };
}

const results: Partial<Record<string, LoadResult>> = {};
async function measure(name: string, spec: LoadSpec, useLoader: "wrk" | "bun" = loader) {
  process.stdout.write(`  ${name.padEnd(24)} `);
  const r = useLoader === "wrk" ? await runWrk(spec) : await runBunLoader(spec);
  results[name] = r;
  const bad = r.requests - r.ok;
  console.log(
    `${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(2).padStart(6)} ms   p99 ${r.p99.toFixed(2).padStart(6)} ms   max ${r.max.toFixed(1).padStart(7)} ms` +
      (bad ? `   NOT 2xx: ${bad} ${JSON.stringify(r.statuses)}` : ""),
  );
  if (r.cpuPerRequest) {
    const { service, postgres, chains, machine } = r.cpuPerRequest;
    const µs = (v: number | undefined) => (v === undefined ? "n/a" : `${v.toFixed(0)} µs`);
    console.log(`  ${"".padEnd(24)} CPU per request: service ${µs(service)}, Postgres ${µs(postgres)}, chain nodes ${µs(chains)}, whole machine ${µs(machine)}`);
  }
  if (r.countsPerRequest) {
    const { statements, transactions } = r.countsPerRequest;
    console.log(`  ${"".padEnd(24)} per request: ${statements === undefined ? "n/a" : statements.toFixed(2)} statements, ${transactions.toFixed(2)} transactions`);
    if (flag("statements"))
      for (const [name, n] of Object.entries(r.countsPerRequest.byStatement ?? {}).sort((x, y) => y[1] - x[1])) console.log(`  ${"".padEnd(26)} ${n.toFixed(2)}  ${name}`);
  }
  if (r.windows.length > 1) console.log(`  ${"".padEnd(24)} per minute: ${r.windows.map((w) => w.toFixed(0)).join(", ")} req/s`);
  return r;
}

/** One open intent for each price of `create-held`, so that each of its creates finds its amount held. */
async function holdPrices() {
  let next = 0;
  const worker = async () => {
    while (next < HELD_PRICES) {
      const res = await fetch(`${service.apiUrl}/v1/payment-intents`, {
        method: "POST",
        headers: { authorization: `Bearer ${sandbox!.test_key_scoped}`, "content-type": "application/json" },
        body: JSON.stringify({ amount: Number(heldPrice(next++)), currency: "usd", merchant_id: sandbox!.merchant_id }),
      });
      if (res.status !== 201) throw new Error(`holding the prices: ${res.status} ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

async function writeIds() {
  const rows = await raw.sql<{ id: string }[]>`SELECT id FROM app.payment_intents WHERE merchant_id = ${sandbox!.merchant_id} ORDER BY random() LIMIT 20000`;
  writeFileSync(join(work, "ids.txt"), rows.map((r) => r.id).join("\n") + "\n");
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// Run

const bunVersion = Bun.version;
console.log(`\nstablepay API benchmark: ${cpus().length} CPU(s), Bun ${bunVersion}, loader ${loader}, ${connections} connections, ${durationS} s per scenario (+${warmupS} s warm-up)\n`);
async function decayCheck(minutes: number) {
  const cycle: Array<[string, Scenario]> = [["bare", "bare"], ["raw-insert", "raw-insert"], ["create", "create"], ["raw-select", "raw-select"], ["get", "get"]];
  const sliceMs = 12_000;
  console.log(`  decay check: ${minutes} cycles of ${cycle.map(([n]) => n).join(", ")} (${sliceMs / 1000} s each, no pause)\n`);
  console.log(`  ${"cycle".padEnd(6)}${cycle.map(([n]) => n.padStart(11)).join("")}   get/raw-select  create/raw-insert  raw-select/bare`);
  const rows: Array<Record<string, number>> = [];
  for (let m = 1; m <= minutes; m++) {
    const row: Record<string, number> = {};
    for (const [name, scenario] of cycle) {
      const spec = specFor(scenario, { warmupMs: 0, durationMs: sliceMs, windowMs: sliceMs });
      row[name] = (loader === "wrk" ? await runWrk(spec) : await runBunLoader(spec)).rps;
    }
    rows.push(row);
    const r = (a: string, b: string) => (row[a]! / row[b]!).toFixed(2).padStart(5);
    console.log(`  ${String(m).padEnd(6)}${cycle.map(([n]) => row[n]!.toFixed(0).padStart(11)).join("")}   ${r("get", "raw-select").padStart(14)}  ${r("create", "raw-insert").padStart(17)}  ${r("raw-select", "bare").padStart(15)}`);
  }
  const firstLast = (name: string) => `${rows[0]![name]!.toFixed(0)} -> ${rows.at(-1)![name]!.toFixed(0)}`;
  console.log(`\n  first -> last cycle: ${cycle.map(([n]) => `${n} ${firstLast(n)}`).join(", ")}`);
}

try {
  if (decayMinutes > 0) {
    if ((await writeIds()) < 1000) {
      await runBunLoader(specFor("create", { warmupMs: 0, durationMs: 5000, windowMs: 5000 }));
      await writeIds();
    }
    await decayCheck(decayMinutes);
  } else await scenarios();
} finally {
  await baseline.stop(true);
  await raw.close();
  await service.stop();
  rmSync(work, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}

async function scenarios() {
  if (only.has("bare")) await measure("bare Bun route", specFor("bare"));
  if (only.has("raw-insert")) await measure("raw INSERT route", specFor("raw-insert"));
  if (only.has("create")) await measure("create intent", specFor("create"));
  if (only.has("create-held")) {
    await holdPrices();
    await measure("create, amount held", specFor("create-held"));
  }
  if ((await writeIds()) < 1000) {
    // Only reads were asked for: create some intents to read.
    await runBunLoader(specFor("create", { warmupMs: 0, durationMs: 5000, windowMs: 5000 }));
    await writeIds();
  }
  if (only.has("raw-select")) await measure("raw SELECT route", specFor("raw-select"));
  if (only.has("get")) await measure("get intent", specFor("get"));

  const create = results["create intent"];
  const get = results["get intent"];
  if (only.has("half")) {
    console.log("\n  open loop at half the maximum rate:");
    if (create) await measure("create @ half max", specFor("create", { rate: Math.max(1, Math.floor(create.rps / 2)) }), "bun");
    if (get) await measure("get @ half max", specFor("get", { rate: Math.max(1, Math.floor(get.rps / 2)) }), "bun");
  }

  console.log("\n  versus targets:");
  const line = (label: string, value: string, ok: boolean) => console.log(`  ${ok ? "PASS" : "MISS"}  ${label.padEnd(44)} ${value}`);
  const insert = results["raw INSERT route"];
  const select = results["raw SELECT route"];
  if (create) line(`create >= ${TARGETS.createRps}/s`, `${create.rps.toFixed(0)}/s`, create.rps >= TARGETS.createRps);
  if (create && insert) line(`create >= ${TARGETS.createVsInsert * 100}% of raw INSERT route`, `${((create.rps / insert.rps) * 100).toFixed(0)}% (${create.rps.toFixed(0)} / ${insert.rps.toFixed(0)})`, create.rps >= TARGETS.createVsInsert * insert.rps);
  if (get) line(`get >= ${TARGETS.getRps}/s`, `${get.rps.toFixed(0)}/s`, get.rps >= TARGETS.getRps);
  if (get && select) line(`get >= ${TARGETS.getVsSelect * 100}% of raw SELECT route`, `${((get.rps / select.rps) * 100).toFixed(0)}% (${get.rps.toFixed(0)} / ${select.rps.toFixed(0)})`, get.rps >= TARGETS.getVsSelect * select.rps);
  for (const name of ["create @ half max", "get @ half max"]) {
    const r = results[name];
    if (r) line(`${name}: p99 < ${TARGETS.p99Ms} ms`, `${r.p99.toFixed(2)} ms at ${r.rps.toFixed(0)}/s`, r.p99 < TARGETS.p99Ms);
  }
  const bare = results["bare Bun route"];
  if (bare && get) console.log(`        (get is ${((get.rps / bare.rps) * 100).toFixed(0)}% of the bare Bun route, ${bare.rps.toFixed(0)}/s)`);

  if (!flag("no-explain")) {
    console.log(`\n  EXPLAIN of the list queries on ${explainRows} intents and ${explainRows} transactions (100 merchants):`);
    const t = performance.now();
    const { merchantId } = await seedLargeLists(service.ctx.database, explainRows);
    console.log(`  (seeded in ${((performance.now() - t) / 1000).toFixed(0)} s)`);
    const ok = printPlanChecks(await checkListPlans(service.ctx.database, merchantId));
    console.log(ok ? "  PASS  list plans: no Seq Scan" : "  MISS  list plans: Seq Scan found");
  }
}
