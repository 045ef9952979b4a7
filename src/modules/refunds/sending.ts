/**
 * What sending a refund means (when: the settler role, workers/refund-sender.ts). A pending refund is
 * paid from the merchant's v2 account to its recipient by one transaction of the operator, through
 * the operator's nonce authority (chain/operator-sender.ts):
 * - method `budget`: refundFromBudget(refundId, ref, token, to, amount), within the owner's budget;
 * - method `signed`: refund(refundId, ref, token, to, amount, deadline, signature), the owner's
 *   authorization, which anyone may submit (the operator pays the gas).
 *
 * Never paid twice, never lost:
 * - Rows are claimed (FOR UPDATE SKIP LOCKED) with a lease (next_attempt_at); a sender that died
 *   leaves them to the next after the lease, or at once on the first sweep after a start when their
 *   transaction is known.
 * - The transaction's hash is recorded on the refund in the database transaction that hands out its
 *   nonce, before it is broadcast (record-before-send): after a crash between signing and sending the
 *   journal's bytes are sent again (here, or by the nonce keeper), and after a crash between sending
 *   and confirming the receipt of the recorded hash decides.
 * - A refund whose recorded transaction the chain will never mine (its nonce went to another) is sent
 *   again only after checking refundUsed(refundId); and the contract pays a refund id at most once
 *   whatever happens (a second transaction reverts with RefundAlreadyUsed, which is then read as the
 *   success of the first, found by its Refunded log).
 * - succeeded only once the transaction is at the chain's confirmation depth; a revert is failed with
 *   its reason (a budget refund refused for want of budget goes back to requires_approval instead:
 *   nothing was paid).
 *
 * When a refund fails (docs/integrators.md "Refunds", bounds):
 * - A refund with a transaction that may still be mined never fails by count or by an unanswered
 *   call: only the chain's proof ends it, a mined revert or its nonce taken by another transaction
 *   (the operator's confirmed nonce passed it without it; then it is sent anew, the refund id keeping
 *   it paid once). Rounds that wait for a receipt or for depth are not attempts, and an RPC error
 *   while waiting is more waiting (looked at again after retryBaseMs), never a failure.
 * - `attempts` counts sends that ended with nothing on chain (refused in estimation, the node not
 *   reached before signing); after maxAttempts of those the refund fails.
 * - A signed refund that fails while its owner's signature may still pay (anyone holding it can
 *   submit it until its deadline) keeps its amount held (held_until): released by
 *   checkHeldRefunds once the chain's time passed the deadline or the refund id was cancelled there.
 */
import { getAddress, parseEventLogs, TransactionNotFoundError, TransactionReceiptNotFoundError, type Address, type Hex, type Transaction, type TransactionReceipt } from "viem";
import { errorText, revertName } from "../../chain/broadcast-errors.ts";
import type { AppContext } from "../../context.ts";
import type { ChainRuntime } from "../../chain/runtime.ts";
import { merchantAccountV2Abi } from "../../../contracts/abis.ts";
import { pgTs } from "../../db/pg-values.ts";
import type { SqlOrTx } from "../../db/client.ts";
import { metrics } from "../../metrics.ts";
import { moveRefund, releaseRefundHold } from "./transitions.ts";
import { refundFromDb, type RefundRow } from "./shapes.ts";
import { budgetRefundUnproven } from "./payment-proof.ts";

const refundSends = metrics.counter("stablepay_refund_sends_total", "Refund send steps by outcome (succeeded, failed, requires_approval, retry, waiting).", ["chain_id", "outcome"]);

export interface RefundSendPolicy {
  /** Attempts before a refund that keeps failing to send is failed. */
  maxAttempts: number;
  /** First retry delay; doubles per attempt, capped at 10 min, +0..10% jitter. */
  retryBaseMs: number;
  /** How long one step waits for a receipt before leaving the refund to a later sweep. */
  receiptTimeoutMs: number;
  /** How soon a sent refund is looked at again while it waits for its receipt or its depth. */
  waitMs: number;
}

