/**
 * Graceful drain: SIGTERM to an API process under load. `/ready` turns 503 at once, while the
 * process still takes requests; every request it accepted is answered (0 failed); then it stops
 * accepting and exits within its budget. An open event stream is told to reconnect and ended.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPublicClient, createWalletClient, http, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { deployContracts } from "../src/chain/deploy.ts";
import { serveApi } from "../src/api/server.ts";
import { freePort } from "../src/sandbox/ports.ts";
import { startAnvil, type Anvil } from "./support/anvil.ts";
import { createTestDatabase } from "./support/db.ts";
import { sigtermUnderLoad } from "./support/drain-load.ts";

const root = join(import.meta.dir, "..");
const tmp = mkdtempSync(join(tmpdir(), "stablepay-drain-"));
const OPERATOR_KEY: Hex = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";
const FEE_RECIPIENT: Address = "0x000000000000000000000000000000000000fee5";
const silent = { debug() {}, info() {}, warn() {}, error() {}, enabled: () => false, child: () => silent };

let anvil: Anvil | undefined;
const children = new Set<Bun.Subprocess>();
afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  await anvil?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

function childEnv(env: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !/^(DATABASE_URL|SANDBOX_|LIVE_|OPERATOR_|PUBLIC_BASE_URL|DASHBOARD_|STABLEPAY_ENV|ROLES|WEBHOOK_|SHUTDOWN_)/.test(k)) out[k] = v;
  return { ...out, LOG_LEVEL: "warn", ...env };
}

let env: Record<string, string>;
beforeAll(async () => {
    anvil = await startAnvil();
    const transport = http(anvil.rpcUrl);
    const operator = privateKeyToAccount(OPERATOR_KEY);
    const publicClient = createPublicClient({ chain: foundry, transport, pollingInterval: 50 });
    const walletClient = createWalletClient({ account: operator, chain: foundry, transport });
    const { usdc, factory } = await deployContracts({ walletClient, publicClient: publicClient as never, operator: operator.address, feeRecipient: FEE_RECIPIENT });
    const { url, database } = await createTestDatabase();
    await database.close();
    const port = await freePort();
    env = {
      STABLEPAY_ENV: "production",
      ROLES: "api",
      DATA_DIR: join(tmp, "data"),
      PORT: String(port),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: url,
      OPERATOR_PRIVATE_KEY: OPERATOR_KEY,
      WEBHOOK_SECRETS_KEY: "5f1d6c7e9a3b2c4d8e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f",
      SANDBOX_RPC_HTTP_URL: anvil.rpcUrl,
      SANDBOX_CHAIN_ID: "31337",
      SANDBOX_USDC_ADDRESS: usdc,
      SANDBOX_FACTORY_ADDRESS: factory,
      SANDBOX_CONFIRMATIONS: "0",
      SANDBOX_START_BLOCK: "0",
      OPS_PORT: String(await freePort()),
      RATE_LIMIT_TEST_PER_SECOND: "1000000",
      SHUTDOWN_DRAIN_DELAY_MS: "1500",
    };
  }, 60_000);

describe("SIGTERM under load", () => {

  test("/ready 503 before it stops accepting; every accepted request answered; exit 0 within its budget", async () => {
    const cli = (...args: string[]) => {
      const r = Bun.spawnSync([process.execPath, "src/cli/main.ts", ...args, "--json"], { cwd: root, env: childEnv(env) });
      if (r.exitCode !== 0) throw new Error(`cli ${args.join(" ")}: ${r.stderr.toString()}`);
      return JSON.parse(r.stdout.toString()) as Record<string, string>;
    };
    const account = cli("accounts", "create", "--name", "Drain Co");
    const { secret_key: key } = cli("keys", "create", "--account", account.id!, "--mode", "test");

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
    const deadline = Date.now() + 60_000;
    while (!output.includes("is up")) {
      if (child.exitCode !== null) throw new Error(`main exited (${child.exitCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`no banner within 60 s:\n${output}`);
      await Bun.sleep(100);
    }
    const base = env.PUBLIC_BASE_URL!;

    const d = await sigtermUnderLoad({
      request: async () => {
        const res = await fetch(`${base}/v1/merchants?limit=5`, { headers: { authorization: `Bearer ${key}` } });
        await res.arrayBuffer();
        return res.status;
      },
      // Production serves /ready on OPS_PORT, where the load balancer's health check points.
      readyUrl: `http://127.0.0.1:${env.OPS_PORT}/ready`,
      port: Number(env.PORT),
      child,
    });
    children.delete(child);

    expect(d.beforeSigterm).toBeGreaterThan(50);
    expect(d.failed).toEqual([]);
    expect(d.answeredAfterSigterm).toBeGreaterThan(0);
    expect(d.ready503Ms).toBeGreaterThanOrEqual(0);
    // /ready turned 503 at once, well before the process stopped accepting (the drain delay, 1.5 s).
    expect(d.ready503Ms).toBeLessThan(500);
    expect(d.refusedMs).toBeGreaterThan(0);
    expect(d.refusedMs - d.ready503Ms).toBeGreaterThan(1_000);
    expect(d.code).toBe(0);
    expect(d.exitMs).toBeLessThan(20_000);
    // Nothing went wrong on the way out (no request cut, nothing over its budget).
    expect(output.slice(output.indexOf("SIGTERM: stopping"))).not.toMatch(/"level":"(error|warn)"/);
    console.log(`drain: ${d.beforeSigterm} answered before SIGTERM, ${d.answeredAfterSigterm} after, /ready 503 after ${d.ready503Ms} ms, refused after ${d.refusedMs} ms, exit after ${d.exitMs} ms, 0 failed`);
  }, 120_000);
});

describe("OPS_PORT: health, readiness and metrics on a port of their own, in every process", () => {
  test("an API process serves them there and not on the public port; a worker-only process serves them too", async () => {
    const start = async (extra: Record<string, string>) => {
      const child = Bun.spawn([process.execPath, "src/main.ts"], { cwd: root, env: childEnv({ ...env, ...extra }), stdin: "ignore", stdout: "pipe", stderr: "pipe" });
      children.add(child);
      let output = "";
      const decoder = new TextDecoder();
      void (async () => {
        for await (const c of child.stdout) output += decoder.decode(c);
      })();
      void (async () => {
        for await (const c of child.stderr) output += decoder.decode(c);
      })();
      const deadline = Date.now() + 60_000;
      while (!output.includes("is up")) {
        if (child.exitCode !== null) throw new Error(`main exited (${child.exitCode}):\n${output}`);
        if (Date.now() > deadline) throw new Error(`no banner within 60 s:\n${output}`);
        await Bun.sleep(100);
      }
      return child;
    };
    const opsPort = await freePort();
    const api = await start({ OPS_PORT: String(opsPort) });
    try {
      const ops = `http://127.0.0.1:${opsPort}`;
      expect((await fetch(`${ops}/health`)).status).toBe(200);
      expect((await fetch(`${ops}/ready`)).status).toBe(200);
      const metrics = await fetch(`${ops}/metrics`);
      expect(metrics.status).toBe(200);
      expect(metrics.headers.get("content-type")).toContain("text/plain");
      // Not on the public port, and the public API is not on the ops port.
      for (const path of ["/health", "/ready", "/metrics"]) expect((await fetch(`${env.PUBLIC_BASE_URL}${path}`)).status).toBe(404);
      expect((await fetch(`${ops}/v1/merchants`)).status).toBe(404);
    } finally {
      api.kill("SIGTERM");
      await api.exited;
      children.delete(api);
    }
    const workerOps = await freePort();
    const worker = await start({ ROLES: "expirer", OPS_PORT: String(workerOps), PORT: String(await freePort()) });
    try {
      expect((await fetch(`http://127.0.0.1:${workerOps}/health`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${workerOps}/ready`)).status).toBe(200);
      const scraped = await fetch(`http://127.0.0.1:${workerOps}/metrics`);
      expect(scraped.status).toBe(200);
      // The worker-only process's own process and runtime metrics.
      const text = await scraped.text();
      for (const series of ["stablepay_process_cpu_user_seconds_total", "stablepay_process_resident_memory_bytes", "stablepay_nodejs_eventloop_lag_seconds", "stablepay_nodejs_heap_size_used_bytes"]) expect(text).toContain(series);
    } finally {
      worker.kill("SIGTERM");
      expect(await worker.exited).toBe(0);
      children.delete(worker);
    }
  }, 120_000);
});

test("drain tells an open event stream to reconnect and ends it; a graceful shutdown lets a slow request finish", async () => {
  let release: () => void = () => {};
  const app = {
    fetch: async (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path === "/slow") {
        await new Promise<void>((r) => (release = r));
        return new Response("done");
      }
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(new TextEncoder().encode("retry: 2000\n\nevent: status\ndata: {}\n\n"));
        },
      });
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    },
  };
  const server = serveApi(app, { hostname: "127.0.0.1", port: 0, log: silent });
  const url = `http://127.0.0.1:${server.port}`;
  const stream = await fetch(`${url}/stream`);
  const reader = stream.body!.getReader();
  let text = new TextDecoder().decode((await reader.read()).value);
  const slow = fetch(`${url}/slow`).then((r) => r.text());
  await Bun.sleep(100);
  server.drain();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  expect(text).toContain("data: {}");
  expect(text).toMatch(/retry: \d+\n: server restarting, reconnect\n\n$/);
  const stopped = server.shutdown(5_000);
  await Bun.sleep(100);
  release();
  expect(await slow).toBe("done");
  await stopped;
  await expect(fetch(`${url}/stream`)).rejects.toThrow();
});
