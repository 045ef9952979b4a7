/**
 * The production topology of docs/deployment.md, started on this machine from the guide's own files:
 * the environment of deploy/stablepay.env.example and, per unit of deploy/systemd, its Environment=
 * lines and ExecStart (bun and the working directory replaced by this checkout's, systemd's
 * credentials directory `%d` by a folder holding the secrets; the ports, URLs and contract addresses
 * of this machine's stand-ins substituted). A Postgres started apart from the service (the tests'
 * shared one) stands in for a managed database, anvil for the RPC providers.
 *
 * `migrate` once, two API processes WITHOUT the operator key, the workers that do not sign, the
 * signing workers (the only holders of the key) and the indexer, each in a process of its own. An
 * onboarding, a payment, its webhook, a payment by signature (relayed by the signer), a refund and a
 * settlement go through. The signer is killed (kill -9) before the onboarding: the merchant waits
 * `pending` and is created once it runs again. The indexer, the non-signing workers and one API are
 * killed and started again while the payment is in flight: it confirms once and its webhook is
 * delivered once.
 * Last, SIGTERM to an API process under load: /ready 503 before it stops accepting, 0 failed.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Webhook } from "standardwebhooks";
import postgres from "postgres";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPublicClient, createWalletClient, http, parseAbi, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { deployContracts } from "../src/chain/deploy.ts";
import { deployFactoryV2 } from "../src/chain/account-v2.ts";
import { freePort } from "../src/sandbox/ports.ts";
import { startAnvil, type Anvil } from "./support/anvil.ts";
import { createTestDatabase } from "./support/db.ts";
import { sigtermUnderLoad } from "./support/drain-load.ts";
import { cleanEnv, guideEnv as readGuideEnv, unitOf as readUnit } from "./support/units.ts";

type Json = any;

const root = join(import.meta.dir, "..");
const tmp = mkdtempSync(join(tmpdir(), "stablepay-topology-"));
// Anvil's dev account 2: the operator here (not the sandbox's default key). Account 1 is the sandbox
// payer (SANDBOX_PAYER_PRIVATE_KEY's default), which the test helpers pay and approve refunds with.
const OPERATOR_KEY: Hex = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";
const PAYER = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
const PAYOUT: Address = "0x00000000000000000000000000000000000Ba105";

const guideEnv = readGuideEnv();
const credentials = join(tmp, "credentials");
const unitOf = (name: string) => readUnit(name, credentials);

interface Proc {
  name: string;
  child: Bun.Subprocess<"ignore", "pipe", "pipe">;
  output: () => string;
  opsUrl: string;
}

const procs = new Set<Proc>();
let anvil: Anvil | undefined;
let hooks: ReturnType<typeof Bun.serve> | undefined;

afterAll(async () => {
  // What each process said, when the test failed (warnings and errors only: LOG_LEVEL=warn).
  if (process.exitCode || process.env.TOPOLOGY_LOGS) for (const p of procs) console.error(`--- ${p.name}\n${p.output().slice(-3000)}`);
  for (const p of procs) p.child.kill("SIGKILL");
  hooks?.stop(true);
  await anvil?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs: number, procsToWatch: Proc[] = []): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v) return v;
    for (const p of procsToWatch) if (p.child.exitCode !== null) throw new Error(`${p.name} exited (${p.child.exitCode}) while waiting for ${what}:\n${p.output().slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${procsToWatch.map((p) => `--- ${p.name}\n${p.output().slice(-2000)}`).join("\n")}`);
    await Bun.sleep(100);
  }
}

describe("the production topology of docs/deployment.md, from its own files", () => {
  let shared: Record<string, string>;
  let apiUrls: string[] = [];
  const events: Array<{ id: string; type: string; data: Record<string, unknown>; raw: string; headers: Record<string, string> }> = [];
  let databaseUrl = "";

  /** The environment a unit's process gets: the guide's file, the unit's lines, this machine's substitutions. */
  function envOf(unit: string, ports: { port?: number; ops: number }): Record<string, string> {
    const u = unitOf(unit);
    return { ...cleanEnv(), ...guideEnv, ...u.env, ...shared, ...(ports.port ? { PORT: String(ports.port) } : {}), OPS_PORT: String(ports.ops) };
  }

  async function start(name: string, unit: string, port?: number): Promise<Proc> {
    const ops = await freePort();
    const env = envOf(unit, { port, ops });
    // Only the signing workers' processes get the key, in any form.
    expect({ unit, key: Object.keys(env).filter((k) => k.startsWith("OPERATOR_PRIVATE_KEY")) }).toEqual({ unit, key: unit === "signer" ? ["OPERATOR_PRIVATE_KEY_FILE"] : [] });
    const [, ...args] = unitOf(unit).exec;
    const child = Bun.spawn([process.execPath, ...args], { cwd: root, env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    let out = "";
    const decoder = new TextDecoder();
    void (async () => {
      for await (const c of child.stdout) out += decoder.decode(c);
    })();
    void (async () => {
      for await (const c of child.stderr) out += decoder.decode(c);
    })();
    const p: Proc = { name, child, output: () => out, opsUrl: `http://127.0.0.1:${ops}` };
    procs.add(p);
    await until(`${name} up`, async () => out.includes("is up"), 60_000, [p]);
    return p;
  }

  function kill9(p: Proc) {
    p.child.kill("SIGKILL");
    procs.delete(p);
  }

  const cli = (...args: string[]) => {
    const env = envOf("api", { ops: 1 });
    delete env.OPS_PORT;
    const r = Bun.spawnSync([process.execPath, "src/cli/main.ts", ...args, "--json"], { cwd: root, env });
    if (r.exitCode !== 0) throw new Error(`cli ${args.join(" ")}: ${r.stderr.toString()}`);
    return JSON.parse(r.stdout.toString()) as Record<string, string>;
  };

  beforeAll(async () => {
    anvil = await startAnvil();
    const transport = http(anvil.rpcUrl);
    const operator = privateKeyToAccount(OPERATOR_KEY);
    const publicClient = createPublicClient({ chain: foundry, transport, pollingInterval: 50 });
    const walletClient = createWalletClient({ account: operator, chain: foundry, transport });
    const { usdc, factory } = await deployContracts({ walletClient, publicClient: publicClient as never, operator: operator.address, feeRecipient: operator.address });
    await deployFactoryV2({ walletClient, publicClient: publicClient as never });
    // The sandbox payer holds USDC (the test token's mint is open).
    const mint = await walletClient.writeContract({ address: usdc, abi: parseAbi(["function mint(address to, uint256 amount)"]), functionName: "mint", args: [PAYER.address, 1_000_000_000n] });
    await publicClient.waitForTransactionReceipt({ hash: mint });
    const startBlock = await publicClient.getBlockNumber();
    const created = await createTestDatabase({ migrate: false });
    databaseUrl = created.url;
    await created.database.close();
    mkdirSync(credentials, { recursive: true });
    writeFileSync(join(credentials, "database-url"), `${databaseUrl}\n`, { mode: 0o600 });
    writeFileSync(join(credentials, "operator-key"), `${OPERATOR_KEY}\n`, { mode: 0o600 });
    writeFileSync(join(credentials, "webhook-secrets-key"), `${randomBytes(32).toString("hex")}\n`, { mode: 0o600 });
    const [port1, port2] = [await freePort(), await freePort()];
    apiUrls = [`http://127.0.0.1:${port1}`, `http://127.0.0.1:${port2}`];
    const received = await freePort();
    hooks = Bun.serve({
      port: received,
      hostname: "127.0.0.1",
      fetch: async (req) => {
        const raw = await req.text();
        const body = JSON.parse(raw) as { type: string; data: Record<string, unknown> };
        events.push({ id: req.headers.get("webhook-id")!, type: body.type, data: body.data, raw, headers: Object.fromEntries(req.headers.entries()) });
        return new Response("ok");
      },
    });
    // This machine's stand-ins for what the example names: anvil, its contracts, loopback ports.
    shared = {
      HOST: "127.0.0.1",
      PUBLIC_BASE_URL: apiUrls[0]!,
      TRUSTED_PROXIES: "127.0.0.1",
      SANDBOX_RPC_HTTP_URL: anvil.rpcUrl,
      SANDBOX_CHAIN_ID: "31337",
      SANDBOX_USDC_ADDRESS: usdc,
      SANDBOX_FACTORY_ADDRESS: factory,
      SANDBOX_START_BLOCK: String(startBlock),
      SANDBOX_CONFIRMATIONS: "0",
      OPERATOR_ADDRESS: operator.address,
      INDEXER_PORT: String(await freePort()),
      DATA_DIR: join(tmp, "data"),
      // The test's webhook receiver listens on loopback.
      WEBHOOK_TEST_ALLOW_PRIVATE_NETWORKS: "true",
      SHUTDOWN_DRAIN_DELAY_MS: "1500",
      SHUTDOWN_TIMEOUT_MS: "10000",
      // The drain's load stands for many clients of one key.
      RATE_LIMIT_TEST_PER_SECOND: "100000",
      LOG_LEVEL: "warn",
    };
    (globalThis as { hookUrl?: string }).hookUrl = `http://127.0.0.1:${received}/hooks`;
  }, 90_000);

  test("the units: only the signing workers hold the operator key", () => {
    for (const unit of ["api", "indexer", "workers", "migrate"]) expect({ unit, key: Object.keys(unitOf(unit).env).filter((k) => k.startsWith("OPERATOR_PRIVATE_KEY")) }).toEqual({ unit, key: [] });
    expect(unitOf("signer").env.OPERATOR_PRIVATE_KEY_FILE).toBe(join(credentials, "operator-key"));
    expect(Object.keys(guideEnv).filter((k) => k.startsWith("OPERATOR_PRIVATE_KEY"))).toEqual([]);
  });

  test("migrate once; onboarding, payments (by transfer and by signature), webhooks, a refund and a settlement through two keyless APIs, with workers, indexer and an API killed mid-payment; SIGTERM under load answers everything", async () => {
    const t0 = Date.now();
    const migrateUnit = unitOf("migrate");
    const migrated = Bun.spawnSync([process.execPath, ...migrateUnit.exec.slice(1)], { cwd: root, env: { ...cleanEnv(), ...guideEnv, ...migrateUnit.env, ...shared } });
    expect({ code: migrated.exitCode, stderr: migrated.stderr.toString() }).toEqual({ code: 0, stderr: expect.any(String) });

    let [api1, api2] = await Promise.all([start("api-1", "api", Number(new URL(apiUrls[0]!).port)), start("api-2", "api", Number(new URL(apiUrls[1]!).port))]);
    // The signer starts first: it records the operator's address (the others are given OPERATOR_ADDRESS too).
    let signer = await start("signer", "signer");
    let [workers, indexer] = await Promise.all([start("workers", "workers"), start("indexer", "indexer")]);
    const all = () => [api1, api2, signer, workers, indexer];
    for (const p of [api1, api2]) expect(p.child.exitCode).toBeNull();

    const account = cli("accounts", "create", "--name", "Topology Co");
    const { secret_key: key } = cli("keys", "create", "--account", account.id!, "--mode", "test", "--refunds");
    const call = async (i: number, method: string, path: string, body?: unknown) => {
      const r = await fetch(`${apiUrls[i]}${path}`, { method, headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    };

    const endpoint = await call(1, "POST", "/v1/webhook_endpoints", { url: (globalThis as { hookUrl?: string }).hookUrl, enabled_events: ["*"] });
    expect(endpoint.status).toBe(201);

    // Onboarding through an API without the key, while no signer runs (killed): the merchant is
    // answered pending and waits; the signer, started again, creates its account contract.
    kill9(signer);
    const created = await call(0, "POST", "/v1/merchants", {
      business_name: "Topology Shop",
      email: "owner@topology.example",
      owner_address: PAYER.address,
      payout_address: PAYOUT,
      settlement_schedule: "manual",
      bank_account: { routing_number: "011000015", account_number: "000123456789", bank_name: "Federal Reserve Bank" },
    });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe("pending");
    signer = await start("signer", "signer");
    const merchantId = created.body.id as string;
    const merchant = await until("merchant active", async () => {
      const r = await call(1, "GET", `/v1/merchants/${merchantId}`);
      return r.body.status === "active" ? r.body : undefined;
    }, 30_000, all());
    expect(merchant.payment_address).toMatch(/^0x[0-9a-fA-F]{40}$/);

    // A payment: created on one API, paid through the other; the workers that do not sign, the
    // indexer and that API are killed (kill -9) while it is in flight, and started again.
    const intent = await call(1, "POST", "/v1/payment-intents", { amount: 12.5, currency: "usd", merchant_id: merchantId });
    expect(intent.status).toBe(201);
    const intentId = intent.body.id as string;
    kill9(workers);
    const paid = await call(0, "POST", `/v1/test_helpers/payment_intents/${intentId}/pay`, {});
    expect(paid.status).toBe(200);
    kill9(indexer);
    kill9(api2);
    // The other API answers meanwhile.
    expect((await call(0, "GET", `/v1/payment-intents/${intentId}`)).status).toBe(200);
    [workers, indexer, api2] = await Promise.all([start("workers", "workers"), start("indexer", "indexer"), start("api-2", "api", Number(new URL(apiUrls[1]!).port))]);
    await until("intent confirmed", async () => (await call(1, "GET", `/v1/payment-intents/${intentId}`)).body.status === "confirmed", 60_000, all());
    await until("confirmed webhook", async () => events.some((e) => e.type === "payment_intent.confirmed" && e.data.id === intentId), 30_000, all());
    // Signed with the secret handed out once, which the database holds only sealed (WEBHOOK_SECRETS_KEY).
    const secret = endpoint.body.secret as string;
    for (const e of events) expect(() => new Webhook(secret).verify(e.raw, e.headers)).not.toThrow();
    const db = postgres(databaseUrl, { max: 1 });
    const [stored] = await db<{ secret: string }[]>`SELECT secret FROM app.webhook_endpoints WHERE id = ${endpoint.body.id as string}`;
    await db.end();
    expect(stored!.secret).toStartWith("sealed:v1:");
    expect(stored!.secret).not.toContain(secret.slice("whsec_".length, "whsec_".length + 12));

    // A payment by signature through an API without the key: the signer relays it.
    const bySignature = await call(1, "POST", "/v1/payment-intents", { amount: 3, currency: "usd", merchant_id: merchantId });
    const signedId = bySignature.body.id as string;
    const td = ((await (await fetch(`${apiUrls[1]}/v1/payment-intents/${signedId}/authorization?payer=${PAYER.address}`)).json()) as { typed_data: Json }).typed_data;
    const { EIP712Domain: _domain, ...types } = td.types;
    const m = td.message;
    const signature = await PAYER.signTypedData({ domain: td.domain, types, primaryType: td.primaryType, message: { ...m, value: BigInt(m.value), validAfter: BigInt(m.validAfter), validBefore: BigInt(m.validBefore) } });
    const relayed = await fetch(`${apiUrls[1]}/v1/payment-intents/${signedId}/authorization`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ payer: m.from, signature, valid_after: m.validAfter, valid_before: m.validBefore, nonce: m.nonce }),
    });
    const relayBody = (await relayed.json()) as Json;
    expect({ status: relayed.status, body: relayBody }).toMatchObject({ status: 200, body: { object: "transfer_authorization_submission", status: expect.stringMatching(/^(mined|submitted)$/) } });
    await until("signed intent confirmed", async () => (await call(0, "GET", `/v1/payment-intents/${signedId}`)).body.status === "confirmed", 60_000, all());

    // A refund of it (the owner's signature from the sandbox helper), sent by the signer.
    const refund = await call(0, "POST", "/v1/refunds", { payment_intent: intentId, amount: 2, recipient_address: PAYER.address });
    expect(refund.status).toBe(201);
    const refundId = refund.body.id as string;
    if (refund.body.status === "requires_approval") expect((await call(1, "POST", `/v1/test_helpers/refunds/${refundId}/approve`, {})).status).toBe(200);
    await until("refund succeeded", async () => (await call(1, "GET", `/v1/refunds/${refundId}`)).body.status === "succeeded", 60_000, all());

    // A settlement: asked through a keyless API, withdrawn by the signer, completed by the helper.
    const settled = await until("settlement completed", async () => {
      const r = await call(0, "POST", "/v1/test_helpers/settlements/advance", { merchant_id: merchantId });
      const done = ((r.body.data ?? []) as Array<Record<string, unknown>>).find((s) => s.status === "completed");
      if (!done) await Bun.sleep(1_000);
      return done;
    }, 60_000, all());
    expect(settled.amount).toBeGreaterThan(0);
    await until("settlement webhook", async () => events.some((e) => e.type === "settlement.completed" && e.data.id === settled.id), 30_000, all());
    // Exactly once: one confirmation per intent, one delivery per event id, whatever was killed.
    await Bun.sleep(1_500);
    for (const id of [intentId, signedId]) expect({ id, n: new Set(events.filter((e) => e.type === "payment_intent.confirmed" && e.data.id === id).map((e) => e.id)).size }).toEqual({ id, n: 1 });
    const ids = events.map((e) => e.id);
    expect(ids.length).toBe(new Set(ids).size);
    const txns = await call(1, "GET", `/v1/transactions?merchant_id=${merchantId}`);
    expect((txns.body.data as unknown[]).length).toBe(2);

    // Nothing handed over is left waiting, as every process's metrics say.
    const scraped = await (await fetch(`${api1.opsUrl}/metrics`)).text();
    expect(scraped).toMatch(/^stablepay_operator_handovers_waiting\{kind="deploy"\} 0$/m);
    expect(scraped).toMatch(/^stablepay_operator_handovers_waiting\{kind="relay"\} 0$/m);

    // Per client address (production defaults): a flood of junk keys turns from 401 to 429 without
    // a lookup, while a valid key keeps working; the public QR image is limited too.
    const junk: number[] = [];
    for (let i = 0; i < 30; i++) junk.push((await fetch(`${apiUrls[0]}/v1/merchants`, { headers: { authorization: `Bearer sk_test_${String(i).padStart(32, "x")}` } })).status);
    expect(junk.filter((c) => c === 401).length).toBeGreaterThan(0);
    expect(junk.filter((c) => c === 429).length).toBeGreaterThan(0);
    expect(junk.every((c) => c === 401 || c === 429)).toBe(true);
    expect((await call(0, "GET", `/v1/merchants/${merchantId}`)).status).toBe(200);
    const qr = await Promise.all(Array.from({ length: 60 }, () => fetch(`${apiUrls[0]}/v1/qr/${intentId}.png`).then(async (r) => (await r.arrayBuffer(), r.status))));
    expect(qr.filter((c) => c === 200).length).toBeGreaterThanOrEqual(40);
    expect(qr.filter((c) => c === 429).length).toBeGreaterThan(0);

    // SIGTERM to an API process under load: /ready 503 before it stops accepting, every request it
    // accepted answered (the load balancer moves away once it has seen /ready 503).
    const d = await sigtermUnderLoad({
      request: async () => {
        const res = await fetch(`${apiUrls[1]}/v1/payment-intents/${intentId}`, { headers: { authorization: `Bearer ${key}` } });
        await res.arrayBuffer();
        return res.status;
      },
      readyUrl: `${api2.opsUrl}/ready`,
      port: Number(new URL(apiUrls[1]!).port),
      child: api2.child,
      clients: 6,
    });
    procs.delete(api2);
    expect(d.failed).toEqual([]);
    expect(d.answeredAfterSigterm).toBeGreaterThan(0);
    expect(d.ready503Ms).toBeGreaterThanOrEqual(0);
    expect(d.refusedMs).toBeGreaterThan(d.ready503Ms);
    expect(d.code).toBe(0);
    console.log(`topology drain: ${d.beforeSigterm} answered before SIGTERM, ${d.answeredAfterSigterm} after, /ready 503 after ${d.ready503Ms} ms, refused after ${d.refusedMs} ms, exit after ${d.exitMs} ms, 0 failed`);
    console.log(`topology flow: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }, 240_000);
});
