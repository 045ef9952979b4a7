/**
 * The one nonce authority of the operator key. Every transaction the service signs as the operator
 * (account creation at onboarding, from the service or the CLI; fee collection; settlement
 * withdrawals; sandbox minting) takes its nonce here, in whichever process it runs:
 *
 *   1. the call is prepared (gas, fees) without a nonce, so a call the chain refuses (a revert in
 *      estimation) never takes a nonce and leaves no hole;
 *   2. under the row lock of app.operator_nonces (chain, address), shared by every process, the
 *      nonce is chosen, the transaction signed (and, for withdrawals, recorded by the caller in the
 *      same database transaction) and next_nonce moved on;
 *   3. after the commit the signed bytes are broadcast, outside the lock, so the lock is held for a
 *      few database statements and not for an RPC round trip: sends from many workers and
 *      processes overlap. "nonce too low" on broadcast means another sender used that nonce: the
 *      call is signed again with a new one. Any other refusal leaves a hole at that nonce, marked
 *      so that the next transaction fills it.
 *
 * The nonce is max(next_nonce, the node's pending count), the node being asked at most every
 * CHECK_MS: it may know transactions we did not record (sent by hand, another tool). When the node's
 * pending count stays below next_nonce for GAP_MS, a nonce we handed out never reached it (a crash
 * between signing and broadcasting, a transaction dropped from the mempool): the next transaction
 * takes that nonce, filling the hole instead of leaving every later transaction queued behind it.
 *
 * Within one process the allocations are serialised here first, so waiting for the row lock holds at
 * most one database connection per process and chain.
 */
import { BaseError, encodeFunctionData, getContractError, keccak256, type Abi, type Account, type Address, type Chain, type Hex, type PublicClient, type Transport, type WalletClient } from "viem";
import type { Sql, Tx } from "../db/client.ts";
import { fromPgTsOrNull, pgTs } from "../db/pg-values.ts";

/** How long the node may lack a nonce we handed out before the next transaction takes it again. */
export const GAP_MS = 15_000;
/** How often the node's pending count is read while sending (the row's next_nonce is used between reads). */
export const CHECK_MS = 1_000;

export interface ContractCall {
  address: Address;
  abi: Abi | readonly unknown[];
  functionName: string;
  args: readonly unknown[];
}

export interface SignedTransaction {
  hash: Hex;
  nonce: number;
  raw: Hex;
  sender: Address;
}

interface NonceRow {
  next_nonce: bigint;
  gap_nonce: bigint | null;
  gap_seen_at: Date | null;
}

/** The nonce to use, and the gap bookkeeping to store with it (pure, table-tested). */
export function chooseNonce(row: NonceRow, pending: number, now: Date, gapMs = GAP_MS): { nonce: number; gapNonce: number | null; gapSeenAt: Date | null } {
  const next = Number(row.next_nonce);
  if (pending >= next) return { nonce: pending, gapNonce: null, gapSeenAt: null };
  // The node lacks [pending, next). Fill the hole once it has stayed open long enough.
  if (row.gap_nonce !== null && Number(row.gap_nonce) === pending && row.gap_seen_at && now.getTime() - row.gap_seen_at.getTime() >= gapMs) {
    return { nonce: pending, gapNonce: null, gapSeenAt: null };
  }
  const sameGap = row.gap_nonce !== null && Number(row.gap_nonce) === pending;
  return { nonce: next, gapNonce: pending, gapSeenAt: sameGap ? row.gap_seen_at : now };
}

function nonceTaken(err: unknown): boolean {
  const text = err instanceof BaseError ? `${err.shortMessage} ${err.details ?? ""}` : String((err as Error)?.message ?? err);
  return /nonce too low|nonce.*already|replacement transaction underpriced|NonceTooLow/i.test(text);
}

function alreadyKnown(err: unknown): boolean {
  const text = err instanceof BaseError ? `${err.shortMessage} ${err.details ?? ""}` : String((err as Error)?.message ?? err);
  return /already known|known transaction/i.test(text);
}

