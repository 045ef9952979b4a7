/**
 * /swagger in a real headless browser (Debian's chromium, driven by playwright-core): the page
 * renders the API title and the operations with no internet, and no request leaves localhost.
 * Chromium missing is a failure, not a skip, unless CI_NO_BROWSER=1 (then the test says so).
 * Install: `apt-get install -y chromium` (.ci/run does it when run as root).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";
import { startTestService, type TestService } from "./support/service.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const skip = process.env.CI_NO_BROWSER === "1";
if (skip) console.warn("swagger-browser.test.ts: CI_NO_BROWSER=1, the /swagger browser check is NOT run");

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

describe.skipIf(skip)("/swagger in headless chromium", () => {
  let svc: TestService;
  let context: BrowserContext;
  let profile: string;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM))
      throw new Error(`chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium) or set CI_NO_BROWSER=1 to skip this check deliberately`);
    svc = await startTestService();
    profile = mkdtempSync(join(tmpdir(), "stablepay-chromium-"));
    // launchPersistentContext passes --user-data-dir=<profile> itself.
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS, timeout: 60_000 });
  });
  afterAll(async () => {
    await context?.close().catch(() => {});
    await svc?.stop();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  test("renders the API title and operations; every request stays on localhost", async () => {
    const requests: string[] = [];
    const pageErrors: string[] = [];
    const consoleErrors: string[] = [];
    context.on("request", (r) => requests.push(r.url()));
    // Anything leaving the machine is refused (and recorded above, so the test still sees it).
    await context.route(/^(?!https?:\/\/(127\.0\.0\.1|localhost)[:/]).*/, (route) => {
      const url = route.request().url();
      return url.startsWith("data:") || url.startsWith("blob:") ? route.continue() : route.abort();
    });
    const page = await context.newPage();
    page.on("pageerror", (e) => pageErrors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") consoleErrors.push(m.text());
    });

    const res = await page.goto(`${svc.apiUrl}/swagger`, { waitUntil: "load", timeout: 60_000 });
    expect(res?.status()).toBe(200);
    expect(res?.headers()["content-security-policy"]).toContain("default-src 'self'");

    // Scalar renders the document it fetched from /swagger/json.
    await page.getByText("Stablecoin Payment Intent API").first().waitFor({ timeout: 60_000 });
    for (const operation of ["Create a payment intent", "Cancel a payment intent", "List transactions", "Get a transaction", "Get a merchant"])
      await page.getByText(operation, { exact: true }).first().waitFor({ timeout: 30_000 });
    const text = await page.locator("body").innerText();
    expect(text).toContain("Stablecoin Payment Intent API");
    expect(text).toContain("/v1/payment-intents");

    expect(requests.some((u) => u.endsWith("/swagger/json"))).toBe(true);
    expect(requests.some((u) => u.endsWith("/swagger/assets/scalar.js"))).toBe(true);
    const offHost = requests.filter((u) => !/^(https?:\/\/(127\.0\.0\.1|localhost)[:/]|data:|blob:)/.test(u));
    expect(offHost).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(consoleErrors.filter((m) => /Content Security Policy|Refused to/i.test(m))).toEqual([]);
  });
});
