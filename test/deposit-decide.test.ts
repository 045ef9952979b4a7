/** The rule of a transfer to a deposit address (src/modules/matching/decide.ts decideDeposit), as a table. */
import { describe, expect, test } from "bun:test";
import { decideDeposit } from "../src/modules/matching/decide.ts";
import type { IntentStatus } from "../src/domain/intent-status.ts";

const created = new Date("2026-04-01T12:00:00.000Z");
const expires = new Date("2026-04-01T12:10:00.000Z");
const inTime = new Date("2026-04-01T12:05:00.000Z");
const late = new Date("2026-04-01T12:10:00.001Z");

const intent = (status: IntentStatus = "awaiting_payment") => ({
  id: "pi_x",
  chainId: 8453,
  token: "USDC",
  amountUnits: 10_000_000n,
  status,
  createdAt: created,
  expiresAt: expires,
});

type Row = [label: string, args: { value: bigint; prior?: bigint; tolerance?: bigint; at?: Date; status?: IntentStatus; chainId?: number; token?: string }, expected: ReturnType<typeof decideDeposit>];

const rows: Row[] = [
  ["exact amount", { value: 10_000_000n }, { kind: "confirm", receivedUnits: 10_000_000n }],
  ["more than the amount", { value: 12_000_000n }, { kind: "confirm", receivedUnits: 12_000_000n }],
  ["short within the tolerance", { value: 9_600_000n, tolerance: 500_000n }, { kind: "confirm", receivedUnits: 9_600_000n }],
  ["short by exactly the tolerance", { value: 9_500_000n, tolerance: 500_000n }, { kind: "confirm", receivedUnits: 9_500_000n }],
  ["short beyond the tolerance", { value: 9_499_999n, tolerance: 500_000n }, { kind: "partial", receivedUnits: 9_499_999n }],
  ["short with no tolerance", { value: 9_999_999n }, { kind: "partial", receivedUnits: 9_999_999n }],
  ["the rest after a partial payment", { value: 4_000_000n, prior: 6_000_000n }, { kind: "confirm", receivedUnits: 10_000_000n }],
  ["two partials still short", { value: 1_000_000n, prior: 6_000_000n }, { kind: "partial", receivedUnits: 7_000_000n }],
  ["a block at expires_at counts", { value: 10_000_000n, at: expires }, { kind: "confirm", receivedUnits: 10_000_000n }],
  ["a block after expires_at is late", { value: 10_000_000n, at: late }, { kind: "late", receivedUnits: 10_000_000n, reason: "expired_in_time_window" }],
  ["an expired intent", { value: 10_000_000n, status: "expired" }, { kind: "late", receivedUnits: 10_000_000n, reason: "not_awaiting_payment" }],
  ["a cancelled intent", { value: 10_000_000n, status: "cancelled" }, { kind: "late", receivedUnits: 10_000_000n, reason: "not_awaiting_payment" }],
  ["more after confirmation", { value: 1n, prior: 10_000_000n, status: "confirmed" }, { kind: "late", receivedUnits: 10_000_001n, reason: "not_awaiting_payment" }],
  ["another token", { value: 10_000_000n, token: "USDT" }, { kind: "other_pair" }],
  ["another chain", { value: 10_000_000n, chainId: 42161 }, { kind: "other_pair" }],
  ["a negative tolerance counts as none", { value: 9_999_999n, tolerance: -5n }, { kind: "partial", receivedUnits: 9_999_999n }],
];

describe("decideDeposit", () => {
  for (const [label, a, expected] of rows) {
    test(label, () => {
      expect(
        decideDeposit({
          intent: intent(a.status),
          chainId: a.chainId ?? 8453,
          token: a.token ?? "USDC",
          value: a.value,
          priorUnits: a.prior ?? 0n,
          toleranceUnits: a.tolerance ?? 0n,
          blockTime: a.at ?? inTime,
        }),
      ).toEqual(expected);
    });
  }
});
