/**
 * Webhook delivery end to end: real Postgres, real HTTP receivers (Bun.serve on free ports), the
 * dispatcher as the service runs it, and a movable clock to walk the retry schedule in seconds.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { Webhook } from "standardwebhooks";
import type { AppContext } from "../src/context.ts";
import type { Database } from "../src/db/client.ts";
import { archiveFinished, claimDeliveries, fanOutEvents, listDeliveries, resendEvent } from "../src/modules/webhooks/service.ts";
import { ARCHIVE_RETENTION_MS, HOT_RETENTION_MS, leaseMs, MAX_ATTEMPTS, RETRY_DELAYS_MS } from "../src/modules/webhooks/schedule.ts";
import { SNIPPET_BYTES } from "../src/modules/webhooks/delivery.ts";
import { fromPgTs, fromPgTsOrNull } from "../src/db/pg-values.ts";
import { Dispatcher, type DispatcherOptions } from "../src/workers/dispatcher.ts";
import { commands } from "../src/cli/commands.ts";
import { createTestDatabase } from "./support/db.ts";
import { MovableClock, Receiver, seedAccount, seedEndpoint, seedEvent, seedMerchant, testContext, waitFor } from "./support/webhook-fixtures.ts";

const TIMEOUT_MS = 400;
let database: Database;
let dbUrl: string;
const receivers: Receiver[] = [];
const dispatchers: Dispatcher[] = [];

beforeAll(async () => {
  ({ database, url: dbUrl } = await createTestDatabase());
});
// Every test starts from quiet: no dispatcher running and no enabled endpoint left by an earlier one.
afterEach(async () => {
  for (const d of dispatchers.splice(0)) await d.stop();
  await database.sql`UPDATE app.webhook_endpoints SET status = 'disabled', disabled_reason = 'test over' WHERE status = 'enabled'`;
});
afterAll(async () => {
  for (const r of receivers) r.stop();
  await database?.close();
});

function receiver(): Receiver {
  const r = new Receiver();
  receivers.push(r);
  return r;
}

async function dispatcher(ctx: AppContext, opts: DispatcherOptions = {}): Promise<Dispatcher> {
  const d = new Dispatcher(ctx, { pollMs: 50, timeoutMs: TIMEOUT_MS, ...opts });
  await d.start();
  dispatchers.push(d);
  return d;
}

async function stopDispatcher(d: Dispatcher) {
  await d.stop();
  dispatchers.splice(dispatchers.indexOf(d), 1);
}

function ctxWith(clock?: MovableClock): AppContext {
  return testContext(database, { clock, env: { WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) } });
}

type DeliveryRow = { id: string; status: string; attempt_count: number; next_attempt_at: Date; lease_token: string | null; last_status_code: number | null };
async function deliveriesOf(eventId: string): Promise<DeliveryRow[]> {
  const rows = await database.sql<(Omit<DeliveryRow, "next_attempt_at"> & { next_attempt_at: unknown })[]>`
    SELECT id, status, attempt_count, next_attempt_at, lease_token, last_status_code FROM app.webhook_deliveries WHERE event_id = ${eventId} ORDER BY created_at, id`;
  return rows.map((r) => ({ ...r, next_attempt_at: fromPgTs(r.next_attempt_at) }));
}
type AttemptRow = { attempt_number: number; outcome: string; status_code: number | null; error: string | null; response_snippet: string | null; duration_ms: number | null; started_at: Date; next_attempt_at: Date | null };
async function attemptsOf(deliveryId: string): Promise<AttemptRow[]> {
  const rows = await database.sql<(Omit<AttemptRow, "started_at" | "next_attempt_at"> & { started_at: unknown; next_attempt_at: unknown })[]>`
    SELECT attempt_number, outcome, status_code, error, response_snippet, duration_ms, started_at, next_attempt_at
    FROM app.webhook_attempts WHERE delivery_id = ${deliveryId} ORDER BY attempt_number, id`;
  return rows.map((r) => ({ ...r, started_at: fromPgTs(r.started_at), next_attempt_at: fromPgTsOrNull(r.next_attempt_at) }));
}

describe("fan-out routing", () => {
  test("account events go to that account's endpoints; merchant-wide events to every linked account; mode, types and status filter", async () => {
    const sql = database.sql;
    const a = await seedAccount(sql, "A");
    const b = await seedAccount(sql, "B");
    const c = await seedAccount(sql, "C (not linked)");
    const m = await seedMerchant(sql, [a, b]);
    const n = await seedMerchant(sql, [a]);
    const url = "http://127.0.0.1:9/never-called";
    const aAll = await seedEndpoint(sql, { accountId: a, url });
    const aConfirmedOnly = await seedEndpoint(sql, { accountId: a, url, eventTypes: ["payment_intent.confirmed"] });
    const aLive = await seedEndpoint(sql, { accountId: a, url, mode: "live" });
    const bSettlement = await seedEndpoint(sql, { accountId: b, url, eventTypes: ["settlement.completed"] });
    const bDisabled = await seedEndpoint(sql, { accountId: b, url, status: "disabled" });
    const cAll = await seedEndpoint(sql, { accountId: c, url });
    void bDisabled;
    void cAll;

    const e1 = await seedEvent(sql, { merchantId: m.id, accountId: a, type: "payment_intent.confirmed" });
    const e2 = await seedEvent(sql, { merchantId: m.id, accountId: a, type: "payment_intent.expired" });
    const e3 = await seedEvent(sql, { merchantId: m.id, accountId: null, type: "transaction.created" });
    const e4 = await seedEvent(sql, { merchantId: m.id, accountId: null, type: "settlement.completed" });
    const e5 = await seedEvent(sql, { merchantId: n.id, accountId: null, type: "settlement.completed" });
    const e6 = await seedEvent(sql, { merchantId: m.id, accountId: a, type: "payment_intent.confirmed", mode: "live" });
    const e7 = await seedEvent(sql, { merchantId: m.id, accountId: b, type: "payment_intent.confirmed" });

    // Four fan-outs at once: every event is fanned out exactly once.
    const now = new Date();
    const results = await Promise.all([1, 2, 3, 4].map(() => fanOutEvents(sql, now, 3)));
    let total = results.reduce((s, r) => s + r.events, 0);
    while (total < 7) {
      const r = await fanOutEvents(sql, now, 3);
      if (r.events === 0) break;
      total += r.events;
    }
    expect(total).toBe(7);
    const [left] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.events WHERE fanned_out_at IS NULL`;
    expect(left?.n).toBe(0);

    const targets = async (eventId: string) =>
      (await sql<{ endpoint_id: string }[]>`SELECT endpoint_id FROM app.webhook_deliveries WHERE event_id = ${eventId}`).map((r) => r.endpoint_id).sort();
    expect(await targets(e1)).toEqual([aAll.id, aConfirmedOnly.id].sort());
    expect(await targets(e2)).toEqual([aAll.id]);
    expect(await targets(e3)).toEqual([aAll.id]); // B's enabled endpoint does not take transaction.created; its other one is disabled
    expect(await targets(e4)).toEqual([aAll.id, bSettlement.id].sort());
    expect(await targets(e5)).toEqual([aAll.id]); // B is not linked to merchant n
    expect(await targets(e6)).toEqual([aLive.id]);
    expect(await targets(e7)).toEqual([]); // B has no enabled endpoint for confirmed events
    // Clean up so later tests' dispatchers do not try these unreachable endpoints.
    await sql`UPDATE app.webhook_endpoints SET status = 'disabled' WHERE url = ${url}`;
  });
});

describe("delivery", () => {
  test("a delivery is signed per Standard Webhooks (verified by standardwebhooks) and recorded", async () => {
    const sql = database.sql;
    const rx = receiver();
    const seen: unknown[] = [];
    const account = await seedAccount(sql);
    const m = await seedMerchant(sql, [account]);
    const ep = await seedEndpoint(sql, { accountId: account, url: rx.url });
    const verifier = new Webhook(ep.secret);
    rx.handler = (req) => {
      seen.push(verifier.verify(req.body, req.headers));
      return new Response(JSON.stringify({ received: true }), { status: 200 });
    };
    const disp = await dispatcher(ctxWith());
    const data = { id: "pi_abc", object: "payment_intent", status: "confirmed", amount: 12.34, metadata: { order: "ü-1" } };
    const eventId = await seedEvent(sql, { merchantId: m.id, accountId: account, data });
    await rx.waitForRequests(1);
    const req = rx.requests[0]!;
    expect(req.headers["webhook-id"]).toBe(eventId);
    expect(req.headers["content-type"]).toBe("application/json");
    expect(Math.abs(Number(req.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
    const envelope = JSON.parse(req.body);
    expect(Object.keys(envelope).sort()).toEqual(["created_at", "data", "id", "object", "type"]);
    expect(envelope).toMatchObject({ id: eventId, object: "event", type: "payment_intent.confirmed", data });
    expect(seen).toEqual([envelope]);
    const [d] = await waitFor(async () => {
      const rows = await deliveriesOf(eventId);
      return rows[0]?.status === "succeeded" ? rows : undefined;
    }, "delivery succeeded");
    expect(d).toMatchObject({ attempt_count: 1, lease_token: null, last_status_code: 200 });
    const attempts = await attemptsOf(d!.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ attempt_number: 1, outcome: "succeeded", status_code: 200, error: null, response_snippet: '{"received":true}', next_attempt_at: null });
    expect(attempts[0]!.duration_ms).toBeGreaterThanOrEqual(0);
    // A tampered copy of what we sent is rejected by the same verifier.
    expect(() => verifier.verify(req.body.replace("12.34", "21.34"), req.headers)).toThrow();
    await sql`UPDATE app.webhook_endpoints SET status = 'disabled' WHERE id = ${ep.id}`;
    await stopDispatcher(disp);
  });

  test("the response snippet keeps the first 1 KiB", async () => {
    const sql = database.sql;
    const rx = receiver();
    rx.handler = () => new Response("x".repeat(10_000), { status: 500 });
    const account = await seedAccount(sql);
    const m = await seedMerchant(sql, [account]);
    await seedEndpoint(sql, { accountId: account, url: rx.url });
    const d = await dispatcher(ctxWith());
    const eventId = await seedEvent(sql, { merchantId: m.id, accountId: account });
    const [row] = await waitFor(async () => {
      const rows = await deliveriesOf(eventId);
      return rows[0]?.attempt_count === 1 && rows[0].lease_token === null ? rows : undefined;
    }, "first attempt recorded");
    const [a] = await attemptsOf(row!.id);
    expect(a).toMatchObject({ outcome: "retry_scheduled", status_code: 500, error: "HTTP 500" });
    expect(a!.response_snippet).toBe("x".repeat(SNIPPET_BYTES));
    await sql`UPDATE app.webhook_endpoints SET status = 'disabled' WHERE url = ${rx.url}`;
    await stopDispatcher(d);
  });
});

/** Walks one delivery through the schedule: at each attempt, checks the delay, then moves the clock to the next attempt. */
async function walkSchedule(eventId: string, clock: MovableClock, d: Dispatcher, attempts: number, check: (a: AttemptRow, i: number) => void) {
  for (let i = 1; i <= attempts; i++) {
    const row = await waitFor(async () => {
      const [r] = await deliveriesOf(eventId);
      return r && r.attempt_count === i && r.lease_token === null && (r.status !== "pending" || r.next_attempt_at.getTime() > clock.now().getTime()) ? r : undefined;
    }, `attempt ${i} recorded`);
    const list = await attemptsOf(row.id);
    expect(list).toHaveLength(i);
    const a = list[i - 1]!;
    expect(a.attempt_number).toBe(i);
    check(a, i);
    if (row.status === "pending") {
      const delay = a.next_attempt_at!.getTime() - a.started_at.getTime();
      const nominal = RETRY_DELAYS_MS[i - 1]!;
      // Never earlier than nominal, at most 10% later (plus the attempt's own duration on the movable clock: none).
      expect(delay).toBeGreaterThanOrEqual(nominal);
      expect(delay).toBeLessThanOrEqual(nominal * 1.1);
      expect(row.next_attempt_at.getTime()).toBe(a.next_attempt_at!.getTime());
      // One millisecond before it is due nothing happens; at the due time it is attempted.
      clock.set(row.next_attempt_at.getTime() - 1);
      d.wake();
      await Bun.sleep(120);
      const [still] = await deliveriesOf(eventId);
      expect(still!.attempt_count).toBe(i);
      clock.set(row.next_attempt_at);
      d.wake();
    }
  }
}

