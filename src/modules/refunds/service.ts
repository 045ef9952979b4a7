/**
 * Refunds over /v1: create (with its checks, idempotency and the locks that make two
 * refunds of one payment, or a refund and a settlement run, never spend the same money), get, list,
 * cancel, and the owner's approval. Knows nothing about HTTP beyond throwing ApiError.
 *
 * What a payment can give back: refundable = received (the transaction's amount) - what its refunds
 * that hold money take (transactions.refunded_units). The platform fee is not returned: a full
 * refund pays back the whole amount received from the merchant's money.
 * What the account can pay: the merchant's `available` (merchants/available.ts: payments in the
 * account and in no settlement, less what refunds already set aside) and what the account holds on
 * chain in the payment's token, less the fees still owed, the refunds not paid yet and the
 * withdrawals in flight.
 */
import { createHash } from "node:crypto";
import { getAddress, keccak256, recoverTypedDataAddress, stringToHex, type Address, type Hex } from "viem";
import { chainById, type AppContext } from "../../context.ts";
import type { SqlOrTx } from "../../db/client.ts";
import { eip712DomainType, merchantAccountV2Abi, refundTypes, usdcAbi } from "../../../contracts/abis.ts";
import { refundDomain } from "../../chain/account-v2.ts";
import { tokenAddressFor } from "../../chain/pairs.ts";
import { isIdOf, newId } from "../../domain/ids.ts";
import { ApiError, badCursor, notFound } from "../../domain/errors.ts";
import { unitsToUsd } from "../../domain/money.ts";
import { printableName } from "../../domain/text.ts";
import { requireChainName, type TokenSymbol } from "../../domain/networks.ts";
import type { RefundStatus } from "../../domain/refund-status.ts";
import { fromPgTs, pgTs } from "../../db/pg-values.ts";
import { within } from "../../lib/timeout.ts";
import type { Principal, RefundingPrincipal } from "../access/authenticator.ts";
import { idempotentCreate } from "../idempotency/store.ts";
import { availableUnits, lockMerchantMoney } from "../merchants/available.ts";
import { feeRef } from "../fees/ref.ts";
import { insertRefund, moveRefund } from "./transitions.ts";
import { refundFromDb, type RefundReason, type RefundRow } from "./shapes.ts";
import { normalizeSignature } from "./signature.ts";

/** How long a create waits for each chain read (balance, budget) before going on without it. */
export const REFUND_CHAIN_READ_MS = 2_000;

/** bytes32 refundId of the contract: keccak256 of the refund id's UTF-8 bytes (as fee and withdrawal refs). */
export function refundRef(refundId: string): Hex {
  return keccak256(stringToHex(refundId));
}

export interface CreateRefundInput {
  paymentIntentId: string | undefined;
  transactionId: string | undefined;
  /** undefined: everything refundable. */
  amountUnits: bigint | undefined;
  recipientAddress: Address;
  reason: RefundReason | null;
  metadata: Record<string, string>;
  idempotencyKey: string | undefined;
}

interface Payment {
  transactionId: string;
  /** Who paid: the sender of the payment's indexed transfer. */
  payerAddress: Address;
  /** Where it was paid: the merchant's account, or an intent's deposit address. */
  paidTo: Address;
  paymentIntentId: string | null;
  intentsOwnPayment: boolean;
  merchantId: string;
  chainId: number;
  token: TokenSymbol;
}

interface MerchantForRefund {
  id: string;
  mode: string;
  accountVersion: number;
  paymentAddress: string | null;
  ownerAddress: string;
}

