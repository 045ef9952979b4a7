/**
 * The matcher's engine against real Postgres, with a stand-in for the indexer's views: a `chain`
 * schema with the columns of ponder.schema.ts (usdc_transfer, chain_checkpoint,
 * indexed_merchant_account), written by the test. This drives exact situations that are hard to
 * produce through anvil and Ponder: many transfers in one page (waves), two payments of one value
 * in one page, an account that appears below the cursor, coverage, replaced blocks.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { getAddress } from "viem";
import { randomBytes } from "node:crypto";
import { createTestDatabase } from "./support/db.ts";
import { ChainMatcher } from "../src/modules/matching/engine.ts";
import { matcherCoveredUntil } from "../src/modules/matching/coverage.ts";
import { createLogger } from "../src/logger.ts";
import type { Sql } from "../src/db/client.ts";

const CHAIN = 31337;
const M = 20;
let sql: Sql;
const accounts: string[] = [];
const log = createLogger("error");
const clock = { now: () => new Date() };
let nextTx = 1;
const NOW_S = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  ({ database: { sql } } = await createTestDatabase());
  await sql`INSERT INTO app.accounts (id, name) VALUES ('acct_engine', 'engine test')`;
  for (let i = 0; i < M + 1; i++) {
    const addr = getAddress(`0x${randomBytes(20).toString("hex")}`);
    accounts.push(addr.toLowerCase());
    await sql`
      INSERT INTO app.merchants (id, mode, business_name, email, status, kyc_status, bank_name, bank_last4, bank_status, chain_id,
        payment_address, owner_address, payout_address, fee_rate_bps, settlement_schedule)
      VALUES (${`mer_engine${i}`}, 'test', 'b', 'e@x.co', 'active', 'approved', 'b', '1234', 'verified', ${CHAIN}, ${addr}, ${addr}, ${addr}, 100, 'manual')`;
  }
  await sql.unsafe(`
    CREATE SCHEMA IF NOT EXISTS chain;
    CREATE TABLE chain.usdc_transfer (id text PRIMARY KEY, chain_id int8, block_number int8, block_timestamp int8, block_hash text,
      transaction_hash text, log_index int, token_address text, from_address text, to_address text, value numeric(78,0), merchant_account text);
    CREATE INDEX ON chain.usdc_transfer (chain_id, block_number, log_index);
    CREATE INDEX ON chain.usdc_transfer (to_address, block_timestamp);
    CREATE INDEX ON chain.usdc_transfer (transaction_hash);
    CREATE TABLE chain.chain_checkpoint (chain_id int8 PRIMARY KEY, chain_name text, block_number int8, block_hash text, block_timestamp int8);
    CREATE TABLE chain.indexed_merchant_account (id text PRIMARY KEY, chain_id int8, merchant_account text, from_block int8);`);
  // The last account is onboarded later (not indexed yet).
  for (const a of accounts.slice(0, M)) await indexAccount(a);
});

async function indexAccount(account: string) {
  await sql.unsafe(`INSERT INTO chain.indexed_merchant_account VALUES ($1, $2, $3, 0)`, [`${CHAIN}-${account}`, CHAIN, account]);
}

const hash = (block: number) => `0xb${String(block).padStart(63, "0")}`;

/** Puts a transfer in the stand-in index; returns its tx hash. */
async function transfer(block: number, logIndex: number, account: string, value: bigint, blockHash = hash(block)): Promise<string> {
  const tx = `0x${(nextTx++).toString(16).padStart(64, "0")}`;
  await sql.unsafe(`INSERT INTO chain.usdc_transfer VALUES ($1, $2, $3, $4, $5, $6, $7, '0xusdc', $8, $9, $10, $9)`, [
    `${CHAIN}-${tx}-${logIndex}`,
    CHAIN,
    block,
    NOW_S + block,
    blockHash,
    tx,
    logIndex,
    `0x${"ab".repeat(20)}`,
    account,
    value.toString(),
  ] as never[]);
  return tx;
}

async function checkpoint(block: number) {
  await sql.unsafe(
    `INSERT INTO chain.chain_checkpoint VALUES ($1, 'sandbox', $2, $3, $4)
     ON CONFLICT (chain_id) DO UPDATE SET block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash, block_timestamp = EXCLUDED.block_timestamp`,
    [CHAIN, block, hash(block), NOW_S + block] as never[],
  );
}

