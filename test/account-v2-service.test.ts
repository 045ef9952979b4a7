/**
 * Merchant account v2 in the service ("the new account"), on the real stack (Postgres,
 * anvil, Ponder, matcher, fee collector) with MERCHANT_ACCOUNT_VERSION unset (v2 is the sandbox's
 * default):
 * - the demo merchant gets a v2 account; USDT (TestUSDT, whose transfer returns nothing) is an
 *   enabled pair: a USDT intent is paid through the test helper, confirmed, its fee collected with
 *   collectFee(USDT, ...), and the USDT balance moves; a payment in the wrong token is recorded
 *   (unmatched) and does not confirm; a USDC and a USDT intent of one amount share a value;
 * - one settlement withdraws USDC and USDT (one leg each, each once, a failing leg retried) and pays
 *   one bank transfer for the total;
 * - the sandbox deployed the v2 factory (deterministic address) and a TestUSDT at start, recorded
 *   in the deployment record and the sandbox info;
 * - a merchant onboarded over the API gets account version 2, its payment address is
 *   accountV2Address(...) of its settings, created on chain by the operator through its journal;
 * - a USDC payment to it confirms (indexer + matcher), its fee is collected with
 *   collectFee(USDC, ref, amount) (FeeCollected carries the USDC token, also in chain.fee_collected),
 *   its balance reconciles with the chain, and a cash-out withdraws to the payout address once;
 * - a v1 merchant onboarded in the same service still works the v1 way.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getAddress, keccak256, parseEventLogs, toHex, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { startTestService, type TestService } from "./support/service.ts";
import { createIntent, payer, waitFor } from "./support/payments.ts";
import { usdcBalance } from "./support/settlement-fixtures.ts";
import { merchantAccountAbi, merchantAccountFactoryAbi, merchantAccountFactoryV2Abi, merchantAccountV2Abi, testUsdtAbi } from "../contracts/abis.ts";
import { accountV2Address, factoryV2Address } from "../src/chain/account-v2.ts";
import { ANVIL_KEY_0 } from "../src/config.ts";
import { onboardMerchant } from "../src/modules/merchants/onboarding.ts";
import { computeMerchantBalance } from "../src/modules/merchants/balance.ts";
import { settlementCashOut } from "../src/modules/settlements/operator.ts";
import { pairWithdrawalRef, withdrawalRef } from "../src/modules/settlements/withdrawal.ts";
import { cashOut, driveSettlement, withdrawalsOf } from "../src/modules/settlements/service.ts";
import { tokenBalance } from "./support/settlement-fixtures.ts";
import { feeRef } from "../src/modules/fees/ref.ts";
import { merchants } from "../src/db/schema/core.ts";
import { eq } from "drizzle-orm";
import { ensureDeployment } from "../src/chain/deployment.ts";
import { commands } from "../src/cli/commands.ts";

type Json = Record<string, any>;
let svc: TestService;
const OWNER: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const PAYOUT_V2: Address = getAddress("0x00000000000000000000000000000000000ba5e2");
const PAYOUT_V1: Address = getAddress("0x00000000000000000000000000000000000ba5e1");
const OPERATOR = privateKeyToAccount(ANVIL_KEY_0).address;

beforeAll(async () => {
  // MERCHANT_ACCOUNT_VERSION unset: v2 is the sandbox's default (its factory is deployed at start).
  svc = await startTestService({ roles: ["api", "indexer", "matcher", "fee_collector"] });
});
afterAll(async () => {
  await svc?.stop();
});

const chain = () => svc.ctx.chains.test!;
const hasCode = async (address: Address) => ((await chain().publicClient.getCode({ address })) ?? "0x") !== "0x";

/** A merchant of the sandbox's account, manual settlement, owned by OWNER, paid out to PAYOUT_V1 or PAYOUT_V2 by its account version. */
function onboardTestMerchant(businessName: string, accountVersion: 1 | 2) {
  return onboardMerchant(svc.ctx, {
    accountIds: [svc.sandbox.account_id],
    mode: "test",
    businessName,
    email: `owner@${businessName.toLowerCase().replaceAll(" ", "")}.example`,
    bankName: "First Sandbox Bank",
    bankLast4: "1234",
    schedule: { kind: "manual" },
    ownerAddress: OWNER,
    payoutAddress: accountVersion === 1 ? PAYOUT_V1 : PAYOUT_V2,
    accountVersion,
  });
}

async function call(path: string, init: RequestInit & { json?: unknown } = {}) {
  const res = await svc.api(path, { ...init, key: svc.sandbox.test_key_unscoped });
  return { status: res.status, body: (await res.json()) as Json };
}

