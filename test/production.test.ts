/**
 * Production mode (STABLEPAY_ENV=production), run as an operator runs it: `bun src/main.ts` as a
 * child. A missing piece stops the start with one line naming its variable and nothing embedded
 * starts; with every piece configured (a Postgres and a chain started apart from the service, the
 * contracts deployed on it, secrets in files) it serves, writes no demo data and prints no secret.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPublicClient, createWalletClient, getAddress, http, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { ANVIL_KEY_0, ConfigError, loadConfig } from "../src/config.ts";
import { canSign, operatorSigner } from "../src/chain/signer.ts";
import { deployContracts } from "../src/chain/deploy.ts";
import { connect } from "../src/db/client.ts";
import { freePort } from "../src/sandbox/ports.ts";
import { checkEndpointUrl } from "../src/modules/webhook-endpoints/url-policy.ts";
import { startAnvil, type Anvil } from "./support/anvil.ts";
import { createTestDatabase } from "./support/db.ts";

/** The key webhook signing secrets are sealed with in these production processes. */
const WEBHOOK_SECRETS_KEY = "5f1d6c7e9a3b2c4d8e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f";
const root = join(import.meta.dir, "..");
const tmp = mkdtempSync(join(tmpdir(), "stablepay-prod-"));
// Anvil's public dev account 2: funded on the test chain, and not the sandbox's default operator key.
const OPERATOR_KEY: Hex = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";
const FEE_RECIPIENT: Address = "0x000000000000000000000000000000000000fee5";

let anvil: Anvil | undefined;
const children = new Set<Bun.Subprocess>();
afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  await anvil?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

/** This process's environment without anything that configures the service, plus `env`. */
function childEnv(env: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !/^(DATABASE_URL|SANDBOX_|LIVE_|OPERATOR_|PUBLIC_BASE_URL|DASHBOARD_|STABLEPAY_ENV|ROLES|WEBHOOK_)/.test(k)) out[k] = v;
  return { ...out, LOG_LEVEL: "warn", ...env };
}

/** Lines of `ps` naming one of the markers (processes a start would have spawned). */
function processesWith(markers: string[]): string[] {
  const out = Bun.spawnSync(["ps", "-eo", "pid=,args="]).stdout.toString();
  return out.split("\n").filter((l) => markers.some((m) => l.includes(m)) && !l.includes("ps -eo"));
}

