/**
 * The hosted payment page tells a screen reader what it shows: a wrong-amount payment, a late
 * payment to an expired intent and a second payment to a paid one are said in the page's live
 * status region (#status, role=status, aria-live=polite), not only in the lists below it. In real
 * headless Chromium (Debian's chromium through playwright-core) against the whole service (real
 * Postgres, anvil, Ponder, matcher, expirer):
 *
 * - when such a payment arrives while the page is open (the status stream), the region's text
 *   changes to say it, without reload;
 * - on a fresh load, the region says it too, and it changes after the page has loaded (a live
 *   region is announced when it changes, not for what it held at load);
 * - the region's look is unchanged: the words are visually hidden (1x1 px), the lists show them to
 *   the eye; screenshots at 390x844 and 1280x800 go to test/artifacts/ (pay-page-a11y-*.png).
 * Chromium missing is a failure, not a skip, unless CI_NO_BROWSER=1.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { payStatusHubFor } from "../src/modules/pay/stream.ts";
import { ARTIFACTS, launchLocalBrowser, LOCAL, SKIP_BROWSER, type LocalBrowser } from "./support/browser.ts";
import { createIntent, payer, rpc, waitFor } from "./support/payments.ts";
import { startTestService, type TestService } from "./support/service.ts";

if (SKIP_BROWSER) console.warn("pay-page-a11y.test.ts: CI_NO_BROWSER=1, the payment page's live region checks are NOT run");

let svc: TestService;
let browser: LocalBrowser;
const pageErrors: string[] = [];
let amountSeq = 0;

/** A fresh amount per intent (other than pay-page.test.ts's), so no two intents share an expected value. */
const nextAmount = () => 60 + ++amountSeq + 0.41;

/** The little of the DOM the in-page checks use (the test compiles without the DOM library). */
interface Dom {
  document: { getElementById(id: string): { textContent: string | null; hidden: boolean } | null };
  __regionChanges?: string[];
}

/**
 * Every text the live region held after the page loaded (recorded by a MutationObserver installed
 * before the page's script runs), so a test can tell that the region changed, not only what it says.
 */
const RECORD_REGION = `
  window.__regionChanges = [];
  document.addEventListener("DOMContentLoaded", () => {
    const region = document.getElementById("status");
    if (!region) return;
    new MutationObserver(() => window.__regionChanges.push(region.textContent.replace(/\\s+/g, " ").trim()))
      .observe(region, { childList: true, subtree: true, characterData: true });
  });`;

async function openPage(id: string): Promise<Page> {
  const page = await browser.context.newPage();
  page.on("pageerror", (e) => pageErrors.push(e.message));
  await page.addInitScript(RECORD_REGION);
  const res = await page.goto(`${svc.apiUrl}/pay/${id}`, { waitUntil: "load" });
  expect(res?.status()).toBe(200);
  return page;
}

/** The live region's text, as a screen reader is given it (white space folded). */
async function regionText(page: Page): Promise<string> {
  return (await page.locator("#status").textContent())!.replace(/\s+/g, " ").trim();
}

/** Waits until the live region says `words` (the page is never reloaded). */
async function waitRegionSays(page: Page, words: string, timeoutMs: number) {
  await page.waitForFunction((w) => ((globalThis as unknown as Dom).document.getElementById("status")?.textContent ?? "").includes(w), words, { timeout: timeoutMs, polling: 50 });
}

/** The region changed after load to say `words` (what makes a screen reader announce it). */
async function announced(page: Page, words: string): Promise<boolean> {
  await page.waitForFunction((w) => ((globalThis as unknown as Dom).__regionChanges ?? []).some((t) => t.includes(w)), words, { timeout: 5_000, polling: 50 });
  return true;
}

/** The words are in the region but take no room: the page looks as before. */
async function hiddenToTheEye(page: Page) {
  const box = await page.locator("#status-notes").boundingBox();
  expect(box === null || (box.width <= 1 && box.height <= 1)).toBe(true);
}

async function shoot(page: Page, name: string) {
  for (const [w, h] of [[390, 844], [1280, 800]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: join(ARTIFACTS, `pay-page-a11y-${name}-${w}x${h}.png`), fullPage: true });
  }
}

async function apiStatus(id: string): Promise<string> {
  return String(((await (await svc.api(`/v1/payment-intents/${id}`)).json()) as { status: string }).status);
}

const streaming = (id: string) => waitFor("the page's status stream", async () => payStatusHubFor(svc.ctx).watching(id) > 0, 10_000);

beforeAll(async () => {
  if (SKIP_BROWSER) return;
  browser = await launchLocalBrowser();
  svc = await startTestService({ roles: ["api", "indexer", "matcher", "expirer"] });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await svc?.stop();
});

