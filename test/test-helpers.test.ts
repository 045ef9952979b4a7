/**
 * The sandbox test helpers end to end with the workers that act on them: `pay` leads to a confirmed
 * intent through the indexer and matcher (the helper itself changes nothing), `expire` leads to an
 * expired intent through the expirer. Real Postgres, anvil (1 s blocks), Ponder.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestService, type TestService } from "./support/service.ts";
import { waitFor } from "./support/payments.ts";
import { CONFIRMATION_FIELDS, CREATE_FIELDS, createOk, keysOf, type Json } from "./support/intents.ts";

let svc: TestService;
beforeAll(async () => {
  // 1 s blocks as in the sandbox default: the expirer only expires once the chain has moved past
  // expires_at (docs/contributors.md "Matching": fairness at the deadline), which an automining chain without traffic never does.
  svc = await startTestService({ roles: ["api", "indexer", "matcher", "expirer"], env: { SANDBOX_BLOCK_TIME: "1" } });
});
afterAll(async () => {
  await svc?.stop();
});

async function get(id: unknown): Promise<Json> {
  return (await (await svc.api(`/v1/payment-intents/${String(id)}`)).json()) as Json;
}

describe("sandbox test helpers with the workers running", () => {
  test("pay: the intent is confirmed by the matcher with the fee split of its amount", async () => {
    await createOk(svc, { amount: 21 }); // holds tag 0: the next intent's expected value carries tag 1
    const intent = await createOk(svc, { amount: 21, metadata: { order: "e2e" } });
    const res = await svc.api(`/v1/test_helpers/payment_intents/${intent.id}/pay`, { method: "POST" });
    expect(res.status).toBe(200);
    const confirmed = await waitFor("confirmed", async () => {
      const body = await get(intent.id);
      return body.status === "confirmed" ? body : undefined;
    });
    expect(keysOf(confirmed)).toEqual([...CREATE_FIELDS, ...CONFIRMATION_FIELDS].sort());
    expect(confirmed).toMatchObject({ amount: 21, fee: 0.21, net_amount: 20.79, metadata: { order: "e2e" } });
    expect(confirmed.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    // A confirmed intent cannot be cancelled.
    const cancel = await svc.api(`/v1/payment-intents/${intent.id}/cancel`, { method: "POST" });
    expect(cancel.status).toBe(409);
  }, 60_000);

  test("pay with a different amount matches nothing: the intent stays open", async () => {
    const intent = await createOk(svc, { amount: 22 });
    expect((await svc.api(`/v1/test_helpers/payment_intents/${intent.id}/pay`, { method: "POST", json: { amount: 21.99 } })).status).toBe(200);
    // Give the matcher time to see the transfer, then check the intent was not confirmed by it.
    const [txn] = await waitFor("unmatched transaction", async () => {
      const rows = await svc.ctx.database.sql`SELECT id FROM app.transactions WHERE amount_units = 21990000 AND payment_intent_id IS NULL`;
      return rows.length ? rows : undefined;
    });
    expect(txn).toBeDefined();
    expect((await get(intent.id)).status).toBe("awaiting_payment");
  }, 60_000);

  test("expire: the expirer moves the intent to expired; a payment afterwards is late", async () => {
    const intent = await createOk(svc, { amount: 23, ttl: 3600 });
    const res = await svc.api(`/v1/test_helpers/payment_intents/${intent.id}/expire`, { method: "POST" });
    expect(res.status).toBe(200);
    const expired = await waitFor("expired", async () => {
      const body = await get(intent.id);
      return body.status === "expired" ? body : undefined;
    });
    expect(keysOf(expired)).toEqual(CREATE_FIELDS);
    expect((await svc.api(`/v1/test_helpers/payment_intents/${intent.id}/pay`, { method: "POST" })).status).toBe(200);
    await waitFor("late transaction", async () => {
      const rows = await svc.ctx.database.sql`SELECT id FROM app.transactions WHERE payment_intent_id = ${String(intent.id)}`;
      return rows.length ? rows : undefined;
    });
    expect((await get(intent.id)).status).toBe("expired");
  }, 60_000);
});
