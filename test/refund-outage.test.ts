/**
 * Refunds are paid once whatever the chain's RPC does, on the real stack (Postgres, anvil, Ponder,
 * the matcher, real HTTP). The refund sender and the operator's nonce keeper run in this process on
 * a chain runtime whose RPC goes through an HTTP proxy in front of anvil that can be switched to
 * answer errors (HTTP 500s and JSON-RPC errors: a node that answers wrongly, not one that freezes),
 * with the refund's confirmation depth at 30 blocks. Blocks are mined on anvil directly.
 *
 * - a mined refund waiting for its 30 confirmations while the RPC answers errors: succeeded, paid once;
 * - a refund whose broadcast failed in an outage that began right after it was signed: the nonce
 *   keeper sends its very bytes again from the journal afterwards (HTTP 500s); or (JSON-RPC errors) another transaction of
 *   the operator takes its nonce meanwhile and the refund is sent anew once the chain shows it;
 *   succeeded once, never counted as attempts;
 * - the owner's signature with v = 0 is normalized (the contract takes only 27/28), a v the contract
 *   never takes and a deadline beyond 7 days are 400s;
 * - signed refunds that failed (the account emptied by its owner): their amounts stay held; one is
 *   replayed by a stranger after a top-up and becomes succeeded (its Refunded log decides), the other
 *   is released once the chain's time passed its deadline.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createWalletClient, getAddress, http, zeroHash, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { startTestService, type TestService } from "./support/service.ts";
import { createIntent, payer, rpc, sleep, waitFor } from "./support/payments.ts";
import { startRpcProxy, type RpcProxy } from "./support/rpc-proxy.ts";
import { usdcBalance } from "./support/settlement-fixtures.ts";
import { merchantAccountV2Abi } from "../contracts/abis.ts";
import { onboardMerchant } from "../src/modules/merchants/onboarding.ts";
import { buildChainRuntime } from "../src/chain/runtime.ts";
import { OperatorSender, type SignedTransaction } from "../src/chain/operator-sender.ts";
import { createContext, type AppContext } from "../src/context.ts";
import { RefundSender, type RefundSenderOptions } from "../src/workers/refund-sender.ts";
import { NonceKeeping } from "../src/workers/nonce-keeper.ts";
import { loadRefund, refundRef, refundTypedData } from "../src/modules/refunds/service.ts";
import { normalizeSignature } from "../src/modules/refunds/signature.ts";

type Json = Record<string, any>;
/** The refund's confirmation depth on the proxied chain. */
const CONFIRMATIONS = 30;
/** Rounds that only wait for depth before the outage: more than the 12 attempts a sender gives a refund (1 s apart before the fix). */
const WAITING_BEFORE_OUTAGE_MS = 13_000;
/** How long the RPC answers errors. */
const OUTAGE_MS = 20_000;
const PAYOUT: Address = getAddress("0x00000000000000000000000000000000000ba5e4");

let svc: TestService;
let proxy: RpcProxy;
/** The refund sender's and keeper's context: the sandbox chain through the proxy, 30 confirmations. */
let ctx: AppContext;
let keeping: NonceKeeping;
let sender: RefundSender | undefined;
/** Called once a refund's transaction is signed and journaled, before its broadcast. */
let onSign: ((signed: SignedTransaction) => void) | undefined;

beforeAll(async () => {
  svc = await startTestService({ roles: ["api", "indexer", "matcher"] });
  const base = svc.ctx.chains.test!;
  proxy = startRpcProxy(base.rpcHttpUrl);
  const settings = { ...svc.ctx.config.chains.test, rpcHttpUrl: proxy.url, rpcWsUrl: undefined, confirmations: CONFIRMATIONS };
  const chain = buildChainRuntime(
    settings,
    { usdc: base.usdc, factory: base.factory, factoryV2: base.factoryV2, usdt: base.usdt, startBlock: base.startBlock },
    svc.ctx.config.operatorPrivateKey,
    svc.ctx.database.sql,
  );
  chain.sender = new OperatorSender(svc.ctx.database.sql, chain.chainId, chain.publicClient, chain.operator, { afterSign: (s) => onSign?.(s) });
  ctx = createContext({ config: svc.ctx.config, database: svc.ctx.database, chains: { test: chain }, log: svc.ctx.log });
  keeping = new NonceKeeping(ctx, { pollMs: 250, healAfterMs: 1_000 });
  keeping.start();
}, 180_000);
afterAll(async () => {
  await sender?.stop();
  await keeping?.stop();
  proxy?.stop();
  await svc?.stop();
});

