/**
 * Webhooks an integrator can operate: an endpoint failing for days is disabled and the account told
 * (event and dashboard), enabled again; "resend every failed delivery since T"; a test event of any
 * type. The real service over HTTP on a movable clock, real Postgres, real receivers, the real
 * dispatcher and the dashboard over HTTP with a session and its CSRF token.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Webhook } from "standardwebhooks";
import Ajv2020 from "ajv/dist/2020.js";
import { WEBHOOK_EVENT_TYPES } from "../src/db/schema/core.ts";
import { createApiKey } from "../src/modules/merchants/onboarding.ts";
import { recoverFailedDeliveries } from "../src/modules/webhooks/service.ts";
import { FAILING_DISABLE_AFTER_MS, FAILING_DISABLE_MIN_ATTEMPTS } from "../src/modules/webhooks/schedule.ts";
import { Dispatcher } from "../src/workers/dispatcher.ts";
import { newId } from "../src/domain/ids.ts";
import { dashboardUser } from "./support/dashboard-client.ts";
import { startTestService, type TestService } from "./support/service.ts";
import { MovableClock, Receiver, seedEvent, waitFor } from "./support/webhook-fixtures.ts";

type Json = Record<string, any>;
const clock = new MovableClock(Date.parse("2026-06-01T12:00:00.000Z"));
let svc: TestService;
let owner: string;
let scoped: string;
let account: string;
let merchant: string;
const receivers: Receiver[] = [];
const dispatchers: Dispatcher[] = [];

function receiver() {
  const r = new Receiver();
  receivers.push(r);
  return r;
}
async function dispatcher() {
  const d = new Dispatcher(svc.ctx, { pollMs: 50, timeoutMs: 1000 });
  await d.start();
  dispatchers.push(d);
  return d;
}
async function stopDispatchers() {
  for (const d of dispatchers.splice(0)) await d.stop();
}
async function call(path: string, key: string | null, init: RequestInit & { json?: unknown } = {}) {
  const res = await svc.api(path, { ...init, key });
  const text = await res.text();
  let body: Json;
  try {
    body = JSON.parse(text) as Json;
  } catch {
    body = { raw: text };
  }
  return { status: res.status, body };
}
/** Checks `body` against the OpenAPI document's `webhooks` entry of its type (the contract integrators generate from). */
async function matchesDocument(body: Json) {
  const doc = (await (await svc.api("/swagger/json", { key: null })).json()) as Json;
  const schema = doc.webhooks?.[body.type]?.post?.requestBody?.content?.["application/json"]?.schema;
  expect({ type: body.type, documented: !!schema }).toEqual({ type: body.type, documented: true });
  const validate = new Ajv2020({ strict: false, validateFormats: false, allErrors: true }).compile({ ...(schema as object), components: doc.components });
  const ok = validate(body);
  expect({ type: body.type, errors: ok ? null : validate.errors }).toEqual({ type: body.type, errors: null });
}
const err = (r: { status: number; body: Json }) => ({ status: r.status, code: r.body.error?.code, param: r.body.error?.param });
const sql = () => svc.ctx.database.sql;
async function createEndpoint(url: string, events: string[] = ["payment_intent.confirmed"]) {
  const r = await call("/v1/webhook_endpoints", owner, { method: "POST", json: { url, enabled_events: events } });
  expect(r.status).toBe(201);
  return r.body as Json;
}
async function endpointRow(id: string) {
  const [row] = await sql()<{ status: string; disabled_reason: string | null; failing_since: Date | null; failed_attempts: number }[]>`
    SELECT status, disabled_reason, failing_since, failed_attempts FROM app.webhook_endpoints WHERE id = ${id}`;
  return row!;
}
async function attemptCount(endpointId: string) {
  const [row] = await sql()<{ n: number }[]>`SELECT count(*)::int AS n FROM app.webhook_attempts WHERE endpoint_id = ${endpointId}`;
  return row!.n;
}
const confirmed = () => seedEvent(sql(), { merchantId: merchant, accountId: account, type: "payment_intent.confirmed", createdAt: clock.now() });

