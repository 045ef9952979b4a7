/**
 * What collecting a platform fee means: for each confirmed transaction whose fee is not collected
 * yet, MerchantAccount.collectFee(ref, amount_units) as the operator (ref = keccak256 of the
 * transaction id, src/modules/fees/ref.ts), recording fee_tx_hash, fee_collected_at and
 * fee_status. When to do it is the fee_collector role's (src/workers/fee-collector.ts).
 *
 * Never twice (the contract's AlreadyCollected is the last line, not the first):
 * - Rows are claimed in a short transaction (FOR UPDATE SKIP LOCKED) that sets fee_status =
 *   'submitted' and a lease (fee_next_attempt_at = now + leaseMs): concurrent collectors take
 *   disjoint rows, and a collector that died mid-way leaves the row to be taken again after the lease.
 * - The hash of a sent transaction is written before waiting for its receipt.
 * - A row taken again (fee_attempts > 1, or a hash is known) is first checked on-chain: the known
 *   transaction's receipt, then the contract's feeCollected(ref) view. Only if neither shows the fee
 *   is collectFee sent again.
 * - A revert with AlreadyCollected is success once feeCollected(ref) confirms it (the hash is then
 *   taken from the FeeCollected log).
 * Failures are retried with exponential backoff and jitter (fee_attempts, fee_next_attempt_at,
 * fee_last_error); after maxAttempts the row is marked failed and an alert is raised.
 *
 * A fee of 0 needs no call: such rows are marked collected with no fee_tx_hash (nothing is owed).
 *
 * Account versions (migration 0010): a v1 account is MerchantAccount.collectFee(ref, amount); a v2
 * account (MerchantAccountV2) is collectFee(token, ref, amount) with the payment's token (USDC or
 * USDT: the contract caps the fee per token by what the account received in it), and its
 * feeCollected(ref) is per account whatever the token, so the rules above are the same for both.
 */
import { getAddress, type Address, type Hex } from "viem";
import { errorText, revertName } from "../../chain/broadcast-errors.ts";
import type { AppContext } from "../../context.ts";
import { tokenAddressOn, type ChainRuntime } from "../../chain/runtime.ts";
import { merchantAccountAbi, merchantAccountV2Abi } from "../../../contracts/abis.ts";
import { pgJson, pgTs } from "../../db/pg-values.ts";
import { feeRef } from "./ref.ts";
import { metrics } from "../../metrics.ts";

/** A transaction claimed for collection (its lease is ours). */
export interface ClaimedFee {
  id: string;
  chain_id: number;
  /** The merchant account the fee is collected from (a deposit payment's: the account it was swept into). */
  payment_address: string;
  amount_units: bigint;
  fee_units: bigint;
  block_number: bigint;
  fee_attempts: number;
  fee_tx_hash: string | null;
  /** The merchant's account version (1 when absent). */
  account_version?: number;
  /** The payment's token (migration 0009; 'USDC' when absent). */
  token?: string;
}

const feeCollections = metrics.counter(
  "stablepay_fee_collections_total",
  "Fee collection attempts by outcome (collected, already_collected, retry, failed).",
  ["chain_id", "outcome"],
);

type Outcome = { kind: "collected"; hash: string | null; how: "collected" | "already_collected" } | { kind: "retry"; error: string; keepHash?: string };

export interface RetryPolicy {
  /** Attempts before giving up (fee_status failed + alert). */
  maxAttempts: number;
  /** First retry delay; doubles per attempt, capped at 1 h, +0..10% jitter. */
  retryBaseMs: number;
}

/** Fees of 0 are owed nothing: marked collected without a call. */
export async function markZeroFees(ctx: AppContext, chainId: number): Promise<void> {
  await ctx.database.sql`
    UPDATE app.transactions SET fee_status = 'collected', fee_collected_at = ${pgTs(ctx.clock.now())}::timestamptz
    WHERE chain_id = ${chainId} AND fee_units = 0 AND fee_status = 'pending' AND status IN ('confirmed', 'settled')`;
}

/**
 * Claims up to `batchSize` due fees of `chainId` for `leaseMs`. With `recover` (the first sweep after
 * a start), rows whose fee transaction is known are taken at once rather than after their lease.
 */
