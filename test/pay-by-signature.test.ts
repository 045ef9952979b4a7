/**
 * Payment by signature (EIP-3009) through the API, against the whole service: real Postgres, anvil,
 * Ponder, the matcher, real HTTP. The payer holds test USDC and no ETH at all.
 *
 * - the typed data: the token's own domain, the intent's exact amount (no tag) to its payment
 *   address, valid until the intent's expiry, a nonce per (intent, payer);
 * - a payment by signature confirms its intent (not the intent of the same amount without a tag);
 *   the payer's ETH stays 0;
 * - each refusal is a 4xx with its own code and the operator sends nothing;
 * - someone else submitting the signature first still confirms the intent, once;
 * - two submissions of one signature at once send one transaction;
 * - USDT takes no authorization; the gas ceiling and the rate limit refuse;
 * - a kill -9 of the relaying process between signing the relay and broadcasting it (a child process
 *   killed at the sender's failpoint): the hash is on record, a resubmission answers `submitted` with
 *   it and sends nothing new, the nonce keeper broadcasts the journal's bytes, and the intent is paid
 *   once.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createWalletClient, encodeFunctionData, http, keccak256, toHex, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { eip3009Abi, testUsdcAbi, usdcAbi } from "../contracts/abis.ts";
import { loadArtifacts } from "../src/chain/artifacts.ts";
import { NonceKeeper } from "../src/chain/nonce-keeper.ts";
import { createIntent, rpc, waitFor } from "./support/payments.ts";
import { workerChildEnv } from "./support/child-env.ts";
import { dashboardUser } from "./support/dashboard-client.ts";
import { recordPendingRelayCosts } from "../src/modules/authorizations/relay-costs.ts";
import { startTestService, type TestService } from "./support/service.ts";
import { ARTIFACTS, launchLocalBrowser, signInDashboard, SKIP_BROWSER } from "./support/browser.ts";
import { join } from "node:path";

type Json = Record<string, any>;
let svc: TestService;
let amountSeq = 0;
const nextAmount = () => 40 + ++amountSeq + 0.25;

beforeAll(async () => {
  svc = await startTestService({ roles: ["api", "indexer", "matcher"] });
}, 120_000);
afterAll(async () => {
  await svc?.stop();
});

const chain = () => svc.ctx.chains.test!;
/** The sandbox payer: holds ETH, sends the test's own transactions (minting, front-running). */
const funder = () => createWalletClient({ chain: chain().chain, transport: http(chain().rpcHttpUrl), account: privateKeyToAccount(svc.sandbox.payer_private_key) });

async function mined(hash: Hex) {
  return chain().publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
}

/** A fresh payer with `units` of test USDC and no ETH. */
async function emptyEthPayer(units: bigint): Promise<{ key: Hex; address: Address }> {
  const key = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  if (units > 0n) await mined(await funder().writeContract({ address: chain().usdc, abi: testUsdcAbi, functionName: "mint", args: [address, units] }));
  return { key, address };
}

async function typedData(intentId: string, payer: Address): Promise<{ status: number; body: Json }> {
  const res = await svc.api(`/v1/payment-intents/${intentId}/authorization?payer=${payer}`, { key: null });
  return { status: res.status, body: (await res.json()) as Json };
}

async function sign(key: Hex, td: Json, override: Json = {}, domainOverride: Json = {}): Promise<Hex> {
  const { EIP712Domain: _d, ...types } = td.types;
  const m = { ...td.message, ...override };
  return privateKeyToAccount(key).signTypedData({
    domain: { ...td.domain, ...domainOverride },
    types,
    primaryType: td.primaryType,
    message: { ...m, value: BigInt(m.value), validAfter: BigInt(m.validAfter), validBefore: BigInt(m.validBefore) },
  });
}

async function submit(intentId: string, body: Json): Promise<{ status: number; body: Json }> {
  const res = await svc.api(`/v1/payment-intents/${intentId}/authorization`, { method: "POST", key: null, json: body });
  return { status: res.status, body: (await res.json()) as Json };
}

const submission = (td: Json, signature: Hex, extra: Json = {}) => ({
  payer: td.message.from,
  signature,
  valid_after: td.message.validAfter,
  valid_before: td.message.validBefore,
  nonce: td.message.nonce,
  ...extra,
});

const operatorTxCount = () => chain().publicClient.getTransactionCount({ address: chain().sender.address, blockTag: "pending" });