describe("retries through the whole schedule", () => {
  let account: string;
  let merchantId: string;
  beforeAll(async () => {
    account = await seedAccount(database.sql);
    merchantId = (await seedMerchant(database.sql, [account])).id;
  });

  test("500 every time: 8 attempts on 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (+ jitter), then failed", async () => {
    const rx = receiver();
    rx.handler = () => new Response("boom", { status: 500 });
    await seedEndpoint(database.sql, { accountId: account, url: rx.url });
    const clock = new MovableClock(Date.parse("2026-04-01T12:00:00.000Z"));
    const d = await dispatcher(ctxWith(clock));
    const eventId = await seedEvent(database.sql, { merchantId, accountId: account });
    await walkSchedule(eventId, clock, d, MAX_ATTEMPTS, (a, i) => {
      expect(a.status_code).toBe(500);
      expect(a.response_snippet).toBe("boom");
      expect(a.outcome).toBe(i < MAX_ATTEMPTS ? "retry_scheduled" : "failed");
    });
    const [row] = await deliveriesOf(eventId);
    expect(row).toMatchObject({ status: "failed", attempt_count: MAX_ATTEMPTS, last_status_code: 500 });
    expect(rx.requests).toHaveLength(MAX_ATTEMPTS);
    expect(new Set(rx.requests.map((r) => r.headers["webhook-id"]))).toEqual(new Set([eventId]));
    // Nothing more happens, however far the clock moves.
    clock.advance(30 * 86_400_000);
    d.wake();
    await Bun.sleep(150);
    expect(rx.requests).toHaveLength(MAX_ATTEMPTS);
    await database.sql`UPDATE app.webhook_endpoints SET status = 'disabled' WHERE url = ${rx.url}`;
    await stopDispatcher(d);
  });

  test("connection refused every time: the whole schedule, then failed", async () => {
    const gone = new Receiver();
    const url = gone.url;
    gone.stop(); // nothing listens on that port any more
    await seedEndpoint(database.sql, { accountId: account, url });
    const clock = new MovableClock(Date.parse("2026-04-02T12:00:00.000Z"));
    const d = await dispatcher(ctxWith(clock));
    const eventId = await seedEvent(database.sql, { merchantId, accountId: account });
    await walkSchedule(eventId, clock, d, MAX_ATTEMPTS, (a, i) => {
      expect(a.status_code).toBeNull();
      expect(a.error).toBe("connection refused");
      expect(a.outcome).toBe(i < MAX_ATTEMPTS ? "retry_scheduled" : "failed");
    });
    expect((await deliveriesOf(eventId))[0]).toMatchObject({ status: "failed", attempt_count: MAX_ATTEMPTS, last_status_code: null });
    await database.sql`UPDATE app.webhook_endpoints SET status = 'disabled' WHERE url = ${url}`;
    await stopDispatcher(d);
  });

  test("timeouts every time: the whole schedule, then failed; a late 200 does not count", async () => {
    const rx = receiver();
    rx.handler = async () => {
      await Bun.sleep(TIMEOUT_MS + 300);
      return new Response("too late");
    };
    await seedEndpoint(database.sql, { accountId: account, url: rx.url });
    const clock = new MovableClock(Date.parse("2026-04-03T12:00:00.000Z"));
    const d = await dispatcher(ctxWith(clock));
    const eventId = await seedEvent(database.sql, { merchantId, accountId: account });
    await walkSchedule(eventId, clock, d, MAX_ATTEMPTS, (a, i) => {
      expect(a.status_code).toBeNull();
      expect(a.error).toBe(`timeout: no response within ${TIMEOUT_MS} ms`);
      expect(a.outcome).toBe(i < MAX_ATTEMPTS ? "retry_scheduled" : "failed");
    });
    expect((await deliveriesOf(eventId))[0]).toMatchObject({ status: "failed", attempt_count: MAX_ATTEMPTS });
    await database.sql`UPDATE app.webhook_endpoints SET status = 'disabled' WHERE url = ${rx.url}`;
    await stopDispatcher(d);
  });

  test("503, timeout, redirect (not followed), then 204: succeeded on the 4th attempt", async () => {
    const rx = receiver();
    rx.handler = async (_req, nth) => {
      if (nth === 1) return new Response("err", { status: 503 });
      if (nth === 2) {
        await Bun.sleep(TIMEOUT_MS + 200);
        return new Response("late");
      }
      if (nth === 3) return new Response(null, { status: 302, headers: { location: "http://127.0.0.1:1/" } });
      return new Response("", { status: 204 });
    };
    await seedEndpoint(database.sql, { accountId: account, url: rx.url });
    const clock = new MovableClock(Date.parse("2026-04-04T12:00:00.000Z"));
    const d = await dispatcher(ctxWith(clock));
    const eventId = await seedEvent(database.sql, { merchantId, accountId: account });
    const outcomes: Array<[string, number | null]> = [];
    await walkSchedule(eventId, clock, d, 4, (a) => outcomes.push([a.outcome, a.status_code]));
    expect(outcomes).toEqual([
      ["retry_scheduled", 503],
      ["retry_scheduled", null],
      ["retry_scheduled", 302], // redirects are not followed and are not success
      ["succeeded", 204],
    ]);
    expect((await deliveriesOf(eventId))[0]).toMatchObject({ status: "succeeded", attempt_count: 4, last_status_code: 204 });
    await database.sql`UPDATE app.webhook_endpoints SET status = 'disabled' WHERE url = ${rx.url}`;
    await stopDispatcher(d);
  });

  test("410 Gone: failed at once, endpoint disabled with a reason; later events held; re-enabling delivers them", async () => {
    const sql = database.sql;
    const rx = receiver();
    let gone = true;
    rx.handler = () => (gone ? new Response("gone", { status: 410 }) : new Response("ok"));
    const ep = await seedEndpoint(sql, { accountId: account, url: rx.url });
    const clock = new MovableClock(Date.parse("2026-04-05T12:00:00.000Z"));
    const ctx = ctxWith(clock);
    const d = await dispatcher(ctx);
    const first = await seedEvent(sql, { merchantId, accountId: account });
    await waitFor(async () => (await deliveriesOf(first))[0]?.status === "failed", "410 recorded");
    const [a] = await attemptsOf((await deliveriesOf(first))[0]!.id);
    expect(a).toMatchObject({ attempt_number: 1, outcome: "endpoint_gone", status_code: 410, next_attempt_at: null });
    const [endpoint] = await sql<{ status: string; disabled_reason: string }[]>`SELECT status, disabled_reason FROM app.webhook_endpoints WHERE id = ${ep.id}`;
    expect(endpoint!.status).toBe("disabled");
    expect(endpoint!.disabled_reason).toContain("410 Gone");

    // Deliveries created before the 410 but not yet attempted are held, not attempted.
    await sql`UPDATE app.webhook_endpoints SET status = 'enabled' WHERE id = ${ep.id}`;
    await stopDispatcher(d);
    const held = await seedEvent(sql, { merchantId, accountId: account });
    await fanOutEvents(sql, clock.now(), 100);
    await sql`UPDATE app.webhook_endpoints SET status = 'disabled', disabled_reason = 'test' WHERE id = ${ep.id}`;
    // A new event while disabled: no delivery for this endpoint at all.
    const whileDisabled = await seedEvent(sql, { merchantId, accountId: account });
    const d2 = await dispatcher(ctx);
    await waitFor(async () => {
      const [r] = await sql<{ f: unknown }[]>`SELECT fanned_out_at AS f FROM app.events WHERE id = ${whileDisabled}`;
      return r?.f;
    }, "fan-out while disabled");
    await Bun.sleep(150);
    expect(await deliveriesOf(whileDisabled)).toHaveLength(0);
    expect((await deliveriesOf(held))[0]).toMatchObject({ status: "pending", attempt_count: 0 });
    const requestsBefore = rx.requests.length;

    // The operator CLI re-enables it: the held delivery goes out.
    gone = false;
    const out = await commands["webhooks enable"]!.run(ctx, { endpoint: ep.id });
    expect((out as { status: string }).status).toBe("enabled");
    d2.wake();
    await waitFor(async () => (await deliveriesOf(held))[0]?.status === "succeeded", "held delivery sent after enable");
    expect(rx.requests.length).toBe(requestsBefore + 1);
    expect(rx.requests.at(-1)!.headers["webhook-id"]).toBe(held);
    await sql`UPDATE app.webhook_endpoints SET status = 'disabled' WHERE id = ${ep.id}`;
    await stopDispatcher(d2);
  });

  test("Retry-After postpones the next attempt (seconds and HTTP date), never below the schedule, at most 24 h", async () => {
    const sql = database.sql;
    const rx = receiver();
    const answers = [
      () => new Response("slow down", { status: 429, headers: { "retry-after": "120" } }),
      () => new Response("slow down", { status: 503, headers: { "retry-after": "1" } }),
      () => new Response("later", { status: 503, headers: { "retry-after": new Date(Date.now() + 3 * 3_600_000).toUTCString() } }),
      () => new Response("much later", { status: 503, headers: { "retry-after": String(30 * 86_400) } }),
      () => new Response("ok"),
    ];
    rx.handler = (_req, nth) => answers[nth - 1]!();
    await seedEndpoint(sql, { accountId: account, url: rx.url });
    const clock = new MovableClock(Date.parse("2026-04-06T12:00:00.000Z"));
    const d = await dispatcher(ctxWith(clock));
    const eventId = await seedEvent(sql, { merchantId, accountId: account });
    const delays: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const row = await waitFor(async () => {
        const [r] = await deliveriesOf(eventId);
        return r && r.attempt_count === i && r.lease_token === null ? r : undefined;
      }, `attempt ${i}`);
      if (row.status !== "pending") break;
      delays.push(row.next_attempt_at.getTime() - clock.now().getTime());
      clock.set(row.next_attempt_at);
      d.wake();
    }
    expect(delays[0]).toBe(120_000); // 120 s > 5 s (+ at most 0.5 s jitter)
    expect(delays[1]).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[1]!); // 1 s < 5 min: the schedule
    expect(delays[1]).toBeLessThanOrEqual(RETRY_DELAYS_MS[1]! * 1.1);
    expect(delays[2]).toBeGreaterThan(3 * 3_600_000 - 5_000); // HTTP date 3 h ahead > 30 min
    expect(delays[2]).toBeLessThanOrEqual(3 * 3_600_000);
    expect(delays[3]).toBe(24 * 3_600_000); // 30 days asked, 24 h granted
    expect((await deliveriesOf(eventId))[0]).toMatchObject({ status: "succeeded", attempt_count: 5 });
    await sql`UPDATE app.webhook_endpoints SET status = 'disabled' WHERE url = ${rx.url}`;
    await stopDispatcher(d);
  });
});

