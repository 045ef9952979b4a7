/**
 * The on-chain leg of a settlement: MerchantAccount.withdraw(ref, amount) by the operator, which pays
 * the merchant's payout address. The contract does not deduplicate refs, so exactly-once is ours:
 *
 * 1. Every withdrawal transaction is signed locally and stored (hash, nonce, raw bytes) in
 *    app.settlement_withdrawal_attempts BEFORE it is broadcast. A transaction the chain may know
 *    is therefore always on record.
 * 2. On resume, the recorded attempts are reconciled: a receipt means mined (success: withdrawn;
 *    reverted: nothing moved). Without a receipt, if the operator's confirmed nonce has moved past
 *    the attempt's nonce, that nonce went to another transaction and the attempt can never be
 *    mined ("dropped"); otherwise the same signed bytes are broadcast again (a no-op if the node
 *    has them) and we wait.
 * 3. Only when every attempt is dropped, and no Withdrawn log with this settlement's ref exists on
 *    the account since the first attempt, is a new transaction signed.
 * 4. A leg with no attempt on record is looked for on the chain too (its ref's Withdrawn logs since
 *    its newest payment) before its first transaction is signed: a database restored to an earlier
 *    point has lost the attempts made after it, not their withdrawals. Found: recorded as withdrawn.
 * 5. Nothing new is signed while the node holds operator transactions the journal does not know
 *    (operator-sender.ts unknownInFlight): after a restore, this leg's withdrawal may be one of them,
 *    still in the pool, where no log shows it. The leg waits until they are mined and searched.
 * A search of the chain that fails sends nothing: the leg waits for the next round.
 *
 * One leg per (chain, token) pair of the settlement (migration 0012, app.settlement_withdrawals): its
 * own ref, its own attempts, so each pair is withdrawn at most once whatever happens to the others.
 * The ref of the USDC pair is keccak256 of the settlement id's UTF-8 bytes (like fee refs,
 * fees/ref.ts; as before pairs existed); another token's is keccak256("<settlement id>:<token>").
 * Account versions (migration 0010): a v1 account is withdraw(ref, amount) (USDC only); a v2 account
 * (MerchantAccountV2) is withdraw(token, ref, amount) with the pair's token, and its Withdrawn log
 * carries the token (another event signature: both are looked up with the account's own ABI).
 * Not done: fee bumping of a stuck transaction (a replacement with the same nonce would be one more
 * recorded attempt; every check above already handles several attempts).
 */
import { BaseError, ContractFunctionRevertedError, getAddress, keccak256, parseEventLogs, stringToHex, type Address, type Hex, type TransactionReceipt } from "viem";
import type { AppContext } from "../../context.ts";
import type { ChainRuntime } from "../../chain/runtime.ts";
import { merchantAccountAbi, merchantAccountV2Abi } from "../../../contracts/abis.ts";
import type { SettlementRow, SettlementWithdrawalRow } from "../../db/schema/settlement.ts";
import { tokenAddressOn } from "../../chain/runtime.ts";
import type { Hooks } from "./hooks.ts";

export function withdrawalRef(settlementId: string): Hex {
  return keccak256(stringToHex(settlementId));
}

/** The ref of one pair's withdrawal: the settlement's own for USDC, keccak256("<id>:<token>") for another token. */
export function pairWithdrawalRef(settlementId: string, token: string): Hex {
  return token === "USDC" ? withdrawalRef(settlementId) : keccak256(stringToHex(`${settlementId}:${token}`));
}

export type WithdrawalOutcome =
  | { kind: "withdrawn"; txHash: Hex; blockNumber: bigint; to: Address; amount: bigint }
  /** Mined and reverted, or refused by simulation before sending: nothing left the account. */
  | { kind: "reverted"; reason: string }
  /** Sent (or about to be resent), not confirmed yet: try again later. */
  | { kind: "pending" };

interface Attempt {
  tx_hash: Hex;
  nonce: number;
  sender: Address;
  raw_tx: Hex;
  from_block: bigint;
  outcome: "unknown" | "mined" | "reverted" | "dropped";
}

type Reconciled = WithdrawalOutcome | { kind: "dropped" } | { kind: "unconfirmed"; attempt: Attempt };

