/**
 * Management API, events and webhook endpoints: real service over HTTP, real Postgres,
 * real receivers and the real dispatcher.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Webhook } from "standardwebhooks";
import { randomBytes } from "node:crypto";
import { SecretBox, secretBox, useSecretBox } from "../src/lib/secret-box.ts";
import { createApiKey, createIntegratorAccount } from "../src/modules/merchants/onboarding.ts";
import { Dispatcher } from "../src/workers/dispatcher.ts";
import { purgeExpiredEvents } from "../src/modules/outbox/outbox.ts";
import { blockedKind, checkEndpointUrl } from "../src/modules/webhook-endpoints/url-policy.ts";
import { postWebhook } from "../src/modules/webhooks/delivery.ts";
import { startTestService, type TestService } from "./support/service.ts";
import { MovableClock, Receiver, seedEndpoint, seedEvent, seedMerchant, waitFor } from "./support/webhook-fixtures.ts";

type Json = Record<string, any>;
let svc: TestService;
let owner: string; // unscoped test key of the demo account
let scoped: string; // scoped to the demo merchant
let live: string; // live key of the demo account
let other: string; // another account's unscoped test key
let otherAccount: string;
let sibling: string; // another test merchant of the demo account
const receivers: Receiver[] = [];
const dispatchers: Dispatcher[] = [];

function receiver() {
  const r = new Receiver();
  receivers.push(r);
  return r;
}
async function dispatcher(opts: ConstructorParameters<typeof Dispatcher>[1] = {}) {
  const d = new Dispatcher(svc.ctx, { pollMs: 50, timeoutMs: 3000, ...opts });
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
  return { status: res.status, body, headers: res.headers };
}
const err = (r: { status: number; body: Json }) => ({ status: r.status, code: r.body.error?.code, param: r.body.error?.param });

beforeAll(async () => {
  svc = await startTestService();
  owner = svc.sandbox.test_key_unscoped;
  scoped = svc.sandbox.test_key_scoped;
  live = (await createApiKey(svc.ctx, { accountId: svc.sandbox.account_id, mode: "live" })).key;
  const acct = await createIntegratorAccount(svc.ctx, "Other integrator");
  otherAccount = acct.id;
  other = (await createApiKey(svc.ctx, { accountId: acct.id, mode: "test" })).key;
  sibling = (await seedMerchant(svc.ctx.database.sql, [svc.sandbox.account_id])).id;
});
afterAll(async () => {
  await stopDispatchers();
  for (const r of receivers) r.stop();
  await svc?.stop();
});

describe("GET /v1/events", () => {
  const ids: Json = {};
  beforeAll(async () => {
    const sql = svc.ctx.database.sql;
    const m = svc.sandbox.merchant_id;
    const t0 = Date.now() - 60_000;
    ids.old = await seedEvent(sql, { merchantId: m, accountId: svc.sandbox.account_id, createdAt: new Date(Date.now() - 31 * 86_400_000) });
    ids.a = await seedEvent(sql, { merchantId: m, accountId: svc.sandbox.account_id, createdAt: new Date(t0) });
    ids.b = await seedEvent(sql, { merchantId: m, accountId: null, type: "transaction.created", createdAt: new Date(t0 + 1000) });
    ids.c = await seedEvent(sql, { merchantId: sibling, accountId: null, type: "settlement.completed", createdAt: new Date(t0 + 2000) });
    ids.foreign = await seedEvent(sql, { merchantId: m, accountId: otherAccount, createdAt: new Date(t0 + 3000) });
  });

  test("newest first, total_count, filters, cursor; retention 30 days", async () => {
    const all = await call("/v1/events", owner);
    expect(all.status).toBe(200);
    const listed = (all.body.data as Json[]).map((e) => e.id);
    // Other events may exist (demo data); ours in order, the old and the foreign one absent.
    expect(listed.filter((id) => [ids.a, ids.b, ids.c].includes(id))).toEqual([ids.c, ids.b, ids.a]);
    expect(listed).not.toContain(ids.old);
    expect(listed).not.toContain(ids.foreign);
    expect(all.body.total_count).toBe(listed.length);
    const typed = await call("/v1/events?type=settlement.completed", owner);
    expect((typed.body.data as Json[]).every((e) => e.type === "settlement.completed")).toBe(true);
    expect((typed.body.data as Json[]).map((e) => e.id)).toContain(ids.c);
    const after = new Date(Date.now() - 60_000 + 500).toISOString();
    const before = new Date(Date.now() - 60_000 + 1500).toISOString();
    const window = await call(`/v1/events?created_after=${after}&created_before=${before}`, owner);
    expect((window.body.data as Json[]).map((e) => e.id)).toEqual([ids.b]);
    expect(window.body.total_count).toBe(1);
    const page1 = await call(`/v1/events?limit=1&created_after=${new Date(Date.now() - 120_000).toISOString()}`, owner);
    expect(page1.body.has_more).toBe(true);
    const page2 = await call(`/v1/events?limit=1&starting_after=${page1.body.data[0].id}&created_after=${new Date(Date.now() - 120_000).toISOString()}`, owner);
    expect(page2.body.data[0].id).not.toBe(page1.body.data[0].id);
    expect(page2.body.total_count).toBe(page1.body.total_count);
    expect((await call(`/v1/events/${ids.old}`, owner)).status).toBe(404);
  });

  test("retention: events past 30 days are deleted (fanned out, nothing pending), others kept", async () => {
    const sql = svc.ctx.database.sql;
    const m = svc.sandbox.merchant_id;
    const old = new Date(Date.now() - 31 * 86_400_000);
    const gone = await seedEvent(sql, { merchantId: m, accountId: svc.sandbox.account_id, createdAt: old });
    const notFannedOut = await seedEvent(sql, { merchantId: m, accountId: svc.sandbox.account_id, createdAt: old });
    const pending = await seedEvent(sql, { merchantId: m, accountId: svc.sandbox.account_id, createdAt: old });
    const recent = await seedEvent(sql, { merchantId: m, accountId: svc.sandbox.account_id, createdAt: new Date(Date.now() - 29 * 86_400_000) });
    await sql`UPDATE app.events SET fanned_out_at = now() WHERE id IN ${sql([gone, pending, recent])}`;
    const ep = await seedEndpoint(sql, { accountId: svc.sandbox.account_id, url: "https://example.com/held" });
    await sql`INSERT INTO app.webhook_deliveries (id, event_id, endpoint_id, status, next_attempt_at, created_at)
              VALUES ('wd_retention_test', ${pending}, ${ep.id}, 'pending', now(), now())`;
    const purged = await purgeExpiredEvents(sql, new Date());
    expect(purged).toBeGreaterThanOrEqual(1);
    const left = (await sql<{ id: string }[]>`SELECT id FROM app.events WHERE id IN ${sql([gone, notFannedOut, pending, recent])}`).map((r) => r.id).sort();
    expect(left).toEqual([notFannedOut, pending, recent].sort());
    await sql`DELETE FROM app.webhook_deliveries WHERE id = 'wd_retention_test'`;
    await sql`UPDATE app.webhook_endpoints SET status = 'disabled' WHERE id = ${ep.id}`;
  });

  test("isolation: scoped key sees its merchant only; other account, live key, retention: 404", async () => {
    const s = await call("/v1/events", scoped);
    const seen = (s.body.data as Json[]).map((e) => e.id);
    expect(seen).toContain(ids.a);
    expect(seen).not.toContain(ids.c);
    expect((await call(`/v1/events/${ids.c}`, scoped)).status).toBe(404);
    expect(err(await call(`/v1/events/${ids.a}`, other))).toEqual({ status: 404, code: "resource_missing", param: undefined });
    expect((await call(`/v1/events/${ids.a}`, live)).status).toBe(404);
    expect((await call(`/v1/events/${ids.foreign}`, owner)).status).toBe(404);
    expect((await call("/v1/events", other)).body.data.map((e: Json) => e.id)).toContain(ids.foreign);
    expect((await call("/v1/events", live)).body.total_count).toBe(0);
  });

  test("every validation error", async () => {
    expect(err(await call("/v1/events?type=nope", owner))).toMatchObject({ status: 400, code: "parameter_invalid", param: "type" });
    expect(err(await call("/v1/events?limit=0", owner))).toMatchObject({ status: 400, code: "parameter_invalid", param: "limit" });
    expect(err(await call("/v1/events?limit=abc", owner))).toMatchObject({ status: 400, code: "parameter_invalid", param: "limit" });
    expect(err(await call("/v1/events?created_after=yesterday", owner))).toMatchObject({ status: 400, code: "parameter_invalid", param: "created_after" });
    expect(err(await call("/v1/events?created_before=2026-13-01", owner))).toMatchObject({ status: 400, code: "parameter_invalid", param: "created_before" });
    expect(err(await call(`/v1/events?starting_after=${ids.foreign}`, owner))).toMatchObject({ status: 400, code: "parameter_invalid", param: "starting_after" });
    expect(err(await call("/v1/events?starting_after=pi_123", owner))).toMatchObject({ status: 400, code: "parameter_invalid", param: "starting_after" });
    expect(err(await call("/v1/events?merchant_id=x", owner))).toMatchObject({ status: 400, code: "parameter_unknown", param: "merchant_id" });
    expect(err(await call("/v1/events?limit=1&limit=2", owner))).toMatchObject({ status: 400, code: "parameter_invalid", param: "limit" });
    expect(err(await call(`/v1/events/${ids.a}?expand=data`, owner))).toMatchObject({ status: 400, code: "parameter_unknown", param: "expand" });
    expect(err(await call("/v1/events/evt_", owner))).toMatchObject({ status: 404, code: "resource_missing" });
  });

  test("the event is exactly the delivered body", async () => {
    const rx = receiver();
    const ep = await seedEndpoint(svc.ctx.database.sql, { accountId: svc.sandbox.account_id, url: rx.url, eventTypes: ["payment_intent.expired"] });
    const id = await seedEvent(svc.ctx.database.sql, { merchantId: svc.sandbox.merchant_id, accountId: svc.sandbox.account_id, type: "payment_intent.expired", data: { id: "pi_x", amount: 1.5, metadata: { k: "ü" } } });
    await dispatcher();
    await rx.waitForRequests(1);
    await stopDispatchers();
    const got = await svc.api(`/v1/events/${id}`, { key: owner });
    expect(await got.text()).toBe(rx.requests[0]!.body);
    await svc.ctx.database.sql`UPDATE app.webhook_endpoints SET status = 'disabled' WHERE id = ${ep.id}`;
  });
});

describe("webhook endpoints", () => {
  const body = { url: "https://example.com/hooks", enabled_events: ["payment_intent.confirmed"], description: "Orders", metadata: { team: "pay" } };

  test("create (secret in the answer and its replay only), get, list, update, idempotent replay", async () => {
    const created = await call("/v1/webhook_endpoints", owner, { method: "POST", json: body, headers: { "idempotency-key": "ep-1" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: "webhook_endpoint", url: "https://example.com/hooks", enabled_events: ["payment_intent.confirmed"], description: "Orders", metadata: { team: "pay" }, status: "enabled", livemode: false });
    expect(created.body.secret).toMatch(/^whsec_/);
    const id = created.body.id as string;
    const got = await call(`/v1/webhook_endpoints/${id}`, owner);
    expect(got.status).toBe(200);
    expect(got.body.secret).toBeUndefined();
    const { secret: _secret, ...withoutSecret } = created.body;
    expect(got.body).toEqual(withoutSecret);
    const replay = await call("/v1/webhook_endpoints", owner, { method: "POST", json: body, headers: { "idempotency-key": "ep-1" } });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(created.body);
    expect(err(await call("/v1/webhook_endpoints", owner, { method: "POST", json: { ...body, url: "https://example.com/other" }, headers: { "idempotency-key": "ep-1" } }))).toEqual({ status: 409, code: "idempotency_key_reused", param: "idempotency_key" });
    const list = await call("/v1/webhook_endpoints", owner);
    expect(list.body.data.map((e: Json) => e.id)).toContain(id);
    expect(list.body.data.every((e: Json) => e.secret === undefined)).toBe(true);
    const updated = await call(`/v1/webhook_endpoints/${id}`, owner, { method: "POST", json: { disabled: true, enabled_events: ["*"], description: null } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ status: "disabled", disabled_reason: "disabled through the API", enabled_events: ["*"], description: null, url: "https://example.com/hooks" });
    const enabled = await call(`/v1/webhook_endpoints/${id}`, owner, { method: "POST", json: { disabled: false, url: "http://localhost:9/x" } });
    expect(enabled.body).toMatchObject({ status: "enabled", disabled_reason: null, url: "http://localhost:9/x" });
  });

  test("concurrent creates with one idempotency key make one endpoint", async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => call("/v1/webhook_endpoints", owner, { method: "POST", json: body, headers: { "idempotency-key": "ep-race" } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    // Every answer, the replays too, carries the one secret.
    expect(new Set(results.map((r) => r.body.secret)).size).toBe(1);
    expect(results[0]!.body.secret).toMatch(/^whsec_/);
  });

  test("a replay answers the secret its create answered, after a rotation too, and the database holds it only sealed", async () => {
    const before = secretBox();
    useSecretBox(new SecretBox(randomBytes(32)));
    let id: string | undefined;
    try {
      const post = () => call("/v1/webhook_endpoints", owner, { method: "POST", json: body, headers: { "idempotency-key": "ep-sealed" } });
      const created = await post();
      expect(created.status).toBe(201);
      id = created.body.id as string;
      const secret = created.body.secret as string;
      const replay = await post();
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual(created.body);

      const rotated = await call(`/v1/webhook_endpoints/${created.body.id}/rotate_secret`, owner, { method: "POST" });
      expect(rotated.body.secret).toMatch(/^whsec_/);
      expect(rotated.body.secret).not.toBe(secret);
      // After the rotation: the endpoint as it is now, with the secret the first answer showed
      // (still valid for the rotation's overlap), not the new one.
      const later = await post();
      expect(later.status).toBe(200);
      expect(later.headers.get("idempotent-replayed")).toBe("true");
      expect(later.body).toEqual({ ...(await call(`/v1/webhook_endpoints/${created.body.id}`, owner)).body, secret });

      // Neither secret is readable in any row: the endpoint's are sealed, the key's row keeps a digest.
      const rows = await svc.ctx.database.sql`
        SELECT to_jsonb(k) AS row FROM app.api_idempotency k WHERE key = 'ep-sealed'
        UNION ALL SELECT to_jsonb(e) FROM app.webhook_endpoints e WHERE id = ${created.body.id as string}`;
      expect(rows.length).toBe(2);
      const dump = JSON.stringify(rows);
      for (const s of [secret, rotated.body.secret as string]) {
        expect(dump).not.toContain(s);
        expect(dump).not.toContain(s.slice("whsec_".length));
      }
    } finally {
      // Gone before the key is: the later tests list endpoints without it.
      if (id !== undefined) await call(`/v1/webhook_endpoints/${id}`, owner, { method: "DELETE" });
      useSecretBox(before);
    }
  });

  test("every validation error", async () => {
    const post = (json: unknown, key = owner) => call("/v1/webhook_endpoints", key, { method: "POST", json });
    expect(err(await post({ enabled_events: ["*"] }))).toEqual({ status: 400, code: "parameter_missing", param: "url" });
    expect(err(await post({ url: "https://example.com" }))).toEqual({ status: 400, code: "parameter_missing", param: "enabled_events" });
    expect(err(await post({ ...body, events: [] }))).toEqual({ status: 400, code: "parameter_unknown", param: "events" });
    expect(err(await post({ ...body, enabled_events: ["nope"] }))).toMatchObject({ status: 400, code: "parameter_invalid" });
    expect(err(await post({ ...body, enabled_events: [] }))).toEqual({ status: 400, code: "parameter_invalid", param: "enabled_events" });
    expect(err(await post({ ...body, enabled_events: ["*", "transaction.created"] }))).toEqual({ status: 400, code: "parameter_invalid", param: "enabled_events" });
    expect(err(await post({ ...body, enabled_events: ["transaction.created", "transaction.created"] }))).toEqual({ status: 400, code: "parameter_invalid", param: "enabled_events" });
    expect(err(await post({ ...body, url: 42 }))).toEqual({ status: 400, code: "parameter_invalid", param: "url" });
    expect(err(await post({ ...body, url: "not a url" }))).toEqual({ status: 400, code: "url_not_allowed", param: "url" });
    expect(err(await post({ ...body, url: "ftp://example.com" }))).toEqual({ status: 400, code: "url_not_allowed", param: "url" });
    expect(err(await post({ ...body, metadata: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, "v"])) }))).toEqual({ status: 400, code: "metadata_invalid", param: "metadata" });
    expect(err(await post([1]))).toMatchObject({ status: 400 });
    const raw = await svc.api("/v1/webhook_endpoints", { key: owner, method: "POST", body: "{", headers: { "content-type": "application/json" } });
    expect(err({ status: raw.status, body: (await raw.json()) as Json })).toEqual({ status: 400, code: "parameter_invalid", param: undefined });
    const text = await svc.api("/v1/webhook_endpoints", { key: owner, method: "POST", body: JSON.stringify(body), headers: { "content-type": "text/plain" } });
    expect(text.status).toBe(415);
    // No key: 401 whatever the body (the body is read before the key is checked, its failure kept).
    const noKey = await svc.api("/v1/webhook_endpoints", { key: null, method: "POST", body: "{", headers: { "content-type": "application/json" } });
    expect(noKey.status).toBe(401);
    expect(err(await call("/v1/webhook_endpoints", owner, { method: "POST", json: body, headers: { "idempotency-key": "" } }))).toMatchObject({ status: 400, param: "idempotency_key" });
    const ep = (await post(body)).body.id as string;
    expect(err(await call(`/v1/webhook_endpoints/${ep}`, owner, { method: "POST", json: { secret: "whsec_x" } }))).toEqual({ status: 400, code: "parameter_unknown", param: "secret" });
    expect(err(await call(`/v1/webhook_endpoints/${ep}`, owner, { method: "POST", json: { disabled: "yes" } }))).toEqual({ status: 400, code: "parameter_invalid", param: "disabled" });
    expect(err(await call(`/v1/webhook_endpoints/${ep}/rotate_secret`, owner, { method: "POST", json: { expires_in: 1 } }))).toEqual({ status: 400, code: "parameter_unknown", param: "expires_in" });
    expect(err(await call("/v1/webhook_endpoints?limit=500", owner))).toEqual({ status: 400, code: "parameter_invalid", param: "limit" });
    expect(err(await call("/v1/webhook_endpoints?status=enabled", owner))).toEqual({ status: 400, code: "parameter_unknown", param: "status" });
  });

  test("isolation: other account, scoped key, live key: 404", async () => {
    const ep = (await call("/v1/webhook_endpoints", owner, { method: "POST", json: body })).body.id as string;
    for (const key of [other, scoped, live]) {
      expect(err(await call(`/v1/webhook_endpoints/${ep}`, key))).toEqual({ status: 404, code: "resource_missing", param: undefined });
      expect((await call(`/v1/webhook_endpoints/${ep}`, key, { method: "POST", json: { disabled: true } })).status).toBe(404);
      expect((await call(`/v1/webhook_endpoints/${ep}`, key, { method: "DELETE" })).status).toBe(404);
      expect((await call(`/v1/webhook_endpoints/${ep}/rotate_secret`, key, { method: "POST" })).status).toBe(404);
      expect((await call(`/v1/webhook_endpoints/${ep}/deliveries`, key)).status).toBe(404);
    }
    expect((await call("/v1/webhook_endpoints", scoped)).status).toBe(404);
    expect((await call("/v1/webhook_endpoints", scoped, { method: "POST", json: body })).status).toBe(404);
    expect((await call("/v1/webhook_endpoints", other)).body.data.map((e: Json) => e.id)).not.toContain(ep);
    expect((await call(`/v1/webhook_endpoints/${ep}`, owner)).body.status).toBe("enabled");
  });

  test("SSRF: live endpoints at private addresses and over http are refused, each with its message", async () => {
    const cases: [string, RegExp][] = [
      ["https://127.0.0.1/hook", /127\.0\.0\.1: it is a loopback address/],
      ["https://10.0.0.1/hook", /10\.0\.0\.1: it is a private address/],
      ["https://169.254.169.254/latest/meta-data", /169\.254\.169\.254: it is a cloud metadata address/],
      ["https://localhost/hook", /'localhost' resolves to it\): it is a loopback address/],
      ["https://[::1]/hook", /::1: it is a loopback address/],
      ["http://example.com/hook", /Live webhook endpoints must use https/],
    ];
    for (const [url, message] of cases) {
      const r = await call("/v1/webhook_endpoints", live, { method: "POST", json: { url, enabled_events: ["*"] } });
      expect({ url, ...err(r) }).toEqual({ url, status: 400, code: "url_not_allowed", param: "url" });
      expect(r.body.error.message).toMatch(message);
    }
    // Sandbox: http and localhost are fine.
    expect((await call("/v1/webhook_endpoints", owner, { method: "POST", json: { url: "http://127.0.0.1:1/hook", enabled_events: ["*"] } })).status).toBe(201);
    // The rules themselves, with an injected resolver (a name that resolves to a private address).
    expect(await checkEndpointUrl("https://hooks.example/", { mode: "live", testAnyAddress: true }, async () => ["93.184.216.34", "192.168.1.5"])).toEqual({ ok: false, message: expect.stringMatching(/192\.168\.1\.5 .*private/) });
    // Approved: with the address the delivery must connect to.
    expect(await checkEndpointUrl("https://hooks.example/", { mode: "live", testAnyAddress: true }, async () => ["93.184.216.34"])).toEqual({ ok: true, url: "https://hooks.example/", address: { address: "93.184.216.34", family: 4 } });
    for (const a of ["::ffff:127.0.0.1", "fe80::1", "fd00:ec2::254", "100.64.0.1", "0.0.0.0", "172.31.255.255"]) expect(blockedKind(a)).toBeDefined();
    for (const a of ["8.8.8.8", "2606:4700::1111", "172.32.0.1"]) expect(blockedKind(a)).toBeUndefined();
    // IPv6 transition addresses reach the IPv4 address they carry: judged as it.
    expect(blockedKind("64:ff9b::7f00:1")).toBe("a loopback"); // NAT64 of 127.0.0.1
    expect(blockedKind("64:ff9b::a9fe:a9fe")).toBe("a cloud metadata"); // NAT64 of 169.254.169.254
    expect(blockedKind("2002:c0a8:105::1")).toBe("a private"); // 6to4 of 192.168.1.5
    expect(blockedKind("::ffff:0:a00:1")).toBe("a private"); // IPv4-translated 10.0.0.1
    expect(blockedKind("::ffff:a9fe:a9fe")).toBe("a cloud metadata"); // IPv4-mapped, written in hex
    for (const a of ["64:ff9b::808:808", "2002:808:808::1"]) expect(blockedKind(a)).toBeUndefined(); // 8.8.8.8 behind them
    // Whose IPv4 side cannot be read off the address: refused.
    for (const a of ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "64:ff9b:1::808:808", "2001:db8::1", "ff02::1"]) expect(blockedKind(a)).toBeDefined();
  });

  test("a delivery connects to the address the rules approved: no second lookup between the check and the connection", async () => {
    const rx = receiver();
    const port = new URL(rx.url).port;
    // A name no resolver knows: only the pinned address can be reached, and it is.
    const r = await postWebhook({ url: `http://approved.invalid:${port}/hook`, headers: { "webhook-id": "msg_1", "webhook-timestamp": "1", "webhook-signature": "v1,x" }, body: '{"ok":true}', timeoutMs: 3000, pinned: { address: "127.0.0.1", family: 4 } });
    expect({ status: r.statusCode, error: r.error, snippet: r.snippet }).toEqual({ status: 200, error: undefined, snippet: "ok" });
    expect(rx.requests.length).toBe(1);
    expect(rx.requests[0]!.headers.host).toBe(`approved.invalid:${port}`);
    expect(rx.requests[0]!.body).toBe('{"ok":true}');
    // Without the pin the same URL is looked up, and the name resolves nowhere.
    const unpinned = await postWebhook({ url: `http://approved.invalid:${port}/hook`, headers: { "webhook-id": "msg_2", "webhook-timestamp": "1", "webhook-signature": "v1,x" }, body: "{}", timeoutMs: 3000 });
    expect(unpinned.statusCode).toBeUndefined();
    expect(rx.requests.length).toBe(1);
    // A pinned answer that is slow to come: the deadline holds.
    rx.handler = async () => {
      await Bun.sleep(1500);
      return new Response("late");
    };
    const slow = await postWebhook({ url: `http://approved.invalid:${port}/hook`, headers: { "webhook-id": "msg_3", "webhook-timestamp": "1", "webhook-signature": "v1,x" }, body: "{}", timeoutMs: 300, pinned: { address: "127.0.0.1", family: 4 } });
    expect(slow.statusCode).toBeUndefined();
    expect(slow.error).toMatch(/^timeout/);
    expect(slow.durationMs).toBeLessThan(1400);
    rx.handler = () => new Response("ok");
  });

  test("a live endpoint is checked again at delivery (DNS rebinding): not sent", async () => {
    const sql = svc.ctx.database.sql;
    const rx = receiver();
    const liveMerchant = await seedMerchant(sql, [svc.sandbox.account_id], "live");
    // As if the name resolved to a public address at registration and to the receiver's now.
    const ep = await seedEndpoint(sql, { accountId: svc.sandbox.account_id, mode: "live", url: `https://rebind.example:${rx.port}/hook` });
    const eventId = await seedEvent(sql, { merchantId: liveMerchant.id, accountId: svc.sandbox.account_id, mode: "live" });
    await dispatcher({ resolve: async () => ["127.0.0.1"] });
    const attempt = await waitFor(async () => (await sql`SELECT error FROM app.webhook_attempts WHERE event_id = ${eventId}`)[0], "attempt");
    await stopDispatchers();
    expect(attempt.error).toMatch(/not sent: .*127\.0\.0\.1.*loopback/);
    expect(rx.requests.length).toBe(0);
    await sql`UPDATE app.webhook_endpoints SET status = 'disabled' WHERE id = ${ep.id}`;
  });

  test("rotation: two concurrent rotations; deliveries carry every valid signature for 24 h, then only the current one", async () => {
    const rx = receiver();
    const created = await call("/v1/webhook_endpoints", owner, { method: "POST", json: { url: rx.url, enabled_events: ["transaction.created"] } });
    const id = created.body.id as string;
    const original = created.body.secret as string;
    const [r1, r2] = await Promise.all([1, 2].map(() => call(`/v1/webhook_endpoints/${id}/rotate_secret`, owner, { method: "POST" })));
    expect([r1!.status, r2!.status]).toEqual([200, 200]);
    const secrets = [original, r1!.body.secret as string, r2!.body.secret as string];
    expect(new Set(secrets).size).toBe(3);
    const eventId = await seedEvent(svc.ctx.database.sql, { merchantId: svc.sandbox.merchant_id, accountId: null, type: "transaction.created" });
    const clock = new MovableClock(Date.now());
    await dispatcher({ clock });
    await rx.waitForRequests(1);
    const first = rx.requests[0]!;
    expect(first.headers["webhook-signature"]!.split(" ").length).toBe(3);
    for (const s of secrets) expect(() => new Webhook(s).verify(first.body, first.headers)).not.toThrow();
    // Recorded before the clock moves (else its lease would end and it would be sent again).
    const sql = svc.ctx.database.sql;
    const succeeded = (n: number) => async () => (await sql`SELECT 1 FROM app.webhook_deliveries WHERE endpoint_id = ${id} AND status = 'succeeded'`).length >= n;
    await waitFor(succeeded(1), "first delivery recorded");
    // 24 h later: only the newest secret signs.
    clock.advance(24 * 3600_000 + 1000);
    const resent = await call(`/v1/events/${eventId}/resend`, owner, { method: "POST", json: { endpoint_id: id } });
    expect(resent.status).toBe(200);
    expect(resent.body.data.length).toBe(1);
    await rx.waitForRequests(2);
    await waitFor(succeeded(2), "resent delivery recorded");
    await stopDispatchers();
    expect(rx.requests.length).toBe(2);
    const second = rx.requests[1]!;
    expect(second.headers["webhook-signature"]!.split(" ").length).toBe(1);
    const current = (await svc.ctx.database.sql`SELECT secret FROM app.webhook_endpoints WHERE id = ${id}`)[0]!.secret as string;
    expect(() => new Webhook(current).verify(second.body, second.headers)).not.toThrow();
    for (const s of secrets.filter((x) => x !== current)) expect(() => new Webhook(s).verify(second.body, second.headers)).toThrow();
    // Deliveries with their attempts.
    const deliveries = await call(`/v1/webhook_endpoints/${id}/deliveries`, owner);
    expect(deliveries.status).toBe(200);
    expect(deliveries.body.total_count).toBe(2);
    expect(deliveries.body.data[0]).toMatchObject({ object: "webhook_delivery", event_id: eventId, endpoint_id: id, status: "succeeded", attempt_count: 1 });
    expect(deliveries.body.data[0].attempts[0]).toMatchObject({ attempt_number: 1, outcome: "succeeded", status_code: 200, response_snippet: "ok" });
    // Paged with a cursor: one per page, newest first, the same two.
    const page1 = await call(`/v1/webhook_endpoints/${id}/deliveries?limit=1`, owner);
    expect(page1.body).toMatchObject({ has_more: true, total_count: 2 });
    const page2 = await call(`/v1/webhook_endpoints/${id}/deliveries?limit=1&starting_after=${page1.body.data[0].id}`, owner);
    expect(page2.body).toMatchObject({ has_more: false, total_count: 2 });
    expect([page1.body.data[0].id, page2.body.data[0].id]).toEqual(deliveries.body.data.map((d: Json) => d.id));
    expect(err(await call(`/v1/webhook_endpoints/${id}/deliveries?starting_after=wd_unknown`, owner))).toEqual({ status: 400, code: "parameter_invalid", param: "starting_after" });
    expect(err(await call(`/v1/webhook_endpoints/${id}/deliveries?starting_after=${eventId}`, owner))).toEqual({ status: 400, code: "parameter_invalid", param: "starting_after" });
    await call(`/v1/webhook_endpoints/${id}`, owner, { method: "DELETE" });
  });

  test("test event: signed like a delivery, answered with what came back, stored nowhere; isolation and validation", async () => {
    const rx = receiver();
    const created = await call("/v1/webhook_endpoints", owner, { method: "POST", json: { url: rx.url, enabled_events: ["settlement.completed"] } });
    const id = created.body.id as string;
    const r = await call(`/v1/webhook_endpoints/${id}/test`, owner, { method: "POST" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: "webhook_endpoint_test", endpoint_id: id, event_type: "webhook_endpoint.test", succeeded: true, status_code: 200, error: null, response_snippet: "ok" });
    expect(rx.requests.length).toBe(1);
    const sent = rx.requests[0]!;
    expect(() => new Webhook(created.body.secret as string).verify(sent.body, sent.headers)).not.toThrow();
    expect(sent.headers["webhook-id"]).toBe(r.body.event_id);
    expect(JSON.parse(sent.body)).toMatchObject({ id: r.body.event_id, object: "event", type: "webhook_endpoint.test", data: { id, object: "webhook_endpoint" } });
    // Not an event of the log, not a delivery.
    expect((await call(`/v1/events/${r.body.event_id}`, owner)).status).toBe(404);
    expect((await call(`/v1/webhook_endpoints/${id}/deliveries`, owner)).body.total_count).toBe(0);
    // What a failing receiver answered; a disabled endpoint can still be tested.
    rx.handler = () => new Response("nope", { status: 500 });
    await call(`/v1/webhook_endpoints/${id}`, owner, { method: "POST", json: { disabled: true } });
    expect((await call(`/v1/webhook_endpoints/${id}/test`, owner, { method: "POST" })).body).toMatchObject({ succeeded: false, status_code: 500, error: "HTTP 500", response_snippet: "nope" });
    // Nobody listening.
    const gone = await call("/v1/webhook_endpoints", owner, { method: "POST", json: { url: "http://127.0.0.1:9/closed", enabled_events: ["*"] } });
    const silent = await call(`/v1/webhook_endpoints/${gone.body.id}/test`, owner, { method: "POST" });
    expect(silent.body).toMatchObject({ succeeded: false, status_code: null });
    expect(typeof silent.body.error).toBe("string");
    // Another account, a scoped key: 404; a body field: 400.
    expect(err(await call(`/v1/webhook_endpoints/${id}/test`, other, { method: "POST" }))).toEqual({ status: 404, code: "resource_missing", param: undefined });
    expect(err(await call(`/v1/webhook_endpoints/${id}/test`, scoped, { method: "POST" }))).toEqual({ status: 404, code: "resource_missing", param: undefined });
    expect(err(await call(`/v1/webhook_endpoints/${id}/test`, owner, { method: "POST", json: { type: "x" } }))).toEqual({ status: 400, code: "parameter_unknown", param: "type" });
    expect(rx.requests.length).toBe(2);
    await call(`/v1/webhook_endpoints/${id}`, owner, { method: "DELETE" });
    await call(`/v1/webhook_endpoints/${gone.body.id}`, owner, { method: "DELETE" });
  });

  test("resend: validation and isolation", async () => {
    const eventId = await seedEvent(svc.ctx.database.sql, { merchantId: svc.sandbox.merchant_id, accountId: svc.sandbox.account_id, type: "payment_intent.expired" });
    const foreignEp = await seedEndpoint(svc.ctx.database.sql, { accountId: otherAccount, url: "http://127.0.0.1:1/x" });
    expect(err(await call(`/v1/events/${eventId}/resend`, owner, { method: "POST", json: { endpoint_id: foreignEp.id } }))).toEqual({ status: 400, code: "resource_missing", param: "endpoint_id" });
    expect(err(await call(`/v1/events/${eventId}/resend`, owner, { method: "POST", json: { url: "x" } }))).toEqual({ status: 400, code: "parameter_unknown", param: "url" });
    expect(err(await call(`/v1/events/${eventId}/resend`, other, { method: "POST" }))).toEqual({ status: 404, code: "resource_missing", param: undefined });
    const mine = await call("/v1/webhook_endpoints", owner, { method: "POST", json: { url: "http://127.0.0.1:1/x", enabled_events: ["transaction.created"] } });
    expect(err(await call(`/v1/events/${eventId}/resend`, owner, { method: "POST", json: { endpoint_id: mine.body.id } }))).toEqual({ status: 400, code: "event_not_deliverable", param: "endpoint_id" });
    await svc.ctx.database.sql`UPDATE app.webhook_endpoints SET status = 'disabled' WHERE id = ${foreignEp.id}`;
    await call(`/v1/webhook_endpoints/${mine.body.id}`, owner, { method: "DELETE" });
  });

  test("delete during a delivery: the pending delivery is dropped (in its log) and never retried", async () => {
    const rx = receiver();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    rx.handler = async () => {
      await gate;
      return new Response("boom", { status: 500 });
    };
    const created = await call("/v1/webhook_endpoints", owner, { method: "POST", json: { url: rx.url, enabled_events: ["settlement.completed"] } });
    const id = created.body.id as string;
    const eventId = await seedEvent(svc.ctx.database.sql, { merchantId: svc.sandbox.merchant_id, accountId: null, type: "settlement.completed" });
    await dispatcher();
    await rx.waitForRequests(1);
    const deleted = await call(`/v1/webhook_endpoints/${id}`, owner, { method: "DELETE" });
    expect(deleted.body).toEqual({ id, object: "webhook_endpoint", deleted: true, dropped_deliveries: 1 });
    release();
    const sql = svc.ctx.database.sql;
    await waitFor(async () => (await sql`SELECT 1 FROM app.webhook_attempts WHERE event_id = ${eventId} AND outcome <> 'dropped'`).length > 0, "the in-flight attempt recorded");
    await stopDispatchers();
    const [d] = await sql`SELECT status, last_error FROM app.webhook_deliveries WHERE event_id = ${eventId} AND endpoint_id = ${id}`;
    expect(d).toMatchObject({ status: "failed", last_error: "endpoint deleted; delivery dropped" });
    const outcomes = (await sql`SELECT outcome FROM app.webhook_attempts WHERE event_id = ${eventId} ORDER BY id`).map((r) => r.outcome);
    expect(outcomes).toContain("dropped");
    expect(rx.requests.length).toBe(1);
    expect((await call(`/v1/webhook_endpoints/${id}`, owner)).status).toBe(404);
    expect((await call(`/v1/webhook_endpoints/${id}`, owner, { method: "DELETE" })).status).toBe(404);
    expect((await call("/v1/webhook_endpoints", owner)).body.data.map((e: Json) => e.id)).not.toContain(id);
  });
});