/** Pays an intent of `merchantId` and waits until it is confirmed and its fee collected; returns its transaction row. */
async function payAndCollect(merchantId: string, amount: number) {
  const intent = await createIntent(svc, { amount, merchantId, key: svc.sandbox.test_key_unscoped });
  await payer(svc).pay(intent.paymentAddress, intent.expectedUnits);
  const row = await waitFor(
    `intent ${intent.id} confirmed and its fee collected`,
    async () => {
      const [t] = await svc.ctx.database.sql<{ id: string; amount_units: bigint; fee_units: bigint; net_units: bigint; fee_tx_hash: Hex; block_number: bigint }[]>`
        SELECT id, amount_units, fee_units, net_units, fee_tx_hash, block_number FROM app.transactions
        WHERE payment_intent_id = ${intent.id} AND status = 'confirmed' AND fee_status = 'collected'`;
      return t;
    },
    60_000,
  );
  expect((await call(`/v1/payment-intents/${intent.id}`)).body.status).toBe("confirmed");
  return { intent, tx: { ...row, amount_units: BigInt(row.amount_units), fee_units: BigInt(row.fee_units), net_units: BigInt(row.net_units) } };
}

test("the sandbox deployed the v2 factory and TestUSDT and records them", async () => {
  const factoryV2 = await factoryV2Address();
  expect(chain().factoryV2).toBe(factoryV2);
  expect(await hasCode(factoryV2)).toBe(true);
  expect(svc.sandbox).toMatchObject({ factory_v2_address: factoryV2, usdt_address: chain().usdt, factory_address: chain().factory, usdc_address: chain().usdc });
  expect(await hasCode(chain().usdt!)).toBe(true);
  expect(await chain().publicClient.readContract({ address: chain().usdt!, abi: testUsdtAbi, functionName: "decimals" })).toBe(6);
  const [row] = await svc.ctx.database.sql`SELECT factory_v2_address, usdt_address, factory_address FROM app.chain_deployments WHERE chain_id = ${chain().chainId}`;
  expect(row).toMatchObject({ factory_v2_address: factoryV2, usdt_address: chain().usdt, factory_address: chain().factory });
});

test("a v2 merchant onboarded over the API: v2 address, payment confirmed, fee collected in USDC, balance reconciled, one withdrawal", async () => {
  const sql = svc.ctx.database.sql;
  const created = await call("/v1/merchants", {
    method: "POST",
    json: {
      business_name: "V2 Bakery",
      email: "owner@v2bakery.example",
      owner_address: OWNER,
      payout_address: PAYOUT_V2,
      settlement_schedule: "manual",
      bank_account: { routing_number: "011000015", account_number: "000123456789", bank_name: "Federal Reserve Bank" },
    },
  });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const active = await waitFor(`merchant ${id} active`, async () => {
    const r = await call(`/v1/merchants/${id}`);
    return r.body.status === "active" ? r.body : undefined;
  });
  const [m] = await svc.ctx.database.db.select().from(merchants).where(eq(merchants.id, id));
  expect(m!.accountVersion).toBe(2);
  // The address is computed off-chain from the merchant's settings, independently of the service's code path.
  const expected = await accountV2Address({
    salt: keccak256(toHex(`stablepay:merchant:${id}`)),
    owner: OWNER,
    operator: OPERATOR,
    payoutAddress: PAYOUT_V2,
    feeRecipient: OPERATOR,
    feeRateBps: 100,
  });
  expect(getAddress(m!.paymentAddress!)).toBe(expected);
  expect(getAddress(active.payment_address)).toBe(expected);
  expect(await hasCode(expected)).toBe(true);
  // Created by the v2 factory, sent by the operator.
  const created2 = await chain().publicClient.getContractEvents({ address: await factoryV2Address(), abi: merchantAccountFactoryV2Abi, eventName: "AccountCreated", args: { account: expected }, fromBlock: 0n });
  expect(created2.length).toBe(1);
  const creation = await chain().publicClient.getTransaction({ hash: created2[0]!.transactionHash! });
  expect(getAddress(creation.from)).toBe(OPERATOR);
  expect(await chain().publicClient.readContract({ address: expected, abi: merchantAccountV2Abi, functionName: "operator" })).toBe(OPERATOR);

  // Pay in USDC: confirmed by the indexer and the matcher, fee collected with the USDC token.
  const { tx } = await payAndCollect(id, 25);
  expect(tx.fee_units).toBe(250_000n);
  const receipt = await chain().publicClient.getTransactionReceipt({ hash: tx.fee_tx_hash });
  const fees = parseEventLogs({ abi: merchantAccountV2Abi, eventName: "FeeCollected", logs: receipt.logs });
  expect(fees.length).toBe(1);
  expect(getAddress(fees[0]!.address)).toBe(expected);
  expect(fees[0]!.args).toMatchObject({ ref: feeRef(tx.id), token: chain().usdc, paymentAmount: tx.amount_units, fee: tx.fee_units, recipient: OPERATOR });
  expect(await chain().publicClient.readContract({ address: expected, abi: merchantAccountV2Abi, functionName: "feesCollected", args: [chain().usdc] })).toBe(tx.fee_units);
  // Indexed, with its token.
  await waitFor("the v2 fee in chain.fee_collected", async () => {
    const rows = await sql`SELECT token_address, fee::text AS fee FROM chain.fee_collected WHERE merchant_account = ${expected.toLowerCase()}`;
    return rows.length === 1 && rows[0]!.token_address === chain().usdc.toLowerCase() && rows[0]!.fee === String(tx.fee_units);
  });
  // The payment is in the indexed transfers and the account is followed.
  // Followed on each sandbox chain (created on both at onboarding).
  const followed = await sql`SELECT chain_id FROM chain.indexed_merchant_account WHERE merchant_account = ${expected.toLowerCase()} ORDER BY chain_id`;
  expect(followed.map((r) => Number(r.chain_id))).toEqual([31337, 31338]);

  // Balance: read from the chain and reconciled with the ledger and the indexed fees.
  const balance = await waitFor("a reconciled v2 balance", async () => {
    const b = await computeMerchantBalance(svc.ctx, m!);
    // Read at the matcher's covered block: once that block is past the fee's collection.
    return b.reconciled === true && b.feesOwedUnits === 0n ? b : undefined;
  });
  expect(balance).toMatchObject({ source: "chain", onchainUnits: tx.net_units, availableUnits: tx.net_units, feesOwedUnits: 0n });

  // Cash out: one withdraw(USDC, ref, amount) to the payout address.
  const payoutBefore = await usdcBalance(svc.ctx, PAYOUT_V2);
  const out = await settlementCashOut(svc.ctx, id);
  expect(out.settlement).not.toBeNull();
  const settlementId = out.settlement!.id;
  const withdrawals = await chain().publicClient.getContractEvents({ address: expected, abi: merchantAccountV2Abi, eventName: "Withdrawn", fromBlock: 0n });
  expect(withdrawals.length).toBe(1);
  expect(withdrawals[0]!.args).toMatchObject({ ref: withdrawalRef(settlementId), token: chain().usdc, to: PAYOUT_V2, amount: tx.net_units, by: OPERATOR });
  expect(withdrawals[0]!.transactionHash).toBe(out.withdrawal_tx_hash as Hex);
  expect((await usdcBalance(svc.ctx, PAYOUT_V2)) - payoutBefore).toBe(tx.net_units);
  // Nothing left to settle: no second withdrawal.
  expect((await settlementCashOut(svc.ctx, id)).settlement).toBeNull();
  expect((await chain().publicClient.getContractEvents({ address: expected, abi: merchantAccountV2Abi, eventName: "Withdrawn", fromBlock: 0n })).length).toBe(1);
  await waitFor("the v2 withdrawal in chain.withdrawal with its token", async () => {
    const rows = await sql`SELECT token_address, amount::text AS amount FROM chain.withdrawal WHERE merchant_account = ${expected.toLowerCase()}`;
    return rows.length === 1 && rows[0]!.token_address === chain().usdc.toLowerCase() && rows[0]!.amount === String(tx.net_units);
  });
  const after = await waitFor("a reconciled balance after the withdrawal", async () => {
    const b = await computeMerchantBalance(svc.ctx, m!);
    return b.reconciled === true && b.onchainUnits === 0n ? b : undefined;
  });
  expect(after.availableUnits).toBe(0n);
}, 240_000);

