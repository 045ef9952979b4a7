/**
 * The hosted payment page names the intent's chain and token and its wallet button switches (or
 * adds) that chain before it sends, in real headless Chromium against the whole service
 * (real Postgres, anvil, Ponder, matcher), with an EIP-1193 wallet test double whose every call is
 * answered by the test:
 * - a wallet on another chain: switch to the intent's chain id, transfer to the intent's token
 *   contract, the payment confirms;
 * - a wallet that answers 4902: wallet_addEthereumChain with the parameters of the table of known
 *   chains (src/domain/networks.ts; the local sandbox's RPC from configuration), switch again, send;
 *   for an arbitrum/USDT intent and for the sandbox chain (which then confirms);
 * - the user refuses the switch (4001): nothing is sent, the live wallet status region says so;
 * - screenshots at 390x844 and 1280x800 (test/artifacts/), nothing wider than the viewport;
 * - no request leaves 127.0.0.1, no page error, pay.js holds no chain table.
 * Chromium missing is a failure, not a skip, unless CI_NO_BROWSER=1.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { decodeFunctionData, getAddress, type Hex } from "viem";
import { usdcAbi } from "../contracts/abis.ts";
import { newId } from "../src/domain/ids.ts";
import { CHAIN_NAMES, KNOWN_CHAINS, chainNameOf } from "../src/domain/networks.ts";
import { payStatusHubFor } from "../src/modules/pay/stream.ts";
import { ARTIFACTS, LOCAL, SKIP_BROWSER, injectWallet, launchLocalBrowser, type LocalBrowser, type WalletCall } from "./support/browser.ts";
import { createIntent, waitFor } from "./support/payments.ts";
import { startTestService, type TestService } from "./support/service.ts";

if (SKIP_BROWSER) console.warn("pay-page-chain.test.ts: CI_NO_BROWSER=1, the payment page chain checks are NOT run");

let svc: TestService;
let browser: LocalBrowser;
const pageErrors: string[] = [];
let amountSeq = 0;
const nextAmount = () => 30 + ++amountSeq + 0.41;

/** The little of the DOM the in-page checks use (the test compiles without the DOM library). */
interface Doc {
  document: { getElementById(id: string): { textContent: string | null } | null; documentElement: { scrollWidth: number } };
  innerWidth: number;
}

type Call = WalletCall;

/**
 * Opens `path` with the wallet test double (support/browser.ts injectWallet): EIP-1193 `request`,
 * each call answered by the test. The wallet starts on `start`, knows the chain ids in `knows`
 * (others: 4902 to a switch, until added) and refuses a switch with 4001 when `refuseSwitch`. A
 * transfer is sent on the real anvil when the wallet is on it; on any other chain it answers a
 * made-up hash (nothing of ours watches those).
 */
async function openWithWallet(path: string, opts: { start: number; knows: number[]; refuseSwitch?: boolean }): Promise<{ page: Page; calls: Call[] }> {
  const page = await browser.context.newPage();
  page.on("pageerror", (e) => pageErrors.push(e.message));
  const { calls } = await injectWallet(page, {
    privateKey: svc.sandbox.payer_private_key as Hex,
    chain: svc.ctx.chains.test!,
    start: opts.start,
    knows: opts.knows,
    refuse: opts.refuseSwitch ? ["wallet_switchEthereumChain"] : [],
  });
  const res = await page.goto(`${svc.apiUrl}${path}`, { waitUntil: "load" });
  expect(res?.status()).toBe(200);
  await page.getByRole("button", { name: "Pay with browser wallet" }).waitFor({ state: "visible" });
  return { page, calls };
}

const methods = (calls: Call[]) => calls.map((c) => c.method);

function decodeTransfer(call: Call): { to: string; recipient: string; units: bigint; value: string } {
  const sent = (call.params as { to: string; data: Hex; value: string }[])[0]!;
  const decoded = decodeFunctionData({ abi: usdcAbi, data: sent.data });
  expect(decoded.functionName).toBe("transfer");
  const [recipient, units] = decoded.args as [string, bigint];
  return { to: sent.to, recipient, units, value: sent.value };
}

