/**
 * Accounts the indexer follows that are no merchant of ours never stop a chain's payments, on the
 * real stack (Postgres, two anvils, Ponder, matcher):
 * - a stranger creates a v2 account through the open factory naming our operator and sends it one
 *   unit of USDC (twice): the transfers are kept as foreign (one alert, the metric, the CLI listing)
 *   and a payment to a real merchant, sent after them, confirms within its usual time;
 * - a merchant's account that exists on a chain before the service recorded it there: a payment
 *   to it in between is kept, and recorded as the merchant's (exactly once) once the account is
 *   recorded on that chain;
 * - the operator key rotated (the service restarted on its data with another key): the accounts
 *   created under the earlier key stay followed, their payments stay confirmed and are not pruned
 *   from the sync cache, and a new payment to them confirms.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { createWalletClient, getAddress, http, keccak256, parseEventLogs, toHex, type Address, type Hex } from "viem";
import { mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import { startTestService, type TestService } from "./support/service.ts";
import { createIntent, payer, rpc, sleep, waitFor } from "./support/payments.ts";
import { cachedRanges, TRANSFER_TOPIC } from "../src/chain/indexer/index.ts";
import { createAccountV2 } from "../src/chain/account-v2.ts";
import { usdcAbi } from "../contracts/abis.ts";
import { approveMerchant, merchantAccountV2Settings, onboardMerchant } from "../src/modules/merchants/onboarding.ts";
import { commands } from "../src/cli/commands.ts";
import type { ChainRuntime } from "../src/chain/runtime.ts";

const MNEMONIC = "test test test test test test test test test test test junk";
const devKey = (i: number): Hex => toHex(mnemonicToAccount(MNEMONIC, { addressIndex: i }).getHdKey().privateKey!);
const STRANGER_KEY = devKey(3);
const ROTATED_KEY = devKey(2);
const OWNER: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const PAYOUT: Address = getAddress("0x00000000000000000000000000000000000ba5e3");

let svc: TestService;

beforeAll(async () => {
  svc = await startTestService({ roles: ["api", "indexer", "matcher"] });
});
afterAll(async () => {
  await svc?.stop();
});

const base = () => svc.ctx.chains.test!;
const arbitrum = () => svc.ctx.networks.find((c) => c.name === "arbitrum")!;

/** Sends `value` units of the chain's USDC from the sandbox payer on any sandbox chain. */
async function payOn(chain: ChainRuntime, to: Address, value: bigint) {
  const wallet = createWalletClient({ chain: chain.chain, transport: http(chain.rpcHttpUrl), account: privateKeyToAccount(svc.sandbox.payer_private_key) });
  const hash = await wallet.writeContract({ address: chain.usdc, abi: usdcAbi, functionName: "transfer", args: [to, value] });
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  const [log] = parseEventLogs({ abi: usdcAbi, eventName: "Transfer", logs: receipt.logs });
  if (receipt.status !== "success" || !log) throw new Error(`payment ${hash} failed`);
  return { hash, logIndex: log.logIndex };
}

/** Pays a new intent of `merchantId` (on base) and returns how long it took to be confirmed. */
async function payAndTime(s: TestService, merchantId: string, amount: number, timeoutMs: number) {
  const intent = await createIntent(s, { amount, merchantId, key: s.sandbox.test_key_unscoped });
  const sent = await payer(s).pay(intent.paymentAddress, intent.expectedUnits);
  const started = Date.now();
  await waitFor(
    `intent ${intent.id} confirmed`,
    async () => (await s.ctx.database.sql<{ status: string }[]>`SELECT status FROM app.payment_intents WHERE id = ${intent.id}`)[0]?.status === "confirmed",
    timeoutMs,
  );
  return { intent, hash: sent.hash, ms: Date.now() - started };
}

