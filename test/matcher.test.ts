/**
 * From a USDC transfer to a confirmed intent, end to end: real Postgres, anvil, Ponder, the matcher
 * and fee collector roles, the HTTP API. Payments are sent with a viem wallet from the sandbox payer.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { getAddress, parseEventLogs, type Address } from "viem";
import { startTestService, type TestService } from "./support/service.ts";
import { createIntent, getJson, payer, rpc, waitFor, type Payer } from "./support/payments.ts";
import { merchantAccountAbi } from "../contracts/abis.ts";
import { feeRef } from "../src/modules/fees/ref.ts";
import { splitFee } from "../src/domain/money.ts";
import { recordTransfer } from "../src/modules/matching/record.ts";
import { ChainMatcher } from "../src/modules/matching/engine.ts";
import { matcherCoveredUntil } from "../src/modules/matching/coverage.ts";
import { onboardMerchant } from "../src/modules/merchants/onboarding.ts";

let svc: TestService;
let wallet: Payer;
let merchantAddress: Address;

beforeAll(async () => {
  // This file tests v1 merchant accounts (MerchantAccount's ABI and events): the demo merchant is v1 here
  // (v2 is the sandbox's default; v2 and USDT: test/account-v2-service.test.ts).
  svc = await startTestService({ roles: ["api", "indexer", "matcher", "fee_collector"], env: { MERCHANT_ACCOUNT_VERSION: "1" } });
  wallet = payer(svc);
  merchantAddress = svc.sandbox.payment_address as Address;
});
afterAll(async () => {
  await svc?.stop();
});

const sql = () => svc.ctx.database.sql;

async function intentStatus(id: string) {
  return (await getJson(svc, `/v1/payment-intents/${id}`)).body;
}

async function waitConfirmed(id: string) {
  return waitFor(`intent ${id} confirmed`, async () => {
    const body = await intentStatus(id);
    return body.status === "confirmed" ? body : undefined;
  });
}

async function transactionFor(txHash: string) {
  return waitFor(`transaction of ${txHash}`, async () => {
    const [row] = await sql()<{ id: string }[]>`SELECT id FROM app.transactions WHERE tx_hash = ${txHash.toLowerCase()}`;
    return row;
  });
}

async function eventsAbout(field: "intent" | "txn", id: string) {
  return field === "intent"
    ? sql()<{ type: string; account_id: string | null; data: Record<string, unknown> }[]>`
        SELECT type, account_id, data FROM app.events WHERE data->>'id' = ${id} ORDER BY created_at`
    : sql()<{ type: string; account_id: string | null; data: Record<string, unknown> }[]>`
        SELECT type, account_id, data FROM app.events WHERE type = 'transaction.created' AND data->>'id' = ${id}`;
}

async function balance(merchantId = svc.sandbox.merchant_id, key?: string) {
  const { status, body } = await getJson(svc, `/v1/merchants/${merchantId}/balance`, key);
  expect(status).toBe(200);
  return body;
}

describe("a payment confirms its intent", () => {
  test("end to end: intent confirmed, transaction with exact fee math, fee collected on-chain, balance, outbox", async () => {
    const before = await balance();
    const intent = await createIntent(svc, { amount: 12.34, metadata: { order: "A-1" } });
    const paid = await wallet.pay(intent.paymentAddress, intent.expectedUnits);

    const confirmed = await waitConfirmed(intent.id);
    // Intent: net and fee from the intent's amount (12.34 * 1% = 0.1234).
    expect(confirmed).toMatchObject({ status: "confirmed", amount: 12.34, fee: 0.1234, net_amount: 12.2166, tx_hash: paid.hash.toLowerCase(), metadata: { order: "A-1" } });
    expect(typeof confirmed.confirmed_at).toBe("string");

    // Transaction: amount = what arrived (the expected value, tag included), fee and net from it.
    const { id: txnId } = await transactionFor(paid.hash);
    const { status, body: txn } = await getJson(svc, `/v1/transactions/${txnId}`);
    expect(status).toBe(200);
    const received = intent.expectedUnits;
    const split = splitFee(received, 100);
    expect(txn).toMatchObject({
      id: txnId,
      object: "transaction",
      payment_intent_id: intent.id,
      merchant_id: svc.sandbox.merchant_id,
      status: "confirmed",
      amount: Number(received) / 1e6,
      fee: Number(split.feeUnits) / 1e6,
      net_amount: Number(split.netUnits) / 1e6,
      fee_rate: 0.01,
      chain: "base",
      token: "USDC",
      tx_hash: paid.hash.toLowerCase(),
      block_number: Number(paid.blockNumber),
      sender_address: getAddress(wallet.address),
      payment_address: getAddress(merchantAddress),
      settlement_status: "pending",
      metadata: { order: "A-1" },
    });
    // The spec's identities, exactly at 6 decimals.
    expect(Math.round((txn.amount as number) * 1e6) - Math.round((txn.fee as number) * 1e6)).toBe(Math.round((txn.net_amount as number) * 1e6));
    expect(Math.round((txn.fee as number) * 1e6)).toBe(Number(splitFee(BigInt(Math.round((txn.amount as number) * 1e6)), 100).feeUnits));

    // In the list too.
    const list = await getJson(svc, `/v1/transactions?merchant_id=${svc.sandbox.merchant_id}&limit=100`);
    expect(list.status).toBe(200);
    const item = (list.body.data as Record<string, unknown>[]).find((t) => t.id === txnId);
    expect(item).toMatchObject({ id: txnId, payment_intent_id: intent.id, amount: txn.amount, fee: txn.fee, net_amount: txn.net_amount });
    expect(item && "fee_rate" in item).toBe(false);

    // Both events in the outbox, routed to the account whose key created the intent.
    const intentEvents = await eventsAbout("intent", intent.id);
    expect(intentEvents.map((e) => e.type)).toEqual(["payment_intent.confirmed"]);
    expect(intentEvents[0]!.account_id).toBe(svc.sandbox.account_id);
    expect(intentEvents[0]!.data).toEqual({
      id: intent.id,
      object: "payment_intent",
      status: "confirmed",
      amount: 12.34,
      currency: "usd",
      net_amount: 12.2166,
      fee: 0.1234,
      merchant_id: svc.sandbox.merchant_id,
      tx_hash: paid.hash.toLowerCase(),
      chain: "base",
      token: "USDC",
      confirmed_at: confirmed.confirmed_at,
      metadata: { order: "A-1" },
    });
    const txnEvents = await eventsAbout("txn", txnId);
    expect(txnEvents).toHaveLength(1);
    expect(txnEvents[0]!.account_id).toBe(svc.sandbox.account_id);
    expect(txnEvents[0]!.data).toMatchObject({ id: txnId, object: "transaction", payment_intent_id: intent.id, amount: txn.amount, fee: txn.fee, net_amount: txn.net_amount });

    // Fee collected on-chain, exactly once, for exactly the ledger's fee.
    const fee = await waitFor("fee collected", async () => {
      const [row] = await sql()<{ fee_status: string; fee_tx_hash: string | null; fee_collected_at: unknown; fee_attempts: number }[]>`
        SELECT fee_status, fee_tx_hash, fee_collected_at, fee_attempts FROM app.transactions WHERE id = ${txnId}`;
      return row?.fee_status === "collected" ? row : undefined;
    });
    expect(fee.fee_tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(fee.fee_collected_at).not.toBeNull();
    const chain = svc.ctx.chains.test!;
    expect(await chain.publicClient.readContract({ address: merchantAddress, abi: merchantAccountAbi, functionName: "feeCollected", args: [feeRef(txnId)] })).toBe(true);
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: fee.fee_tx_hash as `0x${string}` });
    const [log] = parseEventLogs({ abi: merchantAccountAbi, eventName: "FeeCollected", logs: receipt.logs });
    expect(log?.args).toMatchObject({ ref: feeRef(txnId), paymentAmount: received, fee: split.feeUnits });

    // Balance: the net of the payment, before and after the fee left the account.
    const after = await waitFor("balance reflects the payment", async () => {
      const b = await balance();
      return Math.round(((b.available as number) - (before.available as number)) * 1e6) === Number(split.netUnits) ? b : undefined;
    });
    expect(Object.keys(after).sort()).toEqual(["available", "chain", "currency", "last_updated", "merchant_id", "object", "payment_address", "pending_settlement"]);
    expect(after).toMatchObject({ object: "balance", merchant_id: svc.sandbox.merchant_id, currency: "usd", chain: "base", payment_address: svc.sandbox.payment_address, pending_settlement: 0 });
    expect(after.last_updated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    // The matcher's coverage reaches the payment's block timestamp (the expirer's input).
    const block = await chain.publicClient.getBlock({ blockNumber: paid.blockNumber });
    const covered = await matcherCoveredUntil(sql(), chain.chainId);
    expect(covered).not.toBeNull();
    expect(covered!.getTime()).toBeGreaterThanOrEqual(Number(block.timestamp) * 1000 - 1);
  });

  test("two open intents of one merchant with the same amount are each confirmed by their own payment", async () => {
    const a = await createIntent(svc, { amount: 5 });
    const b = await createIntent(svc, { amount: 5 });
    expect(a.expectedUnits).not.toBe(b.expectedUnits);
    expect([a.expectedUnits, b.expectedUnits].every((v) => v >= 5_000_000n && v < 5_010_000n)).toBe(true);
    // Pay the second one first.
    const pb = await wallet.pay(b.paymentAddress, b.expectedUnits);
    const pa = await wallet.pay(a.paymentAddress, a.expectedUnits);
    const ca = await waitConfirmed(a.id);
    const cb = await waitConfirmed(b.id);
    expect(ca.tx_hash).toBe(pa.hash.toLowerCase());
    expect(cb.tx_hash).toBe(pb.hash.toLowerCase());
    expect(ca).toMatchObject({ amount: 5, fee: 0.05, net_amount: 4.95 });
    const rows = await sql()<{ payment_intent_id: string; amount_units: bigint }[]>`
      SELECT payment_intent_id, amount_units FROM app.transactions WHERE tx_hash IN (${pa.hash.toLowerCase()}, ${pb.hash.toLowerCase()}) ORDER BY amount_units`;
    expect(rows.map((r) => [r.payment_intent_id, r.amount_units])).toEqual(
      [
        [a.id, a.expectedUnits],
        [b.id, b.expectedUnits],
      ].sort((x, y) => Number((x[1] as bigint) - (y[1] as bigint))),
    );
  });
});

describe("payments that confirm nothing are still recorded", () => {
  test("a late payment to an expired intent: transaction linked, intent stays expired, no confirmed event", async () => {
    const intent = await createIntent(svc, { amount: 7.5, metadata: { k: "v" } });
    // Expire it as the expirer does (guarded update + quarantine of the reservation).
    await sql().begin(async (tx) => {
      await tx`UPDATE app.payment_intents SET status = 'expired', expired_at = now(), expires_at = now() - interval '1 second' WHERE id = ${intent.id} AND status = 'awaiting_payment'`;
      await tx`UPDATE app.reservations SET released_after = now() + interval '24 hours' WHERE intent_id = ${intent.id}`;
    });
    const paid = await wallet.pay(intent.paymentAddress, intent.expectedUnits);
    const { id: txnId } = await transactionFor(paid.hash);
    const { body: txn } = await getJson(svc, `/v1/transactions/${txnId}`);
    expect(txn).toMatchObject({ payment_intent_id: intent.id, status: "confirmed", metadata: { k: "v" } });
    expect((await intentStatus(intent.id)).status).toBe("expired");
    const events = await eventsAbout("intent", intent.id);
    expect(events.map((e) => e.type)).toEqual([]);
    const created = await eventsAbout("txn", txnId);
    expect(created).toHaveLength(1);
    expect(created[0]!.account_id).toBe(svc.sandbox.account_id);
  });

  test("a payment to a cancelled intent is linked to it; the intent stays cancelled", async () => {
    const intent = await createIntent(svc, { amount: 8 });
    const cancel = await svc.api(`/v1/payment-intents/${intent.id}/cancel`, { method: "POST" });
    expect(cancel.status).toBe(200);
    const paid = await wallet.pay(intent.paymentAddress, intent.expectedUnits);
    const { id: txnId } = await transactionFor(paid.hash);
    const [row] = await sql()<{ payment_intent_id: string }[]>`SELECT payment_intent_id FROM app.transactions WHERE id = ${txnId}`;
    expect(row?.payment_intent_id).toBe(intent.id);
    expect((await intentStatus(intent.id)).status).toBe("cancelled");
    expect((await eventsAbout("intent", intent.id)).map((e) => e.type)).toEqual([]);
  });

  test("a second payment of a confirmed intent's value is a duplicate: linked, no second confirmation", async () => {
    const intent = await createIntent(svc, { amount: 3 });
    const first = await wallet.pay(intent.paymentAddress, intent.expectedUnits);
    await waitConfirmed(intent.id);
    const second = await wallet.pay(intent.paymentAddress, intent.expectedUnits);
    const { id: txnId } = await transactionFor(second.hash);
    const [row] = await sql()<{ payment_intent_id: string }[]>`SELECT payment_intent_id FROM app.transactions WHERE id = ${txnId}`;
    expect(row?.payment_intent_id).toBe(intent.id);
    const body = await intentStatus(intent.id);
    expect(body.tx_hash).toBe(first.hash.toLowerCase());
    expect((await eventsAbout("intent", intent.id)).map((e) => e.type)).toEqual(["payment_intent.confirmed"]);
  });

  test("an unmatched transfer: payment_intent_id null, metadata {}, event for every linked account", async () => {
    const paid = await wallet.pay(merchantAddress, 1_234_567n);
    const { id: txnId } = await transactionFor(paid.hash);
    const { body: txn } = await getJson(svc, `/v1/transactions/${txnId}`);
    expect(txn).toMatchObject({ payment_intent_id: null, metadata: {}, amount: 1.234567, fee: 0.012346, net_amount: 1.222221, status: "confirmed" });
    const created = await eventsAbout("txn", txnId);
    expect(created).toHaveLength(1);
    expect(created[0]!.account_id).toBeNull();
    expect(created[0]!.data).toMatchObject({ payment_intent_id: null, metadata: {} });
  });
});

describe("exactly once", () => {
  test("the same transfer seen twice (replayed to the recorder, and the cursor rewound) is recorded once", async () => {
    const intent = await createIntent(svc, { amount: 4.2 });
    const paid = await wallet.pay(intent.paymentAddress, intent.expectedUnits);
    await waitConfirmed(intent.id);
    const [merchant] = await sql()<{ id: string; mode: "test"; chain_id: number; fee_rate_bps: number; payment_address: string }[]>`
      SELECT id, mode, chain_id, fee_rate_bps, payment_address FROM app.merchants WHERE id = ${svc.sandbox.merchant_id}`;
    const transfer = {
      chainId: svc.ctx.chains.test!.chainId,
      blockNumber: paid.blockNumber,
      logIndex: paid.logIndex,
      blockTimestamp: Math.floor(Date.now() / 1000),
      blockHash: paid.blockHash,
      txHash: paid.hash,
      from: wallet.address.toLowerCase(),
      to: merchantAddress.toLowerCase(),
      value: intent.expectedUnits,
    };
    const m = { id: merchant!.id, mode: merchant!.mode, chainId: merchant!.chain_id, feeRateBps: merchant!.fee_rate_bps, paymentAddress: merchant!.payment_address };
    const again = await Promise.all([recordTransfer(sql(), transfer, m, new Date()), recordTransfer(sql(), transfer, m, new Date())]);
    expect(again.map((o) => o.kind)).toEqual(["duplicate", "duplicate"]);

    // Rewind the durable cursor to the start: everything is read again, nothing is written again.
    const counts = async () => {
      const [r] = await sql()<{ txns: number; events: number }[]>`
        SELECT (SELECT count(*)::int FROM app.transactions) AS txns, (SELECT count(*)::int FROM app.events) AS events`;
      return r!;
    };
    const before = await counts();
    const replay = new ChainMatcher(sql(), { chainId: transfer.chainId, confirmations: 0, clock: svc.ctx.clock, log: svc.ctx.log, batchSize: 7 });
    // The running matcher role saves its own position now and then: rewind until this engine has
    // loaded the rewound cursor (its steps then go on from there, whatever the role writes).
    for (let tries = 0; tries < 50; tries++) {
      await sql()`UPDATE app.matcher_cursors SET block_number = -1, log_index = -1 WHERE chain_id = ${transfer.chainId}`;
      await replay.load();
      if (replay.position?.blockNumber === -1n) break;
    }
    expect(replay.position?.blockNumber).toBe(-1n);
    let handled = 0;
    for (let i = 0; i < 1000; i++) {
      const r = await replay.step();
      handled += r.handled;
      if (!r.more) break;
    }
    expect(handled).toBeGreaterThanOrEqual(before.txns);
    expect(await counts()).toEqual(before);
  });

  test("three matchers at once (the role plus two engines without the lock) record each transfer once", async () => {
    const chainId = svc.ctx.chains.test!.chainId;
    const rivals = [1, 2].map(() => new ChainMatcher(sql(), { chainId, confirmations: 0, clock: svc.ctx.clock, log: svc.ctx.log, batchSize: 3, concurrency: 2 }));
    let running = true;
    const loops = rivals.map(async (m) => {
      await m.load();
      while (running) {
        await m.step();
        await Bun.sleep(5);
      }
    });
    const intents = [];
    for (let i = 0; i < 6; i++) intents.push(await createIntent(svc, { amount: 2 }));
    const hashes: string[] = [];
    for (const i of intents) hashes.push((await wallet.pay(i.paymentAddress, i.expectedUnits)).hash.toLowerCase());
    hashes.push((await wallet.pay(merchantAddress, 2_000_000n + 9_999n)).hash.toLowerCase());
    for (const i of intents) await waitConfirmed(i.id);
    await waitFor("all transfers recorded", async () => {
      const [r] = await sql()<{ n: number }[]>`SELECT count(*)::int AS n FROM app.transactions WHERE tx_hash IN ${sql()(hashes)}`;
      return r!.n === hashes.length;
    });
    await Bun.sleep(300);
    running = false;
    await Promise.all(loops);
    const rows = await sql()<{ tx_hash: string; n: number }[]>`
      SELECT tx_hash, count(*)::int AS n FROM app.transactions WHERE tx_hash IN ${sql()(hashes)} GROUP BY tx_hash`;
    expect(rows.every((r) => r.n === 1)).toBe(true);
    expect(rows).toHaveLength(hashes.length);
    for (const i of intents) expect((await eventsAbout("intent", i.id)).map((e) => e.type)).toEqual(["payment_intent.confirmed"]);
    const [ev] = await sql()<{ n: number; d: number }[]>`
      SELECT count(*)::int AS n, count(DISTINCT data->>'id')::int AS d FROM app.events WHERE type = 'transaction.created'`;
    expect(ev!.n).toBe(ev!.d);
  });
});

describe("a merchant onboarded while running", () => {
  test("its payment, sent before the indexer switched to the new address list, is indexed and confirms its intent", async () => {
    const merchant = await onboardMerchant(svc.ctx, {
      accountIds: [svc.sandbox.account_id],
      mode: "test",
      businessName: "Late Bakery",
      email: "owner@late-bakery.example",
      bankName: "Sandbox Bank",
      bankLast4: "1234",
      feeRateBps: 250,
      schedule: { kind: "manual" },
      ownerAddress: wallet.address,
      payoutAddress: "0x000000000000000000000000000000000000bA5e",
    });
    const key = svc.sandbox.test_key_unscoped;
    // Paid at once: the indexer is still switching instances, so this transfer lands below the cursor.
    const intent = await createIntent(svc, { amount: 20, merchantId: merchant.id, key });
    const early = await wallet.pay(intent.paymentAddress, intent.expectedUnits);
    const unmatched = await wallet.pay(intent.paymentAddress, 777_000n);
    // The chain is automined (idle between transactions); a live chain makes blocks all the time, and
    // the new indexer instance reports progress from its first new block on. Make blocks meanwhile.
    let lastMined = 0;
    const confirmed = await waitFor(
      "new merchant's intent confirmed",
      async () => {
        if (Date.now() - lastMined > 500) {
          lastMined = Date.now();
          await rpc(svc, "evm_mine");
        }
        const { body } = await getJson(svc, `/v1/payment-intents/${intent.id}`, key);
        return body.status === "confirmed" ? body : undefined;
      },
      60_000,
    );
    expect(confirmed).toMatchObject({ tx_hash: early.hash.toLowerCase(), fee: 0.5, net_amount: 19.5 });
    await transactionFor(unmatched.hash);
    // And one after the switch.
    const later = await createIntent(svc, { amount: 1, merchantId: merchant.id, key });
    await wallet.pay(later.paymentAddress, later.expectedUnits);
    await waitFor("second intent confirmed", async () => (await getJson(svc, `/v1/payment-intents/${later.id}`, key)).body.status === "confirmed", 30_000);
    const [acct] = await sql()<{ joined_at: unknown }[]>`
      SELECT joined_at FROM app.matcher_accounts WHERE merchant_account = ${merchant.paymentAddress!.toLowerCase()}`;
    expect(acct?.joined_at).not.toBeNull();
    const b = await balance(merchant.id, key);
    expect(b.available).toBeGreaterThan(0);
  }, 90_000);
});

describe("metrics", () => {
  test("GET /metrics is Prometheus text with the matcher's counters and gauges", async () => {
    const res = await svc.api("/metrics", { key: null });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    expect(text).toContain("# TYPE stablepay_balance_mismatch_total counter");
    expect(text).toContain("# TYPE stablepay_matcher_lag_blocks gauge");
    expect(text).toMatch(/stablepay_matcher_transfers_total\{chain_id="31337",outcome="confirmed"\} \d+/);
    expect(text).toMatch(/stablepay_chain_alerts_open\{kind="transfer_reorged"\} 0/);
    // Every balance read in this file reconciled.
    expect(text).not.toMatch(/stablepay_balance_mismatch_total\{[^}]*\} [1-9]/);
  });
});
