/**
 * The log lines an operator reads: pino's standard keys, a real Postgres error with its SQLSTATE,
 * detail and cause, and no secret (API key, private key, webhook secret, database password, the key
 * part of an RPC URL), whatever field or message it was passed in.
 */
import { expect, test } from "bun:test";
import { sharedPostgres } from "./support/preload.ts";

test("a Postgres error keeps its SQLSTATE and detail; secrets in fields, messages and URLs are redacted", async () => {
  const pg = await sharedPostgres();
  const secrets = {
    apiKey: "sk_test_9f8e7d6c5b4a39281706f5e4d3c2b1a0",
    privateKey: "0x59c6995e998f97a5a0044966f0945389dc9c8a785eb2e8d9a7f5d6c4b8c6f5c8",
    webhookSecret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    rpcKey: "AbCdEf0123456789ghijklmnopQRSTuv",
  };
  // A child process, so that what reaches stderr is exactly what the logger writes.
  const script = `
    import postgres from "postgres";
    import { createLogger } from "./src/logger.ts";
    const log = createLogger("info").child({ role: "matcher" });
    const sql = postgres(${JSON.stringify(pg.urlFor("postgres"))}, { max: 1, onnotice: () => {} });
    try {
      await sql\`SELECT 1 / 0\`;
    } catch (err) {
      log.error("statement failed", { err, key: ${JSON.stringify(secrets.apiKey)}, operator_private_key: ${JSON.stringify(secrets.privateKey)},
        endpoint: { url: "https://shop.example/hook", secret: ${JSON.stringify(secrets.webhookSecret)} },
        rpc: "https://base-mainnet.g.alchemy.com/v2/${secrets.rpcKey}", database_url: "postgres://app:hunter2@db:5432/app" });
      log.warn("RPC https://base-mainnet.g.alchemy.com/v2/${secrets.rpcKey} failed", { cause: new Error("x", { cause: Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }) }) });
    }
    await sql.end();`;
  const child = Bun.spawn([process.execPath, "-e", script], { cwd: `${import.meta.dir}/..`, stdout: "pipe", stderr: "pipe" });
  const [out, err] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
  expect(await child.exited).toBe(0);
  const lines = (out + err).trim().split("\n").map((l) => JSON.parse(l) as Record<string, any>);
  expect(lines).toHaveLength(2);
  const [failed, warned] = lines as [Record<string, any>, Record<string, any>];
  expect(failed).toMatchObject({ level: 50, msg: "statement failed", role: "matcher", pid: expect.any(Number), time: expect.any(Number) });
  expect(failed.err).toMatchObject({ type: expect.any(String), code: "22012", message: "division by zero", severity: "ERROR" });
  expect(warned.level).toBe(40);
  expect(warned.cause.cause).toMatchObject({ message: "socket hang up", code: "ECONNRESET" });
  const text = out + err;
  for (const secret of [...Object.values(secrets), "hunter2"]) expect(text).not.toContain(secret);
  expect(failed.rpc).toBe("https://base-mainnet.g.alchemy.com/v2/[redacted]");
});
