/**
 * Merchants at scale: the cost of the n-th onboarding. Starts the service as `npm start`
 * does (`bun src/main.ts`: embedded Postgres, anvil with 1 s blocks, every role) in a temporary
 * folder, onboards merchants one after another through `POST /v1/merchants`, and at the checkpoints
 * (10, 100, 500, 1000 by default) records:
 *   - onboard ms: the time of that onboarding call (until `active`: the answer, or polling GET if it
 *     answered `pending`), and the median of the last 10 (with 1 s blocks one call waits 0-1 s for
 *     its deployment's block, so a single figure is noisy);
 *   - confirm ms: from that return until an intent of that merchant, created and paid on-chain at
 *     once, reads `confirmed`;
 *   - restarts: indexer instances started so far (the supervisor's "starting ponder_…" lines);
 *   - indexer RSS: resident memory of the Ponder process(es);
 *   - db size: pg_database_size of the service's database;
 *   - indexer CPU s, RPC requests, rows kept: CPU time of the Ponder processes, RPC requests Ponder
 *     made (its /metrics), and rows in chain.usdc_transfer, all since the start.
 * Optionally a background of unrelated USDC transfers (`--background <per second>`, from an account
 * of its own to random addresses), as on Base where the token moves tens of times a second.
 *
 *   bun bench/merchants.ts [--up-to 1000] [--at 10,100,500,1000] [--max-minutes 30] [--background 0]
 *
 * It stops early at --max-minutes and says where it stopped.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import postgres from "postgres";
import { createPublicClient, createWalletClient, http, parseEther, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { usdcAbi } from "../contracts/abis.ts";
import { mainProcessSetup } from "./main-process.ts";
import { until as waitUntil } from "./support/until.ts";

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : dflt;
};
const UP_TO = Number(opt("up-to", "1000"));
const AT = opt("at", "10,100,500,1000").split(",").map(Number).filter((n) => n <= UP_TO);
const MAX_MS = Number(opt("max-minutes", "30")) * 60_000;
const BACKGROUND = Number(opt("background", "0"));

const { root, dataDir, env, api, rpcUrl } = await mainProcessSetup("merchants", { LOG_LEVEL: "info", SANDBOX_BLOCK_TIME: "1" });

const child = spawn(process.execPath, ["src/main.ts"], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
let started = false;
let restarts = 0;
let tail = "";
const scan = (b: Buffer) => {
  const text = b.toString();
  tail = (tail + text).slice(-4000);
  if (text.includes("Ctrl-C stops everything")) started = true;
  restarts += (text.match(/indexer supervisor: starting ponder_/g) ?? []).length;
};
child.stdout!.on("data", scan);
child.stderr!.on("data", scan);

const until = <T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs: number) =>
  waitUntil(what, probe, timeoutMs, { exited: () => (child.exitCode !== null ? tail : undefined), stepMs: 50 });

/** Pids of the Ponder processes of this service (matched by its database port). */
function ponderPids(): string[] {
  return readdirSync("/proc").filter((pid) => {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      return /^\d+$/.test(pid) && cmd.includes("ponder") && cmd.includes("start") && readFileSync(`/proc/${pid}/environ`, "utf8").includes(`:${env.EMBEDDED_POSTGRES_PORT}/`);
    } catch {
      return false;
    }
  });
}

/** Resident memory (MB) and CPU time (s, user + system) of the Ponder processes. */
function indexerUsage(): { rssMb: number; cpuS: number } {
  let kb = 0;
  let ticks = 0;
  for (const pid of ponderPids()) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {}
  }
  return { rssMb: Math.round(kb / 1024), cpuS: Math.round(ticks / 100) };
}

/** RPC requests Ponder made so far (its Prometheus /metrics, on either of its two ports). */
async function indexerRpcRequests(): Promise<number | string> {
  for (const port of [Number(env.INDEXER_PORT), Number(env.INDEXER_PORT) + 1]) {
    const text = await fetch(`http://127.0.0.1:${port}/metrics`).then((r) => (r.ok ? r.text() : ""), () => "");
    const counts = [...text.matchAll(/^ponder_rpc_request_duration_count\{[^}]*\} (\d+)/gm)].map((m) => Number(m[1]));
    if (counts.length) return counts.reduce((a, b) => a + b, 0);
  }
  return "n/a";
}