beforeAll(async () => {
  svc = await startTestService({ clock });
  owner = svc.sandbox.test_key_unscoped;
  scoped = svc.sandbox.test_key_scoped;
  account = svc.sandbox.account_id;
  merchant = svc.sandbox.merchant_id;
});
afterAll(async () => {
  await stopDispatchers();
  for (const r of receivers) r.stop();
  await svc?.stop();
});

describe("an endpoint that keeps failing", () => {
  test("failing for 3 days with enough attempts disables it; the account's other endpoints and /v1/events are told; enabling it starts afresh and sends what was held", async () => {
    const dead = receiver();
    let healthy = false;
    dead.handler = () => (healthy ? new Response("ok") : new Response("down for maintenance", { status: 500 }));
    const watcher = receiver();
    const failing = await createEndpoint(dead.url);
    const listening = await createEndpoint(watcher.url, ["*"]);
    const d = await dispatcher();

    // Day 0: twelve events, each failing its first attempt.
    const t0 = clock.now().getTime();
    for (let i = 0; i < FAILING_DISABLE_MIN_ATTEMPTS + 2; i++) await confirmed();
    await waitFor(async () => (await attemptCount(failing.id)) >= FAILING_DISABLE_MIN_ATTEMPTS + 2, "first attempts");
    await waitFor(async () => (await endpointRow(failing.id)).failed_attempts >= FAILING_DISABLE_MIN_ATTEMPTS + 2, "failures counted");
    let row = await endpointRow(failing.id);
    expect(row.status).toBe("enabled");
    expect(new Date(row.failing_since!).getTime()).toBe(t0);

    // Two days on, still failing: many attempts, but not yet long enough.
    clock.advance(2 * 86_400_000);
    d.wake();
    await waitFor(async () => (await attemptCount(failing.id)) >= 2 * (FAILING_DISABLE_MIN_ATTEMPTS + 2), "retries on day 2");
    await Bun.sleep(200);
    expect((await endpointRow(failing.id)).status).toBe("enabled");

    // Past 3 days since its first failure, still failing: disabled by its next failed attempt.
    clock.set(t0 + FAILING_DISABLE_AFTER_MS + 60_000);
    d.wake();
    await waitFor(async () => (await endpointRow(failing.id)).status === "disabled", "disabled after 3 days");
    row = await endpointRow(failing.id);
    expect(row.disabled_reason).toMatch(/^no delivery succeeded since 2026-06-01T12:00:00\.000Z: \d+ attempts failed \(the last: HTTP 500\); disabled at /);
    const shown = await call(`/v1/webhook_endpoints/${failing.id}`, owner);
    expect(shown.body).toMatchObject({ status: "disabled", disabled_reason: row.disabled_reason });

    // The event: in the log (unscoped key), exactly the endpoint as GET shows it; not for a scoped key.
    const events = await call("/v1/events?type=webhook_endpoint.disabled", owner);
    expect(events.status).toBe(200);
    const mine = (events.body.data as Json[]).filter((e) => e.data.id === failing.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.data).toEqual(shown.body);
    await matchesDocument(mine[0]!);
    expect(((await call("/v1/events?type=webhook_endpoint.disabled", scoped)).body.data as Json[]).map((e) => e.id)).not.toContain(mine[0]!.id);
    expect((await call(`/v1/events/${mine[0]!.id}`, scoped)).status).toBe(404);
    // …and delivered, signed, to the account's endpoint that still listens (never to the disabled one).
    await waitFor(async () => watcher.requests.find((r) => r.headers["webhook-id"] === mine[0]!.id), "webhook_endpoint.disabled delivered");
    const got = watcher.requests.find((r) => r.headers["webhook-id"] === mine[0]!.id)!;
    expect(new Webhook(listening.secret as string).verify(got.body, got.headers)).toMatchObject({ type: "webhook_endpoint.disabled", data: { id: failing.id, status: "disabled" } });
    expect(dead.requests.some((r) => r.body.includes("webhook_endpoint.disabled"))).toBe(false);

    // Disabled: new events make no delivery for it, and nothing is attempted.
    const before = dead.requests.length;
    await confirmed();
    clock.advance(86_400_000);
    d.wake();
    await Bun.sleep(300);
    expect(dead.requests.length).toBe(before);

    // Enabled again (API): the counters start afresh, the held deliveries go out.
    healthy = true;
    const enabled = await call(`/v1/webhook_endpoints/${failing.id}`, owner, { method: "POST", json: { disabled: false } });
    expect(enabled.body).toMatchObject({ status: "enabled", disabled_reason: null });
    expect(await endpointRow(failing.id)).toMatchObject({ status: "enabled", failing_since: null, failed_attempts: 0 });
    d.wake();
    await waitFor(async () => {
      const [r] = await sql()<{ n: number }[]>`SELECT count(*)::int AS n FROM app.webhook_deliveries WHERE endpoint_id = ${failing.id} AND status = 'pending'`;
      return r!.n === 0;
    }, "held deliveries sent after enable");
    await stopDispatchers();
    await call(`/v1/webhook_endpoints/${listening.id}`, owner, { method: "DELETE" });
    await call(`/v1/webhook_endpoints/${failing.id}`, owner, { method: "DELETE" });
  });

  test("a success clears the count: an endpoint that answers now and then is never disabled", async () => {
    const rx = receiver();
    rx.handler = (_req, nth) => (nth % 5 === 0 ? new Response("ok") : new Response("flaky", { status: 503 }));
    const ep = await createEndpoint(rx.url);
    const d = await dispatcher();
    for (let day = 0; day < 5; day++) {
      for (let i = 0; i < 5; i++) await confirmed();
      await waitFor(async () => (await attemptCount(ep.id)) >= (day + 1) * 5, `day ${day}`);
      clock.advance(86_400_000);
      d.wake();
    }
    await Bun.sleep(200);
    expect((await endpointRow(ep.id)).status).toBe("enabled");
    await stopDispatchers();
    await call(`/v1/webhook_endpoints/${ep.id}`, owner, { method: "DELETE" });
  });
});

