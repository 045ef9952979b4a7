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
 */
import { getAddress, type Address, type Hex, type TransactionReceipt } from "viem";
import { errorText, revertName } from "../../chain/broadcast-errors.ts";
import type { AppContext } from "../../context.ts";
import type { ChainRuntime } from "../../chain/runtime.ts";
import { merchantAccountV2Abi } from "../../../contracts/abis.ts";
import { pgTs } from "../../db/pg-values.ts";
import { metrics } from "../../metrics.ts";
import { moveRefund } from "./transitions.ts";
import { refundFromDb, type RefundRow } from "./shapes.ts";

const refundSends = metrics.counter("stablepay_refund_sends_total", "Refund send steps by outcome (succeeded, failed, requires_approval, retry, waiting).", ["chain_id", "outcome"]);

export interface RefundSendPolicy {
  /** Attempts before a refund that keeps failing to send is failed. */
  maxAttempts: number;
  /** First retry delay; doubles per attempt, capped at 10 min, +0..10% jitter. */
  retryBaseMs: number;
  /** How long one step waits for a receipt before leaving the refund to a later sweep. */
  receiptTimeoutMs: number;
}

type Outcome =
  | { kind: "succeeded"; hash: Hex; block: bigint }
  | { kind: "failed"; reason: string }
  /** A budget refund the budget does not cover (nothing paid): back to requires_approval. */
  | { kind: "budget_short"; reason: string; revertedTx?: Hex }
  /** Sent, not confirmed (deep enough) yet. */
  | { kind: "waiting" }
  | { kind: "retry"; error: string };