const rows: string[] = [];
let background: Promise<void> | undefined;
let backgroundSent = 0;
let stopBackground = false;
try {
  await until("the start banner", async () => started, 180_000);
  const info = JSON.parse(readFileSync(join(dataDir, "sandbox.json"), "utf8")) as Record<string, string>;
  const key = info.test_key_unscoped!;
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const db = postgres(info.database_url!, { max: 1, onnotice: () => {} });
  const chainDef = { id: Number(info.chain_id), name: "sandbox", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } } as const;
  const chain = createPublicClient({ chain: chainDef, transport: http(rpcUrl) });
  const payer = createWalletClient({ chain: chainDef, transport: http(rpcUrl), account: privateKeyToAccount(info.payer_private_key as Hex) });

  if (BACKGROUND > 0) {
    // An unrelated sender of its own (its nonces never collide with the payments measured).
    const noise = privateKeyToAccount(generatePrivateKey());
    await chain.request({ method: "anvil_setBalance" as never, params: [noise.address, `0x${parseEther("1000").toString(16)}`] as never });
    const usdc = info.usdc_address as Address;
    const fund = await payer.writeContract({ address: usdc, abi: usdcAbi, functionName: "transfer", args: [noise.address, 1_000_000_000n] });
    await chain.waitForTransactionReceipt({ hash: fund });
    const sender = createWalletClient({ chain: chainDef, transport: http(rpcUrl), account: noise });
    background = (async () => {
      let nonce = await chain.getTransactionCount({ address: noise.address, blockTag: "pending" });
      const t0 = Date.now();
      while (!stopBackground) {
        const due = t0 + (backgroundSent * 1000) / BACKGROUND;
        if (Date.now() < due) await Bun.sleep(due - Date.now());
        const to = privateKeyToAccount(generatePrivateKey()).address;
        await sender.writeContract({ address: usdc, abi: usdcAbi, functionName: "transfer", args: [to, 1n], nonce: nonce++, gas: 80_000n }).catch(() => {});
        backgroundSent++;
      }
    })();
  }

  const t0 = Date.now();
  console.log(`onboarding up to ${UP_TO} merchants (checkpoints ${AT.join(", ")}), background ${BACKGROUND} transfers/s`);
  rows.push("| merchants | onboard ms | onboard ms, median of last 10 | confirm ms | indexer restarts | indexer RSS MB | db size MB | indexer CPU s | RPC requests | rows kept |", "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  const recent: number[] = [];
  let n = 0;
  const restartsAtStart = restarts;
  for (n = 1; n <= UP_TO; n++) {
    if (Date.now() - t0 > MAX_MS) {
      console.log(`stopped at ${n - 1} merchants: --max-minutes reached`);
      break;
    }
    const owner = privateKeyToAccount(generatePrivateKey()).address;
    const started = performance.now();
    const res = await fetch(`${api}/v1/merchants`, {
      method: "POST",
      headers: { ...headers, "idempotency-key": `bench-merchant-${n}` },
      body: JSON.stringify({ business_name: `Bench Shop ${n}`, email: `shop${n}@bench.example`, owner_address: owner, payout_address: owner, settlement_schedule: "manual", bank_account: { routing_number: "011000015", account_number: "000123456789" } }),
    });
    const merchant = (await res.json()) as { id: string; status: string; error?: unknown };
    if (res.status >= 300) throw new Error(`onboarding ${n}: ${res.status} ${JSON.stringify(merchant)}`);
    if (merchant.status !== "active")
      await until(`merchant ${n} active`, async () => ((await (await fetch(`${api}/v1/merchants/${merchant.id}`, { headers })).json()) as { status: string }).status === "active", 600_000);
    const onboardMs = performance.now() - started;
    recent.push(onboardMs);
    if (recent.length > 10) recent.shift();
    if (!AT.includes(n)) continue;
    const median = [...recent].sort((a, b) => a - b)[Math.floor(recent.length / 2)]!;

    // The first payment of the fresh merchant, sent the moment onboarding returned.
    const returned = performance.now();
    const intent = await until(
      "an intent",
      async () => {
        const r = await fetch(`${api}/v1/payment-intents`, { method: "POST", headers, body: JSON.stringify({ amount: 1.23, currency: "usd", merchant_id: merchant.id }) });
        return r.status === 201 ? ((await r.json()) as { id: string; payment_address: Address; qr_payload: string }) : undefined;
      },
      600_000,
    );
    await payer.writeContract({ address: info.usdc_address as Address, abi: usdcAbi, functionName: "transfer", args: [intent.payment_address, BigInt(/uint256=(\d+)/.exec(intent.qr_payload)![1]!)] });
    await until(`merchant ${n}'s payment confirmed`, async () => ((await (await fetch(`${api}/v1/payment-intents/${intent.id}`, { headers })).json()) as { status: string }).status === "confirmed", 600_000);
    const confirmMs = performance.now() - returned;
    const [size] = await db<{ mb: number }[]>`SELECT (pg_database_size(current_database()) / 1048576)::int AS mb`;
    const [kept] = await db<{ n: number }[]>`SELECT count(*)::int AS n FROM chain.usdc_transfer`;
    const usage = indexerUsage();
    const row = `| ${n} | ${onboardMs.toFixed(0)} | ${median.toFixed(0)} | ${confirmMs.toFixed(0)} | ${restarts - restartsAtStart} | ${usage.rssMb} | ${size!.mb} | ${usage.cpuS} | ${await indexerRpcRequests()} | ${kept!.n} |`;
    rows.push(row);
    console.log(row, `(${((Date.now() - t0) / 1000).toFixed(0)} s in)`);
  }
  await db.end({ timeout: 2 });
  if (BACKGROUND > 0) console.log(`background: ${backgroundSent} unrelated transfers in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  console.log(`\n${rows.join("\n")}`);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  stopBackground = true;
  await Promise.race([background, Bun.sleep(2_000)]);
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {}
  await Bun.sleep(500);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(process.exitCode ?? 0);
