/**
 * Webhook delivery end to end (claim, sign, POST, record) to a local receiver that verifies every
 * signature with the independent `standardwebhooks` package (bench/webhook-receiver.ts, its own
 * process), compared in the same run with raw loopback POSTs of the same signed body from this
 * process at the same concurrency.
 *
 *   bun bench/webhooks.ts [--events 20000] [--endpoints 1] [--per-endpoint 16] [--rate 200] [--seconds 10]
 *
 * 1. Throughput: `--events` events committed in one transaction while the dispatcher runs; time
 *    from commit until every delivery is recorded as succeeded in Postgres.
 * 2. Latency when healthy: events committed one by one at `--rate`/s for `--seconds`; per event,
 *    time from its commit to its arrival at the receiver (p50/p99).
 *
 * Postgres: a throwaway embedded server with the sandbox's durable settings (src/sandbox/postgres.ts).
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { randomBytes } from "node:crypto";
import { loadConfig } from "../src/config.ts";
import { createContext } from "../src/context.ts";
import { connect } from "../src/db/client.ts";
import { migrate } from "../src/db/migrate.ts";
import { createLogger } from "../src/logger.ts";
import { startEmbeddedPostgres } from "../src/sandbox/postgres.ts";
import { freePort } from "../src/sandbox/ports.ts";
import { eventEnvelope, insertEvent } from "../src/modules/outbox/outbox.ts";
import { secretKey, webhookHeaders } from "../src/modules/webhooks/signing.ts";
import { Dispatcher } from "../src/workers/dispatcher.ts";

const { values } = parseArgs({
  options: {
    events: { type: "string", default: "20000" },
    endpoints: { type: "string", default: "1" },
    "per-endpoint": { type: "string", default: "16" },
    rate: { type: "string", default: "200" },
    seconds: { type: "string", default: "10" },
  },
});
const EVENTS = Number(values.events);
const ENDPOINTS = Number(values.endpoints);
const PER_ENDPOINT = Number(values["per-endpoint"]);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const log = (m: string) => process.stderr.write(`[webhooks bench] ${m}\n`);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))]! : NaN;
};
const now = () => performance.timeOrigin + performance.now();

const dir = mkdtempSync(join(tmpdir(), "stablepay-bench-webhooks-"));
chmodSync(dir, 0o755); // as root, Postgres runs as the `postgres` user, which must reach its folder
const pg = await startEmbeddedPostgres({ dataDir: join(dir, "pg"), port: await freePort() });
const secret = `whsec_${randomBytes(32).toString("base64")}`;
const receiver = Bun.spawn([process.execPath, join(import.meta.dir, "webhook-receiver.ts"), secret], { stdout: "pipe", stderr: "inherit" });
try {
  await pg.createDatabase("bench");
  const database = connect(pg.urlFor("bench"), { max: 10 });
  await migrate(database.sql);
  const sql = database.sql;

  const out = receiver.stdout.getReader();
  let line = "";
  while (!line.includes("\n")) line += new TextDecoder().decode((await out.read()).value);
  const port = Number(/listening (\d+)/.exec(line)?.[1]);
  const base = `http://127.0.0.1:${port}`;
  const stats = async () => (await (await fetch(`${base}/stats`)).json()) as { received: number; verified: number; rejected: number; arrivals: Record<string, number> };

  // One integrator account, one merchant, ENDPOINTS endpoints (all on the receiver, same secret).
  await sql`INSERT INTO app.accounts (id, name) VALUES ('acct_bench', 'bench')`;
  await sql`
    INSERT INTO app.merchants (id, mode, business_name, email, status, kyc_status, bank_name, bank_last4, bank_status, chain_id,
      payment_address, owner_address, payout_address, fee_rate_bps, settlement_schedule)
    VALUES ('mer_bench', 'test', 'Bench', 'b@example.com', 'active', 'approved', 'Bank', '1234', 'verified', 31337, '0x1', '0x1', '0x1', 100, 'manual')`;
  await sql`INSERT INTO app.account_merchants VALUES ('acct_bench', 'mer_bench')`;
  for (let i = 0; i < ENDPOINTS; i++)
    await sql`INSERT INTO app.webhook_endpoints (id, account_id, mode, url, secret, event_types) VALUES (${`we_bench${i}`}, 'acct_bench', 'test', ${`${base}/hook/${i}`}, ${secret}, ${["payment_intent.confirmed"]})`;

  const data = (i: number) => ({
    id: `pi_bench${String(i).padStart(16, "0")}`,
    object: "payment_intent",
    status: "confirmed",
    amount: 12.34,
    currency: "usd",
    net_amount: 12.2166,
    fee: 0.1234,
    merchant_id: "mer_bench",
    tx_hash: `0x${"ab".repeat(32)}`,
    chain: "base",
    token: "USDC",
    confirmed_at: new Date().toISOString(),
    metadata: { order: `A-${i}` },
  });

  // ------------------------------------------------------------------ baseline: raw loopback POSTs
  const concurrency = PER_ENDPOINT * ENDPOINTS;
  const body = JSON.stringify(eventEnvelope({ id: "evt_raw", type: "payment_intent.confirmed", createdAt: new Date(), data: data(0) }));
  const key = secretKey(secret);
  const rawN = EVENTS;
  let next = 0;
  let t = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < rawN) {
        const i = next++;
        const res = await fetch(`${base}/hook/raw`, {
          method: "POST",
          headers: { ...webhookHeaders(key, `evt_raw${i}`, new Date(), body), "content-type": "application/json" },
          body,
        });
        await res.arrayBuffer();
      }
    }),
  );
  const rawS = (performance.now() - t) / 1000;
  const rawStats = await stats();
  if (rawStats.verified !== rawN) throw new Error(`receiver verified ${rawStats.verified} of ${rawN} raw POSTs`);
  await fetch(`${base}/reset`, { method: "POST" });
  log(`raw loopback: ${rawN} signed POSTs at concurrency ${concurrency} in ${rawS.toFixed(2)} s`);

  // ------------------------------------------------------------------ the dispatcher
  const config = loadConfig({ LOG_LEVEL: "warn" });
  const ctx = createContext({ config, database, chains: {}, log: createLogger("warn") });
  const dispatcher = new Dispatcher(ctx, { perEndpointConcurrency: PER_ENDPOINT });
  await dispatcher.start();

  // 1. Throughput.
  const cpu0 = process.cpuUsage();
  t = performance.now();
  await sql.begin(async (tx) => {
    await tx.unsafe(
      `INSERT INTO app.events (id, mode, type, account_id, merchant_id, data, created_at)
       SELECT 'evt_bulk' || lpad(g::text, 16, '0'), 'test', 'payment_intent.confirmed', 'acct_bench', 'mer_bench', $1::text::jsonb, now()
       FROM generate_series(1, $2::int) g`,
      [JSON.stringify(data(1)), EVENTS] as never[],
    );
  });
  const committed = performance.now();
  const expected = EVENTS * ENDPOINTS;
  for (;;) {
    const [r] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.webhook_deliveries WHERE status = 'succeeded'`;
    if ((r?.n ?? 0) >= expected) break;
    await Bun.sleep(10);
  }
  const throughputS = (performance.now() - committed) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const dispatcherCpu = (cpu.user + cpu.system) / 1e6 / throughputS;
  const bulkStats = await stats();
  log(`throughput: ${expected} deliveries recorded in ${throughputS.toFixed(2)} s (insert took ${((committed - t) / 1000).toFixed(2)} s); dispatcher process used ${(dispatcherCpu * 100).toFixed(0)}% of a core`);
  const [attempts] = await sql<{ n: number; failed: number }[]>`SELECT count(*)::int AS n, count(*) FILTER (WHERE outcome <> 'succeeded')::int AS failed FROM app.webhook_attempts`;
  await fetch(`${base}/reset`, { method: "POST" });

  // 2. Latency when healthy: one event per transaction at RATE/s.
  const commits = new Map<string, number>();
  const total = RATE * SECONDS;
  const start = performance.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await Bun.sleep(wait);
    inflight.push(
      (async () => {
        const id = await insertEvent(sql, { mode: "test", type: "payment_intent.confirmed", merchantId: "mer_bench", accountId: "acct_bench", data: data(i), createdAt: new Date() });
        commits.set(id, now());
      })(),
    );
  }
  await Promise.all(inflight);
  const deadline = Date.now() + 30_000;
  let latencyStats = await stats();
  while (Object.keys(latencyStats.arrivals).length < total && Date.now() < deadline) {
    await Bun.sleep(50);
    latencyStats = await stats();
  }
  const latencies = [...commits].map(([id, at]) => (latencyStats.arrivals[id] ?? NaN) - at).filter((x) => !Number.isNaN(x));
  await dispatcher.stop();

  const f = (x: number) => x.toFixed(1);
  const dps = expected / throughputS;
  const rawRate = rawN / rawS;
  console.log(`
Webhook delivery, ${cpus().length} CPU(s), ${ENDPOINTS} endpoint(s), ${PER_ENDPOINT} in flight per endpoint, receiver verifies with standardwebhooks
  raw loopback signed POSTs (concurrency ${concurrency})      ${Math.round(rawRate).toLocaleString("en-US")}/s
  dispatcher end to end (fan-out, claim, sign, POST, record)  ${Math.round(dps).toLocaleString("en-US")}/s   = ${((dps / rawRate) * 100).toFixed(0)}% of raw   target >= 1,000/s: ${dps >= 1000 ? "met" : "NOT met"}
    ${expected} deliveries, receiver verified ${bulkStats.verified}, rejected ${bulkStats.rejected}; ${attempts?.n} attempts recorded, ${attempts?.failed} not succeeded
  commit -> arrival at ${RATE} events/s for ${SECONDS} s (one event per transaction): n ${latencies.length}/${total}
    p50 ${f(pct(latencies, 0.5))} ms   p99 ${f(pct(latencies, 0.99))} ms   max ${f(Math.max(...latencies))} ms   target p99 < 200 ms: ${pct(latencies, 0.99) < 200 ? "met" : "NOT met"}
`);
  console.log(
    JSON.stringify({
      bench: "webhooks",
      cpus: cpus().length,
      endpoints: ENDPOINTS,
      perEndpoint: PER_ENDPOINT,
      rawPerSecond: rawRate,
      deliveriesPerSecond: dps,
      deliveries: expected,
      verified: bulkStats.verified,
      rejected: bulkStats.rejected,
      latency: { rate: RATE, n: latencies.length, p50: pct(latencies, 0.5), p99: pct(latencies, 0.99), max: Math.max(...latencies) },
    }),
  );
  await database.close();
} finally {
  receiver.kill();
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