/** Failed deliveries of `endpointId` for new events, written as the dispatcher leaves them (hot or archived). */
async function failedDeliveries(endpointId: string, n: number, at: Date, o: { archived?: boolean } = {}) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const eventId = await seedEvent(sql(), { merchantId: merchant, accountId: account, type: "payment_intent.confirmed", createdAt: at });
    await sql()`UPDATE app.events SET fanned_out_at = ${at.toISOString()}::timestamptz WHERE id = ${eventId}`;
    const table = o.archived ? sql()`app.webhook_deliveries_archive` : sql()`app.webhook_deliveries`;
    await sql()`INSERT INTO ${table} (id, event_id, endpoint_id, status, attempt_count, next_attempt_at, created_at, finished_at, last_status_code, last_error)
      VALUES (${newId("webhookDelivery")}, ${eventId}, ${endpointId}, 'failed', 8, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz, 500, 'HTTP 500')`;
    ids.push(eventId);
  }
  return ids;
}

describe("resend every failed delivery since T", () => {
  test("one new delivery per failed event since T (hot and archived), same webhook-id; idempotent; concurrent calls resend once; bounded", async () => {
    const rx = receiver();
    const ep = await createEndpoint(rx.url);
    const now = clock.now();
    const since = new Date(now.getTime() - 5 * 86_400_000);
    const before = await failedDeliveries(ep.id, 1, new Date(since.getTime() - 60_000));
    const hot = await failedDeliveries(ep.id, 3, new Date(now.getTime() - 86_400_000));
    const archived = await failedDeliveries(ep.id, 2, new Date(now.getTime() - 4 * 86_400_000), { archived: true });
    // Failed, then delivered by a resend: not sent again.
    const delivered = (await failedDeliveries(ep.id, 1, new Date(now.getTime() - 86_400_000)))[0]!;
    await sql()`INSERT INTO app.webhook_deliveries (id, event_id, endpoint_id, status, attempt_count, next_attempt_at, created_at, finished_at)
      VALUES (${newId("webhookDelivery")}, ${delivered}, ${ep.id}, 'succeeded', 1, now(), now(), now())`;

    // Two at once: between them, each failed event is resent once.
    const [a, b] = await Promise.all([1, 2].map(() => call(`/v1/webhook_endpoints/${ep.id}/recover`, owner, { method: "POST", json: { since: since.toISOString() } })));
    expect(a!.status).toBe(200);
    expect(a!.body).toMatchObject({ object: "webhook_endpoint_recovery", endpoint_id: ep.id, since: since.toISOString(), has_more: false });
    expect(a!.body.recovered + b!.body.recovered).toBe(5);
    // Asked again: nothing new (the first call's deliveries are pending).
    expect((await call(`/v1/webhook_endpoints/${ep.id}/recover`, owner, { method: "POST", json: { since: since.toISOString() } })).body.recovered).toBe(0);

    await dispatcher();
    await rx.waitForRequests(5);
    await Bun.sleep(200);
    expect(rx.requests.map((r) => r.headers["webhook-id"]).sort()).toEqual([...hot, ...archived].sort());
    expect(rx.requests.map((r) => r.headers["webhook-id"])).not.toContain(before[0]);
    await stopDispatchers();
    // Delivered now: still nothing to resend.
    expect((await call(`/v1/webhook_endpoints/${ep.id}/recover`, owner, { method: "POST", json: { since: since.toISOString() } })).body.recovered).toBe(0);

    // Bounded: at most `max` per call, has_more until done.
    const many = await failedDeliveries(ep.id, 5, new Date(now.getTime() - 3_600_000));
    const first = await recoverFailedDeliveries(sql(), ep.id, since, now, 3);
    expect(first).toEqual({ recovered: 3, hasMore: true });
    expect(await recoverFailedDeliveries(sql(), ep.id, since, now, 3)).toEqual({ recovered: 2, hasMore: false });
    const [pending] = await sql()<{ n: number }[]>`SELECT count(*)::int AS n FROM app.webhook_deliveries WHERE endpoint_id = ${ep.id} AND status = 'pending' AND event_id = ANY (${many})`;
    expect(pending!.n).toBe(5);
    await call(`/v1/webhook_endpoints/${ep.id}`, owner, { method: "DELETE" });
  });

  test("every bad input is a 400; another account's endpoint or a scoped key: 404", async () => {
    const ep = await createEndpoint("http://127.0.0.1:9/closed");
    const post = (json: unknown, key = owner) => call(`/v1/webhook_endpoints/${ep.id}/recover`, key, { method: "POST", json });
    const day = 86_400_000;
    expect(err(await post({}))).toEqual({ status: 400, code: "parameter_missing", param: "since" });
    expect(err(await post({ since: "yesterday" }))).toEqual({ status: 400, code: "parameter_invalid", param: "since" });
    expect(err(await post({ since: 42 }))).toEqual({ status: 400, code: "parameter_invalid", param: "since" });
    expect(err(await post({ since: new Date(clock.now().getTime() - 31 * day).toISOString() }))).toEqual({ status: 400, code: "parameter_invalid", param: "since" });
    expect(err(await post({ since: new Date(clock.now().getTime() + day).toISOString() }))).toEqual({ status: 400, code: "parameter_invalid", param: "since" });
    expect(err(await post({ since: clock.now().toISOString(), until: "x" }))).toEqual({ status: 400, code: "parameter_unknown", param: "until" });
    const raw = await svc.api(`/v1/webhook_endpoints/${ep.id}/recover`, { key: owner, method: "POST", body: "{", headers: { "content-type": "application/json" } });
    expect(raw.status).toBe(400);
    expect(err(await post({ since: clock.now().toISOString() }, scoped))).toEqual({ status: 404, code: "resource_missing", param: undefined });
    const other = (await createApiKey(svc.ctx, { accountId: (await svc.ctx.database.sql<{ id: string }[]>`INSERT INTO app.accounts (id, name) VALUES (${newId("account")}, 'Other') RETURNING id`)[0]!.id, mode: "test" })).key;
    expect(err(await post({ since: clock.now().toISOString() }, other))).toEqual({ status: 404, code: "resource_missing", param: undefined });
    expect(err(await call(`/v1/webhook_endpoints/we_nope/recover`, owner, { method: "POST", json: { since: clock.now().toISOString() } }))).toEqual({ status: 404, code: "resource_missing", param: undefined });
    await call(`/v1/webhook_endpoints/${ep.id}`, owner, { method: "DELETE" });
  });
});

