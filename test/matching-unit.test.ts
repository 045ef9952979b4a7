/** Pure parts of the chain area: the match decision, the fee reference, the metrics registry, timestamp parsing. */
import { describe, expect, test } from "bun:test";
import { keccak256, stringToHex } from "viem";
import { decideMatch, PAYMENT_BEFORE_CREATION_SLACK_MS, quarantineEnd, type IntentView } from "../src/modules/matching/decide.ts";
import { feeRef } from "../src/modules/fees/ref.ts";
import { MetricsRegistry } from "../src/lib/metrics.ts";
import { fromPgTs } from "../src/db/pg-values.ts";
import type { IntentStatus } from "../src/db/schema/core.ts";

const T = (s: string) => new Date(`2026-04-01T12:${s}Z`);

describe("decideMatch", () => {
  const intent = (status: IntentStatus, over: Partial<IntentView> = {}): IntentView => ({
    id: "pi_a",
    chainId: 31337,
    status,
    createdAt: T("00:00.000"),
    expiresAt: T("05:00.000"),
    ...over,
  });
  const held = { intentId: "pi_a", releasedAfter: null };
  const quarantined = { intentId: "pi_a", releasedAfter: T("30:00.000") };

  const cases: [string, Parameters<typeof decideMatch>[0], ReturnType<typeof decideMatch>][] = [
    ["no reservation", { reservation: null, intent: null, blockTime: T("01:00.000"), chainId: 31337 }, { kind: "unmatched", reason: "no_reservation" }],
    ["awaiting, paid in time", { reservation: held, intent: intent("awaiting_payment"), blockTime: T("01:00.000"), chainId: 31337 }, { kind: "confirm", intentId: "pi_a" }],
    ["awaiting, block exactly at expires_at (fairness)", { reservation: held, intent: intent("awaiting_payment"), blockTime: T("05:00.000"), chainId: 31337 }, { kind: "confirm", intentId: "pi_a" }],
    ["awaiting, block after expires_at, not expired yet", { reservation: held, intent: intent("awaiting_payment"), blockTime: T("05:00.001"), chainId: 31337 }, { kind: "late", intentId: "pi_a", reason: "expired_in_time_window" }],
    ["expired, in quarantine", { reservation: quarantined, intent: intent("expired"), blockTime: T("06:00.000"), chainId: 31337 }, { kind: "late", intentId: "pi_a", reason: "not_awaiting_payment" }],
    ["cancelled, in quarantine", { reservation: quarantined, intent: intent("cancelled"), blockTime: T("06:00.000"), chainId: 31337 }, { kind: "late", intentId: "pi_a", reason: "not_awaiting_payment" }],
    ["confirmed: a duplicate payment", { reservation: quarantined, intent: intent("confirmed"), blockTime: T("02:00.000"), chainId: 31337 }, { kind: "late", intentId: "pi_a", reason: "not_awaiting_payment" }],
    ["settled: a duplicate payment", { reservation: quarantined, intent: intent("settled"), blockTime: T("02:00.000"), chainId: 31337 }, { kind: "late", intentId: "pi_a", reason: "not_awaiting_payment" }],
    ["quarantine over at the time of the payment", { reservation: quarantined, intent: intent("expired"), blockTime: T("30:00.000"), chainId: 31337 }, { kind: "unmatched", reason: "reservation_released" }],
    [
      "paid long before the intent existed (released value reused, matcher lagging)",
      { reservation: held, intent: intent("awaiting_payment", { createdAt: new Date(T("01:00.000").getTime() + PAYMENT_BEFORE_CREATION_SLACK_MS + 1) }), blockTime: T("01:00.000"), chainId: 31337 },
      { kind: "unmatched", reason: "before_intent_created" },
    ],
    [
      "block a little before creation (chain clock behind): still matches",
      { reservation: held, intent: intent("awaiting_payment", { createdAt: T("00:01.500") }), blockTime: T("00:01.000"), chainId: 31337 },
      { kind: "confirm", intentId: "pi_a" },
    ],
    ["the right value on another chain than the intent's", { reservation: held, intent: intent("awaiting_payment"), blockTime: T("01:00.000"), chainId: 31338 }, { kind: "unmatched", reason: "other_chain" }],
    ["reservation of another intent", { reservation: { intentId: "pi_b", releasedAfter: null }, intent: intent("awaiting_payment"), blockTime: T("01:00.000"), chainId: 31337 }, { kind: "unmatched", reason: "no_reservation" }],
  ];
  for (const [name, input, expected] of cases) {
    test(name, () => expect(decideMatch(input)).toEqual(expected));
  }

  test("quarantine is 24 h after confirmation", () => {
    expect(quarantineEnd(T("00:00.000")).toISOString()).toBe("2026-04-02T12:00:00.000Z");
  });
});

