/**
 * The hosted payment page (GET /pay/{id}) in real headless Chromium (Debian's chromium driven by
 * playwright-core, as test/swagger-browser.test.ts), against the whole service: real Postgres,
 * real anvil, real Ponder, the real matcher and expirer.
 *
 * - a fresh intent renders (merchant, USD and exact USDC, network, address, EIP-681 link,
 *   countdown); its QR decodes to qr_payload; screenshots at 390x844 and 1280x800 go to
 *   test/artifacts/; the first load is under 100 KB;
 * - an on-chain payment flips the open page to confirmed within 5 s, without reload;
 * - expired and cancelled intents show their states; a late payment to the expired one and a
 *   wrong-amount payment show up live; none of them ever says confirmed;
 * - a wallet test double (EIP-1193 in the page, each call answered by the test with the real
 *   chain) completes a payment from the page's button, switching chain first;
 * - no request leaves 127.0.0.1; the CSP header is present; a <script> business name is inert;
 *   an unknown id is the 404 page; a live-mode intent names Base;
 * - the stream side: one change reaches 50 open streams of one intent with one read; closed
 *   streams are released; the hub refuses streams over its cap.
 * Chromium missing is a failure, not a skip, unless CI_NO_BROWSER=1.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { createWalletClient, decodeFunctionData, http, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { usdcAbi } from "../contracts/abis.ts";
import { newId } from "../src/domain/ids.ts";
import { PayStatusHub, payStatusHubFor, sseStream } from "../src/modules/pay/stream.ts";
import { createIntent, payer, rpc, waitFor, type CreatedIntent } from "./support/payments.ts";
import { startTestService, type TestService } from "./support/service.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const skip = process.env.CI_NO_BROWSER === "1";
if (skip) console.warn("pay-page.test.ts: CI_NO_BROWSER=1, the payment page browser checks are NOT run");
const ARTIFACTS = join(import.meta.dir, "artifacts");
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const LOCAL = /^(https?:\/\/127\.0\.0\.1[:/]|data:|blob:)/;

let svc: TestService;
let context: BrowserContext;
let profile: string;
const requests: string[] = [];
const pageErrors: string[] = [];
let amountSeq = 0;

/** A fresh amount per intent, so no two intents of the demo merchant share an expected value. */
function nextAmount(): number {
  amountSeq++;
  return 20 + amountSeq + 0.37;
}

async function openPage(id: string): Promise<Page> {
  const page = await context.newPage();
  page.on("pageerror", (e) => pageErrors.push(e.message));
  const res = await page.goto(`${svc.apiUrl}/pay/${id}`, { waitUntil: "load" });
  expect(res?.status()).toBe(200);
  return page;
}

/** The little of the DOM the in-page checks use (the test compiles without the DOM library). */
interface Browser {
  document: { getElementById(id: string): { textContent: string | null; hidden: boolean } | null };
}

const statusTitle = (page: Page) => page.locator("#status-title").innerText();

/** Waits until the page's status title is `want` (the page is never reloaded). */
async function waitTitle(page: Page, want: string, timeoutMs: number) {
  await page.waitForFunction((w) => (globalThis as unknown as Browser).document.getElementById("status-title")?.textContent === w, want, { timeout: timeoutMs, polling: 50 });
}

