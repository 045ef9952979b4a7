/**
 * A create does not lock its merchant's or its account's row (migration 0033: no foreign keys on
 * app.payment_intents), and what those keys guarded stays guarded: merchants and accounts cannot be
 * deleted or truncated.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestDatabase } from "./support/db.ts";
import { seedAccount, seedMerchant } from "./support/webhook-fixtures.ts";
import type { Database } from "../src/db/client.ts";
import { reserveAndInsert, type ValueLeases } from "../src/modules/payment-intents/reserve.ts";

let database: Database;
/** The create's merchant and account. */
let parent: { accountId: string; merchantId: string; paymentAddress: string };
/** A merchant and an account nothing refers to: only the triggers stand in the way of deleting them. */
let lonely: { accountId: string; merchantId: string };

beforeAll(async () => {
  ({ database } = await createTestDatabase());
  const sql = database.sql;
  const accountId = await seedAccount(sql, "parent");
  const merchant = await seedMerchant(sql, [accountId]);
  parent = { accountId, merchantId: merchant.id, paymentAddress: merchant.paymentAddress };
  lonely = { accountId: await seedAccount(sql, "lonely"), merchantId: (await seedMerchant(sql, [])).id };
});

afterAll(async () => {
  await database?.close();
});

const args = (id: string, amountUnits: bigint) => {
  const now = new Date();
  return { id, mode: "test" as const, accountId: parent.accountId, merchantId: parent.merchantId, amountUnits, chainId: 31337, token: "USDC" as const, paymentAddress: parent.paymentAddress, metadata: {}, createdAt: now, expiresAt: new Date(now.getTime() + 300_000) };
};

test("a create goes through while another transaction holds its merchant's and account's rows locked", async () => {
  const sql = database.sql;
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  // The strongest row lock there is, on both parents, held until the create is done: a create that
  // locks either row (a foreign key's check) waits for it and fails on its lock_timeout.
  const holder = sql.begin(async (tx) => {
    await tx`SELECT 1 FROM app.merchants WHERE id = ${parent.merchantId} FOR UPDATE`;
    await tx`SELECT 1 FROM app.accounts WHERE id = ${parent.accountId} FOR UPDATE`;
    locked();
    await held;
  });
  await isLocked;
  try {
    const created = await sql.begin(async (tx) => {
      await tx`SET LOCAL lock_timeout = '2s'`;
      return reserveAndInsert(sql, tx, args("pi_parentlocked", 12_340_000n), 10_000, new Map() as ValueLeases);
    });
    expect(created.kind).toBe("created");
  } finally {
    release();
    await holder;
  }
  const [row] = await sql<{ merchant_id: string; account_id: string }[]>`SELECT merchant_id, account_id FROM app.payment_intents WHERE id = 'pi_parentlocked'`;
  expect(row).toEqual({ merchant_id: parent.merchantId, account_id: parent.accountId });
});

test("merchants and accounts are never deleted nor truncated, with or without intents", async () => {
  const sql = database.sql;
  for (const statement of [
    sql`DELETE FROM app.merchants WHERE id = ${lonely.merchantId}`,
    sql`DELETE FROM app.accounts WHERE id = ${lonely.accountId}`,
    sql`DELETE FROM app.merchants WHERE id = ${parent.merchantId}`,
    sql`TRUNCATE app.merchants CASCADE`,
    sql`TRUNCATE app.accounts CASCADE`,
  ]) {
    const err = await statement.then(
      () => null,
      (e: unknown) => e as { code?: string; message?: string },
    );
    expect(err?.code).toBe("23001");
    expect(err?.message).toContain("are never deleted");
  }
  const [n] = await sql<{ merchants: number; accounts: number }[]>`
    SELECT (SELECT count(*)::int FROM app.merchants) AS merchants, (SELECT count(*)::int FROM app.accounts) AS accounts`;
  expect(n).toEqual({ merchants: 2, accounts: 2 });
});