/** Claims up to `batchSize` pending refunds of `chain` for `leaseMs`; with `recover`, those with a recorded transaction at once. */
export async function claimDueRefunds(ctx: AppContext, chain: ChainRuntime, o: { batchSize: number; leaseMs: number; recover: boolean }): Promise<RefundRow[]> {
  const now = ctx.clock.now();
  const lease = new Date(now.getTime() + o.leaseMs);
  const rows = await ctx.database.sql`
    UPDATE app.refunds r SET attempts = r.attempts + 1, next_attempt_at = ${pgTs(lease)}::timestamptz
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
  let outcome: Outcome;
  try {
    outcome = await advance(chain, r, policy);
  } catch (err) {
    outcome = { kind: "retry", error: errorText(err) };
  }
  const sql = ctx.database.sql;
  const now = ctx.clock.now();
  switch (outcome.kind) {
    case "succeeded": {
      const moved = await sql.begin((tx) => moveRefund(tx, r.id, { trigger: "confirmed", txHash: outcome.hash, blockNumber: outcome.block }, now));
      if (moved) log.info("refund succeeded", { txHash: outcome.hash, amount: r.amountUnits });
      break;
    }
    case "failed": {
      const moved = await sql.begin((tx) => moveRefund(tx, r.id, { trigger: "failed", reason: outcome.reason }, now));
      if (moved) log.warn("refund failed", { reason: outcome.reason });
      break;
    }
    case "budget_short": {
      const moved = await sql.begin((tx) => moveRefund(tx, r.id, { trigger: "budget_short", revertedTx: outcome.revertedTx }, now));
      if (moved) log.info("refund needs the owner's approval: the budget does not cover it", { reason: outcome.reason });
      break;
    }
    case "waiting":
      await sql`UPDATE app.refunds SET next_attempt_at = ${pgTs(new Date(now.getTime() + 1_000))}::timestamptz WHERE id = ${r.id} AND status = 'pending'`;
      break;
    case "retry": {
      if (r.attempts >= policy.maxAttempts) {
        await sql.begin((tx) => moveRefund(tx, r.id, { trigger: "failed", reason: `not sent after ${r.attempts} attempts: ${outcome.error}` }, now));
        log.error("ALERT: refund given up", { attempts: r.attempts, error: outcome.error });
        break;
      }
      const delay = Math.min(policy.retryBaseMs * 2 ** (r.attempts - 1), 600_000);
      const next = new Date(now.getTime() + delay + Math.floor(Math.random() * delay * 0.1));
      await sql`
        UPDATE app.refunds SET next_attempt_at = ${pgTs(next)}::timestamptz, last_error = ${outcome.error.slice(0, 2000)}
        WHERE id = ${r.id} AND status = 'pending'`;
      log.warn("refund not sent; will retry", { attempt: r.attempts, error: outcome.error });
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

async function advance(chain: ChainRuntime, r: RefundRow, policy: RefundSendPolicy): Promise<Outcome> {
  const client = chain.publicClient;
  if (r.txHash) {
    const hash = r.txHash as Hex;
    let receipt = await receiptOf(chain, hash);
    // Still waiting in the node, or in the operator's journal (signed, then a crash): wait for it rather than send another.
    if (!receipt && ((await client.getTransaction({ hash }).catch(() => null)) || (await chain.sender.resend(hash).catch(() => false)))) {
      receipt = await awaitReceipt(chain, hash, policy.receiptTimeoutMs);
      if (!receipt) return { kind: "waiting" };
    }
    if (receipt) return fromReceipt(chain, r, receipt);
    // Unknown to the node and not sendable again: its nonce went to another transaction. Sent anew
    // below, unless the chain already paid this refund id.
  }
  const paid = await paidOnChain(chain, r);
  if (paid) return paid;
  let hash: Hex;
  try {
    hash = await chain.sender.write(callOf(r), async (tx, signed) => {
      await tx`UPDATE app.refunds SET tx_hash = ${signed.hash}, updated_at = now() WHERE id = ${r.id} AND status = 'pending'`;
    });
  } catch (err) {
    return refused(chain, r, err);
  }
  const receipt = await awaitReceipt(chain, hash, policy.receiptTimeoutMs);
  return receipt ? fromReceipt(chain, r, receipt) : { kind: "waiting" };
}

/** What a refusal before sending (estimation, or the node) means. */
async function refused(chain: ChainRuntime, r: RefundRow, err: unknown): Promise<Outcome> {
  const name = revertName(err);
  if (name === undefined) return { kind: "retry", error: errorText(err) };
  switch (name) {
    case "NoBudget":
    case "OverBudget":
    case "NotOperator":
      if (r.method === "budget") return { kind: "budget_short", reason: name };
      return { kind: "retry", error: `reverted: ${name}` };
    case "RefundAlreadyUsed":
      return (await paidOnChain(chain, r)) ?? { kind: "failed", reason: "The refund's id was voided on chain by the merchant's owner (cancelRefund): nothing was paid." };
    case "Expired":
      return { kind: "failed", reason: "The owner's authorization expired before it could be submitted: nothing was paid. Create a new refund." };
    case "BadSignature":
      return { kind: "failed", reason: "The authorization is not signed by the account's current owner (ownership changed?): nothing was paid." };
    case "ZeroAddress":
      return { kind: "failed", reason: "The recipient is the zero address: nothing was paid." };
    case "TransferFailed":
      return { kind: "retry", error: "reverted: TransferFailed (the account does not hold the amount in this token now)" };
    default:
      return { kind: "retry", error: `reverted: ${name}` };
  }
}

/** A mined receipt of the refund's transaction -> the outcome, at the chain's confirmation depth. */
async function fromReceipt(chain: ChainRuntime, r: RefundRow, receipt: TransactionReceipt): Promise<Outcome> {
  if (receipt.status === "success") return (await deepEnough(chain, receipt.blockNumber)) ? { kind: "succeeded", hash: receipt.transactionHash, block: receipt.blockNumber } : { kind: "waiting" };
  // Reverted: nothing moved by it. Paid by another transaction of ours (an earlier send)?
  const paid = await paidOnChain(chain, r);
  if (paid) return paid;
  let why = "reverted on chain";
  try {
    await chain.publicClient.simulateContract({ account: chain.operator.account, ...callOf(r) } as never);
  } catch (err) {
    why = `reverted: ${revertName(err) ?? errorText(err)}`;
  }
  if (r.method === "budget" && /NoBudget|OverBudget|NotOperator/.test(why)) return { kind: "budget_short", reason: why, revertedTx: receipt.transactionHash };
  return { kind: "failed", reason: `The refund transaction ${receipt.transactionHash} ${why}: nothing was paid.` };
}

/** The refund id already paid on chain: its Refunded log (succeeded once deep enough); undefined when not used. */
async function paidOnChain(chain: ChainRuntime, r: RefundRow): Promise<Outcome | undefined> {
  const account = getAddress(r.merchantAccount) as Address;
  const used = await chain.publicClient.readContract({ address: account, abi: merchantAccountV2Abi, functionName: "refundUsed", args: [r.refundRef as Hex] });
  if (!used) return undefined;
  const logs = await chain.publicClient.getContractEvents({
    address: account,
    abi: merchantAccountV2Abi,
    eventName: "Refunded",
    args: { refundId: r.refundRef as Hex },
    fromBlock: BigInt(chain.startBlock),
    strict: true,
  });
  const log = logs[0];
  if (!log?.transactionHash || log.blockNumber === null) return undefined;
  return (await deepEnough(chain, log.blockNumber)) ? { kind: "succeeded", hash: log.transactionHash, block: log.blockNumber } : { kind: "waiting" };
}

async function deepEnough(chain: ChainRuntime, block: bigint): Promise<boolean> {
  const head = await chain.publicClient.getBlockNumber({ cacheTime: 0 });
  return head - block + 1n >= BigInt(Math.max(1, chain.confirmations));
}

async function receiptOf(chain: ChainRuntime, hash: Hex): Promise<TransactionReceipt | null> {
  return chain.publicClient.getTransactionReceipt({ hash }).catch(() => null);
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