export class OperatorSender {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly sql: Sql,
    private readonly chainId: number,
    private readonly publicClient: PublicClient,
    private readonly wallet: WalletClient<Transport, Chain, Account>,
    private readonly opts: { gapMs?: number } = {},
  ) {}

  get address(): Address {
    return this.wallet.account.address;
  }

  /** Sends a contract call as the operator; returns its hash once the node has it. Reverts surface as viem contract errors. */
  async write(call: ContractCall): Promise<Hex> {
    const request = await this.prepare(call);
    for (let attempt = 1; ; attempt++) {
      const signed = await this.serial(() => this.allocate(request));
      try {
        await this.publicClient.sendRawTransaction({ serializedTransaction: signed.raw });
        return signed.hash;
      } catch (err) {
        if (alreadyKnown(err)) return signed.hash; // these very bytes reached the node already
        if (nonceTaken(err) && attempt < 5) continue; // someone else's transaction has that nonce: sign again
        await this.markHole(signed.nonce);
        throw err;
      }
    }
  }

  /** A nonce handed out that the node refused: the next allocation that sees the node stop there takes it at once. */
  private async markHole(nonce: number): Promise<void> {
    await this.sql`
      UPDATE app.operator_nonces SET gap_nonce = ${nonce}, gap_seen_at = 'epoch', checked_at = 'epoch'
      WHERE chain_id = ${this.chainId} AND address = ${this.address} AND (gap_nonce IS NULL OR gap_nonce >= ${nonce})`.catch(() => undefined);
  }

  /**
   * Signs a contract call with a nonce from the authority and lets the caller record it in the same
   * database transaction, WITHOUT broadcasting: for callers that must have a transaction on record
   * before the chain can know it (settlement withdrawals). The caller broadcasts the raw bytes after.
   */
  async signRecorded(call: ContractCall, record: (tx: Tx, signed: SignedTransaction) => Promise<void>): Promise<SignedTransaction> {
    const request = await this.prepare(call);
    return this.serial(() => this.allocate(request, record));
  }

  private async prepare(call: ContractCall) {
    const data = encodeFunctionData({ abi: call.abi as Abi, functionName: call.functionName, args: call.args } as never);
    try {
      return await this.wallet.prepareTransactionRequest({
        account: this.wallet.account,
        chain: this.wallet.chain,
        to: call.address,
        data,
        // Everything but the nonce: a refused call must not take one.
        parameters: ["chainId", "fees", "gas", "type"],
      } as never);
    } catch (err) {
      throw getContractError(err as BaseError, { abi: call.abi as Abi, address: call.address, args: call.args, functionName: call.functionName, sender: this.address });
    }
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
      const [row] = await tx<{ next_nonce: bigint; gap_nonce: bigint | null; gap_seen_at: unknown; checked_at: unknown }[]>`
        SELECT next_nonce, gap_nonce, gap_seen_at, checked_at FROM app.operator_nonces
        WHERE chain_id = ${this.chainId} AND address = ${address} FOR UPDATE`;
      const now = new Date();
      const state: NonceRow = { next_nonce: BigInt(row!.next_nonce), gap_nonce: row!.gap_nonce === null ? null : BigInt(row!.gap_nonce), gap_seen_at: fromPgTsOrNull(row!.gap_seen_at) };
      const checkedAt = fromPgTsOrNull(row!.checked_at);
      const ask = !checkedAt || now.getTime() - checkedAt.getTime() >= CHECK_MS;
      // Between reads of the node, next_nonce is the truth (every sender goes through this row).
      const pending = ask ? await this.publicClient.getTransactionCount({ address, blockTag: "pending" }) : Number(state.next_nonce);
      const choice = ask ? chooseNonce(state, pending, now, this.opts.gapMs) : { nonce: pending, gapNonce: state.gap_nonce === null ? null : Number(state.gap_nonce), gapSeenAt: state.gap_seen_at };
      const raw = (await this.wallet.account.signTransaction!({ ...(request as object), nonce: choice.nonce } as never)) as Hex;
      const signed: SignedTransaction = { hash: keccak256(raw), nonce: choice.nonce, raw, sender: address };
      await record?.(tx, signed);
      await tx`
        UPDATE app.operator_nonces
        SET next_nonce = GREATEST(next_nonce, ${choice.nonce + 1}), gap_nonce = ${choice.gapNonce},
            gap_seen_at = ${choice.gapSeenAt ? pgTs(choice.gapSeenAt) : null}::timestamptz,
            checked_at = CASE WHEN ${ask} THEN ${pgTs(now)}::timestamptz ELSE checked_at END, updated_at = now()
        WHERE chain_id = ${this.chainId} AND address = ${address}`;
      return signed;
    });
  }
}
