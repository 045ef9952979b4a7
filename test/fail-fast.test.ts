/**
 * Fail fast during a database outage the service knows about: with the database stopped (its port
 * refusing connections, as a managed Postgres being restarted), once the service has seen it away every
 * call (create, balance, list, /ready) answers 503 with Retry-After at once, for the whole outage.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTcpProxy, type TcpProxy } from "./support/tcp-proxy.ts";
import { createTestDatabase } from "./support/db.ts";
import { startTestService, type TestService } from "./support/service.ts";

let svc: TestService;
let proxy: TcpProxy;

beforeAll(async () => {
  const { url, database } = await createTestDatabase({ migrate: false });
  await database.close();
  const target = new URL(url);
  proxy = await startTcpProxy(`http://${target.hostname}:${target.port}`);
  const through = new URL(url);
  through.port = new URL(proxy.url).port;
  svc = await startTestService({ roles: ["api"], reuse: undefined, env: { DATABASE_URL: through.toString() } });
}, 120_000);
afterAll(async () => {
  await svc?.stop();
  await proxy?.stop();
});

async function timed(call: () => Promise<Response>) {
  const t0 = performance.now();
  const res = await call();
  const ms = Math.round(performance.now() - t0);
  const body = await res.text();
  return { status: res.status, retryAfter: res.headers.get("retry-after"), ms, body };
}

test("database stopped 20 s: after the first call, every create, balance, list and /ready answers 503 with Retry-After at once", async () => {
  const m = svc.sandbox.merchant_id;
  const calls = {
    create: () => svc.api("/v1/payment-intents", { method: "POST", json: { amount: 1.5, currency: "usd", merchant_id: m } }),
    balance: () => svc.api(`/v1/merchants/${m}/balance`),
    list: () => svc.api(`/v1/payment-intents?merchant_id=${m}&limit=1`),
    get: () => svc.api(`/v1/merchants/${m}`),
    ready: () => svc.api("/ready", { key: null }),
  };
  await proxy.stop();
  const stoppedAt = Date.now();
  const first = await timed(calls.list);
  const results: Array<{ name: string; status: number; ms: number; retryAfter: string | null }> = [];
  while (Date.now() - stoppedAt < 20_000) {
    for (const [name, call] of Object.entries(calls)) {
      const r = await timed(call);
      results.push({ name, status: r.status, ms: r.ms, retryAfter: r.retryAfter });
    }
    await Bun.sleep(150);
  }
  await proxy.start();
  console.log(`[fail-fast] first call ${first.ms} ms (${first.status}); ${results.length} calls after: max ${Math.max(...results.map((r) => r.ms))} ms; slow: ${JSON.stringify(results.filter((r) => r.ms >= 100))}`);
  expect(first.status).toBe(503);
  expect(first.ms).toBeLessThan(5_500);
  for (const r of results) expect({ ...r, ms: r.ms < 100 }).toEqual({ name: r.name, status: 503, ms: true, retryAfter: expect.any(String) });
  // Back: served again within seconds.
  const deadline = Date.now() + 10_000;
  let back = 0;
  while (Date.now() < deadline && (back = (await calls.get()).status) !== 200) await Bun.sleep(200);
  expect(back).toBe(200);
}, 120_000);
