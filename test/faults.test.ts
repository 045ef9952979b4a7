/**
 * The service outlives its dependencies failing, one fault at a time, on the real parts:
 * the sandbox chain's RPC stalled (SIGSTOP of anvil), the indexer killed (SIGKILL of Ponder), every
 * database connection terminated (pg_terminate_backend, what a failover or a pooler restart does),
 * and the database frozen (SIGSTOP of every Postgres process). The service runs in this process, so
 * a driver defect that throws outside a promise (postgres.js #1208) fails the file.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { startTestService, type TestService } from "./support/service.ts";
import { createIntent, payer, sleep } from "./support/payments.ts";
import { connect, type Database } from "../src/db/client.ts";

let svc: TestService;
let admin: Database;

beforeAll(async () => {
  svc = await startTestService({ roles: ["api", "indexer", "matcher", "expirer"], // 1 s blocks, as on a real chain (new blocks keep coming, which Ponder's realtime sync follows).
    env: { LOG_LEVEL: process.env.FAULTS_LOG_LEVEL ?? "error", SANDBOX_BLOCK_TIME: "1" } });
  admin = connect(svc.sandbox.database_url, { max: 1 });
});
afterAll(async () => {
  await admin?.close();
  await svc?.stop();
});

function pidsWhere(pred: (comm: string, args: string) => boolean): number[] {
  const out = Bun.spawnSync(["ps", "-eo", "pid=,comm=,args="]).stdout.toString();
  return out
    .split("\n")
    .map((l) => /^\s*(\d+)\s+(\S+)\s+(.*)$/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null && pred(m[2]!, m[3]!))
    .map((m) => Number(m[1]));
}

/** A paid intent's time to `confirmed` through the API (ms), or throws after `limitMs`. */
async function payAndTime(amount: number, limitMs: number): Promise<number> {
  // As a client does: a 503 (the database just came back, a pooled connection was found dead) is
  // retried after its Retry-After; the whole payment still has to confirm within limitMs.
  const started = Date.now();
  let intent: Awaited<ReturnType<typeof createIntent>> | undefined;
  while (!intent) {
    try {
      intent = await createIntent(svc, { amount });
    } catch (err) {
      if (!String(err).includes(": 503 ") || Date.now() - started > limitMs) throw err;
      await sleep(1_000);
    }
  }
  await payer(svc).pay(intent.paymentAddress, intent.expectedUnits);
  for (;;) {
    const res = await svc.api(`/v1/payment-intents/${intent.id}`);
    if (res.status === 200 && ((await res.json()) as { status: string }).status === "confirmed") return Date.now() - started;
    if (Date.now() - started > limitMs) {
      const state = await admin.sql.unsafe(
        `SELECT (SELECT json_agg(c)::text FROM chain.chain_checkpoint c) AS checkpoint, (SELECT json_agg(m)::text FROM app.matcher_cursors m) AS matcher,
                (SELECT count(*)::int FROM chain.usdc_transfer) AS transfers, (SELECT max(block_number)::int FROM chain.usdc_transfer) AS maxb`,
      ).catch((e: Error) => e.message);
      throw new Error(`intent ${intent.id} not confirmed within ${limitMs} ms; head ${await svc.ctx.chains.test!.publicClient.getBlockNumber()}; ${JSON.stringify(state)}`);
    }
    await sleep(100);
  }
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await fn();
  return { value, ms: Date.now() - started };
}

