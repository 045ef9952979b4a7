/**
 * The indexer's set of deposit addresses (indexer/deposit-addresses.ts) on real Postgres: what it reads
 * and when. No transfer to an address the service wrote before the transfer's block existed may be
 * missed (a row committed late included), and a stranger's transfer in a block already covered reads
 * nothing.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { DepositAddresses } from "../indexer/deposit-addresses.ts";
import { createTestDatabase } from "./support/db.ts";
import type { Database, SqlOrTx } from "../src/db/client.ts";

let database: Database;
let url: string;
let empty: { url: string; database: Database };
const readers: InstanceType<typeof Bun.SQL>[] = [];

beforeAll(async () => {
  ({ url, database } = await createTestDatabase());
  empty = await createTestDatabase({ migrate: false });
});
afterAll(async () => {
  for (const r of readers) await r.close();
  await database?.close();
  await empty?.database.close();
});

const address = () => `0x${randomBytes(20).toString("hex")}`;
const hash = () => `0x${randomBytes(32).toString("hex")}`;

async function insert(sql: SqlOrTx, a: string) {
  await sql`INSERT INTO app.deposit_addresses (address, intent_id, merchant_id, owner_account, created_at)
            VALUES (${a}, ${`pi_${randomBytes(12).toString("hex")}`}, 'mer_x', ${address()}, now())`;
}

/** A set whose chain head is `head.value`, counting its reads of the table and its questions of the head. */
function setOn(dbUrl: string, head: { value: bigint }) {
  const reader = new Bun.SQL({ url: dbUrl, max: 1 });
  readers.push(reader);
  const counter = { reads: 0, heads: 0 };
  const counted = (strings: TemplateStringsArray, ...values: unknown[]) => {
    if (strings.join("").includes("pg_snapshot_xmin")) counter.reads++;
    return reader(strings, ...values);
  };
  const set = new DepositAddresses(counted as unknown as InstanceType<typeof Bun.SQL>, async () => {
    counter.heads++;
    return head.value;
  });
  return { set, counter };
}

test("reads every address at first, then only for blocks that did not exist at its last read", async () => {
  const a = address();
  await insert(database.sql, a);
  const head = { value: 1_000n };
  const { set, counter } = setOn(url, head);
  const b500 = hash();
  expect(await set.has(1, 500n, b500, a)).toBe(true);
  expect(counter).toEqual({ reads: 1, heads: 1 });
  // The block a read was made for: its other transfers read nothing.
  expect(await set.has(1, 500n, b500, address())).toBe(false);
  expect(counter.reads).toBe(1);
  expect(set.size).toBeGreaterThanOrEqual(1);
  // Deep below the head of that read: a stranger's transfer costs no read, whatever the block.
  for (let n = 0n; n < 100n; n++) expect(await set.has(1, 100n + n, hash(), address())).toBe(false);
  expect(counter.reads).toBe(1);

  // A block near the head: one read for it (the head was just asked), then none for its other transfers.
  const b990 = hash();
  const fresh = address();
  await insert(database.sql, fresh);
  expect(await set.has(1, 990n, b990, fresh)).toBe(true);
  expect(counter).toEqual({ reads: 2, heads: 1 });
  expect(await set.has(1, 990n, b990, address())).toBe(false);
  expect(counter.reads).toBe(2);

  // A reorg: another block at that height (made later) is read for again.
  const later = address();
  await insert(database.sql, later);
  expect(await set.has(1, 990n, hash(), later)).toBe(true);
  expect(counter.reads).toBe(3);

  // Another chain has its own head: its blocks are not covered by this chain's reads.
  expect(await set.has(2, 10n, hash(), address())).toBe(false);
  expect(counter).toEqual({ reads: 4, heads: 2 });

  // A block far above the head known: the head is asked again, and covers what lies deep below it.
  head.value = 10_000n;
  expect(await set.has(1, 5_000n, hash(), address())).toBe(false);
  expect(counter).toEqual({ reads: 5, heads: 3 });
  expect(await set.has(1, 9_000n, hash(), address())).toBe(false);
  expect(counter.reads).toBe(5);
});

test("a row committed after a read that started later is still found by the next read", async () => {
  const head = { value: 2_000n };
  const { set } = setOn(url, head);
  expect(await set.has(1, 1_990n, hash(), address())).toBe(false);
  const late = address();
  let commit!: () => void;
  const committed = new Promise<void>((r) => (commit = r));
  let inserted!: () => void;
  const insertedYet = new Promise<void>((r) => (inserted = r));
  // A create whose transaction takes its id now and commits after the set's next read.
  const slow = database.sql.begin(async (tx) => {
    await insert(tx, late);
    inserted();
    await committed;
  });
  await insertedYet;
  head.value = 2_001n;
  expect(await set.has(1, 1_995n, hash(), late)).toBe(false); // not committed yet: invisible
  commit();
  await slow;
  expect(await set.has(1, 1_996n, hash(), late)).toBe(true);
});

test("a database without the service's tables has no deposit address, and the set says so without failing", async () => {
  const { set, counter } = setOn(empty.url, { value: 10n });
  expect(await set.has(1, 5n, hash(), address())).toBe(false);
  expect(counter.reads).toBe(1);
});
