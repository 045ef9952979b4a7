/**
 * Over real HTTP, as a browser on a merchant's site would call:
 * - CORS on the routes that take no key (the QR image, paying by signature, the hosted page's data,
 *   the OpenAPI document): answers and errors readable from any origin, preflights answered;
 * - no CORS on anything that takes a secret key (nor the dashboard, nor the operator's endpoints);
 * - the API version on every /v1 answer, errors included, and in /swagger;
 * - the same from a page of another origin in Chromium: what the browser itself lets a page read.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { API_VERSION } from "../src/domain/api-version.ts";
import { startTestService, type TestService } from "./support/service.ts";
import { createOk } from "./support/intents.ts";
import { launchLocalBrowser, SKIP_BROWSER } from "./support/browser.ts";

const ORIGIN = "https://shop.example";
const PAYER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

let svc: TestService;
let intent: Record<string, unknown>;
beforeAll(async () => {
  svc = await startTestService();
  intent = await createOk(svc, { amount: 12.5 });
});
afterAll(async () => {
  await svc?.stop();
});

const fromPage = (path: string, init: RequestInit & { key?: string | null; json?: unknown } = {}) =>
  svc.api(path, { key: null, ...init, headers: { origin: ORIGIN, ...(init.headers as Record<string, string> | undefined) } });

const preflight = (path: string, method: string, requestHeaders?: string) =>
  fromPage(path, { method: "OPTIONS", headers: { "access-control-request-method": method, ...(requestHeaders ? { "access-control-request-headers": requestHeaders } : {}) } });

describe("CORS on the public routes", () => {
  const routes = () => [
    { path: `/v1/qr/${intent.id}.png`, method: "GET" },
    { path: `/v1/payment-intents/${intent.id}/authorization`, method: "GET" },
    { path: `/v1/payment-intents/${intent.id}/authorization`, method: "POST" },
    { path: `/pay/${intent.id}/status`, method: "GET" },
    { path: `/pay/${intent.id}/events`, method: "GET" },
    { path: "/swagger/json", method: "GET" },
  ];

  test("a preflight of each is answered 204 with its methods, Content-Type allowed, no key needed", async () => {
    for (const { path, method } of routes()) {
      const res = await preflight(path, method, "content-type");
      expect({ path, status: res.status }).toEqual({ path, status: 204 });
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("access-control-allow-methods")!.split(/,\s*/)).toContain(method);
      expect(res.headers.get("access-control-allow-headers")!.toLowerCase()).toContain("content-type");
      expect(Number(res.headers.get("access-control-max-age"))).toBeGreaterThan(0);
      // Never credentials: nothing of these routes depends on a cookie or a key.
      expect(res.headers.get("access-control-allow-credentials")).toBeNull();
      expect(await res.text()).toBe("");
    }
  });

  test("their answers are readable from another origin, with the request id and the version exposed", async () => {
    const qr = await fromPage(`/v1/qr/${intent.id}.png`);
    expect(qr.status).toBe(200);
    expect(qr.headers.get("access-control-allow-origin")).toBe("*");
    const exposed = qr.headers.get("access-control-expose-headers")!.toLowerCase().split(/,\s*/);
    for (const h of ["request-id", "retry-after", "etag", "api-version"]) expect(exposed).toContain(h);

    const typed = await fromPage(`/v1/payment-intents/${intent.id}/authorization?payer=${PAYER}`);
    expect(typed.status).toBe(200);
    expect(typed.headers.get("access-control-allow-origin")).toBe("*");
    expect(((await typed.json()) as { object: string }).object).toBe("transfer_authorization");

    const status = await fromPage(`/pay/${intent.id}/status`);
    expect(status.status).toBe(200);
    expect(status.headers.get("access-control-allow-origin")).toBe("*");

    const events = await fromPage(`/pay/${intent.id}/events`);
    expect(events.status).toBe(200);
    expect(events.headers.get("content-type")).toStartWith("text/event-stream");
    expect(events.headers.get("access-control-allow-origin")).toBe("*");
    await events.body?.cancel();

    const doc = await fromPage("/swagger/json");
    expect(doc.status).toBe(200);
    expect(doc.headers.get("access-control-allow-origin")).toBe("*");
  });

  test("their errors are readable too (a page must see why it was refused)", async () => {
    const missing = await fromPage("/v1/qr/pi_unknown.png");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("access-control-allow-origin")).toBe("*");
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("resource_missing");

    const noPayer = await fromPage(`/v1/payment-intents/${intent.id}/authorization`);
    expect(noPayer.status).toBe(400);
    expect(noPayer.headers.get("access-control-allow-origin")).toBe("*");

    const badSignature = await fromPage(`/v1/payment-intents/${intent.id}/authorization`, { method: "POST", json: { payer: PAYER } });
    expect(badSignature.status).toBe(400);
    expect(badSignature.headers.get("access-control-allow-origin")).toBe("*");
    expect(((await badSignature.json()) as { error: { code: string } }).error.code).toBe("parameter_missing");

    const notJson = await fromPage(`/v1/payment-intents/${intent.id}/authorization`, { method: "POST", body: "x", headers: { "content-type": "text/plain" } });
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(notJson.status).toBeLessThan(500);
    expect(notJson.headers.get("access-control-allow-origin")).toBe("*");
  });

  test("the hosted page itself and its assets are not shared (a page, not data)", async () => {
    const page = await fromPage(`/pay/${intent.id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("access-control-allow-origin")).toBeNull();
    expect((await preflight(`/pay/${intent.id}`, "GET")).headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("no CORS on anything that takes a secret key", () => {
  test("keyed routes: neither their answers nor a preflight allow another origin", async () => {
    const keyed = [
      { path: "/v1/payment-intents", method: "POST" },
      { path: "/v1/payment-intents", method: "GET" },
      { path: `/v1/payment-intents/${intent.id}`, method: "GET" },
      { path: `/v1/payment-intents/${intent.id}/cancel`, method: "POST" },
      { path: `/v1/merchants/${svc.sandbox.merchant_id}`, method: "GET" },
      { path: "/v1/refunds", method: "GET" },
      { path: "/v1/events", method: "GET" },
      { path: "/v1/webhook_endpoints", method: "GET" },
      { path: `/v1/test_helpers/payment_intents/${intent.id}/pay`, method: "POST" },
    ];
    for (const { path, method } of keyed) {
      const pre = await preflight(path, method, "authorization, content-type");
      expect({ path, allow: pre.headers.get("access-control-allow-origin") }).toEqual({ path, allow: null });
      expect(pre.headers.get("access-control-allow-methods")).toBeNull();
      expect(pre.status).toBeGreaterThanOrEqual(400);
      expect(pre.status).toBeLessThan(500);
    }
    // Even a call that carries its key (a server's, or a page that should not hold one) gets no CORS header.
    const get = await fromPage(`/v1/payment-intents/${intent.id}`, { key: svc.sandbox.test_key_scoped });
    expect(get.status).toBe(200);
    expect(get.headers.get("access-control-allow-origin")).toBeNull();
    const unauthenticated = await fromPage(`/v1/payment-intents/${intent.id}`);
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get("access-control-allow-origin")).toBeNull();
  });

  test("the dashboard, the docs page and the operator's endpoints: none", async () => {
    for (const path of ["/dashboard/login", "/swagger", "/health", "/ready", "/metrics"]) {
      const res = await fromPage(path);
      expect({ path, allow: res.headers.get("access-control-allow-origin") }).toEqual({ path, allow: null });
      await res.body?.cancel();
    }
  });
});

describe("the API version", () => {
  test("on every /v1 answer: success, error, unknown route, public route; and in /swagger", async () => {
    const answers = [
      await svc.api(`/v1/payment-intents/${intent.id}`),
      await svc.api(`/v1/payment-intents/${intent.id}`, { key: null }),
      await svc.api("/v1/payment-intents/pi_unknown"),
      await svc.api("/v1/no-such-route"),
      await svc.api("/v1/payment-intents", { method: "POST", json: { amount: 0 } }),
      await svc.api(`/v1/qr/${intent.id}.png`, { key: null }),
      await preflight(`/v1/payment-intents/${intent.id}/authorization`, "POST"),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 401, 404, 404, 400, 200, 204]);
    for (const res of answers) expect(res.headers.get("api-version")).toBe(API_VERSION);
    const doc = (await (await svc.api("/swagger/json", { key: null })).json()) as { info: { version: string; description: string } };
    expect(doc.info.version).toBe(API_VERSION);
    expect(doc.info.description).toContain("API-Version");
  });
});

if (SKIP_BROWSER) console.warn("cors-version.test.ts: CI_NO_BROWSER=1, the browser check is NOT run");

describe.skipIf(SKIP_BROWSER)("from a merchant's page on another origin, in Chromium", () => {
  test("the public routes answer it (a preflighted POST included); a keyed route never does", async () => {
    const api = svc.apiUrl.replace("localhost", "127.0.0.1");
    const shop = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("<!doctype html><title>shop</title>", { headers: { "content-type": "text/html" } }) });
    const browser = await launchLocalBrowser();
    try {
      const page = await browser.context.newPage();
      await page.goto(`http://127.0.0.1:${shop.port}/`);
      const seen = await page.evaluate(
        async ({ api, id, payer, key }) => {
          const attempt = async (url: string, init?: RequestInit) => {
            try {
              const res = await fetch(url, init);
              const type = res.headers.get("content-type") ?? "";
              return { status: res.status, version: res.headers.get("api-version"), requestId: res.headers.get("request-id"), code: type.includes("json") ? ((await res.json()) as { error?: { code?: string } }).error?.code ?? null : null };
            } catch {
              return "refused by the browser";
            }
          };
          return {
            qr: await attempt(`${api}/v1/qr/${id}.png`),
            typedData: await attempt(`${api}/v1/payment-intents/${id}/authorization?payer=${payer}`),
            submission: await attempt(`${api}/v1/payment-intents/${id}/authorization`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ payer }) }),
            status: await attempt(`${api}/pay/${id}/status`),
            keyed: await attempt(`${api}/v1/payment-intents/${id}`, { headers: { authorization: `Bearer ${key}` } }),
            keyedSimple: await attempt(`${api}/v1/payment-intents/${id}`),
          };
        },
        { api, id: String(intent.id), payer: PAYER, key: svc.sandbox.test_key_scoped },
      );
      expect(seen).toEqual({
        qr: { status: 200, version: API_VERSION, requestId: expect.stringMatching(/^req_/), code: null },
        typedData: { status: 200, version: API_VERSION, requestId: expect.stringMatching(/^req_/), code: null },
        submission: { status: 400, version: API_VERSION, requestId: expect.stringMatching(/^req_/), code: "parameter_missing" },
        status: { status: 200, version: null, requestId: expect.stringMatching(/^req_/), code: null },
        keyed: "refused by the browser",
        keyedSimple: "refused by the browser",
      });
    } finally {
      await browser.close();
      shop.stop(true);
    }
  }, 90_000);
});