let intentSeq = 0;
/** An open intent of merchant i for `amountUnits` with tag `tag`, and its reservation. */
async function intent(i: number, amountUnits: bigint, tag = 0): Promise<{ id: string; expected: bigint }> {
  const id = `pi_engine${intentSeq++}`;
  const expected = amountUnits + BigInt(tag);
  await sql`
    INSERT INTO app.payment_intents (id, mode, account_id, merchant_id, status, amount_units, tag_units, expected_units, chain_id,
      payment_address, metadata, created_at, expires_at)
    VALUES (${id}, 'test', 'acct_engine', ${`mer_engine${i}`}, 'awaiting_payment', ${amountUnits}, ${tag}, ${expected}, ${CHAIN},
      ${getAddress(accounts[i]!)}, '{"k":"v"}'::jsonb, now() - interval '1 minute', now() + interval '1 hour')`;
  await sql`INSERT INTO app.reservations (merchant_id, expected_units, intent_id) VALUES (${`mer_engine${i}`}, ${expected}, ${id})`;
  return { id, expected };
}

function engine(opts: { batchSize?: number; waveSize?: number; concurrency?: number } = {}) {
  return new ChainMatcher(sql, { chainId: CHAIN, confirmations: 0, clock, log, auditIntervalMs: 1e9, ...opts });
}

async function drain(m: ChainMatcher) {
  for (let i = 0; i < 1000; i++) if (!(await m.step()).more) return;
  throw new Error("engine did not settle");
}

async function txnsOf(txHash: string) {
  return sql<{ id: string; payment_intent_id: string | null; status: string }[]>`
    SELECT id, payment_intent_id, status FROM app.transactions WHERE tx_hash = ${txHash}`;
}

