/**
 * The search of the chain for a settlement's withdrawal by its ref goes window by window (providers cap
 * the range of one eth_getLogs): every block from the start to the head is asked exactly once, in order,
 * no window is wider than asked, and the search stops at the first window that finds one.
 */
import { describe, expect, test } from "bun:test";
import { firstInWindows } from "../src/modules/settlements/withdrawal.ts";

async function windowsOf(from: bigint, head: bigint, window: bigint, foundIn?: bigint) {
  const asked: Array<[bigint, bigint]> = [];
  const found = await firstInWindows(from, head, window, async (start, end) => {
    asked.push([start, end]);
    return foundIn !== undefined && start <= foundIn && foundIn <= end ? `tx@${foundIn}` : undefined;
  });
  return { asked, found };
}

describe("firstInWindows", () => {
  test("covers every block from the start to the head once, in windows no wider than asked", async () => {
    const { asked, found } = await windowsOf(5n, 30_004n, 10_000n);
    expect(asked).toEqual([
      [5n, 10_004n],
      [10_005n, 20_004n],
      [20_005n, 30_004n],
    ]);
    expect(found).toBeUndefined();
    expect((await windowsOf(0n, 10_000n, 10_000n)).asked).toEqual([
      [0n, 9_999n],
      [10_000n, 10_000n],
    ]);
  });

  test("one window when the range is small; the head itself is searched; nothing when the start is past the head", async () => {
    expect((await windowsOf(100n, 100n, 10_000n)).asked).toEqual([[100n, 100n]]);
    expect(await windowsOf(100n, 164n, 10_000n, 164n)).toEqual({ asked: [[100n, 164n]], found: "tx@164" });
    expect(await windowsOf(101n, 100n, 10_000n)).toEqual({ asked: [], found: undefined });
  });

  test("stops at the first window that finds one: later windows are not asked", async () => {
    expect(await windowsOf(0n, 50_000n, 10_000n, 12_345n)).toEqual({
      asked: [
        [0n, 9_999n],
        [10_000n, 19_999n],
      ],
      found: "tx@12345",
    });
  });

  test("a failed window fails the search (nothing is sent blind), and a window below one block is refused", async () => {
    const failing = firstInWindows(0n, 30_000n, 10_000n, async (start) => {
      if (start === 10_000n) throw new Error("query returned more than 10000 results");
      return undefined;
    });
    await expect(failing).rejects.toThrow("more than 10000 results");
    await expect(firstInWindows(0n, 10n, 0n, async () => undefined)).rejects.toThrow("a search window of 0 blocks");
  });
});
