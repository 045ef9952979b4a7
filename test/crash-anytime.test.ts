/**
 * The sandbox killed with kill -9 of its whole process group at random moments, many times in a row,
 * on the same data: during start-up, while the indexer works through payments just sent, right after
 * a save of the chains' state, and right before one (a payment sent, not yet mined or saved). Every
 * restart must come up at the first try; at the end every intent paid in between is confirmed once,
 * from a transaction the chain still holds (a payment lost with the chain's unsaved blocks is paid
 * again, as its customer would: it was never confirmed).
 */
import { afterAll, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { createPublicClient, createWalletClient, http, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { freePort } from "../src/sandbox/ports.ts";
import { usdcAbi } from "../contracts/abis.ts";
import { killMainGroups, startMain as startProcess, until, type StartedMain } from "./support/main-process.ts";

const dataDir = mkdtempSync(join(tmpdir(), "stablepay-crash-anytime-"));
chmodSync(dataDir, 0o755); // the embedded Postgres runs as the `postgres` user when we are root

afterAll(async () => {
  await killMainGroups();
  rmSync(dataDir, { recursive: true, force: true });
});

type Started = StartedMain;
const startMain = (env: Record<string, string>) => startProcess(dataDir, env);

async function kill(s: Started) {
  process.kill(-s.child.pid!, "SIGKILL");
  for (let i = 0; i < 100 && !s.exited(); i++) await Bun.sleep(50);
}

/** A seeded generator, so a failing run can be repeated (the seed is printed). */
function rng(seed: number) {
  let x = seed >>> 0 || 1;
  return () => ((x = (x * 1_103_515_245 + 12_345) >>> 0) % 1_000_000) / 1_000_000;
}

type Moment = "start-up" | "indexing" | "after-save" | "before-save";
const MOMENTS: Moment[] = ["start-up", "indexing", "after-save", "before-save", "start-up", "indexing"];

interface Paid {
  id: string;
  address: Address;
  value: bigint;
  tx?: Hex;
}

test("kill -9 at random moments, six times in a row: every restart comes up at the first try, every payment confirmed once", async () => {
  const seed = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 1e6));
  console.log(`seed ${seed} (CRASH_SEED=${seed} repeats this run)`);
  const random = rng(seed);
  const env = {
    PORT: String(await freePort()),
    SANDBOX_ANVIL_PORT: String(await freePort()),
    SANDBOX_ANVIL_PORT_ARBITRUM: String(await freePort()),
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    INDEXER_PORT: String(await freePort()),
  };
  const api = `http://127.0.0.1:${env.PORT}`;
  const rpcUrl = `http://127.0.0.1:${env.SANDBOX_ANVIL_PORT}`;
  const stateFile = join(dataDir, "anvil-state.json");
  const intents: Paid[] = [];
  let info: Record<string, string> | undefined;

  const up = async (s: Started) => {
    await until("the banner", async () => s.output().includes("Ctrl-C stops everything"), 90_000, s);
    info ??= JSON.parse(readFileSync(join(dataDir, "sandbox.json"), "utf8")) as Record<string, string>;
  };
  const headers = () => ({ authorization: `Bearer ${info!.test_key_scoped}`, "content-type": "application/json" });
  const payer = () =>
    createWalletClient({
      transport: http(rpcUrl),
      account: privateKeyToAccount(info!.payer_private_key as Hex),
      chain: { id: Number(info!.chain_id), name: "sandbox", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } },
    });
  const create = async (): Promise<Paid> => {
    const amount = (1 + Math.floor(random() * 900) / 100).toFixed(2);
    const r = await fetch(`${api}/v1/payment-intents`, { method: "POST", headers: headers(), body: JSON.stringify({ amount: Number(amount), currency: "usd", merchant_id: info!.merchant_id }) });
    expect(r.status).toBe(201);
    const body = (await r.json()) as { id: string; payment_address: Address; qr_payload: string };
    const paid = { id: body.id, address: body.payment_address, value: BigInt(/uint256=(\d+)/.exec(body.qr_payload)![1]!) };
    intents.push(paid);
    return paid;
  };
  const pay = async (p: Paid) => {
    p.tx = await payer().writeContract({ address: info!.usdc_address as Address, abi: usdcAbi, functionName: "transfer", args: [p.address, p.value] });
  };

  // The first start makes the sandbox; the kills begin after it.
  let current = startMain(env);
  await up(current);
  const moments: string[] = [];
  for (const moment of MOMENTS) {
    if (moment === "start-up") {
      // Killed somewhere between the spawn and the API answering (Postgres, the chains, the indexer starting).
      await kill(current);
      current = startMain(env);
      const after = 300 + Math.floor(random() * 4_000);
      await Bun.sleep(after);
      moments.push(`${moment} (${after} ms)`);
    } else {
      const a = await create();
      const b = await create();
      if (moment === "indexing") {
        await pay(a);
        await pay(b);
        const after = Math.floor(random() * 1_500);
        await Bun.sleep(after);
        moments.push(`${moment} (${after} ms after two payments)`);
      } else if (moment === "after-save") {
        await pay(a);
        const chain = createPublicClient({ transport: http(rpcUrl) });
        await chain.waitForTransactionReceipt({ hash: a.tx! });
        const before = existsSync(stateFile) ? statSync(stateFile).mtimeMs : 0;
        await until("the state saved after the payment's block", async () => existsSync(stateFile) && statSync(stateFile).mtimeMs > before, 10_000, current);
        moments.push(moment);
        await pay(b);
      } else {
        // A payment sent: not yet in a block, let alone saved.
        await pay(a);
        await pay(b);
        moments.push(moment);
      }
    }
    await kill(current);

    // The restart answers at the first try.
    const startedAt = Date.now();
    current = startMain(env);
    await up(current);
    const seconds = (Date.now() - startedAt) / 1000;
    expect(current.output()).not.toContain("Start failed");
    const notes = current.output().split("\n").filter((l) => /rebuilding|no longer has|exited before it was ready/.test(l));
    console.log(`after a kill at ${moments.at(-1)}: up in ${seconds.toFixed(1)} s${notes.length ? `\n  ${notes.map((l) => l.slice(0, 400)).join("\n  ")}` : ""}`);
  }

  // Every intent paid in between: a payment whose transaction the restarted chain does not hold was
  // lost with the chain's unsaved blocks (never confirmed, as checked below); its customer pays again.
  const chain = createPublicClient({ transport: http(rpcUrl) });
  for (const p of intents) {
    const receipt = p.tx ? await chain.getTransactionReceipt({ hash: p.tx }).catch(() => undefined) : undefined;
    if (!receipt) {
      const status = ((await (await fetch(`${api}/v1/payment-intents/${p.id}`, { headers: headers() })).json()) as { status: string }).status;
      expect(status).toBe("awaiting_payment");
      await pay(p);
    }
  }
  for (const p of intents) {
    const confirmed = await until(
      `intent ${p.id} confirmed`,
      async () => {
        const body = (await (await fetch(`${api}/v1/payment-intents/${p.id}`, { headers: headers() })).json()) as { status: string; tx_hash?: string };
        return body.status === "confirmed" ? body : undefined;
      },
      30_000,
      current,
    );
    expect(confirmed.tx_hash).toBe(p.tx!);
  }
  const sql = postgres(info!.database_url!, { max: 1, onnotice: () => {} });
  try {
    for (const p of intents) {
      const [events] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.events WHERE type = 'payment_intent.confirmed' AND data->>'id' = ${p.id}`;
      expect(events!.n).toBe(1);
      const [txns] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.transactions WHERE payment_intent_id = ${p.id}`;
      expect(txns!.n).toBe(1);
    }
  } finally {
    await sql.end();
  }
  expect(current.output()).not.toContain("Start failed");
  console.log(`${MOMENTS.length} kills (${moments.join(", ")}); ${intents.length} intents confirmed once each`);
  process.kill(current.child.pid!, "SIGINT");
  await until("stopped", async () => current.exited(), 15_000);
}, 280_000);
