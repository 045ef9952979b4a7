/**
 * Deposit-address intents end to end: the merchant's settings, creates with an address of their own,
 * and payments to that address through the real indexer (Ponder) and matcher on anvil: short within
 * the tolerance, partial then the rest, more than the amount, late, a stranger's transfer; the
 * service's sweep of a paid address and a stranger's sweep of dust (accounting, never a second
 * payment; the payments' fees collected after them); a deposit payment's refund.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createWalletClient, getAddress, http, parseEventLogs, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { startTestService, type TestService } from "./support/service.ts";
import { getJson, minedReceipt, payer, rpc, waitFor } from "./support/payments.ts";
import { CREATE_FIELDS, LIST_ITEM_FIELDS, keysOf } from "./support/intents.ts";
import { intentDepositAddress } from "../src/modules/payment-intents/deposit.ts";
import { deployAndSweepCall, deployDepositFactory, depositFactoryAddress, depositIntentRef } from "../src/chain/deposit-address.ts";
import { commands } from "../src/cli/commands.ts";
import { join } from "node:path";
import { ARTIFACTS, SKIP_BROWSER, launchLocalBrowser } from "./support/browser.ts";
import { usdcAbi } from "../contracts/abis.ts";
import { createApiKey } from "../src/modules/merchants/onboarding.ts";
import { splitFee } from "../src/domain/money.ts";

let svc: TestService;
let merchantId: string;
let account: string;
let owner: string;

type Json = Record<string, unknown>;

beforeAll(async () => {
  svc = await startTestService({ roles: ["api", "indexer", "matcher", "expirer", "fee_collector"] });
  merchantId = svc.sandbox.merchant_id;
  account = svc.sandbox.payment_address;
  owner = svc.sandbox.test_key_unscoped;
});
afterAll(async () => {
  await svc?.stop();
});

const sql = () => svc.ctx.database.sql;

async function call(path: string, init: RequestInit & { json?: unknown; key?: string } = {}) {
  const res = await svc.api(path, init);
  return { status: res.status, body: (await res.json()) as Json };
}

async function updateMerchant(json: Json) {
  return call(`/v1/merchants/${merchantId}`, { method: "POST", key: owner, json });
}

async function createDeposit(amount: number, extra: Json = {}) {
  const r = await call("/v1/payment-intents", { method: "POST", json: { amount, currency: "usd", merchant_id: merchantId, payment_address_type: "deposit", ...extra } });
  expect(r.status).toBe(201);
  return r.body;
}

/** Pays `amount` USD to the intent's address from the sandbox payer (the test helper) and waits for its transaction. */
async function pay(intentId: string, amount: number) {
  const before = await transactionsOf(intentId);
  const r = await call(`/v1/test_helpers/payment_intents/${intentId}/pay`, { method: "POST", json: { amount } });
  expect(r.status).toBe(200);
  await waitFor(`a transaction of ${intentId}`, async () => (await transactionsOf(intentId)).length > before.length, 30_000);
}

function transactionsOf(intentId: string) {
  return sql()<{ id: string; amount_units: bigint; fee_status: string; payment_address: string; tx_hash: string }[]>`
    SELECT id, amount_units, fee_status, payment_address, tx_hash FROM app.transactions WHERE payment_intent_id = ${intentId} ORDER BY block_number, log_index`;
}

async function intent(id: string) {
  const r = await getJson(svc, `/v1/payment-intents/${id}`);
  expect(r.status).toBe(200);
  return r.body;
}

/** What the hosted page's script is told (public: no key). */
async function pageStatus(id: string): Promise<Json> {
  const res = await fetch(`${svc.apiUrl}/pay/${id}/status`);
  expect(res.status).toBe(200);
  return (await res.json()) as Json;
}

/** The little of the DOM the in-page wait reads (the test compiles without the DOM library). */
interface PageDom {
  document: { getElementById(id: string): { textContent: string | null } | null };
}

/**
 * A deposit intent's hosted page in Chromium, opened before any payment: the page's own script
 * (pay.js) takes it from "Awaiting payment" to "Partly paid" (what arrived, what is left; the QR and
 * wallet buttons, which ask for the whole amount, hidden) and then to "Payment confirmed", without
 * a reload. Screenshots of the partly paid page at a phone's size and a laptop's go to test/artifacts.
 */