/** A merchant and an intent written straight to the database (for names and modes the sandbox cannot onboard). */
async function insertIntent(opts: { mode: "test" | "live"; businessName: string; chainId: number }): Promise<string> {
  const sql = svc.ctx.database.sql;
  const merchantId = newId("merchant");
  const intentId = newId("paymentIntent");
  const address = `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(20))).toString("hex")}`;
  const { getAddress } = await import("viem");
  const checksummed = getAddress(address);
  await sql`
    INSERT INTO app.merchants (id, mode, business_name, email, status, kyc_status, bank_name, bank_last4, bank_status, chain_id,
                               payment_address, owner_address, payout_address, fee_rate_bps, settlement_schedule)
    VALUES (${merchantId}, ${opts.mode}, ${opts.businessName}, 'x@example.com', 'active', 'approved', 'Bank', '1234', 'verified', ${opts.chainId},
            ${checksummed}, ${checksummed}, ${checksummed}, 100, 'weekly_monday')`;
  await sql`
    INSERT INTO app.payment_intents (id, mode, account_id, merchant_id, status, amount_units, tag_units, expected_units, chain_id,
                                     payment_address, metadata, created_at, expires_at)
    VALUES (${intentId}, ${opts.mode}, ${svc.sandbox.account_id}, ${merchantId}, 'awaiting_payment', 42000000, 17, 42000017, ${opts.chainId},
            ${checksummed}, ${JSON.stringify({ order: "<script>window.__xss_meta=1</script>" })}::text::jsonb, now(), now() + interval '15 minutes')`;
  return intentId;
}

/** Screenshots of a state at both sizes, for people to look at (test/artifacts/, git-ignored). */
async function shoot(page: Page, name: string) {
  for (const [w, h] of [[390, 844], [1280, 800]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: join(ARTIFACTS, `pay-page-${name}-${w}x${h}.png`), fullPage: true });
  }
}

async function apiStatus(id: string): Promise<string> {
  const res = await svc.api(`/v1/payment-intents/${id}`);
  return String(((await res.json()) as { status: string }).status);
}

beforeAll(async () => {
  if (skip) return;
  if (!existsSync(CHROMIUM))
    throw new Error(`chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium) or set CI_NO_BROWSER=1 to skip this check deliberately`);
  mkdirSync(ARTIFACTS, { recursive: true });
  svc = await startTestService({ roles: ["api", "indexer", "matcher", "expirer"] });
  profile = mkdtempSync(join(tmpdir(), "stablepay-chromium-"));
  context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS, timeout: 60_000 });
  context.on("request", (r) => requests.push(r.url()));
  // Anything leaving 127.0.0.1 is refused (and recorded above, so the last test sees it).
  await context.route(/.*/, (route) => (LOCAL.test(route.request().url()) ? route.continue() : route.abort()));
}, 180_000);
afterAll(async () => {
  await context?.close().catch(() => {});
  await svc?.stop();
  if (profile) rmSync(profile, { recursive: true, force: true });
});


