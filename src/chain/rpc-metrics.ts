/**
 * RPC call durations by method and chain (`stablepay_rpc_duration_seconds`), measured around each
 * HTTP request viem's transport makes: an operator sees which provider, which call, slows a payment.
 * With tracing on, a call made inside a span (a request, a matcher step) is a child span of it.
 */
import { processMetrics as metrics } from "../lib/metrics.ts";
import { endSpan, SpanKind, startChildSpan } from "../lib/tracing.ts";

const rpcDuration = metrics.histogram("stablepay_rpc_duration_seconds", "JSON-RPC requests to the chains' providers, by method, chain and outcome (ok, error: an HTTP or JSON-RPC error or no answer).", ["method", "chain_id", "outcome"]);

/** The `fetchFn` of a viem http transport that observes each request's duration. */
export function timedRpcFetch(chainId: number): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const method = methodOf(init?.body);
    const done = rpcDuration.startTimer({ method, chain_id: chainId });
    // Never the URL: a provider's key is in it.
    const span = startChildSpan(`rpc ${method}`, { kind: SpanKind.CLIENT, attributes: { "rpc.system": "jsonrpc", "rpc.method": method, "stablepay.chain_id": chainId } });
    try {
      const res = await fetch(input, init);
      done({ outcome: res.ok ? "ok" : "error" });
      endSpan(span, res.ok ? undefined : `HTTP ${res.status}`);
      return res;
    } catch (err) {
      done({ outcome: "error" });
      endSpan(span, err);
      throw err;
    }
  };
}

function methodOf(body: unknown): string {
  if (typeof body !== "string") return "unknown";
  // `"method":"eth_call"`, without parsing the whole body (a batch is named by its first call).
  const m = /"method"\s*:\s*"([A-Za-z0-9_]{1,64})"/.exec(body);
  return m?.[1] ?? "unknown";
}
