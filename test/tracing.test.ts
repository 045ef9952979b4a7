/**
 * OpenTelemetry traces, turned on by the standard variables (OTEL_EXPORTER_OTLP_ENDPOINT) and read by
 * an OTLP/HTTP receiver in this process (JSON, as the service sends it):
 * - an API request continues the caller's W3C traceparent, answers with its own, and its database
 *   statements are its children;
 * - one payment is one trace: the matcher's span for the chain transfer (from its block's time), the
 *   statement that records it, and the webhook delivery of its event (whose request carries the
 *   traceparent), with the trace id on the event row and the attempt's record.
 * Tracing off costs nothing and sends no header: test/metrics.test.ts.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestService, type TestService } from "./support/service.ts";
import { createIntent, payer, waitFor } from "./support/payments.ts";

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  attributes: Record<string, unknown>;
  service: string;
}

const spans: ReceivedSpan[] = [];
let collector: ReturnType<typeof Bun.serve>;
let hooks: ReturnType<typeof Bun.serve>;
const deliveries: { traceparent: string | null; body: { type: string; data: { id?: string; payment_intent_id?: string } } }[] = [];
let svc: TestService;

/** An OTLP attribute list as a plain object. */
function attributes(list: { key: string; value: Record<string, unknown> }[] = []): Record<string, unknown> {
  return Object.fromEntries(list.map((a) => [a.key, Object.values(a.value)[0]]));
}