describe.skipIf(skip)("hosted payment page in headless chromium", () => {
  test("a fresh intent renders: merchant, amounts, network, address, wallet link, countdown, QR = qr_payload; screenshots; CSP; under 100 KB", async () => {
    const intent = await createIntent(svc, { amount: 12.5 });
    await createIntent(svc, { amount: 12.5 }); // the next one carries a tag
    const tagged = await createIntent(svc, { amount: 12.5 });
    for (const it of [intent, tagged]) {
      const page = await context.newPage();
      const bytes: number[] = [];
      page.on("response", async (r) => {
        if (r.url().includes("/events")) return; // the live stream stays open; it is not part of the load
        bytes.push((await r.body().catch(() => Buffer.alloc(0))).byteLength + JSON.stringify(r.headers()).length);
      });
      const res = await page.goto(`${svc.apiUrl}/pay/${it.id}`, { waitUntil: "load" });
      expect(res?.status()).toBe(200);
      expect(res?.headers()["content-type"]).toContain("text/html");
      expect(res?.headers()["content-security-policy"]).toContain("default-src 'self'");
      const text = await page.locator("body").innerText();
      const merchant = (await (await svc.api(`/v1/merchants/${svc.sandbox.merchant_id}`)).json()) as { business_name: string };
      expect(await page.locator("#merchant").innerText()).toBe(merchant.business_name);
      expect(text).toContain("$12.50");
      const exact = `${it.expectedUnits / 1_000_000n}.${(it.expectedUnits % 1_000_000n).toString().padStart(6, "0")}`;
      expect(await page.locator("#usdc-amount").innerText()).toBe(exact);
      expect(await page.locator("#value").innerText()).toBe(exact);
      expect(await page.locator("#address").innerText()).toBe(it.paymentAddress);
      expect(text).toContain("Local sandbox chain (Anvil)");
      expect(text).toContain("chain id 31337");
      expect(text).toContain("Test mode");
      expect(await page.locator("#open-wallet").getAttribute("href")).toBe(String(it.body.qr_payload));
      expect(await page.locator("#status-title").innerText()).toBe("Awaiting payment");
      await page.waitForFunction(() => /^Expires in \d+:\d\d$/.test((globalThis as unknown as Browser).document.getElementById("countdown")?.textContent ?? ""), null, { timeout: 5_000 });
      // Copy buttons are there and labelled; the live region is polite.
      expect(await page.getByRole("button", { name: "Copy payment address" }).count()).toBe(1);
      expect(await page.getByRole("button", { name: "Copy amount" }).count()).toBe(1);
      expect(await page.locator("#status").getAttribute("aria-live")).toBe("polite");
      // The QR the browser shows decodes to qr_payload.
      const src = await page.locator(".qr img").getAttribute("src");
      expect(await page.evaluate(`(() => { const img = document.querySelector(".qr img"); return img.complete && img.naturalWidth; })()`)).toBe(400);
      const png = PNG.sync.read(Buffer.from(await (await fetch(new URL(src!, svc.apiUrl))).arrayBuffer()));
      const qr = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength), png.width, png.height);
      expect(qr?.data).toBe(String(it.body.qr_payload));
      await page.waitForLoadState("networkidle").catch(() => {});
      const total = bytes.reduce((a, b) => a + b, 0);
      expect(total).toBeLessThan(100 * 1024);
      if (it === tagged) {
        for (const [w, h] of [[390, 844], [1280, 800]] as const) {
          await page.setViewportSize({ width: w, height: h });
          await page.screenshot({ path: join(ARTIFACTS, `pay-page-${w}x${h}.png`) });
        }
        await page.setViewportSize({ width: 390, height: 844 });
        await page.screenshot({ path: join(ARTIFACTS, `pay-page-390x844-full.png`), fullPage: true });
        console.log(`pay page first load: ${total} bytes`);
      }
      await page.close();
    }
  }, 60_000);

  test("an on-chain payment flips the open page to confirmed within 5 s, without reload", async () => {
    const intent = await createIntent(svc, { amount: nextAmount() });
    const page = await openPage(intent.id);
    await page.evaluate("window.__sameDocument = true");
    await waitFor("the page's status stream", async () => payStatusHubFor(svc.ctx).watching(intent.id) > 0, 10_000);
    const { hash } = await payer(svc).pay(intent.paymentAddress, intent.expectedUnits);
    const paidAt = Date.now();
    await waitTitle(page, "Payment confirmed", 5_000);
    console.log(`page confirmed ${Date.now() - paidAt} ms after the payment's receipt`);
    expect(await apiStatus(intent.id)).toBe("confirmed");
    expect(await page.evaluate("window.__sameDocument")).toBe(true);
    const receipt = await page.locator("#receipt").innerText();
    expect(receipt).toContain("Amount paid");
    expect(receipt).toContain(`${Number(intent.expectedUnits) / 1e6}`.slice(0, 5));
    expect(await page.locator("#receipt code").getAttribute("title")).toBe(hash);
    expect(await page.locator("#pay").isHidden()).toBe(true);
    expect(await page.locator("#countdown").isHidden()).toBe(true);
    await shoot(page, "confirmed");
    await page.close();
  }, 60_000);

  test("an expired intent says so; a late payment to it shows live; it never says confirmed", async () => {
    const intent = await createIntent(svc, { amount: nextAmount() });
    expect((await svc.api(`/v1/test_helpers/payment_intents/${intent.id}/expire`, { method: "POST" })).status).toBe(200);
    // The expirer waits until the matcher has covered a block past expires_at: mine blocks (automine chain).
    await waitFor("the expirer", async () => {
      await rpc(svc, "evm_mine");
      return (await apiStatus(intent.id)) === "expired";
    }, 15_000, 250);
    const page = await openPage(intent.id);
    expect(await statusTitle(page)).toBe("This payment request has expired");
    expect(await page.locator("#status-detail").innerText()).toContain("A payment sent now is still recorded and the merchant will see it");
    expect(await page.locator("#pay").isHidden()).toBe(true);
    await waitFor("the page's status stream", async () => payStatusHubFor(svc.ctx).watching(intent.id) > 0, 10_000);
    const { hash } = await payer(svc).pay(intent.paymentAddress, intent.expectedUnits);
    await page.waitForFunction(() => (globalThis as unknown as Browser).document.getElementById("extra")?.hidden === false, null, { timeout: 15_000, polling: 50 });
    const extra = await page.locator("#extra").innerText();
    expect(extra).toContain("A payment arrived after this request expired");
    expect(await page.locator("#extra code").getAttribute("title")).toBe(hash);
    expect(await statusTitle(page)).toBe("This payment request has expired");
    expect(await page.locator("body").innerText()).not.toContain("Payment confirmed");
    expect(await apiStatus(intent.id)).toBe("expired");
    await shoot(page, "expired-late");
    await page.close();
  }, 60_000);

  test("a cancelled intent says so and offers no way to pay", async () => {
    const intent = await createIntent(svc, { amount: nextAmount() });
    const page = await openPage(intent.id);
    expect(await statusTitle(page)).toBe("Awaiting payment");
    await waitFor("the page's status stream", async () => payStatusHubFor(svc.ctx).watching(intent.id) > 0, 10_000);
    expect((await svc.api(`/v1/payment-intents/${intent.id}/cancel`, { method: "POST" })).status).toBe(200);
    await waitTitle(page, "This payment request was cancelled", 5_000);
    expect(await page.locator("#pay").isHidden()).toBe(true);
    // A fresh load says the same.
    await page.reload();
    expect(await statusTitle(page)).toBe("This payment request was cancelled");
    await page.close();
  }, 30_000);

  test("without the event stream (refused), the page polls /status and still shows the change", async () => {
    const intent = await createIntent(svc, { amount: nextAmount() });
    const page = await context.newPage();
    page.on("pageerror", (e) => pageErrors.push(e.message));
    const polls: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith(`/pay/${intent.id}/status`)) polls.push(r.url());
    });
    await page.route(`**/pay/${intent.id}/events`, (route) => route.fulfill({ status: 503, contentType: "application/json", body: "{}" }));
    await page.goto(`${svc.apiUrl}/pay/${intent.id}`, { waitUntil: "load" });
    await waitFor("the page to poll", async () => polls.length > 0, 10_000);
    expect(payStatusHubFor(svc.ctx).watching(intent.id)).toBe(0);
    expect((await svc.api(`/v1/payment-intents/${intent.id}/cancel`, { method: "POST" })).status).toBe(200);
    await waitTitle(page, "This payment request was cancelled", 10_000);
    await page.close();
  }, 30_000);

  test("a wrong-amount payment to the address is shown as not applied; the page keeps awaiting", async () => {
    const intent = await createIntent(svc, { amount: nextAmount() });
    const page = await openPage(intent.id);
    await waitFor("the page's status stream", async () => payStatusHubFor(svc.ctx).watching(intent.id) > 0, 10_000);
    await payer(svc).pay(intent.paymentAddress, intent.expectedUnits + 1n);
    await page.waitForFunction(() => (globalThis as unknown as Browser).document.getElementById("mismatch")?.hidden === false, null, { timeout: 15_000, polling: 50 });
    expect(await page.locator("#mismatch").innerText()).toContain("A payment with a different amount arrived");
    expect(await statusTitle(page)).toBe("Awaiting payment");
    expect(await apiStatus(intent.id)).toBe("awaiting_payment");
    await shoot(page, "wrong-amount");
    await page.close();
  }, 30_000);

  test("a browser wallet (EIP-1193 test double over the real chain) pays from the page's button, switching chain first", async () => {
    const intent = await createIntent(svc, { amount: nextAmount() });
    const chain = svc.ctx.chains.test!;
    const account = privateKeyToAccount(svc.sandbox.payer_private_key as Hex);
    const wallet = createWalletClient({ chain: chain.chain, transport: http(chain.rpcHttpUrl), account });
    let walletChain = 1; // the wallet starts on another chain
    const calls: { method: string; params: unknown }[] = [];
    const page = await context.newPage();
    page.on("pageerror", (e) => pageErrors.push(e.message));
    await page.exposeFunction("__walletRpc", async (method: string, params: unknown) => {
      calls.push({ method, params });
      switch (method) {
        case "eth_requestAccounts":
          return [account.address];
        case "eth_chainId":
          return `0x${walletChain.toString(16)}`;
        case "wallet_switchEthereumChain":
          walletChain = parseInt((params as { chainId: string }[])[0]!.chainId, 16);
          return null;
        case "eth_sendTransaction": {
          const tx = (params as { to: Hex; data: Hex; value: Hex; from: Hex }[])[0]!;
          if (walletChain !== chain.chain.id) throw new Error("wallet on the wrong chain");
          return wallet.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value) });
        }
        default:
          throw new Error(`unsupported ${method}`);
      }
    });
    // The wallet test double: EIP-1193 `request`, each call answered by the test (above).
    await page.addInitScript(`window.ethereum = { isTestDouble: true, request: ({ method, params }) => window.__walletRpc(method, params ?? []) };`);
    await page.goto(`${svc.apiUrl}/pay/${intent.id}`, { waitUntil: "load" });
    const button = page.getByRole("button", { name: "Pay with browser wallet" });
    await button.waitFor({ state: "visible" });
    await waitFor("the page's status stream", async () => payStatusHubFor(svc.ctx).watching(intent.id) > 0, 10_000);
    await button.click();
    await waitTitle(page, "Payment confirmed", 20_000);
    expect(calls.map((c) => c.method)).toEqual(["eth_requestAccounts", "eth_chainId", "wallet_switchEthereumChain", "eth_chainId", "eth_sendTransaction"]);
    expect(calls[2]!.params).toEqual([{ chainId: "0x7a69" }]);
    const sent = (calls[4]!.params as { to: string; data: Hex; value: string }[])[0]!;
    expect(sent.to.toLowerCase()).toBe(chain.usdc.toLowerCase());
    expect(sent.value).toBe("0x0");
    const decoded = decodeFunctionData({ abi: usdcAbi, data: sent.data });
    expect(decoded.functionName).toBe("transfer");
    expect((decoded.args as [string, bigint])[0].toLowerCase()).toBe(intent.paymentAddress.toLowerCase());
    expect((decoded.args as [string, bigint])[1]).toBe(intent.expectedUnits);
    expect(await apiStatus(intent.id)).toBe("confirmed");
    await page.close();
  }, 60_000);

  test("a <script> in the business name renders as text and runs nothing", async () => {
    const evil = `<script>window.__xss=1</script><img src=x onerror="window.__xss=2">Evil & "Co"`;
    const id = await insertIntent({ mode: "test", businessName: evil, chainId: 31337 });
    const page = await openPage(id);
    expect(await page.locator("#merchant").innerText()).toBe(evil);
    expect(await page.title()).toContain(evil);
    expect(await page.evaluate("[typeof window.__xss, typeof window.__xss_meta]")).toEqual(["undefined", "undefined"]);
    expect(await page.locator("main img").count()).toBe(1); // only the QR
    await page.close();
  }, 30_000);

  test("an unknown id is the friendly 404 page", async () => {
    for (const id of ["pi_000000000000000000000000", "not-an-id", "%3Cscript%3E"]) {
      const page = await context.newPage();
      const res = await page.goto(`${svc.apiUrl}/pay/${id}`, { waitUntil: "load" });
      expect(res?.status()).toBe(404);
      expect(res?.headers()["content-type"]).toContain("text/html");
      expect(res?.headers()["content-security-policy"]).toContain("default-src 'self'");
      expect(await page.locator("h1").innerText()).toBe("Payment request not found");
      await page.close();
    }
  }, 30_000);

  test("a live-mode intent's page names Base, with no test badge", async () => {
    const id = await insertIntent({ mode: "live", businessName: "Live Shop", chainId: 8453 });
    const page = await openPage(id);
    const text = await page.locator("body").innerText();
    expect(await page.locator("#network").innerText()).toBe("Base");
    expect(await page.locator("#chain-name").innerText()).toBe("Base");
    expect(text).toContain("chain id 8453");
    expect(text).not.toContain("Test mode");
    expect(await page.locator("#open-wallet").getAttribute("href")).toStartWith("ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=");
    await page.close();
  }, 30_000);

  test("no request left 127.0.0.1; no page error", () => {
    expect(requests.length).toBeGreaterThan(20);
    expect(requests.filter((u) => !LOCAL.test(u))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

describe.skipIf(skip)("status streams of the payment page", () => {
  async function openStream(id: string, signal: AbortSignal) {
    const res = await fetch(`${svc.apiUrl}/pay/${id}/events`, { signal });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buf = "";
    return {
      /** Resolves with the first status event whose status is `want`. */
      async until(want: string): Promise<Record<string, unknown>> {
        for (;;) {
          const events = buf.split("\n\n");
          buf = events.pop() ?? "";
          for (const e of events) {
            const m = /^event: status\ndata: (.*)$/m.exec(e);
            if (m) {
              const s = JSON.parse(m[1]!) as Record<string, unknown>;
              if (s.status === want) return s;
            }
          }
          const { value, done } = await reader.read();
          if (done) throw new Error("stream ended");
          buf += decoder.decode(value, { stream: true });
        }
      },
    };
  }

  test("one change reaches 50 open streams of one intent with one read; closed streams are released", async () => {
    const hub = payStatusHubFor(svc.ctx);
    const intent: CreatedIntent = await createIntent(svc, { amount: nextAmount() });
    const abort = new AbortController();
    const streams = await Promise.all(Array.from({ length: 50 }, () => openStream(intent.id, abort.signal)));
    await Promise.all(streams.map((s) => s.until("awaiting_payment")));
    await waitFor("50 subscribers", async () => hub.stats().streams >= 50, 5_000);
    const before = hub.stats();
    expect((await svc.api(`/v1/payment-intents/${intent.id}/cancel`, { method: "POST" })).status).toBe(200);
    const got = await Promise.all(streams.map((s) => s.until("cancelled")));
    expect(got.every((s) => s.status === "cancelled")).toBe(true);
    const after = hub.stats();
    expect(after.reads - before.reads).toBeLessThanOrEqual(2);
    expect(after.deliveries - before.deliveries).toBeGreaterThanOrEqual(50);
    abort.abort();
    await waitFor("streams released", async () => hub.stats().streams === 0 && hub.stats().intents === 0, 10_000);
  }, 30_000);

  test("the hub refuses streams over its cap (the page then polls /status)", async () => {
    const hub = new PayStatusHub(svc.ctx, 2);
    const initial = { status: "awaiting_payment" as const, expires_at: new Date().toISOString(), extra_payments: [], mismatched_payments: [] };
    const subs = [0, 1, 2].map(() => sseStream(() => {}).subscriber);
    expect(hub.subscribe("pi_a", "mer_a", subs[0]!, initial)).not.toBeNull();
    const second = hub.subscribe("pi_b", "mer_a", subs[1]!, initial);
    expect(second).not.toBeNull();
    expect(hub.subscribe("pi_c", "mer_a", subs[2]!, initial)).toBeNull();
    second!();
    expect(hub.stats().streams).toBe(1);
    expect(hub.subscribe("pi_c", "mer_a", subs[2]!, initial)).not.toBeNull();
    await hub.close();
    expect(hub.stats().streams).toBe(0);
    // The polling fallback answers the same view.
    const intent = await createIntent(svc, { amount: nextAmount() });
    const res = await fetch(`${svc.apiUrl}/pay/${intent.id}/status`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe("awaiting_payment");
    expect((await fetch(`${svc.apiUrl}/pay/pi_000000000000000000000000/status`)).status).toBe(404);
  }, 30_000);
});
