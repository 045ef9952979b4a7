/**
 * What the signer checks on the chain before it pays a refund from the owner's budget: the budget pays
 * only the address that paid, so the refunded payment's own transaction must show, in a configured
 * token of the chain, a transfer from the refund's recipient to the refund's merchant account of at
 * least the refund's amount. The refund's row says all of this too, but a row is only a claim: anyone
 * who can write the database could otherwise point the budget at an address of their own.
 */
import { getAddress, parseEventLogs, type Hex } from "viem";
import { usdcAbi } from "../../../contracts/abis.ts";
import { tokenAddressOn, type ChainRuntime } from "../../chain/runtime.ts";
import type { SqlOrTx } from "../../db/client.ts";
import type { RefundRow } from "./shapes.ts";

/** Why the chain does not show the recipient paying the refunded payment; undefined when it does. An RPC error throws (no verdict). */
export async function budgetRefundUnproven(sql: SqlOrTx, chain: ChainRuntime, r: RefundRow): Promise<string | undefined> {
  const token = tokenAddressOn(chain, r.token);
  if (!token || token !== getAddress(r.tokenAddress)) return `the refund's token ${r.tokenAddress} is not this chain's configured ${r.token}`;
  const [payment] = await sql<{ tx_hash: Hex; chain_id: number }[]>`SELECT tx_hash, chain_id FROM app.transactions WHERE id = ${r.transactionId}`;
  if (!payment || payment.chain_id !== chain.chainId) return "the refunded payment's transaction is not on record for this chain";
  const receipt = await chain.publicClient.getTransactionReceipt({ hash: payment.tx_hash }).catch((err: unknown) => {
    if ((err as Error).name === "TransactionReceiptNotFoundError") return null;
    throw err;
  });
  if (!receipt || receipt.status !== "success") return `the refunded payment's transaction ${payment.tx_hash} is not mined on this chain`;
  const from = getAddress(r.recipientAddress);
  const account = getAddress(r.merchantAccount);
  const paid = parseEventLogs({ abi: usdcAbi, eventName: "Transfer", logs: receipt.logs, strict: true }).some(
    (l) => getAddress(l.address) === token && getAddress(l.args.from) === from && getAddress(l.args.to) === account && l.args.value >= r.amountUnits,
  );
  return paid ? undefined : `the refunded payment's transaction ${payment.tx_hash} holds no transfer of ${r.token} from ${from} to ${account} of at least the refund's amount`;
}