describe("isolation between endpoints", () => {
  test("a dead (hanging) endpoint beside a healthy one: the healthy one gets everything at once; the dead one holds only its own slots", async () => {
    const sql = database.sql;
    const healthy = receiver();
    const dead = receiver();
    dead.handler = async () => {
      await Bun.sleep(60_000);
      return new Response("never in time");
    };
    const account = await seedAccount(sql);
    const m = await seedMerchant(sql, [account]);
    await seedEndpoint(sql, { accountId: account, url: dead.url });
    const h = await seedEndpoint(sql, { accountId: account, url: healthy.url });
    const ctx = testContext(database, { env: { WEBHOOK_TIMEOUT_MS: "5000" } });
    const d = new Dispatcher(ctx, { pollMs: 50, timeoutMs: 5000, perEndpointConcurrency: 4, maxInFlight: 64 });
    await d.start();
    dispatchers.push(d);
    const events: string[] = [];
    for (let i = 0; i < 50; i++) events.push(await seedEvent(sql, { merchantId: m.id, accountId: account }));
    await healthy.waitForRequests(50);
    // Every healthy delivery completed while the dead endpoint had not answered even once.
    const [deadAttempts] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM app.webhook_attempts a JOIN app.webhook_endpoints e ON e.id = a.endpoint_id WHERE e.url = ${dead.url}`;
    expect(deadAttempts!.n).toBe(0);
    expect(dead.maxOpen).toBeLessThanOrEqual(4);
    expect(dead.requests.length).toBeLessThanOrEqual(4);
    const ok = await waitFor(async () => {
      const [r] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.webhook_deliveries WHERE endpoint_id = ${h.id} AND status = 'succeeded'`;
      return r!.n === 50 ? r : undefined;
    }, "healthy deliveries recorded");
    expect(ok.n).toBe(50);
    await sql`UPDATE app.webhook_endpoints SET status = 'disabled' WHERE url IN (${dead.url}, ${healthy.url})`;
    dead.handler = () => new Response("ok");
    await stopDispatcher(d);
  });

  test("two dispatchers at once deliver every event exactly once (no crash, no duplicates)", async () => {
    const sql = database.sql;
    const rx = receiver();
    const account = await seedAccount(sql);
    const m = await seedMerchant(sql, [account]);
    await seedEndpoint(sql, { accountId: account, url: rx.url });
    const d1 = await dispatcher(ctxWith());
    const d2 = await dispatcher(ctxWith());
    const events = new Set<string>();
    await Promise.all(
      Array.from({ length: 200 }, async () => {
        events.add(await seedEvent(sql, { merchantId: m.id, accountId: account }));
      }),
    );
    await rx.waitForRequests(200);
    await Bun.sleep(200);
    const ids = rx.requests.map((r) => r.headers["webhook-id"]!);
    expect(ids).toHaveLength(200);
    expect(new Set(ids)).toEqual(events);
    await sql`UPDATE app.webhook_endpoints SET status = 'disabled' WHERE url = ${rx.url}`;
    await stopDispatcher(d1);
    await stopDispatcher(d2);
  });
});