test("a v1 merchant in the same service still works the v1 way", async () => {
  const m = await onboardTestMerchant("V1 Deli", 1);
  expect(m.accountVersion).toBe(1);
  const account = getAddress(m.paymentAddress!);
  const predicted = await chain().publicClient.readContract({
    address: chain().factory!,
    abi: merchantAccountFactoryAbi,
    functionName: "predictAddress",
    args: [keccak256(toHex(`stablepay:merchant:${m.id}`)), OWNER, PAYOUT_V1, 100],
  });
  expect(account).toBe(getAddress(predicted));

  const { tx } = await payAndCollect(m.id, 10);
  const receipt = await chain().publicClient.getTransactionReceipt({ hash: tx.fee_tx_hash });
  const fees = parseEventLogs({ abi: merchantAccountAbi, eventName: "FeeCollected", logs: receipt.logs });
  expect(fees.length).toBe(1);
  expect(fees[0]!.args).toMatchObject({ ref: feeRef(tx.id), paymentAmount: tx.amount_units, fee: tx.fee_units });
  await waitFor("the v1 fee in chain.fee_collected, as USDC", async () => {
    const rows = await svc.ctx.database.sql`SELECT token_address FROM chain.fee_collected WHERE merchant_account = ${account.toLowerCase()}`;
    return rows.length === 1 && rows[0]!.token_address === chain().usdc.toLowerCase();
  });

  const payoutBefore = await usdcBalance(svc.ctx, PAYOUT_V1);
  const out = await settlementCashOut(svc.ctx, m.id);
  const withdrawals = await chain().publicClient.getContractEvents({ address: account, abi: merchantAccountAbi, eventName: "Withdrawn", fromBlock: 0n });
  expect(withdrawals.length).toBe(1);
  expect(withdrawals[0]!.args).toMatchObject({ ref: withdrawalRef(out.settlement!.id), to: PAYOUT_V1, amount: tx.net_units });
  expect((await usdcBalance(svc.ctx, PAYOUT_V1)) - payoutBefore).toBe(tx.net_units);
}, 180_000);

