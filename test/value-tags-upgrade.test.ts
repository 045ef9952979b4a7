/**
 * In-place upgrade to the value pool (migration 0008): reservations written by the previous version
 * (no amount_units, smallest-free tags) keep blocking reuse while held, and serve again once free.
 */
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import postgres from "postgres";
import { createTestDatabase } from "./support/db.ts";
import type { Sql } from "../src/db/client.ts";
import { migrate } from "../src/db/migrate.ts";
import { reserveAndInsert, WINDOW, type ValueLeases } from "../src/modules/payment-intents/reserve.ts";

const DIR = join(import.meta.dir, "../src/db/migrations");

/** An account and an active merchant paying to `address`, written into the tables directly (the first test runs on the schema before 0008). */
async function seedMerchant(sql: Sql, accountId: string, merchantId: string, name: string, address: string): Promise<void> {
  await sql`INSERT INTO app.accounts (id, name) VALUES (${accountId}, ${name})`;
  await sql`
    INSERT INTO app.merchants (id, mode, business_name, email, status, kyc_status, bank_name, bank_last4, bank_status, chain_id,
                               payment_address, owner_address, payout_address, fee_rate_bps, settlement_schedule)
    VALUES (${merchantId}, 'test', ${name}, 'shop@example.com', 'active', 'approved', 'Bank', '1234', 'verified', 31337,
            ${address}, ${address}, ${address}, 100, 'manual')`;
}

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
    await seedMerchant(sql, "acct_old", "mer_old", "Old", address);
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

    const leases: ValueLeases = new Map();
    const values: bigint[] = [];
    for (let i = 0; i < 3; i++) {
      const now = new Date();
      const r = await reserveAndInsert(
        sql,
        null,
        { id: `pi_new${i}`, mode: "test", accountId: "acct_old", merchantId: "mer_old", amountUnits: 12_340_000n, chainId: 31337, token: "USDC", paymentAddress: address, metadata: {}, createdAt: now, expiresAt: new Date(now.getTime() + 300_000) },
        10_000,
        leases,
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

test("per token: a USDT create next to 20,000 held USDT values and 20,000 free USDC ones takes a free USDT value", async () => {
  const { database } = await createTestDatabase();
  const sql = database.sql;
  try {
    const address = "0x00000000000000000000000000000000000A11cE";
    await seedMerchant(sql, "acct_two", "mer_two", "Two tokens", address);
    // A one-price shop taking both tokens: 20,000 free USDC values of 5.00 (a quiet USDC day after a
    // rush), USDT tags 0-19,999 of it held by open intents (as the free list of 0008-0017 left them:
    // one run from tag 0), and USDT tag 20,000 freed an hour ago.
    await sql`
      INSERT INTO app.reservations (merchant_id, token, expected_units, amount_units, released_after)
      SELECT 'mer_two', 'USDC', 5000000 + g, 5000000, now() - interval '1 day' - g * interval '1 second' FROM generate_series(1, 20000) g`;
    await sql`
      INSERT INTO app.reservations (merchant_id, token, expected_units, amount_units, intent_id, released_after)
      SELECT 'mer_two', 'USDT', 5000000 + g, 5000000, 'pi_open' || g, NULL FROM generate_series(0, 19999) g`;
    await sql`INSERT INTO app.reservations (merchant_id, token, expected_units, amount_units, released_after) VALUES ('mer_two', 'USDT', 5020000, 5000000, now() - interval '1 hour')`;

    // The ring starts inside the held run: a few statements of probes, then the search under the lock
    // finds the smallest free USDT value. Never a USDC value, however many of them are free.
    const leases: ValueLeases = new Map();
    const create = async (id: string) => {
      const now = new Date();
      const r = await reserveAndInsert(
        sql,
        null,
        { id, mode: "test", accountId: "acct_two", merchantId: "mer_two", amountUnits: 5_000_000n, chainId: 31337, token: "USDT", paymentAddress: address, metadata: {}, createdAt: now, expiresAt: new Date(now.getTime() + 300_000) },
        100_000,
        leases,
      );
      if (r.kind !== "created") throw new Error(`create: ${r.kind}`);
      return BigInt(r.row.expected_units as bigint);
    };
    expect(await create("pi_usdt")).toBe(5_020_000n);
    expect(await create("pi_usdt2")).toBe(5_020_001n);
    const [usdc] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.reservations WHERE merchant_id = 'mer_two' AND token = 'USDC' AND intent_id IS NOT NULL`;
    expect(usdc?.n).toBe(0);
  } finally {
    await database.close();
  }
});

test("a create reads a few rows of app.reservations by primary key, however many the merchant has, on a table never analyzed", async () => {
  const { url, database } = await createTestDatabase();
  const sql = database.sql;
  // One connection for the creates, so that its table statistics can be flushed and read back.
  const one = postgres(url, { max: 1, types: { bigint: postgres.BigInt } }) as unknown as Sql;
  try {
    const address = "0x00000000000000000000000000000000000A11cE";
    await seedMerchant(sql, "acct_scan", "mer_scan", "Scan", address);
    // As on a new install before autovacuum first looks: the planner knows nothing of the table. With a
    // NOT EXISTS probe it then chose an anti-join that read the merchant's whole range of the primary
    // key at every create (more than 45,000 entries for these 600 creates; a count, not a timing).
    await sql`ALTER TABLE app.reservations SET (autovacuum_enabled = false)`;
    const rowsRead = async () => {
      await one`SELECT pg_stat_force_next_flush()`;
      await one`SELECT 1`;
      const [r] = await sql<{ n: number }[]>`
        SELECT (coalesce(t.seq_tup_read, 0) + coalesce(t.idx_tup_fetch, 0) + (SELECT coalesce(sum(i.idx_tup_read), 0) FROM pg_stat_user_indexes i WHERE i.relid = t.relid))::int AS n
        FROM pg_stat_user_tables t WHERE t.schemaname = 'app' AND t.relname = 'reservations'`;
      return r?.n ?? 0;
    };
    const before = await rowsRead();
    const leases: ValueLeases = new Map();
    let i = 0;
    const create = async (amountUnits: bigint) => {
      const now = new Date();
      const r = await reserveAndInsert(
        one,
        null,
        { id: `pi_scan${i++}`, mode: "test", accountId: "acct_scan", merchantId: "mer_scan", amountUnits, chainId: 31337, token: "USDC", paymentAddress: address, metadata: {}, createdAt: now, expiresAt: new Date(now.getTime() + 300_000) },
        10_000,
        leases,
      );
      if (r.kind !== "created") throw new Error(`create: ${r.kind}`);
    };
    for (let k = 0; k < 300; k++) await create(25_000_000n);
    for (let k = 0; k < 300; k++) await create(BigInt(1_000_000 + k * 10_000));
    // One amount: the tag 0 row and a candidate or two per create, and the reads of ON CONFLICT.
    const read = (await rowsRead()) - before;
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(600 * 6);
  } finally {
    await one.end();
    await database.close();
  }
});

test("a process that dies holding leased tags loses no value: another process still fills the whole width, each value once", async () => {
  const { database } = await createTestDatabase();
  const sql = database.sql;
  try {
    const address = "0x00000000000000000000000000000000000A11cE";
    await seedMerchant(sql, "acct_crash", "mer_crash", "Crash", address);
    let i = 0;
    const create = (leases: ValueLeases) => {
      const now = new Date();
      return reserveAndInsert(
        sql,
        null,
        { id: `pi_crash${i++}`, mode: "test", accountId: "acct_crash", merchantId: "mer_crash", amountUnits: 3_000_000n, chainId: 31337, token: "USDC", paymentAddress: address, metadata: {}, createdAt: now, expiresAt: new Date(now.getTime() + 300_000) },
        100,
        leases,
      );
    };
    // Process A: the window filled, then a rush of 10 (the ring's), then another (leasing ahead of need
    // by then), leaves it holding leased tags it never hands out; then it is gone (kill -9).
    const a: ValueLeases = new Map();
    for (let k = 0; k < WINDOW; k++) expect((await create(a)).kind).toBe("created");
    await Promise.all(Array.from({ length: 10 }, () => create(a)));
    await Promise.all(Array.from({ length: 10 }, () => create(a)));
    await Promise.all([...a.values()].map((l) => l.pending)); // the lease started ahead of need
    const leftInA = [...a.values()].reduce((n, l) => n + l.tags.length, 0);
    expect(leftInA).toBeGreaterThan(0);
    // Process B, started after: the ring goes on past A's lease, comes round to it, and the last
    // values are found by the search under the lock. Exactly the width in all, then `full`.
    const b: ValueLeases = new Map();
    const kinds: string[] = [];
    const rest = 100 - WINDOW - 20;
    for (let k = 0; k <= rest; k++) kinds.push((await create(b)).kind);
    expect(kinds.slice(0, rest).every((k) => k === "created")).toBe(true);
    expect(kinds[rest]).toBe("full");
    const [held] = await sql<{ n: number; distinct: number }[]>`
      SELECT count(*)::int AS n, count(DISTINCT expected_units)::int AS distinct FROM app.payment_intents WHERE merchant_id = 'mer_crash'`;
    expect(held).toEqual({ n: 100, distinct: 100 });
  } finally {
    await database.close();
  }
});

test("a create of a busy amount counts the values held of it in its own statement when asked, and only then; the window's creates count nothing", async () => {
  const { database } = await createTestDatabase();
  const sql = database.sql;
  try {
    const address = "0x00000000000000000000000000000000000A11cE";
    await seedMerchant(sql, "acct_count", "mer_count", "Count", address);
    let i = 0;
    // A new lease map per create: no rush, so each create starts with the amount's own statement.
    const create = (countHeld: boolean, leases: ValueLeases = new Map()) => {
      const now = new Date();
      return reserveAndInsert(
        sql,
        null,
        { id: `pi_count${i++}`, mode: "test", accountId: "acct_count", merchantId: "mer_count", amountUnits: 4_000_000n, chainId: 31337, token: "USDC", paymentAddress: address, metadata: {}, createdAt: now, expiresAt: new Date(now.getTime() + 300_000) },
        100,
        leases,
        countHeld,
      );
    };
    const first = await create(true);
    expect(first.kind === "created" && first.held).toBeUndefined(); // the amount itself: nothing to count
    // The window's creates (a tag width wider than the window) count nothing, asked or not: a value
    // free there means the price is not busy; the ring's creates count.
    const second = await create(true);
    expect(second.kind === "created" && second.held).toBeUndefined();
    const third = await create(false);
    expect(third.kind === "created" && third.held).toBeUndefined();
    const fourth = await create(true);
    expect(fourth.kind === "created" && fourth.held).toBeUndefined();
    // Those took the lowest values of the amount (its window), with no cursor written.
    expect([first, second, third, fourth].map((r) => r.kind === "created" && Number(r.row.tag_units))).toEqual([0, 1, 2, 3]);
    for (let k = 5; k <= WINDOW; k++) expect(await create(false)).toMatchObject({ kind: "created" });
    expect((await sql`SELECT 1 FROM app.value_cursors WHERE merchant_id = 'mer_count'`).length).toBe(0);
    // The window full: the ring, from the first tag past the window, and its statement counts.
    const ninth = await create(true);
    expect(ninth.kind === "created" && ninth.held).toBe(WINDOW + 1);
    expect(ninth.kind === "created" && Number(ninth.row.tag_units)).toBe(WINDOW);
    // A rush (one process's leases, creates within a second): the ring's statement counts.
    const rush: ValueLeases = new Map();
    expect(await create(false, rush)).toMatchObject({ kind: "created" });
    const eleventh = await create(true, rush);
    expect(eleventh.kind === "created" && eleventh.held).toBe(WINDOW + 3);
    expect(rush.get("mer_count:USDC:4000000")?.size).toBeGreaterThan(1); // it took the ring's path
    // A price this process found busy, out of a rush and with nothing leased left: the amount and the
    // ring's next tag in one statement (the cursor moved by one), which counts too.
    const quiet: ValueLeases = new Map();
    expect(await create(false, quiet)).toMatchObject({ kind: "created" });
    Object.assign(quiet.get("mer_count:USDC:4000000")!, { at: 0, tags: [] });
    const cursor = async () => (await sql<{ next_tag: number }[]>`SELECT next_tag FROM app.value_cursors WHERE merchant_id = 'mer_count'`)[0]!.next_tag;
    const next = await cursor();
    const thirteenth = await create(true, quiet);
    expect(thirteenth.kind === "created" && thirteenth.held).toBe(WINDOW + 5);
    expect(thirteenth.kind === "created" && Number(thirteenth.row.tag_units)).toBe(next);
    expect(await cursor()).toBe(next + 1);
  } finally {
    await database.close();
  }
});
