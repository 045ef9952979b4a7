/**
 * The sandbox chains' state file (src/sandbox/anvil.ts, SANDBOX_STATE_INTERVAL): saved every N seconds
 * while the chain runs (so that a kill -9 loses at most that much), or with 0 only when it stops; either
 * way the next start finds the chain where it was.
 */
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/config.ts";
import { startAnvil, type Anvil } from "../src/sandbox/anvil.ts";

const dir = mkdtempSync(join(tmpdir(), "stablepay-anvil-state-"));
const running: Anvil[] = [];
afterAll(async () => {
  await Promise.all(running.map((a) => a.stop()));
  rmSync(dir, { recursive: true, force: true });
});

async function rpc<T>(anvil: Anvil, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(anvil.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  return ((await res.json()) as { result: T }).result;
}

async function start(file: string, stateIntervalSeconds: number): Promise<Anvil> {
  const anvil = await startAnvil({ stateFile: file, stateIntervalSeconds });
  running.push(anvil);
  return anvil;
}

test("every second: the file is saved while the chain runs", async () => {
  const file = join(dir, "every-second.json");
  const anvil = await start(file, 1);
  await rpc(anvil, "evm_mine");
  const deadline = Date.now() + 5_000;
  while (!existsSync(file) && Date.now() < deadline) await Bun.sleep(100);
  expect(existsSync(file)).toBe(true);
});

test("0: nothing saved while the chain runs, saved when it stops, and the next start resumes there", async () => {
  const file = join(dir, "on-stop.json");
  const anvil = await start(file, 0);
  for (let i = 0; i < 3; i++) await rpc(anvil, "evm_mine");
  // Long enough for two saves at one a second (the test above).
  await Bun.sleep(2_500);
  expect(existsSync(file)).toBe(false);
  await anvil.stop();
  expect(existsSync(file)).toBe(true);
  const again = await start(file, 0);
  expect(BigInt(await rpc<string>(again, "eth_blockNumber"))).toBe(3n);
});

test("SANDBOX_STATE_INTERVAL: 5 s unless set, 0 allowed, anything else outside 0-3600 refused at the start with its name", () => {
  expect(loadConfig({}).anvilStateInterval).toBe(5);
  expect(loadConfig({ SANDBOX_STATE_INTERVAL: "0" }).anvilStateInterval).toBe(0);
  expect(loadConfig({ SANDBOX_STATE_INTERVAL: "30" }).anvilStateInterval).toBe(30);
  for (const bad of ["-1", "abc", "1.5", "3601"]) expect(() => loadConfig({ SANDBOX_STATE_INTERVAL: bad })).toThrow(/SANDBOX_STATE_INTERVAL/);
});