type Outcome =
  | { kind: "succeeded"; hash: Hex; block: bigint }
  /** holdUntil: the owner's signature may still pay until then, so the amount stays held. */
  | { kind: "failed"; reason: string; holdUntil?: Date | undefined }
  /** A budget refund the budget does not cover (nothing paid): back to requires_approval. */
  | { kind: "budget_short"; reason: string; revertedTx?: Hex }
  /** Sent, not confirmed (deep enough) yet; error: the chain could not be asked this round (no attempt). */
  | { kind: "waiting"; error?: string }
  /** Not sent, nothing on chain: an attempt. */
  | { kind: "retry"; error: string };

/** The refund's transaction that may still be mined, as this round knows it (set once recorded, cleared once proven dead). */
interface Live {
  hash?: Hex | undefined;
}

/** A failed outcome; a signed refund's amount stays held until its deadline unless the chain showed its signature can no longer pay. */
function failed(r: RefundRow, reason: string, signatureDead = false): Extract<Outcome, { kind: "failed" }> {
  return { kind: "failed", reason, holdUntil: r.method === "signed" && !signatureDead && r.deadline ? r.deadline : undefined };
}

/** Claims up to `batchSize` pending refunds of `chain` for `leaseMs`; with `recover`, those with a recorded transaction at once. */
export async function claimDueRefunds(ctx: AppContext, chain: ChainRuntime, o: { batchSize: number; leaseMs: number; recover: boolean }): Promise<RefundRow[]> {
  const now = ctx.clock.now();
  const lease = new Date(now.getTime() + o.leaseMs);
  const rows = await ctx.database.sql`
    UPDATE app.refunds r SET next_attempt_at = ${pgTs(lease)}::timestamptz
    FROM (
      SELECT id FROM app.refunds
      WHERE chain_id = ${chain.chainId} AND mode = ${chain.mode} AND status = 'pending'
        AND (next_attempt_at IS NULL OR next_attempt_at <= ${pgTs(now)}::timestamptz OR (${o.recover} AND tx_hash IS NOT NULL))
      ORDER BY (tx_hash IS NOT NULL) DESC, next_attempt_at NULLS FIRST, created_at
      LIMIT ${o.batchSize}
      FOR UPDATE SKIP LOCKED
    ) due
    WHERE r.id = due.id
    RETURNING r.*`;
  return rows.map(refundFromDb);
}

/** Moves one claimed refund as far as it goes now and records the outcome. */
export async function sendClaimedRefund(ctx: AppContext, chain: ChainRuntime, r: RefundRow, policy: RefundSendPolicy): Promise<void> {
  const log = ctx.log.child({ role: "refund_sender", refund: r.id });
  const live: Live = {};
  let outcome: Outcome;
  try {
    outcome = await advance(ctx.database.sql, chain, r, policy, live);
  } catch (err) {
    outcome = { kind: "retry", error: errorText(err) };
  }
  // A transaction that may still be mined: whatever went wrong this round (an RPC error), it is waited for, not counted.
  if (outcome.kind === "retry" && live.hash) outcome = { kind: "waiting", error: outcome.error };
  const sql = ctx.database.sql;
  const now = ctx.clock.now();
  switch (outcome.kind) {
    case "succeeded": {
      const moved = await sql.begin((tx) => moveRefund(tx, r.id, { trigger: "confirmed", txHash: outcome.hash, blockNumber: outcome.block }, now));
      if (moved) log.info("refund succeeded", { txHash: outcome.hash, amount: r.amountUnits });
      break;
    }
    case "failed": {
      const moved = await sql.begin((tx) => moveRefund(tx, r.id, { trigger: "failed", reason: outcome.reason, holdUntil: outcome.holdUntil }, now));
      if (moved) log.warn("refund failed", { reason: outcome.reason, ...(moved.heldUntil ? { amount_held_until: moved.heldUntil.toISOString() } : {}) });
      break;
    }
    case "budget_short": {
      const moved = await sql.begin((tx) => moveRefund(tx, r.id, { trigger: "budget_short", revertedTx: outcome.revertedTx }, now));
      if (moved) log.info("refund needs the owner's approval: the budget does not cover it", { reason: outcome.reason });
      break;
    }
    case "waiting": {
      const error = outcome.error;
      const next = new Date(now.getTime() + (error === undefined ? policy.waitMs : policy.retryBaseMs));
      await sql`
        UPDATE app.refunds SET next_attempt_at = ${pgTs(next)}::timestamptz, last_error = COALESCE(${error?.slice(0, 2000) ?? null}, last_error)
        WHERE id = ${r.id} AND status = 'pending'`;
      if (error !== undefined) log.warn("refund sent; its chain did not answer, waiting for its transaction", { txHash: live.hash ?? r.txHash, error });
      break;
    }
    case "retry": {
      const attempts = r.attempts + 1;
      if (attempts >= policy.maxAttempts) {
        const given = failed(r, `not sent after ${attempts} attempts: ${outcome.error}`);
        const moved = await sql.begin(async (tx) => {
          await tx`UPDATE app.refunds SET attempts = ${attempts}, last_error = ${outcome.error.slice(0, 2000)} WHERE id = ${r.id} AND status = 'pending'`;
          return moveRefund(tx, r.id, { trigger: "failed", reason: given.reason, holdUntil: given.holdUntil }, now);
        });
        if (moved) log.error("ALERT: refund given up", { attempts, error: outcome.error, ...(moved.heldUntil ? { amount_held_until: moved.heldUntil.toISOString() } : {}) });
        break;
      }
      const delay = Math.min(policy.retryBaseMs * 2 ** (attempts - 1), 600_000);
      const next = new Date(now.getTime() + delay + Math.floor(Math.random() * delay * 0.1));
      await sql`
        UPDATE app.refunds SET attempts = ${attempts}, next_attempt_at = ${pgTs(next)}::timestamptz, last_error = ${outcome.error.slice(0, 2000)}
        WHERE id = ${r.id} AND status = 'pending'`;
      log.warn("refund not sent; will retry", { attempt: attempts, error: outcome.error });
      break;
    }
  }
  refundSends.inc({ chain_id: chain.chainId, outcome: outcome.kind === "budget_short" ? "requires_approval" : outcome.kind });
}