test("feeRef is keccak256 of the transaction id's UTF-8 bytes", () => {
  expect(feeRef("txn_abc")).toBe(keccak256(stringToHex("txn_abc")));
  expect(feeRef("txn_abc")).not.toBe(feeRef("txn_abd"));
  expect(feeRef("txn_abc")).toMatch(/^0x[0-9a-f]{64}$/);
});

describe("metrics registry", () => {
  test("renders counters and gauges in the Prometheus text format", async () => {
    const r = new MetricsRegistry();
    const c = r.counter("x_total", "Things.", ["kind"]);
    c.inc({ kind: "a" });
    c.inc({ kind: "a" }, 2);
    c.inc({ kind: 'b"\\\n' });
    const g = r.gauge("y", "Level.");
    g.set({}, 1.5);
    r.gauge("z", "Unset, no labels.");
    expect(await r.render()).toBe(
      [
        "# HELP x_total Things.",
        "# TYPE x_total counter",
        'x_total{kind="a"} 3',
        'x_total{kind="b\\"\\\\\\n"} 1',
        "",
        "# HELP y Level.",
        "# TYPE y gauge",
        "y 1.5",
        "",
        "# HELP z Unset, no labels.",
        "# TYPE z gauge",
        "z 0",
        "",
      ].join("\n"),
    );
  });

  test("histograms: buckets, sum and count per label set", async () => {
    const r = new MetricsRegistry();
    const h = r.histogram("d_seconds", "Durations.", ["route"], [0.1, 1]);
    h.observe({ route: "/a" }, 0.05);
    h.observe({ route: "/a" }, 0.5);
    const text = await r.render();
    expect(text).toContain('d_seconds_bucket{le="0.1",route="/a"} 1');
    expect(text).toContain('d_seconds_bucket{le="1",route="/a"} 2');
    expect(text).toContain('d_seconds_bucket{le="+Inf",route="/a"} 2');
    expect(text).toContain('d_seconds_count{route="/a"} 2');
    expect(() => h.observe({}, 1)).toThrow();
  });

  test("declaring twice returns the same metric; conflicting declarations and bad labels throw", () => {
    const r = new MetricsRegistry();
    const a = r.counter("a_total", "A.", ["x"]);
    expect(r.counter("a_total", "A.", ["x"])).toBe(a);
    expect(() => r.gauge("a_total", "A.", ["x"])).toThrow();
    expect(() => r.counter("a_total", "A.", ["y"])).toThrow();
    expect(() => a.inc({ y: "1" })).toThrow();
    expect(() => a.inc({ x: "1" }, -1)).toThrow();
    expect(() => r.counter("bad name", "B.")).toThrow();
  });

  test("collectors run before rendering; a failing one is skipped", async () => {
    const r = new MetricsRegistry();
    const g = r.gauge("g", "G.");
    r.collector(() => g.set({}, 7));
    r.collector(() => {
      throw new Error("boom");
    });
    const warnings: string[] = [];
    const ctx = { log: { warn: (m: string) => warnings.push(m) } } as never;
    expect(await r.render(ctx)).toContain("g 7");
    expect(warnings).toEqual(["metrics collector failed"]);
  });
});

test("fromPgTs reads Dates and Postgres timestamptz text", () => {
  expect(fromPgTs(new Date(5)).getTime()).toBe(5);
  expect(fromPgTs("2026-11-21 02:52:59.827+00").toISOString()).toBe("2026-11-21T02:52:59.827Z");
  expect(fromPgTs("2026-11-21 02:52:59+00").toISOString()).toBe("2026-11-21T02:52:59.000Z");
  expect(fromPgTs("2026-11-21 04:52:59.5+02").toISOString()).toBe("2026-11-21T02:52:59.500Z");
  expect(() => fromPgTs("nope")).toThrow();
});