test("v2 is the sandbox's default: the demo merchant has a v2 account; sandbox.json lists the chain with USDC and USDT", async () => {
  const [demo] = await svc.ctx.database.db.select().from(merchants).where(eq(merchants.id, svc.sandbox.merchant_id));
  expect(demo!.accountVersion).toBe(2);
  expect(chain().accountVersion).toBe(2);
  expect(svc.sandbox.chains[0]).toEqual({ chain: "base", chain_id: chain().chainId, rpc_url: chain().rpcHttpUrl, tokens: { USDC: chain().usdc, USDT: chain().usdt! } });
  expect(svc.sandbox.chains.map((c) => c.chain)).toEqual(["base", "arbitrum"]);
  // The payer is funded with both tokens.
  expect(await tokenBalance(svc.ctx, "USDT", svc.sandbox.payer_address)).toBeGreaterThanOrEqual(100_000_000_000n);
});

/** A v2 merchant (manual schedule) onboarded directly, with its own payout address. */
async function v2Merchant(name: string, payout: Address) {
  return onboardMerchant(svc.ctx, {
    accountIds: [svc.sandbox.account_id],
    mode: "test",
    businessName: name,
    email: `owner@${name.toLowerCase().replace(/\W/g, "")}.example`,
    bankName: "First Sandbox Bank",
    bankLast4: "4321",
    schedule: { kind: "manual" },
    ownerAddress: OWNER,
    payoutAddress: payout,
  });
}

async function createPairIntent(merchantId: string, amount: number, token?: "USDC" | "USDT") {
  const r = await call("/v1/payment-intents", { method: "POST", json: { amount, currency: "usd", merchant_id: merchantId, ...(token ? { token } : {}) } });
  expect(r.status).toBe(201);
  return r.body;
}

async function txnOf(intentId: string) {
  return waitFor(`intent ${intentId} confirmed and its fee collected`, async () => {
    const [t] = await svc.ctx.database.sql<{ id: string; token: string; amount_units: bigint; fee_units: bigint; net_units: bigint; fee_tx_hash: Hex }[]>`
      SELECT id, token, amount_units, fee_units, net_units, fee_tx_hash FROM app.transactions
      WHERE payment_intent_id = ${intentId} AND status = 'confirmed' AND fee_status = 'collected'`;
    return t ? { ...t, net_units: BigInt(t.net_units), fee_units: BigInt(t.fee_units), amount_units: BigInt(t.amount_units) } : undefined;
  }, 60_000);
}

const PAYOUT_USDT: Address = getAddress("0x00000000000000000000000000000000000ba5e3");

