/**
 * Refunds end to end in headless Chromium, on the real stack (Postgres, anvil, Ponder,
 * matcher, webhook dispatcher, the refund sender):
 * - the customer pays an intent of the demo merchant (whose owner key the sandbox knows);
 * - an admin refunds half of it from the dashboard's payment page; it waits for approval (home says
 *   so, and links the refunds waiting) and is approved from the refunds list with the owner's browser wallet (an EIP-1193 test double signing with the owner's real
 *   key: eth_signTypedData_v4, after switching the wallet to the chain); the refund is sent;
 * - the owner grants a refund budget from the merchant's page (the wallet sends the grant itself);
 * - the rest is refunded through the API under that budget (pending at once, then succeeded);
 * - the customer's token balance on chain rose by exactly the amount paid; `refund.created`,
 *   `refund.updated` and `refund.succeeded` were delivered to a webhook endpoint;
 * - the refunds list shows both; the hosted payment page says the payment was refunded, with the
 *   transactions; screenshots at 1280 and 390 wide in test/artifacts/refund-journey-*.png.
 * Another account never sees these refunds, a viewer cannot approve, and bad input is a clear 4xx.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { getAddress, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { ARTIFACTS, injectWallet, launchLocalBrowser, LOCAL, SKIP_BROWSER as skip, submit, type LocalBrowser, signInDashboard } from "./support/browser.ts";
import { startTestService, type TestService } from "./support/service.ts";
import { createIntent, waitFor } from "./support/payments.ts";
import { tokenBalance } from "./support/settlement-fixtures.ts";
import { Receiver, seedAccount } from "./support/webhook-fixtures.ts";
import { dashboardUser } from "./support/dashboard-client.ts";
import { RefundSender } from "../src/workers/refund-sender.ts";

if (skip) console.warn("refund-journey.test.ts: CI_NO_BROWSER=1, the refund journey in the browser is NOT run");

type Json = Record<string, any>;
let svc: TestService;
let browser: LocalBrowser;
let sender: RefundSender;
let receiver: Receiver;
const problems: string[] = [];
/** The journey's refunds, for the checks of visibility after it. */
const journey: { intent?: string; refunds: string[] } = { refunds: [] };

beforeAll(async () => {
  svc = await startTestService({ roles: ["api", "indexer", "matcher", "dispatcher"] });
  sender = new RefundSender(svc.ctx, { pollMs: 100, retryBaseMs: 200 });
  sender.start();
  receiver = new Receiver();
  if (!skip) browser = await launchLocalBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  receiver?.stop();
  await sender?.stop();
  await svc?.stop();
});

const unscoped = () => ({ key: svc.sandbox.test_key_unscoped });
async function api(path: string, init: { method?: string; json?: unknown } = {}): Promise<{ status: number; body: Json }> {
  const res = await svc.api(path, { ...unscoped(), method: init.method ?? "GET", json: init.json });
  return { status: res.status, body: (await res.json()) as Json };
}

/** Pays `amount` with the sandbox payer (the test helper) and waits until the intent is confirmed: what was received, from whom. */
async function paid(amount: number): Promise<{ intent: string; receivedUnits: bigint; sender: string }> {
  const intent = await createIntent(svc, { amount });
  expect((await svc.api(`/v1/test_helpers/payment_intents/${intent.id}/pay`, { method: "POST" })).status).toBe(200);
  await waitFor(`${intent.id} confirmed`, async () => (await api(`/v1/payment-intents/${intent.id}`)).body.status === "confirmed", 30_000, 50);
  const [t] = await svc.ctx.database.sql<{ amount_units: string; sender_address: string }[]>`
    SELECT amount_units::text, sender_address FROM app.transactions WHERE payment_intent_id = ${intent.id} AND status = 'confirmed'`;
  return { intent: intent.id, receivedUnits: BigInt(t!.amount_units), sender: getAddress(t!.sender_address) };
}

async function refundStatus(id: string, status: string, timeoutMs = 30_000): Promise<Json> {
  return waitFor(`refund ${id} ${status}`, async () => {
    const r = await api(`/v1/refunds/${id}`);
    if (r.body.status === "failed") throw new Error(`refund ${id} failed: ${r.body.failure_reason}`);
    return r.body.status === status ? r.body : undefined;
  }, timeoutMs, 50);
}