/** The payment a create names: by intent (confirmed or settled: its own payment), by transaction, or both (they must agree). */
async function resolvePayment(ctx: AppContext, p: Principal, input: CreateRefundInput): Promise<Payment> {
  const sql = ctx.database.sql;
  let intent: { id: string; status: string; transaction_id: string | null } | undefined;
  if (input.paymentIntentId !== undefined) {
    const id = input.paymentIntentId;
    const missing = () => new ApiError("resource_missing", `No such payment_intent: '${printableName(id)}'`, "payment_intent", 400);
    if (!isIdOf("paymentIntent", id)) throw missing();
    const [row] = await sql<{ id: string; status: string; transaction_id: string | null; merchant_id: string; mode: string }[]>`
      SELECT id, status, transaction_id, merchant_id, mode FROM app.payment_intents WHERE id = ${id}`;
    if (!row || row.mode !== p.mode || !(await ctx.auth.canSeeMerchant(p, row.merchant_id))) throw missing();
    if ((row.status !== "confirmed" && row.status !== "settled") || row.transaction_id === null)
      throw new ApiError(
        "intent_not_paid",
        `Payment intent '${id}' cannot be refunded because its status is '${row.status}': only a paid intent (status 'confirmed' or 'settled') can be. A payment that arrived after the intent ended is refunded by its transaction (\`transaction\`).`,
        "payment_intent",
      );
    intent = row;
  }
  const transactionId = input.transactionId ?? intent?.transaction_id ?? undefined;
  if (transactionId === undefined) throw new ApiError("parameter_missing", "Missing required param: payment_intent (or transaction).", "payment_intent");
  const missingTxn = () => new ApiError("resource_missing", `No such transaction: '${printableName(transactionId)}'`, "transaction", 400);
  if (!isIdOf("transaction", transactionId)) throw missingTxn();
  const [t] = await sql<{ id: string; mode: string; merchant_id: string; payment_intent_id: string | null; status: string; chain_id: number; token: TokenSymbol; sender_address: string; payment_address: string }[]>`
    SELECT id, mode, merchant_id, payment_intent_id, status, chain_id, token, sender_address, payment_address FROM app.transactions WHERE id = ${transactionId}`;
  if (!t || t.mode !== p.mode || !(await ctx.auth.canSeeMerchant(p, t.merchant_id))) throw missingTxn();
  if (intent && t.payment_intent_id !== intent.id)
    throw new ApiError("parameter_invalid", `Invalid transaction: '${t.id}' is not a payment of payment intent '${intent.id}'.`, "transaction");
  if (t.status === "failed")
    throw new ApiError("intent_not_paid", `Transaction '${t.id}' cannot be refunded: its payment is no longer on chain (status 'failed').`, input.transactionId !== undefined ? "transaction" : "payment_intent");
  let own = intent !== undefined && intent.transaction_id === t.id;
  if (!intent && t.payment_intent_id) {
    const [i] = await sql<{ transaction_id: string | null }[]>`SELECT transaction_id FROM app.payment_intents WHERE id = ${t.payment_intent_id}`;
    own = i?.transaction_id === t.id;
  }
  return { transactionId: t.id, payerAddress: getAddress(t.sender_address), paidTo: getAddress(t.payment_address), paymentIntentId: t.payment_intent_id, intentsOwnPayment: own, merchantId: t.merchant_id, chainId: Number(t.chain_id), token: t.token };
}

/** Account v1 cannot refund: the owner's path to v2, said in the error (docs/integrators.md "Refunds", "Merchants on account v1"). */
function accountV1Error(m: MerchantForRefund) {
  return new ApiError(
    "account_version_unsupported",
    `Refunds need a merchant account of version 2, and merchant '${m.id}' has a version 1 account (${m.paymentAddress ?? "not deployed"}), whose contract can only pay the platform fee and the owner's payout address. Nothing was sent. To refund, the owner moves the merchant to account v2: the operator onboards it again with account version 2 (new payment address, same owner and payout address), the owner settles the v1 account to their payout address as usual (its money stays theirs and nothing in it is lost), and the owner grants a refund budget or approves each refund. Meanwhile, the owner can refund the customer from their own wallet.`,
    "payment_intent",
  );
}

/** Chain reads for a create, each best-effort (undefined: not known in time; the ledger decides alone). */
async function readAccount(ctx: AppContext, mode: Principal["mode"], chainId: number, token: Address, account: Address) {
  const chain = chainById(ctx, chainId);
  if (!chain || chain.mode !== mode) return { balance: undefined, budget: undefined };
  const [balance, budget] = await Promise.all([
    within(REFUND_CHAIN_READ_MS, chain.publicClient.readContract({ address: token, abi: usdcAbi, functionName: "balanceOf", args: [account] })),
    within(REFUND_CHAIN_READ_MS, chain.publicClient.readContract({ address: account, abi: merchantAccountV2Abi, functionName: "refundBudgetAvailable", args: [token] })),
  ]);
  return { balance, budget };
}