function startSender(opts: RefundSenderOptions = {}) {
  sender = new RefundSender(ctx, { pollMs: 100, waitMs: 250, retryBaseMs: 200, receiptTimeoutMs: 500, holdRecheckMs: 200, ...opts });
  sender.start();
}
async function stopSender() {
  await sender?.stop();
  sender = undefined;
}

const sql = () => svc.ctx.database.sql;
const key = () => svc.sandbox.test_key_unscoped;
const owner = () => privateKeyToAccount(svc.ctx.config.sandboxPayerPrivateKey);
const newRecipient = () => privateKeyToAccount(generatePrivateKey()).address;
/** The address that paid: the only recipient the owner's budget pays. */
const payerAddress = () => privateKeyToAccount(svc.sandbox.payer_private_key).address;
const mine = (blocks: number) => rpc(svc, "anvil_mine", [`0x${blocks.toString(16)}`]);

async function call(path: string, init: { method?: string; json?: unknown } = {}) {
  const res = await svc.api(path, { method: init.method ?? "GET", json: init.json, key: key() });
  return { status: res.status, body: (await res.json()) as Json };
}
const refund = (json: Json) => call("/v1/refunds", { method: "POST", json });

async function v2Merchant(name: string) {
  return onboardMerchant(svc.ctx, {
    accountIds: [svc.sandbox.account_id],
    mode: "test",
    businessName: name,
    email: "owner@outage.example",
    bankName: "First Sandbox Bank",
    bankLast4: "4321",
    schedule: { kind: "manual" },
    ownerAddress: owner().address,
    payoutAddress: PAYOUT,
    accountVersion: 2,
  });
}

/** Pays `amount` USD to an intent of the merchant and waits until the matcher confirmed it. */
async function pay(merchantId: string, amount: number): Promise<{ intent: string; transaction: string }> {
  const intent = await createIntent(svc, { amount, merchantId, key: key() });
  await payer(svc).pay(intent.paymentAddress, intent.expectedUnits);
  return waitFor(`${intent.id} confirmed`, async () => {
    const [t] = await sql()<{ id: string }[]>`SELECT id FROM app.transactions WHERE payment_intent_id = ${intent.id} AND status = 'confirmed'`;
    return t ? { intent: intent.id, transaction: t.id } : undefined;
  }, 60_000, 50);
}

async function waitStatus(id: string, status: string, timeoutMs = 30_000): Promise<Json> {
  return waitFor(`refund ${id} ${status}`, async () => {
    const r = await call(`/v1/refunds/${id}`);
    if (r.body.status === "failed" && status !== "failed") throw new Error(`refund ${id} failed: ${r.body.failure_reason}`);
    return r.body.status === status ? r.body : undefined;
  }, timeoutMs, 50);
}

/** Mines blocks until the refund is succeeded (its depth is CONFIRMATIONS); `fromFailed`: it is failed until then. */
async function mineUntilSucceeded(id: string, opts: { fromFailed?: boolean } = {}): Promise<Json> {
  return waitFor(`refund ${id} succeeded`, async () => {
    const r = await call(`/v1/refunds/${id}`);
    if (r.body.status === "failed" && !opts.fromFailed) throw new Error(`refund ${id} failed: ${r.body.failure_reason}`);
    if (r.body.status === "succeeded") return r.body;
    await mine(4);
    return undefined;
  }, 60_000, 100);
}

/** The refund's Refunded logs on its account: how often the chain paid it. */
async function paidOnChain(account: string, id: string) {
  return svc.ctx.chains.test!.publicClient.getContractEvents({ address: getAddress(account), abi: merchantAccountV2Abi, eventName: "Refunded", args: { refundId: refundRef(id) }, fromBlock: 0n, strict: true });
}

async function eventsOf(id: string): Promise<string[]> {
  const rows = await sql()<{ type: string }[]>`SELECT type FROM app.events WHERE data->>'id' = ${id} ORDER BY created_at, id`;
  return rows.map((r) => r.type);
}

const amountRefunded = async (transaction: string) => (await call(`/v1/transactions/${transaction}`)).body.amount_refunded as number;

/** The owner's signature of refund `id` with a deadline `seconds` of chain time ahead. */
async function ownerSignature(id: string, seconds: number): Promise<{ signature: Hex; deadline: number }> {
  const r = (await loadRefund(sql(), id))!;
  const now = (await svc.ctx.chains.test!.publicClient.getBlock()).timestamp;
  const deadline = now + BigInt(seconds);
  return { signature: await owner().signTypedData(refundTypedData(r, deadline)), deadline: Number(deadline) };
}

