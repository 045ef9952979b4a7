/**
 * The signing side of a relay, the same in the API (a process with the operator key) and in a signing
 * role that takes a relay handed over (relay-requests.ts):
 * - the call's gas is estimated (which also simulates it) and refused above the operator's cap; the
 *   transaction is sent with that gas limit and at most the gas price ceiling per gas, so it never
 *   costs more than the operator allows, whatever the payer's contract wallet does when called;
 * - its hash is recorded, in the database transaction that takes the operator nonce, only while the
 *   submission's claim still holds the relay and the intent is still awaiting payment with time left.
 *   A claim withdrawn (a request out of time, a dropped relay) or an intent confirmed by a transfer,
 *   cancelled or expired meanwhile aborts that transaction: nothing is signed into the journal, so
 *   nothing can be broadcast for it.
 */
import type { Address, Hex } from "viem";
import type { AppContext } from "../../context.ts";
import type { ChainRuntime } from "../../chain/runtime.ts";
import { eip3009Abi } from "../../../contracts/abis.ts";
import { ApiError } from "../../domain/errors.ts";
import { pgTs } from "../../db/pg-values.ts";
import { metrics } from "../../metrics.ts";
import type { AuthorizationMessage } from "./typed-data.ts";

/** A window must leave the relay this long to be mined. */
export const MIN_WINDOW_LEFT_S = 5n;

const gasAboveCap = metrics.counter("stablepay_authorization_relay_gas_refusals_total", "Payments by signature refused because their relay would use more gas than RELAY_MAX_GAS (estimated before any transaction was sent).", ["chain_id"]);

/** The claim no longer holds the relay, or its intent is no longer payable: nothing was signed for it. */
export class RelayWithdrawn extends Error {
  constructor(intentId: string) {
    super(`the relay of ${intentId} is no longer to be sent (its claim was withdrawn, or the intent is no longer awaiting payment with time left)`);
  }
}

export function relayCall(token: Address, m: AuthorizationMessage, signature: Hex) {
  return {
    address: token,
    abi: eip3009Abi,
    functionName: "transferWithAuthorization",
    args: [m.from, m.to, m.value, m.validAfter, m.validBefore, m.nonce, signature],
  } as const;
}

export type RelayCall = ReturnType<typeof relayCall>;

/** A refusal of the token (a revert in estimation), for the payer. */
export function rejected(err: unknown): ApiError {
  const reason = String((err as { shortMessage?: string }).shortMessage ?? (err as Error).message ?? err).split("\n")[0]!.slice(0, 200);
  return new ApiError("authorization_rejected", `The token refuses this authorization: ${reason}`);
}

/**
 * The gas limit to send the relay with: its estimate (which simulates the call: a revert is refused
 * here) with a margin, never above RELAY_MAX_GAS; an estimate above the cap is refused.
 */
export async function relayGasLimit(ctx: AppContext, chain: ChainRuntime, call: RelayCall): Promise<bigint> {
  let estimate: bigint;
  try {
    estimate = await chain.publicClient.estimateContractGas({ account: chain.sender.address, ...call });
  } catch (err) {
    throw rejected(err);
  }
  const cap = ctx.config.relayLimits.maxGas;
  if (estimate > cap) {
    gasAboveCap.inc({ chain_id: chain.chainId });
    throw new ApiError(
      "relay_gas_above_cap",
      `Sending this payment for you would take ${estimate} gas, more than this service pays for one payment (${cap}): this wallet's signature check is too costly. Nothing was sent: pay with a transfer.`,
      "payer",
    );
  }
  // A margin for state that moves between the estimate and the block (the recipient's first balance, say).
  const withMargin = (estimate * 13n) / 10n;
  return withMargin < cap ? withMargin : cap;
}

/** The gas price now, refused above the operator's ceiling. */
export async function requireGasPriceUnderCeiling(ctx: AppContext, chain: ChainRuntime): Promise<bigint> {
  const gasPrice = await chain.publicClient.getGasPrice();
  if (gasPrice > ctx.config.relayMaxGasPriceWei)
    throw new ApiError("gas_price_above_ceiling", "The network's gas price is above what this service pays for a relay right now. Retry later, or pay with a transfer.", undefined, 503, { "retry-after": "30" });
  return gasPrice;
}

/** Sends a claimed relay (see the module's comment); throws RelayWithdrawn when it may no longer be sent. */
export async function sendRelay(ctx: AppContext, chain: ChainRuntime, r: { intentId: string; payer: Address; claim: string; call: RelayCall; gas: bigint }): Promise<Hex> {
  return chain.sender.write(
    r.call,
    async (tx, signed) => {
      const payableUntil = new Date(ctx.clock.now().getTime() + Number(MIN_WINDOW_LEFT_S) * 1000);
      const rows = await tx`
        UPDATE app.payment_authorizations a SET relay_tx_hash = ${signed.hash}, relay_tx_nonce = ${signed.nonce}, relay_submitted_at = now(), relay_due_at = NULL
        FROM app.payment_intents i
        WHERE a.intent_id = ${r.intentId} AND a.payer = ${r.payer.toLowerCase()} AND a.relay_claim = ${r.claim} AND a.relay_tx_hash IS NULL
          AND i.id = a.intent_id AND i.status = 'awaiting_payment' AND i.expires_at > ${pgTs(payableUntil)}::timestamptz
        RETURNING a.intent_id`;
      if (rows.length === 0) throw new RelayWithdrawn(r.intentId);
    },
    { gas: r.gas, maxFeePerGas: ctx.config.relayMaxGasPriceWei },
  );
}

/**
 * Whether the recorded relay `hash` (nonce `nonce`) can never be mined: no receipt, and the operator's
 * confirmed transaction count has passed its nonce (another transaction, the keeper's filler for bytes
 * the node refused, took it). An RPC error throws: no answer is no proof.
 */
export async function relayIsDead(chain: ChainRuntime, hash: Hex, nonce: number | null): Promise<boolean> {
  if (nonce === null) return false;
  const receipt = await chain.publicClient.getTransactionReceipt({ hash }).catch((err: unknown) => {
    if ((err as Error).name === "TransactionReceiptNotFoundError") return null;
    throw err;
  });
  if (receipt) return false;
  const confirmed = await chain.publicClient.getTransactionCount({ address: chain.sender.address, blockTag: "latest" });
  if (confirmed <= nonce) return false;
  // Mined between the two reads?
  return (await chain.publicClient.getTransactionReceipt({ hash }).catch(() => null)) === null;
}

/** Frees a dead relay's (intent, payer): the relay no longer counts, and a new submission may relay it. */
export async function releaseDeadRelay(ctx: AppContext, intentId: string, payer: Address, hash: Hex): Promise<void> {
  await ctx.database.sql`
    UPDATE app.payment_authorizations
    SET relay_tx_hash = NULL, relay_tx_nonce = NULL, relay_submitted_at = NULL, relay_claim = NULL, relay_claimed_at = NULL,
        relay_request = NULL, relay_due_at = NULL, relay_dropped_at = now()
    WHERE intent_id = ${intentId} AND payer = ${payer.toLowerCase()} AND relay_tx_hash = ${hash}`;
}
