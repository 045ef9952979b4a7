import { test } from "bun:test";
import { createTestDatabase } from "./support/db.ts";
import { ChainMatcher } from "../src/modules/matching/engine.ts";
import { createLogger } from "../src/logger.ts";
import { getAddress } from "viem";
import { randomBytes } from "node:crypto";

test("matcher alone", async () => {
  const { database } = await createTestDatabase();
  const sql = database.sql;
  const M = 100, N = Number(process.env.N ?? 10000);
  await sql`INSERT INTO app.accounts (id, name) VALUES ('acct_1', 'a')`;
  const accts: string[] = [];
  for (let i = 0; i < M; i++) {
    const addr = getAddress("0x" + randomBytes(20).toString("hex"));
    accts.push(addr.toLowerCase());
    await sql`INSERT INTO app.merchants (id, mode, business_name, email, status, kyc_status, bank_name, bank_last4, bank_status, chain_id, payment_address, owner_address, payout_address, fee_rate_bps, settlement_schedule)
      VALUES (${"mer_" + i}, 'test', 'b', 'e@x.co', 'active', 'approved', 'b', '1234', 'verified', 31337, ${addr}, ${addr}, ${addr}, 100, 'manual')`;
  }
  await sql.unsafe(`CREATE SCHEMA chain; CREATE TABLE chain.usdc_transfer (id text primary key, chain_id int8, block_number int8, block_timestamp int8, block_hash text, transaction_hash text, log_index int, token_address text, from_address text, to_address text, value numeric(78,0), merchant_account text);
    CREATE INDEX ON chain.usdc_transfer (chain_id, block_number, log_index); CREATE INDEX ON chain.usdc_transfer (to_address, block_timestamp); CREATE INDEX ON chain.usdc_transfer (transaction_hash);
    CREATE TABLE chain.chain_checkpoint (chain_id int8 primary key, chain_name text, block_number int8, block_hash text, block_timestamp int8);
    CREATE TABLE chain.indexed_merchant_account (id text primary key, chain_id int8, merchant_account text, from_block int8);`);
  for (const a of accts) await sql.unsafe(`INSERT INTO chain.indexed_merchant_account VALUES ($1, 31337, $2, 0)`, ["31337-" + a, a]);
  const now = Math.floor(Date.now() / 1000);
  await sql.unsafe(`INSERT INTO app.payment_intents (id, mode, account_id, merchant_id, status, amount_units, tag_units, expected_units, chain_id, payment_address, metadata, created_at, expires_at)
    SELECT 'pi_' || g, 'test', 'acct_1', 'mer_' || (g % ${M}), 'awaiting_payment', 1000000 * (1 + (g / ${M}) % 5), (g / ${M * 5}), 1000000 * (1 + (g / ${M}) % 5) + (g / ${M * 5}), 31337, 'x', '{"a":"b"}', now(), now() + interval '1 hour' FROM generate_series(0, ${N - 1}) g`);
  await sql.unsafe(`INSERT INTO app.reservations SELECT merchant_id, expected_units, id, NULL FROM app.payment_intents`);
  const merchAddr = accts;
  await sql.unsafe(`INSERT INTO chain.usdc_transfer SELECT '31337-' || g, 31337, 100 + g / 1000, ${now}, '0xbh', '0x' || lpad(to_hex(g), 64, '0'), g % 1000, '0xusdc', '0x' || repeat('ab', 20), (ARRAY[${merchAddr.map((a) => `'${a}'`).join(",")}])[1 + g % ${M}], p.expected_units, (ARRAY[${merchAddr.map((a) => `'${a}'`).join(",")}])[1 + g % ${M}]
    FROM generate_series(0, ${N - 1}) g JOIN app.payment_intents p ON p.id = 'pi_' || g`);
  await sql.unsafe(`INSERT INTO chain.chain_checkpoint VALUES (31337, 'sandbox', 100 + ${N} / 1000 + 1, '0xcp', ${now})`);
  if (!process.env.NOANALYZE) await sql`ANALYZE`;
  const lanes = Number(process.env.LANES ?? 8);
  const m = new ChainMatcher(sql, { chainId: 31337, confirmations: 0, clock: { now: () => new Date() }, log: createLogger("warn"), batchSize: 1000, concurrency: lanes, auditIntervalMs: 1e9 });
  await m.load();
  await m.step(); // accounts
  const t = performance.now();
  const cpu0 = process.cpuUsage();
  let handled = 0;
  for (;;) { const r = await m.step(); handled += r.handled; if (!r.more) break; }
  const s = (performance.now() - t) / 1000;
  const cpu = process.cpuUsage(cpu0);
  console.log(`bun cpu ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s`);
  const [c] = await sql`SELECT count(*)::int n FROM app.payment_intents WHERE status = 'confirmed'`;
  for (const q of [
    `EXPLAIN ANALYZE SELECT x.id FROM app.transactions x LEFT JOIN chain.usdc_transfer t ON t.chain_id = x.chain_id AND t.transaction_hash = x.tx_hash AND t.log_index = x.log_index WHERE x.chain_id = 31337 AND x.status <> 'failed' AND x.block_number > 0 AND x.block_number <= (SELECT c.block_number FROM chain.chain_checkpoint c WHERE c.chain_id = 31337) AND (t.block_hash IS NULL OR t.block_hash IS DISTINCT FROM x.block_hash)`,
    `EXPLAIN ANALYZE SELECT t.* FROM chain.usdc_transfer t WHERE t.chain_id = 31337 AND t.block_number > 0 AND (t.block_number, t.log_index) <= (1000, 100000) AND NOT EXISTS (SELECT 1 FROM app.transactions x WHERE x.chain_id = t.chain_id AND x.tx_hash = t.transaction_hash AND x.log_index = t.log_index) LIMIT 1000`,
  ]) { const rows = await sql.unsafe(q); console.log(rows.map((r: any) => r["QUERY PLAN"]).join("\n")); }
  console.log(`handled ${handled} in ${s.toFixed(2)} s = ${(handled / s).toFixed(0)}/s, confirmed ${c!.n}, lanes ${lanes}`);
}, 300000);
test("plans", async () => {}, 1);