test("USDT end to end: paid through the helper, confirmed, fee collected in USDT, the USDT balance moves; a wrong-token payment is recorded and confirms nothing", async () => {
  const sql = svc.ctx.database.sql;
  const m = await v2Merchant("Tether Tea", PAYOUT_USDT);
  const account = getAddress(m.paymentAddress!);
  const usdt = chain().usdt!;

  // One amount in both tokens: values are held per token, so both take the amount itself (tag 0).
  const usdtIntent = await createPairIntent(m.id, 12.5, "USDT");
  const usdcIntent = await createPairIntent(m.id, 12.5);
  expect([usdtIntent.chain, usdtIntent.token, usdcIntent.token]).toEqual(["base", "USDT", "USDC"]);
  expect(usdtIntent.qr_payload).toContain(`ethereum:${usdt}@${chain().chainId}/transfer`);
  const [a, b] = await sql<{ id: string; expected_units: bigint }[]>`SELECT id, expected_units FROM app.payment_intents WHERE id IN (${usdtIntent.id}, ${usdcIntent.id}) ORDER BY token DESC`;
  expect(BigInt(a!.expected_units)).toBe(12_500_000n);
  expect(BigInt(b!.expected_units)).toBe(12_500_000n);

  // A wrong-token payment: 9.87 in USDC to a 9.87 USDT intent is recorded unmatched, the intent waits.
  const wrong = await createPairIntent(m.id, 9.87, "USDT");
  const { payIntent } = await import("../src/modules/test-helpers/service.ts");
  const { intentFromDb } = await import("../src/modules/payment-intents/service.ts");
  const [wrongRow] = await sql`SELECT * FROM app.payment_intents WHERE id = ${wrong.id}`;
  const wrongPaid = await payIntent(svc.ctx, intentFromDb(wrongRow!), undefined, "USDC");

  // The right payments, through the sandbox helper (in the intent's token).
  for (const id of [usdtIntent.id, usdcIntent.id]) expect((await call(`/v1/test_helpers/payment_intents/${id}/pay`, { method: "POST" })).status).toBe(200);
  const usdtTx = await txnOf(usdtIntent.id);
  const usdcTx = await txnOf(usdcIntent.id);
  expect([usdtTx.token, usdcTx.token]).toEqual(["USDT", "USDC"]);
  expect(usdtTx.fee_units).toBe(125_000n);
  const fees = parseEventLogs({ abi: merchantAccountV2Abi, eventName: "FeeCollected", logs: (await chain().publicClient.getTransactionReceipt({ hash: usdtTx.fee_tx_hash })).logs });
  expect(fees[0]!.args).toMatchObject({ ref: feeRef(usdtTx.id), token: usdt, paymentAmount: 12_500_000n, fee: 125_000n });
  expect(await chain().publicClient.readContract({ address: account, abi: merchantAccountV2Abi, functionName: "feesCollected", args: [usdt] })).toBe(125_000n);

  const recorded = await waitFor("the wrong-token payment recorded", async () => {
    const [t] = await sql<{ payment_intent_id: string | null; token: string }[]>`SELECT payment_intent_id, token FROM app.transactions WHERE tx_hash = ${wrongPaid.txHash.toLowerCase()}`;
    return t;
  });
  expect(recorded).toEqual({ payment_intent_id: null, token: "USDC" });
  expect((await call(`/v1/payment-intents/${wrong.id}`)).body.status).toBe("awaiting_payment");
  const unmatchedTxns = (await call(`/v1/transactions?merchant_id=${m.id}&token=USDC&limit=10`)).body.data as Json[];
  expect(unmatchedTxns.some((t) => t.payment_intent_id === null && t.token === "USDC")).toBe(true);

  // Balances per pair: each counts its own token, reconciled with that token's balanceOf.
  const usdtBalance = await waitFor("a reconciled USDT balance", async () => {
    const r = await call(`/v1/merchants/${m.id}/balance?chain=base&token=USDT`);
    const { resolvePair } = await import("../src/chain/pairs.ts");
    const bal = await computeMerchantBalance(svc.ctx, (await svc.ctx.database.db.select().from(merchants).where(eq(merchants.id, m.id)))[0]!, resolvePair(svc.ctx, "test", "base", "USDT"));
    // Read at the matcher's covered block: wait until it is past the fee's block.
    return bal.reconciled === true && bal.onchainUnits === 12_375_000n ? { r, bal } : undefined;
  });
  expect(usdtBalance.r.body).toMatchObject({ available: 12.375, chain: "base" });
  expect(usdtBalance.bal.onchainUnits).toBe(12_375_000n);
  const list = (await call(`/v1/merchants/${m.id}/balances`)).body.data as Json[];
  expect(list.map((x) => [x.chain, x.token, x.available])).toEqual([["base", "USDC", 12.375 + 9.7713], ["base", "USDT", 12.375], ["arbitrum", "USDC", 0], ["arbitrum", "USDT", 0]]);
}, 180_000);

