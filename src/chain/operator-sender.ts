/**
 * The one nonce authority of the operator key. Every transaction the service signs as the operator
 * (account creation at onboarding, from the service or the CLI; fee collection; settlement
 * withdrawals; sandbox minting) takes its nonce here, in whichever process it runs:
 *
 *   1. the call is prepared (gas, fees) without a nonce, so a call the chain refuses (a revert in
 *      estimation) never takes a nonce and leaves no hole;
 *   2. under the row lock of app.operator_nonces (chain, address), shared by every process, the
 *      nonce is chosen, the transaction signed and stored in the journal (app.operator_transactions;
 *      withdrawals also record it in their own table, in the same database transaction) and
 *      next_nonce moved on;
 *   3. after the commit the signed bytes are broadcast, outside the lock, so the lock is held for a
 *      few database statements and not for an RPC round trip: sends from many workers and
 *      processes overlap. "nonce too low" on broadcast means another sender used that nonce: the
 *      call is signed again with a new one.
 *
 * The nonce is max(next_nonce, the node's pending count), the node being asked at most every
 * CHECK_MS: it may know transactions we did not record (sent by hand, another tool). A nonce handed
 * out that the node lacks (a crash between signing and broadcasting, a node that restarted or
 * evicted its pool, bytes it refused) is the keeper's (nonce-keeper.ts): it broadcasts the journal's
 * bytes again or fills the nonce, for the whole hole at once.
 *
 * Within one process the allocations are serialised here first, so waiting for the row lock holds at
 * most one database connection per process and chain.
 */
import { BaseError, encodeFunctionData, getContractError, keccak256, type Abi, type Account, type Address, type Chain, type Hex, type PublicClient, type Transport, type WalletClient } from "viem";
import type { Sql, SqlOrTx, Tx } from "../db/client.ts";
import { fromPgTsOrNull, pgTs } from "../db/pg-values.ts";
import { broadcastFailure } from "./broadcast-errors.ts";

/** How often the node's pending count is read while sending (the row's next_nonce is used between reads). */
export const CHECK_MS = 1_000;

export interface ContractCall {
  address: Address;
  abi: Abi | readonly unknown[];
  functionName: string;
  args: readonly unknown[];
}

/** Limits a caller sets on one transaction (a relay paid for a stranger): its gas, and the most it bids per gas. */
export interface SendLimits {
  /** The transaction's gas limit: not estimated, so the transaction never uses more. */
  gas?: bigint;
  /** The most it pays per gas: a node's fee suggestion above it is lowered to it. */
  maxFeePerGas?: bigint;
}

export interface SignedTransaction {
  hash: Hex;
  nonce: number;
  raw: Hex;
  sender: Address;
}