describe("a test event of any type", () => {
  test("each type: a signed sample with that type's payload, marked test: true, stored nowhere; bad types are 400", async () => {
    const rx = receiver();
    const ep = await createEndpoint(rx.url, ["payment_intent.confirmed"]);
    const verifier = new Webhook(ep.secret as string);
    const objects: Record<string, string> = {
      "payment_intent.confirmed": "payment_intent",
      "payment_intent.expired": "payment_intent",
      "transaction.created": "transaction",
      "settlement.completed": "settlement",
      "refund.created": "refund",
      "refund.updated": "refund",
      "refund.succeeded": "refund",
      "refund.failed": "refund",
      "payment_link.deactivated": "payment_link",
      "payment_link.used_up": "payment_link",
      "webhook_endpoint.disabled": "webhook_endpoint",
    };
    expect(Object.keys(objects).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const type of WEBHOOK_EVENT_TYPES) {
      const r = await call(`/v1/webhook_endpoints/${ep.id}/test`, owner, { method: "POST", json: { event_type: type } });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ object: "webhook_endpoint_test", endpoint_id: ep.id, event_type: type, succeeded: true, status_code: 200 });
      const sent = rx.requests.at(-1)!;
      const body = verifier.verify(sent.body, sent.headers) as Json;
      expect(body).toMatchObject({ id: r.body.event_id, object: "event", type, test: true, data: { object: objects[type] } });
      expect((await call(`/v1/events/${r.body.event_id}`, owner)).status).toBe(404);
      // Apart from its test mark, the sample is what the document says a real event of the type is.
      const { test: _mark, ...asReal } = body;
      await matchesDocument(asReal);
    }
    // The payment sample has exactly the fields of the real event (docs/integrators.md).
    const pay = JSON.parse(rx.requests[0]!.body) as Json;
    expect(Object.keys(pay.data).sort()).toEqual(["amount", "chain", "confirmed_at", "currency", "fee", "id", "merchant_id", "metadata", "net_amount", "object", "status", "token", "tx_hash"].sort());
    expect(pay.data).toMatchObject({ status: "confirmed", amount: 25, net_amount: 24.75, fee: 0.25, chain: "base", token: "USDC" });
    const settlement = JSON.parse(rx.requests[WEBHOOK_EVENT_TYPES.indexOf("settlement.completed")]!.body) as Json;
    expect(settlement.data).toMatchObject({ status: "completed", withdrawals: [{ status: "withdrawn", chain: "base", token: "USDC" }] });
    // The default test event is marked too.
    const plain = await call(`/v1/webhook_endpoints/${ep.id}/test`, owner, { method: "POST" });
    expect(plain.body.event_type).toBe("webhook_endpoint.test");
    expect(JSON.parse(rx.requests.at(-1)!.body)).toMatchObject({ type: "webhook_endpoint.test", test: true });
    // Bad input.
    expect(err(await call(`/v1/webhook_endpoints/${ep.id}/test`, owner, { method: "POST", json: { event_type: "nope" } }))).toEqual({ status: 400, code: "parameter_invalid", param: "event_type" });
    expect(err(await call(`/v1/webhook_endpoints/${ep.id}/test`, owner, { method: "POST", json: { event_type: "*" } }))).toEqual({ status: 400, code: "parameter_invalid", param: "event_type" });
    expect(err(await call(`/v1/webhook_endpoints/${ep.id}/test`, owner, { method: "POST", json: { type: "refund.created" } }))).toEqual({ status: 400, code: "parameter_unknown", param: "type" });
    expect((await call(`/v1/webhook_endpoints/${ep.id}/deliveries`, owner)).body.total_count).toBe(0);
    await call(`/v1/webhook_endpoints/${ep.id}`, owner, { method: "DELETE" });
  });
});

