/**
 * A small HTTP load generator in Bun, run as its own process by bench/api.ts (so it does not share
 * a thread with the server it measures). Prints one JSON line with the results.
 *
 *   bun bench/load.ts '<json LoadSpec>'
 *
 * Closed loop (no `rate`): `connections` loops, each sends the next request when the previous answered
 * (maximum throughput). Open loop (`rate` per second): requests are due on a fixed schedule whatever
 * the answers, and latency is measured from the due time, so a stall shows up in the percentiles
 * (no coordinated omission).
 */
import { existsSync, readFileSync } from "node:fs";
import { openLoop } from "./support/open-loop.ts";

export type Scenario = "bare" | "raw-select" | "raw-insert" | "create" | "create-held" | "get";

/**
 * The prices of `create-held`: HELD_PRICES amounts from 1.00 up in steps of 0.07, each held by an
 * open intent before the run, so that every create of the scenario is of an amount another intent
 * holds (the value-tag ring's path), as wherever prices repeat.
 */
export const HELD_PRICES = 5_000;
export function heldPrice(i: number): string {
  return ((100 + 7 * i) / 100).toFixed(2);
}

export interface LoadSpec {
  scenario: Scenario;
  /** Base URL of the server under test for this scenario. */
  base: string;
  key?: string;
  merchantId?: string;
  /** File with one id per line (get, raw-select). */
  idsFile?: string;
  connections: number;
  warmupMs: number;
  durationMs: number;
  rate?: number;
  windowMs: number;
}

export interface LoadResult {
  scenario: Scenario;
  requests: number;
  ok: number;
  statuses: Record<string, number>;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Requests per second in each window of `windowMs`. */
  windows: number[];
  /** CPU per request in microseconds (bench/support/cpu.ts), where the load came from another process. */
  cpuPerRequest?: { service: number; postgres?: number; chains?: number; machine?: number };
  /** Statements the service ran and transactions Postgres committed, per request (bench/api.ts with wrk). */
  countsPerRequest?: { statements?: number; transactions: number; byStatement?: Record<string, number> };
}

function requestFor(spec: LoadSpec, ids: string[]): () => Request {
  const auth: Record<string, string> = spec.key ? { authorization: `Bearer ${spec.key}` } : {};
  const pick = () => ids[Math.floor(Math.random() * ids.length)]!;
  switch (spec.scenario) {
    case "bare":
      return () => new Request(`${spec.base}/bare`);
    case "raw-select":
      return () => new Request(`${spec.base}/raw/select/${pick()}`);
    case "raw-insert":
      return () => new Request(`${spec.base}/raw/insert`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ amount: randomAmount() }) });
    case "get":
      return () => new Request(`${spec.base}/v1/payment-intents/${pick()}`, { headers: auth });
    case "create":
    case "create-held":
      return () =>
        new Request(`${spec.base}/v1/payment-intents`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({
            amount: spec.scenario === "create" ? randomAmount() : Number(heldPrice(Math.floor(Math.random() * HELD_PRICES))),
            currency: "usd",
            merchant_id: spec.merchantId,
          }),
        });
  }
}

/** 0.01 .. 9999.99 in cents: a million distinct amounts, so expected-value tags rarely collide. */
function randomAmount(): number {
  return (1 + Math.floor(Math.random() * 999_999)) / 100;
}

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  // The ids file is written before the `get` scenarios only; the baseline scenarios start without it.
  const ids = spec.idsFile && existsSync(spec.idsFile) ? readFileSync(spec.idsFile, "utf8").split("\n").filter(Boolean) : [];
  const make = requestFor(spec, ids);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const t0 = performance.now();
  const measureFrom = t0 + spec.warmupMs;
  const end = measureFrom + spec.durationMs;
  const windows = new Array<number>(Math.max(1, Math.ceil(spec.durationMs / spec.windowMs))).fill(0);

  const record = (dueAt: number, status: string) => {
    const now = performance.now();
    if (dueAt < measureFrom || now > end) return;
    latencies.push(now - dueAt);
    statuses[status] = (statuses[status] ?? 0) + 1;
    const w = Math.min(windows.length - 1, Math.floor((now - measureFrom) / spec.windowMs));
    windows[w]! += 1;
  };
  const send = async (dueAt: number) => {
    try {
      const res = await fetch(make());
      await res.arrayBuffer();
      record(dueAt, String(res.status));
    } catch (err) {
      record(dueAt, `error:${(err as Error).name}`);
    }
  };

  if (spec.rate === undefined) {
    await Promise.all(
      Array.from({ length: spec.connections }, async () => {
        while (performance.now() < end) await send(performance.now());
      }),
    );
  } else {
    await openLoop({ rate: spec.rate, t0, endAt: end }, send);
  }

  latencies.sort((a, b) => a - b);
  const q = (p: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]! : NaN);
  const ok = Object.entries(statuses).reduce((n, [s, c]) => (/^2\d\d$/.test(s) ? n + c : n), 0);
  return {
    scenario: spec.scenario,
    requests: latencies.length,
    ok,
    statuses,
    rps: latencies.length / (spec.durationMs / 1000),
    p50: q(0.5),
    p90: q(0.9),
    p99: q(0.99),
    max: latencies.at(-1) ?? NaN,
    windows: windows.map((n) => n / (spec.windowMs / 1000)),
  };
}

if (import.meta.main) {
  const spec = JSON.parse(process.argv[2] ?? "{}") as LoadSpec;
  const result = await runLoad(spec);
  process.stdout.write(JSON.stringify(result) + "\n");
}
