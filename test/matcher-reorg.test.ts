/**
 * Reorgs, with anvil's anvil_reorg on a chain with a confirmation depth of 2 blocks:
 * - a transfer reorganised out before the depth never confirms anything;
 * - one reorganised out after the depth marks its transaction failed and raises an alert (log,
 *   app.chain_alerts, metric);
 * - part of a deposit intent's amount reorganised out after the depth: failed, and the intent's
 *   amount_received summed again without it;
 * - a payment to a customer's reusable address reorganised out after the depth: failed, out of its sum;
 * - a deposit address's sweep reorganised out after the depth: its record goes and the payments it
 *   released wait for a sweep again (their money is back at the address);
 * - one re-included in another block at the same log index stays confirmed (its block is updated);
 * - one re-included at another log index: the old transaction fails, the payment is recorded again
 *   from the new chain (below the cursor) and the intent points at the live transaction;
 * - a reorg on one chain touches nothing on another: a payment on the second sandbox chain
 *   (arbitrum) reorganised out after the depth is undone there, while a base payment confirmed at the
 *   same time stays confirmed, unchanged, and base's indexer and matcher go on.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createWalletClient, getAddress, http, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { deployAndSweepCall, depositFactoryAddress, depositIntentRef } from "../src/chain/deposit-address.ts";
import { usdcAbi } from "../contracts/abis.ts";
import { startTestService, type TestService } from "./support/service.ts";
import { createIntent, getJson, payer, rpc, rpcAt, sleep, waitFor, type Payer } from "./support/payments.ts";
import type { ChainRuntime } from "../src/chain/runtime.ts";
import { payIntent } from "../src/modules/test-helpers/service.ts";
import { intentFromDb } from "../src/modules/payment-intents/service.ts";

let svc: TestService;
let wallet: Payer;
let merchant: Address;
const DEPTH = 2;
/** anvil's third well-known dev account (has ETH for gas; gets test USDC from the payer). */
const SECOND_PAYER_KEY: Hex = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";

beforeAll(async () => {
  svc = await startTestService({ roles: ["api", "indexer", "matcher"], env: { SANDBOX_CONFIRMATIONS: String(DEPTH) } });
  wallet = payer(svc);
  merchant = svc.sandbox.payment_address as Address;
  // A second payer for the last test, funded long before any block that gets reorganised.
  await wallet.pay(payer(svc, SECOND_PAYER_KEY).address, 1_000_000n);
  await mine(3);
});
afterAll(async () => {
  await svc?.stop();
});

const sql = () => svc.ctx.database.sql;
const base = () => svc.ctx.chains.test!;
const arbitrum = () => svc.ctx.networks.find((c) => c.mode === "test" && c.name === "arbitrum")!;
const mine = async (n: number, chain: ChainRuntime = base()) => {
  for (let i = 0; i < n; i++) await rpcAt(chain.rpcHttpUrl, "evm_mine");
};
const head = async (chain: ChainRuntime = base()) => BigInt(await rpcAt<string>(chain.rpcHttpUrl, "eth_blockNumber"));

async function indexedBlock(hash: string): Promise<bigint | null> {
  const rows = await sql().unsafe(`SELECT block_number FROM chain.usdc_transfer WHERE transaction_hash = $1`, [hash.toLowerCase()]);
  return rows[0] ? BigInt(rows[0].block_number as bigint) : null;
}

async function checkpoint(chain: ChainRuntime = base()): Promise<bigint> {
  const rows = await sql().unsafe(`SELECT block_number FROM chain.chain_checkpoint WHERE chain_id = ${chain.chainId}`);
  return rows[0] ? BigInt(rows[0].block_number as bigint) : -1n;
}

async function coveredBlock(chain: ChainRuntime = base()): Promise<bigint> {
  const [r] = await sql()<{ covered_block: bigint | null }[]>`SELECT covered_block FROM app.matcher_cursors WHERE chain_id = ${chain.chainId}`;
  return r?.covered_block === null || r?.covered_block === undefined ? -1n : BigInt(r.covered_block);
}

async function transactionsOf(hash: string) {
  return sql()<{ id: string; status: string; log_index: number; block_number: bigint; block_hash: string; payment_intent_id: string | null }[]>`
    SELECT id, status, log_index, block_number, block_hash, payment_intent_id FROM app.transactions WHERE tx_hash = ${hash.toLowerCase()} ORDER BY created_at`;
}