test("signatures: v 0/1 become 27/28, a high s becomes n - s with v flipped (the same signer), another v is refused", async () => {
  const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
  const sig = await owner().signMessage({ message: "normalize" });
  const r = sig.slice(2, 66);
  const s = BigInt(`0x${sig.slice(66, 130)}`);
  const v = Number.parseInt(sig.slice(130), 16);
  expect(normalizeSignature(`0x${r}${sig.slice(66, 130)}${(v - 27).toString(16).padStart(2, "0")}`)).toBe(sig.toLowerCase() as Hex);
  const high = `0x${r}${(n - s).toString(16).padStart(64, "0")}${(v === 27 ? 28 : 27).toString(16)}` as Hex;
  expect(normalizeSignature(high)).toBe(sig.toLowerCase() as Hex);
  expect(() => normalizeSignature(`0x${r}${sig.slice(66, 130)}05`)).toThrow("v");
});

describe("the chain's RPC answers errors", () => {
  let budgeted: Awaited<ReturnType<typeof v2Merchant>>;
  let payment: { intent: string; transaction: string };

  beforeAll(async () => {
    budgeted = await v2Merchant("Outage Outfitters");
    payment = await pay(budgeted.id, 20);
    const b = await call(`/v1/test_helpers/merchants/${budgeted.id}/refund_budget`, { method: "POST", json: { amount_per_day: 100 } });
    expect(b.status).toBe(200);
  }, 120_000);

  test(`a mined refund waiting for ${CONFIRMATIONS} confirmations while the RPC answers errors: succeeded, the customer paid once`, async () => {
    startSender();
    const to = payerAddress();
    const before = await usdcBalance(svc.ctx, to);
    const created = await refund({ payment_intent: payment.intent, amount: 4, recipient_address: to });
    expect(created.body.status).toBe("pending");
    const id = created.body.id as string;
    const hash = (await waitFor("the refund sent", async () => (await loadRefund(sql(), id))?.txHash, 30_000, 50)) as Hex;
    const receipt = await waitFor("its transaction mined", () => svc.ctx.chains.test!.publicClient.getTransactionReceipt({ hash }).catch(() => null), 30_000, 50);
    expect(receipt.status).toBe("success");

    // Rounds that only wait for the depth: not attempts.
    await sleep(WAITING_BEFORE_OUTAGE_MS);
    expect((await loadRefund(sql(), id))!.status).toBe("pending");

    const errorsBefore = proxy.failed;
    proxy.fail({ kind: "mixed" });
    const start = Date.now();
    while (Date.now() - start < OUTAGE_MS) {
      await mine(2); // the chain goes on; the sender cannot see it
      await sleep(1_000);
    }
    const during = (await loadRefund(sql(), id))!;
    proxy.pass();
    expect(proxy.failed - errorsBefore).toBeGreaterThan(10);
    expect(during.status).toBe("pending");
    expect(during.attempts).toBe(0);

    const done = await mineUntilSucceeded(id);
    expect(done.tx_hash).toBe(hash);
    expect((await usdcBalance(svc.ctx, to)) - before).toBe(4_000_000n);
    expect((await paidOnChain(budgeted.paymentAddress!, id)).length).toBe(1);
    expect(await eventsOf(id)).not.toContain("refund.failed");
    expect(await amountRefunded(payment.transaction)).toBe(4);
    await stopSender();
  }, 150_000);

  for (const kind of ["http", "rpc"] as const) {
    const what =
      kind === "http"
        ? "HTTP 500s: the nonce keeper sends its very bytes again afterwards"
        : "JSON-RPC errors, its nonce taken meanwhile by another transaction of the operator: the refund is sent anew once the chain shows it";
    test(`a broadcast that failed in an outage of ${what}; succeeded once, no attempt counted`, async () => {
      // Three attempts only: an outage that counted would fail the refund within a second or two.
      startSender({ maxAttempts: 3 });
      const before = await amountRefunded(payment.transaction);
      let signed: SignedTransaction | undefined;
      onSign = (s) => {
        signed = s;
        onSign = undefined;
        proxy.fail({ kind }); // the RPC goes down between signing and broadcasting
      };
      const to = payerAddress();
      const payerBefore = await usdcBalance(svc.ctx, to);
      const created = await refund({ payment_intent: payment.intent, amount: 3, recipient_address: to });
      expect(created.body.status).toBe("pending");
      const id = created.body.id as string;
      const tx = await waitFor("the refund signed", async () => signed, 30_000, 20);
      if (kind === "rpc") {
        // Another transaction of the operator key takes the refund's nonce (sent by hand, straight to the node).
        const base = svc.ctx.chains.test!;
        const other = await base.operator.sendTransaction({ to: base.operator.account.address, value: 0n, nonce: tx.nonce });
        expect((await base.publicClient.waitForTransactionReceipt({ hash: other })).status).toBe("success");
      }
      await sleep(8_000);
      const during = (await loadRefund(sql(), id))!;
      // HTTP: only the keeper may broadcast once the node answers (the sender would offer the bytes too).
      if (kind === "http") await stopSender();
      proxy.pass();
      expect(during).toMatchObject({ status: "pending", txHash: tx.hash, txNonce: tx.nonce, attempts: 0 });
      expect(await svc.ctx.chains.test!.publicClient.getTransactionReceipt({ hash: tx.hash }).catch(() => null)).toBeNull();

      if (kind === "http") {
        const mined = await waitFor("the keeper's broadcast mined", () => svc.ctx.chains.test!.publicClient.getTransactionReceipt({ hash: tx.hash }).catch(() => null), 30_000, 100);
        expect(mined.status).toBe("success");
        startSender({ maxAttempts: 3 });
      }
      const done = await mineUntilSucceeded(id);
      if (kind === "http") {
        // The very transaction was mined: the keeper's broadcast of the journal's bytes.
        expect(done.tx_hash).toBe(tx.hash);
      } else {
        // Its nonce went to another transaction: never mined; the refund was sent anew once the chain showed it.
        expect(done.tx_hash).not.toBe(tx.hash);
        expect(await svc.ctx.chains.test!.publicClient.getTransactionReceipt({ hash: tx.hash }).catch(() => null)).toBeNull();
      }
      expect((await usdcBalance(svc.ctx, to)) - payerBefore).toBe(3_000_000n);
      expect((await paidOnChain(budgeted.paymentAddress!, id)).length).toBe(1);
      expect((await loadRefund(sql(), id))!.attempts).toBe(0);
      expect(await amountRefunded(payment.transaction)).toBe(before + 3);
      await stopSender();
    }, 120_000);
  }
});