const signIn = (page: Page) => signInDashboard(page, svc);

/** Screenshots of the page at 1280 and 390 wide (full page); nothing runs off a phone's screen. */
async function snap(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: join(ARTIFACTS, `refund-journey-${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
  await page.screenshot({ path: join(ARTIFACTS, `refund-journey-${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe.skipIf(skip)("refund journey in headless chromium", () => {
  test("pay; refund half from the dashboard approved with the owner's wallet; grant a budget; refund the rest by API; balance and events", async () => {
    const ep = await api("/v1/webhook_endpoints", { method: "POST", json: { url: receiver.url, enabled_events: ["refund.created", "refund.updated", "refund.succeeded", "refund.failed"] } });
    expect(ep.status).toBe(201);
    // Another customer's payment first: the account holds money beyond the one refunded (the
    // platform fee is not returned, so refunding a whole payment takes some of the rest).
    await paid(30);
    const { intent, receivedUnits: received, sender: customer } = await paid(20);
    journey.intent = intent;
    const before = await tokenBalance(svc.ctx, "USDC", customer);

    const chain = svc.ctx.chains.test!;
    const page = await browser.context.newPage();
    page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
    page.on("pageerror", (e) => problems.push(e.message));
    // The owner's wallet: the sandbox's payer key (the demo merchant's owner), on another chain at
    // first, and not knowing the sandbox chain (the page has it added, from the sandbox's RPC).
    const wallet = await injectWallet(page, { privateKey: svc.sandbox.payer_private_key as Hex, chain, start: 1, knows: [1] });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);

    // Half of it from the payment's page: the recipient is prefilled with the address that paid.
    await page.goto(`${svc.apiUrl}/dashboard/payments/${intent}?mode=test`);
    expect(getAddress(await page.getByLabel("Recipient address").inputValue()) as string).toBe(customer);
    await page.getByLabel("Amount (USD)").fill("10");
    await submit(page, page.getByRole("button", { name: "Refund", exact: true }));
    const [first] = (await api(`/v1/refunds?payment_intent=${intent}`)).body.data as Json[];
    expect(first).toMatchObject({ status: "requires_approval", amount: 10, recipient_address: customer });
    journey.refunds.push(first!.id);
    await page.getByRole("button", { name: "Approve with the owner's wallet" }).waitFor({ state: "visible" });
    await snap(page, "payment-waiting");
    // Home says a refund waits; its link leads to the refunds waiting, where the owner approves it.
    await page.goto(`${svc.apiUrl}/dashboard?mode=test`);
    expect(await page.locator("main .notice").textContent()).toContain("1 refund waits for the owner's approval");
    await page.getByRole("link", { name: "Review it" }).click();
    await page.waitForURL(/\/dashboard\/refunds\?.*status=requires_approval/);
    const approve = page.locator("section.refunds tbody tr").filter({ hasText: first!.id }).getByRole("button", { name: "Approve with the owner's wallet" });
    await approve.waitFor({ state: "visible" });
    await snap(page, "refunds-waiting");
    await approve.click();
    await refundStatus(first!.id, "succeeded");
    expect(wallet.calls.map((c) => c.method)).toEqual([
      "eth_requestAccounts",
      "eth_chainId",
      "wallet_switchEthereumChain",
      "wallet_addEthereumChain",
      "wallet_switchEthereumChain",
      "eth_chainId",
      "eth_signTypedData_v4",
    ]);
    expect((wallet.calls[3]!.params as Json[])[0]).toMatchObject({ chainId: `0x${chain.chainId.toString(16)}`, rpcUrls: [chain.rpcHttpUrl] });
    await page.waitForLoadState("load");

    // The budget from the merchant's page: the owner's wallet sends the grant itself.
    await page.goto(`${svc.apiUrl}/dashboard/merchants/${svc.sandbox.merchant_id}?mode=test`);
    const card = page.locator('article.budget[data-pair="base/USDC"]');
    expect(await card.textContent()).toContain("No budget");
    const end = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await card.getByLabel("Amount per day (USD)").fill("500");
    await card.getByLabel("Until (end of that day, UTC)").fill(end);
    const reloaded = page.waitForEvent("load");
    await card.getByRole("button", { name: "Grant with the owner's wallet" }).click();
    await reloaded;
    await waitFor("the granted budget shown", async () => ((await page.locator('article.budget[data-pair="base/USDC"] [data-testid="budget-amount"]').textContent().catch(() => null)) ?? "").includes("$500.00"), 30_000, 100);
    expect(wallet.calls.at(-1)?.method).toBe("eth_sendTransaction");
    const budgetText = (await page.locator('article.budget[data-pair="base/USDC"]').textContent()) ?? "";
    expect(budgetText).toContain(`${end} 23:59 UTC`);
    await snap(page, "merchant-budget");

    // The rest through the API, under the budget: sent at once.
    const rest = await api("/v1/refunds", { method: "POST", json: { payment_intent: intent, recipient_address: customer } });
    expect(rest.status).toBe(201);
    expect(rest.body.status).toBe("pending");
    journey.refunds.push(rest.body.id);
    await refundStatus(rest.body.id, "succeeded");

    // The customer got back exactly what was paid, on chain.
    expect((await tokenBalance(svc.ctx, "USDC", customer)) - before).toBe(received);
    expect((await api(`/v1/payment-intents/${intent}`)).body.amount_refunded).toBe(Number(received) / 1e6);

    // The events, delivered.
    const delivered = await waitFor("the refund events delivered", async () => {
      const events = receiver.requests.map((r) => JSON.parse(r.body) as Json);
      const of = (id: string) => events.filter((e) => e.data?.id === id).map((e) => e.type as string);
      const a = of(first!.id);
      const b = of(rest.body.id);
      return a.includes("refund.succeeded") && b.includes("refund.succeeded") ? { a, b } : undefined;
    }, 30_000);
    expect(new Set(delivered.a)).toEqual(new Set(["refund.created", "refund.updated", "refund.succeeded"]));
    expect(delivered.b).toContain("refund.created");
    expect(delivered.b).toContain("refund.succeeded");

    // The refunds list: both, with their transactions as text; filtered by status.
    await page.goto(`${svc.apiUrl}/dashboard/refunds?mode=test`);
    const rows = page.locator("section.refunds tbody tr");
    expect(await rows.count()).toBe(2);
    const listed = (await page.locator("section.refunds").textContent()) ?? "";
    const tx1 = (await api(`/v1/refunds/${first!.id}`)).body.tx_hash as string;
    expect(listed).toContain(tx1);
    expect(listed).toContain(rest.body.id);
    await snap(page, "refunds-list");
    await page.getByLabel("Status").selectOption("requires_approval");
    await submit(page, page.getByRole("button", { name: "Show" }));
    expect(await rows.count()).toBe(0);

    // The hosted payment page says so, with the transactions.
    await page.goto(`${svc.apiUrl}/pay/${intent}`);
    const refunds = page.locator("#refunds");
    expect(await refunds.locator("h2").textContent()).toBe("Payment refunded");
    expect(await refunds.textContent()).toContain(tx1);
    await snap(page, "pay-page-refunded");

    expect(problems).toEqual([]);
    expect(browser.requests.filter((u) => !LOCAL.test(u))).toEqual([]);
    await page.close();
  }, 120_000);

  test("the owner revokes the budget with the wallet; then: no wallet, or a wallet of another account: a clear message, nothing signed", async () => {
    const chain = svc.ctx.chains.test!;
    const owner = await browser.context.newPage();
    owner.on("pageerror", (e) => problems.push(e.message));
    const wallet = await injectWallet(owner, { privateKey: svc.sandbox.payer_private_key as Hex, chain, start: chain.chainId, knows: [chain.chainId] });
    await signIn(owner);
    await owner.goto(`${svc.apiUrl}/dashboard/merchants/${svc.sandbox.merchant_id}?mode=test`);
    const reloaded = owner.waitForEvent("load");
    await owner.locator('article.budget[data-pair="base/USDC"]').getByRole("button", { name: "Revoke with the owner's wallet" }).click();
    await reloaded;
    await waitFor("no budget shown", async () => ((await owner.locator('article.budget[data-pair="base/USDC"]').textContent().catch(() => null)) ?? "").includes("No budget"), 30_000, 100);
    expect(wallet.calls.map((c) => c.method)).toEqual(["eth_requestAccounts", "eth_chainId", "eth_sendTransaction"]);
    await owner.close();

    // Without a budget, a refund waits for the owner's approval.
    const { intent } = await paid(4);
    const waiting = await api("/v1/refunds", { method: "POST", json: { payment_intent: intent, amount: 2, recipient_address: privateKeyToAccount(`0x${"11".repeat(32)}`).address } });
    expect(waiting.body.status).toBe("requires_approval");

    // A browser without a wallet.
    const bare = await browser.context.newPage();
    bare.on("pageerror", (e) => problems.push(e.message));
    await bare.goto(`${svc.apiUrl}/dashboard/payments/${intent}?mode=test`);
    await bare.getByRole("button", { name: "Approve with the owner's wallet" }).click();
    await waitFor("no wallet said", async () => ((await bare.locator(".wallet-approve .wallet-status").textContent()) ?? "").includes("No browser wallet found"), 5_000, 50);
    await bare.close();

    // A wallet whose account is not the merchant's owner: told so before anything is signed.
    const other = await browser.context.newPage();
    other.on("pageerror", (e) => problems.push(e.message));
    const stranger = await injectWallet(other, { privateKey: `0x${"22".repeat(32)}`, chain, start: chain.chainId, knows: [chain.chainId] });
    await other.goto(`${svc.apiUrl}/dashboard/payments/${intent}?mode=test`);
    await other.getByRole("button", { name: "Approve with the owner's wallet" }).click();
    await waitFor("not the owner said", async () => ((await other.locator(".wallet-approve .wallet-status").textContent()) ?? "").includes("is not the owner of this merchant's account"), 5_000, 50);
    await other.screenshot({ path: join(ARTIFACTS, "refund-journey-not-owner-1280.png"), fullPage: true });
    expect(stranger.calls.map((c) => c.method)).toEqual(["eth_requestAccounts"]);
    expect((await api(`/v1/refunds/${waiting.body.id}`)).body.status).toBe("requires_approval");
    await other.close();
    expect(problems).toEqual([]);
  }, 60_000);
});

describe("refunds in the dashboard: who sees and does what", () => {
  test("another account sees none of these refunds; a viewer sees them but cannot approve; bad input is a 4xx", async () => {
    const { intent } = await paid(3);
    const r = await api("/v1/refunds", { method: "POST", json: { payment_intent: intent, amount: 3, recipient_address: privateKeyToAccount(`0x${"33".repeat(32)}`).address } });
    expect(r.status).toBe(201);
    const id = r.body.id as string;

    // Another account's admin: the list shows none of them; the refund's routes are 404.
    const stranger = await dashboardUser(svc, await seedAccount(svc.ctx.database.sql, "other"), "admin");
    const list = await stranger.client.req(`/dashboard/refunds?mode=test&merchant=${svc.sandbox.merchant_id}`);
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).not.toContain(id);
    expect(html).not.toContain(intent);
    const csrf = await stranger.client.csrfOf("/dashboard/refunds?mode=test");
    expect((await stranger.client.req(`/dashboard/refunds/${id}/authorization?mode=test`, { form: { csrf } })).status).toBe(404);
    expect((await stranger.client.req(`/dashboard/refunds/${id}/approve?mode=test`, { form: { csrf, signature: `0x${"ab".repeat(65)}`, deadline: "9999999999" } })).status).toBe(404);
    expect((await stranger.client.req(`/dashboard/merchants/${svc.sandbox.merchant_id}/budget?mode=test`, { form: { csrf, pair: "base/USDC", action: "revoke" } })).status).toBe(404);

    // A viewer of the demo account: sees the refund, no approve button; the routes refuse (403).
    const viewer = await dashboardUser(svc, svc.sandbox.account_id, "viewer");
    const seen = await (await viewer.client.req(`/dashboard/refunds?mode=test&merchant=${svc.sandbox.merchant_id}`)).text();
    expect(seen).toContain(id);
    expect(seen).not.toContain("Approve with the owner's wallet");
    const vcsrf = await viewer.client.csrfOf("/dashboard/refunds?mode=test");
    expect((await viewer.client.req(`/dashboard/refunds/${id}/authorization?mode=test`, { form: { csrf: vcsrf } })).status).toBe(403);

    // An admin of the account: without the CSRF token, refused; bad input: a clear 400 in JSON.
    const admin = await dashboardUser(svc, svc.sandbox.account_id, "admin");
    const acsrf = await admin.client.csrfOf("/dashboard/refunds?mode=test");
    expect((await admin.client.req(`/dashboard/refunds/${id}/authorization?mode=test`, { form: { csrf: "wrong" } })).status).toBe(403);
    const refusal = async (path: string, form: Record<string, string>) => {
      const res = await admin.client.req(path, { form: { csrf: acsrf, ...form } });
      return { status: res.status, body: (await res.json()) as Json };
    };
    const auth = await refusal(`/dashboard/refunds/${id}/authorization?mode=test`, {});
    if (r.body.status === "requires_approval") {
      expect(auth.status).toBe(200);
      expect(auth.body.typed_data.primaryType).toBe("Refund");
      expect(await refusal(`/dashboard/refunds/${id}/approve?mode=test`, { signature: "0x12", deadline: String(auth.body.deadline) })).toMatchObject({ status: 400, body: { error: { param: "signature" } } });
      expect(await refusal(`/dashboard/refunds/${id}/approve?mode=test`, { signature: `0x${"ab".repeat(65)}`, deadline: "1" })).toMatchObject({ status: 400, body: { error: { param: "deadline" } } });
      expect(await refusal(`/dashboard/refunds/${id}/approve?mode=test`, { signature: `0x${"ab".repeat(65)}`, deadline: String(auth.body.deadline) })).toMatchObject({ status: 400, body: { error: { param: "signature" } } });
      expect(await refusal(`/dashboard/refunds/${id}/approve?mode=test`, { deadline: String(auth.body.deadline) })).toMatchObject({ status: 400, body: { error: { code: "parameter_missing" } } });
    } else expect(auth).toMatchObject({ status: 409, body: { error: { code: "refund_not_approvable" } } });
    const budget = `/dashboard/merchants/${svc.sandbox.merchant_id}/budget?mode=test`;
    const today = new Date().toISOString().slice(0, 10);
    expect(await refusal(budget, { pair: "base/USDC", action: "grant", amount_per_day: "abc", end_date: "2099-01-01" })).toMatchObject({ status: 400, body: { error: { param: "amount_per_day" } } });
    expect(await refusal(budget, { pair: "base/USDC", action: "grant", amount_per_day: "0", end_date: "2099-01-01" })).toMatchObject({ status: 400, body: { error: { param: "amount_per_day" } } });
    expect(await refusal(budget, { pair: "base/USDC", action: "grant", amount_per_day: "50", end_date: "2020-01-01" })).toMatchObject({ status: 400, body: { error: { param: "end_date" } } });
    expect(await refusal(budget, { pair: "base/USDC", action: "grant", amount_per_day: "50", end_date: "2030-02-30" })).toMatchObject({ status: 400, body: { error: { param: "end_date" } } });
    expect(await refusal(budget, { pair: "solana/USDC", action: "revoke" })).toMatchObject({ status: 400, body: { error: { param: "pair" } } });
    expect(await refusal(budget, { pair: "base/USDC", action: "burn" })).toMatchObject({ status: 400, body: { error: { param: "action" } } });
    const grant = await refusal(budget, { pair: "base/USDC", action: "grant", amount_per_day: "50", end_date: today });
    expect(grant.status).toBe(200);
    expect(grant.body).toMatchObject({ chain_id: svc.ctx.chains.test!.chainId, from: privateKeyToAccount(svc.sandbox.payer_private_key as Hex).address });
    expect(grant.body.data.startsWith("0x")).toBe(true);
    expect(await refusal(`/dashboard/merchants/${svc.sandbox.merchant_id}/budget/outcome?mode=test`, { hash: "0x1", chain_id: "31337" })).toMatchObject({ status: 400, body: { error: { param: "hash" } } });
  }, 60_000);
});
