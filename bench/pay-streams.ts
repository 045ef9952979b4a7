/**
 * Payment page status streams: one API process holding many open `GET /pay/{id}/events` streams.
 * The service is started as `npm start` starts it (embedded Postgres and chain, demo merchant and
 * keys, only the `api` role). Measured in the same run:
 *   baseline   GET /v1/payment-intents/{id} closed-loop rate with no stream open
 *   open       open `--streams` streams (one per intent): time, RSS and JS heap before and after
 *   with       the same GET rate while the streams are open (the streams must not cost the API)
 *   spread     `--rounds` rounds, each cancelling `--batch` watched intents through the API at once:
 *              latency from the cancel's response to the `cancelled` event on that intent's page
 *   broadcast  `--streams` streams on ONE intent, one cancel: latency until every page has it
 *   reads      status reads the hub made per change (one LISTEN fan-out, not a query per page)
 *
 * Bun's fetch opens at most 256 connections at once unless told otherwise, hence the variable:
 *   BUN_CONFIG_MAX_HTTP_REQUESTS=4096 bun bench/pay-streams.ts [--streams 1000] [--rounds 5] [--batch 100] [--duration 5] [--connections 32]
 *
 * Client and server share this process (and the machine's cores), so latencies include the client's
 * own work; RSS is the whole process (service + clients), the hub's share is the difference.
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/config.ts";
import { freePort } from "../src/sandbox/ports.ts";
import { startService } from "../src/service.ts";
import { payStatusHubFor } from "../src/modules/pay/stream.ts";

const argv = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1]! : fallback;
};
const STREAMS = Number(opt("streams", "1000"));
const ROUNDS = Number(opt("rounds", "5"));
const BATCH = Number(opt("batch", "100"));
const DURATION_S = Number(opt("duration", "5"));
const CONNECTIONS = Number(opt("connections", "32"));

const dataDir = mkdtempSync(join(tmpdir(), "stablepay-bench-"));
chmodSync(dataDir, 0o755);
const config = loadConfig({
  DATA_DIR: dataDir,
  PORT: String(await freePort()),
  EMBEDDED_POSTGRES_PORT: String(await freePort()),
  SANDBOX_ANVIL_PORT: String(await freePort()),
  INDEXER_PORT: String(await freePort()),
  ROLES: "api",
  RATE_LIMIT_TEST_PER_SECOND: "1000000",
  RATE_LIMIT_LIVE_PER_SECOND: "1000000",
  LOG_LEVEL: "warn",
});
console.log(`starting the service (api role, data: ${dataDir})…`);
const service = await startService(config, { writeInfoFile: false });
const sandbox = service.sandbox!;
const base = service.apiUrl;
const hub = payStatusHubFor(service.ctx);
const auth = { authorization: `Bearer ${sandbox.test_key_scoped}`, "content-type": "application/json" };

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
function memory() {
  Bun.gc(true);
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed };
}
function pct(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}
function summary(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  return `p50 ${pct(s, 50).toFixed(1)} ms, p99 ${pct(s, 99).toFixed(1)} ms, max ${s[s.length - 1]!.toFixed(1)} ms (n=${s.length})`;
}

let amountCents = 1000;
async function createIntents(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, n - i) }, async () => {
        const res = await fetch(`${base}/v1/payment-intents`, {
          method: "POST",
          headers: auth,
          body: JSON.stringify({ amount: amountCents++ / 100, currency: "usd", merchant_id: sandbox.merchant_id, ttl: 3600 }),
        });
        if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
        return ((await res.json()) as { id: string }).id;
      }),
    );
    ids.push(...batch);
  }
  return ids;
}

/** GET /v1/payment-intents/{id} as fast as `CONNECTIONS` closed loops go, for DURATION_S. */
async function getRate(ids: string[]): Promise<number> {
  const until = performance.now() + DURATION_S * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, c) => {
      let i = c;
      while (performance.now() < until) {
        const res = await fetch(`${base}/v1/payment-intents/${ids[i++ % ids.length]}`, { headers: auth });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`get: ${res.status}`);
        done++;
      }
    }),
  );
  return done / DURATION_S;
}

interface Stream {
  /** Resolves with performance.now() when a `cancelled` status arrives. */
  cancelled: Promise<number>;
  abort(): void;
}

