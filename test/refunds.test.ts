/**
 * Refunds on the real stack: Postgres, anvil, Ponder, the matcher and the fee collector,
 * real HTTP. Merchants are onboarded with account version 2 and the sandbox payer as their owner
 * (the owner key the sandbox knows); payments are real USDC transfers confirmed by the matcher.
 * The refund sender runs in this process (started and stopped by the tests), so the crash test can
 * run its own in a child process.
 *
 * - every status: requires_approval -> (owner's signature) pending -> succeeded; pending at once
 *   under a budget (back to the payer: test/refund-permissions.test.ts has the other recipients); failed (an expired authorization); cancelled (and approving it then is refused);
 * - partial refunds up to the total, then over-refund refused; amount_refunded on the intent and
 *   the transaction; `available` drops by what refunds take;
 * - the distinct 400s: intent not paid, bad address, merchant on account v1, more than the account
 *   holds (a settled payment's money is at the bank);
 * - two concurrent refunds of one payment: one wins when both cannot;
 * - a refund racing a settlement run, and a run while a refund waits for approval: never the same money;
 * - kill -9 between signing and sending, and between sending and confirming: paid once, not lost;
 * - a refund in USDT and one on the second sandbox chain (arbitrum); the dashboard's refund form;
 * - every answer matches the schema /swagger documents.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import Ajv2020 from "ajv/dist/2020.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createWalletClient, getAddress, http, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { startTestService, type TestService } from "./support/service.ts";
import { createIntent, payer, waitFor } from "./support/payments.ts";
import { workerChildEnv } from "./support/child-env.ts";
import { dashboardUser } from "./support/dashboard-client.ts";
import { tokenBalance, usdcBalance } from "./support/settlement-fixtures.ts";
import { merchantAccountV2Abi, usdcAbi } from "../contracts/abis.ts";
import { onboardMerchant } from "../src/modules/merchants/onboarding.ts";
import { computeMerchantBalance } from "../src/modules/merchants/balance.ts";
import { merchants } from "../src/db/schema/core.ts";
import { eq } from "drizzle-orm";
import { cashOut } from "../src/modules/settlements/service.ts";
import { RefundSender } from "../src/workers/refund-sender.ts";
import { approveRefund, loadRefund, refundRef, refundTypedData } from "../src/modules/refunds/service.ts";
import { refundTransition, REFUND_STATUSES, REFUND_TRIGGERS } from "../src/domain/refund-status.ts";
import { newId } from "../src/domain/ids.ts";
import { eventEnvelope } from "../src/modules/outbox/outbox.ts";
import { lockMerchantMoney, MERCHANT_MONEY_LOCK_CLASS } from "../src/modules/merchants/available.ts";

type Json = Record<string, any>;
let svc: TestService;
let sender: RefundSender | undefined;
const PAYOUT: Address = getAddress("0x00000000000000000000000000000000000ba5e3");

beforeAll(async () => {
  svc = await startTestService({ roles: ["api", "indexer", "matcher", "fee_collector"] });
  startSender();
});
afterAll(async () => {
  await sender?.stop();
  await svc?.stop();
});

function startSender() {
  sender = new RefundSender(svc.ctx, { pollMs: 100, retryBaseMs: 200 });
  sender.start();
}
async function stopSender() {
  await sender?.stop();
  sender = undefined;
}

const chain = () => svc.ctx.chains.test!;
const key = () => svc.sandbox.test_key_unscoped;
const newRecipient = () => privateKeyToAccount(generatePrivateKey()).address;
/** The address that paid every payment here: the only recipient a budget refund may have. */
const payerAddress = () => privateKeyToAccount(svc.sandbox.payer_private_key).address;

/** Every answer of the API in this file, checked against /swagger/json by the last test. */
const answers: Array<{ method: string; path: string; status: number; body: unknown }> = [];

async function call(path: string, init: { method?: string; json?: unknown; key?: string; headers?: Record<string, string> } = {}) {
  const method = init.method ?? "GET";
  const res = await svc.api(path, { method, json: init.json, key: init.key ?? key(), headers: init.headers });
  const body = (await res.json()) as Json;
  answers.push({ method, path, status: res.status, body });
  return { status: res.status, body, headers: res.headers };
}
const refund = (json: Json, headers?: Record<string, string>) => call("/v1/refunds", { method: "POST", json, headers });

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

/** Pays `amounts` (USD) to the merchant, one intent each, and waits until each is confirmed with its fee collected. */
async function pay(merchantId: string, amounts: number[]): Promise<Array<{ intent: string; transaction: string }>> {
  const intents = [];
  for (const amount of amounts) {
    const intent = await createIntent(svc, { amount, merchantId, key: key() });
    await payer(svc).pay(intent.paymentAddress, intent.expectedUnits);
    intents.push(intent.id);
  }
  return Promise.all(
    intents.map((id) =>
      waitFor(`${id} confirmed, fee collected`, async () => {
        const [t] = await svc.ctx.database.sql<{ id: string }[]>`
          SELECT id FROM app.transactions WHERE payment_intent_id = ${id} AND status = 'confirmed' AND fee_status = 'collected'`;
        return t ? { intent: id, transaction: t.id } : undefined;
      }, 60_000, 50),
    ),
  );
}

async function waitStatus(id: string, status: string, timeoutMs = 30_000): Promise<Json> {
  return waitFor(`refund ${id} ${status}`, async () => {
    const r = await call(`/v1/refunds/${id}`);
    if (r.body.status === "failed" && status !== "failed") throw new Error(`refund ${id} failed: ${r.body.failure_reason}`);
    return r.body.status === status ? r.body : undefined;
  }, timeoutMs, 50);
}

async function eventsOf(id: string): Promise<string[]> {
  const rows = await svc.ctx.database.sql<{ type: string }[]>`SELECT type FROM app.events WHERE data->>'id' = ${id} ORDER BY created_at, id`;
  return rows.map((r) => r.type);
}

async function budget(merchantId: string, amount: number) {
  const r = await call(`/v1/test_helpers/merchants/${merchantId}/refund_budget`, { method: "POST", json: { amount_per_day: amount } });
  expect(r.status).toBe(200);
  return r.body;
}

const available = async (merchantId: string) => (await call(`/v1/merchants/${merchantId}/balance`)).body.available as number;

/** Refunded logs of a refund on its account: the chain's count of how often it was paid. */
async function paidOnChain(account: string, refundId: string) {
  return chain().publicClient.getContractEvents({ address: getAddress(account), abi: merchantAccountV2Abi, eventName: "Refunded", args: { refundId: refundRef(refundId) }, fromBlock: 0n, strict: true });
}