async function runMain(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = Bun.spawn([process.execPath, "src/main.ts"], { cwd: root, env: childEnv(env), stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  children.add(child);
  const [code, stdout, stderr] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
  children.delete(child);
  return { code, stdout, stderr };
}

describe("production mode refuses to start without each piece, starting nothing embedded", () => {
  test("one line naming the missing (or unknown, or doubly set) variable; no Postgres, no anvil, no data folder", async () => {
    const dataDir = join(tmp, "refused-data");
    const ports = { PORT: String(await freePort()), EMBEDDED_POSTGRES_PORT: String(await freePort()), SANDBOX_ANVIL_PORT: String(await freePort()), SANDBOX_ANVIL_PORT_ARBITRUM: String(await freePort()), INDEXER_PORT: String(await freePort()) };
    const base = { ...ports, DATA_DIR: dataDir, STABLEPAY_ENV: "production", OPS_PORT: String(await freePort()) };
    const keyFile = join(tmp, "refused-key");
    writeFileSync(keyFile, `${OPERATOR_KEY}\n`);
    const db = { DATABASE_URL: "postgres://u:p@127.0.0.1:5/stablepay" };
    const rpc = { SANDBOX_RPC_HTTP_URL: "http://127.0.0.1:9/", SANDBOX_CHAIN_ID: "31337", SANDBOX_USDC_ADDRESS: FEE_RECIPIENT, SANDBOX_START_BLOCK: "1" };
    const secrets = { WEBHOOK_SECRETS_KEY };
    const cases: Array<[Record<string, string>, string]> = [
      [{ STABLEPAY_ENV: "staging" }, "STABLEPAY_ENV must be one of sandbox, production"],
      [{}, "DATABASE_URL is required in production mode"],
      [{ ...db }, "SANDBOX_RPC_HTTP_URL is required in production mode"],
      [{ ...db, ...rpc }, "OPERATOR_PRIVATE_KEY is required in production mode"],
      [{ ...db, ...rpc, OPERATOR_PRIVATE_KEY: OPERATOR_KEY, OPERATOR_PRIVATE_KEY_FILE: keyFile }, "OPERATOR_PRIVATE_KEY_FILE and OPERATOR_PRIVATE_KEY are both set"],
      [{ ...db, ...rpc, OPERATOR_PRIVATE_KEY_FILE: join(tmp, "no-such-file") }, "OPERATOR_PRIVATE_KEY_FILE names a file that cannot be read"],
      [{ ...db, ...rpc, OPERATOR_PRIVATE_KEY_FILE: keyFile }, "PUBLIC_BASE_URL is required in production mode"],
      [{ ...db, ...rpc, OPERATOR_PRIVATE_KEY_FILE: keyFile, ROLES: "dashboard", DASHBOARD_PORT: String(await freePort()), PUBLIC_BASE_URL: "https://pay.example" }, "DASHBOARD_PUBLIC_URL is required in production mode"],
      [{ ...db, ...rpc, OPERATOR_PRIVATE_KEY_FILE: keyFile, PUBLIC_BASE_URL: "https://pay.example" }, "WEBHOOK_SECRETS_KEY is required in production mode"],
      [{ ...db, ...rpc, OPERATOR_PRIVATE_KEY_FILE: keyFile, PUBLIC_BASE_URL: "https://pay.example", SANDBOX_FACTORY_ADDRESS: FEE_RECIPIENT, WEBHOOK_SECRETS_KEY: "short" }, "WEBHOOK_SECRETS_KEY must be a 32-byte key"],
      // A bad value of a variable that is set stops the start as in the sandbox, naming it.
      [{ ...db, ...rpc, OPERATOR_PRIVATE_KEY_FILE: keyFile, PUBLIC_BASE_URL: "https://pay.example", ...secrets }, "SANDBOX_FACTORY_ADDRESS is required"],
      [{ ...db, ...rpc, OPERATOR_PRIVATE_KEY_FILE: keyFile, PUBLIC_BASE_URL: "https://pay.example", ...secrets, SANDBOX_FACTORY_ADDRESS: FEE_RECIPIENT, WEBHOOK_TEST_ALLOW_PRIVATE_NETWORKS: "yes" }, "WEBHOOK_TEST_ALLOW_PRIVATE_NETWORKS must be one of true, false"],
    ];
    const results = await Promise.all(cases.map(([env]) => runMain({ ...base, ...env })));
    for (const [i, [, message]] of cases.entries()) {
      const r = results[i]!;
      expect({ message, code: r.code }).toEqual({ message, code: 1 });
      expect({ message, lines: r.stderr.trim().split("\n") }).toEqual({ message, lines: [expect.stringContaining(message)] });
      expect(r.stdout.trim()).toBe("");
      // The key given in a file is never echoed back.
      expect(r.stderr).not.toContain(OPERATOR_KEY.slice(2));
    }
    expect(existsSync(dataDir)).toBe(false);
    expect(processesWith([`-p ${ports.EMBEDDED_POSTGRES_PORT}`, `--port ${ports.SANDBOX_ANVIL_PORT}`, `--port ${ports.SANDBOX_ANVIL_PORT_ARBITRUM}`, dataDir])).toEqual([]);
  }, 60_000);

  test("*_FILE: the file's content with its trailing newline trimmed; the sandbox default is unchanged", () => {
    const urlFile = join(tmp, "database-url");
    writeFileSync(urlFile, "postgres://app:s3cret@db.internal:5432/stablepay\n");
    const keyFile = join(tmp, "operator-key");
    writeFileSync(keyFile, `${OPERATOR_KEY}\n`);
    const config = loadConfig({ DATABASE_URL_FILE: urlFile, OPERATOR_PRIVATE_KEY_FILE: keyFile });
    expect(config.databaseUrl).toBe("postgres://app:s3cret@db.internal:5432/stablepay");
    expect(config.operatorPrivateKey).toBe(OPERATOR_KEY);
    expect(() => loadConfig({ DATABASE_URL_FILE: urlFile, DATABASE_URL: "postgres://x@y/z" })).toThrow(ConfigError);
    const sandbox = loadConfig({});
    expect(sandbox.env).toBe("sandbox");
    expect(sandbox.databaseUrl).toBeUndefined();
    expect(sandbox.chains.test.embedded).toBe(true);
    expect(sandbox.webhookTestAnyAddress).toBe(true);
  });

  test("the operator key is required only where ROLES has a signing role; the others take the operator's address", () => {
    const production = { STABLEPAY_ENV: "production", OPS_PORT: "9309", DATABASE_URL: "postgres://u:p@db/x", SANDBOX_RPC_HTTP_URL: "http://rpc.example/", SANDBOX_CHAIN_ID: "31337", SANDBOX_USDC_ADDRESS: FEE_RECIPIENT, SANDBOX_FACTORY_ADDRESS: FEE_RECIPIENT, SANDBOX_START_BLOCK: "1", PUBLIC_BASE_URL: "https://pay.example", WEBHOOK_SECRETS_KEY };
    for (const roles of ["api", "api,dashboard", "matcher,expirer,dispatcher", "indexer"]) {
      const config = loadConfig({ ...production, ROLES: roles, OPERATOR_ADDRESS: FEE_RECIPIENT });
      expect({ roles, key: config.operatorPrivateKey, address: config.operatorAddress }).toEqual({ roles, key: undefined, address: getAddress(FEE_RECIPIENT) });
    }
    for (const roles of ["settler", "fee_collector", "api,settler", "all"]) {
      expect(() => loadConfig({ ...production, ROLES: roles })).toThrow(/^Invalid configuration: OPERATOR_PRIVATE_KEY is required in production mode/);
      expect(loadConfig({ ...production, ROLES: roles, OPERATOR_PRIVATE_KEY: OPERATOR_KEY }).operatorPrivateKey).toBe(OPERATOR_KEY);
    }
    // A key given to a process that does not need it is still taken (it then signs for itself).
    expect(loadConfig({ ...production, ROLES: "api", OPERATOR_PRIVATE_KEY: OPERATOR_KEY }).operatorPrivateKey).toBe(OPERATOR_KEY);
    // The sandbox is as before: the dev key, all roles in one process.
    expect(loadConfig({}).operatorPrivateKey).toBe(ANVIL_KEY_0);
  });

  test("the signer: the local key signs; without it, the address only, which refuses to sign; a key and an address that disagree stop the start", async () => {
    const key = operatorSigner({ privateKey: OPERATOR_KEY, address: undefined, recorded: undefined });
    expect(canSign(key)).toBe(true);
    expect(key.address).toBe(privateKeyToAccount(OPERATOR_KEY).address);
    const addressOnly = operatorSigner({ privateKey: undefined, address: undefined, recorded: FEE_RECIPIENT.toLowerCase() as Address });
    expect([canSign(addressOnly), addressOnly.address]).toEqual([false, getAddress(FEE_RECIPIENT)]);
    await expect(addressOnly.signMessage({ message: "x" })).rejects.toThrow(/holds no operator key/);
    expect(() => operatorSigner({ privateKey: OPERATOR_KEY, address: FEE_RECIPIENT, recorded: undefined })).toThrow(/OPERATOR_ADDRESS is .* but OPERATOR_PRIVATE_KEY is the key of/);
    expect(() => operatorSigner({ privateKey: undefined, address: undefined, recorded: undefined })).toThrow(/OPERATOR_ADDRESS is required/);
  });

  test("test webhook endpoints follow the live address rules in production, unless the operator allows private networks", async () => {
    const production = { STABLEPAY_ENV: "production", OPS_PORT: "9309", DATABASE_URL: "postgres://u:p@db/x", SANDBOX_RPC_HTTP_URL: "http://rpc.example/", SANDBOX_CHAIN_ID: "31337", SANDBOX_USDC_ADDRESS: FEE_RECIPIENT, SANDBOX_FACTORY_ADDRESS: FEE_RECIPIENT, SANDBOX_START_BLOCK: "1", OPERATOR_PRIVATE_KEY: OPERATOR_KEY, PUBLIC_BASE_URL: "https://pay.example", WEBHOOK_SECRETS_KEY };
    const held = loadConfig(production).webhookTestAnyAddress;
    const optedIn = loadConfig({ ...production, WEBHOOK_TEST_ALLOW_PRIVATE_NETWORKS: "true" }).webhookTestAnyAddress;
    expect([held, optedIn]).toEqual([false, true]);
    const resolver = async () => ["10.1.2.3"];
    expect(await checkEndpointUrl("http://internal.example/hook", { mode: "test", testAnyAddress: held }, resolver)).toMatchObject({ ok: false, message: expect.stringContaining("10.1.2.3") });
    expect(await checkEndpointUrl("http://internal.example/hook", { mode: "test", testAnyAddress: optedIn }, resolver)).toMatchObject({ ok: true });
    // Live endpoints keep their rules whatever the opt-in says.
    expect(await checkEndpointUrl("https://internal.example/hook", { mode: "live", testAnyAddress: optedIn }, resolver)).toMatchObject({ ok: false });
  });
});

describe("production mode with every piece configured", () => {
  let env: Record<string, string>;
  let databaseUrl: string;
  let dataDir: string;

  beforeAll(async () => {
    anvil = await startAnvil();
    const transport = http(anvil.rpcUrl);
    const operator = privateKeyToAccount(OPERATOR_KEY);
    const publicClient = createPublicClient({ chain: foundry, transport, pollingInterval: 50 });
    const walletClient = createWalletClient({ account: operator, chain: foundry, transport });
    const { usdc, factory } = await deployContracts({ walletClient, publicClient: publicClient as never, operator: operator.address, feeRecipient: FEE_RECIPIENT });
    const startBlock = await publicClient.getBlockNumber();
    ({ url: databaseUrl } = await createTestDatabase({ migrate: false }));
    const urlFile = join(tmp, "secret-database-url");
    writeFileSync(urlFile, `${databaseUrl}\n`, { mode: 0o600 });
    const keyFile = join(tmp, "secret-operator-key");
    writeFileSync(keyFile, `${OPERATOR_KEY}\n`, { mode: 0o600 });
    dataDir = join(tmp, "prod-data");
    const port = await freePort();
    env = {
      STABLEPAY_ENV: "production",
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      INDEXER_PORT: String(await freePort()),
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      SANDBOX_ANVIL_PORT: String(await freePort()),
      DATABASE_URL_FILE: urlFile,
      OPERATOR_PRIVATE_KEY_FILE: keyFile,
      WEBHOOK_SECRETS_KEY,
      SANDBOX_RPC_HTTP_URL: anvil.rpcUrl,
      SANDBOX_CHAIN_ID: "31337",
      SANDBOX_USDC_ADDRESS: usdc,
      SANDBOX_FACTORY_ADDRESS: factory,
      SANDBOX_START_BLOCK: String(startBlock),
      SANDBOX_CONFIRMATIONS: "0",
      OPS_PORT: String(await freePort()),
    };
    // The upgrade's first step: production starts never migrate (they refuse a schema behind).
    const migrated = Bun.spawnSync([process.execPath, "src/cli/main.ts", "migrate"], { cwd: root, env: childEnv(env) });
    if (migrated.exitCode !== 0) throw new Error(`migrate: ${migrated.stderr.toString()}`);
  }, 60_000);

  test("starts every role, serves /health, writes no demo data and no data folder, prints no secret", async () => {
    const child = Bun.spawn([process.execPath, "src/main.ts"], { cwd: root, env: childEnv(env), stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    children.add(child);
    let output = "";
    const decoder = new TextDecoder();
    void (async () => {
      for await (const c of child.stdout) output += decoder.decode(c);
    })();
    void (async () => {
      for await (const c of child.stderr) output += decoder.decode(c);
    })();
    try {
      const deadline = Date.now() + 90_000;
      while (!output.includes("is up")) {
        if (child.exitCode !== null) throw new Error(`main exited (${child.exitCode}):\n${output}`);
        if (Date.now() > deadline) throw new Error(`no banner within 90 s:\n${output}`);
        await Bun.sleep(200);
      }
      // Production serves /health on OPS_PORT only, apart from the public port.
      const health = await fetch(`http://127.0.0.1:${env.OPS_PORT}/health`);
      expect((await fetch(`${env.PUBLIC_BASE_URL}/health`)).status).toBe(404);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok" });
      expect(output).toContain("Mode           production");

      // No secret printed: not the operator key, not the database password, no demo key or password.
      const password = new URL(databaseUrl).password;
      expect(output).not.toContain(OPERATOR_KEY.slice(2));
      if (password) expect(output).not.toContain(password);
      expect(output).not.toMatch(/sk_test_|sk_live_|Dashboard\s+http|Test key|Payer wallet/);

      // No demo data: no integrator account, merchant or dashboard user was created.
      const database = connect(databaseUrl, { max: 1 });
      try {
        const [counts] = await database.sql<{ accounts: number; merchants: number; users: number; keys: number }[]>`
          SELECT (SELECT count(*)::int FROM app.accounts) AS accounts, (SELECT count(*)::int FROM app.merchants) AS merchants,
                 (SELECT count(*)::int FROM app.dashboard_users) AS users, (SELECT count(*)::int FROM app.api_keys) AS keys`;
        expect(counts).toEqual({ accounts: 0, merchants: 0, users: 0, keys: 0 });
      } finally {
        await database.close();
      }

      // Outbound safety: a test key cannot register a webhook endpoint at an internal address.
      const cli = async (...args: string[]) => {
        const r = Bun.spawnSync([process.execPath, "src/cli/main.ts", ...args, "--json"], { cwd: root, env: childEnv(env) });
        if (r.exitCode !== 0) throw new Error(`cli ${args.join(" ")}: ${r.stderr.toString()}`);
        return JSON.parse(r.stdout.toString()) as Record<string, string>;
      };
      const account = await cli("accounts", "create", "--name", "Production Co");
      const { secret_key: testKey } = await cli("keys", "create", "--account", account.id!, "--mode", "test");
      const createEndpoint = (url: string) =>
        fetch(`${env.PUBLIC_BASE_URL}/v1/webhook_endpoints`, { method: "POST", headers: { authorization: `Bearer ${testKey}`, "content-type": "application/json" }, body: JSON.stringify({ url, enabled_events: ["*"] }) });
      for (const url of ["http://127.0.0.1:9/hook", "http://localhost:9/hook", "http://169.254.169.254/latest/meta-data", "http://[::ffff:10.0.0.1]/hook"]) {
        const refused = await createEndpoint(url);
        const body = (await refused.json()) as { error: { type: string; code: string; param: string; message: string } };
        expect({ url, status: refused.status, type: body.error.type, code: body.error.code, param: body.error.param }).toEqual({ url, status: 400, type: "invalid_request_error", code: "url_not_allowed", param: "url" });
        expect(body.error.message).toContain("Test webhook endpoints (production mode");
      }
      // A public address is taken (http stays allowed for test endpoints).
      expect((await createEndpoint("http://93.184.216.34/hook")).status).toBe(201);

      // Nothing embedded: no data folder, no Postgres or anvil on the ports the sandbox would use.
      expect(existsSync(dataDir)).toBe(false);
      expect(processesWith([`-p ${env.EMBEDDED_POSTGRES_PORT}`, `--port ${env.SANDBOX_ANVIL_PORT}`, dataDir])).toEqual([]);
    } finally {
      child.kill("SIGTERM");
      await child.exited;
      children.delete(child);
    }
    expect(existsSync(dataDir)).toBe(false);
  }, 150_000);
});
