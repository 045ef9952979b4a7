/**
 * The load generator of bench/one-price.ts, run as a Bun process of its own (so it shares no thread
 * with the service it measures), and importing nothing of the service: a child that loaded the
 * service's modules spent its first half second compiling them, and its own start-up showed up in the
 * first latencies measured.
 *
 *   bun bench/support/create-load.ts '<json CreateLoadSpec>' <result file>
 *
 * Creates payment intents of one amount (or random ones) with ttl 3600. Closed loop without `rate`;
 * open loop at `rate` per second with latency from each request's due time (no coordinated omission).
 * Before an open loop, `warmupMs` of GET /health at the same rate, not counted: the generator's own
 * HTTP client and connections warm, so what is measured is the service.
 */
import { openLoop } from "./open-loop.ts";

export interface CreateLoadSpec {
  base: string;
  key: string;
  merchantId: string;
  /** Fixed amount in USD, or "random". */
  amount: number | "random";
  count: number;
  connections: number;
  /** `deposit`: each intent at an address of its own (no value held); the merchant's default when absent. */
  paymentAddressType?: "shared" | "deposit";
  /** Open loop at this many per second; closed loop when absent. */
  rate?: number;
  warmupMs?: number;
}

export interface CreateLoadOut {
  /** Per request in completion order: [ms since start at completion, latency ms, status]. */
  done: [number, number, number][];
  wallMs: number;
}

export async function runCreateLoad(spec: CreateLoadSpec): Promise<CreateLoadOut> {
  if (spec.rate !== undefined && spec.warmupMs) {
    const n = Math.ceil((spec.rate * spec.warmupMs) / 1000);
    await openLoop({ rate: spec.rate, t0: performance.now(), count: n }, async () => void (await fetch(`${spec.base}/health`).then((r) => r.arrayBuffer()).catch(() => {})));
  }
  const done: [number, number, number][] = [];
  const t0 = performance.now();
  const body = () =>
    JSON.stringify({
      amount: spec.amount === "random" ? (1 + Math.floor(Math.random() * 999_999)) / 100 : spec.amount,
      currency: "usd",
      merchant_id: spec.merchantId,
      ttl: 3600,
      ...(spec.paymentAddressType ? { payment_address_type: spec.paymentAddressType } : {}),
    });
  const send = async (dueAt: number) => {
    let status = 0;
    try {
      const res = await fetch(`${spec.base}/v1/payment-intents`, {
        method: "POST",
        headers: { authorization: `Bearer ${spec.key}`, "content-type": "application/json" },
        body: body(),
      });
      await res.arrayBuffer();
      status = res.status;
    } catch {
      status = -1;
    }
    const now = performance.now();
    done.push([now - t0, now - dueAt, status]);
  };
  if (spec.rate === undefined) {
    let issued = 0;
    await Promise.all(
      Array.from({ length: spec.connections }, async () => {
        while (issued < spec.count) {
          issued++;
          await send(performance.now());
        }
      }),
    );
  } else {
    await openLoop({ rate: spec.rate, t0, count: spec.count }, send);
  }
  return { done, wallMs: performance.now() - t0 };
}

// The child writes its results to a file (a large stdout write can be cut short by the exit).
if (import.meta.main) {
  const out = await runCreateLoad(JSON.parse(process.argv[2] ?? "{}") as CreateLoadSpec);
  await Bun.write(process.argv[3] ?? "", JSON.stringify(out));
  process.exit(0);
}
