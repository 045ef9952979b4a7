/**
 * Who may refund, and to whom, on the real stack (Postgres, anvil, Ponder, the matcher, the fee
 * collector and the refund sender; real HTTP):
 * - a refund to an address that did not pay is never paid from the owner's refund budget: it waits
 *   for the owner's signature (and the dashboard says, next to the approval button, that the
 *   recipient is not the payer); a refund to the payer is paid from the budget at once;
 * - a budget refund to a non-payer left pending from before that rule is not sent: it goes back to
 *   waiting for the owner's signature;
 * - refunds are a permission of their own on API keys: a key without it gets 403 in the error
 *   shape on every refund write; reads stay open to it;
 * - keys that existed before the permission keep refunding (migration 0022 replayed in a scratch
 *   schema over a key of the old shape).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createWalletClient, getAddress, http, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { startTestService, type TestService } from "./support/service.ts";
import { createIntent, payer, waitFor } from "./support/payments.ts";
import { dashboardUser } from "./support/dashboard-client.ts";
import { usdcBalance } from "./support/settlement-fixtures.ts";
import { merchantAccountV2Abi } from "../contracts/abis.ts";
import { createApiKey, onboardMerchant } from "../src/modules/merchants/onboarding.ts";
import { RefundSender } from "../src/workers/refund-sender.ts";

type Json = Record<string, any>;
let svc: TestService;
let sender: RefundSender | undefined;
const PAYOUT: Address = getAddress("0x00000000000000000000000000000000000ba5e3");

beforeAll(async () => {
  svc = await startTestService({ roles: ["api", "indexer", "matcher", "fee_collector"] });
  sender = new RefundSender(svc.ctx, { pollMs: 100, retryBaseMs: 200 });
  sender.start();
});
afterAll(async () => {
  await sender?.stop();
  await svc?.stop();
});

const chain = () => svc.ctx.chains.test!;
const key = () => svc.sandbox.test_key_unscoped;
const stranger = () => privateKeyToAccount(generatePrivateKey()).address;
const payerAddress = () => privateKeyToAccount(svc.sandbox.payer_private_key).address;

async function call(path: string, init: { method?: string; json?: unknown; key?: string; body?: string; headers?: Record<string, string> } = {}) {
  const res = await svc.api(path, { method: init.method ?? "GET", json: init.json, key: init.key ?? key(), body: init.body, headers: init.headers });
  return { status: res.status, body: (await res.json()) as Json };
}

async function v2Merchant(name: string) {
  return onboardMerchant(svc.ctx, {
    accountIds: [svc.sandbox.account_id],
    mode: "test",
    businessName: name,
    email: "owner@refunds.example",
    bankName: "First Sandbox Bank",
    bankLast4: "4321",
    schedule: { kind: "manual" },
    ownerAddress: privateKeyToAccount(svc.ctx.config.sandboxPayerPrivateKey).address,
    payoutAddress: PAYOUT,
    accountVersion: 2,
  });
}

async function payOne(merchantId: string, amount: number): Promise<{ intent: string; transaction: string }> {
  const intent = await createIntent(svc, { amount, merchantId, key: key() });
  await payer(svc).pay(intent.paymentAddress, intent.expectedUnits);
  return waitFor(`${intent.id} confirmed, fee collected`, async () => {
    const [t] = await svc.ctx.database.sql<{ id: string }[]>`
      SELECT id FROM app.transactions WHERE payment_intent_id = ${intent.id} AND status = 'confirmed' AND fee_status = 'collected'`;
    return t ? { intent: intent.id, transaction: t.id } : undefined;
  }, 60_000, 50);
}

async function waitStatus(id: string, status: string, timeoutMs = 30_000): Promise<Json> {
  return waitFor(`refund ${id} ${status}`, async () => {
    const r = await call(`/v1/refunds/${id}`);
    return r.body.status === status ? r.body : undefined;
  }, timeoutMs, 50);
}

const budgetLeft = (account: string) =>
  chain().publicClient.readContract({ address: getAddress(account), abi: merchantAccountV2Abi, functionName: "refundBudgetAvailable", args: [chain().usdc] });

test("a refund to an address that did not pay is not paid from the budget: it waits for the owner's signature, and the dashboard says so next to the button", async () => {
  const m = await v2Merchant("Payer Only Pantry");
  const paid = await payOne(m.id, 10);
  expect((await call(`/v1/test_helpers/merchants/${m.id}/refund_budget`, { method: "POST", json: { amount_per_day: 100 } })).status).toBe(200);
  const budgetBefore = await budgetLeft(m.paymentAddress!);
  expect(budgetBefore).toBe(100_000_000n);

  // To someone else: within the budget, yet it waits for the owner.
  const thief = stranger();
  const toThief = await call("/v1/refunds", { method: "POST", json: { payment_intent: paid.intent, amount: 3, recipient_address: thief } });
  expect(toThief.status).toBe(201);
  expect(toThief.body.status).toBe("requires_approval");
  await Bun.sleep(1_500); // the sender polls every 100 ms: nothing of it may move meanwhile
  expect((await call(`/v1/refunds/${toThief.body.id}`)).body.status).toBe("requires_approval");
  expect(await usdcBalance(svc.ctx, thief)).toBe(0n);
  expect(await budgetLeft(m.paymentAddress!)).toBe(budgetBefore);

  // The dashboard's approval says plainly, next to the button, that the recipient is not the payer.
  const admin = (await dashboardUser(svc, svc.sandbox.account_id, "admin")).client;
  const page = await (await admin.req(`/dashboard/payments/${paid.intent}?mode=test`)).text();
  const warning = page.indexOf('data-testid="not-payer"');
  expect(warning).toBeGreaterThan(-1);
  expect(page.slice(warning, warning + 400)).toContain(`Not the payer: this refund goes to ${thief}`);
  expect(page.slice(warning, warning + 1_000)).toContain("Approve with the owner's wallet");
  const list = await (await admin.req(`/dashboard/refunds?mode=test&merchant=${m.id}`)).text();
  expect(list).toContain(`Not the payer: this refund goes to ${thief}`);

  // Back to the payer: paid from the budget at once.
  const before = await usdcBalance(svc.ctx, payerAddress());
  const toPayer = await call("/v1/refunds", { method: "POST", json: { payment_intent: paid.intent, amount: 2, recipient_address: payerAddress().toLowerCase() } });
  expect(toPayer.body.status).toBe("pending");
  await waitStatus(toPayer.body.id, "succeeded");
  expect((await usdcBalance(svc.ctx, payerAddress())) - before).toBe(2_000_000n);
  expect(await budgetLeft(m.paymentAddress!)).toBe(budgetBefore - 2_000_000n);
  const listed = await (await admin.req(`/dashboard/payments/${paid.intent}?mode=test`)).text();
  expect(listed.match(/data-testid="not-payer"/g)?.length).toBe(1); // the payer's refund carries no warning

  // The owner's signature pays the stranger's refund (the signed path, not the budget).
  expect((await call(`/v1/test_helpers/refunds/${toThief.body.id}/approve`, { method: "POST" })).status).toBe(200);
  await waitStatus(toThief.body.id, "succeeded");
  expect(await usdcBalance(svc.ctx, thief)).toBe(3_000_000n);
  expect(await budgetLeft(m.paymentAddress!)).toBe(budgetBefore - 2_000_000n);
  const [row] = await svc.ctx.database.sql<{ method: string }[]>`SELECT method FROM app.refunds WHERE id = ${toThief.body.id}`;
  expect(row!.method).toBe("signed");
}, 120_000);

test("a budget refund to a non-payer left pending from before the rule is not sent: it goes back to the owner's approval", async () => {
  const m = await v2Merchant("Legacy Budget Bakery");
  const paid = await payOne(m.id, 5);
  expect((await call(`/v1/test_helpers/merchants/${m.id}/refund_budget`, { method: "POST", json: { amount_per_day: 100 } })).status).toBe(200);
  const to = stranger();
  const created = await call("/v1/refunds", { method: "POST", json: { payment_intent: paid.intent, amount: 1, recipient_address: to } });
  expect(created.body.status).toBe("requires_approval");
  // What such a row looked like when a budget refund could go anywhere.
  await svc.ctx.database.sql`UPDATE app.refunds SET status = 'pending', method = 'budget' WHERE id = ${created.body.id}`;
  const back = await waitStatus(created.body.id, "requires_approval");
  expect(back.tx_hash).toBeNull();
  expect(await usdcBalance(svc.ctx, to)).toBe(0n);
  expect(await budgetLeft(m.paymentAddress!)).toBe(100_000_000n);
}, 120_000);

test("refunds are a permission of their own: a key without it gets 403 on every refund write; reads stay open", async () => {
  const m = await v2Merchant("Permission Parlour");
  const paid = await payOne(m.id, 4);
  const plain = (await createApiKey(svc.ctx, { accountId: svc.sandbox.account_id, mode: "test" })).key;
  const refunder = (await createApiKey(svc.ctx, { accountId: svc.sandbox.account_id, mode: "test", refunds: true })).key;

  // It still creates intents.
  expect((await call("/v1/payment-intents", { method: "POST", key: plain, json: { amount: 1, currency: "usd", merchant_id: m.id } })).status).toBe(201);
  const body = { payment_intent: paid.intent, amount: 1, recipient_address: payerAddress() };
  const denied = await call("/v1/refunds", { method: "POST", key: plain, json: body });
  expect(denied.status).toBe(403);
  expect(Object.keys(denied.body)).toEqual(["error"]);
  expect(Object.keys(denied.body.error).sort()).toEqual(["code", "message", "type"]);
  expect(denied.body.error).toMatchObject({ type: "invalid_request_error", code: "permission_missing" });
  expect(denied.body.error.message).toContain("refund permission");
  // Nothing was created.
  const [n] = await svc.ctx.database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.refunds WHERE merchant_id = ${m.id}`;
  expect(n!.n).toBe(0);

  const made = await call("/v1/refunds", { method: "POST", key: refunder, json: { ...body, recipient_address: stranger() } });
  expect(made.status).toBe(201);
  const id = made.body.id as string;
  for (const path of [`/v1/refunds/${id}/cancel`, `/v1/refunds/${id}/approve`]) {
    const r = await call(path, { method: "POST", key: plain, json: path.endsWith("approve") ? { signature: "0x00", deadline: 1 } : {} });
    expect({ path, status: r.status, code: r.body.error?.code }).toEqual({ path, status: 403, code: "permission_missing" });
  }
  const read = await call(`/v1/refunds/${id}`, { key: plain });
  expect({ status: read.status, refund: read.body.status ?? read.body }).toEqual({ status: 200, refund: "requires_approval" });
  expect((await call(`/v1/refunds?merchant_id=${m.id}`, { key: plain })).status).toBe(200);
  expect((await call(`/v1/refunds/${id}/authorization`, { key: plain })).status).toBe(200);
  expect((await call(`/v1/refunds/${id}/cancel`, { method: "POST", key: refunder })).body.status).toBe("cancelled");
  // The swagger documents the 403 on each write.
  const doc = (await (await svc.api("/swagger/json", {})).json()) as Json;
  expect(doc.paths["/v1/refunds"].post.responses["403"]).toBeDefined();
  expect(doc.paths["/v1/refunds/{id}/cancel"].post.responses["403"]).toBeDefined();
}, 120_000);

test("keys that existed before the permission keep refunding; keys created after it do not, unless given it", async () => {
  const sql = svc.ctx.database.sql;
  const migration = readFileSync(join(import.meta.dir, "../src/db/migrations/0022_api_key_refund_permission.sql"), "utf8");
  const schema = `scratch_${Math.random().toString(36).slice(2, 10)}`;
  try {
    // The api_keys table as it was before the migration, with a key in it.
    await sql.unsafe(`CREATE SCHEMA ${schema}; CREATE TABLE ${schema}.api_keys (LIKE app.api_keys INCLUDING DEFAULTS); ALTER TABLE ${schema}.api_keys DROP COLUMN can_refund;`);
    await sql.unsafe(`INSERT INTO ${schema}.api_keys (id, account_id, mode, key_hash, key_hint) VALUES ('key_old', 'acct_x', 'test', '\\x01', 'sk_test_…old1')`);
    await sql.unsafe(migration.replaceAll("app.api_keys", `${schema}.api_keys`));
    await sql.unsafe(`INSERT INTO ${schema}.api_keys (id, account_id, mode, key_hash, key_hint) VALUES ('key_new', 'acct_x', 'test', '\\x02', 'sk_test_…new1')`);
    const rows = await sql.unsafe(`SELECT id, can_refund FROM ${schema}.api_keys ORDER BY id`);
    expect(rows.map((r) => [r.id, r.can_refund])).toEqual([["key_new", false], ["key_old", true]]);
  } finally {
    await sql.unsafe(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  }
  // On the service: the demo's keys (and any key the migration found) refund; a key made since refunds only when asked.
  const [demo] = await sql<{ can_refund: boolean }[]>`SELECT can_refund FROM app.api_keys WHERE revoked_at IS NULL ORDER BY created_at LIMIT 1`;
  expect(demo!.can_refund).toBe(true);
  const m = await v2Merchant("Old Key Outfitters");
  const paid = await payOne(m.id, 3);
  const made = await createApiKey(svc.ctx, { accountId: svc.sandbox.account_id, mode: "test" });
  const old = made.key;
  expect((await call("/v1/refunds", { method: "POST", key: old, json: { payment_intent: paid.intent, amount: 1, recipient_address: payerAddress() } })).status).toBe(403);
  // What the migration gave every key it found: the right it had.
  await sql`UPDATE app.api_keys SET can_refund = true WHERE id = ${made.id}`;
  await Bun.sleep(2_100); // the authenticator's cache
  expect((await call("/v1/refunds", { method: "POST", key: old, json: { payment_intent: paid.intent, amount: 1, recipient_address: payerAddress() } })).status).toBe(201);
  expect((await call("/v1/refunds", { method: "POST", json: { payment_intent: paid.intent, amount: 1, recipient_address: payerAddress() } })).status).toBe(201);
}, 120_000);

test("approvals are checked against the account's owner on chain, not the one stored at onboarding", async () => {
  const m = await v2Merchant("New Owner Noodles");
  const paid = await payOne(m.id, 6);
  const to = stranger();
  const created = await call("/v1/refunds", { method: "POST", json: { payment_intent: paid.intent, amount: 2, recipient_address: to } });
  expect(created.body.status).toBe("requires_approval");
  const id = created.body.id as string;
  // The owner hands the account to a new key on chain; the service's record still names the old one.
  const oldOwner = privateKeyToAccount(svc.ctx.config.sandboxPayerPrivateKey);
  const newOwner = privateKeyToAccount(generatePrivateKey());
  const wallet = createWalletClient({ account: oldOwner, chain: chain().chain, transport: http(chain().rpcHttpUrl) });
  const hash = await wallet.writeContract({ address: getAddress(m.paymentAddress!), abi: merchantAccountV2Abi, functionName: "transferOwnership", args: [newOwner.address] });
  expect((await chain().publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");

  const auth = await call(`/v1/refunds/${id}/authorization`);
  expect(auth.body.signer).toBe(newOwner.address);
  const td = auth.body.typed_data;
  const typed = { domain: td.domain, types: { Refund: td.types.Refund }, primaryType: "Refund" as const, message: { ...td.message, amount: BigInt(td.message.amount), deadline: BigInt(td.message.deadline) } };
  // The old owner's signature would be refused by the contract: refused here, nothing sent.
  const stale = await call(`/v1/refunds/${id}/approve`, { method: "POST", json: { signature: await oldOwner.signTypedData(typed), deadline: auth.body.deadline } });
  expect({ status: stale.status, code: stale.body.error?.code, param: stale.body.error?.param }).toEqual({ status: 400, code: "parameter_invalid", param: "signature" });
  expect((await call(`/v1/refunds/${id}`)).body.status).toBe("requires_approval");
  const ok = await call(`/v1/refunds/${id}/approve`, { method: "POST", json: { signature: await newOwner.signTypedData(typed), deadline: auth.body.deadline } });
  expect(ok.body.status).toBe("pending");
  await waitStatus(id, "succeeded");
  expect(await usdcBalance(svc.ctx, to)).toBe(2_000_000n);
}, 120_000);
