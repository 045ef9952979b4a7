/**
 * The indexer stalled on purpose, seen at /metrics: the sandbox (a real anvil mining a block a second
 * and a real Ponder) with its Ponder process frozen (SIGSTOP). stablepay_indexer_lag_seconds, which
 * StablepayIndexerStalled watches, grows by a second per second of the stall (the rate the alert's
 * promtool test in deploy/prometheus/alerts.test.yml feeds it, where it fires within its `for:`
 * window), and stablepay_indexer_lag_blocks with the blocks mined meanwhile; both fall back once
 * Ponder runs again.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { startTestService, type TestService } from "./support/service.ts";

let svc: TestService;
let frozen: number[] = [];

beforeAll(async () => {
  svc = await startTestService({ roles: ["api", "indexer"], env: { SANDBOX_BLOCK_TIME: "1", SANDBOX_EXTRA_CHAINS: "none" } });
});
afterAll(async () => {
  for (const pid of frozen) process.kill(pid, "SIGCONT");
  await svc?.stop();
});

/** This file's Ponder: the processes running ponder whose environment names this file's database. */
function ponderPids(): number[] {
  const database = svc.sandbox.database_url.split("/").pop()!;
  return Bun.spawnSync(["ps", "-eo", "pid=,comm=,args="])
    .stdout.toString()
    .split("\n")
    .map((l) => /^\s*(\d+)\s+(\S+)\s+(.*)$/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null && m[2] !== "sh" && m[3]!.includes("ponder"))
    .map((m) => Number(m[1]))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, "utf8").includes(`/${database}`);
      } catch {
        return false;
      }
    });
}

/** The indexer's lag on the sandbox chain, as Prometheus scrapes it. */
async function lag(): Promise<{ seconds: number; blocks: number }> {
  const text = await (await fetch(`${svc.apiUrl}/metrics`)).text();
  const read = (name: string) => Number(new RegExp(`^${name}\\{chain_id="${svc.sandbox.chain_id}"\\} (\\S+)$`, "m").exec(text)?.[1] ?? NaN);
  return { seconds: read("stablepay_indexer_lag_seconds"), blocks: read("stablepay_indexer_lag_blocks") };
}

async function until(what: string, ok: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(await lag())}`);
    await Bun.sleep(200);
  }
}

test("a frozen indexer's lag grows a second per second and a block per block; it falls back once it runs", async () => {
  // Keeping up: a block or two behind a chain that mines one a second.
  await until("the indexer to keep up", async () => (await lag()).seconds < 4, 60_000);
  frozen = ponderPids();
  expect(frozen.length).toBeGreaterThan(0);
  for (const pid of frozen) process.kill(pid, "SIGSTOP");
  const start = await lag();
  const t0 = Date.now();
  await Bun.sleep(8_000);
  const stalled = await lag();
  const elapsed = (Date.now() - t0) / 1000;
  // The age follows the wall clock (it is now less the last indexed block's time), whatever the RPC does.
  expect(stalled.seconds - start.seconds).toBeGreaterThan(elapsed - 2);
  expect(stalled.seconds - start.seconds).toBeLessThan(elapsed + 2);
  // anvil mined about a block a second meanwhile, read from its head at scrape time.
  expect(stalled.blocks - start.blocks).toBeGreaterThanOrEqual(elapsed - 3);

  for (const pid of frozen) process.kill(pid, "SIGCONT");
  frozen = [];
  await until("the indexer to catch up", async () => (await lag()).seconds < 4, 60_000);
  expect((await lag()).blocks).toBeLessThan(4);
}, 120_000);
