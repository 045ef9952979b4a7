/**
 * Expiry sweep at scale: N (default 1,000,000) awaiting intents, all due at once, are expired by
 * the expirer (src/workers/expirer.ts), each with exactly one payment_intent.expired event and its
 * reservation quarantined. Compared in the same run with a plain SQL UPDATE of the same rows
 * (status and expired_at only: no events, no reservations), and with GET /v1/payment-intents/{id}
 * and POST /v1/payment-intents latency measured from a separate process while the sweep runs
 * (open loop, so a stall shows in the percentiles) and while idle.
 *
 *   bun bench/expiry.ts [--rows 1000000] [--expirers 2] [--batch 10000] [--get-rate 200] [--create-rate 20]
 *
 * Starts the service as `npm start` does (embedded Postgres with its normal durable settings,
 * anvil, demo merchant and keys) with only the `api` role, in a throwaway data folder. The matcher
 * is not running: the expirers are given "covered up to now" (the fairness rule is tested in
 * test/expirer.test.ts and test/expiry-race.test.ts; here only the sweep's cost is measured).
 */
import { rmSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startService } from "../src/service.ts";
import { connect } from "../src/db/client.ts";
import { createContext } from "../src/context.ts";
import { createLogger } from "../src/logger.ts";
import { Expirer } from "../src/workers/expirer.ts";
import type { ReaderSpec, Sample } from "./expiry-reader.ts";
import { benchConfig } from "./support/bench-config.ts";

// ------------------------------------------------------------------------------------------------

function pct(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
}

function summary(samples: Sample[], kind: Sample["kind"], from: number, to: number) {
  const xs = samples.filter((s) => s.kind === kind && s.at >= from && s.at <= to);
  const ok = xs.filter((s) => s.status >= 200 && s.status < 300).length;
  const ms = xs.map((s) => s.ms);
  return { n: xs.length, ok, p50: pct(ms, 0.5), p99: pct(ms, 0.99), max: ms.length ? Math.max(...ms) : NaN };
}