export interface WithdrawalOptions {
  hooks?: Hooks;
  /** How long to wait for a receipt after a broadcast before leaving it to the next pass. Default 60 s. */
  receiptTimeoutMs?: number;
  pollMs?: number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/** Blocks per eth_getLogs when a leg's ref is looked for on the chain (10,000: within common providers' caps). */
const SEARCH_WINDOW = 10_000n;
/** Blocks before a leg's newest payment where the search starts: deeper than any reorg the service confirms through. */
const SEARCH_MARGIN = 64n;

export class WithdrawalLeg {
  private readonly account: Address;
  private readonly ref: Hex;

  constructor(
    private readonly ctx: AppContext,
    private readonly chain: ChainRuntime,
    private readonly s: SettlementRow,
    /** The pair this leg withdraws. */
    private readonly w: SettlementWithdrawalRow,
    private readonly opts: WithdrawalOptions = {},
  ) {
    this.account = getAddress(s.merchantAccount);
    this.ref = w.ref as Hex;
  }

  private versionRead: Promise<number> | undefined;

  /** The merchant's account version (app.merchants.account_version). */
  private version(): Promise<number> {
    return (this.versionRead ??= this.ctx.database.sql<{ v: number }[]>`
      SELECT account_version::int AS v FROM app.merchants WHERE id = ${this.s.merchantId}`.then((rows) => rows[0]?.v ?? 1));
  }

  /** The Withdrawn logs of this account with this settlement's ref, in a receipt. */
  private async withdrawnIn(logs: TransactionReceipt["logs"]) {
    const parsed =
      (await this.version()) === 2
        ? parseEventLogs({ abi: merchantAccountV2Abi, eventName: "Withdrawn", logs })
        : parseEventLogs({ abi: merchantAccountAbi, eventName: "Withdrawn", logs });
    return parsed.filter((l) => getAddress(l.address) === this.account && l.args.ref === this.ref && this.ofToken(l.args as { token?: Address }));
  }

  /** v2 Withdrawn logs carry the token: only this pair's count (v1: USDC, the only token). */
  private ofToken(args: { token?: Address }): boolean {
    const token = tokenAddressOn(this.chain, this.w.token);
    return args.token === undefined || (token !== undefined && getAddress(args.token) === token);
  }

  /** The account's Withdrawn logs with this settlement's ref on the chain, in the blocks `fromBlock`..`toBlock`. */
  private async withdrawnOnChain(fromBlock: bigint, toBlock: bigint) {
    const q = { address: this.account, eventName: "Withdrawn", args: { ref: this.ref }, fromBlock, toBlock } as const;
    if ((await this.version()) === 2) {
      const logs = await this.chain.publicClient.getContractEvents({ ...q, abi: merchantAccountV2Abi });
      return logs.filter((l) => this.ofToken(l.args));
    }
    return this.chain.publicClient.getContractEvents({ ...q, abi: merchantAccountAbi });
  }

  private get log() {
    return this.ctx.log.child({ settlement: this.s.id, chainId: this.w.chainId, token: this.w.token });
  }

  /**
   * Moves the withdrawal as far as it can go now. The caller holds the settlement's lock and has
   * the settlement in state `created` or `withdrawal_submitted`.
   */
  async advance(): Promise<WithdrawalOutcome> {
    const attempts = await this.attempts();
    if (attempts.length > 0) {
      const r = await this.reconcile(attempts);
      if (r.kind === "withdrawn" || r.kind === "reverted" || r.kind === "pending") return r;
      if (r.kind === "unconfirmed") {
        await this.broadcast(r.attempt.raw_tx);
        return this.settle(await this.awaitReceipt(r.attempt.tx_hash));
      }
      // every attempt dropped: a new one below
    } else {
      // No attempt on record: normally nothing was ever sent. But a database restored to an earlier
      // point has lost the attempts made after it while the chain kept their withdrawals, and the
      // contract does not refuse a second withdrawal with the same ref: look for one first.
      const earlier = await this.withdrawnWithoutAttempt();
      if (earlier) return earlier;
    }
    return this.submitNew();
  }

