/**
 * Payment links in real Chromium (two browsers, each its own profile) against the service as
 * `npm start` runs it, with the indexer and matcher on the sandbox anvil: one intent per browser,
 * the amount form of an open-amount link, the pages of links that take no payment, and a link's
 * intent paid with the wallet test double (support/browser.ts) confirming, counting a use, and
 * sending the customer to the link's redirect URL; the dashboard's link page, its QR code and its
 * NFC tag writer (Web NFC, with a test double of NDEFReader, and without it). Screenshots at 390x844 and 1280x800 in
 * test/artifacts/payment-link-*.png.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import type { Hex } from "viem";
import { payStatusHubFor } from "../src/modules/pay/stream.ts";
import { freePort } from "../src/sandbox/ports.ts";
import { ARTIFACTS, SKIP_BROWSER, injectWallet, launchLocalBrowser, signInDashboard, submit, type LocalBrowser } from "./support/browser.ts";
import { waitFor } from "./support/payments.ts";
import { startTestService, type TestService } from "./support/service.ts";

if (SKIP_BROWSER) console.warn("payment-links-browser.test.ts: CI_NO_BROWSER=1, the payment link browser checks are NOT run");

let svc: TestService;
let one: LocalBrowser;
let two: LocalBrowser;
let shop: ReturnType<typeof Bun.serve>;
const pageErrors: string[] = [];

interface Doc {
  document: { getElementById(id: string): { textContent: string | null } | null; documentElement: { scrollWidth: number } };
  innerWidth: number;
}

async function link(body: Record<string, unknown>): Promise<{ id: string; url: string }> {
  const res = await svc.api("/v1/payment_links", { method: "POST", json: body });
  const out = (await res.json()) as { id: string; url: string };
  if (res.status !== 201) throw new Error(`link create: ${res.status} ${JSON.stringify(out)}`);
  return out;
}

async function newPage(b: LocalBrowser): Promise<Page> {
  const page = await b.context.newPage();
  page.on("pageerror", (e) => pageErrors.push(e.message));
  return page;
}

/** Both sizes; at each, nothing is wider than the viewport. */
async function shoot(page: Page, name: string) {
  for (const [w, h] of [[390, 844], [1280, 800]] as const) {
    await page.setViewportSize({ width: w, height: h });
    expect(await page.evaluate(() => (globalThis as unknown as Doc).document.documentElement.scrollWidth <= (globalThis as unknown as Doc).innerWidth)).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, `payment-link-${name}-${w}x${h}.png`), fullPage: true });
  }
}

const intentOf = (url: string) => /\/pay\/(pi_\w+)$/.exec(url)?.[1];

