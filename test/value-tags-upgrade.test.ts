/**
 * In-place upgrade to the value pool (migration 0008): reservations written by the previous version
 * (no amount_units, smallest-free tags) keep blocking reuse while held, and serve again once free.
 */
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createTestDatabase } from "./support/db.ts";
import { migrate } from "../src/db/migrate.ts";
import { reserveAndInsert, type PoolHints } from "../src/modules/payment-intents/reserve.ts";

const DIR = join(import.meta.dir, "../src/db/migrations");

test("held reservations from before migration 0008 still block their values; a released one is used again", async () => {
  const { database } = await createTestDatabase({ migrate: false });
  const sql = database.sql;
  try {
    // The schema as the previous version left it: every migration before 0008.
    await sql.begin(async (tx) => {
      await tx`CREATE SCHEMA IF NOT EXISTS app`;
      await tx`CREATE TABLE IF NOT EXISTS app.schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`;
      for (const f of readdirSync(DIR).filter((f) => f.endsWith(".sql") && f < "0008").sort()) {
        await tx.unsafe(readFileSync(join(DIR, f), "utf8"));
        await tx`INSERT INTO app.schema_migrations (name) VALUES (${f})`;
      }
    });
    const address = "0x00000000000000000000000000000000000A11cE";
    await sql`INSERT INTO app.accounts (id, name) VALUES ('acct_old', 'Old')`;
    await sql`
      INSERT INTO app.merchants (id, mode, business_name, email, status, kyc_status, bank_name, bank_last4, bank_status, chain_id,
                                 payment_address, owner_address, payout_address, fee_rate_bps, settlement_schedule)
      VALUES ('mer_old', 'test', 'Old Shop', 'o@example.com', 'active', 'approved', 'Bank', '1234', 'verified', 31337,
              ${address}, ${address}, ${address}, 100, 'manual')`;
    // Tag 0: open; tag 1: cancelled, in quarantine for 23 more hours; tag 2: expired, quarantine over.
    for (const [tag, status, releasedAfter] of [
      [0, "awaiting_payment", null],
      [1, "cancelled", "23 hours"],
      [2, "expired", "-1 minute"],
    ] as const) {
      const id = `pi_old${tag}`;
      await sql`
        INSERT INTO app.payment_intents (id, mode, account_id, merchant_id, status, amount_units, tag_units, expected_units, chain_id, payment_address, created_at, expires_at)
        VALUES (${id}, 'test', 'acct_old', 'mer_old', ${status}, 12340000, ${tag}, ${12_340_000 + tag}, 31337, ${address}, now() - interval '1 day', now() + interval '1 hour')`;
      await sql`
        INSERT INTO app.reservations (merchant_id, expected_units, intent_id, released_after)
        VALUES ('mer_old', ${12_340_000 + tag}, ${id}, ${releasedAfter === null ? null : sql`now() + ${releasedAfter}::interval`})`;
    }

    expect(await migrate(sql)).toContain("0008_value_tag_pool.sql");
    const rows = await sql<{ expected_units: bigint; amount_units: bigint }[]>`SELECT expected_units, amount_units FROM app.reservations ORDER BY expected_units`;
    expect(rows.map((r) => [r.expected_units, r.amount_units])).toEqual([
      [12_340_000n, 12_340_000n],
      [12_340_001n, 12_340_000n],
      [12_340_002n, 12_340_000n],
    ]);

    const hints: PoolHints = new Map();
    const values: bigint[] = [];
    for (let i = 0; i < 3; i++) {
      const now = new Date();
      const r = await reserveAndInsert(
        { sql },
        { id: `pi_new${i}`, mode: "test", accountId: "acct_old", merchantId: "mer_old", amountUnits: 12_340_000n, chainId: 31337, token: "USDC", paymentAddress: address, metadata: {}, createdAt: now, expiresAt: new Date(now.getTime() + 300_000) },
        10_000,
        hints,
      );
      if (r.kind !== "created") throw new Error(`create ${i}: ${r.kind}`);
      values.push(BigInt(r.row.expected_units as bigint));
    }
    // The open (0) and quarantined (1) values stay theirs; the released one (2) serves first, then new ones.
    expect(values).toEqual([12_340_002n, 12_340_003n, 12_340_004n]);
  } finally {
    await database.close();
  }
});

test("the pool index names the token (migration 0017): a USDT claim reads none of the USDC pool of its amount", async () => {
  const { database } = await createTestDatabase();
  const sql = database.sql;
  try {
    const address = "0x00000000000000000000000000000000000A11cE";
    await sql`INSERT INTO app.accounts (id, name) VALUES ('acct_two', 'Two tokens')`;
    await sql`
      INSERT INTO app.merchants (id, mode, business_name, email, status, kyc_status, bank_name, bank_last4, bank_status, chain_id,
                                 payment_address, owner_address, payout_address, fee_rate_bps, settlement_schedule)
      VALUES ('mer_two', 'test', 'Two Tokens', 't@example.com', 'active', 'approved', 'Bank', '1234', 'verified', 31337,
              ${address}, ${address}, ${address}, 100, 'manual')`;
    // A one-price shop taking both tokens: 20,000 free USDC values of 5.00 (a quiet USDC day after a
    // rush), 20,000 USDT values of it held by open intents, and one free USDT value. Without the token
    // in the pool index, a USDT claim walks either the USDC pool (the pool index) or the held USDT
    // values (the primary key's range): 20,000 rows either way.
    await sql`
      INSERT INTO app.reservations (merchant_id, token, expected_units, amount_units, released_after)
      SELECT 'mer_two', 'USDC', 5000000 + g, 5000000, now() - interval '1 day' - g * interval '1 second' FROM generate_series(1, 20000) g`;
    await sql`
      INSERT INTO app.reservations (merchant_id, token, expected_units, amount_units, intent_id, released_after)
      SELECT 'mer_two', 'USDT', 5000000 + g, 5000000, 'pi_open' || g, NULL FROM generate_series(0, 19999) g`;
    await sql`INSERT INTO app.reservations (merchant_id, token, expected_units, amount_units, released_after) VALUES ('mer_two', 'USDT', 5020000, 5000000, now() - interval '1 hour')`;
    await sql`ANALYZE app.reservations`;
    // The claim's scan (reserve.ts, `pooled`): the token is a bound of the index range, not a filter over the other token's rows.
    const [plan] = await sql`
      EXPLAIN (ANALYZE, FORMAT JSON)
      SELECT expected_units, released_after FROM app.reservations
      WHERE merchant_id = 'mer_two' AND token = 'USDT' AND amount_units = 5000000 AND released_after <= now() AND expected_units <= 5099999
      ORDER BY released_after, expected_units LIMIT 1`;
    const text = JSON.stringify(plan);
    expect(text).toContain("reservations_pool");
    expect(text).toMatch(/"Index Cond":"[^"]*token = 'USDT'/);
    expect(text).not.toMatch(/"Rows Removed by Filter":[1-9]/);

    const now = new Date();
    const r = await reserveAndInsert(
      { sql },
      { id: "pi_usdt", mode: "test", accountId: "acct_two", merchantId: "mer_two", amountUnits: 5_000_000n, chainId: 31337, token: "USDT", paymentAddress: address, metadata: {}, createdAt: now, expiresAt: new Date(now.getTime() + 300_000) },
      100_000,
      new Map(),
    );
    if (r.kind !== "created") throw new Error(`create: ${r.kind}`);
    expect(BigInt(r.row.expected_units as bigint)).toBe(5_020_000n);
  } finally {
    await database.close();
  }
});
