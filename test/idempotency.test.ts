/**
 * Idempotent creates (docs/contributors.md "Idempotency"): body field or header, scope account + mode,
 * 24 h window, replay = 200 + `Idempotent-Replayed: true` with the intent's current state, same key
 * with other parameters = 409, and exactly one intent for many concurrent requests with one key.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { IDEMPOTENCY_WINDOW_MS } from "../src/modules/payment-intents/service.ts";
import { startTestService, type TestService } from "./support/service.ts";
import { CREATE_FIELDS, create, fixtures, keysOf, newMerchant, type Json } from "./support/intents.ts";

let svc: TestService;
let fx: Awaited<ReturnType<typeof fixtures>>;
const clock = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };

beforeAll(async () => {
  svc = await startTestService({ clock });
  fx = await fixtures(svc);
});
afterAll(async () => {
  await svc?.stop();
});

let n = 0;
const uniqueKey = () => `key-${Date.now()}-${n++}`;
const body = (extra: Json = {}): Json => ({ amount: 25, currency: "usd", merchant_id: svc.sandbox.merchant_id, ...extra });
const intentsWithKeyMarker = async (marker: string) =>
  (await svc.ctx.database.sql`SELECT id FROM app.payment_intents WHERE metadata->>'marker' = ${marker}`).map((r) => String(r.id));

describe("idempotent create", () => {
  test("body key: first 201, replay 200 with Idempotent-Replayed and the same intent", async () => {
    const key = uniqueKey();
    const first = await create(svc, body({ idempotency_key: key, metadata: { marker: key } }));
    expect(first.res.status).toBe(201);
    expect(first.res.headers.get("idempotent-replayed")).toBeNull();
    const again = await create(svc, body({ idempotency_key: key, metadata: { marker: key } }));
    expect(again.res.status).toBe(200);
    expect(again.res.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(keysOf(again.body)).toEqual(CREATE_FIELDS);
    expect(await intentsWithKeyMarker(key)).toEqual([String(first.body.id)]);
  });

  test("header key works the same, and a header and body key that agree are one key", async () => {
    const key = uniqueKey();
    const first = await create(svc, body({ metadata: { marker: key } }), { headers: { "idempotency-key": key } });
    expect(first.res.status).toBe(201);
    const viaBody = await create(svc, body({ idempotency_key: key, metadata: { marker: key } }));
    expect(viaBody.res.status).toBe(200);
    expect(viaBody.body.id).toBe(first.body.id);
    const both = await create(svc, body({ idempotency_key: key, metadata: { marker: key } }), { headers: { "idempotency-key": key } });
    expect(both.res.status).toBe(200);
    expect(both.body.id).toBe(first.body.id);
    const differ = await create(svc, body({ idempotency_key: key, metadata: { marker: key } }), { headers: { "idempotency-key": `${key}-other` } });
    expect(differ.res.status).toBe(400);
    expect(differ.body).toEqual({ error: { type: "invalid_request_error", code: "parameter_invalid", param: "idempotency_key", message: expect.any(String) } });
  });

  test("a replay shows the current state (cancelled: get shape with cancelled_at)", async () => {
    const key = uniqueKey();
    const first = await create(svc, body({ idempotency_key: key }));
    expect((await svc.api(`/v1/payment-intents/${first.body.id}/cancel`, { method: "POST" })).status).toBe(200);
    const again = await create(svc, body({ idempotency_key: key }));
    expect(again.res.status).toBe(200);
    expect(again.res.headers.get("idempotent-replayed")).toBe("true");
    expect(keysOf(again.body)).toEqual([...CREATE_FIELDS, "cancelled_at"].sort());
    expect(again.body).toMatchObject({ id: first.body.id, status: "cancelled" });
  });

  test("same key, different parameters: 409 idempotency_error / idempotency_key_reused, nothing created", async () => {
    const key = uniqueKey();
    const first = await create(svc, body({ idempotency_key: key, metadata: { a: "1", b: "2" } }));
    expect(first.res.status).toBe(201);
    for (const changed of [
      { amount: 25.01 },
      { ttl: 301 },
      { metadata: { a: "1" } },
      { metadata: { a: "1", b: "3" } },
      { merchant_id: fx.second.id },
    ]) {
      const key2 = changed.merchant_id ? { key: svc.sandbox.test_key_unscoped } : {};
      const res = await create(svc, body({ idempotency_key: key, metadata: { a: "1", b: "2" }, ...changed }), key2);
      expect(res.res.status).toBe(409);
      expect(res.body).toEqual({ error: { type: "idempotency_error", code: "idempotency_key_reused", param: "idempotency_key", message: expect.any(String) } });
    }
    // Same parameters written differently are the same request: key order, explicit default ttl, "USD".
    const same = await create(svc, { metadata: { b: "2", a: "1" }, ttl: 300, currency: "USD", merchant_id: svc.sandbox.merchant_id, amount: 25.0, idempotency_key: key });
    expect(same.res.status).toBe(200);
    expect(same.body.id).toBe(first.body.id);
    const [count] = await svc.ctx.database.sql`SELECT count(*)::int AS n FROM app.idempotency_keys WHERE key = ${key}`;
    expect(count?.n).toBe(1);
  });

  test("scope is the account and mode: another account's key with the same idempotency key creates its own intent", async () => {
    const key = uniqueKey();
    const mine = await create(svc, body({ idempotency_key: key }));
    const theirs = await create(svc, { amount: 25, currency: "usd", merchant_id: fx.foreign.id, idempotency_key: key }, { key: fx.foreignKey });
    expect(mine.res.status).toBe(201);
    expect(theirs.res.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    // The account's other key (unscoped) shares the scope: a replay.
    const sibling = await create(svc, body({ idempotency_key: key }), { key: svc.sandbox.test_key_unscoped });
    expect(sibling.res.status).toBe(200);
    expect(sibling.body.id).toBe(mine.body.id);
  });

  test("after 24 hours the key may be used again, for anything", async () => {
    const key = uniqueKey();
    const first = await create(svc, body({ idempotency_key: key }));
    expect(first.res.status).toBe(201);
    clock.offsetMs = IDEMPOTENCY_WINDOW_MS - 5_000;
    try {
      expect((await create(svc, body({ idempotency_key: key }))).res.status).toBe(200);
      clock.offsetMs = IDEMPOTENCY_WINDOW_MS + 1_000;
      const later = await create(svc, body({ idempotency_key: key, amount: 26 }));
      expect(later.res.status).toBe(201);
      expect(later.body.id).not.toBe(first.body.id);
      const replay = await create(svc, body({ idempotency_key: key, amount: 26 }));
      expect(replay.res.status).toBe(200);
      expect(replay.body.id).toBe(later.body.id);
    } finally {
      clock.offsetMs = 0;
    }
  });

  test("a request that fails does not use up the key", async () => {
    const key = uniqueKey();
    // Validation failures are answered before the key is looked at.
    expect((await create(svc, body({ idempotency_key: key, amount: 0 }))).res.status).toBe(400);
    // A create that fails in the database rolls the key back with it.
    const merchant = await newMerchant(svc, [svc.sandbox.account_id], "Full Shop");
    await svc.ctx.database.sql`INSERT INTO app.reservations (merchant_id, expected_units, intent_id, released_after)
                               SELECT ${merchant.id}, 55000000 + t, 'pi_held' || t, NULL FROM generate_series(0, 9999) t`;
    const full = await create(svc, { amount: 55, currency: "usd", merchant_id: merchant.id, idempotency_key: key }, { key: svc.sandbox.test_key_unscoped });
    expect(full.res.status).toBe(409);
    expect((full.body.error as Json).code).toBe("too_many_open_intents");
    const ok = await create(svc, body({ idempotency_key: key }));
    expect(ok.res.status).toBe(201);
  });

  test("50 concurrent creates with one key: exactly one 201, 49 replays of it, one intent", async () => {
    const key = uniqueKey();
    const results = await Promise.all(Array.from({ length: 50 }, () => create(svc, body({ idempotency_key: key, metadata: { marker: key } }))));
    const statuses = results.map((r) => r.res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(49);
    const ids = new Set(results.map((r) => r.body.id));
    expect(ids.size).toBe(1);
    for (const r of results) if (r.res.status === 200) expect(r.res.headers.get("idempotent-replayed")).toBe("true");
    expect(await intentsWithKeyMarker(key)).toEqual([...ids].map(String));
  });

  test("50 concurrent creates with one key and mixed parameters: one intent, the rest replays or 409", async () => {
    const key = uniqueKey();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => create(svc, body({ idempotency_key: key, amount: i % 2 === 0 ? 30 : 31, metadata: { marker: key } }))),
    );
    const created = results.filter((r) => r.res.status === 201);
    expect(created).toHaveLength(1);
    const winner = created[0]!.body;
    for (const r of results) {
      const sameParameters = r.res.status === 201 || (r.body.amount !== undefined && r.body.amount === winner.amount);
      if (r.res.status === 200) expect(r.body).toMatchObject({ id: winner.id, amount: winner.amount });
      else if (r.res.status === 409) expect((r.body.error as Json).code).toBe("idempotency_key_reused");
      else expect(r.res.status).toBe(201);
      expect(sameParameters || r.res.status === 409).toBe(true);
    }
    // Every request with the winner's amount was a replay, every other one a 409.
    expect(results.filter((r) => r.res.status === 409)).toHaveLength(25);
    expect(await intentsWithKeyMarker(key)).toEqual([String(winner.id)]);
  });
});