describe.skipIf(SKIP_BROWSER)("payment links in Chromium", () => {
  beforeAll(async () => {
    svc = await startTestService({ roles: ["api", "indexer", "matcher"] });
    [one, two] = await Promise.all([launchLocalBrowser(), launchLocalBrowser()]);
    // The merchant's own site, where a paid customer is sent (local: the browsers reach nothing else).
    shop = Bun.serve({ hostname: "127.0.0.1", port: await freePort(), fetch: () => new Response("<!doctype html><title>Thanks</title><h1 id=thanks>Thank you for your order</h1>", { headers: { "content-type": "text/html" } }) });
  }, 180_000);
  afterAll(async () => {
    shop?.stop(true);
    await one?.close();
    await two?.close();
    await svc?.stop();
  });

  test("a fixed-amount link opened twice in one browser gives one intent, in two browsers two", async () => {
    const l = await link({ amount: 18.75 });
    const a = await newPage(one);
    await a.goto(`${svc.apiUrl}/pay/links/${l.id}`, { waitUntil: "load" });
    const first = intentOf(a.url());
    expect(first).toBeDefined();
    expect(await a.locator("#amount-usd").innerText()).toContain("$18.75");
    await shoot(a, "fixed-hosted-page");
    await a.goto(`${svc.apiUrl}/pay/links/${l.id}`, { waitUntil: "load" });
    expect(intentOf(a.url())).toBe(first);
    // A second tab of the same browser too.
    const a2 = await newPage(one);
    await a2.goto(`${svc.apiUrl}/pay/links/${l.id}`, { waitUntil: "load" });
    expect(intentOf(a2.url())).toBe(first);
    const b = await newPage(two);
    await b.goto(`${svc.apiUrl}/pay/links/${l.id}`, { waitUntil: "load" });
    const second = intentOf(b.url());
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const listed = (await (await svc.api(`/v1/payment-intents?payment_link=${l.id}`)).json()) as { data: { id: string }[] };
    expect(listed.data.map((i) => i.id).sort()).toEqual([first!, second!].sort());
    for (const p of [a, a2, b]) await p.close();
  }, 60_000);

  test("an open-amount link asks the amount and refuses one outside its bounds", async () => {
    const l = await link({ amount_options: { minimum: 5, maximum: 200, preset: 25 } });
    const page = await newPage(one);
    await page.goto(`${svc.apiUrl}/pay/links/${l.id}`, { waitUntil: "load" });
    expect(await page.locator("#amount").inputValue()).toBe("25.00");
    await shoot(page, "amount-form");
    await page.locator("#amount").fill("250");
    await Promise.all([page.waitForURL(/amount=250/), page.getByRole("button", { name: "Continue to payment" }).click()]);
    expect(await page.getByRole("alert").innerText()).toBe("The amount must be between $5.00 and $200.00.");
    expect(await page.locator("#amount").getAttribute("aria-invalid")).toBe("true");
    await shoot(page, "amount-refused");
    const none = (await (await svc.api(`/v1/payment-intents?payment_link=${l.id}`)).json()) as { total_count: number };
    expect(none.total_count).toBe(0);
    await page.locator("#amount").fill("42.5");
    await Promise.all([page.waitForURL(/\/pay\/pi_/), page.getByRole("button", { name: "Continue to payment" }).click()]);
    expect(await page.locator("#amount-usd").innerText()).toContain("$42.50");
    await page.close();
  }, 60_000);

  test("paying a link's intent with the wallet confirms it, counts a use and sends the customer on; the link's last use is refused to another browser before and after", async () => {
    const thanks = `http://127.0.0.1:${shop.port}/thanks?order=1042`;
    const l = await link({ amount: 7.25, max_uses: 1, after_completion: { redirect_url: thanks } });
    const chain = svc.ctx.chains.test!;
    const page = await newPage(one);
    await injectWallet(page, { privateKey: svc.sandbox.payer_private_key as Hex, chain, start: chain.chain.id, knows: [chain.chain.id] });
    await page.goto(`${svc.apiUrl}/pay/links/${l.id}`, { waitUntil: "load" });
    const intentId = intentOf(page.url())!;
    expect(intentId).toBeDefined();
    // Another customer while this one holds the last use: told before paying, no amount shown.
    const other = await newPage(two);
    const busy = await other.goto(`${svc.apiUrl}/pay/links/${l.id}`, { waitUntil: "load" });
    expect(busy?.status()).toBe(409);
    expect(await other.locator("#unavailable-title").innerText()).toBe("Someone else is paying the last use of this link");
    expect(await other.locator("body").innerText()).not.toContain("7.25");
    await shoot(other, "busy");
    await waitFor("the page's status stream", async () => payStatusHubFor(svc.ctx).watching(intentId) > 0, 10_000);
    await page.getByRole("button", { name: "Pay with browser wallet" }).click();
    await page.waitForFunction(() => (globalThis as unknown as Doc).document.getElementById("status-title")?.textContent === "Payment confirmed", null, { timeout: 30_000, polling: 50 });
    expect(await page.locator("#continue").isVisible()).toBe(true);
    // Paid: nothing above the confirmation still asks to send the amount.
    expect(await page.locator("#send-line").isHidden()).toBe(true);
    expect(await page.locator("body").innerText()).not.toContain("please send this exact amount");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(ARTIFACTS, "payment-link-paid-390x844.png"), fullPage: true });
    await page.waitForURL(thanks, { timeout: 10_000 });
    expect(await page.locator("#thanks").innerText()).toBe("Thank you for your order");
    const intent = (await (await svc.api(`/v1/payment-intents/${intentId}`)).json()) as { status: string; metadata: Record<string, string> };
    expect(intent).toMatchObject({ status: "confirmed", metadata: { payment_link: l.id } });
    const after = (await (await svc.api(`/v1/payment_links/${l.id}`)).json()) as { uses: number; max_uses: number };
    expect(after).toMatchObject({ uses: 1, max_uses: 1 });
    // The merchant is told once that the link is used up (by the matcher that confirmed its last use).
    const usedUp = async () => svc.ctx.database.sql<{ data: unknown }[]>`SELECT data FROM app.events WHERE type = 'payment_link.used_up' AND data->>'id' = ${l.id}`;
    await waitFor("payment_link.used_up", async () => (await usedUp()).length > 0, 10_000);
    // Used up: the other browser, and the payer's own, see the used-up page.
    for (const p of [other, page]) {
      const res = await p.goto(`${svc.apiUrl}/pay/links/${l.id}`, { waitUntil: "load" });
      expect(res?.status()).toBe(410);
      expect(await p.locator("#unavailable-title").innerText()).toBe("This payment link has been used up");
    }
    const events = await usedUp();
    expect(events.length).toBe(1);
    const data = (typeof events[0]!.data === "string" ? JSON.parse(events[0]!.data) : events[0]!.data) as { uses: number; object: string };
    expect(data).toMatchObject({ object: "payment_link", uses: 1 });
    const [m] = await svc.ctx.database.sql<{ business_name: string }[]>`SELECT business_name FROM app.merchants WHERE id = ${svc.sandbox.merchant_id}`;
    expect(await other.locator("#merchant").innerText()).toBe(m!.business_name);
    await shoot(other, "used-up");
    await page.close();
    await other.close();
  }, 90_000);

  test("an expired and an inactive link each show their page with the merchant's name and no amount", async () => {
    const expiring = await link({ amount: 63.5, expires_at: new Date(Date.now() + 1500).toISOString() });
    const inactive = await link({ amount: 63.5 });
    await svc.api(`/v1/payment_links/${inactive.id}`, { method: "POST", json: { active: false } });
    await Bun.sleep(1600);
    const page = await newPage(two);
    for (const [l, title, name] of [
      [expiring, "This payment link has expired", "expired"],
      [inactive, "This payment link is no longer active", "inactive"],
    ] as const) {
      const res = await page.goto(`${svc.apiUrl}/pay/links/${l.id}`, { waitUntil: "load" });
      expect(res?.status()).toBe(410);
      expect(await page.locator("#unavailable-title").innerText()).toBe(title);
      expect((await page.locator("#merchant").innerText()).length).toBeGreaterThan(0);
      const text = await page.locator("body").innerText();
      expect(text).not.toContain("63.5");
      expect(text).not.toContain("$");
      await shoot(page, name);
    }
    await page.close();
    expect(pageErrors).toEqual([]);
  }, 60_000);
  test("the dashboard's link page: QR code, the NFC writer writes the link's URL, its absence is explained, turning the link off", async () => {
    const l = await link({ amount: 4.5, max_uses: 10 });
    const page = await newPage(one);
    // Web NFC's writer as Chrome on Android has it: each write is recorded for the test.
    await page.addInitScript(`window.__nfcWrites = [];
      window.NDEFReader = class { write(message) { window.__nfcWrites.push(JSON.parse(JSON.stringify(message))); return new Promise((r) => setTimeout(r, 50)); } };`);
    await signInDashboard(page, svc);
    await page.goto(`${svc.apiUrl}/dashboard/links?mode=test`, { waitUntil: "load" });
    await page.getByRole("link", { name: "$4.50" }).click();
    await page.waitForURL(/\/dashboard\/links\/plink_/);
    expect(await page.locator("#link-url").innerText()).toBe(l.url);
    const qr = await page.request.get(`${svc.apiUrl}/dashboard/links/${l.id}/qr.png?mode=test`);
    expect(qr.headers()["content-type"]).toBe("image/png");
    expect(await page.locator("img.link-qr").evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(400);
    await page.getByRole("button", { name: "Write to an NFC tag" }).click();
    await page.waitForFunction(() => /^Written/.test((globalThis as unknown as Doc).document.getElementById("nfc-status")?.textContent ?? ""), null, { timeout: 5_000 });
    expect(await page.evaluate(() => (globalThis as unknown as { __nfcWrites: unknown[] }).__nfcWrites)).toEqual([{ records: [{ recordType: "url", data: l.url }] }]);
    await shoot(page, "dashboard-nfc-written");
    // Without Web NFC (an iPhone, a desktop): no button, and the QR code is offered instead.
    const plain = await newPage(one);
    await plain.goto(`${svc.apiUrl}/dashboard/links/${l.id}?mode=test`, { waitUntil: "load" });
    expect(await plain.getByRole("button", { name: "Write to an NFC tag" }).isHidden()).toBe(true);
    expect(await plain.locator("#nfc-status").innerText()).toContain("The QR code above does the same");
    await shoot(plain, "dashboard-no-nfc");
    // Turned off from the dashboard: the public page says so.
    await submit(plain, plain.getByRole("button", { name: "Turn off" }));
    expect(await plain.locator("h1 .status").innerText()).toBe("inactive");
    const customer = await newPage(two);
    expect((await customer.goto(l.url.replace(svc.ctx.config.publicBaseUrl, svc.apiUrl)))?.status()).toBe(410);
    for (const p of [page, plain, customer]) await p.close();
  }, 60_000);
});