function callOf(r: RefundRow) {
  const account = getAddress(r.merchantAccount);
  const token = getAddress(r.tokenAddress);
  const to = getAddress(r.recipientAddress);
  if (r.method === "signed") {
    if (!r.signature || !r.deadline) throw new Error(`signed refund ${r.id} without its signature`);
    return {
      address: account,
      abi: merchantAccountV2Abi,
      functionName: "refund",
      args: [r.refundRef as Hex, r.paymentRef as Hex, token, to, r.amountUnits, BigInt(Math.floor(r.deadline.getTime() / 1000)), r.signature as Hex],
    } as const;
  }
  return { address: account, abi: merchantAccountV2Abi, functionName: "refundFromBudget", args: [r.refundRef as Hex, r.paymentRef as Hex, token, to, r.amountUnits] } as const;
}

async function advance(sql: SqlOrTx, chain: ChainRuntime, r: RefundRow, policy: RefundSendPolicy, live: Live): Promise<Outcome> {
  if (r.txHash) {
    const hash = r.txHash as Hex;
    live.hash = hash;
    const sent = await sentState(chain, r, hash);
    switch (sent.kind) {
      case "mined":
        return fromReceipt(sql, chain, r, sent.receipt);
      case "in_pool": {
        const receipt = await awaitReceipt(chain, hash, policy.receiptTimeoutMs);
        return receipt ? fromReceipt(sql, chain, r, receipt) : { kind: "waiting" };
      }
      case "absent":
        return { kind: "waiting" };
      case "dead":
        // Its nonce went to another transaction: it can never be mined. Sent anew below, unless the
        // chain already paid this refund id.
        live.hash = undefined;
        break;
    }
  }
  const paid = await paidOnChain(sql, chain, r);
  if (paid) return paid;
  // The budget pays only the payment's sender: a budget refund to anyone else (one created before
  // that rule) waits for the owner's signature instead of being sent.
  if (r.method === "budget" && (r.payerAddress === null || getAddress(r.payerAddress) !== getAddress(r.recipientAddress)))
    return { kind: "budget_short", reason: "the recipient is not the address that paid: the owner's signature is needed" };
  // The row's word is not enough: the chain must show that the recipient paid this payment.
  if (r.method === "budget") {
    const unproven = await budgetRefundUnproven(sql, chain, r);
    if (unproven) return { kind: "budget_short", reason: `${unproven}: the owner's signature is needed` };
  }
  let hash: Hex;
  try {
    hash = await chain.sender.write(callOf(r), async (tx, signed) => {
      await tx`UPDATE app.refunds SET tx_hash = ${signed.hash}, tx_nonce = ${signed.nonce}, updated_at = now() WHERE id = ${r.id} AND status = 'pending'`;
      live.hash = signed.hash;
    });
  } catch (err) {
    // Signed and recorded, then not broadcast (the node not reached): the journal keeps its bytes and
    // the nonce keeper sends them (or fills the nonce, then it is dead and sent anew); wait for it.
    if (live.hash) return { kind: "waiting", error: errorText(err) };
    return refused(sql, chain, r, err);
  }
  const receipt = await awaitReceipt(chain, hash, policy.receiptTimeoutMs);
  return receipt ? fromReceipt(sql, chain, r, receipt) : { kind: "waiting" };
}

