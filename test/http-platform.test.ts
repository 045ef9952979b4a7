/**
 * What every response shares: a unique Request-Id (also on 404s of unknown routes, parse errors,
 * 413, 415, 429 and 500), the error shape with no internals, and the health endpoints.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { t } from "elysia";
import { connect } from "net";
import { buildApp } from "../src/api/app.ts";
import { serveApi } from "../src/api/server.ts";
import { startTestService, type TestService } from "./support/service.ts";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.stop();
});

const requestIds = new Set<string>();

/** Every error answer: JSON error shape, a fresh Request-Id, no stack trace or file path anywhere. */
async function expectCleanError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const id = res.headers.get("request-id");
  expect(id).toMatch(/^req_[0-9a-f]{32}$/);
  expect(requestIds.has(id!)).toBe(false);
  requestIds.add(id!);
  expect(res.headers.get("content-type")).toContain("application/json");
  const text = await res.text();
  expect(text).not.toMatch(/\bat .*\(|\.ts:\d|\/work\/|node_modules|Error:/);
  const body = JSON.parse(text) as { error: { code: string; type: string; message: string } };
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe("string");
  return body;
}

describe("Request-Id and errors", () => {
  test("unknown routes and methods: 404 resource_missing", async () => {
    await expectCleanError(await svc.api("/nope", { key: null }), 404, "resource_missing");
    await expectCleanError(await svc.api("/v1/nope"), 404, "resource_missing");
    await expectCleanError(await svc.api("/v2/payment-intents"), 404, "resource_missing");
    await expectCleanError(await svc.api("/v1/transactions", { method: "DELETE" }), 404, "resource_missing");
    await expectCleanError(await svc.api("/v1/merchants", { method: "PATCH", json: {} }), 404, "resource_missing");
  });

  test("malformed JSON: 400 parameter_invalid", async () => {
    const res = await svc.api("/v1/payment-intents", { method: "POST", headers: { "content-type": "application/json" }, body: '{"amount": 12.5,' });
    await expectCleanError(res, 400, "parameter_invalid");
  });

  test("non-JSON body: 415 unsupported_content_type", async () => {
    const res = await svc.api("/v1/payment-intents", { method: "POST", headers: { "content-type": "text/plain" }, body: "amount=12.5" });
    await expectCleanError(res, 415, "unsupported_content_type");
  });

  test("bodies over 64 KiB: 413 body_too_large, whatever the route and size", async () => {
    const big = JSON.stringify({ amount: 1, currency: "usd", merchant_id: svc.sandbox.merchant_id, metadata: { a: "x".repeat(70 * 1024) } });
    await expectCleanError(await svc.api("/v1/payment-intents", { method: "POST", headers: { "content-type": "application/json" }, body: big }), 413, "body_too_large");
    // Far over Bun's old 1 MiB limit: still our answer, with a Request-Id.
    const huge = "x".repeat(3 * 1024 * 1024);
    await expectCleanError(await svc.api("/v1/payment-intents", { method: "POST", headers: { "content-type": "application/json" }, body: huge }), 413, "body_too_large");
    // A route that takes no body, and an unknown route: refused before routing.
    await expectCleanError(await svc.api(`/v1/transactions`, { method: "POST", headers: { "content-type": "application/json" }, body: big }), 413, "body_too_large");
    await expectCleanError(await svc.api("/nope", { method: "POST", headers: { "content-type": "application/json" }, body: big }), 413, "body_too_large");
    // Chunked (no Content-Length): the reader stops at the limit.
    const stream = new ReadableStream({
      start(c) {
        for (let i = 0; i < 20; i++) c.enqueue(new TextEncoder().encode("x".repeat(8 * 1024)));
        c.close();
      },
    });
    const chunked = await svc.api("/v1/payment-intents", { method: "POST", headers: { "content-type": "application/json" }, body: stream, duplex: "half" } as RequestInit);
    await expectCleanError(chunked, 413, "body_too_large");
  });

  test("a declared length far beyond the limit is refused before the body is sent", async () => {
    const url = new URL(svc.apiUrl);
    const raw = await new Promise<string>((resolve, reject) => {
      const s = connect(Number(url.port), url.hostname, () => {
        s.write(`POST /v1/payment-intents HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${svc.sandbox.test_key_scoped}\r\nContent-Type: application/json\r\nContent-Length: 500000000\r\n\r\n{"amount":`);
      });
      let data = "";
      s.on("data", (d) => {
        data += d.toString();
        if (data.includes("\r\n\r\n") && data.includes("}}")) s.destroy();
      });
      s.on("close", () => resolve(data));
      s.on("error", reject);
      setTimeout(() => s.destroy(), 5000);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 413/);
    expect(raw.toLowerCase()).toMatch(/request-id: req_[0-9a-f]{32}/);
    expect(raw).toContain('"code":"body_too_large"');
  });

  test("request ids are unique across many responses", async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, () => svc.api("/health", { key: null })));
    const ids = new Set(responses.map((r) => r.headers.get("request-id")));
    expect(ids.size).toBe(50);
  });

  test("public endpoints carry a Request-Id too", async () => {
    for (const path of ["/health", "/ready", "/swagger", "/swagger/json", "/v1/qr/pi_unknown000000000000000000.png"]) {
      const res = await svc.api(path, { key: null });
      expect({ path, id: res.headers.get("request-id") }).toEqual({ path, id: expect.stringMatching(/^req_/) });
    }
  });

  test("a handler that throws: 500 internal_error, no internals in the body", async () => {
    const quiet = { debug() {}, info() {}, warn() {}, error() {}, enabled: () => false, child: () => quiet };
    const app = buildApp({ ...svc.ctx, log: quiet })
      .get("/boom", () => {
        throw new Error("kaboom at /work/main/src/secret.ts:12");
      })
      .get("/bad-shape", () => ({ a: 1 }) as never, { response: { 200: t.Object({ b: t.String() }) } });
    await expectCleanError(await app.handle(new Request("http://localhost/boom")), 500, "internal_error");
    await expectCleanError(await app.handle(new Request("http://localhost/bad-shape")), 500, "internal_error");
  });

  test("if the app itself throws, the server still answers JSON 500 with a Request-Id", async () => {
    const log = { debug() {}, info() {}, warn() {}, error() {}, enabled: () => true, child: () => log };
    const server = serveApi(
      {
        fetch: () => {
          throw new Error("secret at /work/main/src/x.ts:1");
        },
      },
      { hostname: "127.0.0.1", port: 0, log },
    );
    try {
      await expectCleanError(await fetch(`http://127.0.0.1:${server.port}/anything`), 500, "internal_error");
    } finally {
      await server.stop(true);
    }
  });

  test("a handler that never answers gets 503 at its deadline; the others are answered meanwhile, and a late result is dropped", async () => {
    const warned: string[] = [];
    const log = { debug() {}, info() {}, warn: (m: string) => void warned.push(m), error() {}, enabled: () => true, child: () => log };
    let deadlines = 0;
    let release: (r: Response) => void = () => {};
    const late = new Promise<Response>((resolve) => (release = resolve));
    const server = serveApi(
      {
        fetch: (request) => {
          const path = new URL(request.url).pathname;
          if (path === "/hang") return late;
          if (path === "/fail") return Promise.reject(new Error("rejected"));
          return new Response("ok", { headers: { "request-id": "req_0" } });
        },
      },
      { hostname: "127.0.0.1", port: 0, log, onDeadline: () => deadlines++ },
    );
    try {
      // Answered requests ahead of the hanging one in the deadlines' queue: the sweep walks past them.
      for (let i = 0; i < 3; i++) expect(await (await fetch(`http://127.0.0.1:${server.port}/quick`)).text()).toBe("ok");
      const started = Date.now();
      const hanging = fetch(`http://127.0.0.1:${server.port}/hang`);
      // Answered at once while the other waits: each request has its own deadline.
      expect(await (await fetch(`http://127.0.0.1:${server.port}/quick`)).text()).toBe("ok");
      await expectCleanError(await fetch(`http://127.0.0.1:${server.port}/fail`), 500, "internal_error");
      const res = await hanging;
      const took = Date.now() - started;
      await expectCleanError(res, 503, "service_unavailable");
      expect(res.headers.get("retry-after")).not.toBeNull();
      expect(took).toBeGreaterThanOrEqual(4_900);
      expect(deadlines).toBe(1);
      expect(warned).toEqual(["request over its deadline: answered 503"]);
      release(new Response("too late"));
      await Bun.sleep(300);
      expect(deadlines).toBe(1);
      expect(await (await fetch(`http://127.0.0.1:${server.port}/quick`)).text()).toBe("ok");
    } finally {
      await server.stop(true);
    }
  });
});