test("the state machine: each trigger from each status (table)", () => {
  const table = Object.fromEntries(REFUND_STATUSES.map((s) => [s, Object.fromEntries(REFUND_TRIGGERS.map((t) => [t, refundTransition(s, t) ?? null]))]));
  expect(table).toEqual({
    requires_approval: { approved: "pending", budget_short: null, confirmed: null, failed: null, cancel: "cancelled", paid_late: null },
    pending: { approved: null, budget_short: "requires_approval", confirmed: "succeeded", failed: "failed", cancel: null, paid_late: null },
    succeeded: { approved: null, budget_short: null, confirmed: null, failed: null, cancel: null, paid_late: null },
    failed: { approved: null, budget_short: null, confirmed: null, failed: null, cancel: null, paid_late: "succeeded" },
    cancelled: { approved: null, budget_short: null, confirmed: null, failed: null, cancel: null, paid_late: null },
  });
});

describe("one v2 merchant", () => {
  let m: Awaited<ReturnType<typeof v2Merchant>>;
  let paid: Array<{ intent: string; transaction: string }>;

  beforeAll(async () => {
    m = await v2Merchant("Refund Roastery");
    // One intent per amount: each pays its amount exactly (no tag).
    paid = await pay(m.id, [9, 10, 11, 12, 25]);
  }, 120_000);

  test("requires_approval, approved by the owner, succeeded: the customer is paid, amount_refunded and available follow", async () => {
    const to = newRecipient();
    const before = await available(m.id);
    const created = await refund({ payment_intent: paid[0]!.intent, amount: 4, recipient_address: to.toLowerCase(), reason: "requested_by_customer", metadata: { ticket: "T-1" } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^re_/),
      object: "refund",
      status: "requires_approval",
      amount: 4,
      currency: "usd",
      payment_intent: paid[0]!.intent,
      transaction: paid[0]!.transaction,
      merchant_id: m.id,
      chain: "base",
      token: "USDC",
      recipient_address: to,
      reason: "requested_by_customer",
      metadata: { ticket: "T-1" },
      tx_hash: null,
      failure_reason: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const id = created.body.id as string;
    // Set aside at once: refundable and available both drop, before anything is sent.
    expect(await available(m.id)).toBeCloseTo(before - 4, 6);
    expect((await call(`/v1/payment-intents/${paid[0]!.intent}`)).body.amount_refunded).toBe(4);
    expect((await call(`/v1/transactions/${paid[0]!.transaction}`)).body.amount_refunded).toBe(4);

    const approved = await call(`/v1/test_helpers/refunds/${id}/approve`, { method: "POST" });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe("pending");
    const done = await waitStatus(id, "succeeded");
    expect(done.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await usdcBalance(svc.ctx, to)).toBe(4_000_000n);
    const logs = await paidOnChain(m.paymentAddress!, id);
    expect(logs.length).toBe(1);
    expect(logs[0]!.transactionHash).toBe(done.tx_hash);
    expect(logs[0]!.args).toMatchObject({ to, amount: 4_000_000n, by: privateKeyToAccount(svc.ctx.config.sandboxPayerPrivateKey).address });
    expect(await eventsOf(id)).toEqual(["refund.created", "refund.updated", "refund.succeeded"]);
    // Listed with its intent; the intent's other refunds none.
    const list = await call(`/v1/refunds?payment_intent=${paid[0]!.intent}`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ object: "list", has_more: false, total_count: 1 });
    expect(list.body.data[0]).toEqual(done);
    // Approving it again is refused: it is not waiting any more.
    expect((await call(`/v1/test_helpers/refunds/${id}/approve`, { method: "POST" })).body.error.code).toBe("refund_not_approvable");
  }, 60_000);

  test("under a budget: pending at once, partial refunds up to the total, then over-refund refused", async () => {
    const granted = await budget(m.id, 500);
    expect(granted).toMatchObject({ object: "refund_budget", merchant_id: m.id, chain: "base", token: "USDC", amount_per_day: 500, available: 500 });
    const to = payerAddress();
    const before = await usdcBalance(svc.ctx, to);
    const first = await refund({ payment_intent: paid[1]!.intent, amount: 2.5, recipient_address: to });
    expect(first.status).toBe(201);
    expect(first.body.status).toBe("pending");
    const second = await refund({ transaction: paid[1]!.transaction, amount: 3.5, recipient_address: to });
    expect(second.body.status).toBe("pending");
    // No amount: the rest of what was received (the platform fee is not returned: the whole 10).
    const rest = await refund({ payment_intent: paid[1]!.intent, recipient_address: to });
    expect(rest.status).toBe(201);
    expect(rest.body.amount).toBe(4);
    for (const r of [first, second, rest]) await waitStatus(r.body.id, "succeeded");
    expect((await usdcBalance(svc.ctx, to)) - before).toBe(10_000_000n);
    expect((await call(`/v1/payment-intents/${paid[1]!.intent}`)).body.amount_refunded).toBe(10);
    expect(await eventsOf(first.body.id)).toEqual(["refund.created", "refund.succeeded"]);
    const over = await refund({ payment_intent: paid[1]!.intent, amount: 0.01, recipient_address: to });
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({ code: "amount_exceeds_refundable", param: "amount" });
    // Over what is left of another payment.
    const tooMuch = await refund({ payment_intent: paid[2]!.intent, amount: 11.01, recipient_address: to });
    expect(tooMuch.body.error).toMatchObject({ code: "amount_exceeds_refundable", param: "amount" });
    // The budget is spent as the contract counts it.
    const left = await chain().publicClient.readContract({ address: getAddress(m.paymentAddress!), abi: merchantAccountV2Abi, functionName: "refundBudgetAvailable", args: [chain().usdc] });
    expect(left).toBe(490_000_000n);
  }, 60_000);

  test("a budget refund whose row was rewritten to another recipient (payer = recipient in the row): the chain shows no such payment, so nothing is paid from the budget", async () => {
    await budget(m.id, 500);
    await stopSender();
    const created = await refund({ payment_intent: paid[2]!.intent, amount: 1, recipient_address: payerAddress() });
    expect(created.body.status).toBe("pending");
    const id = created.body.id as string;
    // A writer of the database names another address as both the payer and the recipient.
    const thief = newRecipient();
    await svc.ctx.database.sql`UPDATE app.refunds SET recipient_address = ${thief.toLowerCase()}, payer_address = ${thief.toLowerCase()} WHERE id = ${id}`;
    startSender();
    const back = await waitStatus(id, "requires_approval");
    expect(back.tx_hash).toBeNull();
    expect(await usdcBalance(svc.ctx, thief)).toBe(0n);
    const [row] = await svc.ctx.database.sql<{ tx_hash: string | null }[]>`SELECT tx_hash FROM app.refunds WHERE id = ${id}`;
    expect(row!.tx_hash).toBeNull();
    expect((await call(`/v1/refunds/${id}/cancel`, { method: "POST" })).body.status).toBe("cancelled");
  }, 60_000);

  test("cancelled before it is sent: refundable again; approving it then is refused; a pending one cannot be cancelled; the other spelling is accepted on input only", async () => {
    expect((await budget(m.id, 0)).amount_per_day).toBe(0);
    const to = newRecipient();
    const created = await refund({ payment_intent: paid[2]!.intent, amount: 6, recipient_address: to });
    expect(created.body.status).toBe("requires_approval");
    const id = created.body.id as string;
    const cancelled = await call(`/v1/refunds/${id}/cancel`, { method: "POST" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("cancelled");
    // Listed under either spelling (the other is accepted on input for one release), answered in one.
    for (const spelling of ["cancelled", "canceled"]) {
      const listed = await call(`/v1/refunds?payment_intent=${paid[2]!.intent}&status=${spelling}`);
      expect(listed.status).toBe(200);
      const data = listed.body.data as Json[];
      expect(data.map((r) => r.id)).toContain(id);
      expect(new Set(data.map((r) => r.status))).toEqual(new Set(["cancelled"]));
    }
    const [event] = await svc.ctx.database.sql<{ data: { status: string } }[]>`SELECT data FROM app.events WHERE data->>'id' = ${id} AND type = 'refund.updated'`;
    expect(event!.data.status).toBe("cancelled");
    // A process of the previous release (a rolling upgrade) writing the other spelling: stored as this one.
    const [written] = await svc.ctx.database.sql<{ status: string }[]>`UPDATE app.refunds SET status = 'canceled' WHERE id = ${id} RETURNING status`;
    expect(written!.status).toBe("cancelled");
    // Migration 0039 on this refund as the previous release stored it (its row and its event spelled `canceled`;
    // the other refunds of this file already say `cancelled`, so the constraint in between takes both).
    const migration = readFileSync(join(import.meta.dir, "../src/db/migrations/0039_refund_status_cancelled.sql"), "utf8");
    await svc.ctx.database.sql.begin(async (tx) => {
      await tx.unsafe(`DROP TRIGGER refund_status_spelling ON app.refunds; DROP FUNCTION app.refund_status_spelling();
        ALTER TABLE app.refunds DROP CONSTRAINT refunds_status_check;
        ALTER TABLE app.refunds ADD CONSTRAINT refunds_status_check CHECK (status IN ('requires_approval', 'pending', 'succeeded', 'failed', 'canceled', 'cancelled'))`);
      await tx`UPDATE app.refunds SET status = 'canceled' WHERE id = ${id}`;
      await tx`UPDATE app.events SET data = jsonb_set(data, '{status}', '"canceled"') WHERE data->>'id' = ${id} AND type = 'refund.updated'`;
      await tx.unsafe(migration);
    });
    const [migrated] = await svc.ctx.database.sql<{ status: string }[]>`SELECT status FROM app.refunds WHERE id = ${id}`;
    expect(migrated!.status).toBe("cancelled");
    const [rewritten] = await svc.ctx.database.sql<{ data: { status: string } }[]>`SELECT data FROM app.events WHERE data->>'id' = ${id} AND type = 'refund.updated'`;
    expect(rewritten!.data.status).toBe("cancelled");
    expect((await call(`/v1/refunds/${id}`)).body.status).toBe("cancelled");
    expect((await call(`/v1/payment-intents/${paid[2]!.intent}`)).body.amount_refunded).toBe(0);
    const approve = await call(`/v1/test_helpers/refunds/${id}/approve`, { method: "POST" });
    expect(approve.status).toBe(409);
    expect(approve.body.error.code).toBe("refund_not_approvable");
    expect(approve.body.error.message).toContain("'cancelled'");
    const again = await call(`/v1/refunds/${id}/cancel`, { method: "POST" });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("refund_not_cancellable");
    expect(await eventsOf(id)).toEqual(["refund.created", "refund.updated"]);
    // All 11 refundable again (two of 6 would not fit: the second is refused).
    const a = await refund({ payment_intent: paid[2]!.intent, amount: 6, recipient_address: to });
    const b = await refund({ payment_intent: paid[2]!.intent, amount: 6, recipient_address: to });
    expect([a.status, b.status]).toEqual([201, 400]);
    // Approved over the API with the owner's wallet: what to sign, then the signature.
    const auth = await call(`/v1/refunds/${a.body.id}/authorization`);
    expect(auth.status).toBe(200);
    expect(auth.body).toMatchObject({ object: "refund_authorization", refund: a.body.id, signer: privateKeyToAccount(svc.ctx.config.sandboxPayerPrivateKey).address });
    const td = auth.body.typed_data;
    const typed = { domain: td.domain, types: { Refund: td.types.Refund }, primaryType: "Refund" as const, message: { ...td.message, amount: BigInt(td.message.amount), deadline: BigInt(td.message.deadline) } };
    const stranger = await privateKeyToAccount(generatePrivateKey()).signTypedData(typed);
    const refused = await call(`/v1/refunds/${a.body.id}/approve`, { method: "POST", json: { signature: stranger, deadline: auth.body.deadline } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "parameter_invalid", param: "signature" });
    const ownerSig = await privateKeyToAccount(svc.ctx.config.sandboxPayerPrivateKey).signTypedData(typed);
    expect((await call(`/v1/refunds/${a.body.id}/approve`, { method: "POST", json: { signature: ownerSig, deadline: 1_000 } })).body.error).toMatchObject({ code: "parameter_invalid", param: "deadline" });
    expect((await call(`/v1/refunds/${a.body.id}/approve`, { method: "POST", json: { deadline: auth.body.deadline } })).body.error).toMatchObject({ code: "parameter_missing", param: "signature" });
    const ok = await call(`/v1/refunds/${a.body.id}/approve`, { method: "POST", json: { signature: ownerSig, deadline: auth.body.deadline } });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe("pending");
    expect((await call(`/v1/refunds/${a.body.id}/authorization`)).status).toBe(409);
    // A pending refund is being paid: not cancellable.
    const late = await call(`/v1/refunds/${a.body.id}/cancel`, { method: "POST" });
    expect(late.body.error?.code ?? late.body.status).toMatch(/refund_not_cancellable/);
    await waitStatus(a.body.id, "succeeded");
    expect(await usdcBalance(svc.ctx, to)).toBe(6_000_000n);
  }, 60_000);

  /** The owner's signature of refund `id`, valid `seconds` from the chain's time (negative: expired). */
  async function signed(id: string, seconds: number): Promise<[Hex, Date]> {
    const r = (await loadRefund(svc.ctx.database.sql, id))!;
    const now = (await chain().publicClient.getBlock()).timestamp;
    const deadline = now + BigInt(seconds);
    const signature = await privateKeyToAccount(svc.ctx.config.sandboxPayerPrivateKey).signTypedData(refundTypedData(r, deadline));
    return [signature, new Date(Number(deadline) * 1000)];
  }

  test("failed: an authorization that expired before it was submitted pays nothing; the amount is refundable again", async () => {
    const to = newRecipient();
    const created = await refund({ payment_intent: paid[3]!.intent, amount: 3, recipient_address: to });
    expect(created.body.status).toBe("requires_approval");
    const id = created.body.id as string;
    await approveRefund(svc.ctx, (await loadRefund(svc.ctx.database.sql, id))!, ...(await signed(id, -60)));
    const failed = await waitStatus(id, "failed");
    expect(failed.failure_reason).toContain("expired");
    expect(failed.tx_hash).toBeNull();
    expect(await usdcBalance(svc.ctx, to)).toBe(0n);
    expect((await paidOnChain(m.paymentAddress!, id)).length).toBe(0);
    expect(await eventsOf(id)).toEqual(["refund.created", "refund.updated", "refund.failed"]);
    expect((await call(`/v1/transactions/${paid[3]!.transaction}`)).body.amount_refunded).toBe(0);
  }, 60_000);

  test("the dashboard: an admin refunds from the payment's page (recipient offered, not assumed), approves as the owner in the sandbox; a viewer sees no form", async () => {
    const admin = (await dashboardUser(svc, svc.sandbox.account_id, "admin")).client;
    const viewer = (await dashboardUser(svc, svc.sandbox.account_id, "viewer")).client;
    const url = `/dashboard/payments/${paid[3]!.intent}?mode=test`;
    const html = await (await admin.req(url)).text();
    const payerAddress = privateKeyToAccount(svc.sandbox.payer_private_key).address;
    expect(html).toContain("Refunds");
    expect(html).toContain(`name="recipient" required spellcheck="false" value="${payerAddress}"`);
    expect(html).toContain("Prefilled with the address that paid");
    expect(await (await viewer.req(url)).text()).not.toContain("/refund?mode");
    const csrf = /name="csrf" value="([^"]*)"/.exec(html)![1]!;
    const idempotencyKey = /name="idempotency_key" value="([^"]*)"/.exec(html)![1]!;
    const to = newRecipient();
    const refused = await admin.req(`/dashboard/payments/${paid[3]!.intent}/refund?mode=test`, { form: { csrf, idempotency_key: idempotencyKey, amount: "1.5", recipient: "0x123", reason: "duplicate" } });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Invalid recipient_address");
    const form = { csrf, idempotency_key: idempotencyKey, amount: "1.5", recipient: to, reason: "duplicate" };
    for (let i = 0; i < 2; i++) expect((await admin.req(`/dashboard/payments/${paid[3]!.intent}/refund?mode=test`, { form })).status).toBe(303);
    const mine = await svc.ctx.database.sql<{ id: string; status: string; reason: string }[]>`SELECT id, status, reason FROM app.refunds WHERE recipient_address = ${to}`;
    expect(mine.length).toBe(1); // sent twice, refunded once
    expect(mine[0]).toMatchObject({ status: "requires_approval", reason: "duplicate" });
    const listed = await (await admin.req(url)).text();
    expect(listed).toContain("Approve as the owner (sandbox)");
    expect((await admin.req(`/dashboard/payments/${paid[3]!.intent}/refunds/approve?mode=test`, { form: { csrf, refund: mine[0]!.id } })).status).toBe(303);
    await waitStatus(mine[0]!.id, "succeeded");
    expect(await usdcBalance(svc.ctx, to)).toBe(1_500_000n);
  }, 30_000);

  test("two concurrent refunds of one payment that cannot both be paid: exactly one wins; idempotent replays create nothing", async () => {
    const to = newRecipient();
    const both = await Promise.all([
      refund({ payment_intent: paid[4]!.intent, amount: 15, recipient_address: to }),
      refund({ payment_intent: paid[4]!.intent, amount: 15, recipient_address: to }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(both.find((r) => r.status === 400)!.body.error.code).toBe("amount_exceeds_refundable");
    expect((await call(`/v1/transactions/${paid[4]!.transaction}`)).body.amount_refunded).toBe(15);
    const headers = { "Idempotency-Key": `refund-${newId("refund")}` };
    const [x, y] = await Promise.all([refund({ payment_intent: paid[4]!.intent, amount: 1, recipient_address: to }, headers), refund({ payment_intent: paid[4]!.intent, amount: 1, recipient_address: to }, headers)]);
    expect([x.status, y.status].sort()).toEqual([200, 201]);
    expect(x.body.id).toBe(y.body.id);
    expect((x.status === 200 ? x : y).headers.get("idempotent-replayed")).toBe("true");
    const reused = await refund({ payment_intent: paid[4]!.intent, amount: 2, recipient_address: to }, headers);
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe("idempotency_key_reused");
    expect((await call(`/v1/transactions/${paid[4]!.transaction}`)).body.amount_refunded).toBe(16);
  }, 30_000);

  test("refused with their own code, nothing created: not paid, bad address, unknown or foreign objects, bad parameters", async () => {
    const to = newRecipient();
    const open = await createIntent(svc, { amount: 3, merchantId: m.id, key: key() });
    const count = async () => (await svc.ctx.database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.refunds WHERE merchant_id = ${m.id}`)[0]!.n;
    const before = await count();
    const cases: Array<[Json, string, string | undefined]> = [
      [{ payment_intent: open.id, recipient_address: to }, "intent_not_paid", "payment_intent"],
      [{ payment_intent: paid[3]!.intent, recipient_address: "0x123" }, "recipient_address_invalid", "recipient_address"],
      [{ payment_intent: paid[3]!.intent, recipient_address: "0x0000000000000000000000000000000000000000" }, "recipient_address_invalid", "recipient_address"],
      // A checksum with one letter's case changed.
      [{ payment_intent: paid[3]!.intent, recipient_address: "0x70997970c51812dc3A010C7d01b50e0d17dc79C8" }, "recipient_address_invalid", "recipient_address"],
      [{ payment_intent: paid[3]!.intent, recipient_address: m.paymentAddress }, "recipient_address_invalid", "recipient_address"],
      [{ payment_intent: paid[3]!.intent }, "parameter_missing", "recipient_address"],
      [{ recipient_address: to }, "parameter_missing", "payment_intent"],
      [{ payment_intent: "pi_doesnotexist00000000000000", recipient_address: to }, "resource_missing", "payment_intent"],
      [{ transaction: "txn_doesnotexist0000000000000", recipient_address: to }, "resource_missing", "transaction"],
      [{ payment_intent: paid[3]!.intent, transaction: paid[2]!.transaction, recipient_address: to }, "parameter_invalid", "transaction"],
      [{ payment_intent: paid[3]!.intent, amount: 0, recipient_address: to }, "amount_out_of_range", "amount"],
      [{ payment_intent: paid[3]!.intent, amount: 1.0000001, recipient_address: to }, "parameter_invalid", "amount"],
      [{ payment_intent: paid[3]!.intent, amount: "1", recipient_address: to }, "parameter_invalid", "amount"],
      [{ payment_intent: paid[3]!.intent, reason: "because", recipient_address: to }, "parameter_invalid", "reason"],
      [{ payment_intent: paid[3]!.intent, charge: "ch_1", recipient_address: to }, "parameter_unknown", "charge"],
      [{ payment_intent: 123, recipient_address: to }, "parameter_invalid", "payment_intent"],
      [{ payment_intent: paid[3]!.intent, recipient_address: 5 }, "parameter_invalid", "recipient_address"],
      [{ payment_intent: paid[3]!.intent, recipient_address: to, metadata: "x" }, "metadata_invalid", "metadata"],
      [{ payment_intent: paid[3]!.intent, recipient_address: to, amount: -1 }, "amount_out_of_range", "amount"],
      [{ payment_intent: paid[3]!.intent, recipient_address: to, amount: 1e20 }, "amount_out_of_range", "amount"],
    ];
    for (const [json, code, param] of cases) {
      const r = await refund(json);
      expect({ json, status: r.status, code: r.body.error?.code, param: r.body.error?.param }).toEqual({ json, status: 400, code, param });
    }
    // Another account's key does not see the payment.
    const other = await (await import("../src/modules/merchants/onboarding.ts")).createIntegratorAccount(svc.ctx, "Other integrator");
    const otherKey = (await (await import("../src/modules/merchants/onboarding.ts")).createApiKey(svc.ctx, { accountId: other.id, mode: "test", refunds: true })).key;
    const foreign = await call("/v1/refunds", { method: "POST", key: otherKey, json: { payment_intent: paid[3]!.intent, recipient_address: to } });
    expect(foreign.body.error).toMatchObject({ code: "resource_missing", param: "payment_intent" });
    expect(foreign.status).toBe(400);
    expect(await count()).toBe(before);
    // Reads and lists: another account's refund is 404; the list needs a merchant or an intent.
    const mine = (await call(`/v1/refunds?merchant_id=${m.id}&limit=2`)).body;
    expect(mine).toMatchObject({ object: "list", has_more: true });
    expect(mine.total_count).toBeGreaterThanOrEqual(6);
    const next = (await call(`/v1/refunds?merchant_id=${m.id}&limit=2&starting_after=${mine.data[1].id}`)).body;
    expect(next.data[0].id).not.toBe(mine.data[1].id);
    expect((await call(`/v1/refunds/${mine.data[0].id}`, { key: otherKey })).status).toBe(404);
    expect((await call("/v1/refunds")).body.error).toMatchObject({ code: "parameter_missing", param: "merchant_id" });
    expect((await call(`/v1/refunds?payment_intent=${paid[0]!.intent}`, { key: otherKey })).status).toBe(404);
    expect((await call(`/v1/refunds?merchant_id=${m.id}&status=succeeded`)).body.data.every((r: Json) => r.status === "succeeded")).toBe(true);
    for (const [q, param] of [["limit=0", "limit"], ["starting_after=re_nothere000000000000000000", "starting_after"], ["status=done", "status"], ["page=2", "page"]] as const) {
      const bad = await call(`/v1/refunds?merchant_id=${m.id}&${q}`);
      expect({ q, status: bad.status, param: bad.body.error?.param }).toEqual({ q, status: 400, param });
    }
    const notJson = await svc.api("/v1/refunds", { method: "POST", key: key(), headers: { "content-type": "application/json" }, body: "{nope" });
    expect(notJson.status).toBe(400);
  }, 30_000);

  test("the data teams' views: each refund paid has its refund_paid row (by the owner or the operator), the budget its grants and its revocation, a cancelled refund id its row; a failed refund none", async () => {
    const sql = svc.ctx.database.sql;
    const account = m.paymentAddress!.toLowerCase();
    const owner = privateKeyToAccount(svc.ctx.config.sandboxPayerPrivateKey);
    const operator = chain().operator.account.address.toLowerCase();
    const refunds = await sql<{ id: string; status: string; amount_units: bigint; recipient_address: string; tx_hash: string | null; payment_ref: string }[]>`
      SELECT id, status, amount_units, recipient_address, tx_hash, payment_ref FROM app.refunds WHERE merchant_id = ${m.id} ORDER BY created_at`;
    const succeeded = refunds.filter((r) => r.status === "succeeded");
    expect(succeeded.length).toBeGreaterThan(3);
    const rowsOf = (refundRefs: string[]) => sql.unsafe<Json[]>(`SELECT * FROM chain.refund_paid WHERE merchant_account = $1 AND refund_ref = ANY($2) ORDER BY block_number, log_index`, [account, refundRefs]);
    const rows = await waitFor("refund_paid rows", async () => {
      const r = await rowsOf(succeeded.map((x) => refundRef(x.id)));
      return r.length === succeeded.length ? r : undefined;
    }, 20_000, 100);
    for (const r of succeeded) {
      const row = rows.find((x) => x.refund_ref === refundRef(r.id))!;
      expect(Number(row.chain_id)).toBe(chain().chainId);
      expect(row).toMatchObject({ transaction_hash: r.tx_hash, payment_ref: r.payment_ref.toLowerCase(), token_address: chain().usdc.toLowerCase(), to_address: r.recipient_address.toLowerCase() });
      expect(BigInt(row.amount)).toBe(BigInt(r.amount_units));
      expect([owner.address.toLowerCase(), operator]).toContain(row.by_address);
    }
    // Both kinds of authorization are there: the owner's signature and the operator's budget.
    expect(new Set(rows.map((x) => x.by_address))).toEqual(new Set([owner.address.toLowerCase(), operator]));
    const failed = refunds.filter((r) => r.status === "failed");
    expect(failed.length).toBeGreaterThan(0);
    expect((await rowsOf(failed.map((x) => refundRef(x.id)))).length).toBe(0);

    // The owner withdraws a refund id on chain, then revokes the budget: both are indexed.
    const wallet = createWalletClient({ account: owner, chain: chain().chain, transport: http(chain().rpcHttpUrl) });
    const cancelledId = newId("refund");
    const cancel = await wallet.writeContract({ address: getAddress(account), abi: merchantAccountV2Abi, functionName: "cancelRefund", args: [refundRef(cancelledId)] });
    const cancelReceipt = await chain().publicClient.waitForTransactionReceipt({ hash: cancel });
    expect(cancelReceipt.status).toBe("success");
    await budget(m.id, 0);
    const budgetRows = await waitFor("refund_budget_changed revoked", async () => {
      const r = await sql.unsafe<Json[]>(`SELECT * FROM chain.refund_budget_changed WHERE merchant_account = $1 ORDER BY block_number, log_index`, [account]);
      // The revocation sent above: after the cancellation (an earlier test may have revoked one too).
      return r.at(-1)?.kind === "revoked" && BigInt(r.at(-1)!.block_number) > cancelReceipt.blockNumber ? r : undefined;
    }, 20_000, 100);
    expect(budgetRows[0]).toMatchObject({ kind: "granted", token_address: chain().usdc.toLowerCase() });
    expect(BigInt(budgetRows[0]!.amount_per_24h)).toBe(500_000_000n);
    expect(BigInt(budgetRows[0]!.until_timestamp)).toBeGreaterThan(BigInt(Math.floor(Date.now() / 1000)));
    expect(budgetRows.at(-1)).toMatchObject({ kind: "revoked", amount_per_24h: null, until_timestamp: null });
    const cancelled = await waitFor("refund_cancelled row", async () => {
      const r = await sql.unsafe<Json[]>(`SELECT * FROM chain.refund_cancelled WHERE merchant_account = $1 AND transaction_hash = $2`, [account, cancel]);
      return r.length > 0 ? r : undefined;
    }, 20_000, 100);
    expect(cancelled.map((c) => [c.refund_ref, c.transaction_hash])).toEqual([[refundRef(cancelledId), cancel]]);
  }, 60_000);

  test("every SQL example of the data teams' guide runs on these views, and its balance per account and token is what the chain holds", async () => {
    const sql = svc.ctx.database.sql;
    const guide = readFileSync(join(import.meta.dir, "../docs/data-teams.md"), "utf8");
    const statements = [...guide.matchAll(/```sql\n([\s\S]*?)```/g)]
      .flatMap((m) => m[1]!.split(/;\s*(?:\n|$)/))
      .map((x) => x.replace(/^\s*--.*$/gm, "").trim())
      .filter((x) => x.length > 0);
    expect(statements.length).toBeGreaterThanOrEqual(8);
    const results = new Map<string, Json[]>();
    for (const statement of statements) results.set(statement, await sql.unsafe<Json[]>(statement));
    const balanceQuery = statements.find((x) => x.includes("AS balance"))!;
    const account = m.paymentAddress!.toLowerCase();
    // What the indexer has seen must be all of this account's history before the figures can agree.
    await waitFor("indexer past the latest block", async () => {
      const head = await chain().publicClient.getBlockNumber();
      const [c] = await sql<{ n: string }[]>`SELECT block_number::text AS n FROM chain.chain_checkpoint WHERE chain_id = ${chain().chainId}`;
      return c && BigInt(c.n) >= head ? true : undefined;
    }, 20_000, 100);
    const rows = (await sql.unsafe<Json[]>(balanceQuery)).filter((r) => r.merchant_account === account);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const onChain = await chain().publicClient.readContract({ address: getAddress(row.token_address), abi: usdcAbi, functionName: "balanceOf", args: [getAddress(account)] });
      expect({ token: row.token_address, units: Math.round(Number(row.balance) * 1e6) }).toEqual({ token: row.token_address, units: Number(onChain) });
    }
  }, 60_000);
});

test("a merchant on account v1 is refused with the way to v2; nothing of theirs is touched", async () => {
  const v1 = await onboardMerchant(svc.ctx, {
    accountIds: [svc.sandbox.account_id],
    mode: "test",
    businessName: "Old Account Cafe",
    email: "owner@refunds.example",
    bankName: "First Sandbox Bank",
    bankLast4: "4321",
    schedule: { kind: "manual" },
    ownerAddress: privateKeyToAccount(svc.ctx.config.sandboxPayerPrivateKey).address,
    payoutAddress: PAYOUT,
    accountVersion: 1,
  });
  const merchantId = v1.id;
  const intent = await createIntent(svc, { amount: 2.5, merchantId, key: key() });
  await payer(svc).pay(intent.paymentAddress, intent.expectedUnits);
  await waitFor("the v1 payment confirmed", async () => (await call(`/v1/payment-intents/${intent.id}`)).body.status === "confirmed", 30_000, 50);
  const r = await refund({ payment_intent: intent.id, recipient_address: newRecipient() });
  expect(r.status).toBe(400);
  expect(r.body.error.code).toBe("account_version_unsupported");
  expect(r.body.error.message).toContain("version 2");
  expect(r.body.error.message).toContain("nothing in it is lost");
  expect((await call(`/v1/test_helpers/merchants/${merchantId}/refund_budget`, { method: "POST", json: { amount_per_day: 5 } })).body.error.code).toBe("account_version_unsupported");
  const [n] = await svc.ctx.database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.refunds WHERE merchant_id = ${merchantId}`;
  expect(n!.n).toBe(0);
  expect((await call(`/v1/payment-intents/${intent.id}`)).body.amount_refunded).toBe(0);
}, 30_000);

/**
 * Runs `first` and `second` at once, making them reach the merchant's money lock in that order: the
 * lock is held meanwhile by a transaction of this test, released once both wait for it.
 */
async function inLockOrder<A, B>(merchantId: string, first: () => Promise<A>, second: () => Promise<B>): Promise<[A, B]> {
  const sql = svc.ctx.database.sql;
  const waiting = async (n: number) =>
    waitFor(`${n} waiting for the merchant's money lock`, async () => {
      const [r] = await sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND classid::bigint = ${MERCHANT_MONEY_LOCK_CLASS}`;
      return r!.n >= n;
    }, 20_000, 10);
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const held = new Promise<void>((r) => (locked = r));
  const holder = sql.begin(async (tx) => {
    await lockMerchantMoney(tx, merchantId);
    locked();
    await released;
  });
  await held;
  const a = first();
  await waiting(1);
  const b = second();
  await waiting(2);
  release();
  await holder;
  return Promise.all([a, b]);
}

test("a refund in USDT: paid in the payment's token; budgets are per token", async () => {
  const m = await v2Merchant("Tether Refunds");
  const created = await call("/v1/payment-intents", { method: "POST", json: { amount: 20, currency: "usd", merchant_id: m.id, token: "USDT" } });
  expect(created.status).toBe(201);
  const intent = created.body.id as string;
  expect((await call(`/v1/test_helpers/payment_intents/${intent}/pay`, { method: "POST" })).status).toBe(200);
  await waitFor("the USDT payment confirmed, fee collected", async () => {
    const [t] = await svc.ctx.database.sql`SELECT 1 FROM app.transactions WHERE payment_intent_id = ${intent} AND fee_status = 'collected'`;
    return !!t;
  }, 60_000, 50);
  // A USDC budget does not cover a USDT refund.
  expect((await call(`/v1/test_helpers/merchants/${m.id}/refund_budget`, { method: "POST", json: { amount_per_day: 100 } })).body.token).toBe("USDC");
  const to = newRecipient();
  const first = await refund({ payment_intent: intent, amount: 5, recipient_address: to });
  expect(first.body).toMatchObject({ status: "requires_approval", token: "USDT", chain: "base" });
  expect((await call(`/v1/merchants/${m.id}/balance?chain=base&token=USDT`)).body.available).toBe(19.8 - 5);
  const usdtBudget = await call(`/v1/test_helpers/merchants/${m.id}/refund_budget`, { method: "POST", json: { amount_per_day: 100, token: "USDT" } });
  expect(usdtBudget.body).toMatchObject({ token: "USDT", amount_per_day: 100, available: 100 });
  // Within the budget and back to the payer: paid at once.
  const usdtBefore = await tokenBalance(svc.ctx, "USDT", payerAddress());
  const second = await refund({ payment_intent: intent, amount: 4, recipient_address: payerAddress() });
  expect(second.body.status).toBe("pending");
  expect((await call(`/v1/test_helpers/refunds/${first.body.id}/approve`, { method: "POST" })).status).toBe(200);
  await waitStatus(first.body.id, "succeeded");
  await waitStatus(second.body.id, "succeeded");
  expect(await tokenBalance(svc.ctx, "USDT", to)).toBe(5_000_000n);
  expect((await tokenBalance(svc.ctx, "USDT", payerAddress())) - usdtBefore).toBe(4_000_000n);
  expect(await tokenBalance(svc.ctx, "USDC", to)).toBe(0n);
  expect((await call(`/v1/payment-intents/${intent}`)).body.amount_refunded).toBe(9);
}, 60_000);

test("a refund on the second sandbox chain (arbitrum): read, budgeted and paid on the payment's chain", async () => {
  const arbitrum = svc.ctx.networks.find((c) => c.chainId !== chain().chainId && c.mode === "test")!;
  expect(arbitrum).toBeDefined();
  const m = await v2Merchant("Two Chain Refunds");
  const created = await call("/v1/payment-intents", { method: "POST", json: { amount: 8, currency: "usd", merchant_id: m.id, chain: "arbitrum" } });
  expect(created.status).toBe(201);
  const intent = created.body.id as string;
  expect((await call(`/v1/test_helpers/payment_intents/${intent}/pay`, { method: "POST" })).status).toBe(200);
  await waitFor("the arbitrum payment confirmed, fee collected", async () => {
    const [t] = await svc.ctx.database.sql`SELECT 1 FROM app.transactions WHERE payment_intent_id = ${intent} AND fee_status = 'collected'`;
    return !!t;
  }, 60_000, 50);
  const granted = await call(`/v1/test_helpers/merchants/${m.id}/refund_budget`, { method: "POST", json: { amount_per_day: 50, chain: "arbitrum" } });
  expect(granted.body).toMatchObject({ chain: "arbitrum", token: "USDC", available: 50 });
  const to = payerAddress();
  const balanceOn = (c: typeof arbitrum) => c.publicClient.readContract({ address: c.usdc, abi: usdcAbi, functionName: "balanceOf", args: [to] });
  const [onArbitrum, onBase] = [await balanceOn(arbitrum), await balanceOn(chain())];
  const r = await refund({ payment_intent: intent, amount: 3, recipient_address: to });
  expect(r.body).toMatchObject({ status: "pending", chain: "arbitrum" });
  const done = await waitStatus(r.body.id, "succeeded");
  expect((await balanceOn(arbitrum)) - onArbitrum).toBe(3_000_000n);
  expect(await balanceOn(chain())).toBe(onBase);
  expect(await arbitrum.publicClient.getTransactionReceipt({ hash: done.tx_hash })).toMatchObject({ status: "success" });
}, 60_000);

describe("refunds and settlement runs never spend the same money", () => {
  test("a settled payment's money is at the bank: refused for the account's balance; a refund waiting for approval is kept out of a run", async () => {
    const m = await v2Merchant("Settled Bakery");
    const [a] = await pay(m.id, [10]);
    const s1 = await cashOut(svc.ctx, m.id);
    expect(s1?.state).not.toBe("failed");
    const short = await refund({ payment_intent: a!.intent, amount: 5, recipient_address: newRecipient() });
    expect(short.status).toBe(400);
    expect(short.body.error).toMatchObject({ code: "insufficient_account_balance", param: "amount" });

    // New money: a refund waiting for approval sets its amount aside; the run takes the rest.
    const [b] = await pay(m.id, [20]);
    const to = newRecipient();
    const waiting = await refund({ payment_intent: b!.intent, amount: 7, recipient_address: to });
    expect(waiting.body.status).toBe("requires_approval");
    const dropped = await refund({ payment_intent: b!.intent, amount: 2, recipient_address: to });
    expect(await available(m.id)).toBeCloseTo(19.8 - 9, 6);
    const s2 = await cashOut(svc.ctx, m.id);
    expect(s2).toMatchObject({ amountUnits: 10_800_000n, withdrawalUnits: 10_800_000n, refundUnits: 9_000_000n });
    expect(s2!.state).not.toBe("failed");
    expect(await available(m.id)).toBe(0);
    // Cancelled after the run set it aside: its money is in the account and available again.
    expect((await call(`/v1/refunds/${dropped.body.id}/cancel`, { method: "POST" })).body.status).toBe("cancelled");
    expect(await available(m.id)).toBe(2);
    // Approved after the run: paid from what the run left in the account.
    expect((await call(`/v1/test_helpers/refunds/${waiting.body.id}/approve`, { method: "POST" })).status).toBe(200);
    await waitStatus(waiting.body.id, "succeeded");
    expect(await usdcBalance(svc.ctx, to)).toBe(7_000_000n);
    expect(await usdcBalance(svc.ctx, m.paymentAddress!)).toBe(2_000_000n);
    expect(await available(m.id)).toBe(2);
    // The ledger reconciles with the chain: received - fees - withdrawn - refunded = what the account holds.
    const [row] = await svc.ctx.database.db.select().from(merchants).where(eq(merchants.id, m.id));
    await waitFor("a reconciled balance", async () => (await computeMerchantBalance(svc.ctx, row!)).reconciled === true, 30_000, 100);
  }, 90_000);

  for (const first of ["refund", "settlement"] as const) {
    test(`a refund and a settlement run at once, the ${first} first: together they take what was available, and both transactions pay`, async () => {
      const m = await v2Merchant(`Racing Deli ${first}`);
      await budget(m.id, 100);
      const paid = await pay(m.id, [10, 11]);
      expect(await available(m.id)).toBe(20.79);
      const to = payerAddress();
      const before = await usdcBalance(svc.ctx, to);
      // The refund takes half of what is available, the run all of it: the second gets only what the first left.
      const doRefund = () => refund({ payment_intent: paid[1]!.intent, amount: 10.395, recipient_address: to });
      const doRun = () => cashOut(svc.ctx, m.id);
      const [r, s] = first === "refund" ? await inLockOrder(m.id, doRefund, doRun) : (await inLockOrder(m.id, doRun, doRefund)).reverse() as [Awaited<ReturnType<typeof doRefund>>, Awaited<ReturnType<typeof doRun>>];
      expect(s!.state).not.toBe("failed");
      if (first === "refund") {
        expect(r.status).toBe(201);
        expect(r.body.status).toBe("pending");
        await waitStatus(r.body.id, "succeeded");
        expect(s!.amountUnits).toBe(10_395_000n);
        expect(s!.withdrawalUnits).toBe(10_395_000n);
        expect((await usdcBalance(svc.ctx, to)) - before).toBe(10_395_000n);
      } else {
        expect(r.status).toBe(400);
        expect(r.body.error.code).toBe("insufficient_account_balance");
        expect(s!.amountUnits).toBe(20_790_000n);
      }
      // Everything that left matches what was there: nothing left over, nothing reverted.
      expect(await usdcBalance(svc.ctx, PAYOUT) >= s!.withdrawalUnits).toBe(true);
      expect(await usdcBalance(svc.ctx, m.paymentAddress!)).toBe(0n);
      expect(await available(m.id)).toBe(0);
    }, 60_000);
  }
});

describe("kill -9 of the refund sender", () => {
  for (const killAt of ["signed", "sent"] as const) {
    test(`between ${killAt === "signed" ? "signing and sending" : "sending and confirming"}: paid once after the restart, nothing lost`, async () => {
      const m = await v2Merchant(`Crash ${killAt}`);
      await budget(m.id, 100);
      const [p] = await pay(m.id, [5]);
      await stopSender();
      try {
        const to = payerAddress();
        const before = await usdcBalance(svc.ctx, to);
        const created = await refund({ payment_intent: p!.intent, amount: 3, recipient_address: to });
        expect(created.body.status).toBe("pending");
        const id = created.body.id as string;
        const child = Bun.spawn([process.execPath, "test/support/refund-child.ts"], {
          cwd: `${import.meta.dir}/..`,
          env: workerChildEnv(svc, { KILL_AT: killAt }),
          stdout: "pipe",
          stderr: "inherit",
        });
        await child.exited;
        expect(await new Response(child.stdout).text()).toContain(`killed at ${killAt}`);
        expect(child.signalCode).toBe("SIGKILL");
        // Recorded before it was sent: the refund knows its transaction.
        const row = (await loadRefund(svc.ctx.database.sql, id))!;
        expect(row.status).toBe("pending");
        expect(row.txHash).toMatch(/^0x/);
        const onNode = await chain().publicClient.getTransaction({ hash: row.txHash as Hex }).catch(() => null);
        // signed: the node never got it (the journal has it); sent: the node has it (mined: anvil automines).
        expect(onNode === null).toBe(killAt === "signed");
        startSender();
        const done = await waitStatus(id, "succeeded", 60_000);
        expect(done.tx_hash).toBe(row.txHash);
        const logs = await paidOnChain(m.paymentAddress!, id);
        expect(logs.length).toBe(1);
        expect((await usdcBalance(svc.ctx, to)) - before).toBe(3_000_000n);
        expect(await eventsOf(id)).toEqual(["refund.created", "refund.succeeded"]);
      } finally {
        if (!sender) startSender();
      }
    }, 90_000);
  }
});

test("every answer above matches the schema /swagger documents for its route and status", async () => {
  const doc = (await (await svc.api("/swagger/json", { key: null })).json()) as Json;
  const routes = Object.entries(doc.paths as Record<string, Json>).map(([path, item]) => ({ item, re: new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/?]+")}(\\?.*)?$`) }));
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  const seen = new Set<string>();
  for (const a of answers) {
    const route = routes.find((r) => r.re.test(a.path));
    const schema = route?.item[a.method.toLowerCase()]?.responses?.[String(a.status)]?.content?.["application/json"]?.schema;
    expect({ path: a.path, method: a.method, status: a.status, documented: !!schema }).toEqual({ path: a.path, method: a.method, status: a.status, documented: true });
    const validate = ajv.compile({ ...(schema as object), components: doc.components });
    const ok = validate(a.body);
    expect({ path: a.path, status: a.status, body: a.body, errors: ok ? null : validate.errors }).toEqual({ path: a.path, status: a.status, body: a.body, errors: null });
    seen.add(`${a.method} ${a.path.replace(/\?.*/, "").replace(/\/(re|pi|txn|mer)_[0-9A-Za-z]+/g, "/{id}")} ${a.status}`);
  }
  for (const must of ["POST /v1/refunds 201", "POST /v1/refunds 200", "POST /v1/refunds 400", "POST /v1/refunds 409", "GET /v1/refunds/{id} 200", "GET /v1/refunds 200", "POST /v1/refunds/{id}/cancel 200", "POST /v1/refunds/{id}/cancel 409", "POST /v1/test_helpers/refunds/{id}/approve 200", "POST /v1/test_helpers/refunds/{id}/approve 409", "POST /v1/test_helpers/merchants/{id}/refund_budget 200", "GET /v1/payment-intents/{id} 200", "GET /v1/transactions/{id} 200", "GET /v1/refunds/{id}/authorization 200", "GET /v1/refunds/{id}/authorization 409", "POST /v1/refunds/{id}/approve 200", "POST /v1/refunds/{id}/approve 400"])
    expect({ must, seen: seen.has(must) }).toEqual({ must, seen: true });
  // Every event this file caused, as delivered, matches the document's `webhooks` entry of its type.
  const events = await svc.ctx.database.sql<{ id: string; type: string; created_at: Date; data: unknown }[]>`SELECT id, type, created_at, data FROM app.events`;
  const types = new Set<string>();
  for (const e of events) {
    const schema = doc.webhooks?.[e.type]?.post?.requestBody?.content?.["application/json"]?.schema;
    expect({ type: e.type, documented: !!schema }).toEqual({ type: e.type, documented: true });
    const validate = ajv.compile({ ...(schema as object), components: doc.components });
    const body = eventEnvelope({ id: e.id, type: e.type, createdAt: e.created_at, data: e.data });
    const ok = validate(body);
    expect({ body, errors: ok ? null : validate.errors }).toEqual({ body, errors: null });
    types.add(e.type);
  }
  for (const must of ["payment_intent.confirmed", "transaction.created", "refund.created", "refund.updated", "refund.succeeded", "refund.failed"]) expect({ must, seen: types.has(must) }).toEqual({ must, seen: true });
});
