/**
 * The value tag reservation alone (src/modules/payment-intents/reserve.ts): `reserveAndInsert`
 * called directly over `--connections` postgres.js connections, no HTTP, so that what is measured is the
 * statement and what it waits on. Three phases in one run on one database, each `--count` creates:
 *   random   random amounts (every create finds its amount free: tag 0): the baseline
 *   one      one amount (25.00), 0 -> count held
 *   random   random amounts again (the table is now larger and autovacuum may have analyzed it)
 *   one      another amount (30.00)
 * For each, creates/s, the WAL written per create, and the wait events of the active backends sampled every 5 ms from
 * pg_stat_activity (CPU = no wait event; LWLock:BufferContent = waiting on a page another backend
 * locked; Lock:transactionid = waiting for another create's transaction).
 *
 *   bun bench/reserve.ts [--connections 16] [--count 3000]
 *
 * The database is the embedded Postgres as `npm start` runs it (fsync on), in a temporary folder.
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { connect, type Sql } from "../src/db/client.ts";
import { migrate } from "../src/db/migrate.ts";
import { reserveAndInsert, type ValueLeases } from "../src/modules/payment-intents/reserve.ts";
import { startEmbeddedPostgres } from "../src/sandbox/postgres.ts";
import { freePort } from "../src/sandbox/ports.ts";

const argv = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1]! : fallback;
};
const connections = Number(opt("connections", "16"));
const count = Number(opt("count", "3000"));

const dir = mkdtempSync(join(tmpdir(), "stablepay-bench-reserve-"));
chmodSync(dir, 0o755); // as root, Postgres runs as the `postgres` user, which must reach its folder
const pg = await startEmbeddedPostgres({ dataDir: join(dir, "data"), port: await freePort() });
await pg.createDatabase("bench");
const database = connect(pg.urlFor("bench"), { max: 4 });
const creates = postgres(pg.urlFor("bench"), { max: connections, types: { bigint: postgres.BigInt }, onnotice: () => {} }) as unknown as Sql;
try {
  await migrate(database.sql);
  const sql = database.sql;
  const address = "0x00000000000000000000000000000000000A11cE";
  await sql`INSERT INTO app.accounts (id, name) VALUES ('acct_bench', 'Bench')`;
  await sql`
    INSERT INTO app.merchants (id, mode, business_name, email, status, kyc_status, bank_name, bank_last4, bank_status, chain_id,
                               payment_address, owner_address, payout_address, fee_rate_bps, settlement_schedule)
    VALUES ('mer_bench', 'test', 'Bench', 'b@example.com', 'active', 'approved', 'Bank', '1234', 'verified', 31337,
            ${address}, ${address}, ${address}, 100, 'manual')`;
  const leases: ValueLeases = new Map();
  let n = 0;
  const create = async (amountUnits: bigint) => {
    const now = new Date();
    const r = await reserveAndInsert(
      creates,
      null,
      { id: `pi_bench${n++}`, mode: "test", accountId: "acct_bench", merchantId: "mer_bench", amountUnits, chainId: 31337, token: "USDC", paymentAddress: address, metadata: {}, createdAt: now, expiresAt: new Date(now.getTime() + 3_600_000) },
      10_000,
      leases,
    );
    if (r.kind !== "created") throw new Error(`create ${n}: ${r.kind}`);
  };
  const phases: [string, () => bigint][] = [
    ["random", () => BigInt(1 + Math.floor(Math.random() * 999_999)) * 10_000n],
    ["one (25.00)", () => 25_000_000n],
    ["random", () => BigInt(1 + Math.floor(Math.random() * 999_999)) * 10_000n],
    ["one (30.00)", () => 30_000_000n],
  ];
  for (const [name, amount] of phases) {
    const waits: Record<string, number> = {};
    let stop = false;
    const sampler = (async () => {
      while (!stop) {
        const rows = await sql<{ w: string }[]>`
          SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU') AS w FROM pg_stat_activity
          WHERE state = 'active' AND backend_type = 'client backend' AND pid <> pg_backend_pid()`;
        for (const r of rows) waits[r.w] = (waits[r.w] ?? 0) + 1;
        await Bun.sleep(5);
      }
    })();
    const lsn = async () => (await sql<{ l: string }[]>`SELECT pg_current_wal_lsn()::text AS l`)[0]!.l;
    const walBefore = await lsn();
    let issued = 0;
    const t = performance.now();
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (issued < count) {
          issued++;
          await create(amount());
        }
      }),
    );
    const rate = count / ((performance.now() - t) / 1000);
    stop = true;
    await sampler;
    const [wal] = await sql<{ b: string }[]>`SELECT pg_wal_lsn_diff(${await lsn()}::pg_lsn, ${walBefore}::pg_lsn)::text AS b`;
    const top = Object.entries(waits).sort((a, b) => b[1] - a[1]).slice(0, 5).map(([w, k]) => `${w} ${k}`).join(", ");
    console.log(`${name.padEnd(12)} ${rate.toFixed(0).padStart(6)} creates/s  ${(Number(wal!.b) / count).toFixed(0).padStart(5)} B of WAL per create   waits sampled: ${top}`);
  }
} finally {
  await creates.end({ timeout: 5 });
  await database.close();
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
