/** Per-key token buckets (docs/contributors.md "Rate limits"): the limiter itself on a fake clock, then over HTTP. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { RateLimiter } from "../src/http/rate-limit.ts";
import { createApiKey } from "../src/modules/merchants/onboarding.ts";
import { startTestService, type TestService } from "./support/service.ts";
import { ARTIFACTS, launchLocalBrowser, SKIP_BROWSER } from "./support/browser.ts";
import { join } from "node:path";

describe("RateLimiter (fake clock)", () => {
  let now = 0;
  const limiter = () => new RateLimiter({ test: 25, live: 100 }, () => now);

  test("a full bucket holds twice the rate; then one request per 1/rate seconds", () => {
    now = 0;
    const l = limiter();
    for (let i = 0; i < 50; i++) {
      const d = l.take("key_a", "test");
      expect(d.allowed).toBe(true);
      expect(d.headers["ratelimit-limit"]).toBe("50");
      expect(d.headers["ratelimit-remaining"]).toBe(String(49 - i));
    }
    const denied = l.take("key_a", "test");
    expect(denied.allowed).toBe(false);
    expect(denied.headers["retry-after"]).toBe("1");
    expect(denied.headers["ratelimit-remaining"]).toBe("0");
    expect(denied.headers["ratelimit-reset"]).toBe("2");
    now += 40; // 1/25 s: one token back
    expect(l.take("key_a", "test").allowed).toBe(true);
    expect(l.take("key_a", "test").allowed).toBe(false);
    now += 10_000; // refills to the burst, never beyond
    const d = l.take("key_a", "test");
    expect(d.headers["ratelimit-remaining"]).toBe("49");
    expect(d.headers["ratelimit-reset"]).toBe("1");
    expect(d.headers["ratelimit-policy"]).toBe("50;w=2");
  });

  test("live keys: 100/s with a burst of 200; keys have separate buckets", () => {
    now = 0;
    const l = limiter();
    let allowed = 0;
    for (let i = 0; i < 250; i++) if (l.take("key_live", "live").allowed) allowed++;
    expect(allowed).toBe(200);
    expect(l.take("key_other", "live").allowed).toBe(true);
    expect(l.take("key_test", "test").headers["ratelimit-limit"]).toBe("50");
  });

  test("Retry-After is the wait for one request, at least 1 s", () => {
    now = 0;
    const slow = new RateLimiter({ test: 1, live: 1 }, () => now);
    slow.take("k", "test");
    slow.take("k", "test");
    const d = slow.take("k", "test");
    expect(d.allowed).toBe(false);
    expect(d.headers["retry-after"]).toBe("1");
    now += 999;
    expect(slow.take("k", "test").allowed).toBe(false);
    now += 2;
    expect(slow.take("k", "test").allowed).toBe(true);
  });
});

describe("over HTTP", () => {
  let svc: TestService;
  beforeAll(async () => {
    // 1 request/s, burst 2: a handful of requests within a second is over the limit.
    // Public pages and QR images: 1 request/s per client address, burst 2 (production's limit, made small).
    svc = await startTestService({ env: { RATE_LIMIT_TEST_PER_SECOND: "1", RATE_LIMIT_PUBLIC_PER_SECOND: "1" } });
  });
  afterAll(async () => {
    await svc?.stop();
  });

  const freshKey = async () => (await createApiKey(svc.ctx, { accountId: svc.sandbox.account_id, mode: "test", merchantId: svc.sandbox.merchant_id })).key;

  test("headers on successes and errors, 429 rate_limited with Retry-After over the limit", async () => {
    const key = await freshKey();
    const first = await svc.api(`/v1/merchants/${svc.sandbox.merchant_id}`, { key });
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-limit")).toBe("2");
    expect(first.headers.get("ratelimit-remaining")).toBe("1");
    expect(Number(first.headers.get("ratelimit-reset"))).toBeGreaterThanOrEqual(1);
    // An error answer (404) carries them too.
    const missing = await svc.api("/v1/merchants/mer_doesnotexist000000000000", { key });
    expect([404, 429]).toContain(missing.status);
    expect(missing.headers.get("ratelimit-limit")).toBe("2");
    expect(missing.headers.get("ratelimit-remaining")).toBe("0");
    const results = await Promise.all(Array.from({ length: 6 }, () => svc.api(`/v1/merchants/${svc.sandbox.merchant_id}`, { key })));
    const limited = results.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(4);
    const r = limited[0]!;
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(r.headers.get("ratelimit-remaining")).toBe("0");
    expect(r.headers.get("ratelimit-limit")).toBe("2");
    expect(r.headers.get("request-id")).toMatch(/^req_/);
    expect(await r.json()).toEqual({
      error: { type: "rate_limit_error", code: "rate_limited", message: expect.stringContaining("Too many requests") },
    });
  });

  test("public routes per client address: the hosted page answers a person an HTML page to reload, the QR image and the status the API's error", async () => {
    const created = await svc.api("/v1/payment-intents", { method: "POST", key: svc.sandbox.test_key_unscoped, json: { amount: 4.2, currency: "usd", merchant_id: svc.sandbox.merchant_id } });
    const id = ((await created.json()) as { id: string }).id;
    const pages = await Promise.all(Array.from({ length: 6 }, () => fetch(`${svc.apiUrl}/pay/${id}`)));
    expect(pages.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    const page = pages.find((r) => r.status === 429)!;
    expect(page).toBeDefined();
    expect(page.headers.get("content-type")).toStartWith("text/html");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(Number(page.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    const body = await page.text();
    expect(body).toContain("Please wait a moment");
    expect(body).toMatch(/Reload it in \d+ seconds?\./);
    for (const path of [`/v1/qr/${id}.png`, `/pay/${id}/status`]) {
      const r = await fetch(`${svc.apiUrl}${path}`);
      expect({ path, status: r.status }).toEqual({ path, status: 429 });
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    }
    // A keyed API call from the same address is not counted against it.
    expect((await svc.api(`/v1/payment-intents/${id}`, { key: svc.sandbox.test_key_unscoped })).status).toBe(200);
    // The page's static assets are not counted either (the address is still over its limit): the
    // stylesheet is served, and a name that is no asset, an inherited object name included, is a plain 404.
    const css = await fetch(`${svc.apiUrl}/pay/assets/pay.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toStartWith("text/css");
    for (const name of ["constructor", "__proto__", "toString", "nope.js"]) {
      const r = await fetch(`${svc.apiUrl}/pay/assets/${name}`);
      expect({ name, status: r.status }).toEqual({ name, status: 404 });
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe("resource_missing");
    }
  });

  test.skipIf(SKIP_BROWSER)("in a browser, the hosted page over the limit is the styled 'Please wait a moment' page: its stylesheet is not counted against the address", async () => {
    const created = await svc.api("/v1/payment-intents", { method: "POST", key: svc.sandbox.test_key_unscoped, json: { amount: 4.3, currency: "usd", merchant_id: svc.sandbox.merchant_id } });
    const id = ((await created.json()) as { id: string }).id;
    const browser = await launchLocalBrowser();
    try {
      const page = await browser.context.newPage();
      const assets: number[] = [];
      page.on("response", (r) => {
        if (r.url().includes("/pay/assets/")) assets.push(r.status());
      });
      // The burst spent from this address (1/s, burst 2), then the browser asks: over the limit.
      let status = 0;
      for (let attempt = 0; attempt < 5 && status !== 429; attempt++) {
        await Promise.all(Array.from({ length: 4 }, () => fetch(`${svc.apiUrl}/pay/${id}`).then((r) => r.arrayBuffer())));
        status = (await page.goto(`${svc.apiUrl}/pay/${id}`))!.status();
      }
      expect(status).toBe(429);
      await page.waitForLoadState("load");
      expect(await page.getByRole("heading", { name: "Please wait a moment" }).isVisible()).toBe(true);
      expect(assets.length).toBeGreaterThanOrEqual(1);
      expect(assets.every((s) => s === 200)).toBe(true);
      // Styled: the stylesheet applied (the body's font is the page's, not the browser's default serif).
      expect(await page.evaluate("document.styleSheets.length")).toBeGreaterThanOrEqual(1);
      expect(await page.evaluate("getComputedStyle(document.body).fontFamily")).not.toMatch(/^"?Times/);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: join(ARTIFACTS, "pay-page-429-390x844.png") });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: join(ARTIFACTS, "pay-page-429-1280x800.png") });
    } finally {
      await browser.close();
    }
  }, 60_000);

  test("each key has its own bucket", async () => {
    const a = await freshKey();
    const b = await freshKey();
    for (let i = 0; i < 4; i++) await svc.api(`/v1/merchants/${svc.sandbox.merchant_id}`, { key: a });
    expect((await svc.api(`/v1/merchants/${svc.sandbox.merchant_id}`, { key: a })).status).toBe(429);
    expect((await svc.api(`/v1/merchants/${svc.sandbox.merchant_id}`, { key: b })).status).toBe(200);
  });

  test("every authenticated route takes exactly one request from the bucket and sends the headers", async () => {
    const doc = (await (await svc.api("/swagger/json", { key: null })).json()) as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    let checked = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (Array.isArray(op.security) && op.security.length === 0) continue;
        const key = await freshKey();
        const url = path.replace(/\{[^}]+\}/g, "x_unknown");
        const res = await svc.api(url, { key, method: method.toUpperCase() });
        expect({ route: `${method} ${path}`, remaining: res.headers.get("ratelimit-remaining"), limit: res.headers.get("ratelimit-limit") }).toEqual({
          route: `${method} ${path}`,
          remaining: "1",
          limit: "2",
        });
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(8);
  });

  test("no rate-limit headers without a valid key (nothing to count against)", async () => {
    const res = await svc.api(`/v1/merchants/${svc.sandbox.merchant_id}`, { key: null });
    expect(res.status).toBe(401);
    expect(res.headers.get("ratelimit-limit")).toBeNull();
  });
});

describe("payment links' new visitors", () => {
  let svc: TestService;
  beforeAll(async () => {
    // Production's limit: 1 new visitor a second per client address (a burst of 2), 10 per link.
    svc = await startTestService({ env: { RATE_LIMIT_LINK_VISITS_PER_SECOND: "1" } });
  });
  afterAll(async () => {
    await svc?.stop();
  });

  test("scripted visits without the link's cookie are refused before they mint intents of its amount; a returning visitor is not", async () => {
    const res = await svc.api("/v1/payment_links", { method: "POST", key: svc.sandbox.test_key_unscoped, json: { amount: 7.77, merchant_id: svc.sandbox.merchant_id } });
    expect(res.status).toBe(201);
    const link = (await res.json()) as { id: string };
    const visits = await Promise.all(Array.from({ length: 8 }, () => fetch(`${svc.apiUrl}/pay/links/${link.id}`, { redirect: "manual" })));
    const minted = visits.filter((r) => r.status === 303);
    const refused = visits.filter((r) => r.status === 429);
    expect(minted.length).toBeLessThanOrEqual(2);
    expect(refused.length).toBeGreaterThanOrEqual(6);
    expect(refused[0]!.headers.get("content-type")).toStartWith("text/html");
    expect(Number(refused[0]!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await refused[0]!.text()).toContain("Please wait a moment");
    const [row] = await svc.ctx.database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.payment_intents WHERE metadata->>'payment_link' = ${link.id}`;
    expect(row!.n).toBe(minted.length);
    // The visitor who got an intent comes back (its cookie): sent to the same intent, never refused.
    const cookie = minted[0]!.headers.get("set-cookie")!.split(";")[0]!;
    for (let i = 0; i < 4; i++) {
      const again = await fetch(`${svc.apiUrl}/pay/links/${link.id}`, { redirect: "manual", headers: { cookie } });
      expect(again.status).toBe(303);
      expect(again.headers.get("location")).toBe(minted[0]!.headers.get("location"));
    }
  });
});