test("a stranger's v2 account naming our operator, paid one unit: kept as foreign, alerted once, listed; the merchant's payments go on confirming", async () => {
  const sql = svc.ctx.database.sql;
  // The usual time, before anything foreign exists.
  const before = await payAndTime(svc, svc.sandbox.merchant_id, 4.11, 30_000);

  const stranger = privateKeyToAccount(STRANGER_KEY);
  const { account } = await createAccountV2({
    walletClient: createWalletClient({ chain: base().chain, transport: http(base().rpcHttpUrl), account: stranger }) as never,
    publicClient: base().publicClient,
    salt: keccak256(toHex("a stranger's account")),
    owner: stranger.address,
    operator: base().operator.account.address,
    payoutAddress: stranger.address,
    feeRecipient: stranger.address,
    feeRateBps: 0,
  });
  const foreign = account.toLowerCase();
  const first = await payOn(base(), account, 1n);
  const second = await payOn(base(), account, 1n);
  // The indexer follows it (it names our operator), so the matcher meets its transfers.
  await waitFor("the stranger's account indexed", async () => (await sql`SELECT 1 FROM chain.indexed_merchant_account WHERE chain_id = ${base().chainId} AND merchant_account = ${foreign}`).length > 0);

  const after = await payAndTime(svc, svc.sandbox.merchant_id, 4.12, 30_000);
  expect(after.ms).toBeLessThan(Math.max(10_000, before.ms * 5));

  const kept = await waitFor("both foreign transfers kept", async () => {
    const rows = await sql<{ tx_hash: string; value_units: string; resolved_at: Date | null }[]>`
      SELECT tx_hash, value_units::text AS value_units, resolved_at FROM app.foreign_transfers WHERE chain_id = ${base().chainId} AND to_address = ${foreign} ORDER BY block_number`;
    return rows.length === 2 ? [...rows] : undefined;
  });
  expect(kept).toEqual([
    { tx_hash: first.hash, value_units: "1", resolved_at: null },
    { tx_hash: second.hash, value_units: "1", resolved_at: null },
  ]);
  expect(await sql`SELECT 1 FROM app.transactions WHERE tx_hash IN (${first.hash}, ${second.hash})`).toHaveLength(0);
  const alerts = await sql<{ details: { account: string } }[]>`SELECT details FROM app.chain_alerts WHERE kind = 'foreign_account' AND chain_id = ${base().chainId}`;
  expect(alerts.map((a) => a.details.account)).toEqual([foreign]);
  const metrics = await (await fetch(`${svc.apiUrl}/metrics`)).text();
  expect(metrics).toContain(`stablepay_matcher_foreign_transfers_total{chain_id="${base().chainId}"} 2`);
  expect(metrics).toContain(`stablepay_chain_alerts_open{kind="foreign_account"} 1`);
  // The operator sees them.
  const listed = (await commands["chain foreign-transfers"]!.run(svc.ctx, {})) as { to_address: string; tx_hash: string }[];
  expect(listed.filter((f) => f.to_address === foreign).map((f) => f.tx_hash).sort()).toEqual([first.hash, second.hash].sort());
  expect(commands["chain foreign-transfers"]!.human(listed)).toContain(foreign);

  // More later: still one alert, and payments still confirm.
  await payOn(base(), account, 1n);
  await payAndTime(svc, svc.sandbox.merchant_id, 4.13, 30_000);
  expect(await sql`SELECT 1 FROM app.chain_alerts WHERE kind = 'foreign_account'`).toHaveLength(1);
}, 180_000);

test("a payment to a merchant's account on a chain before the account is recorded there: kept, then recorded as the merchant's exactly once", async () => {
  const sql = svc.ctx.database.sql;
  // A merchant waiting for approval: its address is fixed (CREATE2 from its id and settings), nothing is created yet.
  const m = await onboardMerchant(svc.ctx, {
    accountIds: [svc.sandbox.account_id],
    mode: "test",
    businessName: "Early Bird Shop",
    email: "owner@earlybird.example",
    bankName: "First Sandbox Bank",
    bankLast4: "1234",
    schedule: { kind: "manual" },
    ownerAddress: OWNER,
    payoutAddress: PAYOUT,
    accountVersion: 2,
    awaitApproval: true,
  });
  // Anyone may create it on arbitrum with its settings (the factory is open): it exists there before
  // the service records it.
  const stranger = privateKeyToAccount(STRANGER_KEY);
  const { account } = await createAccountV2({
    walletClient: createWalletClient({ chain: arbitrum().chain, transport: http(arbitrum().rpcHttpUrl), account: stranger }) as never,
    publicClient: arbitrum().publicClient,
    ...merchantAccountV2Settings(svc.ctx, arbitrum().operator.account.address, m),
  });
  const paid = await payOn(arbitrum(), account, 1_230_000n);
  const kept = await waitFor("the early payment kept as foreign", async () => {
    const [r] = await sql<{ resolved_at: Date | null }[]>`SELECT resolved_at FROM app.foreign_transfers WHERE chain_id = ${arbitrum().chainId} AND tx_hash = ${paid.hash}`;
    return r;
  }, 30_000);
  expect(kept.resolved_at).toBeNull();

  // Approved: its accounts are created (arbitrum's is found there) and recorded; the payment follows.
  const approved = await approveMerchant(svc.ctx, m.id);
  expect(getAddress(approved.paymentAddress!)).toBe(getAddress(account));
  await waitFor("arbitrum's account recorded", async () => (await sql<{ ids: number[] }[]>`SELECT account_chain_ids AS ids FROM app.merchants WHERE id = ${m.id}`)[0]?.ids.includes(arbitrum().chainId), 60_000);
  const tx = await waitFor("the early payment recorded as the merchant's", async () => {
    const [t] = await sql<{ id: string; merchant_id: string; chain_id: number; amount_units: bigint; payment_intent_id: string | null }[]>`
      SELECT id, merchant_id, chain_id, amount_units, payment_intent_id FROM app.transactions WHERE tx_hash = ${paid.hash}`;
    return t;
  }, 30_000);
  expect({ ...tx, amount_units: BigInt(tx.amount_units) }).toMatchObject({ merchant_id: m.id, chain_id: arbitrum().chainId, amount_units: 1_230_000n, payment_intent_id: null });
  // The matcher marks the foreign row resolved in the statement after the one that records the
  // transaction (a crash between them leaves it open, and the next round resolves it): wait for it.
  const resolved = await waitFor("the foreign row resolved to the transaction", async () => {
    const [r] = await sql<{ resolved_at: Date | null; transaction_id: string | null }[]>`SELECT resolved_at, transaction_id FROM app.foreign_transfers WHERE tx_hash = ${paid.hash}`;
    return r?.transaction_id ? r : undefined;
  }, 10_000);
  expect(resolved.transaction_id).toBe(tx.id);
  expect(resolved.resolved_at).not.toBeNull();
  // Exactly once, also after more matcher rounds (the audit and its sweep run every second).
  await sleep(3_000);
  expect(await sql`SELECT 1 FROM app.transactions WHERE tx_hash = ${paid.hash}`).toHaveLength(1);
  expect(await sql`SELECT 1 FROM app.events WHERE type = 'transaction.created' AND data ->> 'id' = ${tx.id}`).toHaveLength(1);
}, 180_000);