test("one settlement pays USDC and USDT: one withdrawal per pair (a failing one retried, none twice), one bank transfer for the total", async () => {
  const sql = svc.ctx.database.sql;
  const [m] = await svc.ctx.database.db.select().from(merchants).where(eq(merchants.payoutAddress, PAYOUT_USDT));
  const account = getAddress(m!.paymentAddress!);
  const usdt = chain().usdt!;
  const [avail] = await sql<{ token: string; units: string }[]>`
    SELECT token, sum(net_units)::text AS units FROM app.transactions WHERE merchant_id = ${m!.id} AND status = 'confirmed' AND settlement_id IS NULL GROUP BY token ORDER BY token`;
  const byToken = Object.fromEntries((await sql<{ token: string; units: string }[]>`
    SELECT token, sum(net_units)::text AS units FROM app.transactions WHERE merchant_id = ${m!.id} AND status = 'confirmed' AND settlement_id IS NULL GROUP BY token`).map((r) => [r.token, BigInt(r.units)]));
  expect(avail).toBeDefined();
  expect(byToken.USDT).toBe(12_375_000n);
  const before = { USDC: await tokenBalance(svc.ctx, "USDC", PAYOUT_USDT), USDT: await tokenBalance(svc.ctx, "USDT", PAYOUT_USDT) };

  // The USDT leg fails once between signing and broadcasting (as if the settler died there).
  let signed = 0;
  const hooks = {
    at: async (step: string) => {
      if (step === "after_withdrawal_signed" && ++signed === 2) throw new Error("injected: the settler stopped after signing the USDT withdrawal");
    },
  };
  const first = await cashOut(svc.ctx, m!.id, { trigger: "manual", hooks });
  expect(first).toBeDefined();
  const id = first!.id;
  // Meanwhile: pending, its USDC withdrawn, its USDT pending (with the error kept for the operator).
  expect(first!.status).toBe("pending");
  const mid = await call(`/v1/settlements/${id}`);
  expect(mid.body.status).toBe("pending");
  expect((mid.body.withdrawals as Json[]).map((w) => [w.token, w.status])).toEqual([["USDC", "withdrawn"], ["USDT", "pending"]]);
  const [pendingPair] = await sql`SELECT last_error FROM app.settlement_withdrawals WHERE settlement_id = ${id} AND token = 'USDT'`;
  expect(String(pendingPair!.last_error)).toContain("injected");

  // The next drive takes the recorded USDT attempt up again (its signed bytes), then pays the bank once.
  const done = await driveSettlement(svc.ctx, id, { waitMs: 30_000 });
  expect(done!.status).toBe("in_transit");
  expect(done!.amountUnits).toBe(byToken.USDC! + byToken.USDT!);
  const shape = (await call(`/v1/settlements/${id}`)).body;
  expect(shape.amount).toBe(Number(byToken.USDC! + byToken.USDT!) / 1e6);
  expect((shape.withdrawals as Json[]).map((w) => [w.chain, w.token, w.amount, w.status])).toEqual([
    ["base", "USDC", Number(byToken.USDC) / 1e6, "withdrawn"],
    ["base", "USDT", Number(byToken.USDT) / 1e6, "withdrawn"],
  ]);

  // On chain: exactly one Withdrawn per pair, each of its token and its own ref.
  const logs = await chain().publicClient.getContractEvents({ address: account, abi: merchantAccountV2Abi, eventName: "Withdrawn", fromBlock: 0n });
  expect(logs.map((l) => [l.args.ref, l.args.token, l.args.amount])).toEqual([
    [withdrawalRef(id), chain().usdc, byToken.USDC],
    [pairWithdrawalRef(id, "USDT"), usdt, byToken.USDT],
  ]);
  expect((await tokenBalance(svc.ctx, "USDC", PAYOUT_USDT)) - before.USDC).toBe(byToken.USDC!);
  expect((await tokenBalance(svc.ctx, "USDT", PAYOUT_USDT)) - before.USDT).toBe(byToken.USDT!);
  // One bank transfer, for the total.
  const payouts = await sql<{ amount_units: bigint }[]>`SELECT amount_units FROM app.sandbox_payouts WHERE merchant_id = ${m!.id}`;
  expect(payouts.map((p) => BigInt(p.amount_units))).toEqual([byToken.USDC! + byToken.USDT!]);
  // Driving again moves nothing twice; both pairs are in transit in the balances.
  await driveSettlement(svc.ctx, id, { waitMs: 30_000 });
  expect((await chain().publicClient.getContractEvents({ address: account, abi: merchantAccountV2Abi, eventName: "Withdrawn", fromBlock: 0n })).length).toBe(2);
  expect((await withdrawalsOf(svc.ctx, done!)).every((w) => w.state === "withdrawn")).toBe(true);
  const list = ((await call(`/v1/merchants/${m!.id}/balances`)).body.data as Json[]).filter((x) => x.chain === "base");
  expect(list.map((x) => [x.token, x.available, x.pending_settlement])).toEqual([
    ["USDC", 0, Number(byToken.USDC) / 1e6],
    ["USDT", 0, Number(byToken.USDT) / 1e6],
  ]);
}, 180_000);

test("a v1 merchant is refused a USDT intent (its account holds USDC only)", async () => {
  const v1 = await onboardTestMerchant("V1 Bakery", 1);
  const r = await call("/v1/payment-intents", { method: "POST", json: { amount: 5, currency: "usd", merchant_id: v1.id, token: "USDT" } });
  expect(r.status).toBe(400);
  expect(r.body.error).toMatchObject({ code: "parameter_invalid", param: "token" });
  expect(r.body.error.message).toContain("USDC only");
});

test("a sandbox recorded before v2 gets the v2 factory and a TestUSDT at its next start, keeping v1's contracts", async () => {
  const sql = svc.ctx.database.sql;
  const chainId = chain().chainId;
  await sql`UPDATE app.chain_deployments SET factory_v2_address = NULL, usdt_address = NULL WHERE chain_id = ${chainId}`;
  const before = await chain().publicClient.getTransactionCount({ address: OPERATOR });
  const d = await ensureDeployment(svc.ctx.database, svc.ctx.config.chains.test, svc.ctx.config.operatorPrivateKey, svc.ctx.config.feeRecipient);
  expect(d).toMatchObject({ usdc: chain().usdc, factory: chain().factory, factoryV2: await factoryV2Address(), fresh: false, chainWasReset: false });
  expect(d.usdt).not.toBe(chain().usdt); // a new TestUSDT: the record had none
  expect(await hasCode(d.usdt!)).toBe(true);
  // The factory was already there: only the TestUSDT was sent.
  expect((await chain().publicClient.getTransactionCount({ address: OPERATOR })) - before).toBe(1);
  const [row] = await sql`SELECT factory_v2_address, usdt_address FROM app.chain_deployments WHERE chain_id = ${chainId}`;
  expect(row).toEqual({ factory_v2_address: d.factoryV2, usdt_address: d.usdt });
  // Idempotent: nothing more is sent.
  const again = await ensureDeployment(svc.ctx.database, svc.ctx.config.chains.test, svc.ctx.config.operatorPrivateKey, svc.ctx.config.feeRecipient);
  expect(again).toMatchObject({ factoryV2: d.factoryV2, usdt: d.usdt });
  expect((await chain().publicClient.getTransactionCount({ address: OPERATOR })) - before).toBe(1);
});

