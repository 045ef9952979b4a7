/**
 * The one nonce authority of the operator key. Every transaction the service signs as the operator
 * (account creation at onboarding, from the service or the CLI; fee collection; settlement
 * withdrawals; sandbox minting) takes its nonce here, in whichever process it runs:
 *
 *   1. the call is prepared (gas, fees) without a nonce, so a call the chain refuses (a revert in
 *      estimation) never takes a nonce and leaves no hole;
 *   2. under the row lock of app.operator_nonces (chain, address), shared by every process, the
 *      nonce is chosen, the transaction signed and broadcast, and next_nonce moved on;
 *   3. a broadcast the node refuses rolls everything back (no nonce used); "nonce too low" means
 *      something else took it: next_nonce moves past it and the send is tried again.
 *
 * The nonce is max(next_nonce, the node's pending count): the node may know transactions we did not
 * record (sent by hand, or a crash between broadcast and commit). When the node's pending count
 * stays below next_nonce for GAP_MS, a nonce we handed out never reached it (a crash between signing
 * and broadcasting, a transaction dropped from the mempool): the next transaction takes that nonce,
 * filling the hole instead of leaving every later transaction queued behind it.
 *
 * Within one process the sends are serialised here first, so waiting for the row lock holds at
 * most one database connection per process and chain.
 */
import { BaseError, encodeFunctionData, getContractError, keccak256, type Abi, type Account, type Address, type Chain, type Hex, type PublicClient, type Transport, type WalletClient } from "viem";
import type { Sql, Tx } from "../db/client.ts";
import { fromPgTsOrNull, pgTs } from "../db/pg-values.ts";

/** How long the node may lack a nonce we handed out before the next transaction takes it again. */
export const GAP_MS = 15_000;

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
export function chooseNonce(row: NonceRow, pending: number, now: Date): { nonce: number; gapNonce: number | null; gapSeenAt: Date | null } {
  const next = Number(row.next_nonce);
  if (pending >= next) return { nonce: pending, gapNonce: null, gapSeenAt: null };
  // The node lacks [pending, next). Fill the hole once it has stayed open long enough.
  if (row.gap_nonce !== null && Number(row.gap_nonce) === pending && row.gap_seen_at && now.getTime() - row.gap_seen_at.getTime() >= GAP_MS) {
    return { nonce: pending, gapNonce: null, gapSeenAt: null };
  }
  const sameGap = row.gap_nonce !== null && Number(row.gap_nonce) === pending;
  return { nonce: next, gapNonce: pending, gapSeenAt: sameGap ? row.gap_seen_at : now };
}

function nonceTaken(err: unknown): boolean {
  const text = err instanceof BaseError ? `${err.shortMessage} ${err.details ?? ""}` : String((err as Error)?.message ?? err);
  return /nonce too low|nonce.*already|already known|replacement transaction underpriced|NonceTooLow/i.test(text);
}

export class OperatorSender {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly sql: Sql,
    private readonly chainId: number,
    private readonly publicClient: PublicClient,
    private readonly wallet: WalletClient<Transport, Chain, Account>,
  ) {}

  get address(): Address {
    return this.wallet.account.address;
  }

  /** Sends a contract call as the operator; returns its hash once the node has it. Reverts surface as viem contract errors. */
  async write(call: ContractCall): Promise<Hex> {
    const request = await this.prepare(call);
    const signed = await this.serial(() => this.allocate(request, { broadcast: true }));
    return signed.hash;
  }

  /**
   * Signs a contract call with a nonce from the authority and lets the caller record it in the same
   * database transaction, WITHOUT broadcasting: for callers that must have a transaction on record
   * before the chain can know it (settlement withdrawals). The caller broadcasts the raw bytes after.
   */
  async signRecorded(call: ContractCall, record: (tx: Tx, signed: SignedTransaction) => Promise<void>): Promise<SignedTransaction> {
    const request = await this.prepare(call);
    return this.serial(() => this.allocate(request, { broadcast: false, record }));
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

  private async allocate(request: object, opts: { broadcast: boolean; record?: (tx: Tx, signed: SignedTransaction) => Promise<void> }): Promise<SignedTransaction> {
    const address = this.address;
    for (let attempt = 1; ; attempt++) {
      const result = await this.sql.begin(async (tx) => {
        await tx`INSERT INTO app.operator_nonces (chain_id, address) VALUES (${this.chainId}, ${address}) ON CONFLICT DO NOTHING`;
        const [row] = await tx<(NonceRow & { gap_seen_at: unknown })[]>`
          SELECT next_nonce, gap_nonce, gap_seen_at FROM app.operator_nonces WHERE chain_id = ${this.chainId} AND address = ${address} FOR UPDATE`;
        const pending = await this.publicClient.getTransactionCount({ address, blockTag: "pending" });
        const choice = chooseNonce({ next_nonce: BigInt(row!.next_nonce), gap_nonce: row!.gap_nonce === null ? null : BigInt(row!.gap_nonce), gap_seen_at: fromPgTsOrNull(row!.gap_seen_at) }, pending, new Date());
        const raw = (await this.wallet.account.signTransaction!({ ...(request as object), nonce: choice.nonce } as never)) as Hex;
        const signed: SignedTransaction = { hash: keccak256(raw), nonce: choice.nonce, raw, sender: address };
        if (opts.broadcast) {
          try {
            await this.publicClient.sendRawTransaction({ serializedTransaction: raw });
          } catch (err) {
            if (!nonceTaken(err) || attempt >= 5) throw err;
            await tx`UPDATE app.operator_nonces SET next_nonce = GREATEST(next_nonce, ${choice.nonce + 1}), gap_nonce = NULL, gap_seen_at = NULL, updated_at = now()
                     WHERE chain_id = ${this.chainId} AND address = ${address}`;
            return undefined; // taken by someone else: try the next nonce
          }
        }
        await opts.record?.(tx, signed);
        await tx`
          UPDATE app.operator_nonces
          SET next_nonce = GREATEST(next_nonce, ${choice.nonce + 1}), gap_nonce = ${choice.gapNonce}, gap_seen_at = ${choice.gapSeenAt ? pgTs(choice.gapSeenAt) : null}::timestamptz, updated_at = now()
          WHERE chain_id = ${this.chainId} AND address = ${address}`;
        return signed;
      });
      if (result) return result;
    }
  }
}