describe.skipIf(SKIP_BROWSER)("the payment page's live status region", () => {
  test("a fresh intent: the region says only its status", async () => {
    const intent = await createIntent(svc, { amount: nextAmount() });
    const page = await openPage(intent.id);
    expect(await page.locator("#status").getAttribute("aria-live")).toBe("polite");
    expect(await page.locator("#status").getAttribute("role")).toBe("status");
    expect(await regionText(page)).toBe("Awaiting payment Send exactly the amount below. This page updates by itself when the payment arrives.");
    await page.close();
  }, 30_000);

  test("a wrong-amount payment: said in the region when it arrives and on a fresh load; the page keeps awaiting", async () => {
    const intent = await createIntent(svc, { amount: nextAmount() });
    const page = await openPage(intent.id);
    await streaming(intent.id);
    const wrong = intent.expectedUnits + 1n;
    const usdc = `${wrong / 1_000_000n}.${(wrong % 1_000_000n).toString().padStart(6, "0")}`;
    await payer(svc).pay(intent.paymentAddress, wrong);
    const words = `A payment with a different amount arrived: ${usdc} USDC.`;
    await waitRegionSays(page, words, 15_000);
    expect(await announced(page, words)).toBe(true);
    const text = await regionText(page);
    expect(text).toStartWith("Awaiting payment");
    expect(text).toContain("so it was not applied to it");
    expect(await page.locator("#mismatch").isHidden()).toBe(false);
    await hiddenToTheEye(page);
    await page.close();

    const fresh = await openPage(intent.id);
    // The script empties the notes at load and says them again a moment later (what makes a screen
    // reader announce them): wait for that, then read the region.
    expect(await announced(fresh, words)).toBe(true);
    expect(await regionText(fresh)).toContain(words);
    expect(await apiStatus(intent.id)).toBe("awaiting_payment");
    await shoot(fresh, "wrong-amount");
    await fresh.close();
  }, 60_000);

  test("a late payment to an expired intent: said in the region when it arrives and on a fresh load", async () => {
    const intent = await createIntent(svc, { amount: nextAmount() });
    expect((await svc.api(`/v1/test_helpers/payment_intents/${intent.id}/expire`, { method: "POST" })).status).toBe(200);
    await waitFor("the expirer", async () => {
      await rpc(svc, "evm_mine");
      return (await apiStatus(intent.id)) === "expired";
    }, 15_000, 250);
    const page = await openPage(intent.id);
    expect(await regionText(page)).toStartWith("This payment request has expired");
    await streaming(intent.id);
    await payer(svc).pay(intent.paymentAddress, intent.expectedUnits);
    const words = "A payment arrived after this request expired:";
    await waitRegionSays(page, words, 15_000);
    expect(await announced(page, words)).toBe(true);
    expect(await regionText(page)).toContain("It is recorded and the merchant can see it. Contact the merchant about it.");
    await hiddenToTheEye(page);
    await page.close();

    const fresh = await openPage(intent.id);
    // The script empties the notes at load and says them again a moment later (what makes a screen
    // reader announce them): wait for that, then read the region.
    expect(await announced(fresh, words)).toBe(true);
    expect(await regionText(fresh)).toContain(words);
    expect(await regionText(fresh)).not.toContain("Payment confirmed");
    await shoot(fresh, "expired-late");
    await fresh.close();
  }, 60_000);

  test("a second payment to a paid intent: said in the region when it arrives and on a fresh load", async () => {
    const intent = await createIntent(svc, { amount: nextAmount() });
    const page = await openPage(intent.id);
    await streaming(intent.id);
    await payer(svc).pay(intent.paymentAddress, intent.expectedUnits);
    await waitRegionSays(page, "Payment confirmed", 15_000);
    await payer(svc).pay(intent.paymentAddress, intent.expectedUnits);
    const words = "Another payment was received for this request:";
    await waitRegionSays(page, words, 15_000);
    expect(await announced(page, words)).toBe(true);
    expect(await regionText(page)).toStartWith("Payment confirmed");
    await hiddenToTheEye(page);
    await page.close();

    const fresh = await openPage(intent.id);
    // The script empties the notes at load and says them again a moment later (what makes a screen
    // reader announce them): wait for that, then read the region.
    expect(await announced(fresh, words)).toBe(true);
    expect(await regionText(fresh)).toContain(words);
    await shoot(fresh, "extra");
    await fresh.close();
  }, 60_000);

  test("no request left 127.0.0.1; no page error", () => {
    expect(browser.requests.filter((u) => !LOCAL.test(u))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