describe("health", () => {
  test("/health and /ready answer without a key", async () => {
    const health = await svc.api("/health", { key: null });
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await svc.api("/ready", { key: null });
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as { status: string; checks: { database: string; chains: Array<Record<string, unknown>> } };
    expect(body).toMatchObject({ status: "ready", checks: { database: "ok" } });
    // Per chain: the RPC answers; no indexer runs in this file's service, so its state is not "ok".
    // Both sandbox chains, each with its own checks.
    expect(body.checks.chains.map((c) => c.chain_id)).toEqual(svc.ctx.networks.map((c) => c.chainId));
    expect(body.checks.chains).toHaveLength(2);
    expect(body.checks.chains[0]).toMatchObject({ chain_id: svc.ctx.chains.test!.chainId, rpc: "ok", head_block: expect.any(Number) });
    expect(body.checks.chains[0]!.indexer).not.toBe("ok");
  });

  // Last: it takes the database away from this file's service.
  test("database gone: /ready is 503, API calls are a clean 503 with Retry-After, /health still answers", async () => {
    await Promise.all([svc.ctx.database.sql.end({ timeout: 1 }), svc.ctx.database.db.$client.end({ timeout: 1 })]);
    const ready = await svc.api("/ready", { key: null });
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: "unavailable", checks: { database: "unreachable" } });
    // A key not in the auth cache needs the database.
    const res = await svc.api(`/v1/merchants/${svc.sandbox.merchant_id}`, { key: "sk_test_" + "Z".repeat(32) });
    expect(res.headers.get("retry-after")).not.toBeNull();
    await expectCleanError(res, 503, "service_unavailable");
    expect((await svc.api("/health", { key: null })).status).toBe(200);
  });
});
