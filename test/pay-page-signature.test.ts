/**
 * "Pay with USDC, no gas needed" on the hosted payment page, in real headless Chromium against the
 * whole service (real Postgres, anvil, Ponder, matcher), with the EIP-1193 wallet double of
 * support/browser.ts signing with a real key:
 * - a customer holding USDC and no ETH at all: the page offers paying by signature first, switches
 *   the wallet to the intent's chain, asks for exactly one eth_signTypedData_v4 (no
 *   eth_sendTransaction), submits it, shows it submitted with its transaction, then confirmed; the
 *   customer's ETH is still 0;
 * - the signature refused in the wallet, and an empty wallet: clear messages, nothing sent;
 * - a USDT intent: no such button (the transfer button only);
 * - screenshots of each state at 390x844 and 1280x800 (test/artifacts/); no request leaves
 *   127.0.0.1; no page error.
 * Chromium missing is a failure, not a skip, unless CI_NO_BROWSER=1.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { createWalletClient, http, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { testUsdcAbi, usdcAbi } from "../contracts/abis.ts";
import { ARTIFACTS, LOCAL, SKIP_BROWSER, injectWallet, launchLocalBrowser, type LocalBrowser, type WalletCall } from "./support/browser.ts";
import { createIntent, rpc } from "./support/payments.ts";
import { startTestService, type TestService } from "./support/service.ts";

if (SKIP_BROWSER) console.warn("pay-page-signature.test.ts: CI_NO_BROWSER=1, the payment-by-signature page checks are NOT run");

let svc: TestService;
let browser: LocalBrowser;
const pageErrors: string[] = [];
let amountSeq = 0;
const nextAmount = () => 60 + ++amountSeq + 0.15;

interface Doc {
  document: { getElementById(id: string): { textContent: string | null } | null; documentElement: { scrollWidth: number } };
  innerWidth: number;
}

const chain = () => svc.ctx.chains.test!;

/** A fresh customer holding `units` of test USDC and no ETH. */
async function customer(units: bigint): Promise<{ key: Hex; address: Address }> {
  const key = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  if (units > 0n) {
    const funder = createWalletClient({ chain: chain().chain, transport: http(chain().rpcHttpUrl), account: privateKeyToAccount(svc.sandbox.payer_private_key as Hex) });
    const hash = await funder.writeContract({ address: chain().usdc, abi: testUsdcAbi, functionName: "mint", args: [address, units] });
    await chain().publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  }
  return { key, address };
}

async function open(id: string, key: Hex, refuse: string[] = [], delayMs: Record<string, number> = {}): Promise<{ page: Page; calls: WalletCall[] }> {
  const page = await browser.context.newPage();
  page.on("pageerror", (e) => pageErrors.push(e.message));
  // The wallet starts on Base mainnet and knows the sandbox chain: the page must switch it.
  const { calls } = await injectWallet(page, { privateKey: key, chain: chain(), start: 8453, knows: [8453, 31337], refuse, delayMs });
  const res = await page.goto(`${svc.apiUrl}/pay/${id}`, { waitUntil: "load" });
  expect(res?.status()).toBe(200);
  return { page, calls };
}

async function waitText(page: Page, id: string, want: RegExp, timeoutMs = 20_000) {
  await page.waitForFunction(({ id, r }) => new RegExp(r).test((globalThis as unknown as Doc).document.getElementById(id)?.textContent ?? ""), { id, r: want.source }, { timeout: timeoutMs, polling: 20 });
}

async function shoot(page: Page, name: string) {
  for (const [w, h] of [[390, 844], [1280, 800]] as const) {
    await page.setViewportSize({ width: w, height: h });
    expect(await page.evaluate(() => (globalThis as unknown as Doc).document.documentElement.scrollWidth <= (globalThis as unknown as Doc).innerWidth)).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, `pay-page-signature-${name}-${w}x${h}.png`), fullPage: true });
  }
}