async function waitText(page: Page, id: string, want: string | RegExp, timeoutMs = 15_000) {
  const src = typeof want === "string" ? { s: want } : { r: want.source };
  await page.waitForFunction(
    ({ id, src }) => {
      const t = (globalThis as unknown as Doc).document.getElementById(id)?.textContent ?? "";
      return src.s !== undefined ? t === src.s : new RegExp(src.r!).test(t);
    },
    { id, src } as { id: string; src: { s?: string; r?: string } },
    { timeout: timeoutMs, polling: 50 },
  );
}

/** An intent of a pair the sandbox does not serve, written straight to the database (as chain-token-pairs.test.ts does). */
async function insertIntent(opts: { mode: "test" | "live"; chainId: number; token: "USDC" | "USDT"; units: bigint }): Promise<{ id: string; address: string }> {
  const sql = svc.ctx.database.sql;
  const merchantId = newId("merchant");
  const id = newId("paymentIntent");
  const address = getAddress(`0x${Buffer.from(crypto.getRandomValues(new Uint8Array(20))).toString("hex")}`);
  await sql`
    INSERT INTO app.merchants (id, mode, business_name, email, status, kyc_status, bank_name, bank_last4, bank_status, chain_id,
                               payment_address, owner_address, payout_address, fee_rate_bps, settlement_schedule)
    VALUES (${merchantId}, ${opts.mode}, 'Chain Shop', 'x@example.com', 'active', 'approved', 'Bank', '1234', 'verified', ${opts.chainId},
            ${address}, ${address}, ${address}, 100, 'weekly_monday')`;
  await sql`
    INSERT INTO app.payment_intents (id, mode, account_id, merchant_id, status, amount_units, tag_units, expected_units, chain_id, token,
                                     payment_address, metadata, created_at, expires_at)
    VALUES (${id}, ${opts.mode}, ${svc.sandbox.account_id}, ${merchantId}, 'awaiting_payment', ${opts.units.toString()}, 0, ${opts.units.toString()},
            ${opts.chainId}, ${opts.token}, ${address}, '{}'::jsonb, now(), now() + interval '15 minutes')`;
  return { id, address };
}

/** Screenshots at both sizes (test/artifacts/, git-ignored); at each, nothing is wider than the viewport. */
async function shoot(page: Page, name: string) {
  for (const [w, h] of [[390, 844], [1280, 800]] as const) {
    await page.setViewportSize({ width: w, height: h });
    expect(await page.evaluate(() => (globalThis as unknown as Doc).document.documentElement.scrollWidth <= (globalThis as unknown as Doc).innerWidth)).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, `pay-page-chain-${name}-${w}x${h}.png`), fullPage: true });
  }
}

beforeAll(async () => {
  if (SKIP_BROWSER) return;
  svc = await startTestService({ roles: ["api", "indexer", "matcher", "expirer"] });
  browser = await launchLocalBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await svc?.stop();
});