type SentState =
  | { kind: "mined"; receipt: TransactionReceipt }
  /** The node holds it: it may be mined any moment. */
  | { kind: "in_pool" }
  /** The node lacks it, but its nonce is not used yet: its bytes were offered again, else the keeper fills the nonce. */
  | { kind: "absent" }
  /** Never to be mined: the operator's confirmed nonce passed its nonce without it. */
  | { kind: "dead" };

/**
 * Where the refund's recorded transaction stands, by the chain's answers only: an RPC error throws
 * (no answer is no proof, and the caller waits).
 */
async function sentState(chain: ChainRuntime, r: RefundRow, hash: Hex): Promise<SentState> {
  const receipt = await receiptOf(chain, hash);
  if (receipt) return { kind: "mined", receipt };
  if (await transactionOf(chain, hash)) return { kind: "in_pool" };
  const nonce = r.txNonce ?? (await chain.sender.journaledNonce(hash));
  if (nonce === undefined) {
    // Recorded before nonces were kept, and gone from the journal: the node's word on its bytes.
    return (await chain.sender.resend(hash)) ? { kind: "in_pool" } : { kind: "dead" };
  }
  const confirmed = await chain.publicClient.getTransactionCount({ address: chain.sender.address, blockTag: "latest" });
  if (confirmed > nonce) {
    // Its nonce is used: by it (mined since the first look) or by another transaction.
    const late = await receiptOf(chain, hash);
    return late ? { kind: "mined", receipt: late } : { kind: "dead" };
  }
  return (await chain.sender.resend(hash)) ? { kind: "in_pool" } : { kind: "absent" };
}

/** What a refusal before sending (estimation, or the node) means. */
async function refused(sql: SqlOrTx, chain: ChainRuntime, r: RefundRow, err: unknown): Promise<Outcome> {
  const name = revertName(err);
  if (name === undefined) return { kind: "retry", error: errorText(err) };
  switch (name) {
    case "NoBudget":
    case "OverBudget":
    case "NotOperator":
      if (r.method === "budget") return { kind: "budget_short", reason: name };
      return { kind: "retry", error: `reverted: ${name}` };
    case "RefundAlreadyUsed":
      return (await paidOnChain(sql, chain, r)) ?? failed(r, "The refund's id was voided on chain by the merchant's owner (cancelRefund): nothing was paid.", true);
    case "Expired":
      return failed(r, "The owner's authorization expired before it could be submitted: nothing was paid. Create a new refund.", true);
    case "BadSignature":
      // Held all the same: the signature pays again if the account's ownership goes back to its signer.
      return failed(r, "The authorization is not signed by the account's current owner (ownership changed?): nothing was paid.");
    case "ZeroAddress":
      return failed(r, "The recipient is the zero address: nothing was paid.", true);
    case "SelfTransfer":
      return failed(r, "The recipient is the merchant account itself: nothing was paid.", true);
    case "TransferFailed":
      return { kind: "retry", error: "reverted: TransferFailed (the account does not hold the amount in this token now)" };
    default:
      return { kind: "retry", error: `reverted: ${name}` };
  }
}