  /**
   * A Withdrawn log with this leg's ref, mined since the leg could first have been sent: from the
   * block of its newest payment (the settlement was created after that payment was recorded, and
   * any withdrawal of it after that), less SEARCH_MARGIN for a reorg; the chain's deployment block
   * for a leg without payments on record. Searched in windows of SEARCH_WINDOW blocks: providers cap
   * the range of one eth_getLogs. A search that fails throws: nothing is sent until the chain could
   * be searched (the caller records the error and tries again).
   *
   * A withdrawal still waiting in a node's pool (broadcast, not mined) has no log yet: submitNew
   * holds the leg while the node has operator transactions the journal does not know.
   */
  private async withdrawnWithoutAttempt(): Promise<WithdrawalOutcome | undefined> {
    const [row] = await this.ctx.database.sql<{ newest: bigint | null; deployed: bigint | null }[]>`
      SELECT (SELECT max(block_number) FROM app.transactions WHERE settlement_id = ${this.s.id} AND chain_id = ${this.w.chainId} AND token = ${this.w.token}) AS newest,
             (SELECT deployed_block FROM app.chain_deployments WHERE chain_id = ${this.w.chainId}) AS deployed`;
    const since = BigInt(row?.newest ?? row?.deployed ?? 0n);
    const txHash = await this.firstWithdrawnSince(since > SEARCH_MARGIN ? since - SEARCH_MARGIN : 0n);
    if (!txHash) return undefined;
    this.log.error("withdrawal found on-chain by its ref with no attempt on record (a database restored to an earlier point?): recorded as withdrawn, not sent again", { txHash });
    return this.outcomeOfFound(txHash);
  }

  /**
   * The transaction of the first Withdrawn log with this leg's ref from block `from` to the head,
   * searched in windows of SEARCH_WINDOW blocks (providers cap the range of one eth_getLogs). Throws
   * when the chain cannot be searched.
   */
  private async firstWithdrawnSince(from: bigint): Promise<Hex | undefined> {
    const head = await this.chain.publicClient.getBlockNumber({ cacheTime: 0 });
    return firstInWindows(from, head, SEARCH_WINDOW, async (start, end) => {
      const found = (await this.withdrawnOnChain(start, end)).find((l) => l.transactionHash !== null);
      return found?.transactionHash ?? undefined;
    });
  }

  /** A withdrawal of this ref found on chain: its outcome; pending while this node does not give its receipt yet (behind the one that answered the log). */
  private async outcomeOfFound(txHash: Hex): Promise<WithdrawalOutcome> {
    const receipt = await this.receipt(txHash);
    return receipt ? this.fromReceipt(receipt) : { kind: "pending" };
  }

  private async settle(receipt: TransactionReceipt | null): Promise<WithdrawalOutcome> {
    if (!receipt) return { kind: "pending" };
    const r = await this.reconcile(await this.attempts());
    return r.kind === "dropped" || r.kind === "unconfirmed" ? { kind: "pending" } : r;
  }

  private async attempts(): Promise<Attempt[]> {
    return this.ctx.database.sql<Attempt[]>`
      SELECT tx_hash, nonce, sender, raw_tx, from_block, outcome FROM app.settlement_withdrawal_attempts
      WHERE settlement_id = ${this.s.id} AND token = ${this.w.token} AND coalesce(chain_id, ${this.s.chainId}) = ${this.w.chainId}
      ORDER BY created_at, tx_hash`;
  }

  private async markAttempt(hash: Hex, outcome: Attempt["outcome"]) {
    await this.ctx.database.sql`
      UPDATE app.settlement_withdrawal_attempts SET outcome = ${outcome} WHERE settlement_id = ${this.s.id} AND tx_hash = ${hash}`;
  }

  private async receipt(hash: Hex): Promise<TransactionReceipt | null> {
    try {
      return await this.chain.publicClient.getTransactionReceipt({ hash });
    } catch (err) {
      if (err instanceof BaseError && err.walk((e) => (e as { name?: string }).name === "TransactionReceiptNotFoundError")) return null;
      throw err;
    }
  }

