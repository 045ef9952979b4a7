/**
 * Dashboard page latency as an account's merchants grow: the service started as `npm start` starts
 * it (embedded Postgres and chain, the demo account; only the `api` role), the demo admin signed in,
 * then for each merchant count the account is grown to that many merchants (synthetic rows with
 * their own account address and a few payments each, no contract deployed) and each page is loaded
 * one request at a time (a person, not a crowd): p50 and p95 over --requests loads, next to
 * GET /health (no database) measured in the same run as the baseline.
 *
 *   bun bench/dashboard.ts [--sizes 1,300,1000] [--requests 40] [--warmup 5]
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { privateKeyToAccount, generatePrivateKey } from "viem/accounts";
import { newId } from "../src/domain/ids.ts";
import { startService } from "../src/service.ts";
import { benchConfig } from "./support/bench-config.ts";
import { DashboardClient } from "../test/support/dashboard-client.ts";

const argv = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1]! : fallback;
};
const sizes = opt("sizes", "1,300,1000").split(",").map(Number);
const requests = Number(opt("requests", "40"));
const warmup = Number(opt("warmup", "5"));

const { config, dataDir } = await benchConfig("dashboard", {
  ROLES: "api",
  RATE_LIMIT_TEST_PER_SECOND: "1000000",
  LOG_LEVEL: "error",
});
console.log(`starting the service (data: ${dataDir})…`);
const service = await startService(config, { writeInfoFile: false });
const sandbox = service.sandbox!;
const sql = service.ctx.database.sql;
const base = service.apiUrl;

// Sign the demo admin in through the form, as a browser would.
const client = new DashboardClient(base);
if ((await client.signIn(sandbox.dashboard_email, sandbox.dashboard_password)).status !== 303) throw new Error("sign-in failed");

const [demo] = await sql<{ chain_id: number }[]>`SELECT chain_id FROM app.merchants WHERE id = ${sandbox.merchant_id}`;

/** Grows the demo account to `n` merchants in test mode, each with 3 payment intents. */
async function growTo(n: number) {
  const [have] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.account_merchants am JOIN app.merchants m ON m.id = am.merchant_id WHERE am.account_id = ${sandbox.account_id} AND m.mode = 'test'`;
  for (let i = have!.n; i < n; i++) {
    const id = newId("merchant");
    const address = privateKeyToAccount(generatePrivateKey()).address;
    await sql`
      INSERT INTO app.merchants (id, mode, business_name, email, status, kyc_status, bank_name, bank_last4, bank_status, chain_id, payment_address, owner_address, payout_address, fee_rate_bps, settlement_schedule)
      VALUES (${id}, 'test', ${`Bench Shop ${i}`}, ${`shop${i}@bench.example`}, 'active', 'approved', 'Bench Bank', '1234', 'verified', ${demo!.chain_id}, ${address}, ${address}, ${address}, 100, 'weekly_monday')`;
    await sql`INSERT INTO app.account_merchants (account_id, merchant_id) VALUES (${sandbox.account_id}, ${id})`;
    for (let k = 0; k < 3; k++) {
      const res = await fetch(`${base}/v1/payment-intents`, {
        method: "POST",
        headers: { authorization: `Bearer ${sandbox.test_key_unscoped}`, "content-type": "application/json" },
        body: JSON.stringify({ amount: 1 + k, currency: "usd", merchant_id: id }),
      });
      if (res.status !== 201) throw new Error(`create intent: ${res.status} ${await res.text()}`);
    }
  }
}

async function measure(path: string): Promise<{ p50: number; p95: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < warmup + requests; i++) {
    const t0 = performance.now();
    const res = await client.req(path);
    const body = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    if (i >= warmup) times.push(ms);
    bytes = body.length;
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length * 0.5)]!, p95: times[Math.floor(times.length * 0.95)]!, bytes };
}

const PAGES = ["/health", "/dashboard?mode=test", "/dashboard/payments?mode=test", "/dashboard/transactions?mode=test", "/dashboard/settlements?mode=test", "/dashboard/merchants?mode=test", "/dashboard/developers?mode=test", "/dashboard/developers/events?mode=test"];
try {
  for (const n of sizes) {
    await growTo(n);
    console.log(`\n${n} merchant${n === 1 ? "" : "s"} in the account (${requests} sequential loads per page, ms):`);
    console.log(`  ${"page".padEnd(40)} ${"p50".padStart(8)} ${"p95".padStart(8)} ${"KiB".padStart(7)}`);
    for (const path of PAGES) {
      const r = await measure(path);
      console.log(`  ${path.padEnd(40)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${(r.bytes / 1024).toFixed(1).padStart(7)}`);
    }
  }
} finally {
  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