describe("matcher engine", () => {
  test("a page of many merchants, with two payments of one value in it: the first confirms, the second is the duplicate", async () => {
    const intents = [];
    for (let i = 0; i < M; i++) intents.push(await intent(i, 1_000_000n * BigInt(i + 1)));
    const hashes: string[] = [];
    // Block 10: one payment per merchant. Merchant 0's value is paid twice (block 10, then block 11).
    for (let i = 0; i < M; i++) hashes.push(await transfer(10, i, accounts[i]!, intents[i]!.expected));
    const dup = await transfer(11, 0, accounts[0]!, intents[0]!.expected);
    const unmatched = await transfer(11, 1, accounts[1]!, 123n);
    await checkpoint(11);
    // Small statements and pages: the duplicate lands in a later wave of the same page.
    const m = engine({ batchSize: 100, waveSize: 7, concurrency: 3 });
    await drain(m);
    for (let i = 0; i < M; i++) {
      const [t] = await txnsOf(hashes[i]!);
      expect(t?.payment_intent_id).toBe(intents[i]!.id);
      const [pi] = await sql<{ status: string; transaction_id: string }[]>`SELECT status, transaction_id FROM app.payment_intents WHERE id = ${intents[i]!.id}`;
      expect(pi).toEqual({ status: "confirmed", transaction_id: t!.id });
    }
    const [d] = await txnsOf(dup);
    expect(d?.payment_intent_id).toBe(intents[0]!.id);
    expect((await txnsOf(unmatched))[0]?.payment_intent_id).toBeNull();
    const [ev] = await sql<{ confirmed: number; created: number }[]>`
      SELECT count(*) FILTER (WHERE type = 'payment_intent.confirmed')::int AS confirmed,
             count(*) FILTER (WHERE type = 'transaction.created')::int AS created FROM app.events`;
    expect(ev).toEqual({ confirmed: M, created: M + 2 });
    // Coverage: every block up to 11 is processed; only timestamps strictly below block 11's are
    // certain. Chain-wide it is unknown: one merchant's account is not indexed yet.
    const covered = await matcherCoveredUntil(sql, CHAIN, { merchantId: "mer_engine0" });
    expect(covered?.getTime()).toBe((NOW_S + 11) * 1000 - 1);
    expect(await matcherCoveredUntil(sql, CHAIN)).toBeNull();
  });

  test("a page written one transfer per statement (waveSize 1) gives the same result", async () => {
    const a = await intent(2, 777_000n);
    const b = await intent(3, 777_000n);
    const ha = await transfer(12, 0, accounts[2]!, a.expected);
    const hb = await transfer(12, 1, accounts[3]!, b.expected);
    await checkpoint(12);
    await drain(engine({ waveSize: 1 }));
    expect((await txnsOf(ha))[0]?.payment_intent_id).toBe(a.id);
    expect((await txnsOf(hb))[0]?.payment_intent_id).toBe(b.id);
  });

  test("an account indexed after the cursor moved on is caught up below the cursor before the cursor moves again", async () => {
    const late = accounts[M]!;
    const [merchant] = await sql<{ id: string }[]>`SELECT id FROM app.merchants WHERE lower(payment_address) = ${late}`;
    const early = await intent(M, 5_000_000n);
    const old = await transfer(3, 5, late, early.expected); // long before the cursor (block 12)
    const m = engine();
    await drain(m);
    expect(await txnsOf(old)).toHaveLength(0); // not indexed yet: invisible
    // Coverage for that merchant is unknown until the matcher has joined its account.
    expect(await matcherCoveredUntil(sql, CHAIN, { merchantId: merchant!.id })).toBeNull();
    await indexAccount(late);
    await drain(m);
    expect((await txnsOf(old))[0]?.payment_intent_id).toBe(early.id);
    expect(await matcherCoveredUntil(sql, CHAIN, { merchantId: merchant!.id })).not.toBeNull();
    const newer = await transfer(13, 0, late, 1n);
    await checkpoint(13);
    await drain(m);
    expect((await txnsOf(old))[0]?.payment_intent_id).toBe(early.id);
    expect(await txnsOf(newer)).toHaveLength(1);
    expect(await matcherCoveredUntil(sql, CHAIN)).not.toBeNull();
  });

  test("a replaced block: a vanished transfer fails with an alert, a moved one keeps its transaction, a new one below the cursor is recorded", async () => {
    const gone = await transfer(14, 0, accounts[4]!, 11n);
    const moves = await transfer(14, 1, accounts[5]!, 12n);
    await checkpoint(14);
    const m = engine();
    await drain(m);
    const [g] = await txnsOf(gone);
    const [mv] = await txnsOf(moves);
    // Reorg: block 14 replaced; `gone` vanishes, `moves` is in the new block 14, and a new transfer
    // appears in block 14 too (below the cursor).
    await sql.unsafe(`DELETE FROM chain.usdc_transfer WHERE transaction_hash = $1`, [gone]);
    await sql.unsafe(`UPDATE chain.usdc_transfer SET block_hash = $1 WHERE transaction_hash = $2`, [hash(14).replace("0xb", "0xc"), moves]);
    const added = await transfer(14, 0, accounts[6]!, 13n, hash(14).replace("0xb", "0xc")); // at the cursor or below it
    await checkpoint(15);
    await m.auditNow();
    expect((await txnsOf(gone))[0]).toMatchObject({ id: g!.id, status: "failed" });
    const [alert] = await sql<{ kind: string }[]>`SELECT kind FROM app.chain_alerts WHERE transaction_id = ${g!.id}`;
    expect(alert?.kind).toBe("transfer_reorged");
    const [moved] = await sql<{ id: string; status: string; block_hash: string }[]>`SELECT id, status, block_hash FROM app.transactions WHERE tx_hash = ${moves}`;
    expect(moved).toEqual({ id: mv!.id, status: "confirmed", block_hash: hash(14).replace("0xb", "0xc") });
    expect(await txnsOf(added)).toHaveLength(1);
    // Auditing again changes nothing.
    const before = await sql`SELECT count(*)::int AS n FROM app.transactions`;
    await m.auditNow();
    expect(await sql`SELECT count(*)::int AS n FROM app.transactions`).toEqual(before);
  });

  test("no views yet: the engine waits (not ready), coverage is null", async () => {
    const { database } = await createTestDatabase();
    const m = new ChainMatcher(database.sql, { chainId: CHAIN, confirmations: 0, clock, log });
    expect(await m.step()).toEqual({ handled: 0, more: false, notReady: true });
    expect(await matcherCoveredUntil(database.sql, CHAIN)).toBeNull();
    await database.close();
  });
});
