/**
 * Migrations as their own step: one transaction per file, checksums of applied files (an edited
 * file is refused, naming it; a database migrated before checksums gets them recorded), a file that
 * runs outside a transaction (CREATE INDEX CONCURRENTLY), and a production start that refuses a
 * schema behind instead of migrating, while `migrate` brings it up to date.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { assertSchemaCurrent, migrate, MigrationError, migrationFiles, schemaStatus, splitStatements } from "../src/db/migrate.ts";
import { freePort } from "../src/sandbox/ports.ts";
import { createTestDatabase } from "./support/db.ts";

const root = join(import.meta.dir, "..");
const tmp = mkdtempSync(join(tmpdir(), "stablepay-migrate-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function dirWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmp, "m-"));
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql);
  return dir;
}

function childEnv(env: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !/^(DATABASE_URL|SANDBOX_|LIVE_|OPERATOR_|PUBLIC_BASE_URL|DASHBOARD_|STABLEPAY_ENV|ROLES|WEBHOOK_)/.test(k)) out[k] = v;
  return { ...out, LOG_LEVEL: "warn", ...env };
}

async function run(args: string[], env: Record<string, string>) {
  const child = Bun.spawn([process.execPath, ...args], { cwd: root, env: childEnv(env), stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const [code, stdout, stderr] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
  return { code, stdout, stderr };
}

describe("migrate", () => {
  test("each file once, each in its own transaction: a failing file leaves nothing of itself and keeps the ones before it", async () => {
    const { database } = await createTestDatabase({ migrate: false });
    try {
      const dir = dirWith({
        "0001_a.sql": "CREATE TABLE app.a (x int);",
        "0002_b.sql": "CREATE TABLE app.b (x int); INSERT INTO app.b VALUES (1); SELECT 1/0;",
      });
      await expect(migrate(database.sql, dir)).rejects.toThrow(/migration 0002_b\.sql failed: division by zero/);
      const tables = await database.sql<{ name: string }[]>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'app' ORDER BY 1`;
      expect(tables.map((t) => t.name)).toEqual(["a", "schema_migrations"]);
      expect(await schemaStatus(database.sql, dir)).toEqual({ pending: ["0002_b.sql"], edited: [] });
      writeFileSync(join(dir, "0002_b.sql"), "CREATE TABLE app.b (x int);");
      expect(await migrate(database.sql, dir)).toEqual(["0002_b.sql"]);
      expect(await migrate(database.sql, dir)).toEqual([]);
      const rows = await database.sql<{ name: string; checksum: string }[]>`SELECT name, checksum FROM app.schema_migrations ORDER BY name`;
      expect([...rows]).toEqual(migrationFiles(dir).map((f) => ({ name: f.name, checksum: f.checksum })));
    } finally {
      await database.close();
    }
  });

  test("an applied file edited afterwards is refused, naming it, by migrate and by the start's check; nothing after it runs", async () => {
    const { database } = await createTestDatabase({ migrate: false });
    try {
      const dir = dirWith({ "0001_a.sql": "CREATE TABLE app.a (x int);" });
      await migrate(database.sql, dir);
      writeFileSync(join(dir, "0001_a.sql"), "CREATE TABLE app.a (x int, y int);");
      writeFileSync(join(dir, "0002_b.sql"), "CREATE TABLE app.b (x int);");
      const refused = await migrate(database.sql, dir).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(MigrationError);
      expect((refused as Error).message).toContain("migration 0001_a.sql was edited after it was applied");
      await expect(assertSchemaCurrent(database.sql, dir)).rejects.toThrow(/0001_a\.sql was edited/);
      const [b] = await database.sql`SELECT to_regclass('app.b') AS t`;
      expect(b!.t).toBeNull();
      // A checkout with CRLF line endings is the same file.
      writeFileSync(join(dir, "0001_a.sql"), "CREATE TABLE app.a (x int);".replace(/\n/g, "\r\n"));
      expect(await migrate(database.sql, dir)).toEqual(["0002_b.sql"]);
    } finally {
      await database.close();
    }
  });

  test("a database migrated before checksums were kept gets them recorded on its first run, and is checked from then on", async () => {
    const { database } = await createTestDatabase({ migrate: false });
    try {
      const dir = dirWith({ "0001_a.sql": "CREATE TABLE app.a (x int);", "0002_b.sql": "CREATE TABLE app.b (x int);" });
      // The table as earlier versions made it, with the first file applied.
      await database.sql.unsafe(`CREATE SCHEMA app; CREATE TABLE app.schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
        CREATE TABLE app.a (x int); INSERT INTO app.schema_migrations (name) VALUES ('0001_a.sql');`);
      expect(await schemaStatus(database.sql, dir)).toEqual({ pending: ["0002_b.sql"], edited: [] });
      expect(await migrate(database.sql, dir)).toEqual(["0002_b.sql"]);
      const rows = await database.sql<{ name: string; checksum: string | null }[]>`SELECT name, checksum FROM app.schema_migrations ORDER BY name`;
      expect(rows.map((r) => r.checksum)).toEqual(migrationFiles(dir).map((f) => f.checksum));
      writeFileSync(join(dir, "0001_a.sql"), "CREATE TABLE app.a (x bigint);");
      await expect(migrate(database.sql, dir)).rejects.toThrow(/0001_a\.sql was edited/);
    } finally {
      await database.close();
    }
  });

  test("a `-- migrate: no-transaction` file runs outside a transaction: CREATE INDEX CONCURRENTLY works (and fails without the line)", async () => {
    const { database } = await createTestDatabase({ migrate: false });
    try {
      const body = "CREATE TABLE IF NOT EXISTS app.c (x int, note text DEFAULT 'a;b');\nCREATE INDEX CONCURRENTLY IF NOT EXISTS c_x ON app.c (x);\n";
      const without = dirWith({ "0001_c.sql": body });
      await expect(migrate(database.sql, without)).rejects.toThrow(/CONCURRENTLY|transaction block|pipeline/i);
      const dir = dirWith({ "0001_c.sql": `-- migrate: no-transaction\n${body}`, "0002_d.sql": "CREATE TABLE app.d (x int);" });
      expect(await migrate(database.sql, dir)).toEqual(["0001_c.sql", "0002_d.sql"]);
      const [index] = await database.sql`SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = 'app.c_x'::regclass`;
      expect(index!.valid).toBe(true);
      expect(await schemaStatus(database.sql, dir)).toEqual({ pending: [], edited: [] });
    } finally {
      await database.close();
    }
  });

  test("statements split outside quotes, dollar quotes and comments", () => {
    expect(splitStatements("-- a; comment\nSELECT 'x;y'; /* ; */ SELECT $f$ a; b $f$;\nSELECT \"a;\" FROM t;\n-- trailing")).toEqual([
      "-- a; comment\nSELECT 'x;y'",
      "/* ; */ SELECT $f$ a; b $f$",
      'SELECT "a;" FROM t',
    ]);
  });

  test("the service's own migrations: fresh, then again (nothing to do), recorded with checksums", async () => {
    const { database } = await createTestDatabase({ migrate: false });
    try {
      expect(await migrate(database.sql)).toEqual(migrationFiles().map((f) => f.name));
      expect(await migrate(database.sql)).toEqual([]);
      await assertSchemaCurrent(database.sql);
    } finally {
      await database.close();
    }
  });
});

