/**
 * The fairness rule end to end at the exact boundary (docs/contributors.md "Matching"), with the real
 * indexer (Ponder), matcher and expirer roles on anvil: two intents expire at the same whole second
 * E. The wall clock passes E first, so the expirer is already trying. Then a payment to A lands in a
 * block with timestamp == E (it confirms A, although observed after E), and a payment to B in the
 * next block, timestamp E + 1 (a late payment: B expires, the transfer is linked to it, and no
 * payment_intent.confirmed is sent for B).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { Webhook } from "standardwebhooks";
import { startTestService, type TestService } from "./support/service.ts";
import { createIntent, getJson, payer, rpc, sleep, waitFor } from "./support/payments.ts";
import { matcherCoveredUntil } from "../src/modules/matching/coverage.ts";
import { fromPgTs } from "../src/db/pg-values.ts";
import { commands } from "../src/cli/commands.ts";
import { Receiver } from "./support/webhook-fixtures.ts";

let svc: TestService;
let receiver: Receiver;
let verify: Webhook;
beforeAll(async () => {
  svc = await startTestService({ roles: ["api", "indexer", "matcher", "expirer", "dispatcher"] });
  // The integrator's endpoint, registered as an operator does (CLI command).
  receiver = new Receiver();
  const endpoint = (await commands["webhooks create"]!.run(svc.ctx, { account: svc.sandbox.account_id, url: receiver.url, mode: "test" })) as { secret: string };
  verify = new Webhook(endpoint.secret);
});
afterAll(async () => {
  await svc?.stop();
  receiver?.stop();
});

const sql = () => svc.ctx.database.sql;
const chainId = () => svc.ctx.chains.test!.chainId;

async function events(intentId: string) {
  return sql()<{ type: string }[]>`SELECT type FROM app.events WHERE data->>'id' = ${intentId} OR data->>'payment_intent_id' = ${intentId} ORDER BY created_at, type`;
}

test("a payment in the block at expires_at confirms; one in the next block is a late payment", async () => {
  const wallet = payer(svc);
  const a = await createIntent(svc, { amount: 21.5, metadata: { side: "in time" } });
  const b = await createIntent(svc, { amount: 21.75, metadata: { side: "late" } });

  // Wait until the matcher covers the chain's current head (so B's "not yet expired" below is
  // down to the boundary, not to a matcher that has not started).
  // With automine, blocks come only with transactions: mine empty ones until the matcher covers one.
  await waitFor("matcher coverage", async () => {
    const covered = await matcherCoveredUntil(sql(), chainId());
    if (!covered) await rpc(svc, "evm_mine");
    return covered;
  }, 60_000, 500);

  // E: a whole second after the latest block; both intents expire exactly then.
  const latest = await rpc<{ timestamp: string }>(svc, "eth_getBlockByNumber", ["latest", false]);
  const e = Number(BigInt(latest.timestamp)) + 2;
  const expiresAt = new Date(e * 1000);
  await sql()`UPDATE app.payment_intents SET expires_at = ${expiresAt.toISOString()}::timestamptz WHERE id IN (${a.id}, ${b.id})`;

  // Let the wall clock pass E: the expirer now wants both, but the matcher has not covered E.
  while (Date.now() < expiresAt.getTime() + 1500) await sleep(100);
  for (const id of [a.id, b.id]) expect((await getJson(svc, `/v1/payment-intents/${id}`)).body.status).toBe("awaiting_payment");

  // A's payment in a block with timestamp == expires_at.
  await rpc(svc, "evm_setNextBlockTimestamp", [e]);
  const paidA = await wallet.pay(a.paymentAddress, a.expectedUnits);
  const blockA = await rpc<{ timestamp: string }>(svc, "eth_getBlockByNumber", [`0x${paidA.blockNumber.toString(16)}`, false]);
  expect(Number(BigInt(blockA.timestamp))).toBe(e);

  const confirmedA = await waitFor("A confirmed", async () => {
    const { body } = await getJson(svc, `/v1/payment-intents/${a.id}`);
    return body.status === "confirmed" ? body : undefined;
  });
  expect(confirmedA.tx_hash).toBe(paidA.hash.toLowerCase());
  // The matcher has covered block E, which leaves every block with timestamp < E certain but not E
  // itself: B (same expires_at) must still be waiting, even though the wall clock is past E.
  await sleep(600); // several expirer polls
  expect((await getJson(svc, `/v1/payment-intents/${b.id}`)).body.status).toBe("awaiting_payment");

  // B's payment in the next block (timestamp E + 1): too late.
  await rpc(svc, "evm_setNextBlockTimestamp", [e + 1]);
  const paidB = await wallet.pay(b.paymentAddress, b.expectedUnits);
  const expiredB = await waitFor("B expired", async () => {
    const { body } = await getJson(svc, `/v1/payment-intents/${b.id}`);
    return body.status === "expired" ? body : undefined;
  });
  expect(expiredB).toMatchObject({ id: b.id, status: "expired", expires_at: expiresAt.toISOString() });
  const [lateTxn] = await waitFor("B's late payment recorded", () =>
    sql()<{ id: string; payment_intent_id: string | null }[]>`SELECT id, payment_intent_id FROM app.transactions WHERE tx_hash = ${paidB.hash.toLowerCase()}`,
  );
  expect(lateTxn!.payment_intent_id).toBe(b.id);

  // Events: A confirmed (never expired); B expired once, its payment only as transaction.created.
  const typesA = (await events(a.id)).map((r) => r.type);
  expect(typesA).toContain("payment_intent.confirmed");
  expect(typesA).not.toContain("payment_intent.expired");
  const typesB = await waitFor("B's events", async () => {
    const t = (await events(b.id)).map((r) => r.type);
    return t.includes("transaction.created") && t.includes("payment_intent.expired") ? t : undefined;
  });
  expect(typesB.filter((t) => t === "payment_intent.expired")).toHaveLength(1);
  expect(typesB).not.toContain("payment_intent.confirmed");
  const [row] = await sql()<{ expired_at: unknown }[]>`SELECT expired_at FROM app.payment_intents WHERE id = ${b.id}`;
  expect(fromPgTs(row!.expired_at).getTime()).toBeGreaterThanOrEqual(expiresAt.getTime());

  // The integrator's endpoint got exactly that story, signed (verified by standardwebhooks).
  const story = await waitFor("webhooks delivered", async () => {
    const got = receiver.requests.map((r) => verify.verify(r.body, r.headers) as { type: string; data: { id: string; payment_intent_id?: string } });
    const about = (id: string) => got.filter((e) => e.data.id === id || e.data.payment_intent_id === id).map((e) => e.type).sort();
    const sa = about(a.id);
    const sb = about(b.id);
    return sa.length >= 2 && sb.length >= 2 ? { sa, sb } : undefined;
  });
  expect(story.sa).toEqual(["payment_intent.confirmed", "transaction.created"]);
  expect(story.sb).toEqual(["payment_intent.expired", "transaction.created"]);
});
