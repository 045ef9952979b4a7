/**
 * The kill -9 storm: payments flow while the whole service (`bun src/main.ts`
 * and its process group: Postgres, anvil, Ponder, workers) is killed with SIGKILL again and again,
 * some kills during start-up, some with matching and webhook delivery under way. Then it checks
 * that nothing was lost and nothing doubled:
 *   - every intent paid is `confirmed` with its payment's tx hash, and that tx has exactly one
 *     transaction row;
 *   - every event of the outbox reached the webhook receiver with a valid signature, every
 *     redelivery carried the same body, and each intent has exactly one confirmed event;
 *   - every platform fee is collected, once each on chain (the operator's nonces healed after the
 *     kills), and when the last one was;
 *   - the merchant's `available` plus the fees not yet collected equals the account's USDC on-chain.
 * Payments alternate between the sandbox's chains (`base` and `arbitrum`,; `--chains 1`
 * keeps them on `base`), and every check above holds on each chain.
 *
 *   bun bench/storm.ts [--payments 300] [--kills 6] [--chains 2] [--seed N]
 *
 * The embedded chain (anvil) writes its state every 5 s, so a kill loses the last seconds of the
 * chain itself: a real chain does not. Each wave of payments therefore waits 6 s after its last
 * receipt before the kill that follows it; the service has no such grace (it is killed with
 * matching, fee collection and deliveries in flight).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import postgres from "postgres";
import { Webhook } from "standardwebhooks";
import { createPublicClient, createWalletClient, http, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { merchantAccountAbi, merchantAccountV2Abi, usdcAbi } from "../contracts/abis.ts";
import { mainProcessSetup } from "./main-process.ts";
import { until as waitUntil } from "./support/until.ts";

const args = process.argv.slice(2);
const opt = (name: string, dflt: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const PAYMENTS = opt("payments", 300);
const KILLS = opt("kills", 6);
const CHAINS = opt("chains", 2);
let seed = opt("seed", Date.now() % 100_000);
console.log(`storm: ${PAYMENTS} payments over ${CHAINS} chain(s), ${KILLS} kills, seed ${seed}`);
const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;

const { root, dataDir, env, api, rpcUrl } = await mainProcessSetup("storm", { LOG_LEVEL: "error", ...(CHAINS === 1 ? { SANDBOX_EXTRA_CHAINS: "none" } : {}) });
/** Every sandbox chain's RPC, known once sandbox.json is written (the first: `base`). */
let rpcUrls = [rpcUrl];

// ---- the webhook receiver: verifies each delivery, keeps every body per webhook-id ----
const bodies = new Map<string, Set<string>>();
let deliveries = 0;
let badSignatures = 0;
let webhook: Webhook | undefined;
const receiver = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  async fetch(req) {
    const body = await req.text();
    await Bun.sleep(200 + Math.floor(random() * 1_500)); // a receiver that takes its time: deliveries are in flight at kills
    const headers = Object.fromEntries(["webhook-id", "webhook-timestamp", "webhook-signature"].map((h) => [h, req.headers.get(h) ?? ""]));
    try {
      webhook!.verify(body, headers);
    } catch {
      badSignatures++;
      return new Response("bad signature", { status: 400 });
    }
    deliveries++;
    const seen = bodies.get(headers["webhook-id"]!) ?? new Set<string>();
    seen.add(body);
    bodies.set(headers["webhook-id"]!, seen);
    return new Response(null, { status: 204 });
  },
});

