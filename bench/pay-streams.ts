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
 *   after      the GET rate again once every stream is closed (how noisy the machine was)
 *
 *   bun bench/pay-streams.ts [--streams 1000] [--rounds 5] [--batch 100] [--duration 5] [--connections 32]
 *
 * The pages are a separate Bun process (bench/pay-streams-client.ts), so RSS and heap are the
 * service's alone; it shares the machine's cores, so latencies include its work.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { startService } from "../src/service.ts";
import { payStatusHubFor } from "../src/modules/pay/stream.ts";
import { benchConfig } from "./support/bench-config.ts";

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

const { config, dataDir } = await benchConfig("pay-streams", {
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

/** A client process holding one stream per entry of `ids` (bench/pay-streams-client.ts). */
interface Clients {
  /** Resolves with the epoch-ms time at which stream `index` got `cancelled`. */
  cancelled(index: number): Promise<number>;
  stop(): void;
}

async function openClients(ids: string[]): Promise<Clients> {
  const child = Bun.spawn([process.execPath, join(import.meta.dir, "pay-streams-client.ts")], {
    stdin: new Blob([JSON.stringify({ base, ids })]),
    stdout: "pipe",
    stderr: "inherit",
    env: { ...process.env, BUN_CONFIG_MAX_HTTP_REQUESTS: String(ids.length + 64) },
  });
  const waiting = new Map<number, (t: number) => void>();
  const arrived = new Map<number, number>();
  let resolveOpen!: () => void;
  const opened = new Promise<void>((r) => (resolveOpen = r));
  void (async () => {
    const decoder = new TextDecoder();
    let buf = "";
    for await (const chunk of child.stdout as unknown as AsyncIterable<Uint8Array>) {
      buf += decoder.decode(chunk, { stream: true });
      const lines = buf.split("\n");
      buf = lines.pop() ?? "";
      for (const line of lines) {
        const [what, a, b] = line.split(" ");
        if (what === "open") resolveOpen();
        if (what === "cancelled") {
          const i = Number(a);
          arrived.set(i, Number(b));
          waiting.get(i)?.(Number(b));
        }
      }
    }
  })();
  await opened;
  return {
    cancelled: (i) => (arrived.has(i) ? Promise.resolve(arrived.get(i)!) : new Promise((r) => waiting.set(i, r))),
    stop: () => child.kill(),
  };
}

async function cancel(id: string): Promise<number> {
  const res = await fetch(`${base}/v1/payment-intents/${id}/cancel`, { method: "POST", headers: { authorization: auth.authorization } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`cancel: ${res.status}`);
  return performance.timeOrigin + performance.now();
}

try {
  const ids = await createIntents(STREAMS + 1);
  const getIds = ids.slice(0, 200);
  console.log(`${ids.length} intents created`);

  await getRate(getIds); // warm-up (JIT, connection pools): not counted
  const baseline = await getRate(getIds);
  const mem0 = memory();

  const t0 = performance.now();
  const pages = await openClients(ids.slice(0, STREAMS));
  const openMs = performance.now() - t0;
  while (hub.stats().streams < STREAMS) await Bun.sleep(50);
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
        return (await pages.cancelled(k)) - at;
      }),
    );
    for (const o of outcomes) if (o !== null) spread.push(Math.max(0, o));
  }
  const readsPerChange = (hub.stats().reads - readsBefore) / Math.max(1, changes);
  const mem2 = memory();
  pages.stop();
  while (hub.stats().streams > 0) await Bun.sleep(50);

  // Broadcast: every page on one intent.
  const one = ids[STREAMS]!;
  const fans = await openClients(Array.from({ length: STREAMS }, () => one));
  while (hub.stats().streams < STREAMS) await Bun.sleep(50);
  const readsB = hub.stats().reads;
  const at = await cancel(one);
  const arrivals = await Promise.all(Array.from({ length: STREAMS }, (_, i) => fans.cancelled(i)));
  const broadcast = arrivals.map((t) => Math.max(0, t - at));
  const broadcastReads = hub.stats().reads - readsB;
  fans.stop();
  while (hub.stats().streams > 0) await Bun.sleep(50);
  const mem3 = memory();
  const afterStreams = await getRate(getIds); // the same again with no stream: how noisy the machine is

  console.log("\n# payment page status streams (one API process)");
  console.log(`GET /v1/payment-intents/{id}, no stream open:     ${baseline.toFixed(0)} req/s (${CONNECTIONS} connections, ${DURATION_S} s)`);
  console.log(`GET /v1/payment-intents/{id}, ${STREAMS} streams open: ${withStreams.toFixed(0)} req/s (${((withStreams / baseline) * 100).toFixed(0)}% of baseline)`);
  console.log(`GET /v1/payment-intents/{id}, streams closed again: ${afterStreams.toFixed(0)} req/s (noise check)`);
  console.log(`open ${STREAMS} streams: ${openMs.toFixed(0)} ms; hub holds ${STREAMS} streams`);
  console.log(`memory: rss ${mb(mem0.rss)} -> ${mb(mem1.rss)} with ${STREAMS} streams (+${mb(mem1.rss - mem0.rss)}, ${((mem1.rss - mem0.rss) / STREAMS / 1024).toFixed(1)} KB/stream); heap ${mb(mem0.heap)} -> ${mb(mem1.heap)}`);
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