test("the operator key rotated: accounts of the earlier key stay followed, their payments stay confirmed and cached, new ones confirm", async () => {
  // A service of its own, kept on its data to start again with another key.
  const first = await startTestService({ roles: ["api", "indexer", "matcher"], keepData: true });
  let second: Awaited<ReturnType<typeof startTestService>> | undefined;
  try {
    const m = await onboardMerchant(first.ctx, {
      accountIds: [first.sandbox.account_id],
      mode: "test",
      businessName: "Before Rotation",
      email: "owner@before.example",
      bankName: "First Sandbox Bank",
      bankLast4: "1234",
      schedule: { kind: "manual" },
      ownerAddress: OWNER,
      payoutAddress: PAYOUT,
      accountVersion: 2,
    });
    const earlier = await payAndTime(first, m.id, 7.77, 30_000);
    const oldOperator = first.ctx.chains.test!.operator.account.address;
    await first.stop();

    second = await startTestService({
      roles: ["api", "indexer", "matcher"],
      reuse: first.data,
      env: { OPERATOR_PRIVATE_KEY: ROTATED_KEY, INDEXER_SYNC_PRUNE_INTERVAL_MS: "200" },
    });
    const sql = second.ctx.database.sql;
    const chainId = second.ctx.chains.test!.chainId;
    expect(second.ctx.chains.test!.operator.account.address).not.toBe(oldOperator);
    // A new payment to the merchant of the earlier key confirms.
    const later = await payAndTime(second, m.id, 7.78, 60_000);
    // Its account is still followed; the earlier payment is still confirmed and still in the sync cache after prune passes.
    const address = m.paymentAddress!.toLowerCase();
    expect(await sql`SELECT 1 FROM chain.indexed_merchant_account WHERE chain_id = ${chainId} AND merchant_account = ${address}`).toHaveLength(1);
    await sleep(2_000);
    const [t] = await sql<{ status: string }[]>`SELECT status FROM app.transactions WHERE tx_hash = ${earlier.hash}`;
    expect(t?.status).toBe("confirmed");
    expect(await sql`SELECT 1 FROM app.transactions WHERE merchant_id = ${m.id} AND status = 'failed'`).toHaveLength(0);
    expect((await sql<{ status: string }[]>`SELECT status FROM app.payment_intents WHERE id = ${earlier.intent.id}`)[0]?.status).toBe("confirmed");
    // Both payments final and covered by the cache (Ponder on anvil: final 30 blocks deep, cached once
    // the head is 60 blocks past the last finalized one); the pruner
    // (every 200 ms here) then deletes the transfers to accounts the indexer does not follow.
    const latest = await second.ctx.chains.test!.publicClient.getBlockNumber();
    await rpc(second, "anvil_mine", [toHex(128)]);
    const usdc = second.ctx.chains.test!.usdc;
    await waitFor("the blocks cached", async () => (await cachedRanges(sql, { chainId, usdc })).some(([lo, hi]) => lo <= Number(latest) && hi >= Number(latest)), 90_000);
    await sleep(2_000);
    const topic = `0x000000000000000000000000${address.slice(2)}`;
    const cached = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM ponder_sync.logs WHERE chain_id = ${chainId} AND topic0 = ${TRANSFER_TOPIC} AND lower(topic2) = ${topic}`;
    expect({ cached: cached[0]!.n, later: later.hash !== earlier.hash }).toEqual({ cached: 2, later: true });
    // Both keys are remembered.
    expect((await sql<{ address: string }[]>`SELECT address FROM app.chain_operators WHERE chain_id = ${chainId} ORDER BY first_seen_at`).map((r) => r.address)).toEqual(
      [oldOperator.toLowerCase(), second.ctx.chains.test!.operator.account.address.toLowerCase()],
    );
  } finally {
    await second?.stop().catch(() => {});
    await first.stop().catch(() => {});
    rmSync(first.data.dataDir, { recursive: true, force: true });
  }
}, 300_000);