test("CLI chain deploy-factory-v2: needs a deployer key that is not the operator's; nothing sent when the factory is there", async () => {
  const command = commands["chain deploy-factory-v2"]!;
  const saved = process.env.DEPLOYER_PRIVATE_KEY;
  try {
    delete process.env.DEPLOYER_PRIVATE_KEY;
    await expect(command.run(svc.ctx, { mode: "test" })).rejects.toThrow(/DEPLOYER_PRIVATE_KEY/);
    process.env.DEPLOYER_PRIVATE_KEY = ANVIL_KEY_0;
    await expect(command.run(svc.ctx, { mode: "test" })).rejects.toThrow(/must not be the operator key/);
    process.env.DEPLOYER_PRIVATE_KEY = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a"; // anvil dev key 2
    expect(await command.run(svc.ctx, { mode: "test" })).toMatchObject({ chain_id: chain().chainId, factory: await factoryV2Address(), deployed_now: false });
    // --record: the install's deployments record gets the factory with the block it was deployed in.
    const records = mkdtempSync(join(tmpdir(), "stablepay-records-"));
    try {
      const recorded = (await command.run(svc.ctx, { mode: "test", record: records })) as { block_number?: number };
      const publicClient = chain().publicClient;
      expect(await publicClient.getCode({ address: await factoryV2Address(), blockNumber: BigInt(recorded.block_number!) })).not.toBeUndefined();
      expect(await publicClient.getCode({ address: await factoryV2Address(), blockNumber: BigInt(recorded.block_number! - 1) })).toBeUndefined();
      expect(JSON.parse(readFileSync(join(records, `${chain().chainId}.json`), "utf8"))).toEqual({ chainId: chain().chainId, factories: [{ version: 2, address: await factoryV2Address(), startBlock: recorded.block_number }] });
    } finally {
      rmSync(records, { recursive: true, force: true });
    }
  } finally {
    if (saved === undefined) delete process.env.DEPLOYER_PRIVATE_KEY;
    else process.env.DEPLOYER_PRIVATE_KEY = saved;
  }
});

// A second chain: the sandbox runs `arbitrum` (anvil, chain id 31338) beside `base`.
const arbitrum = () => svc.ctx.networks.find((c) => c.name === "arbitrum")!;

test("two sandbox chains: a v2 merchant's one address on both; paid on arbitrum, confirmed, fee collected there, the arbitrum balance moves; the right value on base confirms nothing", async () => {
  const sql = svc.ctx.database.sql;
  expect(arbitrum()).toMatchObject({ mode: "test", chainId: 31338 });
  expect(svc.sandbox.chains.map((c) => [c.chain, c.chain_id])).toEqual([["base", 31337], ["arbitrum", 31338]]);
  expect(svc.sandbox.chains[1]!.tokens.USDC).toBe(arbitrum().usdc);

  const m = await onboardTestMerchant("Two Chain Tea", 2);
  expect(m.accountChainIds).toEqual([31338]);
  const address = getAddress(m.paymentAddress!);
  // The same code at the same address on both chains.
  const codes = await Promise.all([chain(), arbitrum()].map((c) => c.publicClient.getCode({ address })));
  expect(codes[0]!.length).toBeGreaterThan(2);
  expect(codes[1]).toBe(codes[0]);

  const created = await call("/v1/payment-intents", { method: "POST", json: { amount: 12.5, currency: "usd", merchant_id: m.id, chain: "arbitrum" } });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ chain: "arbitrum", token: "USDC", payment_address: address });
  expect(created.body.qr_payload).toContain(`${getAddress(arbitrum().usdc)}@31338/transfer?address=${address}`);

  // The intent's value on the wrong chain (base): recorded as a payment that matched nothing.
  const [intentRow] = await sql<{ expected_units: bigint }[]>`SELECT expected_units FROM app.payment_intents WHERE id = ${created.body.id}`;
  const value = BigInt(intentRow!.expected_units);
  const wrong = await payer(svc).pay(address, value);
  const unmatched = await waitFor("the base payment recorded", async () => {
    const [t] = await sql<{ payment_intent_id: string | null; chain_id: number }[]>`SELECT payment_intent_id, chain_id FROM app.transactions WHERE tx_hash = ${wrong.hash}`;
    return t;
  });
  expect(unmatched).toEqual({ payment_intent_id: null, chain_id: 31337 });
  expect((await call(`/v1/payment-intents/${created.body.id}`)).body.status).toBe("awaiting_payment");

  // Paid on arbitrum through the sandbox helper (it pays on the intent's chain).
  expect((await call(`/v1/test_helpers/payment_intents/${created.body.id}/pay`, { method: "POST" })).status).toBe(200);
  const tx = await waitFor("confirmed on arbitrum, fee collected", async () => {
    const [t] = await sql<{ id: string; chain_id: number; net_units: bigint; fee_units: bigint; fee_tx_hash: Hex }[]>`
      SELECT id, chain_id, net_units, fee_units, fee_tx_hash FROM app.transactions
      WHERE payment_intent_id = ${created.body.id} AND status = 'confirmed' AND fee_status = 'collected'`;
    return t;
  }, 60_000);
  expect(tx.chain_id).toBe(31338);
  expect((await call(`/v1/payment-intents/${created.body.id}`)).body).toMatchObject({ status: "confirmed", chain: "arbitrum" });
  // The fee was collected on arbitrum, not base.
  const receipt = await arbitrum().publicClient.getTransactionReceipt({ hash: tx.fee_tx_hash });
  expect(parseEventLogs({ abi: merchantAccountV2Abi, eventName: "FeeCollected", logs: receipt.logs })[0]!.args).toMatchObject({ token: getAddress(arbitrum().usdc), fee: BigInt(tx.fee_units) });
  // Balances per pair: arbitrum holds this payment's net (read from that chain), base holds the unmatched payment's.
  const balance = async (chainName: string) => (await call(`/v1/merchants/${m.id}/balance?chain=${chainName}&token=USDC`)).body;
  await waitFor("the arbitrum balance reconciled", async () => ((await balance("arbitrum")).available === Number(tx.net_units) / 1e6 ? true : undefined));
  expect((await balance("arbitrum")).chain).toBe("arbitrum");
}, 180_000);