describe("crash and restart mid-delivery", () => {
  test("kill -9 between claim and record: the delivery is claimed again after the lease and delivered with the same webhook-id", async () => {
    const sql = database.sql;
    const rx = receiver();
    let release: (() => void) | undefined;
    rx.handler = async (_req, nth) => {
      if (nth === 1) {
        await new Promise<void>((resolve) => (release = resolve)); // holds the first request open
        return new Response("ok after all");
      }
      return new Response("ok");
    };
    const account = await seedAccount(sql);
    const m = await seedMerchant(sql, [account]);
    await seedEndpoint(sql, { accountId: account, url: rx.url });
    const eventId = await seedEvent(sql, { merchantId: m.id, accountId: account });

    // A dispatcher in its own process, killed while its request is in flight.
    const child = spawn(process.execPath, [join(import.meta.dir, "support", "dispatcher-child.ts")], {
      env: { ...process.env, DATABASE_URL: dbUrl, WEBHOOK_TIMEOUT_MS: "10000" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    try {
      await rx.waitForRequests(1);
      const [claimed] = await deliveriesOf(eventId);
      expect(claimed).toMatchObject({ status: "pending", attempt_count: 1 });
      expect(claimed!.lease_token).not.toBeNull();
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    release?.();

    // A new dispatcher does not take it while the lease runs…
    const clock = new MovableClock(Date.now());
    const d = await dispatcher(ctxWith(clock));
    await Bun.sleep(200);
    expect(rx.requests).toHaveLength(1);
    // …and does once it has ended.
    const [leased] = await deliveriesOf(eventId);
    clock.set(leased!.next_attempt_at);
    d.wake();
    await waitFor(async () => (await deliveriesOf(eventId))[0]?.status === "succeeded", "redelivered after lease");
    expect(rx.requests).toHaveLength(2);
    expect(rx.requests[1]!.headers["webhook-id"]).toBe(eventId);
    expect(rx.requests[1]!.body).toBe(rx.requests[0]!.body);
    const [row] = await deliveriesOf(eventId);
    const attempts = await attemptsOf(row!.id);
    expect(attempts.map((a) => [a.attempt_number, a.outcome])).toEqual([
      [1, "lease_expired"],
      [2, "succeeded"],
    ]);
    expect(leased!.next_attempt_at.getTime() - attempts[0]!.started_at.getTime()).toBe(leaseMs(10_000));
    await sql`UPDATE app.webhook_endpoints SET status = 'disabled' WHERE url = ${rx.url}`;
    await stopDispatcher(d);
  });

  test("stopping gives back claimed rows not yet sent (prefetched for a fast endpoint): due at once, no attempt counted", async () => {
    const sql = database.sql;
    const rx = receiver();
    let gate: Promise<void> | undefined;
    let open: (() => void) | undefined;
    rx.handler = async (_req, nth) => {
      if (nth > 30) {
        gate ??= new Promise<void>((resolve) => (open = resolve));
        await gate; // the endpoint stalls after answering fast 30 times
      }
      return new Response("ok");
    };
    const account = await seedAccount(sql);
    const m = await seedMerchant(sql, [account]);
    const ep = await seedEndpoint(sql, { accountId: account, url: rx.url });
    const d = await dispatcher(ctxWith(), { perEndpointConcurrency: 4, timeoutMs: 2000 });
    for (let i = 0; i < 30; i++) await seedEvent(sql, { merchantId: m.id, accountId: account });
    await rx.waitForRequests(30);
    // Fast so far: more than the 4 slots get claimed for it.
    for (let i = 0; i < 100; i++) await seedEvent(sql, { merchantId: m.id, accountId: account });
    const leased = await waitFor(async () => {
      const [r] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.webhook_deliveries WHERE endpoint_id = ${ep.id} AND lease_token IS NOT NULL`;
      return r!.n > 4 ? r!.n : undefined;
    }, "prefetched claims");
    expect(leased).toBeGreaterThan(4);
    await waitFor(async () => {
      const [r] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.webhook_deliveries WHERE endpoint_id = ${ep.id}`;
      return r!.n === 130;
    }, "all fanned out");
    const stopping = stopDispatcher(d);
    await Bun.sleep(100);
    open?.();
    await stopping;
    const rows = await sql<{ id: string; status: string; attempt_count: number; lease_token: string | null; attempts: number }[]>`
      SELECT d.id, d.status, d.attempt_count, d.lease_token, (SELECT count(*)::int FROM app.webhook_attempts a WHERE a.delivery_id = d.id) AS attempts
      FROM app.webhook_deliveries d WHERE d.endpoint_id = ${ep.id}`;
    expect(rows).toHaveLength(130);
    // Nothing is left leased by the stopped worker, and every claim is either an attempt on record or undone.
    expect(rows.filter((r) => r.lease_token !== null)).toEqual([]);
    for (const r of rows) expect(r.attempt_count).toBe(r.attempts);
    const released = rows.filter((r) => r.status === "pending" && r.attempt_count === 0);
    expect(released.length).toBeGreaterThan(0);
    // A new dispatcher sends them right away (no lease to wait out).
    await dispatcher(ctxWith());
    await waitFor(async () => {
      const [r] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.webhook_deliveries WHERE endpoint_id = ${ep.id} AND status = 'succeeded'`;
      return r!.n === 130;
    }, "all delivered after restart");
  });

  test("a result recorded after the lease was taken over does not overwrite the new owner's state", async () => {
    const sql = database.sql;
    const account = await seedAccount(sql);
    const m = await seedMerchant(sql, [account]);
    await seedEndpoint(sql, { accountId: account, url: "http://127.0.0.1:9/unused" });
    const eventId = await seedEvent(sql, { merchantId: m.id, accountId: account });
    const t0 = new Date("2026-05-01T00:00:00Z");
    await fanOutEvents(sql, t0, 10);
    const first = await claimDeliveries(sql, { now: t0, leaseMs: 1000, max: 10, perEndpoint: 10, free: new Map(), token: "old" });
    const mine = first.filter((c) => c.eventId === eventId);
    expect(mine).toHaveLength(1);
    const later = new Date(t0.getTime() + 1001);
    const second = (await claimDeliveries(sql, { now: later, leaseMs: 1000, max: 10, perEndpoint: 10, free: new Map(), token: "new" })).filter((c) => c.eventId === eventId);
    expect(second).toHaveLength(1);
    expect(second[0]!.attempt).toBe(2);
    const { recordAttempts } = await import("../src/modules/webhooks/service.ts");
    const stale = { ...mine[0]!, leaseToken: "old" };
    const updated = await recordAttempts(sql, later, [
      { deliveryId: stale.id, eventId, endpointId: stale.endpointId, leaseToken: "old", attempt: 1, startedAt: t0, durationMs: 5, outcome: "succeeded", statusCode: 200, error: undefined, snippet: "", nextAttemptAt: undefined },
    ]);
    expect(updated).toBe(0);
    expect((await deliveriesOf(eventId))[0]).toMatchObject({ status: "pending", lease_token: "new", attempt_count: 2 });
    await sql`UPDATE app.webhook_endpoints SET status = 'disabled' WHERE url = 'http://127.0.0.1:9/unused'`;
  });
});

describe("operators", () => {
  test("resend makes new deliveries with the same webhook-id; deliveries lists them with attempts (CLI)", async () => {
    const sql = database.sql;
    const rx = receiver();
    const account = await seedAccount(sql);
    const m = await seedMerchant(sql, [account]);
    const ep = await seedEndpoint(sql, { accountId: account, url: rx.url });
    const ctx = ctxWith();
    const d = await dispatcher(ctx);
    const eventId = await seedEvent(sql, { merchantId: m.id, accountId: account });
    await waitFor(async () => (await deliveriesOf(eventId))[0]?.status === "succeeded", "first delivery");

    const resent = (await commands["webhooks resend"]!.run(ctx, { event: eventId })) as { deliveries: { id: string; endpointId: string }[] };
    expect(resent.deliveries).toHaveLength(1);
    expect(resent.deliveries[0]!.endpointId).toBe(ep.id);
    await waitFor(async () => (await deliveriesOf(eventId)).filter((r) => r.status === "succeeded").length === 2, "resent delivery");
    expect(rx.requests.map((r) => r.headers["webhook-id"])).toEqual([eventId, eventId]);

    const byEvent = (await commands["webhooks deliveries"]!.run(ctx, { event: eventId })) as Awaited<ReturnType<typeof listDeliveries>>;
    expect(byEvent).toHaveLength(2);
    for (const v of byEvent) {
      expect(v).toMatchObject({ event_id: eventId, endpoint_id: ep.id, status: "succeeded", attempt_count: 1, archived: false, url: rx.url });
      expect(v.attempts).toHaveLength(1);
      expect(v.attempts[0]).toMatchObject({ attempt_number: 1, outcome: "succeeded", status_code: 200 });
    }
    const byEndpoint = (await commands["webhooks deliveries"]!.run(ctx, { endpoint: ep.id })) as unknown[];
    expect(byEndpoint).toHaveLength(2);
    const text = commands["webhooks deliveries"]!.human(byEvent);
    expect(text).toContain(eventId);
    expect(text).toContain("succeeded");
    await expect(commands["webhooks deliveries"]!.run(ctx, {})).rejects.toThrow();
    await expect(commands["webhooks resend"]!.run(ctx, { event: "evt_doesnotexist000000000000" })).rejects.toThrow(/no such event/);
    await sql`UPDATE app.webhook_endpoints SET status = 'disabled' WHERE id = ${ep.id}`;
    await expect(resendEvent(sql, eventId, new Date())).rejects.toThrow(/no enabled endpoint/);
    await stopDispatcher(d);
  });

  test("finished deliveries move to the archive after the retention and are purged later; listing still finds archived ones", async () => {
    const sql = database.sql;
    const account = await seedAccount(sql);
    const m = await seedMerchant(sql, [account]);
    const rx = receiver();
    const ep = await seedEndpoint(sql, { accountId: account, url: rx.url });
    // Later than every other test's rows, which the archiver may move too.
    const clock = new MovableClock(Date.parse("2030-06-01T00:00:00Z"));
    const ctx = ctxWith(clock);
    const d = await dispatcher(ctx);
    const eventId = await seedEvent(sql, { merchantId: m.id, accountId: account });
    await waitFor(async () => (await deliveriesOf(eventId))[0]?.status === "succeeded", "delivered");
    await stopDispatcher(d);
    await sql`UPDATE app.webhook_endpoints SET status = 'disabled' WHERE id = ${ep.id}`;
    const [delivery] = await deliveriesOf(eventId);

    await archiveFinished(sql, new Date(clock.now().getTime() + HOT_RETENTION_MS - 60_000));
    expect(await deliveriesOf(eventId)).toHaveLength(1);
    const r = await archiveFinished(sql, new Date(clock.now().getTime() + HOT_RETENTION_MS + 60_000));
    expect(r.archived).toBeGreaterThanOrEqual(1);
    expect(await deliveriesOf(eventId)).toHaveLength(0);
    const [att] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.webhook_attempts WHERE delivery_id = ${delivery!.id}`;
    expect(att!.n).toBe(0);
    const listed = await listDeliveries(sql, { eventId });
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: delivery!.id, status: "succeeded", archived: true });
    expect(listed[0]!.attempts).toHaveLength(1);

    await archiveFinished(sql, new Date(clock.now().getTime() + ARCHIVE_RETENTION_MS + 60_000));
    expect(await listDeliveries(sql, { eventId })).toHaveLength(0);
    const [archivedAttempts] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.webhook_attempts_archive WHERE delivery_id = ${delivery!.id}`;
    expect(archivedAttempts!.n).toBe(0);
  });
});