  /** A mined receipt of one of our attempts -> the outcome (waiting for the confirmation depth). */
  private async fromReceipt(receipt: TransactionReceipt): Promise<WithdrawalOutcome> {
    if (receipt.status !== "success") {
      await this.markAttempt(receipt.transactionHash, "reverted");
      return { kind: "reverted", reason: `withdrawal transaction ${receipt.transactionHash} reverted` };
    }
    const depth = BigInt(Math.max(1, this.chain.confirmations));
    const head = await this.chain.publicClient.getBlockNumber({ cacheTime: 0 });
    if (head - receipt.blockNumber + 1n < depth) return { kind: "pending" };
    const [log] = await this.withdrawnIn(receipt.logs);
    if (!log) throw new Error(`withdrawal ${receipt.transactionHash} succeeded without a Withdrawn log for ref ${this.ref}`);
    if (log.args.amount !== this.w.withdrawalUnits)
      throw new Error(`withdrawal ${receipt.transactionHash} moved ${log.args.amount}, expected ${this.w.withdrawalUnits}`);
    await this.markAttempt(receipt.transactionHash, "mined");
    return { kind: "withdrawn", txHash: receipt.transactionHash, blockNumber: receipt.blockNumber, to: getAddress(log.args.to), amount: log.args.amount };
  }

  private async reconcile(attempts: Attempt[]): Promise<Reconciled> {
    for (const a of attempts) {
      if (a.outcome === "dropped") continue;
      const receipt = await this.receipt(a.tx_hash);
      if (receipt) return this.fromReceipt(receipt);
    }
    // Belt and braces: a Withdrawn log with our ref that is not one of our attempts' would mean a
    // transaction we did not record; never withdraw a second time if one exists.
    const fromBlock = attempts.reduce<bigint | undefined>((min, a) => (min === undefined || BigInt(a.from_block) < min ? BigInt(a.from_block) : min), undefined) ?? 0n;
    let found: Hex | undefined;
    try {
      found = await this.firstWithdrawnSince(fromBlock);
    } catch (err) {
      // Not sending blind: a withdrawal this search would have found is paid twice if sent again.
      throw new Error(`could not search the chain for Withdrawn logs with ref ${this.ref}; nothing is sent until it can: ${(err as Error).message?.split("\n")[0]}`);
    }
    if (found) {
      this.log.error("withdrawal found on-chain by its ref but not among the recorded attempts", { txHash: found });
      return this.outcomeOfFound(found);
    }
    const open = attempts.filter((a) => a.outcome === "unknown" || a.outcome === "mined");
    const latest = open.at(-1);
    if (!latest) return { kind: "dropped" };
    const confirmedNonce = await this.chain.publicClient.getTransactionCount({ address: latest.sender, blockTag: "latest" });
    if (confirmedNonce > latest.nonce) {
      // The nonce is used. Ours unless the receipt says otherwise: look once more (it may just have been mined).
      const receipt = await this.receipt(latest.tx_hash);
      if (receipt) return this.fromReceipt(receipt);
      for (const a of open) if (a.nonce <= latest.nonce) await this.markAttempt(a.tx_hash, "dropped");
      this.log.warn("withdrawal transaction dropped: its nonce went to another transaction", { txHash: latest.tx_hash, nonce: latest.nonce });
      return { kind: "dropped" };
    }
    return { kind: "unconfirmed", attempt: latest };
  }

