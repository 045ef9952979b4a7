/**
 * Customers' reusable deposit addresses end to end: the API (create, idempotent by the customer's
 * reference; get; list; every bad input a 400; another merchant's address a 404), then payments to
 * one address through the real indexer (Ponder), matcher and fee collector on anvil: each transfer a
 * payment of its own (in either token, on either chain), none linked to an intent; swept into the
 * merchant's account as accounting, its fees collected after; dust below the floor waits; a refund
 * waits for the owner. The dashboard's Customers pages: an admin gives a customer an address, its page
 * shows the payments; a viewer cannot create one.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createWalletClient, getAddress, http, parseEventLogs, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { startTestService, type TestService } from "./support/service.ts";
import { getJson, payer, waitFor } from "./support/payments.ts";
import { customerDepositAddress } from "../src/modules/deposit-addresses/service.ts";
import { depositCustomerRef } from "../src/chain/deposit-address.ts";
import { usdcAbi } from "../contracts/abis.ts";
import { createApiKey } from "../src/modules/merchants/onboarding.ts";
import { newId } from "../src/domain/ids.ts";
import { recordDepositTransfer } from "../src/modules/matching/deposits.ts";
import { sweepDeposits } from "../src/modules/fees/deposit-sweeps.ts";
import { join } from "node:path";
import { ARTIFACTS, SKIP_BROWSER, launchLocalBrowser, signInDashboard, submit } from "./support/browser.ts";
import { dashboardUser } from "./support/dashboard-client.ts";

let svc: TestService;
let merchantId: string;
let account: string;
type Json = Record<string, unknown>;

beforeAll(async () => {
  svc = await startTestService({ roles: ["api", "indexer", "matcher", "fee_collector"] });
  merchantId = svc.sandbox.merchant_id;
  account = svc.sandbox.payment_address;
});
afterAll(async () => {
  await svc?.stop();
});

const sql = () => svc.ctx.database.sql;

async function call(path: string, init: RequestInit & { json?: unknown; key?: string | null } = {}) {
  const res = await svc.api(path, init);
  return { status: res.status, body: (await res.json()) as Json };
}

const FIELDS = ["address", "amount_received", "created_at", "customer_reference", "id", "livemode", "merchant_id", "metadata", "networks", "object", "payment_count"];

async function createFor(customer_reference: string, extra: Json = {}) {
  return call("/v1/deposit_addresses", { method: "POST", json: { merchant_id: merchantId, customer_reference, ...extra } });
}

function paymentsTo(id: string) {
  return sql()<{ id: string; amount_units: bigint; fee_status: string; token: string; chain_id: number; payment_intent_id: string | null; tx_hash: string }[]>`
    SELECT id, amount_units, fee_status, token, chain_id, payment_intent_id, tx_hash FROM app.transactions WHERE deposit_address_id = ${id} ORDER BY block_number, log_index`;
}

describe("the API", () => {
  test("create: an address of the customer's own, the same on every chain, computed from the merchant's account and the row's id", async () => {
    const r = await createFor("customer-api-1", { metadata: { plan: "wholesale" } });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body).sort()).toEqual(FIELDS);
    expect(r.body).toMatchObject({ object: "deposit_address", customer_reference: "customer-api-1", merchant_id: merchantId, amount_received: 0, payment_count: 0, metadata: { plan: "wholesale" }, livemode: false });
    expect(String(r.body.id)).toMatch(/^dep_[0-9A-Za-z]{24}$/);
    expect(r.body.address).toBe(await customerDepositAddress(account, String(r.body.id)));
    // Every chain and token of the sandbox where the merchant's (v2) account exists.
    expect(r.body.networks).toEqual([
      { chain: "base", tokens: ["USDC", "USDT"] },
      { chain: "arbitrum", tokens: ["USDC", "USDT"] },
    ]);
    // The row the indexer and the matcher read, committed before the answer.
    const [row] = await sql()<{ address: string; intent_id: string | null; owner_account: string }[]>`SELECT address, intent_id, owner_account FROM app.deposit_addresses WHERE id = ${String(r.body.id)}`;
    expect(row).toEqual({ address: String(r.body.address).toLowerCase(), intent_id: null, owner_account: account.toLowerCase() });
  });

  test("the same customer reference answers the same address (200, unchanged); another reference gets another", async () => {
    const first = await createFor("customer-api-2", { metadata: { a: "1" } });
    expect(first.status).toBe(201);
    const again = await createFor("customer-api-2", { metadata: { a: "2" } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const other = await createFor("customer-api-3");
    expect(other.status).toBe(201);
    expect(other.body.address).not.toBe(first.body.address);
    // Racing creates of one new reference: one row, one address.
    const racing = await Promise.all(Array.from({ length: 8 }, () => createFor("customer-api-race")));
    expect(racing.filter((x) => x.status === 201)).toHaveLength(1);
    expect(new Set(racing.map((x) => x.body.address)).size).toBe(1);
  });

  test("every bad input is a 400 in the error shape, never a 500", async () => {
    const bad = async (json: Json, code: string, param: string) => {
      const r = await call("/v1/deposit_addresses", { method: "POST", json });
      expect({ status: r.status, code: (r.body.error as Json | undefined)?.code, param: (r.body.error as Json | undefined)?.param }).toEqual({ status: 400, code, param });
    };
    await bad({ merchant_id: merchantId }, "parameter_missing", "customer_reference");
    await bad({ merchant_id: merchantId, customer_reference: "" }, "parameter_invalid", "customer_reference");
    await bad({ merchant_id: merchantId, customer_reference: "x".repeat(201) }, "parameter_invalid", "customer_reference");
    await bad({ merchant_id: merchantId, customer_reference: "a\nb" }, "parameter_invalid", "customer_reference");
    await bad({ merchant_id: merchantId, customer_reference: "\ud800" }, "parameter_invalid", "customer_reference");
    await bad({ merchant_id: merchantId, customer_reference: 42 }, "parameter_invalid", "customer_reference");
    await bad({ merchant_id: merchantId, customer_reference: "c", amount: 5 }, "parameter_unknown", "amount");
    await bad({ merchant_id: merchantId, customer_reference: "c", metadata: { k: 1 } }, "metadata_invalid", "metadata");
    await bad({ merchant_id: "mer_unknown000000000000000", customer_reference: "c" }, "resource_missing", "merchant_id");
    const list = await call(`/v1/deposit_addresses?customer_reference=x`, { key: svc.sandbox.test_key_unscoped });
    expect(list.status).toBe(400);
    expect((list.body.error as Json).param).toBe("merchant_id");
    expect((await call(`/v1/deposit_addresses?merchant_id=${merchantId}&limit=0`)).status).toBe(400);
    expect((await call(`/v1/deposit_addresses?merchant_id=${merchantId}&starting_after=dep_nothing0000000000000000`)).status).toBe(400);
  });

  test("get and list; another account's key sees none of it (404)", async () => {
    const created = (await createFor("customer-api-list")).body;
    const got = await getJson(svc, `/v1/deposit_addresses/${String(created.id)}`);
    expect(got).toEqual({ status: 200, body: created });
    const one = await call(`/v1/deposit_addresses?merchant_id=${merchantId}&customer_reference=customer-api-list`);
    expect(one.status).toBe(200);
    expect((one.body.data as Json[]).map((d) => d.id)).toEqual([created.id]);
    const page = await call(`/v1/deposit_addresses?merchant_id=${merchantId}&limit=2`);
    expect((page.body.data as Json[])[0]?.id).toBe(created.id);
    expect(page.body.has_more).toBe(true);
    const next = await call(`/v1/deposit_addresses?merchant_id=${merchantId}&limit=2&starting_after=${String((page.body.data as Json[])[1]!.id)}`);
    expect(next.status).toBe(200);
    expect((next.body.data as Json[]).map((d) => d.id)).not.toContain(created.id);
    expect((await call(`/v1/deposit_addresses/${newId("depositAddress")}`)).status).toBe(404);
    expect((await call(`/v1/deposit_addresses/not-an-id`)).status).toBe(404);

    // A stranger's account: its own merchant, none of ours.
    const [acct] = await sql()<{ id: string }[]>`INSERT INTO app.accounts (id, name, created_at) VALUES (${newId("account")}, 'Stranger', now()) RETURNING id`;
    const strangerKey = (await createApiKey(svc.ctx, { accountId: acct!.id, mode: "test" })).key;
    expect((await call(`/v1/deposit_addresses/${String(created.id)}`, { key: strangerKey })).status).toBe(404);
    expect((await call(`/v1/deposit_addresses?merchant_id=${merchantId}`, { key: strangerKey })).status).toBe(404);
    expect((await call("/v1/deposit_addresses", { method: "POST", key: strangerKey, json: { merchant_id: merchantId, customer_reference: "x" } })).status).toBe(400);
    const theirs = await call("/v1/deposit_addresses", { key: strangerKey });
    expect(theirs).toMatchObject({ status: 200, body: { data: [] } });
  });
});

describe("payments to a customer's address", () => {
  test("each transfer is a payment of its own, in either token; swept into the account as accounting, then its fees are collected", async () => {
    const created = (await createFor("customer-pays", { metadata: { customer: "4711" } })).body;
    const id = String(created.id);
    const address = getAddress(String(created.address));
    const chain = svc.ctx.chains.test!;
    const wallet = createWalletClient({ chain: chain.chain, transport: http(chain.rpcHttpUrl), account: privateKeyToAccount(svc.sandbox.payer_private_key) });
    const first = await payer(svc).pay(address, 2_500_000n);
    const usdt = chain.tokens.USDT!;
    const second = await wallet.writeContract({ address: usdt, abi: usdcAbi, functionName: "transfer", args: [address, 1_250_000n] });
    await chain.publicClient.waitForTransactionReceipt({ hash: second, pollingInterval: 20 });
    const payments = await waitFor("both payments recorded", async () => {
      const rows = await paymentsTo(id);
      return rows.length === 2 ? rows : undefined;
    }, 30_000);
    expect(payments.map((p) => [p.tx_hash, p.token, p.amount_units, p.payment_intent_id])).toEqual([
      [first.hash.toLowerCase(), "USDC", 2_500_000n, null],
      [second.toLowerCase(), "USDT", 1_250_000n, null],
    ]);

    // The API: the address's sum, the transactions (with the address's id and metadata), the events.
    expect((await getJson(svc, `/v1/deposit_addresses/${id}`)).body).toMatchObject({ amount_received: 3.75, payment_count: 2 });
    const txn = await getJson(svc, `/v1/transactions/${payments[0]!.id}`);
    expect(txn.body).toMatchObject({ payment_intent_id: null, deposit_address_id: id, amount: 2.5, fee: 0.025, metadata: { customer: "4711" }, payment_address: address, token: "USDC" });
    const listed = await getJson(svc, `/v1/transactions?merchant_id=${merchantId}&deposit_address_id=${id}`);
    expect((listed.body.data as Json[]).map((t) => t.id).sort()).toEqual(payments.map((p) => p.id).sort());
    expect((await getJson(svc, `/v1/transactions?merchant_id=${merchantId}&deposit_address_id=bad`)).status).toBe(400);
    const events = await sql()<{ data: Json }[]>`SELECT data FROM app.events WHERE type = 'transaction.created' AND data->>'deposit_address_id' = ${id} ORDER BY created_at`;
    expect(events.map((e) => e.data.id).sort()).toEqual(payments.map((p) => p.id).sort());
    // A payment into the merchant's account directly is unchanged: no deposit_address_id.
    const plain = await sql()<{ id: string }[]>`SELECT id FROM app.transactions WHERE deposit_address_id IS NULL LIMIT 1`;
    if (plain[0]) expect((await getJson(svc, `/v1/transactions/${plain[0].id}`)).body).not.toHaveProperty("deposit_address_id");

    // Swept (each token above the floor) into the merchant's account: never a payment, and the fees follow.
    const sweeps = await waitFor("both tokens swept", async () => {
      const rows = await sql()<{ token: string; amount_units: bigint; tx_hash: string }[]>`
        SELECT token, amount_units, tx_hash FROM app.deposit_sweeps WHERE deposit_address = ${address.toLowerCase()} ORDER BY token`;
      return rows.length === 2 ? rows : undefined;
    }, 30_000);
    expect(sweeps.map((s) => [s.token, s.amount_units])).toEqual([["USDC", 2_500_000n], ["USDT", 1_250_000n]]);
    for (const s of sweeps) expect(await sql()`SELECT 1 FROM app.transactions WHERE tx_hash = ${s.tx_hash}`).toHaveLength(0);
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: sweeps[0]!.tx_hash as `0x${string}` });
    const out = parseEventLogs({ abi: usdcAbi, eventName: "Transfer", logs: receipt.logs }).filter((l) => l.args.from === address);
    expect(out.every((l) => l.args.to === getAddress(account))).toBe(true);
    expect(await chain.publicClient.readContract({ address: chain.usdc, abi: usdcAbi, functionName: "balanceOf", args: [address] })).toBe(0n);
    await waitFor("the fees collected from the account", async () => (await paymentsTo(id)).every((p) => p.fee_status === "collected"), 30_000);

    // The address stays: a later payment is one more, swept again.
    const third = await payer(svc).pay(address, 4_000_000n);
    await waitFor("the third payment recorded", async () => (await paymentsTo(id)).length === 3, 30_000);
    await waitFor("swept again", async () => (await sql()`SELECT 1 FROM app.deposit_sweeps WHERE deposit_address = ${address.toLowerCase()} AND token = 'USDC'`).length === 2, 30_000);
    expect((await paymentsTo(id))[2]?.tx_hash).toBe(third.hash.toLowerCase());
    expect((await getJson(svc, `/v1/deposit_addresses/${id}`)).body).toMatchObject({ amount_received: 7.75, payment_count: 3 });

    // A refund of such a payment waits for the owner, even to the sender (an exchange's wallet, most often).
    expect((await call(`/v1/test_helpers/merchants/${merchantId}/refund_budget`, { method: "POST", json: { amount_per_day: 100 } })).status).toBe(200);
    const refunder = (await createApiKey(svc.ctx, { accountId: svc.sandbox.account_id, mode: "test", merchantId, refunds: true })).key;
    const refund = await call("/v1/refunds", { method: "POST", key: refunder, json: { transaction: payments[0]!.id, amount: 1, recipient_address: payer(svc).address } });
    expect(refund.status).toBe(201);
    expect(refund.body.status).toBe("requires_approval");
  });

  test("the same address on the second chain takes a payment there, swept there", async () => {
    const created = (await createFor("customer-arbitrum")).body;
    const id = String(created.id);
    const address = getAddress(String(created.address));
    const arbitrum = svc.ctx.networks.find((c) => c.chainId === 31338)!;
    const wallet = createWalletClient({ chain: arbitrum.chain, transport: http(arbitrum.rpcHttpUrl), account: privateKeyToAccount(svc.sandbox.payer_private_key) });
    const hash = await wallet.writeContract({ address: arbitrum.usdc, abi: usdcAbi, functionName: "transfer", args: [address, 3_000_000n] });
    await arbitrum.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    const [p] = await waitFor("the arbitrum payment", async () => {
      const rows = await paymentsTo(id);
      return rows.length > 0 ? rows : undefined;
    }, 30_000);
    expect(p).toMatchObject({ chain_id: 31338, amount_units: 3_000_000n, payment_intent_id: null });
    await waitFor("swept on arbitrum", async () => (await sql()`SELECT 1 FROM app.deposit_sweeps WHERE deposit_address = ${address.toLowerCase()} AND chain_id = 31338`).length > 0, 30_000);
    expect(await arbitrum.publicClient.readContract({ address: arbitrum.usdc, abi: usdcAbi, functionName: "balanceOf", args: [address] })).toBe(0n);
  });

  test("the same transfer recorded again (a matcher restarted mid-page, or two at once) is one payment and one event", async () => {
    const created = (await createFor("customer-twice")).body;
    const id = String(created.id);
    const paid = await payer(svc).pay(getAddress(String(created.address)), 1_500_000n);
    await waitFor("the payment recorded", async () => (await paymentsTo(id)).length === 1, 30_000);
    const block = await svc.ctx.chains.test!.publicClient.getBlock({ blockNumber: paid.blockNumber });
    const again = {
      chainId: 31337, blockNumber: paid.blockNumber, logIndex: paid.logIndex, blockTimestamp: Number(block.timestamp), blockHash: paid.blockHash,
      txHash: paid.hash, from: payer(svc).address.toLowerCase(), to: String(created.address).toLowerCase(), value: 1_500_000n, token: "USDC" as const,
    };
    const outcomes = await Promise.all([recordDepositTransfer(sql(), again, new Date()), recordDepositTransfer(sql(), again, new Date())]);
    expect(outcomes.map((o) => o?.kind)).toEqual(["duplicate", "duplicate"]);
    expect(await paymentsTo(id)).toHaveLength(1);
    expect(await sql()`SELECT 1 FROM app.events WHERE type = 'transaction.created' AND data->>'deposit_address_id' = ${id}`).toHaveLength(1);
  });

  test("an item of a batch whose sweep is not recorded (its token refused the transfer) keeps its 2-minute wait: the batch's other sweeps do not release it", async () => {
    const chain = svc.ctx.chains.test!;
    const swept = (await createFor("customer-swept")).body;
    const refused = (await createFor("customer-refused")).body;
    await payer(svc).pay(getAddress(String(swept.address)), 2_000_000n);
    const [sweep] = await waitFor("the paid address swept", async () => {
      const rows = await sql()<{ tx_hash: string; block_number: bigint; block_hash: string }[]>`
        SELECT tx_hash, block_number, block_hash FROM app.deposit_sweeps WHERE deposit_address = ${String(swept.address).toLowerCase()}`;
      return rows.length > 0 ? rows : undefined;
    }, 30_000);
    // The other item of that batch: a payment waiting at its address, asked in the same transaction,
    // whose transfer moved nothing, so no sweep of it is recorded.
    const address = String(refused.address).toLowerCase();
    const paymentId = newId("transaction");
    await sql()`
      INSERT INTO app.transactions (id, mode, merchant_id, status, amount_units, fee_units, net_units, fee_rate_bps, chain_id, tx_hash, log_index,
        block_number, block_hash, sender_address, payment_address, confirmed_at, fee_status, token, deposit_address_id)
      VALUES (${paymentId}, 'test', ${merchantId}, 'confirmed', 2000000, 20000, 1980000, 100, ${chain.chainId}, ${`0x${"ab".repeat(32)}`}, 0,
        ${sweep!.block_number}, ${sweep!.block_hash}, ${payer(svc).address.toLowerCase()}, ${address}, now(), 'awaiting_sweep', 'USDC', ${String(refused.id)})`;
    await sql()`
      INSERT INTO app.deposit_sweep_requests (chain_id, address, token, requested_at, tx_hash)
      VALUES (${chain.chainId}, ${address}, 'USDC', now(), ${sweep!.tx_hash})`;
    const request = async () => (await sql()<{ tx_hash: string }[]>`SELECT tx_hash FROM app.deposit_sweep_requests WHERE address = ${address}`)[0]?.tx_hash;
    try {
      await sweepDeposits(svc.ctx, chain); // a round of its own, beside the service's
      expect(await request()).toBe(sweep!.tx_hash); // not asked again: it waits
      // Past its wait, it is asked again.
      await sql()`UPDATE app.deposit_sweep_requests SET requested_at = now() - interval '3 minutes' WHERE address = ${address}`;
      await sweepDeposits(svc.ctx, chain);
      expect(await request()).not.toBe(sweep!.tx_hash);
    } finally {
      await sql()`UPDATE app.transactions SET status = 'failed' WHERE id = ${paymentId}`; // nothing more to sweep there
    }
  });

  test("dust below the floor waits at the address: recorded, not swept, its fee not collected", async () => {
    const created = (await createFor("customer-dust")).body;
    const id = String(created.id);
    await payer(svc).pay(getAddress(String(created.address)), 10_000n);
    await waitFor("the dust recorded", async () => (await paymentsTo(id)).length === 1, 30_000);
    await Bun.sleep(3_000); // a round of the service's sweeper or more
    expect((await paymentsTo(id))[0]?.fee_status).toBe("awaiting_sweep");
    expect(await sql()`SELECT 1 FROM app.deposit_sweep_requests WHERE address = ${String(created.address).toLowerCase()}`).toHaveLength(0);
    // Its reference on chain names the row's random id, never the customer's reference.
    expect(depositCustomerRef(id)).not.toBe(depositCustomerRef("customer-dust"));
  });
});

describe("the dashboard's Customers pages", () => {
  test("an admin gives a customer an address (the API's rules: the same reference, the same address); its page shows its QR code and payments", async () => {
    if (SKIP_BROWSER) return;
    const browser = await launchLocalBrowser();
    try {
      const page = await browser.context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await signInDashboard(page, svc);
      await page.goto(`${svc.apiUrl}/dashboard/customers?mode=test`);
      await page.getByLabel("Customer").fill("Acme Wholesale <b>#7</b>");
      await submit(page, page.getByRole("button", { name: "Give an address" }));
      expect(page.url()).toMatch(/\/dashboard\/customers\/dep_[0-9A-Za-z]{24}\?mode=test$/);
      const id = /dep_[0-9A-Za-z]{24}/.exec(page.url())![0];
      // Markup in the reference is text.
      expect(await page.locator("h1").innerText()).toBe("Acme Wholesale <b>#7</b>");
      const address = await page.locator("#deposit-address").innerText();
      expect(address).toBe(await customerDepositAddress(account, id));
      expect(await page.locator("img.link-qr").evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
      expect(await page.getByText("No payments yet.").isVisible()).toBe(true);

      // The same customer again: the same address, no second row.
      await page.goto(`${svc.apiUrl}/dashboard/customers?mode=test`);
      await page.getByLabel("Customer").fill("Acme Wholesale <b>#7</b>");
      await submit(page, page.getByRole("button", { name: "Give an address" }));
      expect(page.url()).toContain(id);
      const [n] = await sql()<{ n: number }[]>`SELECT count(*)::int AS n FROM app.deposit_addresses WHERE customer_reference = 'Acme Wholesale <b>#7</b>'`;
      expect(n?.n).toBe(1);

      // A payment shows on its page, and on the Transactions page as that customer's (not "no matching payment").
      await payer(svc).pay(getAddress(address), 12_340_000n);
      await waitFor("the payment recorded", async () => (await paymentsTo(id)).length === 1, 30_000);
      await page.goto(`${svc.apiUrl}/dashboard/customers/${id}?mode=test`);
      expect(await page.locator("dl").innerText()).toContain("$12.34 in 1 payment");
      expect(await page.locator("section", { hasText: "Payments" }).locator("tbody tr").count()).toBe(1);
      for (const [w, h] of [[390, 844], [1280, 800]] as const) {
        await page.setViewportSize({ width: w, height: h });
        await page.screenshot({ path: join(ARTIFACTS, `dashboard-customer-${w}x${h}.png`), fullPage: true });
      }
      await page.goto(`${svc.apiUrl}/dashboard/customers?mode=test`);
      await page.screenshot({ path: join(ARTIFACTS, "dashboard-customers-1280x800.png"), fullPage: true });
      await page.goto(`${svc.apiUrl}/dashboard/transactions?mode=test&merchant=${merchantId}`);
      const row = page.locator("tr", { hasText: "$12.34" });
      expect(await row.getByRole("link", { name: "a customer's address" }).getAttribute("href")).toBe(`/dashboard/customers/${id}?mode=test`);
      expect(await row.locator(".flag").count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 90_000);

  test("a viewer sees the addresses and cannot create one; another account's user gets 404", async () => {
    const created = (await createFor("customer-dashboard-viewer")).body;
    const viewer = (await dashboardUser(svc, svc.sandbox.account_id, "viewer")).client;
    const list = await (await viewer.req("/dashboard/customers?mode=test")).text();
    expect(list).toContain("customer-dashboard-viewer");
    expect(list).not.toContain("Give an address");
    const csrf = await viewer.csrfOf("/dashboard/customers?mode=test");
    const refused = await viewer.req("/dashboard/customers?mode=test", { form: { csrf, customer_reference: "viewer-made", merchant: merchantId } });
    expect(refused.status).toBe(403);
    expect(await sql()`SELECT 1 FROM app.deposit_addresses WHERE customer_reference = 'viewer-made'`).toHaveLength(0);
    // An admin's form takes the API's rules: a reference with a line break is refused on the page (400), nothing written.
    const admin = (await dashboardUser(svc, svc.sandbox.account_id, "admin")).client;
    const token = await admin.csrfOf("/dashboard/customers?mode=test");
    const bad = await admin.req("/dashboard/customers?mode=test", { form: { csrf: token, customer_reference: "line\nbreak", merchant: merchantId } });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Invalid customer_reference: 1 to 200 characters, no control characters.");
    expect(await sql()`SELECT 1 FROM app.deposit_addresses WHERE customer_reference = ${"line\nbreak"}`).toHaveLength(0);
    // One too long is refused too, never cut to the limit (which would give another customer's reference an address).
    const long = "r".repeat(201);
    const tooLong = await admin.req("/dashboard/customers?mode=test", { form: { csrf: token, customer_reference: long, merchant: merchantId } });
    expect(tooLong.status).toBe(400);
    expect(await sql()`SELECT 1 FROM app.deposit_addresses WHERE customer_reference LIKE 'rrrr%'`).toHaveLength(0);
    const [acct] = await sql()<{ id: string }[]>`INSERT INTO app.accounts (id, name, created_at) VALUES (${newId("account")}, 'Other', now()) RETURNING id`;
    const other = (await dashboardUser(svc, acct!.id, "admin")).client;
    expect((await other.req(`/dashboard/customers/${String(created.id)}?mode=test`)).status).toBe(404);
    expect((await other.req(`/dashboard/customers/${String(created.id)}/qr.png?mode=test`)).status).toBe(404);
    expect(await (await other.req("/dashboard/customers?mode=test")).text()).not.toContain("customer-dashboard-viewer");
  });
});