const operatorTxCount = () => chain().publicClient.getTransactionCount({ address: chain().sender.address, blockTag: "pending" });

beforeAll(async () => {
  if (SKIP_BROWSER) return;
  svc = await startTestService({ roles: ["api", "indexer", "matcher"] });
  browser = await launchLocalBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await svc?.stop();
});

describe.skipIf(SKIP_BROWSER)("hosted page: pay with USDC, no gas needed", () => {
  test("a customer with USDC and no ETH pays with one signature; the page shows submitted, then confirmed; ETH stays 0", async () => {
    const amount = nextAmount();
    const intent = await createIntent(svc, { amount, ttl: 900 });
    const units = BigInt(Math.round(amount * 1e6));
    const c = await customer(units);
    // The customer takes a moment in the wallet: the page says what it is waiting for.
    const { page, calls } = await open(intent.id, c.key, [], { eth_signTypedData_v4: 1500 });
    const gasless = page.getByRole("button", { name: "Pay with USDC, no gas needed" });
    await gasless.waitFor({ state: "visible" });
    // The first choice: before "Open in wallet" and the transfer button.
    const order = await page.evaluate(() => [...(globalThis as any).document.querySelectorAll(".actions > *:not([hidden])")].map((e: any) => e.id));
    expect(order[0]).toBe("gasless-pay");
    await shoot(page, "ready");
    const sends = await operatorTxCount();
    // The chain holds its next block until the submitted state is on screen (the sandbox mines a
    // block per transaction, faster than the page could show it).
    await rpc(svc, "evm_setAutomine", [false]);
    try {
      await gasless.click();
      await waitText(page, "wallet-status", /^Asking your wallet: sign the payment of \d+\.\d{6} USDC \(to Demo Coffee Co\.\)\. No gas needed/);
      await shoot(page, "asking");
      await waitText(page, "status-title", /^Payment submitted, waiting for confirmation/);
      expect(await page.locator("#receipt").innerText()).toMatch(/0x[0-9a-f]{8}/);
      await shoot(page, "submitted");
    } finally {
      await rpc(svc, "evm_setAutomine", [true]);
      await rpc(svc, "evm_mine", []);
    }
    await waitText(page, "status-title", /^Payment confirmed$/, 30_000);
    await shoot(page, "confirmed");
    const m = calls.map((x) => x.method);
    expect(m).toContain("wallet_switchEthereumChain");
    expect(m.filter((x) => x === "eth_signTypedData_v4").length).toBe(1);
    expect(m).not.toContain("eth_sendTransaction");
    expect(m.indexOf("wallet_switchEthereumChain")).toBeLessThan(m.indexOf("eth_signTypedData_v4"));
    expect(await operatorTxCount()).toBe(sends + 1);
    expect(await chain().publicClient.getBalance({ address: c.address })).toBe(0n);
    expect(await chain().publicClient.readContract({ address: chain().usdc, abi: usdcAbi, functionName: "balanceOf", args: [c.address] })).toBe(0n);
    const got = (await (await svc.api(`/v1/payment-intents/${intent.id}`)).json()) as { status: string; tx_hash: string };
    expect(got.status).toBe("confirmed");
    expect(await page.locator("#receipt").innerText()).toContain(got.tx_hash.slice(0, 10));
    await page.close();
  }, 90_000);

  test("the signature refused in the wallet: nothing is sent, the page says so", async () => {
    const amount = nextAmount();
    const intent = await createIntent(svc, { amount, ttl: 900 });
    const c = await customer(BigInt(Math.round(amount * 1e6)));
    const { page } = await open(intent.id, c.key, ["eth_signTypedData_v4"]);
    const sends = await operatorTxCount();
    await page.getByRole("button", { name: "Pay with USDC, no gas needed" }).click();
    await waitText(page, "wallet-status", /You declined the signature in your wallet\. Nothing was sent\./);
    await shoot(page, "declined");
    expect(await operatorTxCount()).toBe(sends);
    expect(await page.locator("#status-title").innerText()).toBe("Awaiting payment");
    await page.close();
  }, 60_000);

  test("an empty wallet: a clear message, nothing sent", async () => {
    const intent = await createIntent(svc, { amount: nextAmount(), ttl: 900 });
    const c = await customer(0n);
    const { page, calls } = await open(intent.id, c.key);
    const sends = await operatorTxCount();
    await page.getByRole("button", { name: "Pay with USDC, no gas needed" }).click();
    await waitText(page, "wallet-status", /does not hold enough USDC for this payment/);
    await shoot(page, "insufficient");
    expect(await operatorTxCount()).toBe(sends);
    expect(calls.map((x) => x.method)).toContain("eth_signTypedData_v4");
    await page.close();
  }, 60_000);

  test("the operator's relay budget is spent: the page says nothing was sent and offers the transfer", async () => {
    const amount = nextAmount();
    const intent = await createIntent(svc, { amount, ttl: 900 });
    const c = await customer(BigInt(Math.round(amount * 1e6)));
    const { page } = await open(intent.id, c.key);
    const limits = svc.ctx.config.relayLimits as { totalWeiPerHour: bigint };
    const saved = limits.totalWeiPerHour;
    limits.totalWeiPerHour = 1n;
    const sends = await operatorTxCount();
    try {
      await page.getByRole("button", { name: "Pay with USDC, no gas needed" }).click();
      await waitText(page, "wallet-status", /Payment without gas is paused for now\. Nothing was sent: pay with a transfer below\./);
    } finally {
      limits.totalWeiPerHour = saved;
    }
    await shoot(page, "budget-spent");
    expect(await operatorTxCount()).toBe(sends);
    // The transfer is the way now; paying by signature is not offered again on this page.
    expect(await page.locator("#wallet-pay").isEnabled()).toBe(true);
    expect(await page.locator("#gasless-pay").isDisabled()).toBe(true);
    await page.close();
  }, 60_000);

  test("no answer to the submission (the connection dropped after it was sent): the page never says nothing was sent, and holds the transfer back", async () => {
    const amount = nextAmount();
    const intent = await createIntent(svc, { amount, ttl: 900 });
    const c = await customer(BigInt(Math.round(amount * 1e6)));
    const { page } = await open(intent.id, c.key);
    // The submission reaches the service; its answer never reaches the page.
    await page.route("**/authorization", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await route.fetch();
      await route.abort("connectionreset");
    });
    await rpc(svc, "evm_setAutomine", [false]);
    try {
      await page.getByRole("button", { name: "Pay with USDC, no gas needed" }).click();
      await waitText(page, "wallet-status", /Your payment is being sent for you\. Wait here: this page updates by itself when it is confirmed\. Do not pay again\./);
      expect(await page.locator("#wallet-status").innerText()).not.toContain("Nothing was sent");
      expect(await page.locator("#wallet-pay").isDisabled()).toBe(true);
      await shoot(page, "pending");
    } finally {
      await rpc(svc, "evm_setAutomine", [true]);
      await rpc(svc, "evm_mine", []);
    }
    // It had been sent: the page confirms by itself.
    await waitText(page, "status-title", /^Payment confirmed$/, 30_000);
    await page.close();
  }, 60_000);

  test("a USDT intent offers the transfer only", async () => {
    const res = await svc.api("/v1/payment-intents", { method: "POST", json: { amount: nextAmount(), currency: "usd", merchant_id: svc.sandbox.merchant_id, token: "USDT" } });
    const usdt = (await res.json()) as { id: string };
    expect(res.status).toBe(201);
    const { page } = await open(usdt.id, generatePrivateKey());
    await page.getByRole("button", { name: "Pay with browser wallet" }).waitFor({ state: "visible" });
    expect(await page.locator("#gasless-pay").isHidden()).toBe(true);
    await page.close();
  }, 60_000);

  test("nothing left 127.0.0.1; no page error", () => {
    expect(browser.requests.filter((u) => !LOCAL.test(u))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