async function startReader(spec: ReaderSpec) {
  const child = Bun.spawn([process.execPath, join(import.meta.dir, "expiry-reader.ts"), JSON.stringify(spec)], { stdout: "pipe", stderr: "inherit" });
  const out = child.stdout.getReader();
  let text = "";
  while (!text.includes("ready\n")) {
    const { value, done } = await out.read();
    if (done) throw new Error("reader exited early");
    text += new TextDecoder().decode(value);
  }
  return {
    async stop(): Promise<Sample[]> {
      child.kill("SIGTERM");
      let rest = text.slice(text.indexOf("ready\n") + 6);
      for (;;) {
        const { value, done } = await out.read();
        if (done) break;
        rest += new TextDecoder().decode(value);
      }
      const code = await child.exited;
      if (code !== 0) throw new Error(`reader exited with ${code}: ${rest.slice(0, 200)}`);
      return JSON.parse(rest.trim()) as Sample[];
    },
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      rows: { type: "string", default: "1000000" },
      expirers: { type: "string", default: "2" },
      batch: { type: "string", default: "10000" },
      "get-rate": { type: "string", default: "200" },
      "create-rate": { type: "string", default: "20" },
    },
  });
  const N = Number(values.rows);
  const expirerCount = Number(values.expirers);
  const batchSize = Number(values.batch);
  const getRate = Number(values["get-rate"]);
  const createRate = Number(values["create-rate"]);
  const log = (msg: string) => process.stderr.write(`[expiry bench] ${msg}\n`);

  const { config, dataDir } = await benchConfig("expiry", {
    ROLES: "api",
    SANDBOX_BLOCK_TIME: "0",
    LOG_LEVEL: "warn",
    RATE_LIMIT_TEST_PER_SECOND: "1000000",
  });
  log(`starting the service (embedded Postgres, anvil) in ${dataDir}`);
  const svc = await startService(config, { writeInfoFile: false });
  const sandbox = svc.sandbox!;
  const sql = svc.ctx.database.sql;
  const chainId = svc.ctx.chains.test!.chainId;
  try {
    // -------------------------------------------------------------------- seed
    let t = performance.now();
    await sql.unsafe(
      `INSERT INTO app.payment_intents (id, mode, account_id, merchant_id, status, amount_units, tag_units, expected_units, chain_id,
         payment_address, metadata, created_at, expires_at)
       SELECT 'pi_bench' || lpad(g::text, 16, '0'), 'test', $1, $2, 'awaiting_payment', g::int8 * 10000, 0, g::int8 * 10000, $3::int, $4,
              jsonb_build_object('order', 'bench-' || g), now() - interval '10 minutes', now() - interval '1 second'
       FROM generate_series(1, $5::int) g`,
      [sandbox.account_id, sandbox.merchant_id, chainId, sandbox.payment_address, N] as never[],
    );
    await sql.unsafe(
      `INSERT INTO app.reservations (merchant_id, expected_units, intent_id)
       SELECT $1, g::int8 * 10000, 'pi_bench' || lpad(g::text, 16, '0') FROM generate_series(1, $2::int) g`,
      [sandbox.merchant_id, N] as never[],
    );
    await sql`VACUUM ANALYZE app.payment_intents`;
    await sql`VACUUM ANALYZE app.reservations`;
    await sql`VACUUM ANALYZE app.events`;
    log(`seeded ${N} due intents + reservations in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const idsFile = join(dataDir, "ids.txt");
    const sample = Array.from({ length: 20_000 }, () => `pi_bench${String(1 + Math.floor(Math.random() * N)).padStart(16, "0")}`);
    writeFileSync(idsFile, sample.join("\n"));
    const readerSpec = { base: svc.apiUrl, key: sandbox.test_key_scoped, merchantId: sandbox.merchant_id, idsFile, getRate, createRate };

    // -------------------------------------------------------------------- idle latency
    const idle = await (async () => {
      const r = await startReader(readerSpec);
      const from = Date.now() + 1000;
      await Bun.sleep(5000);
      const to = Date.now();
      const samples = await r.stop();
      return { get: summary(samples, "get", from, to), create: summary(samples, "create", from, to) };
    })();
    log(`idle: GET p99 ${idle.get.p99.toFixed(1)} ms, POST p99 ${idle.create.p99.toFixed(1)} ms`);

    // -------------------------------------------------------------------- baseline: plain UPDATE
    await sql`CHECKPOINT`; // both timed phases start with no dirty buffers or pending checkpoint
    t = performance.now();
    const plain = await sql`UPDATE app.payment_intents SET status = 'expired', expired_at = now() WHERE status = 'awaiting_payment' AND expires_at <= now() AND id LIKE 'pi_bench%'`;
    const plainS = (performance.now() - t) / 1000;
    log(`plain UPDATE of ${plain.count} rows: ${plainS.toFixed(2)} s; reverting`);
    await sql`UPDATE app.payment_intents SET status = 'awaiting_payment', expired_at = NULL WHERE id LIKE 'pi_bench%'`;
    // Compact again, so that the sweep starts from the same table state as the plain UPDATE did.
    await sql`VACUUM (FULL, ANALYZE) app.payment_intents`;
    await sql`CHECKPOINT`;

    // -------------------------------------------------------------------- the sweep
    const pools = Array.from({ length: expirerCount }, () => connect(sandbox.database_url, { max: 2 }));
    const expirers = pools.map(
      (database) =>
        new Expirer(createContext({ config, database, chains: {}, log: createLogger("warn") }), async () => new Date(), { chainIds: [chainId], batchSize }),
    );
    const r = await startReader(readerSpec);
    await Bun.sleep(1000);
    const sweepFrom = Date.now();
    t = performance.now();
    const counts = await Promise.all(expirers.map((e) => e.sweep()));
    const sweepS = (performance.now() - t) / 1000;
    const sweepTo = Date.now();
    const samples = await r.stop();
    await Promise.all(pools.map((p) => p.close()));
    const during = { get: summary(samples, "get", sweepFrom, sweepTo), create: summary(samples, "create", sweepFrom, sweepTo) };
    const expired = counts.reduce((a, b) => a + b, 0);

    // -------------------------------------------------------------------- checks
    const [check] = await sql<{ expired: number; awaiting: number; events: number; distinct_intents: number; held: number }[]>`
      SELECT (SELECT count(*)::int FROM app.payment_intents WHERE id LIKE 'pi_bench%' AND status = 'expired') AS expired,
             (SELECT count(*)::int FROM app.payment_intents WHERE id LIKE 'pi_bench%' AND status = 'awaiting_payment') AS awaiting,
             (SELECT count(*)::int FROM app.events WHERE type = 'payment_intent.expired' AND data->>'id' LIKE 'pi_bench%') AS events,
             (SELECT count(DISTINCT data->>'id')::int FROM app.events WHERE type = 'payment_intent.expired' AND data->>'id' LIKE 'pi_bench%') AS distinct_intents,
             (SELECT count(*)::int FROM app.reservations WHERE intent_id LIKE 'pi_bench%' AND released_after IS NULL) AS held`;
    const ok = check!.expired === N && check!.awaiting === 0 && check!.events === N && check!.distinct_intents === N && check!.held === 0;

    const rate = (n: number, s: number) => Math.round(n / s).toLocaleString("en-US");
    const f = (x: number) => (Number.isNaN(x) ? "-" : x.toFixed(1));
    console.log(`
Expiry sweep, ${N.toLocaleString("en-US")} due intents, ${cpus().length} CPU(s), ${expirerCount} expirer(s), batch ${batchSize}
  plain UPDATE (status, expired_at only)   ${plainS.toFixed(2)} s   ${rate(N, plainS)} rows/s
  expirer (+ reservations + events)        ${sweepS.toFixed(2)} s   ${rate(expired, sweepS)} intents/s   ratio ${(sweepS / plainS).toFixed(2)}x the plain UPDATE
  target                                   < 30 s: ${sweepS < 30 ? "met" : "NOT met"}
  checks: ${check!.expired} expired, ${check!.awaiting} awaiting, ${check!.events} events for ${check!.distinct_intents} distinct intents, ${check!.held} reservations still held -> ${ok ? "OK" : "FAILED"}

Latency (open loop from a separate process; GET ${getRate}/s on random bench intents, POST ${createRate}/s)
                 idle: n   p50     p99     max   | during sweep: n   p50     p99     max    (non-2xx)
  GET  /v1/payment-intents/{id}  ${String(idle.get.n).padStart(5)} ${f(idle.get.p50).padStart(6)} ${f(idle.get.p99).padStart(7)} ${f(idle.get.max).padStart(7)} | ${String(during.get.n).padStart(5)} ${f(during.get.p50).padStart(6)} ${f(during.get.p99).padStart(7)} ${f(during.get.max).padStart(7)}   (${during.get.n - during.get.ok})
  POST /v1/payment-intents       ${String(idle.create.n).padStart(5)} ${f(idle.create.p50).padStart(6)} ${f(idle.create.p99).padStart(7)} ${f(idle.create.max).padStart(7)} | ${String(during.create.n).padStart(5)} ${f(during.create.p50).padStart(6)} ${f(during.create.p99).padStart(7)} ${f(during.create.max).padStart(7)}   (${during.create.n - during.create.ok})
`);
    console.log(JSON.stringify({ bench: "expiry", rows: N, cpus: cpus().length, expirers: expirerCount, batchSize, plainS, sweepS, ratio: sweepS / plainS, idle, during, check, ok }));
    if (!ok) process.exitCode = 1;
  } finally {
    await svc.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