/** A mined receipt of the refund's transaction -> the outcome, at the chain's confirmation depth. */
async function fromReceipt(sql: SqlOrTx, chain: ChainRuntime, r: RefundRow, receipt: TransactionReceipt): Promise<Outcome> {
  // Paid only with this refund id's Refunded log from its account: a receipt without it paid nothing.
  if (receipt.status === "success" && paysRefund(r, receipt))
    return (await deepEnough(chain, receipt.blockNumber)) ? { kind: "succeeded", hash: receipt.transactionHash, block: receipt.blockNumber } : { kind: "waiting" };
  // Reverted (or mined without paying): nothing moved by it. Paid by another transaction of ours (an earlier send)?
  const paid = await paidOnChain(sql, chain, r);
  if (paid) return paid;
  let why = receipt.status === "success" ? "was mined without paying (no Refunded log of this refund)" : "reverted on chain";
  try {
    await chain.publicClient.simulateContract({ account: chain.operator.account, ...callOf(r) } as never);
  } catch (err) {
    why = `reverted: ${revertName(err) ?? errorText(err)}`;
  }
  if (r.method === "budget" && /NoBudget|OverBudget|NotOperator/.test(why)) return { kind: "budget_short", reason: why, revertedTx: receipt.transactionHash };
  // A signed refund reverted for want of money (say) sits in public calldata: anyone may submit it
  // again until its deadline, so its amount stays held unless the chain says the signature is dead.
  return failed(r, `The refund transaction ${receipt.transactionHash} ${why}: nothing was paid.`, /Expired|RefundAlreadyUsed/.test(why));
}

/** Whether `receipt` holds the Refunded log of this refund id, emitted by the refund's account. */
function paysRefund(r: RefundRow, receipt: TransactionReceipt): boolean {
  const account = getAddress(r.merchantAccount);
  const logs = parseEventLogs({ abi: merchantAccountV2Abi, eventName: "Refunded", logs: receipt.logs, strict: true });
  return logs.some((l) => getAddress(l.address) === account && l.args.refundId.toLowerCase() === r.refundRef.toLowerCase());
}

/**
 * Failed signed refunds whose amount is held (held_until), each looked at every `recheckMs`. The hold
 * ends when the chain shows the owner's signature can no longer pay: the latest block's time is past
 * its deadline (the contract refuses it then), or its refund id was cancelled on chain (used, with no
 * Refunded log). A Refunded log means it was paid after all (the signature submitted later, by
 * anyone): the refund becomes succeeded, with an alert. Returns how many holds ended.
 */
export async function checkHeldRefunds(ctx: AppContext, chain: ChainRuntime, o: { batchSize: number; recheckMs: number }): Promise<number> {
  const log = ctx.log.child({ role: "refund_sender" });
  const sql = ctx.database.sql;
  const now = ctx.clock.now();
  const rows = (
    await sql`
      UPDATE app.refunds r SET next_attempt_at = ${pgTs(new Date(now.getTime() + o.recheckMs))}::timestamptz
      FROM (
        SELECT id FROM app.refunds
        WHERE chain_id = ${chain.chainId} AND mode = ${chain.mode} AND status = 'failed' AND held_until IS NOT NULL
          AND (next_attempt_at IS NULL OR next_attempt_at <= ${pgTs(now)}::timestamptz)
        ORDER BY next_attempt_at NULLS FIRST
        LIMIT ${o.batchSize}
        FOR UPDATE SKIP LOCKED
      ) due
      WHERE r.id = due.id
      RETURNING r.*`
  ).map(refundFromDb);
  if (rows.length === 0) return 0;
  const block = await chain.publicClient.getBlock({ blockTag: "latest" });
  let ended = 0;
  for (const r of rows) {
    const used = await chain.publicClient.readContract({ address: getAddress(r.merchantAccount), abi: merchantAccountV2Abi, functionName: "refundUsed", args: [r.refundRef as Hex] });
    let why: string | undefined;
    if (used) {
      const paid = await refundedLog(sql, chain, r);
      if (paid) {
        if (!(await deepEnough(chain, paid.block))) continue;
        const moved = await sql.begin((tx) => moveRefund(tx, r.id, { trigger: "paid_late", txHash: paid.hash, blockNumber: paid.block }, now));
        if (moved) {
          ended++;
          log.error("ALERT: a refund marked failed was paid on chain after all (its owner's signature was submitted later): now succeeded", { refund: r.id, txHash: paid.hash });
        }
        continue;
      }
      why = "its refund id was cancelled on chain";
    } else if (r.deadline && block.timestamp > BigInt(Math.floor(r.deadline.getTime() / 1000))) {
      why = "its deadline has passed on chain";
    }
    if (why === undefined) continue;
    const released = await sql.begin((tx) => releaseRefundHold(tx, r.id, now));
    if (released) {
      ended++;
      log.info("a failed refund's amount is released: the owner's signature can no longer pay", { refund: r.id, why, amount: r.amountUnits });
    }
  }
  return ended;
}

