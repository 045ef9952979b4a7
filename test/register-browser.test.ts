/**
 * The register in real Chromium against the service as `npm start` runs it (the indexer and matcher
 * on the sandbox anvil), at a phone's size (390x844) and a tablet's (1024x768): a cashier signs in
 * and lands on its register, calls a first sale off, types the amount on the keypad, the customer picks a tip, the QR code
 * and the live status show, the sandbox pays it on the chain, the paid screen and its sound follow,
 * and the receipt opens; the register's static link asks for the cashier when nothing is charged;
 * the cashier's refunds, withdrawals and keys are refused by URL. Screenshots in
 * test/artifacts/register-*.png.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { addDashboardUser } from "../src/modules/access/dashboard-users.ts";
import { ARTIFACTS, LOCAL, SKIP_BROWSER, launchLocalBrowser, type LocalBrowser } from "./support/browser.ts";
import { DashboardClient } from "./support/dashboard-client.ts";
import { startTestService, type TestService } from "./support/service.ts";

if (SKIP_BROWSER) console.warn("register-browser.test.ts: CI_NO_BROWSER=1, the register's browser checks are NOT run");

let svc: TestService;
let browser: LocalBrowser;
const pageErrors: string[] = [];
const PASSWORD = "correct horse battery staple";

interface Doc {
  document: { documentElement: { scrollWidth: number }; body: { dataset: Record<string, string | undefined> } };
  innerWidth: number;
}

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "tablet", width: 1024, height: 768 },
] as const;

async function shoot(page: Page, name: string, size: { width: number; height: number }) {
  // Nothing wider than the screen: the register is used standing, with one hand.
  expect(await page.evaluate(() => (globalThis as unknown as Doc).document.documentElement.scrollWidth <= (globalThis as unknown as Doc).innerWidth)).toBe(true);
  await page.screenshot({ path: join(ARTIFACTS, `register-${name}-${size.width}x${size.height}.png`), fullPage: false });
}

/** A cashier of the demo account at `terminalId`, its password set through the one-time link. */
async function cashier(terminalId: string): Promise<string> {
  const email = `cashier${Math.random().toString(36).slice(2)}@example.com`;
  const { setPasswordToken } = await addDashboardUser(svc.ctx.database.sql, { accountId: svc.sandbox.account_id, email, role: "cashier", terminalId }, new Date());
  const res = await new DashboardClient(svc.apiUrl).req("/dashboard/set-password", { form: { token: setPasswordToken, password: PASSWORD, confirm: PASSWORD } });
  if (res.status !== 303) throw new Error(`set-password answered ${res.status}`);
  return email;
}

