/**
 * The backlog gauges read what waits in a real Postgres at scrape time: deliveries due and intents
 * past expiry are counted with their oldest one's age, and a backlog that a role works off reads 0
 * again at the next scrape (a real expirer expires the intents).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Database } from "../src/db/client.ts";
import { metrics } from "../src/metrics.ts";
import "../src/modules/backlogs/metrics.ts";
import { fanOutEvents } from "../src/modules/webhooks/service.ts";
import { Expirer } from "../src/workers/expirer.ts";
import { createTestDatabase } from "./support/db.ts";
import { seedAccount, seedEndpoint, seedEvent, seedIntents, seedMerchant, testContext, TEST_CHAIN_ID, waitFor } from "./support/webhook-fixtures.ts";

let database: Database;

beforeAll(async () => {
  ({ database } = await createTestDatabase());
});
afterAll(async () => {
  await database?.close();
});

/** Each series of a scrape by its name and labels, e.g. `stablepay_intents_overdue{mode="test"}`. */
async function scrape(): Promise<Map<string, number>> {
  const text = await metrics.render(testContext(database));
  return new Map([...text.matchAll(/^(stablepay_[a-z_]+(?:\{[^}]*\})?) (\S+)$/gm)].map((m) => [m[1]!, Number(m[2])]));
}

test("deliveries due and intents past expiry, with the age of the oldest; 0 once worked off", async () => {
  const empty = await scrape();
  expect([empty.get("stablepay_webhook_deliveries_due"), empty.get("stablepay_webhook_delivery_oldest_due_seconds"), empty.get('stablepay_intents_overdue{mode="test"}'), empty.get("stablepay_intent_overdue_oldest_seconds")]).toEqual([0, 0, 0, 0]);

  const accountId = await seedAccount(database.sql);
  const merchant = await seedMerchant(database.sql, [accountId]);
  await seedEndpoint(database.sql, { accountId, url: "https://hooks.example/in" });
  await seedEvent(database.sql, { merchantId: merchant.id, accountId });
  await seedEvent(database.sql, { merchantId: merchant.id, accountId });
  // Fanned out ten minutes ago and never attempted since: no dispatcher ran.
  expect(await fanOutEvents(database.sql, new Date(Date.now() - 600_000), 10)).toEqual({ events: 2, deliveries: 2 });
  await seedIntents(database.sql, { accountId, merchantId: merchant.id, paymentAddress: merchant.paymentAddress, count: 3, expiresAt: new Date(Date.now() - 300_000) });
  await seedIntents(database.sql, { accountId, merchantId: merchant.id, paymentAddress: merchant.paymentAddress, count: 2, expiresAt: new Date(Date.now() + 3_600_000) });

  const waiting = await scrape();
  expect(waiting.get("stablepay_webhook_deliveries_due")).toBe(2);
  expect(waiting.get("stablepay_webhook_delivery_oldest_due_seconds")).toBeWithin(600, 610);
  // Only the intents past their expiry, not those still open.
  expect(waiting.get('stablepay_intents_overdue{mode="test"}')).toBe(3);
  expect(waiting.get('stablepay_intents_overdue{mode="live"}')).toBe(0);
  expect(waiting.get("stablepay_intent_overdue_oldest_seconds")).toBeWithin(300, 310);

  const expirer = new Expirer(testContext(database), async () => new Date(), { chainIds: [TEST_CHAIN_ID], pollMs: 50 });
  expirer.start();
  try {
    await waitFor(async () => (await scrape()).get('stablepay_intents_overdue{mode="test"}') === 0, "the expirer to work the backlog off", 10_000);
  } finally {
    await expirer.stop();
  }
  expect((await scrape()).get("stablepay_intent_overdue_oldest_seconds")).toBe(0);
});