// ---- the service, in its own process group ----
let current: { child: ChildProcess; output: string } | undefined;
function start() {
  const child = spawn(process.execPath, ["src/main.ts"], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const s = { child, output: "" };
  child.stdout!.on("data", (b: Buffer) => (s.output += b.toString()));
  child.stderr!.on("data", (b: Buffer) => (s.output += b.toString()));
  current = s;
  return s;
}
async function kill() {
  const s = current!;
  try {
    process.kill(-s.child.pid!, "SIGKILL");
  } catch {}
  const deadline = Date.now() + 10_000;
  while (s.child.exitCode === null && s.child.signalCode === null && Date.now() < deadline) await Bun.sleep(50);
  // The chain runs in a process group of its own and follows its parent a moment later: until it has
  // gone, the next start's "is the chain up?" would be answered by the dying one.
  for (const url of rpcUrls)
    while (Date.now() < deadline && (await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' }).then(() => true, () => false)))
      await Bun.sleep(50);
}
const until = <T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs: number) =>
  waitUntil(what, probe, timeoutMs, {
    exited: () => (current && current.child.exitCode !== null && current.child.signalCode === null ? `(exit ${current.child.exitCode})\n${current.output.slice(-3000)}` : undefined),
    stepMs: 100,
  });
const banner = () => until("the start banner", async () => current!.output.includes("Ctrl-C stops everything"), 120_000);

/** An API call retried as a client does while the service is down or answers 503. */
async function call(path: string, key: string, init: { method?: string; body?: unknown; idem?: string } = {}): Promise<Record<string, unknown>> {
  return until(`${init.method ?? "GET"} ${path}`, async () => {
    const res = await fetch(`${api}${path}`, {
      method: init.method ?? "GET",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...(init.idem ? { "idempotency-key": init.idem } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (res.status >= 500 || res.status === 429) return undefined;
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status >= 400) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  }, 120_000);
}

let failed = false;
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? "ok  " : "FAIL"}  ${what}`);
  if (!ok) failed = true;
};

try {
  const t0 = Date.now();
  start();
  await banner();
  const info = JSON.parse(readFileSync(join(dataDir, "sandbox.json"), "utf8")) as Record<string, string> & {
    chains: Array<{ chain: string; chain_id: number; rpc_url: string; tokens: { USDC: Address } }>;
  };
  const sandboxChains = info.chains.slice(0, CHAINS);
  rpcUrls = sandboxChains.map((c) => c.rpc_url);
  const scoped = info.test_key_scoped!;
  const unscoped = info.test_key_unscoped!;
  const endpoint = await call("/v1/webhook_endpoints", unscoped, { method: "POST", body: { url: `http://127.0.0.1:${receiver.port}/hook`, enabled_events: ["*"], description: "storm receiver" }, idem: "storm-endpoint" });
  webhook = new Webhook(endpoint.secret as string);

  // Every intent up front (idempotent: a create cut off by a kill is replayed with its key).
  // Intent i is paid on chain i % CHAINS.
  const intents: Array<{ id: string; chain: number; address: Address; value: bigint; paid?: Hex }> = [];
  for (let i = 0; i < PAYMENTS; i++) {
    const amount = (100 + Math.floor(random() * 4900)) / 100;
    const on = i % sandboxChains.length;
    const body = await call("/v1/payment-intents", scoped, { method: "POST", body: { amount, currency: "usd", merchant_id: info.merchant_id, chain: sandboxChains[on]!.chain, metadata: { storm: String(i) } }, idem: `storm-${i}` });
    intents.push({ id: body.id as string, chain: on, address: body.payment_address as Address, value: BigInt(/uint256=(\d+)/.exec(body.qr_payload as string)![1]!) });
  }
  console.log(`${PAYMENTS} intents created in ${((Date.now() - t0) / 1000).toFixed(1)} s, on ${sandboxChains.map((c) => c.chain).join(" and ")}`);

  const payerAccount = privateKeyToAccount(info.payer_private_key as Hex);
  const clients = sandboxChains.map((c) => {
    const chainDef = { id: c.chain_id, name: c.chain, nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [c.rpc_url] } } } as const;
    return { ...c, public: createPublicClient({ chain: chainDef, transport: http(c.rpc_url) }), payer: createWalletClient({ chain: chainDef, transport: http(c.rpc_url), account: payerAccount }) };
  });

  // Waves of payments, a kill after each; every other kill is followed by a kill during start-up.
  const waves = KILLS + 1;
  let startupKills = 0;
  let backlogKills = 0;
  let lastRestart = Date.now();
  for (let w = 0; w < waves; w++) {
    const wave = intents.slice(Math.floor((w * PAYMENTS) / waves), Math.floor(((w + 1) * PAYMENTS) / waves));
    for (const [on, c] of clients.entries()) {
      await until(`the chain ${c.chain}`, async () => (await c.public.getChainId()) > 0, 60_000);
      let nonce = await c.public.getTransactionCount({ address: payerAccount.address, blockTag: "pending" });
      const ours = wave.filter((intent) => intent.chain === on);
      for (const intent of ours) {
        intent.paid = await c.payer.writeContract({ address: c.tokens.USDC, abi: usdcAbi, functionName: "transfer", args: [intent.address, intent.value], nonce: nonce++, gas: 100_000n });
      }
      if (ours.length) await c.public.waitForTransactionReceipt({ hash: ours[ours.length - 1]!.paid!, timeout: 60_000 });
    }
    if (w === waves - 1) break;
    await Bun.sleep(6_000); // each anvil has written these blocks to its state file (every 5 s)
    await kill();
    backlogKills++;
    start();
    if (w % 2 === 1) {
      await Bun.sleep(500 + Math.floor(random() * 3_000));
      const upAlready = current!.output.includes("Ctrl-C stops everything");
      await kill();
      startupKills += upAlready ? 0 : 1;
      backlogKills += upAlready ? 1 : 0;
      start();
    }
    lastRestart = Date.now();
  }
  await banner();
  console.log(`kills: ${backlogKills} with work in flight, ${startupKills} during start-up; payments done`);

  // Everything settles: every intent confirmed, every event delivered.
  await until(
    "every intent confirmed",
    async () => {
      const page = await call(`/v1/payment-intents?merchant_id=${info.merchant_id}&status=confirmed&limit=1`, scoped);
      return (page.total_count as number) >= PAYMENTS;
    },
    180_000,
  );
  const confirmedAfter = (Date.now() - lastRestart) / 1000;
  const db = postgres(info.database_url!, { max: 2, onnotice: () => {} });
  try {
    let wrong = 0;
    for (const intent of intents) {
      const got = await call(`/v1/payment-intents/${intent.id}`, scoped);
      if (got.status !== "confirmed" || got.tx_hash !== intent.paid) wrong++;
    }
    check(wrong === 0, `${PAYMENTS - wrong} of ${PAYMENTS} intents confirmed with their payment's tx hash (all confirmed ${confirmedAfter.toFixed(1)} s after the last restart)`);

    const perTx = await db<{ tx_hash: string; n: number }[]>`
      SELECT tx_hash, count(*)::int AS n FROM app.transactions WHERE tx_hash = ANY(${intents.map((i) => i.paid!.toLowerCase())}) GROUP BY tx_hash`;
    const counted = new Map(perTx.map((r) => [r.tx_hash.toLowerCase(), r.n]));
    const doubled = [...counted.values()].filter((n) => n > 1).length;
    const missing = intents.filter((i) => !counted.has(i.paid!.toLowerCase())).length;
    check(doubled === 0 && missing === 0, `one transaction per payment (${missing} missing, ${doubled} doubled)`);

    const confirmedEvents = await db<{ n: number }[]>`
      SELECT count(*)::int AS n FROM app.events WHERE type = 'payment_intent.confirmed'
         AND coalesce(data->>'payment_intent_id', data->>'id') = ANY(${intents.map((i) => i.id)})
       GROUP BY coalesce(data->>'payment_intent_id', data->>'id')`;
    check(confirmedEvents.length === PAYMENTS && confirmedEvents.every((r) => r.n === 1), `exactly one payment_intent.confirmed event per intent (${confirmedEvents.length} intents with one or more)`);

    // The events of these intents (webhook-id is the event id), all created after the endpoint.
    const ids = intents.map((i) => i.id);
    const ours = async () => (await db<{ id: string }[]>`SELECT id FROM app.events WHERE coalesce(data->>'payment_intent_id', data->>'id') = ANY(${ids})`).map((r) => r.id);
    await until("every event delivered", async () => (await ours()).every((id) => bodies.has(id)), 120_000).catch(() => undefined);
    const eventIds = await ours();
    const undelivered = eventIds.filter((id) => !bodies.has(id)).length;
    const redelivered = [...bodies.values()].filter((s) => s.size > 1).length;
    check(undelivered === 0, `${eventIds.length - undelivered} of ${eventIds.length} events delivered (${deliveries} deliveries in all, ${deliveries - bodies.size} of them redeliveries)`);
    check(redelivered === 0, `every redelivery carried the same body (${redelivered} differed)`);
    check(badSignatures === 0, `every delivery signed correctly (${badSignatures} bad)`);

    // Every platform fee collected, once each on chain: the operator's transactions got through the
    // holes the kills left in its nonces.
    const feesDue = async () =>
      (await db<{ n: number }[]>`SELECT count(*)::int AS n FROM app.transactions WHERE merchant_id = ${info.merchant_id!} AND status = 'confirmed' AND fee_units > 0 AND fee_status <> 'collected'`)[0]!.n;
    await until("every fee collected", async () => (await feesDue()) === 0, 300_000).catch(() => undefined);
    const [lastFee] = await db<{ at: Date | null }[]>`SELECT max(fee_collected_at) AS at FROM app.transactions WHERE merchant_id = ${info.merchant_id!}`;
    const due = await feesDue();
    const lastFeeAfter = lastFee?.at ? (new Date(lastFee.at).getTime() - lastRestart) / 1000 : NaN;
    check(due === 0, `every fee collected (${due} still due; the last ${lastFeeAfter.toFixed(1)} s after the last restart)`);
    for (const c of clients) {
      // The demo merchant's account is v1 (a data folder from before v2 accounts) or v2: each emits its own FeeCollected.
      const account = info.payment_address as Address;
      const feeLogs = [
        ...(await c.public.getContractEvents({ address: account, abi: merchantAccountAbi, eventName: "FeeCollected", fromBlock: 0n, strict: true })),
        ...(await c.public.getContractEvents({ address: account, abi: merchantAccountV2Abi, eventName: "FeeCollected", fromBlock: 0n, strict: true })),
      ];
      const refs = new Set(feeLogs.map((l) => l.args.ref));
      const [collected] = await db<{ n: number }[]>`
        SELECT count(*)::int AS n FROM app.transactions WHERE merchant_id = ${info.merchant_id!} AND chain_id = ${c.chain_id} AND fee_status = 'collected'`;
      check(refs.size === feeLogs.length && feeLogs.length === collected!.n, `${c.chain}: each of its ${collected!.n} collected fees once on chain (${feeLogs.length} FeeCollected logs, ${refs.size} distinct refs)`);

      const balance = await call(`/v1/merchants/${info.merchant_id}/balance?chain=${c.chain}&token=USDC`, scoped);
      const [owed] = await db<{ units: string | null }[]>`
        SELECT sum(fee_units)::text AS units FROM app.transactions WHERE merchant_id = ${info.merchant_id!} AND chain_id = ${c.chain_id} AND status = 'confirmed' AND fee_status <> 'collected'`;
      const onchain = await c.public.readContract({ address: c.tokens.USDC, abi: usdcAbi, functionName: "balanceOf", args: [account] });
      const available = BigInt(Math.round((balance.available as number) * 1e6));
      check(available + BigInt(owed?.units ?? "0") === onchain, `${c.chain}: available ${balance.available} + fees not collected ${Number(owed?.units ?? 0) / 1e6} = on-chain ${Number(onchain) / 1e6}`);
    }
  } finally {
    await db.end({ timeout: 2 });
  }
  console.log(`storm done in ${((Date.now() - t0) / 1000).toFixed(0)} s: ${failed ? "FAILED" : "nothing lost, nothing doubled"}`);
} catch (err) {
  failed = true;
  console.error(err);
  console.error(`--- the service's last output ---\n${current?.output.slice(-4000) ?? ""}`);
} finally {
  if (current) await kill();
  receiver.stop(true);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