export async function claimDueFees(ctx: AppContext, chainId: number, o: { batchSize: number; leaseMs: number; recover: boolean }): Promise<ClaimedFee[]> {
  const now = ctx.clock.now();
  const lease = new Date(now.getTime() + o.leaseMs);
  return ctx.database.sql<ClaimedFee[]>`
    UPDATE app.transactions t
    SET fee_status = 'submitted', fee_attempts = t.fee_attempts + 1, fee_next_attempt_at = ${pgTs(lease)}::timestamptz
    FROM (
      SELECT id FROM app.transactions
      WHERE chain_id = ${chainId} AND fee_status IN ('pending', 'submitted') AND status IN ('confirmed', 'settled')
        AND fee_units > 0
        AND (fee_next_attempt_at IS NULL OR fee_next_attempt_at <= ${pgTs(now)}::timestamptz
             -- First sweep after a start: rows whose fee transaction is known are checked at once
             -- (a collector killed while waiting for receipts leaves them leased for leaseMs).
             OR (${o.recover} AND fee_status = 'submitted' AND fee_tx_hash IS NOT NULL))
      ORDER BY (fee_status = 'submitted' AND fee_tx_hash IS NOT NULL) DESC, fee_next_attempt_at NULLS FIRST, created_at
      LIMIT ${o.batchSize}
      FOR UPDATE SKIP LOCKED
    ) due
    WHERE t.id = due.id
    -- The account the fee is collected from: the payment's address, or for a payment to a deposit
    -- address (swept into it since: fee_status was awaiting_sweep until then) the account it sweeps to.
    RETURNING t.id, t.chain_id,
      COALESCE((SELECT d.owner_account FROM app.deposit_addresses d WHERE d.address = lower(t.payment_address)), t.payment_address) AS payment_address,
      t.amount_units, t.fee_units, t.block_number, t.fee_attempts, t.fee_tx_hash, t.token,
      (SELECT m.account_version::int FROM app.merchants m WHERE m.id = t.merchant_id) AS account_version`;
}

/** Collects one claimed fee and records what happened: collected, retry later, or failed for good (with an alert). */
export async function collectClaimedFee(ctx: AppContext, chain: ChainRuntime, row: ClaimedFee, policy: RetryPolicy): Promise<void> {
  const log = ctx.log.child({ role: "fee_collector" });
  let outcome: Outcome;
  try {
    outcome = await collect(ctx, chain, row);
  } catch (err) {
    outcome = { kind: "retry", error: errorText(err) };
  }
  const sql = ctx.database.sql;
  if (outcome.kind === "collected") {
    await sql`
      UPDATE app.transactions
      SET fee_status = 'collected', fee_tx_hash = COALESCE(${outcome.hash}, fee_tx_hash), fee_collected_at = ${pgTs(ctx.clock.now())}::timestamptz,
          fee_next_attempt_at = NULL, fee_last_error = NULL
      WHERE id = ${row.id} AND fee_status <> 'collected'`;
    feeCollections.inc({ chain_id: chain.chainId, outcome: outcome.how });
    log.debug("fee collected", { transactionId: row.id, hash: outcome.hash, how: outcome.how });
    return;
  }
  if (row.fee_attempts >= policy.maxAttempts) {
    await sql.begin(async (tx) => {
      await tx`
        UPDATE app.transactions SET fee_status = 'failed', fee_last_error = ${outcome.error}, fee_next_attempt_at = NULL
        WHERE id = ${row.id} AND fee_status = 'submitted'`;
      await tx`
        INSERT INTO app.chain_alerts (kind, chain_id, transaction_id, details)
        VALUES ('fee_collection_failed', ${chain.chainId}, ${row.id}, ${pgJson({ attempts: row.fee_attempts, last_error: outcome.error })}::text::jsonb)
        ON CONFLICT (kind, transaction_id) DO NOTHING`;
    });
    feeCollections.inc({ chain_id: chain.chainId, outcome: "failed" });
    log.error("ALERT: fee collection given up", { transactionId: row.id, attempts: row.fee_attempts, error: outcome.error });
    return;
  }
  const delay = Math.min(policy.retryBaseMs * 2 ** (row.fee_attempts - 1), 3_600_000);
  const next = new Date(ctx.clock.now().getTime() + delay + Math.floor(Math.random() * delay * 0.1));
  await sql`
    UPDATE app.transactions
    SET fee_status = 'pending', fee_next_attempt_at = ${pgTs(next)}::timestamptz, fee_last_error = ${outcome.error.slice(0, 2000)}
    WHERE id = ${row.id} AND fee_status = 'submitted'`;
  feeCollections.inc({ chain_id: chain.chainId, outcome: "retry" });
  log.warn("fee collection failed; will retry", { transactionId: row.id, attempt: row.fee_attempts, error: outcome.error });
}

