/**
 * What each piece of instrumentation costs, per call, in this process alone (no database, no network:
 * on a shared machine the API benchmark's run-to-run noise is larger than these costs):
 *   histogram    one observation of a labelled histogram (HTTP, RPC, statements, webhooks)
 *   statement    the database statement wrapper (src/db/query-metrics.ts) around a query that
 *                resolves at once: naming (cached per call site), timing, the observation
 *   span-off     a span helper with tracing off (what every request, statement and RPC call pays)
 *   statement+span  the statement wrapper inside an active span with tracing on (a child span made,
 *                ended, batched for export)
 *   request-span the HTTP server span (src/api/http-tracing.ts) around a handler that answers at once
 *
 *   bun bench/instrumentation.ts [--n 200000]
 */
import { loadConfig } from "../src/config.ts";
import { instrumentQueries } from "../src/db/query-metrics.ts";
import { processMetrics } from "../src/lib/metrics.ts";
import { startChildSpan, startSpan, endSpan, withSpan } from "../src/lib/tracing.ts";
import { startTracing } from "../src/tracing.ts";
import { tracedRequest } from "../src/api/http-tracing.ts";

const argv = process.argv.slice(2);
const N = Number(argv[argv.indexOf("--n") + 1] || 200_000);

/** A stand-in for postgres.js's Query: lazy, run on first handle(), resolved at once. */
function fakeDriver() {
  class Query {
    executed = false;
    resolve: (x: unknown) => void = () => {};
    reject: (x: unknown) => void = () => {};
    constructor(readonly strings: readonly string[]) {}
    handle(): Promise<void> {
      if (!this.executed) {
        this.executed = true;
        this.resolve(1);
      }
      return Promise.resolve();
    }
  }
  return (strings: TemplateStringsArray, ..._values: unknown[]) => new Query(strings);
}

/** ns per call of `fn`, awaited only when it returns a promise (an await alone costs ~100-200 ns). */
async function perCall(label: string, fn: () => unknown, n = N): Promise<number> {
  const run = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const r = fn();
      if (r instanceof Promise) await r;
    }
  };
  await run(Math.min(n, 20_000)); // warm-up
  const t = performance.now();
  await run(n);
  const ns = ((performance.now() - t) * 1e6) / n;
  console.log(`  ${label.padEnd(34)} ${ns.toFixed(0).padStart(7)} ns/call`);
  return ns;
}

console.log(`instrumentation costs, ${N} calls each (Bun ${Bun.version})\n`);
const h = processMetrics.histogram("bench_histogram_seconds", "bench", ["method", "route", "status"]);
await perCall("histogram observe", () => h.observe({ method: "GET", route: "/v1/payment-intents/:id", status: 200 }, 0.003));

const plain = fakeDriver();
const instrumented = fakeDriver();
instrumentQueries(instrumented);
const base = await perCall("query, not instrumented", () => plain`SELECT * FROM app.payment_intents WHERE id = ${"pi_1"}`.handle());
const withMetrics = await perCall("query, duration histogram", () => instrumented`SELECT * FROM app.payment_intents WHERE id = ${"pi_1"}`.handle());
console.log(`  ${"= statement histogram".padEnd(34)} ${(withMetrics - base).toFixed(0).padStart(7)} ns/query`);
await perCall("span helper, tracing off", () => endSpan(startChildSpan("x")));

// Tracing on, exporting to a sink that throws the spans away.
const sink = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: async (r) => (await r.arrayBuffer(), Response.json({})) });
const tracing = await startTracing(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${sink.port}` }));
const outside = await perCall("query, tracing on, no span", () => instrumented`SELECT * FROM app.payment_intents WHERE id = ${"pi_1"}`.handle());
console.log(`  ${"= tracing on, outside a span".padEnd(34)} ${(outside - withMetrics).toFixed(0).padStart(7)} ns/query`);
const parent = startSpan("bench parent");
const inside = await perCall("query, tracing on, in a span", () => withSpan(parent, () => instrumented`SELECT * FROM app.payment_intents WHERE id = ${"pi_1"}`.handle()), N / 4);
const ctxOnly = await perCall("context switch only", () => withSpan(parent, () => undefined), N / 4);
console.log(`  ${"= statement span".padEnd(34)} ${(inside - withMetrics - ctxOnly).toFixed(0).padStart(7)} ns/query`);
endSpan(parent);
const req = new Request("http://localhost/v1/payment-intents/pi_1", { headers: { traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01" } });
const answer = () => Promise.resolve(new Response("{}"));
const bare = await perCall("handler alone", () => answer(), N / 4);
const spanned = await perCall("handler in a request span", () => tracedRequest(req, answer), N / 4);
console.log(`  ${"= request span (traceparent in/out)".padEnd(34)} ${(spanned - bare).toFixed(0).padStart(7)} ns/request`);
await tracing?.flush();
sink.stop(true);
process.exit(0);