beforeAll(async () => {
  collector = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      if (new URL(req.url).pathname !== "/v1/traces") return new Response("not found", { status: 404 });
      expect(req.headers.get("content-type")).toContain("application/json");
      const body = (await req.json()) as { resourceSpans: { resource: { attributes: never }; scopeSpans: { spans: (Omit<ReceivedSpan, "attributes" | "service"> & { attributes: never })[] }[] }[] };
      for (const rs of body.resourceSpans) {
        const service = String(attributes(rs.resource.attributes)["service.name"]);
        for (const ss of rs.scopeSpans) for (const s of ss.spans) spans.push({ ...s, parentSpanId: s.parentSpanId || undefined, attributes: attributes(s.attributes), service });
      }
      return Response.json({});
    },
  });
  hooks = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      deliveries.push({ traceparent: req.headers.get("traceparent"), body: (await req.json()) as never });
      return new Response("ok");
    },
  });
  svc = await startTestService({
    roles: ["api", "indexer", "matcher", "dispatcher"],
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collector.port}`, OTEL_SERVICE_NAME: "stablepay-tracing-test" },
  });
}, 120_000);
afterAll(async () => {
  await svc?.stop();
  hooks?.stop(true);
  collector?.stop(true);
});

/** Waits until the receiver has a span matching `match` (spans are batched: up to a second or so). */
function span(what: string, match: (s: ReceivedSpan) => boolean): Promise<ReceivedSpan> {
  return waitFor(what, async () => spans.find(match), 15_000, 50);
}

test("a request continues the caller's traceparent, answers with its own, and its statements are its children", async () => {
  const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
  const callerSpan = "00f067aa0ba902b7";
  const res = await svc.api("/v1/payment-intents", {
    method: "POST",
    headers: { traceparent: `00-${traceId}-${callerSpan}-01` },
    json: { amount: 1.23, currency: "usd", merchant_id: svc.sandbox.merchant_id },
  });
  expect(res.status).toBe(201);
  const answered = res.headers.get("traceparent");
  expect(answered).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
  const serverSpanId = answered!.split("-")[2]!;

  const server = await span("the request's span", (s) => s.spanId === serverSpanId);
  expect(server).toMatchObject({ traceId, parentSpanId: callerSpan, name: "POST /v1/payment-intents", kind: 2, service: "stablepay-tracing-test" });
  expect(server.attributes).toMatchObject({ "http.request.method": "POST", "http.route": "/v1/payment-intents", "http.response.status_code": 201 });
  // Named by verb and first table, like the duration histogram's statements (a LISTEN a first request starts is one too).
  const statement = await span("a statement of the request", (s) => s.parentSpanId === serverSpanId && s.attributes["db.system.name"] === "postgresql" && /^(select|insert|update|with|delete) app\./.test(s.name));
  expect(statement.traceId).toBe(traceId);

  // A chain read inside a request is its child too (the balance checks the ledger against the chain).
  const balance = await svc.api(`/v1/merchants/${svc.sandbox.merchant_id}/balance`);
  expect(balance.status).toBe(200);
  const balanceSpanId = balance.headers.get("traceparent")!.split("-")[2]!;
  const rpcCall = await span("an RPC call of the balance", (s) => s.parentSpanId === balanceSpanId && s.attributes["rpc.system"] === "jsonrpc");
  expect(rpcCall.name).toMatch(/^rpc eth_\w+$/);
  expect(rpcCall.attributes["stablepay.chain_id"]).toBe(31337);
  expect(JSON.stringify(rpcCall)).not.toContain("http://"); // never the provider's URL (it may hold a key)

  // A request without one starts a trace of its own; a malformed one is ignored (W3C Trace Context).
  const own = await svc.api(`/v1/payment-intents/${((await res.json()) as { id: string }).id}`, { headers: { traceparent: "00-00000000000000000000000000000000-00f067aa0ba902b7-01" } });
  expect(own.status).toBe(200);
  expect(own.headers.get("traceparent")).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  expect(own.headers.get("traceparent")).not.toContain("0000000000000000");
}, 60_000);

test("one payment is one trace: the chain transfer, its recording, and the webhook delivery of its event", async () => {
  const endpoint = await svc.api("/v1/webhook_endpoints", {
    key: svc.sandbox.test_key_unscoped,
    method: "POST",
    json: { url: `http://127.0.0.1:${hooks.port}/hook`, enabled_events: ["payment_intent.confirmed"] },
  });
  expect(endpoint.status).toBe(201);
  const intent = await createIntent(svc, { amount: 4.56 });
  const paid = await payer(svc).pay(intent.paymentAddress, intent.expectedUnits);

  const delivery = await waitFor("the webhook", async () => deliveries.find((d) => d.body.type === "payment_intent.confirmed" && d.body.data.id === intent.id), 60_000);
  // The delivery's request carries the trace, for a receiver that continues it.
  expect(delivery.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  const traceId = delivery.traceparent!.split("-")[1]!;

  const transfer = await span("the transfer's span", (s) => s.name === "payment transfer" && s.attributes["stablepay.payment_intent_id"] === intent.id);
  expect(transfer.traceId).toBe(traceId);
  expect(transfer.parentSpanId).toBeUndefined(); // the payment's trace starts on chain
  expect(transfer.attributes).toMatchObject({ "stablepay.outcome": "confirmed", "stablepay.chain_id": 31337 });
  expect(transfer.attributes).toMatchObject({ "stablepay.tx_hash": paid.hash, "stablepay.log_index": paid.logIndex, "stablepay.block_number": Number(paid.blockNumber) });
  // It starts at the block's time (seconds), before the matcher saw it.
  const blockTime = Number(BigInt(transfer.startTimeUnixNano) / 1_000_000n);
  expect(blockTime % 1000).toBe(0);
  expect(blockTime).toBeLessThanOrEqual(Date.now());

  const recorded = await span("the statement that recorded it", (s) => s.parentSpanId === transfer.spanId && s.attributes["db.system.name"] === "postgresql");
  expect(recorded.traceId).toBe(traceId);
  const sent = await span("the webhook delivery's span", (s) => s.name === "webhook delivery" && s.traceId === traceId);
  expect(sent.parentSpanId).toBe(transfer.spanId);
  expect(sent.spanId).toBe(delivery.traceparent!.split("-")[2]!);
  expect(sent.attributes).toMatchObject({ "stablepay.event_type": "payment_intent.confirmed", "http.response.status_code": 200, "stablepay.attempt": 1 });

  // The trace is kept where an operator looks: the event row and the attempt's record.
  const sql = svc.ctx.database.sql;
  const [event] = await sql<{ id: string; traceparent: string }[]>`SELECT id, traceparent FROM app.events WHERE type = 'payment_intent.confirmed' AND data->>'id' = ${intent.id}`;
  expect(event?.traceparent).toBe(`00-${traceId}-${transfer.spanId}-01`);
  const attempt = await waitFor("the attempt's record", async () => (await sql<{ trace_id: string }[]>`SELECT trace_id FROM app.webhook_attempts WHERE event_id = ${event!.id}`)[0]);
  expect(attempt.trace_id).toBe(traceId);
}, 120_000);

test("a log line written inside a span names its trace; outside one, none", async () => {
  // A child process, so that what reaches stderr is exactly what the logger writes.
  const script = `
    import { loadConfig } from "./src/config.ts";
    import { startTracing } from "./src/tracing.ts";
    import { startSpan, withSpan, endSpan, traceparentOf } from "./src/lib/tracing.ts";
    import { createLogger } from "./src/logger.ts";
    await startTracing(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:${collector.port}", LOG_LEVEL: "info" }));
    const log = createLogger("info").child({ role: "dispatcher" });
    const span = startSpan("work");
    withSpan(span, () => log.info("inside", { traceparent: traceparentOf(span) }));
    endSpan(span);
    log.info("outside");`;
  const child = Bun.spawn([process.execPath, "-e", script], { cwd: `${import.meta.dir}/..`, stdout: "pipe", stderr: "pipe" });
  const [out, err] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
  expect(await child.exited).toBe(0);
  const [inside, outside] = (out + err).trim().split("\n").map((l) => JSON.parse(l) as Record<string, string>);
  const [, traceId, spanId] = inside!.traceparent!.split("-");
  expect(inside).toMatchObject({ msg: "inside", trace_id: traceId, span_id: spanId });
  expect(outside!.msg).toBe("outside");
  expect(outside).not.toHaveProperty("trace_id");
}, 30_000);
