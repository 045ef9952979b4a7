/**
 * Headless Chromium for the page tests (Debian's chromium through playwright-core, .ci/run installs
 * it): a persistent context in a temporary profile whose every request is recorded, and refused
 * unless it stays on 127.0.0.1. CI_NO_BROWSER=1 skips the browser tests deliberately (they say so).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Locator, type Page } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const SKIP_BROWSER = process.env.CI_NO_BROWSER === "1";
export const ARTIFACTS = join(import.meta.dir, "..", "artifacts");
export const LOCAL = /^(https?:\/\/127\.0\.0\.1[:/]|data:|blob:)/;
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export interface LocalBrowser {
  context: BrowserContext;
  /** Every URL the pages asked for, local or not. */
  requests: string[];
  close(): Promise<void>;
}

export async function launchLocalBrowser(): Promise<LocalBrowser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium) or set CI_NO_BROWSER=1 to skip this check deliberately`);
  mkdirSync(ARTIFACTS, { recursive: true });
  const profile = mkdtempSync(join(tmpdir(), "stablepay-chromium-"));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS, timeout: 60_000 });
  const requests: string[] = [];
  context.on("request", (r) => requests.push(r.url()));
  // Anything leaving 127.0.0.1 is refused (and recorded above, so a test can check none was made).
  await context.route(/.*/, (route) => (LOCAL.test(route.request().url()) ? route.continue() : route.abort()));
  return {
    context,
    requests,
    close: async () => {
      await context.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Clicks a form's button and waits until the page it leads to has loaded: a reload or a check made
 * meanwhile would act on the page being left (or fail with "not attached to an active page").
 */
export async function submit(page: Page, button: Locator): Promise<void> {
  const navigated = page.waitForEvent("framenavigated", (f) => f === page.mainFrame());
  await button.click();
  await navigated;
  await page.waitForLoadState("load");
}