  private async submitNew(): Promise<WithdrawalOutcome> {
    // The chain shows a withdrawal once it is mined. One still in a node's pool shows only as a
    // transaction of the operator's that the journal does not know (a database restored to an earlier
    // point lost its record, and this leg's attempt with it): it may be this leg's withdrawal, which
    // the contract would pay again. Nothing is signed until the node holds none; the next round then
    // searches the chain for this ref again.
    const unknown = await this.chain.sender.unknownInFlight();
    if (unknown > 0) {
      this.log.warn("withdrawal held: the node holds transactions of the operator that the database has no record of (a restore to an earlier point?); waiting for them to be mined before signing, so that a withdrawal among them is found and not paid twice", { unknown, operator: this.chain.sender.address });
      return { kind: "pending" };
    }
    const { operator, publicClient } = this.chain;
    const v2 = (await this.version()) === 2;
    const token = tokenAddressOn(this.chain, this.w.token);
    // A v1 account holds USDC only (settlement runs do not take another token of a v1 merchant).
    if (!token || (!v2 && this.w.token !== "USDC"))
      return { kind: "reverted", reason: `${this.w.token} cannot be withdrawn from this merchant account on chain ${this.w.chainId}` };
    const call = v2
      ? ({ address: this.account, abi: merchantAccountV2Abi, functionName: "withdraw", args: [token, this.ref, this.w.withdrawalUnits] } as const)
      : ({ address: this.account, abi: merchantAccountAbi, functionName: "withdraw", args: [this.ref, this.w.withdrawalUnits] } as const);
    // Refused by the contract now (balance short, operator revoked): nothing is sent, nothing moves.
    try {
      await publicClient.simulateContract({ account: operator.account, ...call } as never);
    } catch (err) {
      const revert = err instanceof BaseError ? err.walk((e) => e instanceof ContractFunctionRevertedError) : null;
      if (revert instanceof ContractFunctionRevertedError) {
        return { kind: "reverted", reason: `withdraw refused by the merchant account: ${revert.data?.errorName ?? revert.reason ?? revert.shortMessage}` };
      }
      throw err;
    }
    const fromBlock = await publicClient.getBlockNumber({ cacheTime: 0 });
    // The nonce comes from the operator's nonce authority; the attempt is recorded in the same
    // database transaction, before the chain can know it.
    const { hash, raw } = await this.chain.sender.signRecorded(
      call,
      async (tx, signed) => {
        await tx`
          INSERT INTO app.settlement_withdrawal_attempts (settlement_id, chain_id, token, tx_hash, nonce, sender, raw_tx, from_block)
          VALUES (${this.s.id}, ${this.w.chainId}, ${this.w.token}, ${signed.hash}, ${signed.nonce}, ${signed.sender}, ${signed.raw}, ${fromBlock})`;
        await tx`
          UPDATE app.settlements SET state = 'withdrawal_submitted', updated_at = now()
          WHERE id = ${this.s.id} AND state IN ('created', 'withdrawal_submitted')`;
      },
    );
    await this.opts.hooks?.at?.("after_withdrawal_signed", this.s.id);
    await this.broadcast(raw);
    await this.opts.hooks?.at?.("after_withdrawal_broadcast", this.s.id);
    return this.settle(await this.awaitReceipt(hash));
  }

  /** Sends signed bytes; "already known" and nonce errors are fine: reconciliation decides. */
  private async broadcast(raw: Hex): Promise<void> {
    try {
      await this.chain.publicClient.sendRawTransaction({ serializedTransaction: raw });
    } catch (err) {
      this.log.warn("withdrawal broadcast refused (reconciliation decides what happened)", { err: (err as Error).message?.split("\n")[0] });
    }
  }

  /** Polls for the receipt of exactly this hash (not viem's waitForTransactionReceipt, which follows replacements). */
  private async awaitReceipt(hash: Hex): Promise<TransactionReceipt | null> {
    const deadline = Date.now() + (this.opts.receiptTimeoutMs ?? 60_000);
    const pollMs = this.opts.pollMs ?? 200;
    for (;;) {
      const receipt = await this.receipt(hash);
      if (receipt) {
        const depth = BigInt(Math.max(1, this.chain.confirmations));
        const head = await this.chain.publicClient.getBlockNumber({ cacheTime: 0 });
        if (head - receipt.blockNumber + 1n >= depth) return receipt;
      }
      if (Date.now() > deadline) return null;
      await sleep(pollMs);
    }
  }
}

/**
 * The first result of `search` over the blocks `from`..`head` (both included), asked window by window
 * of `window` blocks in order: [from, from + window - 1], … up to a last window ending at `head`.
 */
export async function firstInWindows<T>(from: bigint, head: bigint, window: bigint, search: (start: bigint, end: bigint) => Promise<T | undefined>): Promise<T | undefined> {
  if (window < 1n) throw new Error(`a search window of ${window} blocks`);
  for (let start = from; start <= head; start += window) {
    const end = start + window - 1n < head ? start + window - 1n : head;
    const found = await search(start, end);
    if (found !== undefined) return found;
  }
  return undefined;
}
