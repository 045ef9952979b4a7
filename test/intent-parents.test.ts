/**
 * A create does not lock its merchant's or its account's row (migration 0033: no foreign keys on
 * app.payment_intents), and what those keys guarded stays guarded: merchants and accounts cannot be
 * deleted or truncated.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestDatabase } from "./support/db.ts";
import type { Database } from "../src/db/client.ts";
import { reserveAndInsert, type ValueLeases } from "../src/modules/payment-intents/reserve.ts";

const ADDRESS = "0x00000000000000000000000000000000000A11cE";
let database: Database;

beforeAll(async () => {
  ({ database } = await createTestDatabase());
  const sql = database.sql;
  for (const [account, merchant, address] of [
    ["acct_parent", "mer_parent", ADDRESS],
    ["acct_lonely", "mer_lonely", "0x00000000000000000000000000000000000B0b00"],
  ] as const) {
    await sql`INSERT INTO app.accounts (id, name) VALUES (${account}, ${account})`;
    await sql`
      INSERT INTO app.merchants (id, mode, business_name, email, status, kyc_status, bank_name, bank_last4, bank_status, chain_id,
                                 payment_address, owner_address, payout_address, fee_rate_bps, settlement_schedule)
      VALUES (${merchant}, 'test', 'Shop', 'shop@example.com', 'active', 'approved', 'Bank', '1234', 'verified', 31337,
              ${address}, ${address}, ${address}, 100, 'manual')`;
  }
});

afterAll(async () => {
  await database?.close();
});

const args = (id: string, amountUnits: bigint) => {
  const now = new Date();
  return { id, mode: "test" as const, accountId: "acct_parent", merchantId: "mer_parent", amountUnits, chainId: 31337, token: "USDC" as const, paymentAddress: ADDRESS, metadata: {}, createdAt: now, expiresAt: new Date(now.getTime() + 300_000) };
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
    await tx`SELECT 1 FROM app.merchants WHERE id = 'mer_parent' FOR UPDATE`;
    await tx`SELECT 1 FROM app.accounts WHERE id = 'acct_parent' FOR UPDATE`;
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
  expect(row).toEqual({ merchant_id: "mer_parent", account_id: "acct_parent" });
});

test("merchants and accounts are never deleted nor truncated, with or without intents", async () => {
  const sql = database.sql;
  // mer_lonely and acct_lonely have nothing referring to them: only the triggers stand in the way.
  for (const statement of [
    sql`DELETE FROM app.merchants WHERE id = 'mer_lonely'`,
    sql`DELETE FROM app.accounts WHERE id = 'acct_lonely'`,
    sql`DELETE FROM app.merchants WHERE id = 'mer_parent'`,
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