/** Mines blocks until the matcher has covered `block` of `chain` (i.e. the indexer is at block + depth). */
async function settle(block: bigint, chain: ChainRuntime = base()) {
  await waitFor(
    `matcher covers block ${block} of chain ${chain.chainId}`,
    async () => {
      if ((await checkpoint(chain)) < block + BigInt(DEPTH)) await mine(1, chain);
      return (await coveredBlock(chain)) >= block;
    },
    30_000,
    100,
  );
}

async function intentStatus(id: string) {
  return (await getJson(svc, `/v1/payment-intents/${id}`)).body;
}

async function metric(name: string): Promise<number> {
  const text = await (await svc.api("/metrics", { key: null })).text();
  const line = text.split("\n").find((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

describe("reorgs", () => {
  test("a transfer reorganised out before the confirmation depth never confirms anything", async () => {
    await settle(await head());
    const intent = await createIntent(svc, { amount: 6 });
    const paid = await wallet.pay(intent.paymentAddress, intent.expectedUnits);
    // Indexed, but not deep enough.
    await waitFor("transfer indexed", () => indexedBlock(paid.hash));
    await sleep(300);
    expect((await transactionsOf(paid.hash)).length).toBe(0);
    // Replace its block with an empty one (the transaction is dropped), then build on the new chain.
    await rpc(svc, "anvil_reorg", [1, []]);
    await mine(1);
    await waitFor("transfer gone from the index", async () => (await indexedBlock(paid.hash)) === null);
    await settle(paid.blockNumber + 1n);
    expect((await transactionsOf(paid.hash)).length).toBe(0);
    expect((await intentStatus(intent.id)).status).toBe("awaiting_payment");
    const events = await sql()`SELECT 1 FROM app.events WHERE data->>'id' = ${intent.id} OR data->>'tx_hash' = ${paid.hash.toLowerCase()}`;
    expect(events).toHaveLength(0);
  });

  test("a transfer reorganised out after the confirmation depth: transaction failed, alert raised", async () => {
    const before = await metric("stablepay_matcher_reorged_transactions_total");
    const intent = await createIntent(svc, { amount: 9 });
    const paid = await wallet.pay(intent.paymentAddress, intent.expectedUnits);
    await settle(paid.blockNumber);
    const [txn] = await transactionsOf(paid.hash);
    expect(txn?.status).toBe("confirmed");
    expect((await intentStatus(intent.id)).status).toBe("confirmed");

    // Reorganise the payment's block and everything after it away.
    const depth = Number((await head()) - paid.blockNumber + 1n);
    await rpc(svc, "anvil_reorg", [depth, []]);
    await mine(2);
    const failed = await waitFor("transaction failed", async () => {
      const { body } = await getJson(svc, `/v1/transactions/${txn!.id}`);
      return body.status === "failed" ? body : undefined;
    });
    expect(failed).toMatchObject({ id: txn!.id, status: "failed", payment_intent_id: intent.id });
    const [alert] = await sql()<{ kind: string; details: unknown; resolved_at: unknown }[]>`
      SELECT kind, details, resolved_at FROM app.chain_alerts WHERE transaction_id = ${txn!.id}`;
    expect(alert?.kind).toBe("transfer_reorged");
    expect(alert?.resolved_at).toBeNull();
    const details = typeof alert!.details === "string" ? JSON.parse(alert!.details) : alert!.details;
    expect(details).toMatchObject({ tx_hash: paid.hash.toLowerCase(), payment_intent_id: intent.id, transaction_status_before: "confirmed" });
    expect(await metric("stablepay_matcher_reorged_transactions_total")).toBe(before + 1);
    expect(await metric("stablepay_chain_alerts_open")).toBeGreaterThanOrEqual(1);
    // The fee of a failed transaction is never collected.
    const [fee] = await sql()<{ fee_status: string }[]>`SELECT fee_status FROM app.transactions WHERE id = ${txn!.id}`;
    expect(fee?.fee_status).toBe("failed");
    // The intent keeps its status (no transition out of confirmed exists); the alert tells operators.
    expect((await intentStatus(intent.id)).status).toBe("confirmed");
  });

  test("part of a deposit intent's amount reorganised out after the depth: failed, amount_received summed again without it, its fee never collected", async () => {
    const created = await svc.api("/v1/payment-intents", { method: "POST", json: { amount: 8, currency: "usd", merchant_id: svc.sandbox.merchant_id, payment_address_type: "deposit" } });
    expect(created.status).toBe(201);
    const intent = (await created.json()) as { id: string; payment_address: Address };
    const paid = await wallet.pay(intent.payment_address, 3_000_000n);
    await settle(paid.blockNumber);
    const [txn] = await waitFor("the deposit transfer recorded", async () => {
      const rows = await transactionsOf(paid.hash);
      return rows.length > 0 ? rows : undefined;
    });
    expect(txn).toMatchObject({ status: "confirmed", payment_intent_id: intent.id });
    expect(await intentStatus(intent.id)).toMatchObject({ status: "awaiting_payment", amount_received: 3 });

    await rpc(svc, "anvil_reorg", [Number((await head()) - paid.blockNumber + 1n), []]);
    await mine(2);
    await waitFor("the deposit transfer failed", async () => (await transactionsOf(paid.hash))[0]?.status === "failed");
    expect(await intentStatus(intent.id)).toMatchObject({ status: "awaiting_payment", amount_received: 0 });
    const [fee] = await sql()<{ fee_status: string }[]>`SELECT fee_status FROM app.transactions WHERE id = ${txn!.id}`;
    expect(fee?.fee_status).toBe("failed");
  });

  test("a payment to a customer's reusable address reorganised out after the depth: failed, out of what the address received, its fee never collected", async () => {
    const created = await svc.api("/v1/deposit_addresses", { method: "POST", json: { merchant_id: svc.sandbox.merchant_id, customer_reference: "customer-reorg" } });
    expect(created.status).toBe(201);
    const customer = (await created.json()) as { id: string; address: Address };
    const paid = await wallet.pay(customer.address, 2_000_000n);
    await settle(paid.blockNumber);
    const [txn] = await waitFor("the customer's payment recorded", async () => {
      const rows = await transactionsOf(paid.hash);
      return rows.length > 0 ? rows : undefined;
    });
    expect(txn).toMatchObject({ status: "confirmed", payment_intent_id: null });
    const received = async () => ((await (await svc.api(`/v1/deposit_addresses/${customer.id}`)).json()) as { amount_received: number; payment_count: number });
    expect(await received()).toMatchObject({ amount_received: 2, payment_count: 1 });

    await rpc(svc, "anvil_reorg", [Number((await head()) - paid.blockNumber + 1n), []]);
    await mine(2);
    await waitFor("the customer's payment failed", async () => (await transactionsOf(paid.hash))[0]?.status === "failed");
    expect(await received()).toMatchObject({ amount_received: 0, payment_count: 0 });
    const [fee] = await sql()<{ fee_status: string }[]>`SELECT fee_status FROM app.transactions WHERE id = ${txn!.id}`;
    expect(fee?.fee_status).toBe("failed");
  });

  test("a deposit address's sweep reorganised out after the depth: the record goes, the payment waits for a sweep again, the money is back at the address", async () => {
    const created = await svc.api("/v1/payment-intents", { method: "POST", json: { amount: 4, currency: "usd", merchant_id: svc.sandbox.merchant_id, payment_address_type: "deposit" } });
    const intent = (await created.json()) as { id: string; payment_address: Address };
    const paid = await wallet.pay(intent.payment_address, 4_000_000n);
    await settle(paid.blockNumber);
    await waitFor("the deposit intent confirmed", async () => (await intentStatus(intent.id)).status === "confirmed");
    // Anyone may sweep: the payer does (this service runs no fee collector, so no fee is claimed meanwhile).
    const chain = base();
    const factory = await depositFactoryAddress();
    const sweepHash = await createWalletClient({ chain: chain.chain, transport: http(chain.rpcHttpUrl), account: privateKeyToAccount(svc.sandbox.payer_private_key) }).writeContract(
      deployAndSweepCall(factory, getAddress(svc.sandbox.payment_address), depositIntentRef(intent.id), chain.usdc),
    );
    const swept = await chain.publicClient.waitForTransactionReceipt({ hash: sweepHash });
    expect(swept.status).toBe("success");
    await settle(swept.blockNumber);
    const feeStatus = async () => (await sql()<{ fee_status: string }[]>`SELECT fee_status FROM app.transactions WHERE tx_hash = ${paid.hash.toLowerCase()}`)[0]?.fee_status;
    await waitFor("the sweep recorded and the payment released", async () => (await feeStatus()) === "pending");
    const balance = () => chain.publicClient.readContract({ address: chain.usdc, abi: usdcAbi, functionName: "balanceOf", args: [intent.payment_address] });
    expect(await balance()).toBe(0n);

    await rpc(svc, "anvil_reorg", [Number((await head()) - swept.blockNumber + 1n), []]);
    await mine(2);
    await waitFor("the sweep undone", async () => (await sql()`SELECT 1 FROM app.deposit_sweeps WHERE tx_hash = ${sweepHash.toLowerCase()}`).length === 0);
    expect(await feeStatus()).toBe("awaiting_sweep");
    expect(await balance()).toBe(4_000_000n);
    // The payment itself, below the reorganised blocks, stays confirmed.
    expect((await intentStatus(intent.id)).status).toBe("confirmed");
  });

  test("a transfer re-included in another block at the same log index stays confirmed", async () => {
    const intent = await createIntent(svc, { amount: 11 });
    const paid = await wallet.pay(intent.paymentAddress, intent.expectedUnits);
    await settle(paid.blockNumber);
    const [txn] = await transactionsOf(paid.hash);
    expect(txn?.status).toBe("confirmed");
    const raw = await rpc<Hex>(svc, "eth_getRawTransactionByHash", [paid.hash]);
    const depth = Number((await head()) - paid.blockNumber + 1n);
    // The same signed transaction, alone in the first block of the new chain.
    await rpc(svc, "anvil_reorg", [depth, [[raw, 0]]]);
    await mine(2);
    const moved = await waitFor("transaction moved to the new block", async () => {
      const [row] = await transactionsOf(paid.hash);
      return row && row.block_hash !== txn!.block_hash ? row : undefined;
    });
    expect(moved.status).toBe("confirmed");
    expect(moved.id).toBe(txn!.id);
    const receipt = await svc.ctx.chains.test!.publicClient.getTransactionReceipt({ hash: paid.hash });
    expect(moved.block_hash).toBe(receipt.blockHash.toLowerCase());
    expect(await transactionsOf(paid.hash)).toHaveLength(1);
    expect((await intentStatus(intent.id)).status).toBe("confirmed");
  });

  test("a transfer re-included at another log index: old transaction failed, payment recorded again, intent relinked", async () => {
    const second = payer(svc, SECOND_PAYER_KEY);
    const intent = await createIntent(svc, { amount: 13 });
    const paid = await wallet.pay(intent.paymentAddress, intent.expectedUnits);
    await settle(paid.blockNumber);
    const [txn] = await transactionsOf(paid.hash);
    expect(txn?.status).toBe("confirmed");
    // Another payment to the merchant, from another wallet, lands before it in the new chain and
    // shifts its log index.
    // (Explicit gas: an exact estimate can fall short when the transaction is replayed in another block.)
    const other = (await second.pay(merchant, 123_456n, { gas: 200_000n })).hash;
    const rawPaid = await rpc<Hex>(svc, "eth_getRawTransactionByHash", [paid.hash]);
    const rawOther = await rpc<Hex>(svc, "eth_getRawTransactionByHash", [other]);
    const depth = Number((await head()) - paid.blockNumber + 1n);
    await rpc(svc, "anvil_reorg", [depth, [[rawOther, 0], [rawPaid, 0]]]);
    await mine(3);
    const rows = await waitFor("payment recorded again", async () => {
      const r = await transactionsOf(paid.hash);
      return r.length === 2 && r[0]!.status === "failed" ? r : undefined;
    });
    expect(rows[0]!.id).toBe(txn!.id);
    expect(rows[1]!).toMatchObject({ status: "confirmed", payment_intent_id: intent.id });
    expect(rows[1]!.log_index).not.toBe(rows[0]!.log_index);
    const [pi] = await sql()<{ status: string; transaction_id: string }[]>`SELECT status, transaction_id FROM app.payment_intents WHERE id = ${intent.id}`;
    expect(pi).toEqual({ status: "confirmed", transaction_id: rows[1]!.id });
    // No second payment_intent.confirmed.
    const confirmedEvents = await sql()`SELECT 1 FROM app.events WHERE type = 'payment_intent.confirmed' AND data->>'id' = ${intent.id}`;
    expect(confirmedEvents).toHaveLength(1);
    // The other payment is recorded exactly once.
    await waitFor("other payment recorded", async () => (await transactionsOf(other)).length === 1);
  });

  test("a reorg on arbitrum undoes its payment there; a base payment confirmed at the same time stays confirmed and untouched", async () => {
    const arb = arbitrum();
    await settle(await head());
    await settle(await head(arb), arb);
    // One amount on both chains: values are held per pair, each intent takes its own payment.
    const created = await svc.api("/v1/payment-intents", { method: "POST", json: { amount: 17, currency: "usd", merchant_id: svc.sandbox.merchant_id, chain: "arbitrum" } });
    expect(created.status).toBe(201);
    const onArbitrum = (await created.json()) as { id: string };
    const onBase = await createIntent(svc, { amount: 17 });
    const [row] = await sql()`SELECT * FROM app.payment_intents WHERE id = ${onArbitrum.id}`;
    const { txHash: arbHash } = await payIntent(svc.ctx, intentFromDb(row!), undefined);
    const arbBlock = (await arb.publicClient.getTransactionReceipt({ hash: arbHash })).blockNumber;
    const paidBase = await wallet.pay(onBase.paymentAddress, onBase.expectedUnits);
    await settle(arbBlock, arb);
    await settle(paidBase.blockNumber);
    const [arbTxn] = await transactionsOf(arbHash);
    const [baseTxn] = await transactionsOf(paidBase.hash);
    expect([arbTxn?.status, baseTxn?.status]).toEqual(["confirmed", "confirmed"]);
    expect([(await intentStatus(onArbitrum.id)).status, (await intentStatus(onBase.id)).status]).toEqual(["confirmed", "confirmed"]);
    const alertsOf = async (chain: ChainRuntime) => (await sql()<{ n: number }[]>`SELECT count(*)::int AS n FROM app.chain_alerts WHERE chain_id = ${chain.chainId}`)[0]!.n;
    const eventsOf = async (id: string) =>
      (await sql()<{ type: string }[]>`SELECT type FROM app.events WHERE data->>'id' = ${id} OR data->>'payment_intent_id' = ${id} ORDER BY created_at, id`).map((e) => e.type);
    const baseBefore = { alerts: await alertsOf(base()), head: await head(), indexed: await indexedBlock(paidBase.hash), events: await eventsOf(onBase.id) };
    expect(baseBefore.events.filter((t) => t === "payment_intent.confirmed").length).toBe(1);

    // arbitrum only: its payment's block and everything after it replaced by empty blocks.
    await rpcAt(arb.rpcHttpUrl, "anvil_reorg", [Number((await head(arb)) - arbBlock + 1n), []]);
    await mine(2, arb);
    const failed = await waitFor("the arbitrum transaction failed", async () => {
      const { body } = await getJson(svc, `/v1/transactions/${arbTxn!.id}`);
      return body.status === "failed" ? body : undefined;
    });
    expect(failed).toMatchObject({ id: arbTxn!.id, payment_intent_id: onArbitrum.id, chain: "arbitrum" });
    const [alert] = await sql()<{ kind: string; chain_id: number }[]>`SELECT kind, chain_id FROM app.chain_alerts WHERE transaction_id = ${arbTxn!.id}`;
    expect(alert).toEqual({ kind: "transfer_reorged", chain_id: arb.chainId });
    expect((await intentStatus(onArbitrum.id)).status).toBe("confirmed"); // as on base: the alert tells operators

    // base: nothing happened there. Same transaction row, same block, no alert, one confirmed event.
    expect(await head()).toBe(baseBefore.head);
    expect([...(await transactionsOf(paidBase.hash))]).toEqual([baseTxn!]);
    expect(await indexedBlock(paidBase.hash)).toBe(baseBefore.indexed);
    expect(await alertsOf(base())).toBe(baseBefore.alerts);
    expect((await intentStatus(onBase.id)).status).toBe("confirmed");
    expect(await eventsOf(onBase.id)).toEqual(baseBefore.events);
    // And base goes on: a payment made after the reorg confirms.
    const next = await createIntent(svc, { amount: 19 });
    const paidNext = await wallet.pay(next.paymentAddress, next.expectedUnits);
    await settle(paidNext.blockNumber);
    expect((await intentStatus(next.id)).status).toBe("confirmed");
  });
});
