import { test } from "bun:test";
import { createTestDatabase } from "./support/db.ts";
test("dbg", async () => {
  const { database } = await createTestDatabase();
  const sql = database.sql as any;
  await sql`INSERT INTO app.accounts (id, name) VALUES ('acct_x', 'x')`;
  await sql`INSERT INTO app.merchants (id, mode, business_name, email, status, kyc_status, bank_name, bank_last4, bank_status, chain_id, owner_address, payout_address, fee_rate_bps, settlement_schedule)
                SELECT 'mer_bulk' || lpad(i::text, 8, '0'), 'test', 'Bulk', 'bulk@example.com', 'active', 'approved', 'Bank', '0000', 'verified', 31337, '0x0', '0x0', 100, 'manual'
                FROM generate_series(0, 1000) i`;
  for (const [label, expr] of [["half", "CASE WHEN i % 2 = 0 THEN 'mer_bulk00000000' ELSE 'mer_bulk' || lpad((i % 1000 + 1)::text, 8, '0') END"], ["all", "'mer_bulk00000000'"]]) {
    await sql`TRUNCATE app.payment_intents CASCADE`;
    const t0 = Date.now();
    await sql.unsafe(`INSERT INTO app.payment_intents (id, mode, account_id, merchant_id, status, amount_units, tag_units, expected_units, chain_id, payment_address, metadata, created_at, expires_at)
                SELECT 'pi_bulk' || lpad(i::text, 17, '0'), 'test', 'acct_x', ${expr},
                       (ARRAY['awaiting_payment', 'confirmed', 'expired', 'cancelled', 'settled'])[i % 5 + 1], 1000000, 0, 1000000, 31337, '0x0', '{}',
                       timestamptz '2026-01-01' + i * interval '1 second', timestamptz '2026-01-01' + i * interval '1 second' + interval '5 minutes'
                FROM generate_series(1, 1000000) i`);
    console.log(label, "insert ms", Date.now() - t0);
    await sql`VACUUM ANALYZE app.payment_intents`;
    const m = "mer_bulk00000000";
    const variants: Record<string, string> = {
      plain: `SELECT count(*) FROM app.payment_intents WHERE merchant_id = '${m}'`,
      plainStatus: `SELECT count(*) FROM app.payment_intents WHERE merchant_id = '${m}' AND status = 'confirmed'`,
      ordered: `SELECT count(*) FROM (SELECT 1 FROM app.payment_intents WHERE merchant_id = '${m}' ORDER BY created_at DESC, id DESC) s`,
      orderedStatus: `SELECT count(*) FROM (SELECT 1 FROM app.payment_intents WHERE merchant_id = '${m}' AND status = 'confirmed' ORDER BY created_at DESC, id DESC) s`,
      orderedRange: `SELECT count(*) FROM (SELECT 1 FROM app.payment_intents WHERE merchant_id = '${m}' AND created_at > '2026-01-03' ORDER BY created_at DESC, id DESC) s`,
    };
    for (const [name, q] of Object.entries(variants)) {
      const plan = await sql.unsafe(`EXPLAIN (ANALYZE, FORMAT TEXT) ${q}`);
      console.log(label, name, "\n" + plan.map((r: any) => r["QUERY PLAN"]).join("\n"));
    }
    await sql`SET max_parallel_workers_per_gather = 0`;
    const plan = await sql.unsafe(`EXPLAIN (ANALYZE, FORMAT TEXT) ${variants.plain}`);
    console.log(label, "plain-noparallel", "\n" + plan.map((r: any) => r["QUERY PLAN"]).join("\n"));
    await sql`RESET max_parallel_workers_per_gather`;
  }
  await database.close();
}, 600000);