async function watchPayPage(id: string) {
  if (SKIP_BROWSER) return undefined;
  const browser = await launchLocalBrowser();
  const page = await browser.context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  expect((await page.goto(`${svc.apiUrl}/pay/${id}`, { waitUntil: "load" }))?.status()).toBe(200);
  expect(await page.locator("#status-title").innerText()).toBe("Awaiting payment");
  expect(await page.locator("figure.qr").isVisible()).toBe(true);
  const title = (want: string) =>
    page.waitForFunction((w) => (globalThis as unknown as PageDom).document.getElementById("status-title")?.textContent === w, want, { timeout: 30_000, polling: 100 });
  return {
    async partlyPaid() {
      await title("Partly paid");
      expect(await page.locator("#status-detail").innerText()).toBe("12.000000 USDC has arrived. Send the remaining 8.000000 USDC to the same address; this page updates by itself.");
      expect(await page.locator("#send-line").innerText()).toBe("Still to send: 8.000000 USDC on Local sandbox chain (Anvil)");
      expect(await page.locator("#value").innerText()).toBe("8.000000");
      expect(await page.locator("#value-label").innerText()).toBe("Still to send (USDC)");
      expect(await page.locator("#address").isVisible()).toBe(true);
      expect(await page.locator("figure.qr").isVisible()).toBe(false);
      expect(await page.locator("#open-wallet").isVisible()).toBe(false);
      expect(await page.locator("#extra").isVisible()).toBe(false);
      for (const [w, h] of [[390, 844], [1280, 800]] as const) {
        await page.setViewportSize({ width: w, height: h });
        await page.screenshot({ path: join(ARTIFACTS, `pay-page-deposit-partial-${w}x${h}.png`), fullPage: true });
      }
    },
    async confirmed() {
      await title("Payment confirmed");
      expect(await page.locator("#pay").isVisible()).toBe(false);
      expect(await page.locator("#extra").isVisible()).toBe(false);
      expect(errors).toEqual([]);
      await browser.close();
    },
    close: () => browser.close(),
  };
}

function eventTypesOf(intentId: string) {
  return sql()<{ type: string }[]>`
    SELECT type FROM app.events WHERE data->>'id' = ${intentId} OR data->>'payment_intent_id' = ${intentId} ORDER BY created_at, type`;
}

describe("the merchant's settings", () => {
  test("default_payment_address_type and underpayment_tolerance: shown, settable, checked", async () => {
    const before = await call(`/v1/merchants/${merchantId}`, { key: owner });
    expect(before.body).toMatchObject({ default_payment_address_type: "shared", underpayment_tolerance: 0 });

    const set = await updateMerchant({ underpayment_tolerance: 0.5 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ default_payment_address_type: "shared", underpayment_tolerance: 0.5 });
    expect((await call(`/v1/merchants/${merchantId}`, { key: owner })).body).toEqual(set.body);
    const [row] = await sql()<{ t: string }[]>`SELECT underpayment_tolerance_units::text AS t FROM app.merchants WHERE id = ${merchantId}`;
    expect(row?.t).toBe("500000");

    for (const [json, param] of [
      [{ underpayment_tolerance: -1 }, "underpayment_tolerance"],
      [{ underpayment_tolerance: 0.001 }, "underpayment_tolerance"],
      [{ underpayment_tolerance: "1" }, "underpayment_tolerance"],
      [{ underpayment_tolerance: 10_000.01 }, "underpayment_tolerance"],
      [{ default_payment_address_type: "personal" }, "default_payment_address_type"],
      [{ default_payment_address_type: null }, "default_payment_address_type"],
    ] as const) {
      const r = await updateMerchant(json);
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect((r.body.error as Json).param, JSON.stringify(json)).toBe(param);
    }
    expect((await call(`/v1/merchants/${merchantId}`, { key: owner })).body).toMatchObject({ default_payment_address_type: "shared", underpayment_tolerance: 0.5 });
  });
});