async function collect(ctx: AppContext, chain: ChainRuntime, row: ClaimedFee): Promise<Outcome> {
  const ref = feeRef(row.id);
  const account = getAddress(row.payment_address);
  const v2 = row.account_version === 2;
  // The payment's token: v2 is charged per token (collectFee(token, ...)); a v1 account holds USDC
  // only, so a payment in another token to it (a stranger's: such intents are refused) cannot be
  // charged, and is retried until it fails for good with an alert, like any fee that cannot be collected.
  const token = row.token ?? "USDC";
  const tokenAddress = tokenAddressOn(chain, token);
  if (!v2 && token !== "USDC") return { kind: "retry", error: `a version 1 merchant account holds USDC only: a fee in ${token} cannot be collected` };
  if (!tokenAddress) return { kind: "retry", error: `no address of ${token} is configured on chain ${chain.chainId}` };
  // Taken again (crash, lease expired, earlier failure): look on-chain before sending anything.
  if (row.fee_attempts > 1 || row.fee_tx_hash) {
    if (row.fee_tx_hash) {
      const hash = row.fee_tx_hash as Hex;
      let receipt = await chain.publicClient.getTransactionReceipt({ hash }).catch(() => null);
      // Still waiting in the node, or in the operator's journal (signed, then a crash): wait for it
      // rather than send a second one.
      if (!receipt && ((await chain.publicClient.getTransaction({ hash }).catch(() => null)) || (await chain.sender.resend(hash).catch(() => false)))) {
        receipt = await chain.publicClient.waitForTransactionReceipt({ hash, timeout: 60_000 }).catch(() => null);
      }
      if (receipt?.status === "success") return { kind: "collected", hash: row.fee_tx_hash, how: "collected" };
    }
    if (await isCollected(chain, account, ref)) {
      return { kind: "collected", hash: await findCollectionHash(chain, account, ref, row.block_number, v2), how: "already_collected" };
    }
  }
  let hash: Hex;
  try {
    // The hash is on record from the moment it is signed: a crash before the broadcast is recovered
    // at the next start by the checks above (the nonce keeper sends the journal's bytes again).
    const call = v2
      ? { address: account, abi: merchantAccountV2Abi, functionName: "collectFee", args: [tokenAddress, ref, row.amount_units] }
      : { address: account, abi: merchantAccountAbi, functionName: "collectFee", args: [ref, row.amount_units] };
    hash = await chain.sender.write(call, async (tx, signed) => {
      await tx`UPDATE app.transactions SET fee_tx_hash = ${signed.hash} WHERE id = ${row.id}`;
    });
  } catch (err) {
    if (revertName(err) === "AlreadyCollected" && (await isCollected(chain, account, ref))) {
      return { kind: "collected", hash: await findCollectionHash(chain, account, ref, row.block_number, v2), how: "already_collected" };
    }
    throw err;
  }
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash, timeout: 60_000 });
  if (receipt.status === "success") return { kind: "collected", hash, how: "collected" };
  if (await isCollected(chain, account, ref)) {
    return { kind: "collected", hash: await findCollectionHash(chain, account, ref, row.block_number, v2), how: "already_collected" };
  }
  return { kind: "retry", error: `collectFee transaction ${hash} reverted` };
}

/** feeCollected(ref): the same view in v1 and v2 (v2: whatever the token). */
function isCollected(chain: ChainRuntime, account: Address, ref: Hex): Promise<boolean> {
  return chain.publicClient.readContract({ address: account, abi: merchantAccountAbi, functionName: "feeCollected", args: [ref] });
}

/** The transaction that emitted FeeCollected(ref) on this account (searched from the payment's block on). */
async function findCollectionHash(chain: ChainRuntime, account: Address, ref: Hex, fromBlock: bigint, v2: boolean): Promise<string | null> {
  // ref is the first indexed topic of both versions' FeeCollected (v2 adds the token after it).
  const logs = await (v2
    ? chain.publicClient.getContractEvents({ address: account, abi: merchantAccountV2Abi, eventName: "FeeCollected", args: { ref }, fromBlock, strict: true })
    : chain.publicClient.getContractEvents({ address: account, abi: merchantAccountAbi, eventName: "FeeCollected", args: { ref }, fromBlock, strict: true })
  ).catch(() => []);
  return logs[0]?.transactionHash ?? null;
}

