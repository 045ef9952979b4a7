/**
 * A crash costs seconds : `bun src/main.ts` is killed with SIGKILL of its
 * whole process group (Postgres, anvil, Ponder and all) and started again at once on the same data.
 * The restart must start on the first try, the API must answer within 8 s, and a payment sent while
 * the service is down (as soon as the chain is back, before the service is) must be confirmed within
 * 30 s of the restart, exactly once.
 */
import { afterAll, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPublicClient, createWalletClient, http, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { freePort } from "../src/sandbox/ports.ts";
import { usdcAbi } from "../contracts/abis.ts";
import { killMainGroups, startMain as startProcess, until } from "./support/main-process.ts";

const dataDir = mkdtempSync(join(tmpdir(), "stablepay-restart-"));
chmodSync(dataDir, 0o755); // the embedded Postgres runs as the `postgres` user when we are root

afterAll(async () => {
  await killMainGroups();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts main.ts on this file's data folder unless `env` names another (DATA_DIR). */
const startMain = (env: Record<string, string>) => startProcess(env.DATA_DIR ?? dataDir, env);

test("kill -9 of the whole service, restart at once: starts first time, API within 8 s, a payment made meanwhile confirms", async () => {
  const env = { PORT: String(await freePort()), SANDBOX_ANVIL_PORT: String(await freePort()), SANDBOX_ANVIL_PORT_ARBITRUM: String(await freePort()), EMBEDDED_POSTGRES_PORT: String(await freePort()), INDEXER_PORT: String(await freePort()) };
  const api = `http://127.0.0.1:${env.PORT}`;
  const rpcUrl = `http://127.0.0.1:${env.SANDBOX_ANVIL_PORT}`;

  const first = startMain(env);
  await until("the first start's banner", async () => first.output().includes("Ctrl-C stops everything"), 120_000, first);
  const info = JSON.parse(readFileSync(join(dataDir, "sandbox.json"), "utf8")) as Record<string, string>;
  const key = info.test_key_scoped!;
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const created = await fetch(`${api}/v1/payment-intents`, { method: "POST", headers, body: JSON.stringify({ amount: 4.2, currency: "usd", merchant_id: info.merchant_id }) });
  expect(created.status).toBe(201);
  const intent = (await created.json()) as { id: string; payment_address: Address; qr_payload: string };
  const expected = BigInt(/uint256=(\d+)/.exec(intent.qr_payload)![1]!);
  await Bun.sleep(1_000); // the sandbox saves a block with transactions at once: the chain the restart finds has the account

  // The crash: SIGKILL to every process of the service at once.
  process.kill(-first.child.pid!, "SIGKILL");
  await until("the killed service gone", async () => first.child.exitCode !== null || first.child.signalCode !== null, 10_000);

  const restartedAt = Date.now();
  const second = startMain(env);
  // While the service is down, as soon as the chain is back: the customer pays.
  const chain = createPublicClient({ transport: http(rpcUrl) });
  await until("the chain back", async () => (await chain.getChainId()) > 0, 30_000, second);
  const payer = createWalletClient({ transport: http(rpcUrl), account: privateKeyToAccount(info.payer_private_key as Hex), chain: { id: Number(info.chain_id), name: "sandbox", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } } });
  const paid = await payer.writeContract({ address: info.usdc_address as Address, abi: usdcAbi, functionName: "transfer", args: [intent.payment_address, expected] });
  const paidAt = Date.now();

  // The API answers (with the last indexed state) within 8 s of the restart.
  await until("the API answering after the restart", async () => (await fetch(`${api}/v1/payment-intents/${intent.id}`, { headers })).status === 200, 8_000, second);
  const apiSeconds = (Date.now() - restartedAt) / 1000;

  // The payment made during the outage confirms within 30 s of the restart, with one transaction.
  const confirmed = await until(
    "the payment made during the outage confirmed",
    async () => {
      const body = (await (await fetch(`${api}/v1/payment-intents/${intent.id}`, { headers })).json()) as { status: string; tx_hash?: string };
      return body.status === "confirmed" ? body : undefined;
    },
    30_000 - (paidAt - restartedAt),
    second,
  );
  expect(confirmed.tx_hash).toBe(paid);
  const txns = (await (await fetch(`${api}/v1/transactions?merchant_id=${info.merchant_id}&limit=100`, { headers })).json()) as { data: Array<{ tx_hash: string; payment_intent_id: string | null }> };
  expect(txns.data.filter((t) => t.tx_hash === paid).length).toBe(1);
  expect(second.output()).not.toContain("Start failed");
  console.log(`restart: API answered ${apiSeconds.toFixed(1)} s after the start; confirmed ${((Date.now() - restartedAt) / 1000).toFixed(1)} s after it`);

  // A clean stop of the restarted service.
  process.kill(second.child.pid!, "SIGINT");
  await until("the restarted service stopped", async () => second.child.exitCode !== null, 15_000);
  expect(existsSync(join(dataDir, "postgres"))).toBe(true);
}, 240_000);

/**
 * A first start on free ports, in a new folder. A port another process took between its choice and
 * the bind (an outgoing socket of a test running alongside) is chosen again, in another new folder.
 */
async function firstStartOnFreePorts(): Promise<{ env: Record<string, string>; dir: string; main: ReturnType<typeof startMain> }> {
  for (let attempt = 1; ; attempt++) {
    const env = { PORT: String(await freePort()), SANDBOX_ANVIL_PORT: String(await freePort()), SANDBOX_ANVIL_PORT_ARBITRUM: String(await freePort()), EMBEDDED_POSTGRES_PORT: String(await freePort()), INDEXER_PORT: String(await freePort()) };
    const dir = mkdtempSync(join(tmpdir(), "stablepay-pgdies-"));
    chmodSync(dir, 0o755);
    const main = startMain({ ...env, DATA_DIR: dir });
    try {
      await until("the banner", async () => main.output().includes("Ctrl-C stops everything"), 120_000, main);
      return { env, dir, main };
    } catch (err) {
      if (attempt >= 3 || !/Is port \d+ in use/.test(main.output())) throw err;
    }
  }
}

test("the embedded Postgres killed under the running service: restarted, the API serves again within 30 s, payments confirm", async () => {
  const { env, dir, main } = await firstStartOnFreePorts();
  const api = `http://127.0.0.1:${env.PORT}`;
  try {
    const info = JSON.parse(readFileSync(join(dir, "sandbox.json"), "utf8")) as Record<string, string>;
    const headers = { authorization: `Bearer ${info.test_key_scoped}`, "content-type": "application/json" };

    const postmaster = Number(readFileSync(join(dir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
    process.kill(postmaster, "SIGKILL");
    const killedAt = Date.now();
    await Bun.sleep(500);
    // Meanwhile the API answers (503 while the database is away), never hangs.
    const during = await fetch(`${api}/v1/merchants/${info.merchant_id}`, { headers });
    expect([200, 503]).toContain(during.status);

    await until("the API serving from the database again", async () => (await fetch(`${api}/v1/merchants/${info.merchant_id}`, { headers })).status === 200, 30_000, main);
    console.log(`postgres killed: API serving again after ${((Date.now() - killedAt) / 1000).toFixed(1)} s`);
    expect(main.output()).toContain("the embedded Postgres exited; restarting it");

    // And the whole flow works again: an intent paid on-chain confirms.
    const created = await until(
      "an intent created",
      async () => {
        const r = await fetch(`${api}/v1/payment-intents`, { method: "POST", headers, body: JSON.stringify({ amount: 2.5, currency: "usd", merchant_id: info.merchant_id }) });
        return r.status === 201 ? ((await r.json()) as { id: string; payment_address: Address; qr_payload: string }) : undefined;
      },
      15_000,
      main,
    );
    const rpcUrl = `http://127.0.0.1:${env.SANDBOX_ANVIL_PORT}`;
    const payer = createWalletClient({ transport: http(rpcUrl), account: privateKeyToAccount(info.payer_private_key as Hex), chain: { id: Number(info.chain_id), name: "sandbox", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } } });
    await payer.writeContract({ address: info.usdc_address as Address, abi: usdcAbi, functionName: "transfer", args: [created.payment_address, BigInt(/uint256=(\d+)/.exec(created.qr_payload)![1]!)] });
    await until(
      "the payment confirmed",
      async () => ((await (await fetch(`${api}/v1/payment-intents/${created.id}`, { headers })).json()) as { status: string }).status === "confirmed",
      // An indexer that stopped following the chain when its database died is restarted by the
      // supervisor's watchdog after 10 s: this bound leaves room for that.
      30_000,
      main,
    );
    process.kill(main.child.pid!, "SIGINT");
    await until("stopped", async () => main.child.exitCode !== null, 15_000);
  } finally {
    try {
      process.kill(-main.child.pid!, "SIGKILL");
    } catch {}
    await Bun.sleep(300);
    rmSync(dir, { recursive: true, force: true });
  }
}, 240_000);
