/**
 * EXPLAIN check of the two list endpoints on a large table: 1M payment intents and 1M transactions
 * spread over 100 merchants (10k each), then the exact queries the services build
 * (payment-intents `listQueries`, transactions `transactionListQueries`) for every filter
 * combination, cursor or not. Fails (exit 1) on any Seq Scan; reports an explicit Sort in a page
 * query (the index should give the order).
 *
 *   bun bench/list-plans.ts [--rows 1000000] [--database-url postgres://…]
 *
 * Without --database-url it starts a throwaway embedded Postgres. bench/api.ts runs the same check
 * at its end on the service's own database.
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect, type Database } from "../src/db/client.ts";
import { migrate } from "../src/db/migrate.ts";
import { startEmbeddedPostgres } from "../src/sandbox/postgres.ts";
import { freePort } from "../src/sandbox/ports.ts";
import { listQueries } from "../src/modules/payment-intents/service.ts";
import type { ListIntentsInput } from "../src/modules/payment-intents/input.ts";
import { transactionListQueries } from "../src/modules/transactions/service.ts";

const MERCHANTS = 100;

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Relation Name"?: string;
  Plans?: PlanNode[];
}

export interface PlanCheck {
  name: string;
  nodes: string[];
  seqScan: boolean;
  sort: boolean;
  ms: number;
}

/** Inserts the fixture rows (idempotent on a database that already has them) and ANALYZEs. */
export async function seedLargeLists(database: Database, rows: number): Promise<{ merchantId: string }> {
  const sql = database.sql;
  const acct = "acct_benchplans00000000000000";
  const [done] = await sql`SELECT 1 FROM app.accounts WHERE id = ${acct}`;
  const merchantId = merchantIdOf(1);
  if (done) return { merchantId };
  await sql`INSERT INTO app.accounts (id, name) VALUES (${acct}, 'bench list plans')`;
  await sql`
    INSERT INTO app.merchants (id, mode, business_name, email, status, kyc_status, bank_name, bank_last4, bank_status, chain_id,
      payment_address, owner_address, payout_address, fee_rate_bps, settlement_schedule)
    SELECT 'mer_benchplans' || lpad(m::text, 14, '0'), 'test', 'Bench ' || m, 'b@example.com', 'active', 'approved', 'Bank', '0000', 'verified', 31337,
      '0x' || lpad(to_hex(m), 40, 'b'), '0x' || lpad('1', 40, '0'), '0x' || lpad('1', 40, '0'), 100, 'manual'
    FROM generate_series(1, ${MERCHANTS}) AS m`;
  const statuses = ["awaiting_payment", "confirmed", "expired", "cancelled", "settled"];
  // One row per second going back from now, round-robin over merchants and statuses.
  await sql`
    INSERT INTO app.payment_intents (id, mode, account_id, merchant_id, status, amount_units, tag_units, expected_units, chain_id,
      payment_address, metadata, created_at, expires_at)
    SELECT 'pi_bench' || lpad(i::text, 20, '0'), 'test', ${acct}, 'mer_benchplans' || lpad((i % ${MERCHANTS} + 1)::text, 14, '0'),
      (${sql.array(statuses)}::text[])[i % 5 + 1], 1000000 + i, 0, 1000000 + i, 31337, '0x' || lpad('b', 40, 'b'), '{}'::jsonb,
      now() - i * interval '1 second', now() - i * interval '1 second' + interval '5 minutes'
    FROM generate_series(1, ${rows}) AS i`;
  await sql`
    INSERT INTO app.transactions (id, mode, merchant_id, payment_intent_id, status, amount_units, fee_units, net_units, fee_rate_bps,
      chain_id, tx_hash, log_index, block_number, sender_address, payment_address, confirmed_at)
    SELECT 'txn_bench' || lpad(i::text, 20, '0'), 'test', 'mer_benchplans' || lpad((i % ${MERCHANTS} + 1)::text, 14, '0'), NULL,
      (ARRAY['confirmed','settled','failed'])[i % 3 + 1], 1000000, 10000, 990000, 100, 31337, '0x' || lpad(to_hex(i), 64, '0'), 0, i,
      '0x' || lpad('a', 40, 'a'), '0x' || lpad('b', 40, 'b'), now() - i * interval '1 second'
    FROM generate_series(1, ${rows}) AS i`;
  await sql`ANALYZE app.payment_intents`;
  await sql`ANALYZE app.transactions`;
  return { merchantId };
}

function merchantIdOf(n: number) {
  return "mer_benchplans" + String(n).padStart(14, "0");
}

function walk(node: PlanNode, out: PlanNode[] = []): PlanNode[] {
  out.push(node);
  for (const child of node.Plans ?? []) walk(child, out);
  return out;
}

function toCheck(name: string, plan: PlanNode, ms: number): PlanCheck {
  const nodes = walk(plan);
  return {
    name,
    nodes: nodes.map((n) => n["Node Type"] + (n["Index Name"] ? ` ${n["Index Name"]}` : n["Relation Name"] ? ` ${n["Relation Name"]}` : "")),
    seqScan: nodes.some((n) => n["Node Type"] === "Seq Scan"),
    sort: nodes.some((n) => n["Node Type"] === "Sort" || n["Node Type"] === "Incremental Sort"),
    ms,
  };
}

type ExplainRow = { "QUERY PLAN": Array<{ Plan: PlanNode }> };