describe("signed refunds", () => {
  let m: Awaited<ReturnType<typeof v2Merchant>>;
  let payment: { intent: string; transaction: string };

  beforeAll(async () => {
    m = await v2Merchant("Signature Saddlery");
    payment = await pay(m.id, 10);
  }, 120_000);

  test("v = 0 is normalized and paid; v = 5 and a deadline beyond 7 days are 400s", async () => {
    startSender();
    const to = newRecipient();
    const created = await refund({ payment_intent: payment.intent, amount: 1, recipient_address: to });
    expect(created.body.status).toBe("requires_approval");
    const id = created.body.id as string;
    const auth = await call(`/v1/refunds/${id}/authorization`);
    expect(auth.status).toBe(200);
    const r = (await loadRefund(sql(), id))!;
    const signature = await owner().signTypedData(refundTypedData(r, BigInt(auth.body.deadline)));
    const v = Number.parseInt(signature.slice(130), 16);
    const withV = (x: number) => `${signature.slice(0, 130)}${x.toString(16).padStart(2, "0")}`;

    const badV = await call(`/v1/refunds/${id}/approve`, { method: "POST", json: { signature: withV(5), deadline: auth.body.deadline } });
    expect(badV).toMatchObject({ status: 400, body: { error: { type: "invalid_request_error", code: "parameter_invalid", param: "signature" } } });
    const far = await ownerSignature(id, 8 * 86_400);
    const tooFar = await call(`/v1/refunds/${id}/approve`, { method: "POST", json: far });
    expect(tooFar).toMatchObject({ status: 400, body: { error: { type: "invalid_request_error", code: "parameter_invalid", param: "deadline" } } });
    expect(tooFar.body.error.message).toContain("7 days");

    const approved = await call(`/v1/refunds/${id}/approve`, { method: "POST", json: { signature: withV(v - 27), deadline: auth.body.deadline } });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe("pending");
    expect((await loadRefund(sql(), id))!.signature).toBe(signature.toLowerCase());
    await waitFor("the refund sent", async () => (await loadRefund(sql(), id))?.txHash, 30_000, 50);
    await mineUntilSucceeded(id);
    expect(await usdcBalance(svc.ctx, to)).toBe(1_000_000n);
    await stopSender();
  }, 90_000);

  test("failed with the owner's signature still valid: held; a replay after a top-up makes it succeeded; the other is released after its deadline", async () => {
    const a = await refund({ payment_intent: payment.intent, amount: 2, recipient_address: newRecipient() });
    const toB = newRecipient();
    const b = await refund({ payment_intent: payment.intent, amount: 3, recipient_address: toB });
    expect([a.body.status, b.body.status]).toEqual(["requires_approval", "requires_approval"]);
    const [idA, idB] = [a.body.id as string, b.body.id as string];
    expect(await amountRefunded(payment.transaction)).toBe(6);

    // The owner empties the account to the payout address: the refunds cannot be paid now.
    const chain = svc.ctx.chains.test!;
    const account = getAddress(m.paymentAddress!);
    const ownerWallet = createWalletClient({ chain: chain.chain, transport: http(chain.rpcHttpUrl), account: owner() });
    const held = await usdcBalance(svc.ctx, account);
    const drained = await ownerWallet.writeContract({ address: account, abi: merchantAccountV2Abi, functionName: "withdraw", args: [chain.usdc, zeroHash, held] });
    expect((await chain.publicClient.waitForTransactionReceipt({ hash: drained })).status).toBe("success");

    startSender({ maxAttempts: 2 });
    const sigA = await ownerSignature(idA, 60);
    const sigB = await ownerSignature(idB, 3_600);
    expect((await call(`/v1/refunds/${idA}/approve`, { method: "POST", json: sigA })).status).toBe(200);
    expect((await call(`/v1/refunds/${idB}/approve`, { method: "POST", json: sigB })).status).toBe(200);
    await waitStatus(idA, "failed");
    await waitStatus(idB, "failed");
    // Both signatures can still pay: their amounts stay held (1 + 2 + 3 of 10 refunded or held).
    expect(await amountRefunded(payment.transaction)).toBe(6);
    const over = await refund({ payment_intent: payment.intent, amount: 5, recipient_address: newRecipient() });
    expect(over).toMatchObject({ status: 400, body: { error: { type: "invalid_request_error", code: "amount_exceeds_refundable", param: "amount" } } });
    expect(over.body.error.message).toContain("held by failed refunds signed by the owner");

    // A top-up, then anyone submits B's signature (it sits in our database and, once tried, in calldata).
    await payer(svc).pay(account, 10_000_000n);
    const stranger = privateKeyToAccount(generatePrivateKey());
    await rpc(svc, "anvil_setBalance", [stranger.address, "0xde0b6b3a7640000"]);
    const strangerWallet = createWalletClient({ chain: chain.chain, transport: http(chain.rpcHttpUrl), account: stranger });
    const rb = (await loadRefund(sql(), idB))!;
    const replay = await strangerWallet.writeContract({
      address: account,
      abi: merchantAccountV2Abi,
      functionName: "refund",
      args: [rb.refundRef as Hex, rb.paymentRef as Hex, chain.usdc, toB, rb.amountUnits, BigInt(sigB.deadline), rb.signature as Hex],
    });
    expect((await chain.publicClient.waitForTransactionReceipt({ hash: replay })).status).toBe("success");
    // Its Refunded log decides: succeeded (with an alert in the logs), its amount still counted.
    const paidLate = await mineUntilSucceeded(idB, { fromFailed: true });
    expect(paidLate.tx_hash).toBe(replay);
    expect(paidLate.failure_reason).toBeNull();
    expect(await usdcBalance(svc.ctx, toB)).toBe(3_000_000n);
    expect(await eventsOf(idB)).toEqual(["refund.created", "refund.updated", "refund.failed", "refund.succeeded"]);
    expect(await amountRefunded(payment.transaction)).toBe(6);

    // A's deadline passes on chain: its signature can no longer pay, its amount is released.
    expect(await amountRefunded(payment.transaction)).toBe(6);
    await rpc(svc, "evm_increaseTime", [120]);
    await mine(1);
    await waitFor("A's amount released", async () => (await amountRefunded(payment.transaction)) === 4, 30_000, 100);
    expect((await loadRefund(sql(), idA))!).toMatchObject({ status: "failed", heldUntil: null });
    expect((await paidOnChain(account, idA)).length).toBe(0);
    await stopSender();
  }, 150_000);
});