describe("the table of known chains holds what a wallet needs to add each chain", () => {
  test("every chain has a human name, a native currency, an https RPC and explorer; every sandbox id has its facts", () => {
    for (const name of CHAIN_NAMES) {
      const c = KNOWN_CHAINS[name];
      expect(c.displayName.length).toBeGreaterThan(0);
      expect(c.nativeCurrency.decimals).toBe(18);
      expect(c.rpcUrl).toStartWith("https://");
      expect(c.explorerUrl).toStartWith("https://");
      expect(c.explorerUrl!.endsWith("/")).toBe(false);
      for (const id of Object.keys(c.testNetworks).map(Number)) expect(chainNameOf(id)).toBe(name as never);
    }
    expect(KNOWN_CHAINS.polygon.nativeCurrency.symbol).toBe("POL");
    expect(KNOWN_CHAINS.arbitrum.displayName).toBe("Arbitrum One");
  });

  test("pay.js holds no chain table and no outside address: the page data brings them", () => {
    const js = readFileSync(join(import.meta.dir, "..", "web", "pay", "pay.js"), "utf8");
    expect(js).not.toMatch(/https?:\/\//);
    expect(js).not.toMatch(/rpcUrls|0x2105|8453/);
  });
});

describe.skipIf(SKIP_BROWSER)("the payment page names the chain and token and switches the wallet to the chain", () => {
  test("a wallet on another chain: switch to the intent's chain id, transfer to the intent's token contract, confirmed", async () => {
    const intent = await createIntent(svc, { amount: nextAmount() });
    const chain = svc.ctx.chains.test!;
    const { page, calls } = await openWithWallet(`/pay/${intent.id}`, { start: 1, knows: [1, chain.chain.id] });
    // The page names the chain and the token of the intent's pair, near the amount and by the wallet button.
    const got = (await (await svc.api(`/v1/payment-intents/${intent.id}`)).json()) as { chain: string; token: string };
    const name = KNOWN_CHAINS[got.chain as "base"].testNetworks[chain.chain.id]!.displayName;
    expect(await page.locator(".send").innerText()).toBe(`Send exactly ${(Number(intent.expectedUnits) / 1e6).toFixed(6)} ${got.token} on ${name}`);
    expect(await page.locator("#wallet-hint").innerText()).toContain(`switch to ${name} (or to add it), then to send`);
    expect(await page.locator("#network-warning").innerText()).toContain(`Send only ${got.token} on ${name}`);
    await waitFor("the page's status stream", async () => payStatusHubFor(svc.ctx).watching(intent.id) > 0, 10_000);
    await page.getByRole("button", { name: "Pay with browser wallet" }).click();
    await page.waitForFunction(() => (globalThis as unknown as Doc).document.getElementById("status-title")?.textContent === "Payment confirmed", null, { timeout: 20_000, polling: 50 });
    expect(methods(calls)).toEqual(["eth_requestAccounts", "eth_chainId", "wallet_switchEthereumChain", "eth_chainId", "eth_sendTransaction"]);
    expect(calls[2]!.params).toEqual([{ chainId: `0x${chain.chain.id.toString(16)}` }]);
    const sent = decodeTransfer(calls[4]!);
    expect(getAddress(sent.to)).toBe(getAddress(chain.usdc));
    expect(sent.recipient.toLowerCase()).toBe(intent.paymentAddress.toLowerCase());
    expect(sent.units).toBe(intent.expectedUnits);
    expect(sent.value).toBe("0x0");
    expect(((await (await svc.api(`/v1/payment-intents/${intent.id}`)).json()) as { status: string }).status).toBe("confirmed");
    await page.close();
  }, 60_000);

  test("an arbitrum/USDT intent, wallet answers 4902: it is added with the table's parameters, switched to, then the USDT transfer is sent", async () => {
    const units = 7_250_000n;
    // Test mode, so that this service (which runs no live chain) also renders its QR: the page reads the pair from the row.
    const { id, address } = await insertIntent({ mode: "test", chainId: KNOWN_CHAINS.arbitrum.chainId, token: "USDT", units });
    const { page, calls } = await openWithWallet(`/pay/${id}`, { start: 1, knows: [1] });
    const arb = KNOWN_CHAINS.arbitrum;
    expect(await page.locator(".send").innerText()).toBe("Send exactly 7.250000 USDT on Arbitrum One");
    expect(await page.locator("#network").innerText()).toBe("Arbitrum One");
    expect(await page.locator(".network").innerText()).toBe("Network: Arbitrum One (chain id 42161), token USDT");
    expect(await page.locator("#wallet-hint").innerText()).toBe("Your wallet is asked to switch to Arbitrum One (or to add it), then to send 7.250000 USDT.");
    expect(await page.locator("#token-label").innerText()).toBe("USDT token contract");
    expect(await page.evaluate(`(() => { const img = document.querySelector(".qr img"); return img.complete && img.naturalWidth; })()`)).toBe(400);
    await shoot(page, "arbitrum-usdt");
    await page.getByRole("button", { name: "Pay with browser wallet" }).click();
    await waitText(page, "status-title", "Payment sent, waiting for confirmation");
    expect(methods(calls)).toEqual(["eth_requestAccounts", "eth_chainId", "wallet_switchEthereumChain", "wallet_addEthereumChain", "wallet_switchEthereumChain", "eth_chainId", "eth_sendTransaction"]);
    expect(calls[2]!.params).toEqual([{ chainId: "0xa4b1" }]);
    expect(calls[3]!.params).toEqual([
      { chainId: "0xa4b1", chainName: arb.displayName, nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: [arb.rpcUrl], blockExplorerUrls: [arb.explorerUrl] },
    ]);
    expect((calls[3]!.params as { rpcUrls: string[] }[])[0]!.rpcUrls).toEqual(["https://arb1.arbitrum.io/rpc"]);
    const sent = decodeTransfer(calls[6]!);
    expect(getAddress(sent.to)).toBe(arb.tokens.USDT!.address);
    expect(getAddress(sent.recipient) as string).toBe(address);
    expect(sent.units).toBe(units);
    await page.close();
  }, 60_000);

  test("the sandbox chain unknown to the wallet (4902): added with the sandbox's RPC from configuration, then paid and confirmed", async () => {
    const intent = await createIntent(svc, { amount: nextAmount() });
    const chain = svc.ctx.chains.test!;
    const { page, calls } = await openWithWallet(`/pay/${intent.id}`, { start: 1, knows: [1] });
    await waitFor("the page's status stream", async () => payStatusHubFor(svc.ctx).watching(intent.id) > 0, 10_000);
    await page.getByRole("button", { name: "Pay with browser wallet" }).click();
    await page.waitForFunction(() => (globalThis as unknown as Doc).document.getElementById("status-title")?.textContent === "Payment confirmed", null, { timeout: 20_000, polling: 50 });
    expect(methods(calls)).toEqual(["eth_requestAccounts", "eth_chainId", "wallet_switchEthereumChain", "wallet_addEthereumChain", "wallet_switchEthereumChain", "eth_chainId", "eth_sendTransaction"]);
    expect(calls[3]!.params).toEqual([
      {
        chainId: `0x${chain.chain.id.toString(16)}`,
        chainName: KNOWN_CHAINS.base.testNetworks[chain.chain.id]!.displayName,
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: [svc.ctx.config.chains.test.rpcHttpUrl],
      },
    ]);
    expect(getAddress(decodeTransfer(calls[6]!).to)).toBe(getAddress(chain.usdc));
    await shoot(page, "sandbox-confirmed");
    await page.close();
  }, 60_000);

  test("the user refuses the switch (4001): nothing is sent and the live wallet status says so", async () => {
    const intent = await createIntent(svc, { amount: nextAmount() });
    const chain = svc.ctx.chains.test!;
    const { page, calls } = await openWithWallet(`/pay/${intent.id}`, { start: 1, knows: [1, chain.chain.id], refuseSwitch: true });
    const name = KNOWN_CHAINS.base.testNetworks[chain.chain.id]!.displayName;
    const button = page.getByRole("button", { name: "Pay with browser wallet" });
    await button.click();
    const said = `You declined to switch your wallet to ${name} (chain id ${chain.chain.id}). Nothing was sent.`;
    await waitText(page, "wallet-status", said);
    expect(await page.locator("#wallet-status").getAttribute("role")).toBe("status");
    expect(await page.locator("#wallet-status").getAttribute("aria-live")).toBe("polite");
    expect(await page.getByRole("status").filter({ hasText: "declined to switch" }).count()).toBe(1);
    expect(methods(calls)).toEqual(["eth_requestAccounts", "eth_chainId", "wallet_switchEthereumChain"]);
    expect(await button.isEnabled()).toBe(true);
    expect(await page.locator("#status-title").innerText()).toBe("Awaiting payment");
    await shoot(page, "switch-refused");
    await page.close();
    expect(methods(calls)).not.toContain("eth_sendTransaction");
    expect(((await (await svc.api(`/v1/payment-intents/${intent.id}`)).json()) as { status: string }).status).toBe("awaiting_payment");
  }, 60_000);

  test("no request left 127.0.0.1; no page error", () => {
    expect(browser.requests.length).toBeGreaterThan(10);
    expect(browser.requests.filter((u) => !LOCAL.test(u))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