export class OperatorSender {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    readonly sql: Sql,
    readonly chainId: number,
    readonly publicClient: PublicClient,
    readonly wallet: WalletClient<Transport, Chain, Account>,
    /** afterSign: called once a transaction is signed and journaled, before it is broadcast (the crash tests' failpoint). */
    private readonly opts: { afterSign?: (signed: SignedTransaction) => void | Promise<void> } = {},
  ) {}

  get address(): Address {
    return this.wallet.account.address;
  }

  /**
   * Sends a contract call as the operator; returns its hash once the node has it. Reverts surface as
   * viem contract errors. `record` stores the hash with the caller's own row in the database
   * transaction that hands out the nonce (called again if the call is signed again), so that after a
   * crash the caller knows the transaction the chain may have.
   */
  async write(call: ContractCall, record?: (tx: Tx, signed: SignedTransaction) => Promise<void>, limits: SendLimits = {}): Promise<Hex> {
    const request = await this.prepare(call, limits);
    for (let attempt = 1; ; attempt++) {
      const signed = await this.serial(() => this.allocate(request, record));
      await this.opts.afterSign?.(signed);
      try {
        await this.publicClient.sendRawTransaction({ serializedTransaction: signed.raw });
        return signed.hash;
      } catch (err) {
        const failure = broadcastFailure(err);
        if (failure === "known") return signed.hash; // these very bytes reached the node already
        if (failure === "nonce_taken" && attempt < 5) continue; // someone else's transaction has that nonce: sign again
        // Unreachable: the journal keeps the bytes and the keeper sends them once the node answers.
        // Refused: they never will be, so the keeper fills their nonce at once.
        if (failure === "refused") await this.markRefused(signed.nonce);
        throw err;
      }
    }
  }

  /**
   * Broadcasts the journal's bytes of `hash` again (a caller that finds its transaction unknown to the
   * node after a crash). True when the node has them now; false when they are not in the journal
   * (long confirmed, or signed over) or the node refuses them (their nonce went to another transaction).
   * Throws when the node does not answer: that says nothing about the transaction.
   */
  async resend(hash: Hex): Promise<boolean> {
    const [row] = await this.sql<{ raw_tx: Hex }[]>`
      SELECT raw_tx FROM app.operator_transactions WHERE chain_id = ${this.chainId} AND address = ${this.address} AND tx_hash = ${hash}`;
    if (!row) return false;
    try {
      await this.publicClient.sendRawTransaction({ serializedTransaction: row.raw_tx });
      return true;
    } catch (err) {
      const failure = broadcastFailure(err);
      if (failure === "unreachable") throw err;
      return failure === "known";
    }
  }

  /** The node's transaction counts of this key: with its pool (`pending`) and confirmed (`latest`). */
  async nodeCounts(): Promise<{ pending: number; latest: number }> {
    const address = this.address;
    const [pending, latest] = await Promise.all([
      this.publicClient.getTransactionCount({ address, blockTag: "pending" }),
      this.publicClient.getTransactionCount({ address, blockTag: "latest" }),
    ]);
    return { pending, latest };
  }

  /**
   * How many transactions of this key the node holds unmined that the journal does not know: nonces
   * from the node's confirmed count up to its pending count with no journal row. Every transaction
   * the service signs is journaled before it is broadcast, so these were signed outside this
   * database's record: by it before the point a restore went back to, or with the key elsewhere.
   * What they do is unknown until they are mined.
   */
  async unknownInFlight(): Promise<number> {
    const address = this.address;
    const { pending, latest } = await this.nodeCounts();
    if (pending <= latest) return 0;
    const [row] = await this.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM app.operator_transactions
      WHERE chain_id = ${this.chainId} AND address = ${address} AND nonce >= ${latest} AND nonce < ${pending}`;
    return pending - latest - (row?.n ?? 0);
  }

  /** The nonce of `hash` in the journal; undefined when the journal no longer holds it (pruned, or signed over). */
  async journaledNonce(hash: Hex): Promise<number | undefined> {
    const [row] = await this.sql<{ nonce: bigint }[]>`
      SELECT nonce FROM app.operator_transactions WHERE chain_id = ${this.chainId} AND address = ${this.address} AND tx_hash = ${hash}`;
    return row ? Number(row.nonce) : undefined;
  }

  private async markRefused(nonce: number): Promise<void> {
    await this.sql`
      UPDATE app.operator_transactions SET refused_at = now()
      WHERE chain_id = ${this.chainId} AND address = ${this.address} AND nonce = ${nonce}`.catch(() => undefined);
  }

  /**
   * Signs a contract call with a nonce from the authority and lets the caller record it in the same
   * database transaction, WITHOUT broadcasting: for callers that must have a transaction on record
   * before the chain can know it (settlement withdrawals). The caller broadcasts the raw bytes after.
   */
  async signRecorded(call: ContractCall, record: (tx: Tx, signed: SignedTransaction) => Promise<void>): Promise<SignedTransaction> {
    const request = await this.prepare(call);
    const signed = await this.serial(() => this.allocate(request, record));
    await this.opts.afterSign?.(signed);
    return signed;
  }

  private async prepare(call: ContractCall, limits: SendLimits = {}) {
    const data = encodeFunctionData({ abi: call.abi as Abi, functionName: call.functionName, args: call.args } as never);
    let request: Record<string, unknown>;
    try {
      request = (await this.wallet.prepareTransactionRequest({
        account: this.wallet.account,
        chain: this.wallet.chain,
        to: call.address,
        data,
        ...(limits.gas !== undefined ? { gas: limits.gas } : {}),
        // Everything but the nonce: a refused call must not take one. A given gas limit is not estimated.
        parameters: limits.gas !== undefined ? ["chainId", "fees", "type"] : ["chainId", "fees", "gas", "type"],
      } as never)) as Record<string, unknown>;
    } catch (err) {
      throw getContractError(err as BaseError, { abi: call.abi as Abi, address: call.address, args: call.args, functionName: call.functionName, sender: this.address });
    }
    const cap = limits.maxFeePerGas;
    if (cap !== undefined) {
      if (typeof request.maxFeePerGas === "bigint" && request.maxFeePerGas > cap) {
        request.maxFeePerGas = cap;
        if (typeof request.maxPriorityFeePerGas === "bigint" && request.maxPriorityFeePerGas > cap) request.maxPriorityFeePerGas = cap;
      }
      if (typeof request.gasPrice === "bigint" && request.gasPrice > cap) request.gasPrice = cap;
    }
    return request;
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn, fn);
    this.tail = run.catch(() => undefined);
    return run;
  }

  private async allocate(request: object, record?: (tx: Tx, signed: SignedTransaction) => Promise<void>): Promise<SignedTransaction> {
    const address = this.address;
    return this.sql.begin(async (tx) => {
      await tx`INSERT INTO app.operator_nonces (chain_id, address) VALUES (${this.chainId}, ${address}) ON CONFLICT DO NOTHING`;
      const [row] = await tx<{ next_nonce: bigint; checked_at: unknown }[]>`
        SELECT next_nonce, checked_at FROM app.operator_nonces
        WHERE chain_id = ${this.chainId} AND address = ${address} FOR UPDATE`;
      const now = new Date();
      const next = Number(row!.next_nonce);
      const checkedAt = fromPgTsOrNull(row!.checked_at);
      const ask = !checkedAt || now.getTime() - checkedAt.getTime() >= CHECK_MS;
      // Between reads of the node, next_nonce is the truth (every sender goes through this row). A
      // node behind next_nonce lacks what we handed out: the keeper's to heal, never reused here.
      const nonce = ask ? Math.max(next, await this.publicClient.getTransactionCount({ address, blockTag: "pending" })) : next;
      const raw = (await this.wallet.account.signTransaction!({ ...(request as object), nonce } as never)) as Hex;
      const signed: SignedTransaction = { hash: keccak256(raw), nonce, raw, sender: address };
      await record?.(tx, signed);
      await journal(tx, this.chainId, signed, "call");
      await tx`
        UPDATE app.operator_nonces
        SET next_nonce = GREATEST(next_nonce, ${nonce + 1}),
            checked_at = CASE WHEN ${ask} THEN ${pgTs(now)}::timestamptz ELSE checked_at END, updated_at = now()
        WHERE chain_id = ${this.chainId} AND address = ${address}`;
      return signed;
    });
  }
}

/** Stores signed bytes under their nonce (the latest signed for a nonce wins: it is the one the node may hold). */
export async function journal(sql: SqlOrTx, chainId: number, signed: SignedTransaction, kind: "call" | "filler"): Promise<void> {
  await sql`
    INSERT INTO app.operator_transactions (chain_id, address, nonce, tx_hash, raw_tx, kind)
    VALUES (${chainId}, ${signed.sender}, ${signed.nonce}, ${signed.hash}, ${signed.raw}, ${kind})
    ON CONFLICT (chain_id, address, nonce) DO UPDATE
    SET tx_hash = EXCLUDED.tx_hash, raw_tx = EXCLUDED.raw_tx, kind = EXCLUDED.kind, refused_at = NULL, created_at = now()`;
}