test("a v1 merchant cannot take an intent on the second chain: 400 on chain, saying why", async () => {
  const m = await onboardTestMerchant("V1 Only", 1);
  const res = await call("/v1/payment-intents", { method: "POST", json: { amount: 5, currency: "usd", merchant_id: m.id, chain: "arbitrum" } });
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ code: "parameter_invalid", param: "chain" });
  expect(res.body.error.message).toMatch(/v1 account/);
});

test("arbitrum's RPC stalled during an onboarding: the merchant is active on base at once (its accounts are created side by side, base's not held by arbitrum's); arbitrum's follows once the RPC is back", async () => {
  const port = new URL(arbitrum().rpcHttpUrl).port;
  const [anvil, ...more] = readdirSync("/proc").filter((p) => {
    if (!/^\d+$/.test(p)) return false;
    try {
      const args = readFileSync(`/proc/${p}/cmdline`, "utf8").split("\0");
      return args[0]!.endsWith("/anvil") && args.join(" ").includes(`--port ${port}`);
    } catch {
      return false;
    }
  });
  expect({ anvil: anvil !== undefined, more }).toEqual({ anvil: true, more: [] });
  process.kill(Number(anvil), "SIGSTOP");
  let resumed = false;
  try {
    const created = await call("/v1/merchants", {
      method: "POST",
      headers: { "idempotency-key": "stalled-arbitrum" },
      json: { business_name: "Stalled Arbitrum Shop", email: "owner@stalled.example", owner_address: OWNER, payout_address: PAYOUT_V2, settlement_schedule: "manual", bank_account: { routing_number: "011000015", account_number: "000123456789" } },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    // Active within the answer's wait or moments after: base's account does not wait for arbitrum.
    await waitFor("the merchant active on base", async () => ((await svc.ctx.database.sql<{ status: string }[]>`SELECT status FROM app.merchants WHERE id = ${id}`)[0]?.status === "active" ? true : undefined), 10_000);
    const [row] = await svc.ctx.database.sql<{ account_chain_ids: number[]; payment_address: string }[]>`SELECT account_chain_ids, payment_address FROM app.merchants WHERE id = ${id}`;
    expect(row!.account_chain_ids).toEqual([]);
    expect(await hasCode(getAddress(row!.payment_address))).toBe(true);
    // Not on arbitrum yet: an intent there is refused, one on base is not.
    expect((await call("/v1/payment-intents", { method: "POST", json: { amount: 3.5, currency: "usd", merchant_id: id, chain: "arbitrum" } })).status).toBe(400);
    const onBase = await call("/v1/payment-intents", { method: "POST", json: { amount: 3.5, currency: "usd", merchant_id: id } });
    expect({ status: onBase.status, body: onBase.body }).toMatchObject({ status: 201 });

    process.kill(Number(anvil), "SIGCONT");
    resumed = true;
    await waitFor("arbitrum's account recorded", async () => ((await svc.ctx.database.sql<{ ids: number[] }[]>`SELECT account_chain_ids AS ids FROM app.merchants WHERE id = ${id}`)[0]?.ids.includes(31338) ? true : undefined), 90_000);
    expect(await arbitrum().publicClient.getCode({ address: getAddress(row!.payment_address) })).toBe(await chain().publicClient.getCode({ address: getAddress(row!.payment_address) }));
    const onArbitrum = await call("/v1/payment-intents", { method: "POST", json: { amount: 3.5, currency: "usd", merchant_id: id, chain: "arbitrum" } });
    expect({ status: onArbitrum.status, body: onArbitrum.body }).toMatchObject({ status: 201, body: { chain: "arbitrum", payment_address: getAddress(row!.payment_address) } });
  } finally {
    if (!resumed) process.kill(Number(anvil), "SIGCONT");
  }
}, 180_000);
