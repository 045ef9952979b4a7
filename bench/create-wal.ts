/**
 * What one create writes to the WAL, record type by record type: `--count` creates of random amounts
 * over the API, one at a time, on the embedded sandbox as `npm start` runs it (api role only), read
 * back with pg_walinspect between the insert positions before and after. Unlike a rate, these counts
 * do not depend on how busy the machine is, so two versions compare exactly (run the script from
 * each checkout).
 *
 *   bun bench/create-wal.ts [--count 1000]
 */
import { rmSync } from "node:fs";
import { connect } from "../src/db/client.ts";
import { startService } from "../src/service.ts";
import { benchConfig } from "./support/bench-config.ts";

const argv = process.argv.slice(2);
const at = argv.indexOf("--count");
const count = at >= 0 ? Number(argv[at + 1]) : 1000;

const { config, dataDir } = await benchConfig("create-wal", { ROLES: "api", RATE_LIMIT_TEST_PER_SECOND: "1000000", LOG_LEVEL: "warn" });
const service = await startService(config, { writeInfoFile: false });
const sandbox = service.sandbox!;
const raw = connect(sandbox.database_url, { max: 1 });
try {
  await raw.sql`CREATE EXTENSION IF NOT EXISTS pg_walinspect`;
  let n = 0;
  const create = async () => {
    n++;
    const amount = `${(n % 9000) + 1}.${String(n % 97).padStart(2, "0")}`;
    const res = await fetch(`${service.apiUrl}/v1/payment-intents`, {
      method: "POST",
      headers: { authorization: `Bearer ${sandbox.test_key_scoped}`, "content-type": "application/json" },
      body: `{"amount":${amount},"currency":"usd","merchant_id":"${sandbox.merchant_id}"}`,
    });
    if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
  };
  // Warm-up: caches filled, the tables' first pages and index roots written.
  for (let i = 0; i < 300; i++) await create();
  const position = async () => (await raw.sql<{ lsn: string }[]>`SELECT pg_current_wal_insert_lsn()::text AS lsn`)[0]!.lsn;
  const from = await position();
  for (let i = 0; i < count; i++) await create();
  const to = await position();
  const [span] = await raw.sql<{ bytes: bigint }[]>`SELECT (${to}::pg_lsn - ${from}::pg_lsn)::int8 AS bytes`;
  const bytes = span!.bytes;
  // Other writers (the sandbox chains' saves) are in the range too: a few records, under 1 B per create.
  const records = await raw.sql<{ type: string; count: bigint; record_size: bigint; fpi_size: bigint }[]>`
    SELECT "resource_manager/record_type" AS type, count, record_size, fpi_size
    FROM pg_get_wal_stats(${from}::pg_lsn, ${to}::pg_lsn, true) WHERE count > 0 ORDER BY combined_size DESC`;
  console.log(`${count} creates, one at a time: ${(Number(bytes) / count).toFixed(0)} B of WAL per create`);
  console.log(`  ${"record".padEnd(28)} ${"per create".padStart(10)} ${"bytes".padStart(7)} ${"full pages".padStart(11)}`);
  for (const r of records)
    console.log(`  ${r.type.padEnd(28)} ${(Number(r.count) / count).toFixed(2).padStart(10)} ${(Number(r.record_size) / count).toFixed(0).padStart(7)} ${(Number(r.fpi_size) / count).toFixed(0).padStart(11)}`);
} finally {
  await raw.close();
  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
