/**
 * A worker loop wedged inside a round is seen: a real expirer on a real Postgres whose sweep waits on
 * a table lock another session holds (as behind a stuck migration or a forgotten transaction) logs
 * nothing and fails nothing, yet its process's /health turns 503 naming it once no round finished
 * within its allowance, and /metrics shows its last round growing old. Released, it finishes its
 * round and /health is 200 again.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import postgres from "postgres";
import { buildApp } from "../src/api/app.ts";
import { metrics } from "../src/metrics.ts";
import type { Database } from "../src/db/client.ts";
import { Expirer } from "../src/workers/expirer.ts";
import { createTestDatabase } from "./support/db.ts";
import { seedAccount, seedIntents, seedMerchant, testContext, TEST_CHAIN_ID, waitFor } from "./support/webhook-fixtures.ts";

let database: Database;
let url: string;
/** Where the scrapes' collectors read Postgres: not the locked table (they would wait on it as the loop does). */
let scrapeDatabase: Database;

beforeAll(async () => {
  ({ database, url } = await createTestDatabase());
  ({ database: scrapeDatabase } = await createTestDatabase());
  const accountId = await seedAccount(database.sql);
  const merchant = await seedMerchant(database.sql, [accountId]);
  // Something for the sweep to do: intents already past their expiry.
  await seedIntents(database.sql, { accountId, merchantId: merchant.id, paymentAddress: merchant.paymentAddress, count: 3, expiresAt: new Date(Date.now() - 60_000) });
});
afterAll(async () => {
  await database?.close();
  await scrapeDatabase?.close();
});

/** The last-round gauge of a role, as a scrape reads it (Unix seconds), or undefined. */
async function lastRound(role: string): Promise<number | undefined> {
  const text = await metrics.render(testContext(scrapeDatabase));
  const m = new RegExp(`^stablepay_worker_last_round_timestamp_seconds\\{role="${role}"\\} (\\S+)$`, "m").exec(text);
  return m ? Number(m[1]) : undefined;
}

test("a wedged loop makes /health 503 with its role; once it finishes a round, 200 again", async () => {
  const ctx = testContext(database);
  // The routes an ops port serves, as a worker-only process serves them.
  const health = buildApp(ctx, "ops");
  const get = async () => {
    const res = await health.handle(new Request("http://localhost/health"));
    return { status: res.status, body: (await res.json()) as { status: string; stalled?: { role: string; seconds_since_last_round: number }[] } };
  };
  const expirer = new Expirer(ctx, async () => new Date(), { chainIds: [TEST_CHAIN_ID], pollMs: 50, stallAfterMs: 1_500 });
  expirer.start();
  const blocker = postgres(url, { max: 1, onnotice: () => {} });
  let release!: () => void;
  let locked: Promise<unknown> | undefined;
  try {
    // Rounds finish: healthy, and the expired intents are gone.
    await waitFor(async () => (await database.sql`SELECT count(*)::int AS n FROM app.payment_intents WHERE status = 'awaiting_payment'`)[0]!.n === 0, "the sweep", 10_000);
    expect(await get()).toEqual({ status: 200, body: { status: "ok" } });
    const before = (await lastRound("expirer"))!;
    expect(Date.now() / 1000 - before).toBeLessThan(1);

    // Another session holds the intents' table: the next sweep waits on it, for ever.
    const held = new Promise<void>((resolve) => (release = resolve));
    let lockTaken!: () => void;
    const taken = new Promise<void>((resolve) => (lockTaken = resolve));
    locked = blocker.begin(async (tx) => {
      await tx`LOCK TABLE app.payment_intents IN ACCESS EXCLUSIVE MODE`;
      lockTaken();
      await held;
    });
    await taken;
    const wedgedAt = Date.now();
    await waitFor(async () => (await get()).status === 503, "/health 503", 10_000);
    const stalled = await get();
    expect(stalled.body.status).toBe("stalled");
    expect(stalled.body.stalled!.map((l) => l.role)).toEqual(["expirer"]);
    expect(stalled.body.stalled![0]!.seconds_since_last_round).toBeGreaterThanOrEqual(1.5);
    // Not before its allowance: the wedge began less than a round ago, and 1.5 s had to pass.
    expect(Date.now() - wedgedAt).toBeGreaterThan(1_400);
    // The process answered all along; its loop's last round stands still in /metrics.
    expect(await lastRound("expirer")).toBeLessThan(Date.now() / 1000 - 1.5);

    release();
    await locked;
    await waitFor(async () => (await get()).status === 200, "/health 200", 10_000);
    expect(Date.now() / 1000 - (await lastRound("expirer"))!).toBeLessThan(1);
  } finally {
    release?.();
    await locked?.catch(() => {});
    await expirer.stop();
    await blocker.end();
  }
  // A stopped loop is no longer watched: its process may go on without it.
  expect(await get()).toEqual({ status: 200, body: { status: "ok" } });
  expect(await lastRound("expirer")).toBeUndefined();
}, 30_000);