/** The refund id's Refunded log on its account, if any. */
async function refundedLog(sql: SqlOrTx, chain: ChainRuntime, r: RefundRow): Promise<{ hash: Hex; block: bigint } | undefined> {
  // A refund is paid after its payment: the search starts at the payment's block, not at the chain's
  // start block (a range a provider may refuse, or answer slowly, years into a chain).
  const [payment] = await sql<{ block_number: string }[]>`SELECT block_number::text FROM app.transactions WHERE id = ${r.transactionId}`;
  const fromBlock = payment ? BigInt(payment.block_number) : BigInt(chain.startBlock);
  const logs = await chain.publicClient.getContractEvents({
    address: getAddress(r.merchantAccount),
    abi: merchantAccountV2Abi,
    eventName: "Refunded",
    args: { refundId: r.refundRef as Hex },
    fromBlock,
    strict: true,
  });
  const found = logs[0];
  return found?.transactionHash && found.blockNumber !== null ? { hash: found.transactionHash, block: found.blockNumber } : undefined;
}

/** The refund id already paid on chain: its Refunded log (succeeded once deep enough); undefined when not used. */
async function paidOnChain(sql: SqlOrTx, chain: ChainRuntime, r: RefundRow): Promise<Outcome | undefined> {
  const account = getAddress(r.merchantAccount) as Address;
  const used = await chain.publicClient.readContract({ address: account, abi: merchantAccountV2Abi, functionName: "refundUsed", args: [r.refundRef as Hex] });
  if (!used) return undefined;
  const paid = await refundedLog(sql, chain, r);
  if (!paid) return undefined;
  return (await deepEnough(chain, paid.block)) ? { kind: "succeeded", hash: paid.hash, block: paid.block } : { kind: "waiting" };
}

async function deepEnough(chain: ChainRuntime, block: bigint): Promise<boolean> {
  const head = await chain.publicClient.getBlockNumber({ cacheTime: 0 });
  return head - block + 1n >= BigInt(Math.max(1, chain.confirmations));
}

/** The receipt of `hash`; null when the node says it has none. An RPC error throws: it is no answer. */
async function receiptOf(chain: ChainRuntime, hash: Hex): Promise<TransactionReceipt | null> {
  try {
    return await chain.publicClient.getTransactionReceipt({ hash });
  } catch (err) {
    if (err instanceof TransactionReceiptNotFoundError) return null;
    throw err;
  }
}

/** The transaction `hash` as the node holds it (pool or chain); null when the node says it has none. An RPC error throws. */
async function transactionOf(chain: ChainRuntime, hash: Hex): Promise<Transaction | null> {
  try {
    return await chain.publicClient.getTransaction({ hash });
  } catch (err) {
    if (err instanceof TransactionNotFoundError) return null;
    throw err;
  }
}

/** Polls for the receipt of exactly this hash, then its depth (not viem's waitForTransactionReceipt, which follows replacements). */
async function awaitReceipt(chain: ChainRuntime, hash: Hex, timeoutMs: number): Promise<TransactionReceipt | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const receipt = await receiptOf(chain, hash);
    if (receipt && (receipt.status !== "success" || (await deepEnough(chain, receipt.blockNumber)))) return receipt;
    if (Date.now() > deadline) return receipt;
    await new Promise((res) => setTimeout(res, 200));
  }
}