describe.skipIf(SKIP_BROWSER)("the register in Chromium", () => {
  beforeAll(async () => {
    svc = await startTestService({ roles: ["api", "indexer", "matcher"] });
    browser = await launchLocalBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await svc?.stop();
  });

  for (const size of SIZES) {
    test(`${size.name} (${size.width}x${size.height}): keypad, tip, QR code, paid with a sound, receipt; the cashier is refused elsewhere`, async () => {
      const terminal = (await (await svc.api("/v1/terminals", { method: "POST", json: { name: `Counter (${size.name})`, tip_percentages: [10, 15, 20] } })).json()) as { id: string; url: string };
      const email = await cashier(terminal.id);
      // Each size is another cashier: the last one's session goes.
      await browser.context.clearCookies();
      const page = await browser.context.newPage();
      page.on("pageerror", (e) => pageErrors.push(e.message));
      await page.setViewportSize({ width: size.width, height: size.height });

      // The static link before any charge: ask the cashier.
      // The service's public URL names localhost; the browser reaches 127.0.0.1 only.
      const local = (url: string) => url.replace(svc.ctx.config.publicBaseUrl, svc.apiUrl);
      await page.goto(local(terminal.url), { waitUntil: "load" });
      expect(await page.locator("h1").innerText()).toBe("Ask the cashier");
      await shoot(page, "ask-cashier", size);

      // Signing in lands the cashier on its register.
      await page.goto(`${svc.apiUrl}/dashboard/sign-in`, { waitUntil: "load" });
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(new RegExp(`/dashboard/register/${terminal.id}`));
      await page.locator("#step-amount").waitFor({ state: "visible" });

      // A sale called off before it is paid: back to the keypad, and the static link asks for the cashier again.
      for (const k of ["5", "00"]) await page.locator(`.key[data-key="${k}"]`).click();
      await page.getByRole("button", { name: "Next: tip" }).click();
      await page.getByRole("button", { name: /^No tip/ }).click();
      await page.locator("#step-pay").waitFor({ state: "visible" });
      expect(await page.locator("#pay-total").innerText()).toBe("$5.00");
      await page.getByRole("button", { name: "Cancel sale" }).click();
      await page.locator("#step-amount").waitFor({ state: "visible" });
      expect(await page.locator("#display").innerText()).toBe("$0.00");
      expect(await (await fetch(terminal.url)).text()).toContain("Ask the cashier");

      // Keypad: 1 2 5 0 -> $12.50, a mistake deleted on the way.
      for (const k of ["1", "2", "9", "back", "5", "0"]) await page.locator(`.key[data-key="${k}"]`).click();
      expect(await page.locator("#display").innerText()).toBe("$12.50");
      // Each key is big enough for a thumb.
      const box = await page.locator('.key[data-key="5"]').boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(56);
      expect(box!.width).toBeGreaterThanOrEqual(88);
      await shoot(page, "keypad", size);

      // The tip step: amounts as the server computed them.
      await page.getByRole("button", { name: "Next: tip" }).click();
      await page.locator("#step-tip").waitFor({ state: "visible" });
      const tips = await page.locator(".tip").allInnerTexts();
      expect(tips.map((x) => x.replace(/\s+/g, " ").trim())).toEqual(["No tip Total $12.50", "10% +$1.25 · total $13.75", "15% +$1.88 · total $14.38", "20% +$2.50 · total $15.00"]);
      await shoot(page, "tip", size);

      // The customer's side: the total, the QR code large, waiting.
      await page.locator('.tip[data-percent="15"]').click();
      await page.locator("#step-pay").waitFor({ state: "visible" });
      expect(await page.locator("#pay-total").innerText()).toBe("$14.38");
      await page.waitForFunction(() => ((globalThis as unknown as { document: { getElementById(id: string): { complete: boolean; naturalWidth: number } | null } }).document.getElementById("pay-qr")?.naturalWidth ?? 0) > 0);
      const qr = await page.locator("#pay-qr").boundingBox();
      expect(qr!.width).toBeGreaterThanOrEqual(Math.min(300, size.width * 0.7));
      expect(await page.locator("#pay-status").innerText()).toContain("waiting for payment");
      await shoot(page, "qr", size);
      const intentId = await page.locator("#register").getAttribute("data-intent");
      expect(intentId).toMatch(/^pi_/);
      // The static link now opens that payment's hosted page.
      const link = await fetch(terminal.url, { redirect: "manual" });
      expect(link.headers.get("location")).toBe(`/pay/${intentId}`);

      // Paid on the sandbox chain: the matcher confirms, the register shows it and chimes.
      const paid = await svc.api(`/v1/test_helpers/payment_intents/${intentId}/pay`, { method: "POST" });
      expect(paid.status).toBe(200);
      await page.locator("#step-paid").waitFor({ state: "visible", timeout: 60_000 });
      expect(await page.locator("#paid-title").innerText()).toBe("Paid");
      expect(await page.locator("#paid-total").innerText()).toBe("$14.38");
      expect(await page.evaluate(() => (globalThis as unknown as Doc).document.body.dataset.sound)).toBe("played");
      await shoot(page, "paid", size);

      // The receipt the customer opens and the cashier prints.
      const receiptUrl = await page.locator("#receipt-link").getAttribute("href");
      expect(receiptUrl).toBe(`${svc.ctx.config.publicBaseUrl}/pay/terminals/${terminal.id}/receipts/${intentId}`);
      const receipt = await browser.context.newPage();
      receipt.on("pageerror", (e) => pageErrors.push(e.message));
      await receipt.setViewportSize({ width: size.width, height: size.height });
      await receipt.goto(local(receiptUrl!), { waitUntil: "load" });
      expect(await receipt.locator("#receipt-status").innerText()).toBe("Paid");
      expect(await receipt.locator("#receipt-subtotal").innerText()).toBe("$12.50");
      expect(await receipt.locator("#receipt-tip").innerText()).toBe("$1.88");
      expect(await receipt.locator("#receipt-total").innerText()).toBe("$14.38 USDC");
      await shoot(receipt, "receipt", size);
      await receipt.close();

      // New sale: the keypad again, and today's list has the payment.
      await page.getByRole("button", { name: "New sale" }).click();
      await page.waitForLoadState("load");
      await page.locator("#step-amount").waitFor({ state: "visible" });
      expect(await page.locator("#today").innerText()).toContain("$14.38");
      await page.locator("#today").scrollIntoViewIfNeeded();
      await shoot(page, "today", size);

      // Refunds, withdrawals, keys and settings: refused when typed in the address bar.
      for (const path of ["/dashboard/refunds", `/dashboard/payments/${intentId}`, "/dashboard/settlements", `/dashboard/settlements/cash-out?merchant=${svc.sandbox.merchant_id}`, "/dashboard/developers", "/dashboard/team", `/dashboard/merchants/${svc.sandbox.merchant_id}`]) {
        const res = await page.goto(`${svc.apiUrl}${path}${path.includes("?") ? "&" : "?"}mode=test`, { waitUntil: "load" });
        expect({ path, status: res?.status() }).toEqual({ path, status: 403 });
        if (path === "/dashboard/refunds") await shoot(page, "cashier-refused", size);
      }
      await page.close();
    }, 150_000);
  }

  test("no page error, and nothing was fetched from outside 127.0.0.1", () => {
    expect(pageErrors).toEqual([]);
    expect(browser.requests.filter((u) => !LOCAL.test(u))).toEqual([]);
  });
});