/** What the ledger says is still spoken for in the account on chain, for one (chain, token): fees owed, refunds unpaid, withdrawals in flight. */
async function spokenFor(tx: SqlOrTx, merchantId: string, chainId: number, token: string): Promise<{ committed: bigint; budgetPending: bigint }> {
  const [r] = await tx<{ fees: string | null; refunds: string | null; budget: string | null; withdrawals: string | null }[]>`
    SELECT (SELECT sum(fee_units) FROM app.transactions
             -- (a payment still at its deposit address owes its fee from money not in the account yet)
             WHERE merchant_id = ${merchantId} AND chain_id = ${chainId} AND token = ${token} AND status <> 'failed' AND fee_status NOT IN ('collected', 'awaiting_sweep'))::text AS fees,
           (SELECT sum(amount_units) FROM app.refunds
             WHERE merchant_id = ${merchantId} AND chain_id = ${chainId} AND token = ${token} AND (status IN ('requires_approval', 'pending') OR held_until IS NOT NULL))::text AS refunds,
           (SELECT sum(amount_units) FROM app.refunds
             WHERE merchant_id = ${merchantId} AND chain_id = ${chainId} AND token = ${token} AND status = 'pending' AND method = 'budget')::text AS budget,
           (SELECT sum(withdrawal_units) FROM app.settlements
             WHERE merchant_id = ${merchantId} AND chain_id = ${chainId} AND state IN ('created', 'withdrawal_submitted'))::text AS withdrawals`;
  const n = (v: string | null | undefined) => (v ? BigInt(v) : 0n);
  return { committed: n(r?.fees) + n(r?.refunds) + n(r?.withdrawals), budgetPending: n(r?.budget) };
}

/** What failed signed refunds of the payment still hold, said in a refusal ('' when none). */
async function heldByFailedRefunds(tx: SqlOrTx, transactionId: string): Promise<string> {
  const [h] = await tx<{ units: string | null; until: unknown }[]>`
    SELECT sum(amount_units)::text AS units, max(held_until) AS until FROM app.refunds WHERE transaction_id = ${transactionId} AND held_until IS NOT NULL`;
  if (!h?.units) return "";
  return ` Of that, ${unitsToUsd(BigInt(h.units))} is held by failed refunds signed by the owner whose authorization can still be submitted on chain, until its deadline (at the latest ${fromPgTs(h.until).toISOString()}) or until the owner cancels it on chain.`;
}

function requestHash(input: CreateRefundInput): string {
  const metadata = Object.keys(input.metadata)
    .sort()
    .map((k) => [k, input.metadata[k]]);
  const canonical = JSON.stringify([
    "v1",
    "POST /v1/refunds",
    input.paymentIntentId ?? null,
    input.transactionId ?? null,
    input.amountUnits?.toString() ?? null,
    input.recipientAddress,
    input.reason,
    metadata,
  ]);
  return createHash("sha256").update(canonical).digest("base64url");
}

/** Whether a refund to `recipient` goes back to the payment's sender (the only recipient the refund budget pays). */
export function toPayer(recipient: string, payer: string | null): boolean {
  return payer !== null && getAddress(recipient) === getAddress(payer);
}

export interface CreateRefundResult {
  refund: RefundRow;
  replayed: boolean;
}

