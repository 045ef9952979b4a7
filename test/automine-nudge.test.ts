/**
 * The automine nudge (src/sandbox/automine-nudge.ts) on a real anvil: a ready transaction anvil left
 * in its pool while on automine is mined; a pool a test holds back (automine off) or interval mining
 * is left alone; a nudge that mines nothing pauses. The stranded state is made on purpose: a
 * transaction sent with automine off, above a block gas limit lowered meanwhile, then automine on
 * and the limit raised again, leaves anvil with a ready transaction it does not mine by itself
 * (shown first, with the nudge off), the state its out-of-order race leaves behind.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createWalletClient, http, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { startAnvil, type Anvil } from "./support/anvil.ts";
import { AutomineNudge, stranded } from "../src/sandbox/automine-nudge.ts";
import { rpcAt, sleep } from "./support/payments.ts";

describe("stranded", () => {
  test.each([
    ["nothing ready", { ready: 0, head: 5n }, { ready: 0, head: 5n }, false],
    ["first sight of a ready transaction: wait a round", undefined, { ready: 1, head: 5n }, false],
    ["ready a round ago and now, no block between: left behind", { ready: 1, head: 5n }, { ready: 1, head: 5n }, true],
    ["a block between: the miner is at work", { ready: 3, head: 5n }, { ready: 1, head: 6n }, false],
    ["ready now only", { ready: 0, head: 5n }, { ready: 2, head: 5n }, false],
  ] as const)("%s", (_name, before, now, expected) => {
    expect(stranded(before, now)).toBe(expected);
  });
});

describe("on a real anvil", () => {
  let anvil: Anvil;
  // anvil's first development account: a throwaway chain's, never a real key.
  const account = privateKeyToAccount(`0x${"ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"}`);
  let wallet: ReturnType<typeof createWalletClient>;
  const rpc = <T,>(method: string, params: unknown[] = []) => rpcAt<T>(anvil.rpcUrl, method, params);
  const ready = async () => Number(BigInt((await rpc<{ pending: string }>("txpool_status")).pending));
  const head = async () => BigInt(await rpc<string>("eth_blockNumber"));
  const until = async (done: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await done()); i++) await sleep(20);
  };
  const send = (gas = 21_000n) => wallet.sendTransaction({ account, chain: foundry, to: "0x000000000000000000000000000000000000dEaD", value: 1n, gas });

  beforeAll(async () => {
    anvil = await startAnvil({ automineNudgeMs: 0 }); // the nudges here are driven by hand
    wallet = createWalletClient({ account, chain: foundry, transport: http(anvil.rpcUrl) });
  });
  afterAll(async () => {
    await anvil?.stop();
  });

  /** A ready transaction that anvil, back on automine, leaves in its pool. */
  async function strand(): Promise<Hex> {
    await rpc("evm_setAutomine", [false]);
    const hash = await send(100_000n);
    await rpc("anvil_setBlockGasLimit", ["0xc350"]); // 50,000: the transaction no longer fits
    const at = await head();
    await rpc("evm_setAutomine", [true]); // the miner wakes and mines an empty block; the transaction stays
    await until(async () => (await head()) > at);
    await rpc("anvil_setBlockGasLimit", ["0x1c9c380"]); // 30,000,000 again: it fits, nobody mines it
    return hash;
  }

  test("a ready transaction left on automine: anvil does not mine it by itself; the nudge does, on its second look", async () => {
    const hash = await strand();
    const at = await head();
    await sleep(1_500);
    expect(await ready()).toBe(1);
    expect(await head()).toBe(at);

    const nudge = new AutomineNudge(rpc);
    expect(await nudge.round()).toBe(false); // first sight
    expect(await nudge.round()).toBe(true);
    expect(nudge.nudges).toBe(1);
    expect(await ready()).toBe(0);
    const receipt = await rpc<{ status: string; blockNumber: string } | null>("eth_getTransactionReceipt", [hash]);
    expect(receipt?.status).toBe("0x1");
    expect(BigInt(receipt!.blockNumber)).toBe(at + 1n);
    expect(await nudge.round()).toBe(false); // nothing left
  });

  test("a pool held back on purpose (automine off) is left alone", async () => {
    await rpc("evm_setAutomine", [false]);
    try {
      await send();
      const at = await head();
      const nudge = new AutomineNudge(rpc);
      for (let i = 0; i < 3; i++) expect(await nudge.round()).toBe(false);
      expect(await ready()).toBe(1);
      expect(await head()).toBe(at);
    } finally {
      await rpc("evm_setAutomine", [true]); // mines what was held
    }
    await until(async () => (await ready()) === 0);
    expect(await ready()).toBe(0);
  });

  test("on interval mining the blocks are the interval's: no nudge", async () => {
    await rpc("evm_setIntervalMining", [3_600]);
    try {
      await send();
      const nudge = new AutomineNudge(rpc);
      for (let i = 0; i < 3; i++) expect(await nudge.round()).toBe(false);
      expect(await ready()).toBe(1);
    } finally {
      await rpc("evm_setIntervalMining", [0]);
      await rpc("evm_setAutomine", [true]);
      await rpc("evm_mine");
    }
    await until(async () => (await ready()) === 0);
    expect(await ready()).toBe(0);
  });

  test("a transaction no block can take: one empty block, then a pause, not a block every round", async () => {
    await rpc("evm_setAutomine", [false]);
    await send(100_000n);
    await rpc("anvil_setBlockGasLimit", ["0xc350"]);
    const before = await head();
    await rpc("evm_setAutomine", [true]);
    await until(async () => (await head()) > before);
    try {
      const nudge = new AutomineNudge(rpc);
      expect(await nudge.round()).toBe(false);
      expect(await nudge.round()).toBe(true); // mined, but the block could not take it
      expect(await ready()).toBe(1);
      const at = await head();
      for (let i = 0; i < 4; i++) expect(await nudge.round()).toBe(false);
      expect(await head()).toBe(at);
      expect(nudge.nudges).toBe(1);
    } finally {
      await rpc("anvil_setBlockGasLimit", ["0x1c9c380"]);
      await rpc("evm_mine");
    }
    await until(async () => (await ready()) === 0);
    expect(await ready()).toBe(0);
  });

  test("the nudge anvil starts with mines a stranded transaction within a few seconds", async () => {
    const own = await startAnvil({ automineNudgeMs: 250 });
    try {
      const ownRpc = <T,>(method: string, params: unknown[] = []) => rpcAt<T>(own.rpcUrl, method, params);
      const ownWallet = createWalletClient({ account, chain: foundry, transport: http(own.rpcUrl) });
      await ownRpc("evm_setAutomine", [false]);
      const hash = await ownWallet.sendTransaction({ account, chain: foundry, to: "0x000000000000000000000000000000000000dEaD", value: 1n, gas: 100_000n });
      await ownRpc("anvil_setBlockGasLimit", ["0xc350"]);
      const at = BigInt(await ownRpc<string>("eth_blockNumber"));
      await ownRpc("evm_setAutomine", [true]);
      await until(async () => BigInt(await ownRpc<string>("eth_blockNumber")) > at);
      await ownRpc("anvil_setBlockGasLimit", ["0x1c9c380"]);
      let receipt: { status: string } | null = null;
      for (let i = 0; i < 40 && !receipt; i++) {
        await sleep(250);
        receipt = await ownRpc<{ status: string } | null>("eth_getTransactionReceipt", [hash]);
      }
      expect(receipt?.status).toBe("0x1");
    } finally {
      await own.stop();
    }
  });
});