test("chain RPC stalled: the balance answers within 2 s from the ledger, /ready reports it, confirmations resume within 10 s", async () => {
  await payAndTime(3.1, 15_000); // a payment on the ledger before the fault
  const port = new URL(svc.sandbox.rpc_url).port;
  const anvil = pidsWhere((comm, args) => comm === "anvil" && args.includes(`--port ${port}`));
  expect(anvil.length).toBe(1);
  process.kill(anvil[0]!, "SIGSTOP");
  let resumed = false;
  try {
    await sleep(500);
    const balance = await timed(() => svc.api(`/v1/merchants/${svc.sandbox.merchant_id}/balance`));
    expect(balance.value.status).toBe(200);
    expect(balance.ms).toBeLessThan(2_000);
    const body = (await balance.value.json()) as { available: number; last_updated: string };
    expect(body.available).toBeGreaterThan(0);
    expect(Date.parse(body.last_updated)).toBeLessThanOrEqual(Date.now());
    const ready = await timed(() => svc.api("/ready", { key: null }));
    expect(ready.ms).toBeLessThan(3_000);
    expect(((await ready.value.json()) as { checks: { chains: Array<{ rpc: string }> } }).checks.chains[0]?.rpc).toBe("unreachable");
    await sleep(3_000);
    process.kill(anvil[0]!, "SIGCONT");
    resumed = true;
    expect(await payAndTime(2.2, 10_000)).toBeLessThan(10_000);
  } finally {
    if (!resumed) process.kill(anvil[0]!, "SIGCONT");
  }
}, 60_000);

test("one chain's RPC stalled 60 s (arbitrum's anvil stopped): base's payments confirm at their usual speed meanwhile; arbitrum's own /ready check says so", async () => {
  const usual = await payAndTime(4.1, 15_000); // base, before the fault
  const arbitrum = svc.sandbox.chains.find((c) => c.chain === "arbitrum")!;
  const port = new URL(arbitrum.rpc_url).port;
  const anvil = pidsWhere((comm, args) => comm === "anvil" && args.includes(`--port ${port}`));
  expect(anvil.length).toBe(1);
  process.kill(anvil[0]!, "SIGSTOP");
  const stoppedAt = Date.now();
  let resumed = false;
  const during: number[] = [];
  try {
    // Payments on base every few seconds for the whole minute: each confirms as fast as before the fault
    // (within 5 s or 3x the one before, whichever is more: the machine is shared).
    for (let i = 0; Date.now() - stoppedAt < 60_000; i++) during.push(await payAndTime(Math.round(420 + i) / 100, 15_000));
    const ready = (await (await svc.api("/ready", { key: null })).json()) as { checks: { chains: Array<{ chain_id: number; rpc: string }> } };
    expect(ready.checks.chains.find((c) => c.chain_id === arbitrum.chain_id)?.rpc).toBe("unreachable");
    expect(ready.checks.chains.find((c) => c.chain_id === svc.sandbox.chain_id)?.rpc).toBe("ok");
  } finally {
    if (!resumed) process.kill(anvil[0]!, "SIGCONT");
    resumed = true;
  }
  console.log(`base payment to confirmed: ${usual} ms before the stall; during it: ${during.join(", ")} ms`);
  expect(during.length).toBeGreaterThanOrEqual(5);
  for (const ms of during) expect(ms).toBeLessThan(Math.max(5_000, 3 * usual));
}, 120_000);

// 15 s alone on 2 idle cores (~9 s measured). The restarted Ponder boots, re-indexes from its last safe
// checkpoint (blocks past its sync cache fetched again) and then catches up the 30 unfinalized blocks
// one block at a time; beside the suite's other files on 2 cores that took over 15 s once, so the bound
// here is twice that. A dead indexer that is not restarted fails it either way.
test("indexer killed: a payment sent 1 s later confirms (within 15 s on an idle machine)", async () => {
  await payAndTime(1.23, 15_000); // the indexer is live
  // Only this file's Ponder (other test files run their own at the same time): its environment
  // names this file's database.
  const database = svc.sandbox.database_url.split("/").pop()!;
  const ours = pidsWhere((comm, args) => comm !== "sh" && args.includes("ponder")).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/environ`, "utf8").includes(`/${database}`);
    } catch {
      return false;
    }
  });
  const fallback = ours;
  for (const pid of fallback) process.kill(pid, "SIGKILL");
  await sleep(1_000);
  const ms = await payAndTime(5.5, 30_000);
  console.log(`indexer killed: the payment sent 1 s later confirmed in ${ms} ms`);
  expect(ms).toBeLessThan(30_000);
}, 60_000);

test("every database connection terminated, three times: the service stays up, answers 200 or 503 meanwhile, and confirms again", async () => {
  const statuses = new Map<number, number>();
  let flowing = true;
  const traffic = (async () => {
    while (flowing) {
      const { value: res, ms } = await timed(() => svc.api(`/v1/merchants/${svc.sandbox.merchant_id}`));
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 503) expect(res.headers.get("retry-after")).not.toBeNull();
      expect(ms).toBeLessThan(5_500);
      await res.arrayBuffer();
      await sleep(20);
    }
  })();
  for (let i = 0; i < 3; i++) {
    await admin.sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`;
    await sleep(1_500);
  }
  flowing = false;
  await traffic;
  expect([...statuses.keys()].every((s) => s === 200 || s === 503)).toBe(true);
  const after = await svc.api(`/v1/merchants/${svc.sandbox.merchant_id}`);
  expect(after.status).toBe(200);
  expect(await payAndTime(6.75, 15_000)).toBeLessThan(15_000);
}, 90_000);