export async function createRefund(ctx: AppContext, p: RefundingPrincipal, input: CreateRefundInput): Promise<CreateRefundResult> {
  const payment = await resolvePayment(ctx, p, input);
  const [m] = await ctx.database.sql<{ id: string; mode: string; account_version: number; payment_address: string | null; owner_address: string }[]>`
    SELECT id, mode, account_version::int AS account_version, payment_address, owner_address FROM app.merchants WHERE id = ${payment.merchantId}`;
  if (!m) throw new Error(`transaction ${payment.transactionId} has no merchant`);
  const merchant: MerchantForRefund = { id: m.id, mode: m.mode, accountVersion: Number(m.account_version), paymentAddress: m.payment_address, ownerAddress: m.owner_address };
  if (merchant.accountVersion !== 2 || !merchant.paymentAddress) throw accountV1Error(merchant);
  const account = getAddress(merchant.paymentAddress);
  if (input.recipientAddress === account)
    throw new ApiError("recipient_address_invalid", "Invalid recipient_address: it is the merchant's own account; a refund goes to the customer's address.", "recipient_address");
  const tokenAddress = tokenAddressFor(ctx, p.mode, payment.chainId, payment.token);
  if (!tokenAddress) throw new ApiError("mode_not_configured", `The ${payment.token} contract on ${requireChainName(payment.chainId)} is not configured on this service: refunds there cannot be sent.`);
  const onChain = await readAccount(ctx, p.mode, payment.chainId, tokenAddress, account);

  const now = new Date(Math.floor(ctx.clock.now().getTime()));
  const id = newId("refund");
  const r = await idempotentCreate(ctx.database.sql, { accountId: p.accountId, mode: p.mode, key: input.idempotencyKey, hash: requestHash(input), now }, async (tx) => {
    // The merchant's money lock (a settlement run or another refund of this merchant waits), then
    // the payment's row and its intent's (a concurrent refund of the same payment waits here).
    await lockMerchantMoney(tx, merchant.id);
    const [t] = await tx<{ amount_units: string; refunded_units: string }[]>`
      SELECT amount_units::text, refunded_units::text FROM app.transactions WHERE id = ${payment.transactionId} FOR UPDATE`;
    if (payment.paymentIntentId) await tx`SELECT 1 FROM app.payment_intents WHERE id = ${payment.paymentIntentId} FOR UPDATE`;
    const received = BigInt(t!.amount_units);
    const refundable = received - BigInt(t!.refunded_units);
    const amount = input.amountUnits ?? refundable;
    if (refundable <= 0n || amount > refundable) {
      const heldNote = await heldByFailedRefunds(tx, payment.transactionId);
      if (refundable <= 0n)
        throw new ApiError("amount_exceeds_refundable", `Nothing is left to refund of this payment: its refunds already take all ${unitsToUsd(received)} received.${heldNote}`, "amount");
      throw new ApiError(
        "amount_exceeds_refundable",
        `amount (${unitsToUsd(amount)}) is more than what is left to refund of this payment (${unitsToUsd(refundable)} of ${unitsToUsd(received)} received; the platform fee is not returned).${heldNote}`,
        "amount",
      );
    }
    const pair = { chainId: payment.chainId, token: payment.token };
    const available = await availableUnits(tx, merchant.id, pair);
    const held = await spokenFor(tx, merchant.id, payment.chainId, payment.token);
    const onChainFree = onChain.balance === undefined ? undefined : onChain.balance - held.committed;
    const payable = onChainFree === undefined || onChainFree > available ? available : onChainFree;
    if (amount > payable)
      throw new ApiError(
        "insufficient_account_balance",
        `amount (${unitsToUsd(amount)}) is more than the merchant account holds for refunds in ${payment.token} on ${requireChainName(payment.chainId)} (${unitsToUsd(payable > 0n ? payable : 0n)}): payments already settled are at the bank, and platform fees, pending settlements and other refunds are spoken for. Nothing was sent; top up the account or wait for more payments.`,
        "amount",
      );
    // The owner's budget covers it (what the contract allows now, less the budget refunds not mined
    // yet) and it goes back to the address that paid: sent at once. To any other address it waits for
    // the owner's signature, whatever the budget: a leaked key or a rogue admin cannot pay the budget
    // out to themselves.
    // A payment to a deposit address came from wherever the customer sent it (an exchange's shared
    // wallet, most often): its sender is not the customer, so its refund always waits for the owner.
    const toDeposit = payment.paidTo !== account;
    const byBudget = !toDeposit && toPayer(input.recipientAddress, payment.payerAddress) && onChain.budget !== undefined && onChain.budget - held.budgetPending >= amount;
    return insertRefund(tx, {
      id,
      mode: p.mode,
      accountId: p.accountId,
      merchantId: merchant.id,
      paymentIntentId: payment.paymentIntentId,
      intentsOwnPayment: payment.intentsOwnPayment,
      transactionId: payment.transactionId,
      chainId: payment.chainId,
      token: payment.token,
      tokenAddress,
      merchantAccount: account,
      amountUnits: amount,
      recipientAddress: input.recipientAddress,
      payerAddress: payment.payerAddress,
      reason: input.reason,
      metadata: input.metadata,
      status: byBudget ? "pending" : "requires_approval",
      method: byBudget ? "budget" : null,
      refundRef: refundRef(id),
      paymentRef: feeRef(payment.transactionId),
      createdAt: now,
    });
  });
  if (r.kind === "reused")
    throw new ApiError(
      "idempotency_key_reused",
      `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${printableName(input.idempotencyKey ?? "")}' if you meant to execute a different request.`,
      "idempotency_key",
    );
  if (r.kind === "replayed") return { refund: await getVisibleRefund(ctx, p, r.resourceId), replayed: true };
  ctx.log.info("refund created", { refund: r.value.id, merchantId: r.value.merchantId, status: r.value.status, amount: r.value.amountUnits });
  return { refund: r.value, replayed: false };
}

