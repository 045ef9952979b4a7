/**
 * Settlement end to end on the local chain, through the real payment flow: intents created and paid
 * through the API and the sandbox payer wallet, indexed by Ponder, matched, fees collected on-chain;
 * then the weekly schedule comes due on the sandbox clock and the settler worker runs it: on-chain
 * withdrawal to the payout address, transactions in transit and balance.pending_settlement; then the
 * sandbox clock reaches the ACH arrival and the settler completes it: settled intents and
 * transactions, settlement_status paid, settlement.completed in the outbox and delivered as a signed
 * webhook by the dispatcher.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { getAddress, type Address } from "viem";
import { Webhook } from "standardwebhooks";
import { startTestService, type TestService } from "./support/service.ts";
import { createIntent, getJson, payer, waitFor, type CreatedIntent } from "./support/payments.ts";
import { Receiver } from "./support/webhook-fixtures.ts";
import { usdcBalance, withdrawalsOnChain } from "./support/settlement-fixtures.ts";
import { createWebhookEndpoint } from "../src/modules/merchants/onboarding.ts";
import { advanceSandboxClockTo, sandboxNow } from "../src/modules/payouts/clock.ts";
import { nextRunAfter } from "../src/modules/payouts/schedule.ts";
import { loadSettlement, withdrawalsOf } from "../src/modules/settlements/service.ts";
import { settlementShape } from "../src/modules/settlements/shapes.ts";
import { Settler } from "../src/workers/settler.ts";
import { fromPgTs } from "../src/db/pg-values.ts";

let svc: TestService;
let receiver: Receiver;
let settler: Settler | undefined;

beforeAll(async () => {
  svc = await startTestService({ roles: ["api", "indexer", "matcher", "fee_collector", "dispatcher"] });
  receiver = new Receiver();
});
afterAll(async () => {
  await settler?.stop();
  receiver?.stop();
  await svc?.stop();
});

test("pay, run the weekly schedule, withdraw, ACH, settle, signed settlement.completed", async () => {
  const sql = svc.ctx.database.sql;
  const merchantId = svc.sandbox.merchant_id;
  const endpoint = await createWebhookEndpoint(svc.ctx, { accountId: svc.sandbox.account_id, mode: "test", url: receiver.url, eventTypes: ["settlement.completed"] });

  // 1. Pay several intents through the real flow.
  const wallet = payer(svc);
  const intents: CreatedIntent[] = [];
  for (const amount of [12.5, 40, 7.25]) {
    const intent = await createIntent(svc, { amount, metadata: { order: String(amount) } });
    await wallet.pay(intent.paymentAddress, intent.expectedUnits);
    intents.push(intent);
  }
  const confirmed = await waitFor(
    "intents confirmed and fees collected",
    async () => {
      const rows = await sql<{ id: string; net_units: bigint; payment_intent_id: string }[]>`
        SELECT id, net_units, payment_intent_id FROM app.transactions
        WHERE payment_intent_id = ANY(${intents.map((i) => i.id)}::text[]) AND status = 'confirmed' AND fee_status = 'collected'`;
      return rows.length === intents.length ? rows : undefined;
    },
    60_000,
  );
  const total = confirmed.reduce((s, r) => s + BigInt(r.net_units), 0n);
  const balanceBefore = (await getJson(svc, `/v1/merchants/${merchantId}/balance`)).body;
  expect(balanceBefore.pending_settlement).toBe(0);
  expect(balanceBefore.available).toBe(Number(total) / 1e6);

  // 2. The weekly schedule comes due on the sandbox clock (Monday 08:00 New York); the settler runs it.
  const monday = nextRunAfter({ kind: "weekly_monday" }, await sandboxNow(svc.ctx))!;
  await advanceSandboxClockTo(svc.ctx, new Date(monday.getTime() + 1_000));
  const payoutBefore = await usdcBalance(svc.ctx, "0x000000000000000000000000000000000000bA5e");
  settler = new Settler(svc.ctx, { pollMs: 100 });
  settler.start();
  const inTransit = await waitFor(
    "the scheduled settlement in transit",
    async () => {
      const [row] = await sql<{ id: string }[]>`SELECT id FROM app.settlements WHERE merchant_id = ${merchantId} AND state = 'ach_pending'`;
      return row ? loadSettlement(svc.ctx, row.id) : undefined;
    },
    60_000,
  );
  expect(inTransit).toMatchObject({ trigger: "schedule", status: "in_transit", amountUnits: total, transactionCount: 3 });
  expect(inTransit.scheduledFor?.toISOString()).toBe(monday.toISOString());

  // 3. The on-chain withdrawal to the payout address (on the chain, and as indexed).
  const logs = await withdrawalsOnChain(svc.ctx, svc.sandbox.payment_address, inTransit.id);
  expect(logs.length).toBe(1);
  expect(logs[0]!.args).toMatchObject({ to: getAddress("0x000000000000000000000000000000000000bA5e"), amount: total });
  expect(logs[0]!.transactionHash).toBe(inTransit.withdrawalTxHash as Address);
  expect((await usdcBalance(svc.ctx, "0x000000000000000000000000000000000000bA5e")) - payoutBefore).toBe(total);
  await waitFor(
    "the withdrawal in the indexed chain.withdrawal view",
    async () => {
      const rows = await sql<{ amount: string }[]>`SELECT amount::text AS amount FROM chain.withdrawal WHERE transaction_hash = ${inTransit.withdrawalTxHash}`;
      return rows.length === 1 && rows[0]!.amount === String(total);
    },
    30_000,
  );

  // In transit: transactions and balance.
  for (const t of confirmed) {
    const { body } = await getJson(svc, `/v1/transactions/${t.id}`);
    expect(body).toMatchObject({ status: "confirmed", settlement_status: "in_transit" });
  }
  const balanceInTransit = (await getJson(svc, `/v1/merchants/${merchantId}/balance`)).body;
  expect(balanceInTransit.pending_settlement).toBe(Number(total) / 1e6);
  expect(balanceInTransit.available).toBe(0);
  for (const i of intents) expect((await getJson(svc, `/v1/payment-intents/${i.id}`)).body.status).toBe("confirmed");

  // 4. The sandbox clock reaches the ACH arrival date; the settler completes the settlement.
  const [payout] = await sql<{ completes_at: string }[]>`SELECT completes_at::text AS completes_at FROM app.sandbox_payouts WHERE idempotency_key = ${inTransit.id}`;
  await advanceSandboxClockTo(svc.ctx, fromPgTs(payout!.completes_at));
  const completed = await waitFor("the settlement completed", async () => {
    const s = await loadSettlement(svc.ctx, inTransit.id);
    return s?.state === "completed" ? s : undefined;
  });
  expect(completed.expectedArrivalDate).toMatch(/^\d{4}-\d\d-\d\d$/);

  for (const i of intents) {
    const { body } = await getJson(svc, `/v1/payment-intents/${i.id}`);
    expect(body.status).toBe("settled");
  }
  for (const t of confirmed) {
    const { body } = await getJson(svc, `/v1/transactions/${t.id}`);
    expect(body).toMatchObject({ status: "settled", settlement_status: "paid" });
  }
  const balanceAfter = (await getJson(svc, `/v1/merchants/${merchantId}/balance`)).body;
  expect(balanceAfter).toMatchObject({ available: 0, pending_settlement: 0 });

  // 5. settlement.completed in the outbox, and delivered signed.
  const events = await sql<{ id: string; data: Record<string, unknown>; account_id: string | null }[]>`
    SELECT id, data, account_id FROM app.events WHERE type = 'settlement.completed' AND merchant_id = ${merchantId}`;
  expect(events.length).toBe(1);
  expect(events[0]!.account_id).toBeNull();
  expect(events[0]!.data).toEqual(settlementShape(completed, await withdrawalsOf(svc.ctx, completed)));
  await receiver.waitForRequests(1, 60_000);
  const req = receiver.requests[0]!;
  const verified = new Webhook(endpoint.secret).verify(req.body, req.headers) as { id: string; type: string; object: string; data: Record<string, unknown> };
  expect(verified).toMatchObject({ id: events[0]!.id, object: "event", type: "settlement.completed" });
  expect(verified.data).toEqual({
    id: inTransit.id,
    object: "settlement",
    merchant_id: merchantId,
    amount: Number(total) / 1e6,
    currency: "usd",
    status: "completed",
    method: "ach",
    transaction_count: 3,
    bank_account: { bank_name: "First Sandbox Bank", last_4: "6789" },
    initiated_at: completed.initiatedAt.toISOString(),
    expected_arrival_date: completed.expectedArrivalDate,
    completed_at: completed.completedAt!.toISOString(),
    // One pair (the merchant's USDC), withdrawn by the settlement's withdrawal.
    withdrawals: [{ chain: "base", token: "USDC", amount: Number(total) / 1e6, status: "withdrawn", tx_hash: completed.withdrawalTxHash, withdrawn_at: expect.any(String) }],
  });
  expect(req.headers["webhook-id"]).toBe(events[0]!.id);
});
