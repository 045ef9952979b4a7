/**
 * The expiry sweep on a real Postgres: the payload, the reservation's quarantine, the fairness
 * cut-off (driven through the coverage interface), and exactly one event per intent with several
 * expirers (and a confirming matcher) racing. The end-to-end race with the real matcher is in
 * expiry-race.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { connect, type Database } from "../src/db/client.ts";
import { paymentIntents, reservations } from "../src/db/schema/core.ts";
import { RESERVATION_QUARANTINE_MS } from "../src/domain/intent-status.ts";
import { intentExpiredEventShape } from "../src/modules/payment-intents/shapes.ts";
import { fromPgTs } from "../src/db/pg-values.ts";
import { Expirer, type CoveredUntil } from "../src/workers/expirer.ts";
import { createTestDatabase } from "./support/db.ts";
import { MovableClock, seedAccount, seedIntents, seedMerchant, testContext, TEST_CHAIN_ID, waitFor } from "./support/webhook-fixtures.ts";

let database: Database;
let url: string;
let accountId: string;
let merchant: { id: string; paymentAddress: string };

beforeAll(async () => {
  ({ database, url } = await createTestDatabase());
  accountId = await seedAccount(database.sql);
  merchant = await seedMerchant(database.sql, [accountId]);
});
afterAll(async () => {
  await database?.close();
});

const coveredAt = (d: Date | null): CoveredUntil => async () => d;

function expirer(clock: MovableClock, covered: CoveredUntil, db: Database = database, batchSize?: number) {
  return new Expirer(testContext(db, { clock }), covered, { chainIds: [TEST_CHAIN_ID], pollMs: 20, ...(batchSize ? { batchSize } : {}) });
}

async function eventsFor(ids: string[]) {
  const rows = await database.sql<{ id: string; type: string; mode: string; account_id: string | null; merchant_id: string; data: Record<string, unknown>; created_at: unknown }[]>`
    SELECT id, type, mode, account_id, merchant_id, data, created_at FROM app.events
    WHERE type = 'payment_intent.expired' AND data->>'id' IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::text::jsonb))`;
  return rows.map((r) => ({ ...r, created_at: fromPgTs(r.created_at) }));
}

async function intents(ids: string[]) {
  return database.db.select().from(paymentIntents).where(inArray(paymentIntents.id, ids));
}

describe("expiring an intent", () => {
  test("status, expired_at, reservation quarantine and exactly the payment_intent.expired payload, in one go", async () => {
    const expiresAt = new Date("2026-04-01T12:00:00.250Z");
    const ids = [
      ...(await seedIntents(database.sql, { accountId, merchantId: merchant.id, paymentAddress: merchant.paymentAddress, count: 2, expiresAt, amountUnits: 12_340_000n, metadata: { order: "A-1", note: "café ☕" } })),
      ...(await seedIntents(database.sql, { accountId, merchantId: merchant.id, paymentAddress: merchant.paymentAddress, count: 1, expiresAt, amountUnits: 10_000n, metadata: {} })),
      ...(await seedIntents(database.sql, { accountId, merchantId: merchant.id, paymentAddress: merchant.paymentAddress, count: 1, expiresAt, amountUnits: 10_000_000_000n })),
    ];
    const now = new Date("2026-04-01T12:00:00.400Z");
    const n = await expirer(new MovableClock(now.getTime()), coveredAt(new Date("2026-04-01T13:00:00Z"))).sweep();
    expect(n).toBe(4);
    const rows = await intents(ids);
    const events = await eventsFor(ids);
    expect(events).toHaveLength(4);
    for (const row of rows) {
      expect(row.status).toBe("expired");
      expect(row.expiredAt).toEqual(now);
      const [res] = await database.db.select().from(reservations).where(eq(reservations.intentId, row.id));
      expect(res!.releasedAfter).toEqual(new Date(now.getTime() + RESERVATION_QUARANTINE_MS));
      const event = events.find((e) => e.data.id === row.id)!;
      expect(event).toMatchObject({ mode: "test", account_id: accountId, merchant_id: merchant.id, created_at: now });
      expect(event.id).toMatch(/^evt_[0-9A-Za-z]{24}$/);
      // Built in SQL for speed; must equal the shape builder exactly (values and key set).
      expect(event.data).toEqual(intentExpiredEventShape(row) as unknown as Record<string, unknown>);
    }
    const amounts = events.map((e) => e.data.amount).sort((a, b) => Number(a) - Number(b));
    expect(amounts).toEqual([0.01, 12.34, 12.34, 10000]);
    // A second sweep finds nothing.
    expect(await expirer(new MovableClock(now.getTime() + 60_000), coveredAt(new Date("2026-04-01T13:00:00Z"))).sweep()).toBe(0);
    expect(await eventsFor(ids)).toHaveLength(4);
  });

  test("confirmed, cancelled and already expired intents are never touched", async () => {
    const expiresAt = new Date("2026-04-02T12:00:00Z");
    const ids = await seedIntents(database.sql, { accountId, merchantId: merchant.id, paymentAddress: merchant.paymentAddress, count: 3, expiresAt, amountUnits: 3_000_000n });
    await database.sql`UPDATE app.payment_intents SET status = 'confirmed', confirmed_at = ${expiresAt.toISOString()}::timestamptz, net_units = 1, fee_units = 0, tx_hash = '0x1' WHERE id = ${ids[0]!}`;
    await database.sql`UPDATE app.payment_intents SET status = 'cancelled', cancelled_at = ${expiresAt.toISOString()}::timestamptz WHERE id = ${ids[1]!}`;
    await database.sql`UPDATE app.payment_intents SET status = 'expired', expired_at = ${expiresAt.toISOString()}::timestamptz WHERE id = ${ids[2]!}`;
    await expirer(new MovableClock(expiresAt.getTime() + 3_600_000), coveredAt(new Date(expiresAt.getTime() + 3_600_000))).sweep();
    const rows = await intents(ids);
    expect(rows.map((r) => r.status).sort()).toEqual(["cancelled", "confirmed", "expired"]);
    expect(await eventsFor(ids)).toHaveLength(0);
  });
});

describe("fairness and timing", () => {
  test("never before expires_at, never before the matcher has covered expires_at; at exactly both it expires", async () => {
    const expiresAt = new Date("2026-04-03T12:00:05.000Z");
    const [id] = await seedIntents(database.sql, { accountId, merchantId: merchant.id, paymentAddress: merchant.paymentAddress, count: 1, expiresAt, amountUnits: 4_000_000n });
    const status = async () => (await intents([id!]))[0]!.status;
    const clock = new MovableClock(expiresAt.getTime() + 3_600_000);
    let covered: Date | null = null;
    const e = expirer(clock, async () => covered);

    // The matcher has processed nothing: nothing expires, however late it is.
    expect(await e.sweep()).toBe(0);
    // Covered up to 1 ms before expires_at: a payment could still sit in a block at expires_at.
    covered = new Date(expiresAt.getTime() - 1);
    expect(await e.sweep()).toBe(0);
    expect(await status()).toBe("awaiting_payment");
    // Covered well past it, but the clock is 1 ms before expires_at.
    covered = new Date(expiresAt.getTime() + 3_600_000);
    clock.set(expiresAt.getTime() - 1);
    expect(await e.sweep()).toBe(0);
    expect(await status()).toBe("awaiting_payment");
    // Both exactly at expires_at: expired, at expires_at.
    covered = expiresAt;
    clock.set(expiresAt);
    expect(await e.sweep()).toBe(1);
    const [row] = await intents([id!]);
    expect(row).toMatchObject({ status: "expired", expiredAt: expiresAt });
    expect(await eventsFor([id!])).toHaveLength(1);
  });

  test("each chain is cut off at its own coverage", async () => {
    const expiresAt = new Date("2026-04-04T12:00:00Z");
    const [onTest] = await seedIntents(database.sql, { accountId, merchantId: merchant.id, paymentAddress: merchant.paymentAddress, count: 1, expiresAt, amountUnits: 5_000_000n });
    const [onOther] = await seedIntents(database.sql, { accountId, merchantId: merchant.id, paymentAddress: merchant.paymentAddress, count: 1, expiresAt, amountUnits: 5_100_000n, chainId: 8453 });
    const coverage: CoveredUntil = async (_sql, chainId) => (chainId === TEST_CHAIN_ID ? new Date(expiresAt.getTime() + 1000) : new Date(expiresAt.getTime() - 1000));
    const e = new Expirer(testContext(database, { clock: new MovableClock(expiresAt.getTime() + 60_000) }), coverage, { chainIds: [TEST_CHAIN_ID, 8453] });
    expect(await e.sweep()).toBe(1);
    const rows = await intents([onTest!, onOther!]);
    expect(rows.find((r) => r.id === onTest)!.status).toBe("expired");
    expect(rows.find((r) => r.id === onOther)!.status).toBe("awaiting_payment");
  });

  test("the running role expires an intent soon after its deadline passes, without being woken, never before it", async () => {
    const expiresAt = new Date(Date.now() + 400);
    const [id] = await seedIntents(database.sql, { accountId, merchantId: merchant.id, paymentAddress: merchant.paymentAddress, count: 1, expiresAt, amountUnits: 6_000_000n });
    // Real clock; the matcher is "caught up" to now.
    const e = new Expirer(testContext(database), async () => new Date(), { chainIds: [TEST_CHAIN_ID], pollMs: 100 });
    e.start();
    try {
      const row = await waitFor(async () => {
        const [r] = await intents([id!]);
        return r?.status === "expired" ? r : undefined;
      }, "expired by the loop", 10_000);
      expect(row.expiredAt!.getTime()).toBeGreaterThanOrEqual(expiresAt.getTime());
      console.log(`expired ${row.expiredAt!.getTime() - expiresAt.getTime()} ms after expires_at (poll 100 ms)`);
    } finally {
      await e.stop();
    }
  });
});

describe("concurrency", () => {
  test("several expirers at once (own connections, small batches) and a confirming matcher: exactly one outcome and one event per intent", async () => {
    const expiresAt = new Date("2026-04-05T12:00:00Z");
    const ids = await seedIntents(database.sql, { accountId, merchantId: merchant.id, paymentAddress: merchant.paymentAddress, count: 20_000, expiresAt, amountUnits: 7_000_000n });
    const now = new Date(expiresAt.getTime() + 1000);
    const pools = [1, 2, 3, 4].map(() => connect(url, { max: 3 }));
    try {
      const expirers = pools.map((p) => expirer(new MovableClock(now.getTime()), coveredAt(now), p, 700));
      // A "matcher" confirming every 10th intent meanwhile, guarded like the real one.
      const confirmIds = ids.filter((_, i) => i % 10 === 0);
      const confirmer = (async () => {
        let confirmed = 0;
        for (let i = 0; i < confirmIds.length; i += 50) {
          const chunk = confirmIds.slice(i, i + 50);
          const rows = await database.sql`
            UPDATE app.payment_intents SET status = 'confirmed', confirmed_at = ${now.toISOString()}::timestamptz, net_units = 1, fee_units = 0, tx_hash = '0x2'
            WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(chunk)}::text::jsonb)) AND status = 'awaiting_payment'
            RETURNING id`;
          confirmed += rows.length;
        }
        return confirmed;
      })();
      const [counts, confirmed] = await Promise.all([Promise.all(expirers.map((e) => e.sweep())), confirmer]);
      const expiredCount = counts.reduce((a, b) => a + b, 0);
      // Several did work (the claim is shared out, not serialised behind one).
      expect(counts.filter((c) => c > 0).length).toBeGreaterThan(1);
      expect(expiredCount + confirmed).toBe(ids.length);

      const [summary] = await database.sql<{ expired: number; confirmed: number; awaiting: number }[]>`
        SELECT count(*) FILTER (WHERE status = 'expired')::int AS expired, count(*) FILTER (WHERE status = 'confirmed')::int AS confirmed,
               count(*) FILTER (WHERE status = 'awaiting_payment')::int AS awaiting
        FROM app.payment_intents WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::text::jsonb))`;
      expect(summary).toEqual({ expired: expiredCount, confirmed, awaiting: 0 });
      const [ev] = await database.sql<{ events: number; intents: number; wrong: number }[]>`
        SELECT count(*)::int AS events, count(DISTINCT e.data->>'id')::int AS intents,
               count(*) FILTER (WHERE p.status <> 'expired')::int AS wrong
        FROM app.events e JOIN app.payment_intents p ON p.id = e.data->>'id'
        WHERE e.type = 'payment_intent.expired' AND p.expires_at = ${expiresAt.toISOString()}::timestamptz`;
      expect(ev).toEqual({ events: expiredCount, intents: expiredCount, wrong: 0 });
      const [res] = await database.sql<{ held: number }[]>`
        SELECT count(*)::int AS held FROM app.reservations r JOIN app.payment_intents p ON p.id = r.intent_id
        WHERE p.expires_at = ${expiresAt.toISOString()}::timestamptz AND p.status = 'expired' AND r.released_after IS NULL`;
      expect(res!.held).toBe(0);
    } finally {
      await Promise.all(pools.map((p) => p.close()));
    }
  });
});
