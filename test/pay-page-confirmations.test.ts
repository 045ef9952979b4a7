/**
 * The hosted payment page on a chain that waits for confirmations (SANDBOX_CONFIRMATIONS=2): a
 * transfer of the expected value shows as "payment seen, waiting for confirmations" (with its
 * transaction) while the API still says awaiting_payment, and as confirmed only once the matcher
 * confirms the intent after the blocks on top. Real Chromium, Postgres, anvil, Ponder, matcher.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { payStatusHubFor } from "../src/modules/pay/stream.ts";
import { createIntent, payer, rpc, sleep, waitFor } from "./support/payments.ts";
import { startTestService, type TestService } from "./support/service.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const skip = process.env.CI_NO_BROWSER === "1";
if (skip) console.warn("pay-page-confirmations.test.ts: CI_NO_BROWSER=1, NOT run");
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

interface Browser {
  document: { getElementById(id: string): { textContent: string | null } | null };
}

let svc: TestService;
let context: BrowserContext;
let profile: string;

async function waitTitle(page: Page, want: string, timeoutMs: number) {
  await page.waitForFunction((w) => (globalThis as unknown as Browser).document.getElementById("status-title")?.textContent === w, want, { timeout: timeoutMs, polling: 50 });
}

describe.skipIf(skip)("payment page with confirmations", () => {
  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium) or set CI_NO_BROWSER=1`);
    svc = await startTestService({ roles: ["api", "indexer", "matcher"], env: { SANDBOX_CONFIRMATIONS: "2" } });
    profile = mkdtempSync(join(tmpdir(), "stablepay-chromium-"));
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS, timeout: 60_000 });
  }, 180_000);
  afterAll(async () => {
    await context?.close().catch(() => {});
    await svc?.stop();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  test("a transfer is shown as seen while it waits for its confirmations, then confirmed", async () => {
    const intent = await createIntent(svc, { amount: 31.5 });
    const page = await context.newPage();
    await page.goto(`${svc.apiUrl}/pay/${intent.id}`, { waitUntil: "load" });
    await waitFor("the page's status stream", async () => payStatusHubFor(svc.ctx).watching(intent.id) > 0, 10_000);
    const { hash } = await payer(svc).pay(intent.paymentAddress, intent.expectedUnits);
    await waitTitle(page, "Payment seen, waiting for confirmations", 15_000);
    expect(await page.locator("#receipt code").getAttribute("title")).toBe(hash);
    expect(await page.locator("#pay").isHidden()).toBe(true); // no second payment by mistake
    expect(await page.locator("body").innerText()).not.toContain("Payment confirmed");
    mkdirSync(join(import.meta.dir, "artifacts"), { recursive: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(import.meta.dir, "artifacts", "pay-page-seen-390x844.png") });
    const api = (await (await svc.api(`/v1/payment-intents/${intent.id}`)).json()) as { status: string };
    expect(api.status).toBe("awaiting_payment");
    // The polling fallback says the same.
    const polled = (await (await fetch(`${svc.apiUrl}/pay/${intent.id}/status`)).json()) as { seen?: { tx_hash: string } };
    expect(polled.seen?.tx_hash).toBe(hash);
    // Two blocks on top: the matcher confirms, and only then the page says so.
    for (let i = 0; i < 3; i++) {
      await rpc(svc, "evm_mine");
      await sleep(200);
    }
    await waitTitle(page, "Payment confirmed", 15_000);
    await page.close();
  }, 60_000);
});
