/**
 * The install of docs/deployment.md, as the units run it: a copy of this checkout's files (what a
 * clone holds), a plain `npm install` (which patches the drivers and runs the build), then every
 * unit's process started from a read-only view of it, as systemd's `ProtectSystem=strict` and
 * `PrivateTmp=true` make it: in a mount namespace of its own, the whole file system read-only and an
 * empty /tmp and /var/tmp of its own (the only writable paths the units have). The processes are
 * started as the units of deploy/systemd start them (their Environment= lines and ExecStart, with
 * the install's own Bun), with deploy/stablepay.env.example's environment and this machine's
 * stand-ins (the tests' Postgres, anvil, loopback ports); the operator's CLI as the guide runs it
 * (`npm run cli`), read-only too. A merchant is onboarded (the signer creates
 * its account) and a payment confirmed (the indexer and the matcher); then every database connection
 * is cut, no process dies and the next payment confirms. The units themselves pass
 * `systemd-analyze verify` where it exists (these machines have no systemd to run them).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import postgres from "postgres";
import { randomBytes } from "node:crypto";
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createPublicClient, createWalletClient, http, parseAbi, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { deployContracts } from "../src/chain/deploy.ts";
import { deployFactoryV2 } from "../src/chain/account-v2.ts";
import { driverPatchProblem } from "../src/db/driver-patch.ts";
import { freePort } from "../src/sandbox/ports.ts";
import { startAnvil, type Anvil } from "./support/anvil.ts";
import { createTestDatabase } from "./support/db.ts";
import { cleanEnv, guideEnv, unitOf } from "./support/units.ts";

const root = join(import.meta.dir, "..");
// In the checkout: the processes' /tmp is a private empty one, as under PrivateTmp=true (a checkout
// that is itself under /tmp, as CI's may be, is shown to them again: readOnly below).
mkdirSync(join(root, ".data"), { recursive: true });
const base = mkdtempSync(join(root, ".data", "read-only-install-"));
// Readable by every user, as /opt/stablepay is (mkdtemp makes it private).
chmodSync(base, 0o755);
const install = join(base, "stablepay");
const credentials = join(base, "credentials");
// Where each process's read-only view of the file system is mounted (in its own namespace only).
const view = mkdtempSync(join(tmpdir(), "stablepay-read-only-view-"));
// Anvil's dev account 2 operates; account 1 is the sandbox payer the test helpers pay with.
const OPERATOR_KEY: Hex = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";
const PAYER = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
const PAYOUT: Address = "0x00000000000000000000000000000000000Ba105";

/**
 * `argv` run in `cwd` as a unit with ProtectSystem=strict and PrivateTmp=true runs: / bound onto
 * the view recursively and remounted read-only (the API file systems under it keep their own
 * mounts, as systemd leaves them), empty tmpfs on /tmp and /var/tmp, entered with chroot. Every exec
 * replaces the one before, so the pid is the service's own.
 */
function readOnly(cwd: string, argv: string[]): string[] {
  // The install under /tmp or /var/tmp (a checkout there) is hidden by the private tmpfs: bound into it again, read-only.
  const underTmp = /^\/(var\/)?tmp\//.test(base) ? ` && mkdir -p '${view}${base}' && mount --rbind '${base}' '${view}${base}' && mount -o remount,bind,ro '${view}${base}'` : "";
  const script = `mount --rbind / '${view}' && mount -o remount,bind,ro '${view}' && mount -t tmpfs tmpfs '${view}/tmp' && mount -t tmpfs tmpfs '${view}/var/tmp'${underTmp} && cd / && exec chroot '${view}' sh -c 'cd "$0" && exec "$@"' "$0" "$@"`;
  return ["unshare", "--mount", "--propagation", "private", "sh", "-c", script, cwd, ...argv];
}

interface Proc {
  name: string;
  child: Bun.Subprocess<"ignore", "pipe", "pipe">;
  output: () => string;
}

const procs = new Set<Proc>();
let anvil: Anvil | undefined;
let shared: Record<string, string> = {};
let databaseUrl = "";

afterAll(async () => {
  if (process.exitCode || process.env.TOPOLOGY_LOGS) for (const p of procs) console.error(`--- ${p.name}\n${p.output().slice(-3000)}`);
  for (const p of procs) p.child.kill("SIGKILL");
  await Promise.all([...procs].map((p) => p.child.exited));
  await anvil?.stop();
  rmSync(base, { recursive: true, force: true });
  rmSync(view, { recursive: true, force: true });
});

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v) return v;
    for (const p of procs) if (p.child.exitCode !== null) throw new Error(`${p.name} exited (${p.child.exitCode}) while waiting for ${what}:\n${p.output().slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${[...procs].map((p) => `--- ${p.name}\n${p.output().slice(-2000)}`).join("\n")}`);
    await Bun.sleep(100);
  }
}