test("database frozen for 8 s: the first API call answers 503 within 5 s, the next ones at once, /ready says why, payments confirm within 15 s after", async () => {
  const [row] = await admin.sql<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
  const pid = row!.pid;
  const postmaster = Number(/PPid:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]);
  const cluster = [postmaster, ...pidsWhere(() => true).filter((p) => {
    try {
      return Number(/PPid:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1]) === postmaster;
    } catch {
      return false;
    }
  })];
  // A backend that exited just before the freeze is gone by the thaw (the postmaster, continued first,
  // reaps it at once): a process no longer there is not an error, and every other one is still continued.
  const signal = (p: number, sig: "SIGSTOP" | "SIGCONT") => {
    try {
      process.kill(p, sig);
    } catch (err) {
      if ((err as { code?: string }).code !== "ESRCH") throw err;
    }
  };
  const frozenAt = Date.now();
  for (const p of cluster) signal(p, "SIGSTOP");
  let resumed = false;
  try {
    // The first call waits on the database until the request deadline: that is how the service learns it is away.
    const intent = await timed(() => svc.api(`/v1/payment-intents?merchant_id=${svc.sandbox.merchant_id}&limit=1`));
    expect(intent.ms).toBeLessThan(5_500);
    expect(intent.value.status).toBe(503);
    expect(intent.value.headers.get("retry-after")).not.toBeNull();
    expect(((await intent.value.json()) as { error: { code: string } }).error.code).toBe("service_unavailable");
    const ready = await timed(() => svc.api("/ready", { key: null }));
    expect(ready.ms).toBeLessThan(3_000);
    expect(ready.value.status).toBe(503);
    expect(((await ready.value.json()) as { checks: { database: string } }).checks.database).toBe("unreachable");
    // From then on, for the rest of the outage, every call is answered at once: create, balance, list.
    const calls: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (const call of [
        () => svc.api("/v1/payment-intents", { method: "POST", json: { amount: 1.5, currency: "usd", merchant_id: svc.sandbox.merchant_id } }),
        () => svc.api(`/v1/merchants/${svc.sandbox.merchant_id}/balance`),
        () => svc.api(`/v1/payment-intents?merchant_id=${svc.sandbox.merchant_id}&limit=1`),
      ]) {
        const { value: res, ms } = await timed(call);
        expect(res.status).toBe(503);
        expect(res.headers.get("retry-after")).not.toBeNull();
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe("service_unavailable");
        calls.push(ms);
      }
    }
    const sorted = [...calls].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    console.log(`[faults] database frozen: first call ${intent.ms} ms; the ${calls.length} calls after it: median ${median} ms, max ${sorted.at(-1)} ms`);
    expect(median).toBeLessThan(100);
    await sleep(Math.max(0, 8_000 - (Date.now() - frozenAt)));
  } finally {
    for (const p of cluster) signal(p, "SIGCONT");
    resumed = true;
  }
  expect(resumed).toBe(true);
  const confirmedMs = await payAndTime(8.8, 15_000);
  console.log(`[faults] first payment after the database came back: confirmed in ${confirmedMs} ms`);
  expect(confirmedMs).toBeLessThan(15_000);
}, 90_000);
