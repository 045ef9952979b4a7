/**
 * The main command as a user runs it: `bun src/main.ts` with nothing configured but free ports and
 * a temporary data folder. It must come up with everything (Postgres, anvil, contracts, demo data,
 * indexer, workers, API), answer with the printed key, stop on SIGINT within 10 s leaving no process
 * behind, and reuse its data on the next start.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, readlinkSync, rmSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../src/sandbox/ports.ts";

const root = join(import.meta.dir, "..");
const dataDir = mkdtempSync(join(tmpdir(), "stablepay-start-"));
chmodSync(dataDir, 0o755); // the embedded Postgres runs as the `postgres` user when we are root

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function ports() {
  return { PORT: String(await freePort()), SANDBOX_ANVIL_PORT: String(await freePort()), SANDBOX_ANVIL_PORT_ARBITRUM: String(await freePort()), EMBEDDED_POSTGRES_PORT: String(await freePort()), INDEXER_PORT: String(await freePort()) };
}

/** Every process whose command line mentions our data folder or ports (the whole tree we started). */
function ourProcesses(markers: string[]): string[] {
  const out = Bun.spawnSync(["ps", "-eo", "pid=,stat=,args="]).stdout.toString();
  return out
    .split("\n")
    .filter((l) => markers.some((m) => l.includes(m)) && !/\bZ/.test(l.trim().split(/\s+/)[1] ?? "") && !l.includes("ps -eo"));
}

