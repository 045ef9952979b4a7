/**
 * An HTTP JSON-RPC proxy in front of a node, for tests of "that chain's RPC answers errors" (not a
 * frozen node, which only makes calls wait: a node that answers, wrongly). Passes requests through
 * until `fail()`; then answers every request (or only the methods named) with an error, alternating
 * an HTTP 500 and a JSON-RPC internal error (-32603) unless one kind is asked for, until `pass()`.
 */
export type FailureKind = "http" | "rpc" | "mixed";

export interface RpcProxy {
  url: string;
  /** Requests answered with an error so far. */
  readonly failed: number;
  fail(opts?: { kind?: FailureKind; methods?: string[] }): void;
  pass(): void;
  stop(): void;
}

export function startRpcProxy(targetUrl: string): RpcProxy {
  let failing: { kind: FailureKind; methods: Set<string> | undefined } | undefined;
  let failed = 0;
  let turn = 0;
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const body = await req.text();
      if (failing) {
        let parsed: { id?: unknown; method?: string } | undefined;
        try {
          parsed = JSON.parse(body) as { id?: unknown; method?: string };
        } catch {
          parsed = undefined;
        }
        if (!failing.methods || (parsed?.method !== undefined && failing.methods.has(parsed.method))) {
          failed++;
          const kind = failing.kind === "mixed" ? (turn++ % 2 === 0 ? "http" : "rpc") : failing.kind;
          if (kind === "http") return new Response("upstream unavailable (test proxy)", { status: 500 });
          return Response.json({ jsonrpc: "2.0", id: parsed?.id ?? null, error: { code: -32603, message: "internal error (test proxy)" } });
        }
      }
      const upstream = await fetch(targetUrl, { method: "POST", headers: { "content-type": "application/json" }, body });
      return new Response(await upstream.text(), { status: upstream.status, headers: { "content-type": "application/json" } });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    get failed() {
      return failed;
    },
    fail(opts = {}) {
      failing = { kind: opts.kind ?? "mixed", methods: opts.methods ? new Set(opts.methods) : undefined };
    },
    pass() {
      failing = undefined;
    },
    stop() {
      server.stop(true);
    },
  };
}
