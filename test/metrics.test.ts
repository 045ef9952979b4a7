/**
 * /metrics of a running service moves with its traffic: the HTTP histogram by route template and
 * status, RPC calls by method and chain, webhook attempts by outcome, block-to-confirmed latency,
 * database statements by name, the operator's gas balance, and the process and runtime metrics (a
 * worker-only process's own: test/drain.test.ts, OPS_PORT).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestService, type TestService } from "./support/service.ts";
import { createIntent, payer, waitFor } from "./support/payments.ts";

let svc: TestService;
let receiver: ReturnType<typeof Bun.serve>;
let received = 0;

beforeAll(async () => {
  svc = await startTestService({ roles: ["api", "indexer", "matcher", "dispatcher"] });
  receiver = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => (received++, new Response("ok")) });
}, 120_000);
afterAll(async () => {
  receiver?.stop(true);
  await svc?.stop();
});

/** The sum of a series' samples whose labels include `match` (e.g. `route="/v1/payment-intents"`). */
function sample(text: string, series: string, match = ""): number {
  return text
    .split("\n")
    .filter((l) => l.startsWith(series) && (l[series.length] === "{" || l[series.length] === " ") && l.includes(match))
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(" ") + 1)), 0);
}

test("each histogram moves with traffic; the process metrics are there", async () => {
  const scrape = async () => (await svc.api("/metrics", { key: null })).text();
  const before = await scrape();

  const endpoint = await svc.api("/v1/webhook_endpoints", { key: svc.sandbox.test_key_unscoped, method: "POST", json: { url: `http://127.0.0.1:${receiver.port}/hook`, enabled_events: ["payment_intent.confirmed"] } });
  expect(endpoint.status).toBe(201);
  // Tracing is off unless OTEL_* asks for it: no traceparent answered (test/tracing.test.ts has it on).
  expect(endpoint.headers.get("traceparent")).toBeNull();
  const intent = await createIntent(svc, { amount: 3.21 });
  await payer(svc).pay(intent.paymentAddress, intent.expectedUnits);
  await waitFor("confirmed", async () => ((await (await svc.api(`/v1/payment-intents/${intent.id}`)).json()) as { status: string }).status === "confirmed", 30_000);
  await waitFor("the webhook delivered", async () => received > 0, 30_000);
  // The balance reads the merchant account on chain (through the service's RPC transport).
  expect((await svc.api(`/v1/merchants/${svc.sandbox.merchant_id}/balance`)).status).toBe(200);
  const after = await scrape();

  const moved = (series: string, match = "") => sample(after, series, match) - sample(before, series, match);
  // Route templates, never ids.
  expect(moved("stablepay_http_request_duration_seconds_count", 'route="/v1/payment-intents",status="201"')).toBeGreaterThanOrEqual(1);
  expect(moved("stablepay_http_request_duration_seconds_count", 'route="/v1/payment-intents/:id",status="200"')).toBeGreaterThanOrEqual(1);
  expect(after).not.toContain(intent.id);
  expect(moved("stablepay_rpc_duration_seconds_count", 'outcome="ok"')).toBeGreaterThanOrEqual(1);
  expect(after).toMatch(/stablepay_rpc_duration_seconds_count\{method="eth_\w+",chain_id="31337",outcome="ok"\}/);
  expect(moved("stablepay_webhook_attempt_duration_seconds_count", 'outcome="2xx"')).toBeGreaterThanOrEqual(1);
  expect(moved("stablepay_block_to_confirmed_seconds_count")).toBeGreaterThanOrEqual(1);
  // Database statements by verb and first table (the GET reads the intent).
  expect(moved("stablepay_db_query_duration_seconds_count", 'statement="select app.payment_intents",outcome="ok"')).toBeGreaterThanOrEqual(1);
  // The operator's gas, read from each chain at scrape time (the sandbox funds it).
  expect(sample(after, "stablepay_operator_native_balance_wei", 'chain_id="31337"')).toBeGreaterThan(0);
  // The series kept from before, and the process and runtime metrics.
  for (const series of ["stablepay_matcher_transfers_total", "stablepay_process_cpu_user_seconds_total", "stablepay_process_resident_memory_bytes", "stablepay_nodejs_eventloop_lag_seconds", "stablepay_process_open_fds"]) expect(after).toContain(series);
}, 120_000);
