/**
 * The dashboard in real headless Chromium (Debian's chromium through playwright-core): sign in with
 * the sandbox's demo admin through the form, see the balance, the volume chart and a payment paid
 * on the sandbox chain, open it (timeline with the transfer), switch to live data, sign out. No
 * request leaves 127.0.0.1, no script runs, no console error. Screenshots at 1280x800 and 390x844 go
 * to test/artifacts/.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { ARTIFACTS, launchLocalBrowser, LOCAL, SKIP_BROWSER as skip, submit, type LocalBrowser, signInDashboard } from "./support/browser.ts";
import { waitFor } from "./support/payments.ts";
import { startTestService, type TestService } from "./support/service.ts";
import { driveSettlement } from "../src/modules/settlements/service.ts";

if (skip) console.warn("dashboard-browser.test.ts: CI_NO_BROWSER=1, the dashboard browser checks are NOT run");

let svc: TestService;
let browser: LocalBrowser;
let context: BrowserContext;
let requests: string[];
const problems: string[] = [];

beforeAll(async () => {
  if (skip) return;
  svc = await startTestService({ roles: ["api", "indexer", "matcher", "dispatcher"] });
  browser = await launchLocalBrowser();
  ({ context, requests } = browser);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await svc?.stop();
});

const signIn = (page: Page) => signInDashboard(page, svc);

describe.skipIf(skip)("dashboard in headless chromium", () => {
  test("sign in, home with balance and chart, a paid payment's page, live switch, sign out; screenshots", async () => {
    // A payment of 12.34 paid on the sandbox chain, confirmed by the running matcher.
    const created = (await (await svc.api("/v1/payment-intents", { method: "POST", json: { amount: 12.34, currency: "usd", merchant_id: svc.sandbox.merchant_id, metadata: { order: "A-1001" } } })).json()) as { id: string };
    expect((await svc.api(`/v1/test_helpers/payment_intents/${created.id}/pay`, { method: "POST" })).status).toBe(200);
    await waitFor("intent confirmed", async () => ((await (await svc.api(`/v1/payment-intents/${created.id}`)).json()) as { status: string }).status === "confirmed", 30_000);
    await svc.api("/v1/payment-intents", { method: "POST", json: { amount: 5, currency: "usd", merchant_id: svc.sandbox.merchant_id } });

    const page = await context.newPage();
    page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
    page.on("pageerror", (e) => problems.push(e.message));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${svc.apiUrl}/dashboard`);
    expect(page.url()).toContain("/dashboard/sign-in");
    await page.screenshot({ path: join(ARTIFACTS, "dashboard-sign-in-1280x800.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(ARTIFACTS, "dashboard-sign-in-390x844.png") });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel("Email").fill(svc.sandbox.dashboard_email);
    await page.getByLabel("Password").fill(svc.sandbox.dashboard_password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/dashboard$/);

    await expect(page.getByRole("heading", { name: "Home" }).isVisible()).resolves.toBe(true);
    const balance = (await page.getByTestId("available").first().textContent()) ?? "";
    expect(balance).toMatch(/^\$[0-9,]+\.\d{2}/);
    expect(await page.locator("svg.chart rect").count()).toBe(30);
    expect(await page.getByRole("link", { name: "$12.34" }).count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(ARTIFACTS, "dashboard-home-1280x800.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(ARTIFACTS, "dashboard-home-390x844.png"), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole("link", { name: "$12.34" }).first().click();
    await page.waitForURL(/\/dashboard\/payments\/pi_/);
    const detail = (await page.locator("main").textContent()) ?? "";
    expect(detail).toContain("confirmed");
    expect(detail).toContain("Transfer seen and confirmed in block");
    expect(detail).toContain("A-1001");
    expect(detail).toContain("payment_intent.confirmed");
    await page.screenshot({ path: join(ARTIFACTS, "dashboard-payment-1280x800.png"), fullPage: true });
    // The same page on a phone: the refund form stays within the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(ARTIFACTS, "dashboard-payment-390x844.png"), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole("link", { name: "Payments", exact: true }).click();
    await page.waitForURL(/\/dashboard\/payments\?/);
    expect(await page.locator("tbody tr").count()).toBeGreaterThanOrEqual(2);
    // Filtered by pair: the select of the mode's enabled pairs, kept in the URL.
    await page.getByLabel("Chain and token").selectOption("base/USDC");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/pair=base%2FUSDC/);
    expect(await page.locator("tbody tr").count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator("tbody tr").first().textContent()).toContain("Base · USDC");
    await page.screenshot({ path: join(ARTIFACTS, "dashboard-payments-1280x800.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(ARTIFACTS, "dashboard-payments-390x844.png"), fullPage: true });
    // The merchant's page: its balance per pair.
    await page.goto(`${svc.apiUrl}/dashboard/merchants/${svc.sandbox.merchant_id}?mode=test`);
    expect((await page.locator(".pair-balance").first().textContent()) ?? "").toContain("Base · USDC");
    await page.screenshot({ path: join(ARTIFACTS, "dashboard-merchant-390x844.png"), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: join(ARTIFACTS, "dashboard-merchant-1280x800.png"), fullPage: true });
    await page.goto(`${svc.apiUrl}/dashboard/payments?mode=test`);
    await page.setViewportSize({ width: 390, height: 844 });

    await page.getByRole("link", { name: "Live data" }).click();
    expect((await page.locator("main").textContent()) ?? "").toContain("No merchants in live mode yet.");

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/dashboard\/sign-in$/);
    await page.goto(`${svc.apiUrl}/dashboard`);
    expect(page.url()).toContain("/dashboard/sign-in");

    expect(problems).toEqual([]);
    expect(requests.filter((u) => !LOCAL.test(u))).toEqual([]);
    await page.close();
  }, 120_000);

  test("transactions flag a payment that matched nothing; cash out with a confirmation step; the settlement's page", async () => {
    // 7.77 sent to an intent of 7.00: no open intent expects that value, so it is recorded unmatched.
    const intent = (await (await svc.api("/v1/payment-intents", { method: "POST", json: { amount: 7, currency: "usd", merchant_id: svc.sandbox.merchant_id } })).json()) as { id: string };
    expect((await svc.api(`/v1/test_helpers/payment_intents/${intent.id}/pay`, { method: "POST", json: { amount: 7.77 } })).status).toBe(200);
    await waitFor("unmatched transfer recorded", async () => {
      const list = (await (await svc.api(`/v1/transactions?merchant_id=${svc.sandbox.merchant_id}&limit=100`)).json()) as { data: Array<{ amount: number; payment_intent_id: string | null }> };
      return list.data.some((t) => t.amount === 7.77 && t.payment_intent_id === null);
    }, 30_000);
    // A payment on the second sandbox chain too: the settlement withdraws base/USDC and arbitrum/USDC.
    const onArbitrum = (await (await svc.api("/v1/payment-intents", { method: "POST", json: { amount: 6.5, currency: "usd", merchant_id: svc.sandbox.merchant_id, chain: "arbitrum" } })).json()) as { id: string };
    expect((await svc.api(`/v1/test_helpers/payment_intents/${onArbitrum.id}/pay`, { method: "POST" })).status).toBe(200);
    await waitFor("arbitrum intent confirmed", async () => ((await (await svc.api(`/v1/payment-intents/${onArbitrum.id}`)).json()) as { status: string }).status === "confirmed", 30_000);

    const page = await context.newPage();
    page.on("pageerror", (e) => problems.push(e.message));
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);

    await page.getByRole("link", { name: "Transactions", exact: true }).click();
    await page.waitForURL(/\/dashboard\/transactions/);
    const flagged = page.locator("tr.flagged", { hasText: "$7.77" });
    expect(await flagged.count()).toBe(1);
    expect((await flagged.textContent()) ?? "").toContain("No matching payment");
    await page.screenshot({ path: join(ARTIFACTS, "dashboard-transactions-1280x800.png"), fullPage: true });

    await page.getByRole("link", { name: "Settlements", exact: true }).click();
    await page.waitForURL(/\/dashboard\/settlements/);
    const available = (await page.locator("main .card .big").first().textContent()) ?? "";
    expect(available).toMatch(/^\$[1-9]/);
    await page.getByRole("link", { name: "Cash out now" }).click();
    await page.waitForURL(/\/dashboard\/settlements\/cash-out/);
    expect((await page.locator("main").textContent()) ?? "").toContain(available);
    await page.screenshot({ path: join(ARTIFACTS, "dashboard-cash-out-1280x800.png") });
    await page.getByRole("button", { name: /Confirm cash-out/ }).click();
    await page.waitForURL(/\/dashboard\/settlements\/stl_/);
    const detail = (await page.locator("main").textContent()) ?? "";
    expect(detail).toContain(available);
    expect(detail).toMatch(/pending|in transit|completed/);
    expect(detail).toContain("$7.77");
    // Its withdrawals, one per pair; the settler (here: one drive) withdraws them, each with its transaction.
    expect(await page.locator("table.withdrawals tbody tr td:first-child").allTextContents()).toEqual(["Base · USDC", "Arbitrum · USDC"]);
    const id = /\/settlements\/(stl_[A-Za-z0-9]+)/.exec(page.url())![1]!;
    if ((await page.locator("table.withdrawals tbody .status").allTextContents()).includes("pending")) await driveSettlement(svc.ctx, id, { waitMs: 30_000 });
    await page.reload();
    expect(await page.locator("table.withdrawals tbody .status").allTextContents()).toEqual(["withdrawn", "withdrawn"]);
    for (const hash of await page.locator("table.withdrawals tbody code").allTextContents()) expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await page.locator("table.withdrawals tfoot").textContent()) ?? "").toContain(`Total to the bank${available}`);
    await page.screenshot({ path: join(ARTIFACTS, "dashboard-settlement-1280x800.png"), fullPage: true });
    // On a phone: each withdrawal keeps its status, the hashes wrap, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
    for (const status of await page.locator("table.withdrawals tbody .status").all()) expect(await status.isVisible()).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, "dashboard-settlement-390x844.png"), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    // The balance was taken: a second cash-out has nothing to settle.
    await page.goto(`${svc.apiUrl}/dashboard/settlements?mode=test`);
    expect(await page.getByRole("link", { name: "Cash out now" }).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  test("developers: create a key (shown once) and see it listed; the team page; screenshots", async () => {
    const page = await context.newPage();
    page.on("pageerror", (e) => problems.push(e.message));
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);
    await page.getByRole("link", { name: "Developers", exact: true }).click();
    await page.waitForURL(/\/dashboard\/developers/);
    const before = await page.locator("tbody tr").count();
    await page.getByLabel(/New test key for/).selectOption({ label: "Demo Coffee Co. only" });
    await submit(page, page.getByRole("button", { name: "Create key" }));
    const secret = (await page.locator("code.secret").textContent()) ?? "";
    expect(secret).toMatch(/^sk_test_/);
    expect(await page.locator("tbody tr").count()).toBe(before + 1);
    await page.screenshot({ path: join(ARTIFACTS, "dashboard-developers-1280x800.png"), fullPage: true });
    expect((await svc.api(`/v1/merchants/${svc.sandbox.merchant_id}`, { key: secret })).status).toBe(200);
    await page.getByRole("link", { name: "Team", exact: true }).click();
    await page.waitForURL(/\/dashboard\/team/);
    expect((await page.locator("main").textContent()) ?? "").toContain(svc.sandbox.dashboard_email);
    await page.screenshot({ path: join(ARTIFACTS, "dashboard-team-1280x800.png"), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  test("sandbox helpers: pay an open payment from the page, see it confirmed with its webhook delivered; settle and see it completed", async () => {
    // A local receiver for the demo account's webhook endpoint.
    const received: string[] = [];
    const receiver = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: async (req) => (received.push(await req.text()), new Response("ok")) });
    try {
      const unscoped = { key: svc.sandbox.test_key_unscoped };
      const ep = await svc.api("/v1/webhook_endpoints", { ...unscoped, method: "POST", json: { url: `http://127.0.0.1:${receiver.port}/hook`, enabled_events: ["*"] } });
      expect(ep.status).toBe(201);
      const intent = (await (await svc.api("/v1/payment-intents", { method: "POST", json: { amount: 8.5, currency: "usd", merchant_id: svc.sandbox.merchant_id } })).json()) as { id: string };

      const page = await context.newPage();
      page.on("pageerror", (e) => problems.push(e.message));
      await page.setViewportSize({ width: 1280, height: 800 });
      await signIn(page);
      await page.goto(`${svc.apiUrl}/dashboard/payments/${intent.id}?mode=test`);
      await submit(page, page.getByRole("button", { name: "Pay it from the sandbox wallet" }));
      await waitFor("confirmed with its delivery on the page", async () => {
        await page.reload();
        const text = (await page.locator("main").textContent()) ?? "";
        return text.includes("payment_intent.confirmed") && /succeeded\s+http:\/\/127\.0\.0\.1/.test(text);
      }, 30_000, 300);
      expect(received.some((b) => b.includes(intent.id))).toBe(true);
      await page.screenshot({ path: join(ARTIFACTS, "dashboard-payment-delivered-1280x800.png"), fullPage: true });

      await page.goto(`${svc.apiUrl}/dashboard/settlements?mode=test`);
      await submit(page, page.getByRole("button", { name: /Sandbox: settle and advance/ }));
      await page.waitForURL(/\/dashboard\/settlements\?/);
      expect(await page.locator("tbody .status.completed").count()).toBeGreaterThan(0);
      await page.screenshot({ path: join(ARTIFACTS, "dashboard-settlements-1280x800.png"), fullPage: true });
      expect(problems).toEqual([]);
      await page.close();
    } finally {
      receiver.stop(true);
    }
  }, 120_000);
});