describe("the dashboard", () => {
  test("a disabled endpoint is announced; admins enable it, resend its failed deliveries and send a test event of a type (session and CSRF)", async () => {
    const rx = receiver();
    const ep = await createEndpoint(rx.url);
    await sql()`UPDATE app.webhook_endpoints SET status = 'disabled', disabled_at = ${clock.now().toISOString()}::timestamptz,
      disabled_reason = 'no delivery succeeded since 2026-05-01T00:00:00.000Z: 40 attempts failed (the last: HTTP 500); disabled at 2026-05-04T00:00:00.000Z' WHERE id = ${ep.id}`;
    const failed = await failedDeliveries(ep.id, 2, new Date(clock.now().getTime() - 3_600_000));
    const { client } = await dashboardUser(svc, account, "admin", clock.now());
    const list = await (await client.req("/dashboard/developers/webhooks?mode=test")).text();
    expect(list).toContain("An endpoint was disabled");
    expect(list).toContain("no delivery succeeded since 2026-05-01T00:00:00.000Z");
    const page = `/dashboard/developers/webhooks/${ep.id}`;
    const csrf = await client.csrfOf(`${page}?mode=test`);
    // Without the CSRF token: refused, nothing resent.
    expect((await client.req(`${page}/recover?mode=test`, { form: { since_hours: "24" } })).status).toBe(403);
    const recovered = await client.req(`${page}/recover?mode=test`, { form: { csrf, since_hours: "24" } });
    expect(recovered.status).toBe(200);
    expect(await recovered.text()).toContain("2 failed deliveries sent again. They are held until the endpoint is enabled.");
    expect((await (await client.req(`${page}/recover?mode=test`, { form: { csrf, since_hours: "24" } })).text())).toContain("No failed delivery to resend");
    expect((await client.req(`${page}/recover?mode=test`, { form: { csrf, since_hours: "9999" } })).status).toBe(400);
    expect((await client.req(`${page}/enable?mode=test`, { form: { csrf } })).status).toBe(303);
    expect(await endpointRow(ep.id)).toMatchObject({ status: "enabled", disabled_reason: null });
    await dispatcher();
    await rx.waitForRequests(2);
    expect(rx.requests.map((r) => r.headers["webhook-id"]).sort()).toEqual([...failed].sort());
    await stopDispatchers();
    const tested = await client.req(`${page}/test?mode=test`, { form: { csrf, event_type: "refund.succeeded" } });
    expect(tested.status).toBe(200);
    expect(await tested.text()).toContain("refund.succeeded");
    expect(JSON.parse(rx.requests.at(-1)!.body)).toMatchObject({ type: "refund.succeeded", test: true, data: { object: "refund", status: "succeeded" } });
    await call(`/v1/webhook_endpoints/${ep.id}`, owner, { method: "DELETE" });
  });
});