async function openStream(id: string): Promise<Stream> {
  const ac = new AbortController();
  const res = await fetch(`${base}/pay/${id}/events`, { signal: ac.signal });
  if (res.status !== 200) throw new Error(`events: ${res.status}`);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let resolveOpen!: () => void;
  const opened = new Promise<void>((r) => (resolveOpen = r));
  const cancelled = (async () => {
    let buf = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error("stream ended");
      buf += decoder.decode(value, { stream: true });
      if (buf.includes('"status":"awaiting_payment"')) resolveOpen();
      if (buf.includes('"status":"cancelled"')) return performance.now();
      if (buf.length > 4096) buf = buf.slice(-512);
    }
  })();
  cancelled.catch(() => {});
  await opened;
  return { cancelled, abort: () => ac.abort() };
}

async function cancel(id: string): Promise<number> {
  const res = await fetch(`${base}/v1/payment-intents/${id}/cancel`, { method: "POST", headers: { authorization: auth.authorization } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`cancel: ${res.status}`);
  return performance.now();
}

try {
  const ids = await createIntents(STREAMS + 1);
  const getIds = ids.slice(0, 200);
  console.log(`${ids.length} intents created`);

  const baseline = await getRate(getIds);
  const mem0 = memory();

  const t0 = performance.now();
  const streams: Stream[] = [];
  for (let i = 0; i < STREAMS; i += 100) streams.push(...(await Promise.all(ids.slice(i, Math.min(STREAMS, i + 100)).map(openStream))));
  const openMs = performance.now() - t0;
  const mem1 = memory();
  const withStreams = await getRate(getIds);

  // Spread: batches of intents, each watched by one page, cancelled at once.
  const spread: number[] = [];
  const readsBefore = hub.stats().reads;
  let changes = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const picked = Array.from({ length: Math.min(BATCH, STREAMS) }, (_, k) => (r * BATCH + k) % STREAMS).filter((k, i, a) => a.indexOf(k) === i);
    const outcomes = await Promise.all(
      picked.map(async (k) => {
        const at = await cancel(ids[k]!).catch(() => null);
        if (at === null) return null; // already cancelled in an earlier round (rounds * batch > streams)
        changes++;
        return (await streams[k]!.cancelled) - at;
      }),
    );
    for (const o of outcomes) if (o !== null) spread.push(Math.max(0, o));
  }
  const readsPerChange = (hub.stats().reads - readsBefore) / Math.max(1, changes);
  const mem2 = memory();
  for (const s of streams) s.abort();
  await Bun.sleep(500);

  // Broadcast: every page on one intent.
  const one = ids[STREAMS]!;
  const fans: Stream[] = [];
  for (let i = 0; i < STREAMS; i += 100) fans.push(...(await Promise.all(Array.from({ length: Math.min(100, STREAMS - i) }, () => openStream(one)))));
  const readsB = hub.stats().reads;
  const at = await cancel(one);
  const arrivals = await Promise.all(fans.map((s) => s.cancelled));
  const broadcast = arrivals.map((t) => Math.max(0, t - at));
  const broadcastReads = hub.stats().reads - readsB;
  for (const s of fans) s.abort();
  await Bun.sleep(500);
  const mem3 = memory();

  console.log("\n# payment page status streams (one API process)");
  console.log(`GET /v1/payment-intents/{id}, no stream open:     ${baseline.toFixed(0)} req/s (${CONNECTIONS} connections, ${DURATION_S} s)`);
  console.log(`GET /v1/payment-intents/{id}, ${STREAMS} streams open: ${withStreams.toFixed(0)} req/s (${((withStreams / baseline) * 100).toFixed(0)}% of baseline)`);
  console.log(`open ${STREAMS} streams: ${openMs.toFixed(0)} ms; hub holds ${STREAMS} streams`);
  console.log(`memory: rss ${mb(mem0.rss)} -> ${mb(mem1.rss)} with ${STREAMS} streams (+${mb(mem1.rss - mem0.rss)}, ${((mem1.rss - mem0.rss) / STREAMS / 1024).toFixed(1)} KB/stream incl. client); heap ${mb(mem0.heap)} -> ${mb(mem1.heap)}`);
  console.log(`memory after ${changes} changes: rss ${mb(mem2.rss)}, heap ${mb(mem2.heap)}; after all streams closed: rss ${mb(mem3.rss)}, heap ${mb(mem3.heap)}, hub streams ${hub.stats().streams}`);
  console.log(`spread (${ROUNDS} rounds x ${BATCH} intents cancelled at once, 1 page each): cancel response -> page event ${summary(spread)}`);
  console.log(`broadcast (${STREAMS} pages on one intent, one cancel): cancel response -> every page ${summary(broadcast)}`);
  console.log(`status reads per change: ${readsPerChange.toFixed(2)} (spread), ${broadcastReads} for the broadcast to ${STREAMS} pages; notifications heard ${hub.stats().notifications}`);
} catch (err) {
  console.error("bench failed:", err);
  process.exitCode = 1;
} finally {
  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(process.exitCode ?? 0);