export async function loadRefund(sql: SqlOrTx, id: string): Promise<RefundRow | undefined> {
  const [row] = await sql`SELECT * FROM app.refunds WHERE id = ${id}`;
  return row ? refundFromDb(row) : undefined;
}

/** The refund if the key may see it (its merchant, its mode); 404 otherwise. */
export async function getVisibleRefund(ctx: AppContext, p: Principal, id: string): Promise<RefundRow> {
  if (!isIdOf("refund", id)) throw notFound("refund", printableName(id));
  const r = await loadRefund(ctx.database.sql, id);
  if (!r || r.mode !== p.mode || !(await ctx.auth.canSeeMerchant(p, r.merchantId))) throw notFound("refund", id);
  return r;
}

export interface ListRefundsInput {
  merchantId: string | undefined;
  paymentIntentId: string | undefined;
  status: RefundStatus | undefined;
  limit: number;
  startingAfter: string | undefined;
}

export interface RefundPage {
  items: RefundRow[];
  hasMore: boolean;
  totalCount: number;
}

/**
 * A page of refunds, newest first (created_at desc, id desc): of one intent (`payment_intent`, whose
 * merchant the key must see), else of one merchant (merchant_id, or the key's scoped merchant).
 */
export async function listRefunds(ctx: AppContext, p: Principal, input: ListRefundsInput): Promise<RefundPage> {
  const sql = ctx.database.sql;
  let merchantId = input.merchantId;
  if (input.paymentIntentId !== undefined) {
    const pi = input.paymentIntentId;
    const [i] = await sql<{ merchant_id: string; mode: string }[]>`SELECT merchant_id, mode FROM app.payment_intents WHERE id = ${pi}`;
    if (!i || i.mode !== p.mode || !(await ctx.auth.canSeeMerchant(p, i.merchant_id)) || (merchantId !== undefined && merchantId !== i.merchant_id))
      throw new ApiError("resource_missing", `No such payment_intent: '${printableName(pi)}'`, "payment_intent");
    merchantId = i.merchant_id;
  }
  if (merchantId === undefined) {
    if (p.scopeMerchantId === null)
      throw new ApiError("parameter_missing", "Missing required param: merchant_id (or payment_intent; required unless the API key is scoped to a single merchant).", "merchant_id");
    merchantId = p.scopeMerchantId;
  }
  if (!isIdOf("merchant", merchantId) || !(await ctx.auth.canSeeMerchant(p, merchantId)))
    throw new ApiError("resource_missing", `No such merchant: '${printableName(merchantId)}'`, "merchant_id");
  const intent = input.paymentIntentId !== undefined ? sql`AND payment_intent_id = ${input.paymentIntentId}` : sql``;
  const status = input.status !== undefined ? sql`AND status = ${input.status}` : sql``;
  let position = sql``;
  if (input.startingAfter !== undefined) {
    const [c] = await sql<{ created_at: unknown; id: string }[]>`
      SELECT created_at, id FROM app.refunds WHERE id = ${input.startingAfter} AND merchant_id = ${merchantId} AND mode = ${p.mode} ${intent}`;
    if (!c) throw badCursor();
    position = sql`AND (created_at, id) < (${pgTs(fromPgTs(c.created_at))}::timestamptz, ${c.id}::text)`;
  }
  const [rows, [count]] = await Promise.all([
    sql`SELECT * FROM app.refunds WHERE merchant_id = ${merchantId} AND mode = ${p.mode} ${intent} ${status} ${position}
        ORDER BY created_at DESC, id DESC LIMIT ${input.limit + 1}`,
    sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.refunds WHERE merchant_id = ${merchantId} AND mode = ${p.mode} ${intent} ${status}`,
  ]);
  return { items: rows.slice(0, input.limit).map(refundFromDb), hasMore: rows.length > input.limit, totalCount: count?.n ?? 0 };
}

/** Cancels a refund already checked with getVisibleRefund: only one waiting for approval (nothing was sent). */
export async function cancelRefund(ctx: AppContext, current: RefundRow): Promise<RefundRow> {
  const moved = await ctx.database.sql.begin((tx) => moveRefund(tx, current.id, { trigger: "cancel" }, ctx.clock.now()));
  if (moved) {
    ctx.log.info("refund cancelled", { refund: moved.id });
    return moved;
  }
  const again = (await loadRefund(ctx.database.sql, current.id)) ?? current;
  throw new ApiError(
    "refund_not_cancellable",
    `This refund cannot be cancelled because its status is '${again.status}'; only a refund in status 'requires_approval' (nothing sent yet) can be cancelled.`,
  );
}

/** The EIP-712 message the owner signs for refund `r` (domain: its account on its chain). */
export function refundTypedData(r: RefundRow, deadline: bigint) {
  return {
    domain: refundDomain(getAddress(r.merchantAccount), r.chainId),
    types: refundTypes,
    primaryType: "Refund" as const,
    message: {
      refundId: r.refundRef as Hex,
      ref: r.paymentRef as Hex,
      token: getAddress(r.tokenAddress),
      to: getAddress(r.recipientAddress),
      amount: r.amountUnits,
      deadline,
    },
  };
}

/**
 * Who must sign refund `r`: the owner of its account now, as the chain says (the owner can transfer
 * ownership, and the contract checks the signature against its owner of the moment, not the one
 * stored at onboarding). When the chain does not answer in time, the stored owner (the contract
 * still refuses a signature of anyone else: the refund would fail, paying nothing).
 */
async function accountOwner(ctx: AppContext, r: RefundRow): Promise<Address> {
  const chain = chainById(ctx, r.chainId);
  const onChain = chain
    ? await within(REFUND_CHAIN_READ_MS, chain.publicClient.readContract({ address: getAddress(r.merchantAccount), abi: merchantAccountV2Abi, functionName: "owner" }))
    : undefined;
  if (onChain) return getAddress(onChain);
  const [m] = await ctx.database.sql<{ owner_address: string }[]>`SELECT owner_address FROM app.merchants WHERE id = ${r.merchantId}`;
  if (!m) throw new Error(`refund ${r.id} has no merchant`);
  return getAddress(m.owner_address);
}

/** How long the authorization offered to the owner stays valid (its deadline). */
export const AUTHORIZATION_TTL_S = 24 * 3_600;

/**
 * What the merchant's owner signs to approve refund `r` (eth_signTypedData_v4): the EIP-712 message,
 * with a deadline AUTHORIZATION_TTL_S from now, and the address that must sign it. Only for a refund
 * waiting for approval.
 */
export async function refundAuthorization(ctx: AppContext, r: RefundRow) {
  if (r.status !== "requires_approval") throw notApprovable(r);
  const signer = await accountOwner(ctx, r);
  const deadline = BigInt(Math.floor(ctx.clock.now().getTime() / 1000) + AUTHORIZATION_TTL_S);
  const data = refundTypedData(r, deadline);
  return {
    object: "refund_authorization" as const,
    refund: r.id,
    signer,
    deadline: Number(deadline),
    typed_data: {
      types: {
        EIP712Domain: [...eip712DomainType],
        Refund: [...data.types.Refund],
      },
      primaryType: data.primaryType,
      domain: data.domain,
      message: { ...data.message, amount: data.message.amount.toString(), deadline: deadline.toString() },
    },
  };
}

/**
 * The owner's signed authorization of a refund waiting for approval: checked (signed by the
 * merchant's owner, for this very refund) and stored; the refund becomes pending and the sender
 * submits it. Refused (409) for a refund in any other status (a cancelled one included).
 */
export async function approveRefund(ctx: AppContext, r: RefundRow, given: Hex, deadline: Date): Promise<RefundRow> {
  if (r.status !== "requires_approval") throw notApprovable(r);
  // Stored in the form the contract accepts, whichever path handed it in.
  const signature = normalizeSignature(given);
  const owner = await accountOwner(ctx, r);
  const signer = await recoverTypedDataAddress({ ...refundTypedData(r, BigInt(Math.floor(deadline.getTime() / 1000))), signature }).catch(() => undefined);
  if (!signer || getAddress(signer) !== owner)
    throw new ApiError("parameter_invalid", "Invalid signature: it is not the merchant owner's signature of this refund.", "signature");
  const moved = await ctx.database.sql.begin((tx) => moveRefund(tx, r.id, { trigger: "approved", signature, deadline }, ctx.clock.now()));
  if (moved) {
    ctx.log.info("refund approved by the owner", { refund: r.id });
    return moved;
  }
  throw notApprovable((await loadRefund(ctx.database.sql, r.id)) ?? r);
}

function notApprovable(r: RefundRow) {
  return new ApiError(
    "refund_not_approvable",
    `This refund cannot be approved because its status is '${r.status}'; only a refund in status 'requires_approval' can be.`,
  );
}