/** A unit's environment: the guide's file, the unit's lines, this machine's stand-ins. */
function envOf(unit: string, extra: Record<string, string> = {}): Record<string, string> {
  return { ...cleanEnv(), ...guideEnv(), ...unitOf(unit, credentials).env, ...shared, ...extra };
}

/** The unit's ExecStart, its /opt/stablepay being the install. */
function execOf(unit: string): string[] {
  return unitOf(unit, credentials).exec.map((a) => a.replace(/^\/opt\/stablepay\//, `${install}/`));
}

async function start(unit: string, extra: Record<string, string> = {}): Promise<Proc> {
  const child = Bun.spawn(readOnly(install, execOf(unit)), { env: envOf(unit, { OPS_PORT: String(await freePort()), ...extra }), stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  let out = "";
  const decoder = new TextDecoder();
  void (async () => {
    for await (const c of child.stdout) out += decoder.decode(c);
  })();
  void (async () => {
    for await (const c of child.stderr) out += decoder.decode(c);
  })();
  const p: Proc = { name: unit, child, output: () => out };
  procs.add(p);
  await until(`${unit} up`, async () => out.includes("is up"), 90_000);
  return p;
}

/** `npm run cli` as the guide has the operator run it, from the read-only view too (its bootstrap installs nothing after `npm install`). */
function cli(...args: string[]): Record<string, string> {
  const r = Bun.spawnSync(readOnly(install, ["npm", "run", "--silent", "cli", "--", ...args, "--json"]), { env: envOf("api") });
  if (r.exitCode !== 0) throw new Error(`cli ${args.join(" ")}: ${r.stderr.toString()}`);
  return JSON.parse(r.stdout.toString()) as Record<string, string>;
}

beforeAll(async () => {
  // What a clone holds: the tracked files, and new ones not ignored (this checkout's own changes).
  const files = Bun.spawnSync(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root }).stdout.toString().split("\0").filter((f) => f && existsSync(join(root, f)));
  for (const f of files) {
    mkdirSync(dirname(join(install, f)), { recursive: true });
    cpSync(join(root, f), join(install, f));
  }
  // The guide's install: `npm install`, nothing else (quieter, and from npm's cache when it can).
  const npm = Bun.spawnSync(["npm", "install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], { cwd: install, env: cleanEnv(), stdout: "pipe", stderr: "pipe" });
  expect({ code: npm.exitCode, stderr: npm.exitCode === 0 ? "" : npm.stderr.toString() }).toEqual({ code: 0, stderr: "" });

  anvil = await startAnvil();
  const transport = http(anvil.rpcUrl);
  const operator = privateKeyToAccount(OPERATOR_KEY);
  const publicClient = createPublicClient({ chain: foundry, transport, pollingInterval: 50 });
  const walletClient = createWalletClient({ account: operator, chain: foundry, transport });
  const { usdc, factory } = await deployContracts({ walletClient, publicClient: publicClient as never, operator: operator.address, feeRecipient: operator.address });
  await deployFactoryV2({ walletClient, publicClient: publicClient as never });
  const mint = await walletClient.writeContract({ address: usdc, abi: parseAbi(["function mint(address to, uint256 amount)"]), functionName: "mint", args: [PAYER.address, 1_000_000_000n] });
  await publicClient.waitForTransactionReceipt({ hash: mint });
  const created = await createTestDatabase({ migrate: false });
  await created.database.close();
  databaseUrl = created.url;
  mkdirSync(credentials, { recursive: true });
  writeFileSync(join(credentials, "database-url"), `${created.url}\n`, { mode: 0o600 });
  writeFileSync(join(credentials, "operator-key"), `${OPERATOR_KEY}\n`, { mode: 0o600 });
  writeFileSync(join(credentials, "webhook-secrets-key"), `${randomBytes(32).toString("hex")}\n`, { mode: 0o600 });
  shared = {
    HOST: "127.0.0.1",
    PUBLIC_BASE_URL: "http://127.0.0.1:1",
    TRUSTED_PROXIES: "127.0.0.1",
    SANDBOX_RPC_HTTP_URL: anvil.rpcUrl,
    SANDBOX_CHAIN_ID: "31337",
    SANDBOX_USDC_ADDRESS: usdc,
    SANDBOX_FACTORY_ADDRESS: factory,
    SANDBOX_START_BLOCK: String(await publicClient.getBlockNumber()),
    SANDBOX_CONFIRMATIONS: "0",
    OPERATOR_ADDRESS: operator.address,
    INDEXER_PORT: String(await freePort()),
    LOG_LEVEL: "warn",
  };
}, 300_000);

test("npm install patches the drivers and builds: the contracts compiled, the committed files unchanged", () => {
  expect(driverPatchProblem(join(install, "src", "db"))).toBeUndefined();
  expect(readFileSync(join(install, "node_modules/ponder/dist/esm/bin/utils/codegen.js"), "utf8")).toContain("stablepay patch");
  expect(JSON.parse(readFileSync(join(install, "contracts/out/artifacts.json"), "utf8")).contracts.MerchantAccountFactoryV2.bytecode).toMatch(/^0x[0-9a-f]+$/);
  for (const f of ["indexer/ponder-env.d.ts", "package-lock.json", "package.json"]) expect({ f, same: readFileSync(join(install, f), "utf8") === readFileSync(join(root, f), "utf8") }).toEqual({ f, same: true });
});

test("systemd-analyze verify finds nothing to say about the units (where it exists)", () => {
  if (!Bun.which("systemd-analyze")) return;
  // The units as installed here: their /opt/stablepay is the install (ExecStart must exist).
  const units = join(base, "units");
  mkdirSync(units, { recursive: true });
  for (const name of ["api", "workers", "signer", "indexer", "migrate"]) {
    const file = `stablepay-${name}.service`;
    writeFileSync(join(units, file), readFileSync(join(root, "deploy/systemd", file), "utf8").replaceAll("/opt/stablepay", install));
  }
  const verify = Bun.spawnSync(["systemd-analyze", "verify", ...["api", "workers", "signer", "indexer", "migrate"].map((n) => join(units, `stablepay-${n}.service`))], { stderr: "pipe" });
  // It warns about what it ignores (an unknown key, a bad value) on stderr, and exits 0 all the same.
  expect({ code: verify.exitCode, said: verify.stderr.toString() }).toEqual({ code: 0, said: "" });
});

test("the view the processes get is read-only but for their private /tmp", () => {
  const probe = Bun.spawnSync(readOnly(install, ["sh", "-c", "touch /tmp/x && echo tmp ok; touch package.json; touch contracts/out/x"]), { stderr: "pipe" });
  expect(probe.stdout.toString().trim()).toBe("tmp ok");
  expect(probe.stderr.toString().match(/Read-only file system/g)?.length).toBe(2);
});

test("every unit's process starts from the read-only install; a merchant is onboarded, a payment confirmed, and every database connection cut kills none of them", async () => {
  const migrate = Bun.spawnSync(readOnly(install, execOf("migrate")), { env: envOf("migrate"), stderr: "pipe" });
  expect({ code: migrate.exitCode, stderr: migrate.exitCode === 0 ? "" : migrate.stderr.toString() }).toEqual({ code: 0, stderr: "" });

  const port = await freePort();
  const api = `http://127.0.0.1:${port}`;
  shared.PUBLIC_BASE_URL = api;
  await start("api", { PORT: String(port) });
  await start("signer");
  await Promise.all([start("workers"), start("indexer")]);

  const account = cli("accounts", "create", "--name", "Read-only Co");
  const { secret_key: key } = cli("keys", "create", "--account", account.id!, "--mode", "test");
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${api}${path}`, { method, headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  };
  const merchant = await call("POST", "/v1/merchants", {
    business_name: "Read-only Shop",
    email: "owner@read-only.example",
    owner_address: PAYER.address,
    payout_address: PAYOUT,
    settlement_schedule: "manual",
    bank_account: { routing_number: "011000015", account_number: "000123456789", bank_name: "Federal Reserve Bank" },
  });
  expect(merchant.status).toBe(201);
  const merchantId = merchant.body.id as string;
  await until("merchant active", async () => (await call("GET", `/v1/merchants/${merchantId}`)).body.status === "active", 60_000);
  const intent = await call("POST", "/v1/payment-intents", { amount: 12.5, currency: "usd", merchant_id: merchantId });
  expect(intent.status).toBe(201);
  expect((await call("POST", `/v1/test_helpers/payment_intents/${intent.body.id as string}/pay`, {})).status).toBe(200);
  await until("intent confirmed", async () => (await call("GET", `/v1/payment-intents/${intent.body.id as string}`)).body.status === "confirmed", 60_000);

  // Every database connection of the deployment cut (a failover): with the driver as `npm install`
  // patched it, no process dies, and the next payment confirms.
  const db = postgres(databaseUrl, { max: 1 });
  const cut = await db`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`;
  await db.end();
  expect(cut.length).toBeGreaterThan(0);
  await Bun.sleep(2_000);
  for (const p of procs) expect({ unit: p.name, exitCode: p.child.exitCode }).toEqual({ unit: p.name, exitCode: null });
  const next = await until("an intent after the cut", async () => {
    const r = await call("POST", "/v1/payment-intents", { amount: 7, currency: "usd", merchant_id: merchantId });
    return r.status === 201 ? r : undefined;
  }, 30_000);
  expect((await call("POST", `/v1/test_helpers/payment_intents/${next.body.id as string}/pay`, {})).status).toBe(200);
  await until("intent after the cut confirmed", async () => (await call("GET", `/v1/payment-intents/${next.body.id as string}`)).body.status === "confirmed", 60_000);
  for (const p of procs) expect({ unit: p.name, exitCode: p.child.exitCode }).toEqual({ unit: p.name, exitCode: null });
}, 300_000);
