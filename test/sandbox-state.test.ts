/**
 * The sandbox chains' state file (src/sandbox/anvil.ts, SANDBOX_STATE_INTERVAL): saved every N seconds
 * while the chain runs (so that a kill -9 loses at most that much), or with 0 only when it stops; either
 * way the next start finds the chain where it was.
 */
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/config.ts";
import { keepOriginalGenesis, startAnvil, type Anvil } from "../src/sandbox/anvil.ts";

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

test("restarted again and again from its file, the chain keeps its genesis: block 1's parent is block 0, as at the first start", async () => {
  const file = join(dir, "genesis.json");
  let anvil = await start(file, 0);
  const genesis = await rpc<{ hash: string; timestamp: string }>(anvil, "eth_getBlockByNumber", ["0x0", false]);
  for (let life = 0; life < 3; life++) {
    await rpc(anvil, "evm_mine");
    await anvil.stop();
    // anvil stamps the genesis it makes at start with the time: a second apart, a stray one would show.
    await Bun.sleep(1_100);
    anvil = await start(file, 0);
    const zero = await rpc<{ hash: string; timestamp: string }>(anvil, "eth_getBlockByNumber", ["0x0", false]);
    const one = await rpc<{ parentHash: string }>(anvil, "eth_getBlockByNumber", ["0x1", false]);
    expect(zero).toMatchObject({ hash: genesis.hash, timestamp: genesis.timestamp });
    expect(one.parentHash).toBe(genesis.hash);
  }
  // What anvil wrote at the last stop holds one genesis after the repair at start.
  await anvil.stop();
  expect(await keepOriginalGenesis(file)).toBe(true);
  expect(await keepOriginalGenesis(file)).toBe(false);
});

test("SANDBOX_STATE_INTERVAL: 5 s unless set, 0 allowed, anything else outside 0-3600 refused at the start with its name", () => {
  expect(loadConfig({}).anvilStateInterval).toBe(5);
  expect(loadConfig({ SANDBOX_STATE_INTERVAL: "0" }).anvilStateInterval).toBe(0);
  expect(loadConfig({ SANDBOX_STATE_INTERVAL: "30" }).anvilStateInterval).toBe(30);
  for (const bad of ["-1", "abc", "1.5", "3601"]) expect(() => loadConfig({ SANDBOX_STATE_INTERVAL: bad })).toThrow(/SANDBOX_STATE_INTERVAL/);
});

test("past 500 blocks, anvil writes no old block's state to ~/.foundry (it left gigabytes there when stopped); recent state stays readable", async () => {
  // anvil writes those states under $HOME: a home of the test's own, read afterwards.
  const home = join(dir, "home");
  const realHome = process.env.HOME;
  process.env.HOME = home;
  let anvil: Anvil;
  try {
    anvil = await startAnvil();
  } finally {
    process.env.HOME = realHome;
  }
  running.push(anvil);
  const [from, to] = ["0xf39Fd6e51aad88F6F4cE6aB8827279cffFb92266", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"];
  // States that differ from block to block, past the 500 anvil keeps in memory.
  for (let i = 0; i < 8; i++) {
    await rpc(anvil, "anvil_mine", ["0x64"]);
    await rpc(anvil, "eth_sendTransaction", [{ from, to, value: "0x1" }]);
  }
  await rpc(anvil, "anvil_mine", ["0xa"]);
  const head = Number(await rpc<string>(anvil, "eth_blockNumber"));
  expect(head).toBeGreaterThan(800);
  const balance = await rpc<string>(anvil, "eth_getBalance", [to, `0x${(head - 5).toString(16)}`]);
  expect(BigInt(balance)).toBe(10_000n * 10n ** 18n + 8n);
  const written = join(home, ".foundry", "anvil", "tmp");
  const entries = existsSync(written) ? readdirSync(written, { recursive: true }) : [];
  expect(entries).toEqual([]);
});

// The saver learns of a block from anvil's push (newHeads) and, in case the subscription is down, from a
// poll every second: each is tested alone (the other off, or a poll too rare to matter).
test.each([
  ["pushed by anvil", { stateSubscribe: true, statePollMs: 3_600_000 }],
  ["polled, without the subscription", { stateSubscribe: false, statePollMs: 200 }],
] as const)("a block with transactions is saved at once, whatever the interval, and the caller learns the saved block: %s", async (name, learning) => {
  const file = join(dir, `busy-block-${name.split(" ")[0]}.json`);
  const saved: bigint[] = [];
  const anvil = await startAnvil({ stateFile: file, stateIntervalSeconds: 3600, onSaved: (b) => void saved.push(b), ...learning });
  running.push(anvil);
  expect(saved).toEqual([0n]); // the head found at start is what the file holds
  await rpc(anvil, "evm_mine"); // an empty block: waits for the interval
  await Bun.sleep(800);
  expect(existsSync(file)).toBe(false);
  // anvil's first default account sends ETH to the second: a block with a transaction.
  await rpc(anvil, "eth_sendTransaction", [{ from: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", value: "0x1" }]);
  const deadline = Date.now() + 2_000;
  while (saved.at(-1) !== 2n && Date.now() < deadline) await Bun.sleep(50);
  expect(saved.at(-1)).toBe(2n);
  expect(anvil.savedBlock).toBe(2n);
  // A chain restarted from the file has the block (kill -9 of the whole sandbox: test/crash-anytime.test.ts).
  await anvil.stop();
  const again = await start(file, 0);
  expect(BigInt(await rpc<string>(again, "eth_blockNumber"))).toBeGreaterThanOrEqual(2n);
});