describe("production starts refuse a schema behind; `migrate` is the step that brings it up to date", () => {
  test("a production start on an unmigrated database stops with one line; `migrate` applies; the check then passes", async () => {
    const { url, database } = await createTestDatabase({ migrate: false });
    await database.close();
    const address = "0x000000000000000000000000000000000000fee5";
    const env = {
      STABLEPAY_ENV: "production",
      DATABASE_URL: url,
      DATA_DIR: join(tmp, "never-written"),
      PORT: String(await freePort()),
      PUBLIC_BASE_URL: "https://pay.example",
      SANDBOX_RPC_HTTP_URL: "http://127.0.0.1:9/",
      SANDBOX_CHAIN_ID: "31337",
      SANDBOX_USDC_ADDRESS: address,
      SANDBOX_FACTORY_ADDRESS: address,
      SANDBOX_START_BLOCK: "1",
      OPS_PORT: String(await freePort()),
      OPERATOR_PRIVATE_KEY: "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
      WEBHOOK_SECRETS_KEY: "5f1d6c7e9a3b2c4d8e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f",
    };
    const refused = await run(["src/main.ts"], env);
    expect(refused.code).toBe(1);
    const lines = refused.stderr.trim().split("\n");
    expect(lines).toEqual([expect.stringContaining("the database schema is behind this version")]);
    expect(lines[0]).toContain("npm run cli -- migrate");
    expect(refused.stdout.trim()).toBe("");
    // Nothing was migrated by the refused start.
    expect((await run(["src/cli/main.ts", "migrate", "--check"], env)).code).toBe(1);

    const migrated = await run(["src/cli/main.ts", "migrate"], env);
    expect({ code: migrated.code, stderr: migrated.stderr }).toEqual({ code: 0, stderr: "" });
    expect(migrated.stdout).toContain(`applied ${migrationFiles().length} migrations`);
    const again = await run(["src/cli/main.ts", "migrate", "--json"], env);
    expect(JSON.parse(again.stdout)).toEqual({ applied: [] });
    const check = await run(["src/cli/main.ts", "migrate", "--check"], env);
    expect({ code: check.code, out: check.stdout.trim() }).toEqual({ code: 0, out: "the schema is up to date" });
    // Past the schema check the start goes on (to the chain this test does not run): whatever it
    // says within a few seconds, it is not about the schema.
    const child = Bun.spawn([process.execPath, "src/main.ts"], { cwd: root, env: childEnv(env), stdin: "ignore", stdout: "ignore", stderr: "pipe" });
    const stderr = new Response(child.stderr).text();
    await Promise.race([child.exited, Bun.sleep(5_000)]);
    child.kill("SIGKILL");
    await child.exited;
    expect(await stderr).not.toContain("schema");
  }, 90_000);
});
