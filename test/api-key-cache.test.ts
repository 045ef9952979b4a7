/**
 * The API-key cache cannot be flushed by a flood of junk keys: unknown keys are cached apart, bounded
 * on their own, so the known keys' entries stay (no database read for them meanwhile). And the
 * per-address limiter's bucket reads (`exhausted`) take nothing.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Database } from "../src/db/client.ts";
import { generateApiKey, hashApiKey } from "../src/domain/api-keys.ts";
import { Authenticator } from "../src/modules/access/authenticator.ts";
import { RateLimiter } from "../src/http/rate-limit.ts";
import { createTestDatabase } from "./support/db.ts";

let database: Database;
beforeAll(async () => {
  ({ database } = await createTestDatabase());
});
afterAll(async () => {
  await database.close();
});

test("12,000 junk keys leave a known key cached: it is answered after its row is gone, within the cache time", async () => {
  const key = generateApiKey("test");
  await database.sql`INSERT INTO app.accounts (id, name) VALUES ('acct_cache', 'Cache Co')`;
  await database.sql`INSERT INTO app.api_keys (id, account_id, mode, key_hash, key_hint) VALUES ('key_cache', 'acct_cache', 'test', ${Buffer.from(hashApiKey(key))}, 'sk_test_…')`;
  // A long cache time, so that the flood's own duration does not expire the entry.
  const auth = new Authenticator(database, 10 * 60_000);
  expect((await auth.authenticate(`Bearer ${key}`)).keyId).toBe("key_cache");
  const junk = Array.from({ length: 12_000 }, () => generateApiKey("test"));
  for (let i = 0; i < junk.length; i += 200)
    await Promise.all(junk.slice(i, i + 200).map((k) => auth.authenticate(`Bearer ${k}`).then(() => "ok", (e: Error) => e.message)));
  // The row is gone: only the cache can still answer for the key.
  await database.sql`DELETE FROM app.api_keys WHERE id = 'key_cache'`;
  expect(auth.hasCached(`Bearer ${key}`)).toBe(true);
  expect((await auth.authenticate(`Bearer ${key}`)).keyId).toBe("key_cache");
  // The key found valid is exempt from the per-address throttle of failures; junk keys are not.
  expect([auth.validOfLate(`Bearer ${key}`), auth.validOfLate(`Bearer ${junk[5]}`), auth.validOfLate(null)]).toEqual([true, false, false]);
  // An unknown key is refused, cached or not.
  await expect(auth.authenticate(`Bearer ${junk[0]}`)).rejects.toThrow("Invalid API key.");
  await expect(auth.authenticate(`Bearer ${junk[11_999]}`)).rejects.toThrow("Invalid API key.");
}, 120_000);

test("RateLimiter.exhausted reads the bucket without taking from it", () => {
  let now = 0;
  const limiter = new RateLimiter({ test: 5, live: 5 }, () => now);
  expect(limiter.exhausted("a", "live")).toBe(false);
  for (let i = 0; i < 10; i++) expect(limiter.take("a", "live").allowed).toBe(true);
  expect(limiter.exhausted("a", "live")).toBe(true);
  expect(limiter.exhausted("a", "live")).toBe(true);
  now += 200; // one token back at 5/s
  expect(limiter.exhausted("a", "live")).toBe(false);
  expect(limiter.take("a", "live").allowed).toBe(true);
  expect(limiter.exhausted("a", "live")).toBe(true);
});