describe("creating a deposit intent", () => {
  test("its own address (the CREATE2 address of the merchant's account and the intent), no tag, no reservation", async () => {
    const body = await createDeposit(12.5);
    expect(keysOf(body)).toEqual([...CREATE_FIELDS, "amount_received"].sort());
    const id = String(body.id);
    const expected = await intentDepositAddress(account, id);
    expect(body).toMatchObject({ status: "awaiting_payment", amount: 12.5, payment_address_type: "deposit", payment_address: expected, amount_received: 0 });
    expect(getAddress(String(body.payment_address))).not.toBe(getAddress(account));
    // The QR asks for exactly the amount.
    expect(String(body.qr_payload)).toEndWith(`/transfer?address=${expected}&uint256=12500000`);
    const [row] = await sql()<{ intent_id: string; merchant_id: string; owner_account: string }[]>`
      SELECT intent_id, merchant_id, owner_account FROM app.deposit_addresses WHERE address = ${expected.toLowerCase()}`;
    expect(row).toEqual({ intent_id: id, merchant_id: merchantId, owner_account: account.toLowerCase() });
    expect(await sql()`SELECT 1 FROM app.reservations WHERE intent_id = ${id}`).toHaveLength(0);

    // Get and list carry the type (and, for a deposit intent, what it received).
    expect(keysOf(await intent(id))).toEqual([...CREATE_FIELDS, "amount_received"].sort());
    const list = await getJson(svc, `/v1/payment-intents?merchant_id=${merchantId}&limit=5`);
    const item = (list.body.data as Json[]).find((i) => i.id === id);
    expect(keysOf(item)).toEqual([...LIST_ITEM_FIELDS, "amount_received"].sort());
    expect(item).toMatchObject({ payment_address_type: "deposit", amount_received: 0 });
  });

  test("one price, many open intents: every one asks for exactly the amount at an address of its own", async () => {
    const bodies = await Promise.all(Array.from({ length: 30 }, () => createDeposit(7)));
    expect(new Set(bodies.map((b) => b.payment_address)).size).toBe(30);
    for (const b of bodies) expect(String(b.qr_payload)).toEndWith("&uint256=7000000");
  });

  test("shared intents say so; the merchant's default applies when none is named", async () => {
    const shared = await call("/v1/payment-intents", { method: "POST", json: { amount: 3.21, currency: "usd", merchant_id: merchantId } });
    expect(shared.status).toBe(201);
    expect(keysOf(shared.body)).toEqual(CREATE_FIELDS);
    expect(shared.body).toMatchObject({ payment_address_type: "shared", payment_address: getAddress(account) });

    expect((await updateMerchant({ default_payment_address_type: "deposit" })).body).toMatchObject({ default_payment_address_type: "deposit" });
    // The create path caches merchant rows for 2 s.
    const byDefault = await waitFor("the merchant's default applied", async () => {
      const r = await call("/v1/payment-intents", { method: "POST", json: { amount: 3.21, currency: "usd", merchant_id: merchantId } });
      return r.body.payment_address_type === "deposit" ? r.body : undefined;
    }, 10_000, 200);
    expect(byDefault.payment_address).toBe(await intentDepositAddress(account, String(byDefault.id)));
    const named = await call("/v1/payment-intents", { method: "POST", json: { amount: 3.21, currency: "usd", merchant_id: merchantId, payment_address_type: "shared" } });
    expect(named.body).toMatchObject({ payment_address_type: "shared" });
    expect((await updateMerchant({ default_payment_address_type: "shared" })).status).toBe(200);
  });

  test("a bad payment_address_type is a 400, never a 500", async () => {
    for (const value of ["Deposit", "", 1, null, true, ["deposit"], { type: "deposit" }]) {
      const r = await call("/v1/payment-intents", { method: "POST", json: { amount: 1, currency: "usd", merchant_id: merchantId, payment_address_type: value } });
      expect(r.status, JSON.stringify(value)).toBe(400);
      expect((r.body.error as Json).param, JSON.stringify(value)).toBe("payment_address_type");
    }
  });

  test("an idempotency key binds the type it was sent with", async () => {
    const key = `dep-${crypto.randomUUID()}`;
    const first = await createDeposit(4, { idempotency_key: key });
    const again = await call("/v1/payment-intents", { method: "POST", json: { amount: 4, currency: "usd", merchant_id: merchantId, payment_address_type: "deposit", idempotency_key: key } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.id);
    const other = await call("/v1/payment-intents", { method: "POST", json: { amount: 4, currency: "usd", merchant_id: merchantId, payment_address_type: "shared", idempotency_key: key } });
    expect(other.status).toBe(409);
  });
});

describe("paying a deposit address", () => {
  test("short within the merchant's tolerance: confirmed, with what arrived recorded", async () => {
    expect((await updateMerchant({ underpayment_tolerance: 0.5 })).status).toBe(200);
    const created = await createDeposit(10);
    const id = String(created.id);
    await pay(id, 9.6);
    const done = await waitFor(`${id} confirmed`, async () => {
      const b = await intent(id);
      return b.status === "confirmed" ? b : undefined;
    });
    const split = splitFee(9_600_000n, 100);
    expect(done).toMatchObject({ status: "confirmed", amount: 10, amount_received: 9.6, net_amount: Number(split.netUnits) / 1e6, fee: Number(split.feeUnits) / 1e6 });
    const [txn] = await transactionsOf(id);
    expect(txn).toMatchObject({ amount_units: 9_600_000n, payment_address: String(created.payment_address) });
    expect(done.tx_hash).toBe(txn!.tx_hash);
    expect((await eventTypesOf(id)).map((e) => e.type)).toEqual(["payment_intent.confirmed", "transaction.created"]);
  });

  test("short beyond the tolerance: partial shown, then the rest confirms", async () => {
    expect((await updateMerchant({ underpayment_tolerance: 0.5 })).status).toBe(200);
    const id = String((await createDeposit(20)).id);
    const page = await watchPayPage(id);
    try {
      await pay(id, 12);
      const partial = await intent(id);
      expect(partial).toMatchObject({ status: "awaiting_payment", amount_received: 12 });
      expect((await eventTypesOf(id)).map((e) => e.type)).toEqual(["transaction.created"]);
      // The hosted page: part of the payment, not "another payment"; what is left to send.
      expect(await pageStatus(id)).toMatchObject({ status: "awaiting_payment", partial: { usdc_received: "12.000000", usdc_remaining: "8.000000" }, extra_payments: [] });
      await page?.partlyPaid();
      await pay(id, 7.75);
      const done = await waitFor(`${id} confirmed`, async () => {
        const b = await intent(id);
        return b.status === "confirmed" ? b : undefined;
      });
      expect(done).toMatchObject({ amount_received: 19.75 });
      const txns = await transactionsOf(id);
      expect(txns.map((t) => t.amount_units)).toEqual([12_000_000n, 7_750_000n]);
      expect(done.tx_hash).toBe(txns[1]!.tx_hash);
      // Both transfers made the payment: none is listed as another.
      const after = await pageStatus(id);
      expect(after).toMatchObject({ status: "confirmed", extra_payments: [] });
      expect(after.partial).toBeUndefined();
      await page?.confirmed();
    } finally {
      await page?.close();
    }
  });

  test("more than the amount: confirmed, the fee from the amount, the excess recorded", async () => {
    const id = String((await createDeposit(5)).id);
    await pay(id, 7);
    const done = await waitFor(`${id} confirmed`, async () => {
      const b = await intent(id);
      return b.status === "confirmed" ? b : undefined;
    });
    expect(done).toMatchObject({ amount: 5, amount_received: 7, fee: 0.05, net_amount: 4.95 });
  });

  test("after expiry: the payment stays the intent's, late (no confirmation), never another's", async () => {
    const id = String((await createDeposit(3)).id);
    // A second open intent of the same amount: a late payment must not go to it.
    const other = String((await createDeposit(3)).id);
    expect((await call(`/v1/test_helpers/payment_intents/${id}/expire`, { method: "POST" })).status).toBe(200);
    // The expirer waits until the matcher has covered a block past expires_at: mine blocks (automine chain).
    await waitFor(`${id} expired`, async () => {
      await rpc(svc, "evm_mine");
      return (await intent(id)).status === "expired";
    }, 30_000, 250);
    await pay(id, 3);
    const after = await intent(id);
    expect(after).toMatchObject({ status: "expired", amount_received: 3 });
    expect((await eventTypesOf(id)).map((e) => e.type)).toEqual(["payment_intent.expired", "transaction.created"]);
    expect(await intent(other)).toMatchObject({ status: "awaiting_payment", amount_received: 0 });
    expect(await transactionsOf(other)).toHaveLength(0);
  });

  test("a stranger's transfer to an address that is no deposit address is not kept, and the matcher goes on", async () => {
    const stranger = privateKeyToAccount(`0x${"42".repeat(32)}`).address as Address;
    await payer(svc).pay(stranger, 1_000_000n);
    const id = String((await createDeposit(2)).id);
    await pay(id, 2);
    await waitFor(`${id} confirmed`, async () => (await intent(id)).status === "confirmed");
    expect(await sql()`SELECT 1 FROM chain.usdc_transfer WHERE to_address = ${stranger.toLowerCase()}`).toHaveLength(0);
    expect(await sql()`SELECT 1 FROM app.transactions WHERE payment_address = ${stranger}`).toHaveLength(0);
  });

  // A thousand: about 11 s here (DEPOSIT_DUST sets another count).
  const dust = Number(process.env.DEPOSIT_DUST ?? 1000);
  test(`dust to ${dust} unused deposit addresses changes nothing: no intent confirms, nothing is swept, payments go on`, async () => {
    const bodies = await Promise.all(Array.from({ length: dust }, () => createDeposit(9)));
    const wallet = payer(svc);
    const chain = svc.ctx.chains.test!;
    const start = await chain.publicClient.getTransactionCount({ address: wallet.address, blockTag: "pending" });
    const hashes = await Promise.all(bodies.map((b, i) => wallet.send(b.payment_address as Address, 1n, start + i)));
    // All mined once the payer's mined count is past the last; then each receipt, asked once.
    await waitFor("the dust mined", async () => (await chain.publicClient.getTransactionCount({ address: wallet.address })) >= start + dust, 30_000 + dust * 60, 100);
    await Promise.all(hashes.map((hash) => minedReceipt(chain.publicClient, hash)));
    // A real payment after the dust confirms as usual.
    const id = String((await createDeposit(2)).id);
    await pay(id, 2);
    await waitFor(`${id} confirmed`, async () => (await intent(id)).status === "confirmed");
    const ids = bodies.map((b) => String(b.id));
    await waitFor("the dust recorded", async () => {
      const [r] = await sql()<{ n: number }[]>`SELECT count(*)::int AS n FROM app.transactions WHERE payment_intent_id = ANY (${ids}::text[])`;
      return r?.n === dust;
    }, 30_000 + dust * 60);
    const statuses = await sql()<{ status: string; received_units: bigint }[]>`SELECT status, received_units FROM app.payment_intents WHERE id = ANY (${ids}::text[])`;
    expect(statuses.every((r) => r.status === "awaiting_payment" && r.received_units === 1n)).toBe(true);
    await Bun.sleep(2_500); // a round of the service's sweeper or more
    const addresses = bodies.map((b) => String(b.payment_address).toLowerCase());
    expect(await sql()`SELECT 1 FROM app.deposit_sweep_requests WHERE address = ANY (${addresses}::text[])`).toHaveLength(0);
    expect(await sql()`SELECT 1 FROM app.transactions WHERE payment_intent_id = ANY (${ids}::text[]) AND fee_status <> 'awaiting_sweep'`).toHaveLength(0);
  }, 60_000 + dust * 300);

  test("the service sweeps a paid address into the account: accounting, never a second payment; then the fee is collected", async () => {
    const created = await createDeposit(6);
    const id = String(created.id);
    const address = String(created.payment_address).toLowerCase();
    await pay(id, 6);
    await waitFor(`${id} confirmed`, async () => (await intent(id)).status === "confirmed");
    const [sweep] = await waitFor("the sweep recorded", async () => {
      const rows = await sql()<{ tx_hash: string; amount_units: bigint; merchant_id: string }[]>`
        SELECT tx_hash, amount_units, merchant_id FROM app.deposit_sweeps WHERE deposit_address = ${address}`;
      return rows.length > 0 ? rows : undefined;
    }, 30_000);
    expect(sweep).toMatchObject({ amount_units: 6_000_000n, merchant_id: merchantId });
    const [request] = await sql()<{ tx_hash: string }[]>`SELECT tx_hash FROM app.deposit_sweep_requests WHERE address = ${address}`;
    expect(request?.tx_hash).toBe(sweep!.tx_hash);
    // The sweep's transfer into the account is not a payment.
    expect(await sql()`SELECT 1 FROM app.transactions WHERE tx_hash = ${sweep!.tx_hash}`).toHaveLength(0);
    const chain = svc.ctx.chains.test!;
    expect(await chain.publicClient.readContract({ address: chain.usdc, abi: usdcAbi, functionName: "balanceOf", args: [getAddress(address)] })).toBe(0n);
    // Its fee is then collected from the account, like any payment's.
    await waitFor("the fee collected from the account", async () => (await transactionsOf(id))[0]?.fee_status === "collected", 30_000);
    expect(await intent(id)).toMatchObject({ status: "confirmed", amount_received: 6 });

    // Its refund never goes by budget, even to the address it came from (an exchange's, most often):
    // it waits for the owner's signature, to the address the customer gives.
    expect((await call(`/v1/test_helpers/merchants/${merchantId}/refund_budget`, { method: "POST", json: { amount_per_day: 100 } })).status).toBe(200);
    const refunder = (await createApiKey(svc.ctx, { accountId: svc.sandbox.account_id, mode: "test", merchantId, refunds: true })).key;
    const sender = privateKeyToAccount(svc.sandbox.payer_private_key).address;
    const refund = await call("/v1/refunds", { method: "POST", key: refunder, json: { payment_intent: id, amount: 1, recipient_address: sender } });
    expect(refund.status).toBe(201);
    expect(refund.body.status).toBe("requires_approval");
  });

  test("the same address on the second chain: a transfer there is recorded on the intent without counting toward it, and swept there into the merchant's account", async () => {
    const created = await createDeposit(5);
    const id = String(created.id);
    const address = getAddress(String(created.payment_address));
    expect(created).toMatchObject({ chain: "base" });
    const arbitrum = svc.ctx.networks.find((c) => c.chainId === 31338)!;
    const wallet = createWalletClient({ chain: arbitrum.chain, transport: http(arbitrum.rpcHttpUrl), account: privateKeyToAccount(svc.sandbox.payer_private_key) });
    const hash = await wallet.writeContract({ address: arbitrum.usdc, abi: usdcAbi, functionName: "transfer", args: [address, 3_000_000n] });
    await arbitrum.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    const [recorded] = await waitFor("the arbitrum transfer recorded on the intent", async () => {
      const rows = await sql()<{ chain_id: number; amount_units: bigint }[]>`SELECT chain_id, amount_units FROM app.transactions WHERE tx_hash = ${hash.toLowerCase()}`;
      return rows.length > 0 ? rows : undefined;
    }, 30_000);
    expect(recorded).toMatchObject({ chain_id: 31338, amount_units: 3_000_000n });
    expect((await transactionsOf(id)).map((t) => t.tx_hash)).toEqual([hash.toLowerCase()]);
    // Another pair than the intent's (base, USDC): it does not count toward its amount.
    expect(await intent(id)).toMatchObject({ status: "awaiting_payment", amount_received: 0 });
    // Above the floor, it is swept on arbitrum into the merchant's account there (the same address as on base).
    const [sweep] = await waitFor("the sweep on arbitrum recorded", async () => {
      const rows = await sql()<{ chain_id: number; amount_units: bigint; tx_hash: string }[]>`
        SELECT chain_id, amount_units, tx_hash FROM app.deposit_sweeps WHERE deposit_address = ${address.toLowerCase()}`;
      return rows.length > 0 ? rows : undefined;
    }, 30_000);
    expect(sweep).toMatchObject({ chain_id: 31338, amount_units: 3_000_000n });
    expect(await arbitrum.publicClient.readContract({ address: arbitrum.usdc, abi: usdcAbi, functionName: "balanceOf", args: [address] })).toBe(0n);
    const receipt = await arbitrum.publicClient.getTransactionReceipt({ hash: sweep!.tx_hash as `0x${string}` });
    const into = parseEventLogs({ abi: usdcAbi, eventName: "Transfer", logs: receipt.logs }).filter((l) => l.args.from === address);
    expect(into.map((l) => [l.args.to, l.args.value])).toEqual([[getAddress(account), 3_000_000n]]);
  });

  test("dust below the floor waits; a stranger may sweep it anyway, and that is accounting too", async () => {
    const id = String((await createDeposit(20)).id);
    await pay(id, 0.5);
    const [txn] = await transactionsOf(id);
    expect(txn?.fee_status).toBe("awaiting_sweep");
    await Bun.sleep(3_000); // a round of the service's sweeper or more: not due (below the floor, intent not paid)
    expect((await transactionsOf(id))[0]?.fee_status).toBe("awaiting_sweep");

    // A stranger with some ETH sweeps it (the factory is deployed already: anyone may call it).
    const chain = svc.ctx.chains.test!;
    const stranger = privateKeyToAccount(generatePrivateKey());
    await rpc(svc, "anvil_setBalance", [stranger.address, "0x56BC75E2D63100000"]);
    const wallet = createWalletClient({ chain: chain.chain, transport: http(chain.rpcHttpUrl), account: stranger });
    const { factory, deployedNow } = await deployDepositFactory({ walletClient: wallet, publicClient: chain.publicClient as never });
    expect(deployedNow).toBe(false);
    const before = await chain.publicClient.readContract({ address: chain.usdc, abi: usdcAbi, functionName: "balanceOf", args: [account as Address] });
    const hash = await wallet.writeContract(deployAndSweepCall(factory, account as Address, depositIntentRef(id), chain.usdc));
    expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");
    const after = await chain.publicClient.readContract({ address: chain.usdc, abi: usdcAbi, functionName: "balanceOf", args: [account as Address] });
    expect(after - before).toBe(500_000n);

    await waitFor("the sweep recorded", async () => (await sql()`SELECT 1 FROM app.deposit_sweeps WHERE tx_hash = ${hash.toLowerCase()}`).length > 0, 30_000);
    expect(await sql()`SELECT 1 FROM app.transactions WHERE tx_hash = ${hash.toLowerCase()}`).toHaveLength(0);
    await waitFor("the fee collected from the account", async () => (await transactionsOf(id))[0]?.fee_status === "collected", 30_000);
    expect(await intent(id)).toMatchObject({ status: "awaiting_payment", amount_received: 0.5 });
  });
});

describe("deploying the deposit-address factory on a hosted chain", () => {
  test("CLI chain deploy-deposit-factory: needs a deployer key that is not the operator's; nothing sent when the factory is there", async () => {
    const command = commands["chain deploy-deposit-factory"]!;
    const chain = svc.ctx.chains.test!;
    const saved = process.env.DEPLOYER_PRIVATE_KEY;
    try {
      delete process.env.DEPLOYER_PRIVATE_KEY;
      await expect(command.run(svc.ctx, { mode: "test" })).rejects.toThrow(/DEPLOYER_PRIVATE_KEY/);
      process.env.DEPLOYER_PRIVATE_KEY = "0xnot-a-key";
      await expect(command.run(svc.ctx, { mode: "test" })).rejects.toThrow(/DEPLOYER_PRIVATE_KEY/);
      process.env.DEPLOYER_PRIVATE_KEY = svc.ctx.config.operatorPrivateKey;
      await expect(command.run(svc.ctx, { mode: "test" })).rejects.toThrow(/must not be the operator key/);
      await expect(command.run(svc.ctx, { mode: "live" })).rejects.toThrow(/no live chain/);
      const deployer = generatePrivateKey();
      process.env.DEPLOYER_PRIVATE_KEY = deployer;
      const before = await chain.publicClient.getTransactionCount({ address: privateKeyToAccount(deployer).address });
      expect(await command.run(svc.ctx, { mode: "test" })).toMatchObject({ chain_id: chain.chainId, factory: await depositFactoryAddress(), deployed_now: false });
      expect(await chain.publicClient.getTransactionCount({ address: privateKeyToAccount(deployer).address })).toBe(before);
      expect(await chain.publicClient.getCode({ address: await depositFactoryAddress() })).toMatch(/^0x[0-9a-f]{100,}$/);
    } finally {
      if (saved === undefined) delete process.env.DEPLOYER_PRIVATE_KEY;
      else process.env.DEPLOYER_PRIVATE_KEY = saved;
    }
  });
});