/** EXPLAIN of an unexecuted postgres.js query: nested as a fragment, so text and parameters are exactly its own. */
async function explainQuery(database: Database, name: string, query: unknown): Promise<PlanCheck> {
  const t = performance.now();
  const rows = (await database.sql`EXPLAIN (FORMAT JSON) ${query as never}`) as unknown as ExplainRow[];
  return toCheck(name, rows[0]!["QUERY PLAN"][0]!.Plan, performance.now() - t);
}

/** EXPLAIN of a statement given as text and parameters (drizzle's `.toSQL()`). */
async function explainText(database: Database, name: string, text: string, params: unknown[]): Promise<PlanCheck> {
  const t = performance.now();
  const rows = (await database.sql.unsafe(`EXPLAIN (FORMAT JSON) ${text}`, params as never[])) as unknown as ExplainRow[];
  return toCheck(name, rows[0]!["QUERY PLAN"][0]!.Plan, performance.now() - t);
}

export async function checkListPlans(database: Database, merchantId: string): Promise<PlanCheck[]> {
  const sql = database.sql;
  const now = Date.now();
  const [intentCursor] = await sql<{ id: string; created_at: string }[]>`
    SELECT id, created_at::text FROM app.payment_intents WHERE merchant_id = ${merchantId} ORDER BY created_at DESC, id DESC OFFSET 500 LIMIT 1`;
  const [txnCursor] = await sql<{ id: string; confirmed_at: string }[]>`
    SELECT id, confirmed_at::text FROM app.transactions WHERE merchant_id = ${merchantId} ORDER BY confirmed_at DESC, id DESC OFFSET 500 LIMIT 1`;
  const checks: PlanCheck[] = [];

  const intentInputs: Array<[string, Partial<ListIntentsInput>, boolean]> = [
    ["all", {}, false],
    ["status", { status: "confirmed" }, false],
    ["time window", { createdAfterMs: now - 86_400_000 * 30, createdBeforeMs: now - 86_400_000 }, false],
    ["status + time", { status: "expired", createdAfterMs: now - 86_400_000 * 60 }, false],
    ["cursor", {}, true],
    ["status + cursor", { status: "settled" }, true],
  ];
  for (const [label, partial, withCursor] of intentInputs) {
    const input: ListIntentsInput = { merchantId, status: undefined, createdAfterMs: undefined, createdBeforeMs: undefined, limit: 100, startingAfter: undefined, ...partial };
    const cursor = withCursor && intentCursor ? { createdAt: new Date(intentCursor.created_at), id: intentCursor.id } : undefined;
    const q = listQueries(sql, merchantId, input, cursor);
    // The text and parameters postgres.js sends: EXPLAIN the same statement.
    checks.push(await explainQuery(database, `intents page: ${label}`, q.page));
    checks.push(await explainQuery(database, `intents count: ${label}`, q.count));
  }

  const txnInputs: Array<[string, { status?: "confirmed" | "settled" | "failed"; fromMs?: number; toMs?: number }, boolean]> = [
    ["all", {}, false],
    ["status", { status: "settled" }, false],
    ["date window", { fromMs: now - 86_400_000 * 30, toMs: now - 86_400_000 }, false],
    ["status + date", { status: "failed", fromMs: now - 86_400_000 * 60 }, false],
    ["cursor", {}, true],
    ["status + cursor", { status: "confirmed" }, true],
  ];
  for (const [label, partial, withCursor] of txnInputs) {
    const cursor = withCursor && txnCursor ? { confirmedAt: new Date(txnCursor.confirmed_at), id: txnCursor.id } : undefined;
    const q = transactionListQueries(database.db, merchantId, { status: undefined, fromMs: undefined, toMs: undefined, limit: 100, ...partial }, cursor);
    for (const [kind, query] of [["page", q.page], ["count", q.count]] as const) {
      const { sql: text, params } = query.toSQL();
      checks.push(await explainText(database, `transactions ${kind}: ${label}`, text, params));
    }
  }
  return checks;
}

export function printPlanChecks(checks: PlanCheck[]): boolean {
  let ok = true;
  for (const c of checks) {
    const verdict = c.seqScan ? "FAIL (Seq Scan)" : c.sort && c.name.includes(" page") ? "ok (explicit Sort)" : "ok";
    if (c.seqScan) ok = false;
    console.log(`  ${c.name.padEnd(40)} ${verdict.padEnd(20)} ${c.nodes.join(" > ")}`);
  }
  return ok;
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const rows = Number(args[args.indexOf("--rows") + 1] ?? 1_000_000) || 1_000_000;
  const urlArg = args.includes("--database-url") ? args[args.indexOf("--database-url") + 1] : undefined;
  let stop = async () => {};
  let url = urlArg;
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), "stablepay-plans-"));
    chmodSync(dir, 0o755); // as root, Postgres runs as the `postgres` user
    const pg = await startEmbeddedPostgres({ dataDir: join(dir, "data"), port: await freePort(), ephemeral: true });
    await pg.createDatabase("plans");
    url = pg.urlFor("plans");
    stop = async () => {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const database = connect(url, { max: 4 });
  try {
    await migrate(database.sql);
    const t = performance.now();
    const { merchantId } = await seedLargeLists(database, rows);
    console.log(`seeded ${rows} intents and ${rows} transactions over ${MERCHANTS} merchants in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const ok = printPlanChecks(await checkListPlans(database, merchantId));
    console.log(ok ? "list plans: no Seq Scan" : "list plans: Seq Scan found");
    process.exitCode = ok ? 0 : 1;
  } finally {
    await database.close();
    await stop();
  }
}