async function startMain(env: Record<string, string>) {
  const proc = Bun.spawn([process.execPath, "src/main.ts"], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  let output = "";
  const decoder = new TextDecoder();
  void (async () => {
    for await (const chunk of proc.stdout) output += decoder.decode(chunk);
  })();
  void (async () => {
    for await (const chunk of proc.stderr) output += decoder.decode(chunk);
  })();
  const deadline = Date.now() + 90_000;
  while (!output.includes("Ctrl-C stops everything")) {
    if (proc.exitCode !== null) throw new Error(`main exited early (${proc.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`no banner within 90 s:\n${output}`);
    await Bun.sleep(200);
  }
  return { proc, output: () => output };
}

async function stopWithSigint(proc: Bun.Subprocess, markers: string[]) {
  const started = Date.now();
  proc.kill("SIGINT");
  await proc.exited;
  const elapsed = Date.now() - started;
  // Children may take a moment to be reaped after the parent exits.
  let left = ourProcesses(markers);
  for (let i = 0; i < 20 && left.length; i++) {
    await Bun.sleep(250);
    left = ourProcesses(markers);
  }
  return { elapsed: Date.now() - started, exitElapsed: elapsed, left };
}

test("npm start: everything up, key works, SIGINT leaves nothing behind, the next start reuses the data", async () => {
  const env = await ports();
  const markers = [dataDir, `--port ${env.SANDBOX_ANVIL_PORT}`, `--port ${env.SANDBOX_ANVIL_PORT_ARBITRUM}`, `-p ${env.EMBEDDED_POSTGRES_PORT}`, `--port ${env.INDEXER_PORT}`];

  const first = await startMain(env);
  const info = JSON.parse(readFileSync(join(dataDir, "sandbox.json"), "utf8")) as Record<string, string>;
  for (const field of ["api_url", "swagger_url", "rpc_url", "usdc_address", "merchant_id", "test_key_scoped", "test_key_unscoped", "payer_private_key"])
    expect(info[field]).toBeTruthy();
  expect(first.output()).toContain(info.test_key_scoped!);
  expect(first.output()).toContain(info.merchant_id!);

  const res = await fetch(`${info.api_url}/v1/merchants/${info.merchant_id}`, { headers: { authorization: `Bearer ${info.test_key_scoped}` } });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { status: string }).status).toBe("active");
  expect((await fetch(`${info.api_url}/swagger`)).status).toBe(200);
  // The CLI finds this sandbox (database, chain on its custom port, contracts) from its info file alone.
  const cliEnv: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(DATABASE_URL|SANDBOX_|LIVE_)/.test(k)) cliEnv[k] = v;
  const cli = (...args: string[]) => Bun.spawnSync([process.execPath, "src/cli/main.ts", ...args, "--json"], { cwd: root, env: cliEnv });
  const acct = cli("accounts", "create", "--name", "Custom Port Co");
  expect(acct.exitCode).toBe(0);
  const account = JSON.parse(acct.stdout.toString()) as { id: string; object: string };
  expect(account.object).toBe("account");
  const made = cli("merchants", "create", "--account", account.id, "--business-name", "Port Shop", "--email", "p@x.example", "--bank-name", "B", "--bank-last4", "1234",
    "--owner", "0x90F79bf6EB2c4f870365E785982E1f101E93b906", "--payout", "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65");
  expect(made.stderr.toString()).toBe("");
  expect(JSON.parse(made.stdout.toString())).toMatchObject({ object: "merchant", status: "active" });

  // Every role is running: Ponder among the children.
  expect(ourProcesses(markers).some((l) => l.includes("ponder"))).toBe(true);

  const stop1 = await stopWithSigint(first.proc, markers);
  expect(stop1.left).toEqual([]);
  // A normal stop is quiet: exit 0, no stack trace, no error or warning line.
  expect(first.proc.exitCode).toBe(0);
  const stopOutput = first.output().slice(first.output().indexOf("SIGINT: stopping"));
  expect(stopOutput).not.toMatch(/\n\s+at |TypeError|"level":("(error|warn)"|[45]0\b)/);
  // src/main.ts enforces the 10 s bound itself (hard exit at 9 s); reported, not asserted.
  console.log(`[start] SIGINT to exit: ${stop1.exitElapsed} ms; to no process left: ${stop1.elapsed} ms`);

  const second = await startMain(env);
  const info2 = JSON.parse(readFileSync(join(dataDir, "sandbox.json"), "utf8")) as Record<string, string>;
  expect(info2.merchant_id).toBe(info.merchant_id!);
  expect(info2.test_key_scoped).toBe(info.test_key_scoped!);
  expect(info2.usdc_address).toBe(info.usdc_address!);
  const again = await fetch(`${info2.api_url}/v1/merchants/${info2.merchant_id}`, { headers: { authorization: `Bearer ${info2.test_key_scoped}` } });
  expect(again.status).toBe(200);

  const stop2 = await stopWithSigint(second.proc, markers);
  expect(stop2.left).toEqual([]);
}, 240_000);

test("a start whose Postgres port is taken by something else exits at once with a clear line", async () => {
  const env = await ports();
  const squatter = Bun.listen({ hostname: "127.0.0.1", port: Number(env.EMBEDDED_POSTGRES_PORT), socket: { data() {} } });
  const dir = mkdtempSync(join(tmpdir(), "stablepay-port-"));
  chmodSync(dir, 0o755);
  try {
    const started = Date.now();
    const proc = Bun.spawn([process.execPath, "src/main.ts"], { cwd: root, env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: "warn", ...env }, stdout: "pipe", stderr: "pipe" });
    const code = await proc.exited;
    const err = await new Response(proc.stderr).text();
    expect(code).not.toBe(0);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(err).toContain(`port ${env.EMBEDDED_POSTGRES_PORT} is in use`);
    expect(err).not.toContain("undefined");
  } finally {
    squatter.stop(true);
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

test.if(process.getuid?.() === 0)("as root, a data folder under a private (0700) folder works", async () => {
  const env = await ports();
  const privateParent = mkdtempSync(join(tmpdir(), "stablepay-private-")); // mode 0700
  const dir = join(privateParent, "data");
  try {
    const proc = Bun.spawn([process.execPath, "src/main.ts"], { cwd: root, env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: "warn", ...env }, stdout: "pipe", stderr: "pipe" });
    let out = "";
    const decoder = new TextDecoder();
    void (async () => {
      for await (const c of proc.stdout) out += decoder.decode(c);
    })();
    const deadline = Date.now() + 120_000;
    while (!out.includes("Ctrl-C stops everything")) {
      if (proc.exitCode !== null) throw new Error(`main exited (${proc.exitCode}): ${await new Response(proc.stderr).text()}`);
      if (Date.now() > deadline) throw new Error("no banner within 120 s");
      await Bun.sleep(200);
    }
    const info = JSON.parse(readFileSync(join(dir, "sandbox.json"), "utf8")) as Record<string, string>;
    const res = await fetch(`${info.api_url}/v1/merchants/${info.merchant_id}`, { headers: { authorization: `Bearer ${info.test_key_scoped}` } });
    expect(res.status).toBe(200);
    proc.kill("SIGINT");
    expect(await proc.exited).toBe(0);
  } finally {
    // The cluster itself lives where the postgres user reaches it (a symlink points there): remove both.
    try {
      rmSync(readlinkSync(join(dir, "postgres")), { recursive: true, force: true });
    } catch {}
    rmSync(privateParent, { recursive: true, force: true });
  }
}, 180_000);