async function intentOf(id: string): Promise<Json> {
  return (await (await svc.api(`/v1/payment-intents/${id}`)).json()) as Json;
}

async function waitConfirmed(id: string): Promise<Json> {
  return waitFor(`intent ${id} confirmed`, async () => {
    const i = await intentOf(id);
    return i.status === "confirmed" ? i : undefined;
  }, 30_000, 100);
}

async function linkedTransactions(id: string): Promise<number> {
  const [row] = await svc.ctx.database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.transactions WHERE payment_intent_id = ${id}`;
  return row!.n;
}

describe("pay by signature", () => {
  test("the typed data: the token's domain, the exact amount to the payment address, valid until expiry", async () => {
    const intent = await createIntent(svc, { amount: nextAmount(), ttl: 600 });
    const { address } = await emptyEthPayer(0n);
    const { status, body } = await typedData(intent.id, address);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["object", "typed_data"]);
    expect(body.object).toBe("transfer_authorization");
    const td = body.typed_data;
    expect(td.domain).toEqual({ name: "USD Coin", version: "2", chainId: 31337, verifyingContract: chain().usdc });
    expect(td.primaryType).toBe("TransferWithAuthorization");
    expect(td.message.from).toBe(address);
    expect(td.message.to).toBe(intent.paymentAddress);
    expect(td.message.value).toBe(String(Math.round(intent.amount * 1e6)));
    expect(td.message.validBefore).toBe(String(Math.floor(Date.parse(String(intent.body.expires_at)) / 1000)));
    expect(td.message.nonce).toMatch(/^0x[0-9a-f]{64}$/);
    // One nonce per (intent, payer).
    expect((await typedData(intent.id, address)).body.typed_data.message.nonce).toBe(td.message.nonce);
    expect((await typedData(intent.id, (await emptyEthPayer(0n)).address)).body.typed_data.message.nonce).not.toBe(td.message.nonce);
    // The domain hashes to the token's DOMAIN_SEPARATOR (read from the token at start).
    const separator = await chain().publicClient.readContract({ address: chain().usdc, abi: eip3009Abi, functionName: "DOMAIN_SEPARATOR" });
    const { hashDomain } = await import("viem");
    expect(hashDomain({ domain: { ...td.domain, chainId: BigInt(td.domain.chainId) }, types: { EIP712Domain: td.types.EIP712Domain } })).toBe(separator);
    expect((await typedData("pi_doesnotexist00000000000000", address)).status).toBe(404);
    const missing = await svc.api(`/v1/payment-intents/${intent.id}/authorization`, { key: null });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as Json).error.code).toBe("parameter_missing");
  });

  test("a wallet with USDC and no ETH pays; the intent confirms (not the one of the same amount without a tag); ETH stays 0", async () => {
    const amount = nextAmount();
    const untagged = await createIntent(svc, { amount, ttl: 600 });
    const intent = await createIntent(svc, { amount, ttl: 600 });
    expect(intent.expectedUnits).not.toBe(untagged.expectedUnits); // it carries a tag; the signature pays the amount
    const units = BigInt(Math.round(amount * 1e6));
    const p = await emptyEthPayer(units);
    const td = (await typedData(intent.id, p.address)).body.typed_data;
    const before = await operatorTxCount();
    const res = await submit(intent.id, submission(td, await sign(p.key, td)));
    expect(res.status).toBe(200);
    expect(["mined", "submitted"]).toContain(res.body.status);
    expect(res.body.object).toBe("transfer_authorization_submission");
    expect(await operatorTxCount()).toBe(before + 1);
    const confirmed = await waitConfirmed(intent.id);
    expect(confirmed.tx_hash).toBe(res.body.tx_hash);
    expect(confirmed.net_amount + confirmed.fee).toBeCloseTo(amount, 6);
    expect(await chain().publicClient.getBalance({ address: p.address })).toBe(0n);
    expect(await chain().publicClient.readContract({ address: chain().usdc, abi: usdcAbi, functionName: "balanceOf", args: [p.address] })).toBe(0n);
    expect((await intentOf(untagged.id)).status).toBe("awaiting_payment");
    expect(await linkedTransactions(intent.id)).toBe(1);
    expect(await linkedTransactions(untagged.id)).toBe(0);
    // What the relay cost is recorded with it.
    const [row] = await svc.ctx.database.sql`SELECT relay_gas_used, relay_tx_hash FROM app.payment_authorizations WHERE intent_id = ${intent.id}`;
    expect(row!.relay_tx_hash).toBe(res.body.tx_hash);
    if (res.body.status === "mined") expect(Number(row!.relay_gas_used)).toBeGreaterThan(21_000);
    // The same signature again: the intent is paid.
    const again = await submit(intent.id, submission(td, await sign(p.key, td)));
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("intent_not_payable");
    expect(await operatorTxCount()).toBe(before + 1);
  }, 60_000);

  test("refusals are 4xx with their own codes, and nothing is sent", async () => {
    const amount = nextAmount();
    const intent = await createIntent(svc, { amount, ttl: 600 });
    const units = BigInt(Math.round(amount * 1e6));
    const p = await emptyEthPayer(units);
    const td = (await typedData(intent.id, p.address)).body.typed_data;
    const before = await operatorTxCount();
    const refusal = async (body: Json, status: number, code: string) => {
      await Bun.sleep(220); // under the per-intent rate (5/s)
      const res = await submit(intent.id, body);
      expect({ code: res.body.error?.code, status: res.status }).toEqual({ code, status });
    };
    // Wrong amount, wrong recipient, another chain: the signature is not over what the intent asks.
    await refusal(submission(td, await sign(p.key, td, { value: String(units - 1n) })), 400, "signature_invalid");
    await refusal(submission(td, await sign(p.key, td, { to: p.address })), 400, "signature_invalid");
    await refusal(submission(td, await sign(p.key, td, {}, { chainId: 8453 })), 400, "signature_invalid");
    // Expired: a window that has ended.
    const past = String(Math.floor(Date.now() / 1000) - 60);
    await refusal(submission(td, await sign(p.key, td, { validBefore: past }), { valid_before: past }), 400, "authorization_expired");
    // A window beyond the intent's expiry.
    const late = String(Number(td.message.validBefore) + 3600);
    await refusal(submission(td, await sign(p.key, td, { validBefore: late }), { valid_before: late }), 400, "authorization_invalid");
    // A nonce that is not the intent's.
    const otherNonce = keccak256(toHex("another"));
    await refusal(submission(td, await sign(p.key, td, { nonce: otherNonce }), { nonce: otherNonce }), 400, "authorization_invalid");
    // Empty wallet: a valid signature of an address holding nothing.
    const empty = await emptyEthPayer(0n);
    const tdEmpty = (await typedData(intent.id, empty.address)).body.typed_data;
    await refusal(submission(tdEmpty, await sign(empty.key, tdEmpty)), 400, "insufficient_funds");
    // Malformed.
    await refusal({ ...submission(td, "0x1234"), signature: "0x1234" }, 400, "parameter_invalid");
    await refusal({ payer: p.address }, 400, "parameter_missing");
    // A contract wallet (ERC-1271) with a signature its owner did not make; its owner's does pay.
    const owner = generatePrivateKey();
    const { TestContractWallet } = await loadArtifacts();
    const wallet = (await mined(await funder().deployContract({ abi: TestContractWallet.abi, bytecode: TestContractWallet.bytecode, args: [privateKeyToAccount(owner).address] }))).contractAddress!;
    await mined(await funder().writeContract({ address: chain().usdc, abi: testUsdcAbi, functionName: "mint", args: [wallet, units] }));
    const tdWallet = (await typedData(intent.id, wallet)).body.typed_data;
    await refusal(submission(tdWallet, await sign(generatePrivateKey(), tdWallet)), 400, "signature_invalid");
    // Reused nonce: the payer cancelled it on chain (someone relayed the cancellation).
    const cancel = await privateKeyToAccount(p.key).signTypedData({
      domain: { ...td.domain },
      types: { CancelAuthorization: [{ name: "authorizer", type: "address" }, { name: "nonce", type: "bytes32" }] },
      primaryType: "CancelAuthorization",
      message: { authorizer: p.address, nonce: td.message.nonce },
    });
    await mined(await funder().writeContract({ address: chain().usdc, abi: testUsdcAbi, functionName: "cancelAuthorization", args: [p.address, td.message.nonce, cancel] }));
    expect(await operatorTxCount()).toBe(before);
    await refusal(submission(td, await sign(p.key, td)), 409, "authorization_used");
    expect(await operatorTxCount()).toBe(before);
    // The contract wallet's owner signature pays (ERC-1271 verified before sending).
    const res = await submit(intent.id, submission(tdWallet, await sign(owner, tdWallet)));
    expect(res.status).toBe(200);
    await waitConfirmed(intent.id);
    // Expired intent: nothing to sign.
    const gone = await createIntent(svc, { amount: nextAmount(), ttl: 600 });
    await svc.api(`/v1/payment-intents/${gone.id}/cancel`, { method: "POST" });
    const closed = await typedData(gone.id, p.address);
    expect({ status: closed.status, code: closed.body.error.code }).toEqual({ status: 409, code: "intent_not_payable" });
  }, 90_000);

  test("someone else submits the signature first: the intent still confirms, once", async () => {
    const amount = nextAmount();
    const intent = await createIntent(svc, { amount, ttl: 600 });
    const p = await emptyEthPayer(BigInt(Math.round(amount * 1e6)));
    const td = (await typedData(intent.id, p.address)).body.typed_data;
    const signature = await sign(p.key, td);
    const m = td.message;
    const front = await mined(
      await funder().writeContract({
        address: chain().usdc,
        abi: testUsdcAbi,
        functionName: "transferWithAuthorization",
        args: [m.from, m.to, BigInt(m.value), BigInt(m.validAfter), BigInt(m.validBefore), m.nonce, signature],
      }),
    );
    expect(front.status).toBe("success");
    const before = await operatorTxCount();
    const res = await submit(intent.id, submission(td, signature));
    expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 409, code: "authorization_used" });
    expect(await operatorTxCount()).toBe(before);
    const confirmed = await waitConfirmed(intent.id);
    expect(confirmed.tx_hash).toBe(front.transactionHash);
    expect(await linkedTransactions(intent.id)).toBe(1);
  }, 60_000);

  test("two authorizations submitted in one transaction (a batch) confirm two intents, each by its own transfer", async () => {
    const amount = nextAmount();
    const [a, b] = [await createIntent(svc, { amount, ttl: 600 }), await createIntent(svc, { amount, ttl: 600 })];
    const p = await emptyEthPayer(BigInt(Math.round(amount * 1e6)) * 2n);
    const calls = [];
    for (const intent of [a, b]) {
      const td = (await typedData(intent.id, p.address)).body.typed_data;
      const m = td.message;
      calls.push(
        encodeFunctionData({
          abi: eip3009Abi,
          functionName: "transferWithAuthorization",
          args: [m.from, m.to, BigInt(m.value), BigInt(m.validAfter), BigInt(m.validBefore), m.nonce, await sign(p.key, td)],
        }),
      );
    }
    const { TestBatchCaller } = await loadArtifacts();
    const batcher = (await mined(await funder().deployContract({ abi: TestBatchCaller.abi, bytecode: TestBatchCaller.bytecode }))).contractAddress!;
    const batch = await mined(await funder().writeContract({ address: batcher, abi: TestBatchCaller.abi, functionName: "callAll", args: [chain().usdc, calls] }));
    expect(batch.status).toBe("success");
    const [ca, cb] = await Promise.all([waitConfirmed(a.id), waitConfirmed(b.id)]);
    expect(ca.tx_hash).toBe(batch.transactionHash);
    expect(cb.tx_hash).toBe(batch.transactionHash);
    const rows = await svc.ctx.database.sql<{ payment_intent_id: string; log_index: number }[]>`
      SELECT payment_intent_id, log_index FROM app.transactions WHERE payment_intent_id IN (${a.id}, ${b.id}) ORDER BY log_index`;
    expect(rows.map((r) => r.payment_intent_id)).toEqual([a.id, b.id]);
    expect(rows[0]!.log_index).not.toBe(rows[1]!.log_index);
  }, 60_000);

  test("the payer cancels the authorization while its relay waits in the pool: the relay reverts and is reported cancelled, not superseded", async () => {
    const amount = nextAmount();
    const intent = await createIntent(svc, { amount, ttl: 600 });
    const p = await emptyEthPayer(BigInt(Math.round(amount * 1e6)));
    const td = (await typedData(intent.id, p.address)).body.typed_data;
    const body = submission(td, await sign(p.key, td));
    const cancel = await privateKeyToAccount(p.key).signTypedData({
      domain: { ...td.domain },
      types: { CancelAuthorization: [{ name: "authorizer", type: "address" }, { name: "nonce", type: "bytes32" }] },
      primaryType: "CancelAuthorization",
      message: { authorizer: p.address, nonce: td.message.nonce },
    });
    await rpc(svc, "evm_setAutomine", [false]);
    let relayed;
    try {
      relayed = await submit(intent.id, body);
      expect({ status: relayed.status, state: relayed.body.status }).toEqual({ status: 200, state: "submitted" });
      // The cancellation outbids the relay: mined first in the same block.
      await funder().writeContract({ address: chain().usdc, abi: testUsdcAbi, functionName: "cancelAuthorization", args: [p.address, td.message.nonce, cancel], gas: 150_000n, maxPriorityFeePerGas: 50_000_000_000n, maxFeePerGas: 100_000_000_000n });
    } finally {
      await rpc(svc, "evm_setAutomine", [true]);
      await rpc(svc, "evm_mine", []);
    }
    expect((await mined(relayed.body.tx_hash)).status).toBe("reverted");
    const again = await submit(intent.id, body);
    expect({ status: again.status, state: again.body.status, tx: again.body.tx_hash }).toEqual({ status: 200, state: "cancelled", tx: relayed.body.tx_hash });
    expect((await intentOf(intent.id)).status).toBe("awaiting_payment");
  }, 60_000);

  test("two submissions of one signature at once: one transaction", async () => {
    const amount = nextAmount();
    const intent = await createIntent(svc, { amount, ttl: 600 });
    const p = await emptyEthPayer(BigInt(Math.round(amount * 1e6)));
    const td = (await typedData(intent.id, p.address)).body.typed_data;
    const body = submission(td, await sign(p.key, td));
    const before = await operatorTxCount();
    const [a, b] = await Promise.all([submit(intent.id, body), submit(intent.id, body)]);
    expect(await operatorTxCount()).toBe(before + 1);
    const ok = [a, b].filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of [a, b]) if (r.status !== 200) expect(["authorization_used", "intent_not_payable"]).toContain(r.body.error.code);
    if (ok.length === 2) expect(a.body.tx_hash).toBe(b.body.tx_hash);
    await waitConfirmed(intent.id);
    expect(await linkedTransactions(intent.id)).toBe(1);
  }, 60_000);

  test("USDT takes no authorization; the gas ceiling and the rate limit refuse", async () => {
    const usdtRes = await svc.api("/v1/payment-intents", { method: "POST", json: { amount: nextAmount(), currency: "usd", merchant_id: svc.sandbox.merchant_id, token: "USDT" } });
    const usdt = (await usdtRes.json()) as Json;
    expect(usdtRes.status).toBe(201);
    const { address, key } = await emptyEthPayer(10_000_000n);
    const refused = await typedData(usdt.id, address);
    expect({ status: refused.status, code: refused.body.error.code }).toEqual({ status: 400, code: "authorization_unsupported" });

    const amount = nextAmount();
    const intent = await createIntent(svc, { amount, ttl: 600 });
    const p = await emptyEthPayer(BigInt(Math.round(amount * 1e6)));
    const td = (await typedData(intent.id, p.address)).body.typed_data;
    const config = svc.ctx.config as { relayMaxGasPriceWei: bigint };
    const ceiling = config.relayMaxGasPriceWei;
    config.relayMaxGasPriceWei = 1n;
    try {
      const before = await operatorTxCount();
      const res = await svc.api(`/v1/payment-intents/${intent.id}/authorization`, { method: "POST", key: null, json: submission(td, await sign(p.key, td)) });
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("30");
      expect(((await res.json()) as Json).error.code).toBe("gas_price_above_ceiling");
      expect(await operatorTxCount()).toBe(before);
    } finally {
      config.relayMaxGasPriceWei = ceiling;
    }
    // Per intent: a burst of 10 submissions, then 429.
    const bad = submission(td, await sign(key, td));
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await submit(intent.id, bad)).status);
    expect(statuses).toContain(429);
  }, 60_000);

  test("kill -9 between signing the relay and broadcasting it: the process dies, the journal's bytes are sent by the nonce keeper, paid once", async () => {
    const amount = nextAmount();
    const intent = await createIntent(svc, { amount, ttl: 600 });
    const p = await emptyEthPayer(BigInt(Math.round(amount * 1e6)));
    const td = (await typedData(intent.id, p.address)).body.typed_data;
    const body = submission(td, await sign(p.key, td));
    const before = await operatorTxCount();
    // The API process relaying it dies by SIGKILL right after the relay is signed and journaled.
    const child = Bun.spawn([process.execPath, "test/support/relay-child.ts"], {
      cwd: `${import.meta.dir}/..`,
      env: workerChildEnv(svc, { INTENT_ID: intent.id, SUBMISSION: JSON.stringify(body) }),
      stdout: "pipe",
      stderr: "inherit",
    });
    await child.exited;
    expect(await new Response(child.stdout).text()).toContain("killed at signed");
    expect(child.signalCode).toBe("SIGKILL");
    const [row] = await svc.ctx.database.sql<{ relay_tx_hash: string | null }[]>`
      SELECT relay_tx_hash FROM app.payment_authorizations WHERE intent_id = ${intent.id} AND payer = ${p.address.toLowerCase()}`;
    expect(row?.relay_tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    // Recorded before it was sent: the node never got it, nothing was spent.
    expect(await chain().publicClient.getTransaction({ hash: row!.relay_tx_hash as Hex }).catch(() => null)).toBeNull();
    expect(await operatorTxCount()).toBe(before);
    // The customer's page asks again: the recorded relay is the answer, no second transaction.
    const again = await submit(intent.id, body);
    expect({ status: again.status, state: again.body.status, tx: again.body.tx_hash }).toEqual({ status: 200, state: "submitted", tx: row!.relay_tx_hash });
    const keeper = new NonceKeeper(chain().sender, svc.ctx.log, { healAfterMs: 0 });
    await waitFor("the journal's relay broadcast", async () => {
      await keeper.round();
      return (await operatorTxCount()) === before + 1;
    }, 30_000, 200);
    const confirmed = await waitConfirmed(intent.id);
    expect(confirmed.tx_hash).toBe(row!.relay_tx_hash);
    expect(await linkedTransactions(intent.id)).toBe(1);
    expect(await operatorTxCount()).toBe(before + 1);
    expect(await chain().publicClient.getBalance({ address: p.address })).toBe(0n);

    // Answered before it was mined, its cost is measured afterwards from its receipt (the keeper's
    // process does it), once; the merchant's payment page says who paid the network fee and how much.
    const receipt = await chain().publicClient.getTransactionReceipt({ hash: row!.relay_tx_hash as Hex });
    const cost = await waitFor("the relay's cost recorded", async () => {
      await recordPendingRelayCosts(svc.ctx.database.sql, chain());
      const [r] = await svc.ctx.database.sql<{ gas: string | null; price: string | null }[]>`
        SELECT relay_gas_used::text AS gas, relay_gas_price::text AS price FROM app.payment_authorizations WHERE intent_id = ${intent.id}`;
      return r?.gas ? r : undefined;
    }, 20_000, 500);
    expect(BigInt(cost.gas!)).toBe(receipt.gasUsed);
    expect(BigInt(cost.price!)).toBe(receipt.effectiveGasPrice);
    expect(await recordPendingRelayCosts(svc.ctx.database.sql, chain())).toBe(0);
    const admin = (await dashboardUser(svc, svc.sandbox.account_id, "admin")).client;
    const page = await (await admin.req(`/dashboard/payments/${intent.id}?mode=test`)).text();
    expect(page).toContain("Network fee");
    expect(page).toContain(`Paid by the service: the customer signed, the service sent the transaction: ${receipt.gasUsed.toLocaleString("en-US")} gas at`);
    expect(page).toContain("Signed by the customer (no gas needed); sent by the service");
    if (!SKIP_BROWSER) {
      // The merchant's view of it, looked at in a browser.
      const browser = await launchLocalBrowser();
      try {
        const tab = await browser.context.newPage();
        await tab.setViewportSize({ width: 1280, height: 800 });
        await signInDashboard(tab, svc);
        await tab.goto(`${svc.apiUrl}/dashboard/payments/${intent.id}?mode=test`);
        const fee = tab.locator("dt", { hasText: "Network fee" });
        expect(await fee.isVisible()).toBe(true);
        await fee.scrollIntoViewIfNeeded();
        await tab.screenshot({ path: join(ARTIFACTS, "dashboard-payment-by-signature-1280x800.png"), fullPage: true });
        await tab.setViewportSize({ width: 390, height: 844 });
        await tab.screenshot({ path: join(ARTIFACTS, "dashboard-payment-by-signature-390x844.png"), fullPage: true });
      } finally {
        await browser.close();
      }
    }
  }, 120_000);
});
