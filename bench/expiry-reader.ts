/**
 * Load child of bench/expiry.ts (its own file: the service's modules hook SIGTERM): open-loop
 * GET /v1/payment-intents/{id} and POST /v1/payment-intents at fixed rates until SIGTERM, then one
 * JSON line with every sample. Latency is measured from the due time (no coordinated omission).
 *
 *   bun bench/expiry-reader.ts '<json ReaderSpec>'
 */

export interface ReaderSpec {
  base: string;
  key: string;
  merchantId: string;
  idsFile: string;
  getRate: number;
  createRate: number;
}

export interface Sample {
  kind: "get" | "create";
  /** Due time, ms since the epoch. */
  at: number;
  ms: number;
  status: number;
}

async function reader(spec: ReaderSpec) {
  const ids = (await Bun.file(spec.idsFile).text()).split("\n").filter(Boolean);
  const samples: Sample[] = [];
  let stopping = false;
  const inflight = new Set<Promise<void>>();
  const auth = { authorization: `Bearer ${spec.key}` };
  const fire = (kind: Sample["kind"], due: number) => {
    const started = performance.timeOrigin + due;
    const req =
      kind === "get"
        ? new Request(`${spec.base}/v1/payment-intents/${ids[Math.floor(Math.random() * ids.length)]}`, { headers: auth })
        : new Request(`${spec.base}/v1/payment-intents`, {
            method: "POST",
            headers: { ...auth, "content-type": "application/json" },
            body: JSON.stringify({ amount: (1 + Math.floor(Math.random() * 999_999)) / 100, currency: "usd", merchant_id: spec.merchantId }),
          });
    const p = fetch(req)
      .then(async (res) => {
        await res.arrayBuffer();
        samples.push({ kind, at: started, ms: performance.now() - due, status: res.status });
      })
      .catch(() => {
        samples.push({ kind, at: started, ms: performance.now() - due, status: 0 });
      });
    inflight.add(p);
    void p.finally(() => inflight.delete(p));
  };
  process.on("SIGTERM", () => (stopping = true));
  const t0 = performance.now();
  let gets = 0;
  let creates = 0;
  process.stdout.write("ready\n");
  while (!stopping) {
    const elapsed = performance.now() - t0;
    while (gets < Math.floor((elapsed * spec.getRate) / 1000)) fire("get", t0 + (gets++ * 1000) / spec.getRate);
    while (creates < Math.floor((elapsed * spec.createRate) / 1000)) fire("create", t0 + (creates++ * 1000) / spec.createRate);
    await Bun.sleep(1);
  }
  await Promise.all(inflight);
  await Bun.write(Bun.stdout, JSON.stringify(samples) + "\n");
  process.exit(0);
}


if (import.meta.main) await reader(JSON.parse(process.argv[2] ?? "{}") as ReaderSpec);
