/**
 * What the operator lets relays of payments by signature cost, checked when a submission claims its
 * relay (docs/operators.md "Payment by signature: what the operator pays"). A relay is the service
 * spending its own ETH on a stranger's request, so it is bounded as a paymaster is:
 * - per operation: the gas cap (RELAY_MAX_GAS), checked on the estimate and set as the sent
 *   transaction's limit (relay-send.ts);
 * - per payer: its relays in flight (sent or being sent, not yet mined) are at most
 *   RELAY_MAX_IN_FLIGHT_PER_PAYER, and its balance must cover all of them together. Each check passes
 *   against the latest block, where none of the payer's other relays is mined yet: without the
 *   reservation, a wallet holding one payment's amount could have a hundred relays sent, and all but
 *   one revert at the operator's expense;
 * - per merchant and in all, per hour of relays on a chain: what they cost (from their receipts, or
 *   the bound of those not mined yet).
 *
 * The claim takes a transaction-scoped advisory lock per chain, so these checks and the claim are
 * one step whatever the concurrency, across every API process: claims are a few statements, and a
 * chain takes relays more slowly than that anyway.
 */
import { randomUUID } from "node:crypto";
import type { Address } from "viem";
import type { AppContext } from "../../context.ts";
import type { RelayLimits } from "../../config.ts";
import { ApiError } from "../../domain/errors.ts";
import { pgTs } from "../../db/pg-values.ts";
import { metrics } from "../../metrics.ts";

/** A claim older than this was left by a crashed submission: it may be taken over. */
export const CLAIM_STALE_SECONDS = 30;
/** A relay sent this long ago and still without a receipt no longer counts as in flight (its nonce went elsewhere, or it is long gone). */
const SENT_IN_FLIGHT_MINUTES = 10;

const refusals = metrics.counter("stablepay_authorization_relay_refusals_total", "Submissions of payments by signature refused by the operator's relay limits before any gas was spent, by limit (payer_in_flight, payer_balance, merchant_budget, total_budget).", ["chain_id", "limit"]);

export interface RelayClaimRequest {
  chainId: number;
  intentId: string;
  merchantId: string;
  payer: Address;
  token: Address;
  value: bigint;
  /** The payer's balance of the token at the latest block. */
  balance: bigint;
  /** What this relay may cost at most, in wei (its gas limit x the gas price it was checked at). */
  costBoundWei: bigint;
}

/** The submission now holds the relay (`claim`), or another submission does (`held`). */
export type RelayClaim = { kind: "claimed"; claim: string } | { kind: "held" };

interface Spent {
  payer_relays: number;
  payer_reserved: string;
  merchant_wei: string;
  total_wei: string;
}

/** Refusal with its own code when a limit is reached; else claims the relay of (intent, payer). */
export async function claimRelay(ctx: AppContext, limits: RelayLimits, r: RelayClaimRequest): Promise<RelayClaim> {
  const claim = randomUUID();
  const now = ctx.clock.now();
  const refuse = (limit: string, err: ApiError): never => {
    refusals.inc({ chain_id: r.chainId, limit });
    throw err;
  };
  return ctx.database.sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(hashtextextended(${`stablepay.relay_claims.${r.chainId}`}, 0))`;
    const [s] = await tx<Spent[]>`
      SELECT
        count(*) FILTER (WHERE a.payer = ${r.payer.toLowerCase()} AND in_flight)::int AS payer_relays,
        COALESCE(sum(a.value_units) FILTER (WHERE a.payer = ${r.payer.toLowerCase()} AND a.token_address = ${r.token.toLowerCase()} AND in_flight), 0)::text AS payer_reserved,
        COALESCE(sum(cost) FILTER (WHERE a.merchant_id = ${r.merchantId}), 0)::text AS merchant_wei,
        COALESCE(sum(cost), 0)::text AS total_wei
      FROM app.payment_authorizations a
      LEFT JOIN app.payment_intents i ON i.id = a.intent_id,
      LATERAL (SELECT
        a.relay_gas_used IS NULL AND a.relay_dropped_at IS NULL AND i.status = 'awaiting_payment'
          AND (CASE WHEN a.relay_tx_hash IS NULL THEN a.relay_claimed_at > ${pgTs(now)}::timestamptz - ${`${CLAIM_STALE_SECONDS} seconds`}::interval
                    ELSE a.relay_submitted_at > ${pgTs(now)}::timestamptz - ${`${SENT_IN_FLIGHT_MINUTES} minutes`}::interval END) AS in_flight,
        COALESCE(a.relay_gas_used * a.relay_gas_price, CASE WHEN a.relay_dropped_at IS NULL THEN a.relay_cost_bound_wei END, 0) AS cost) c
      WHERE a.chain_id = ${r.chainId} AND a.relay_claim IS NOT NULL
        AND a.relay_claimed_at > ${pgTs(now)}::timestamptz - interval '1 hour'
        AND NOT (a.intent_id = ${r.intentId} AND a.payer = ${r.payer.toLowerCase()})`;
    const spent = s!;
    if (spent.payer_relays >= limits.inFlightPerPayer)
      refuse(
        "payer_in_flight",
        new ApiError("payer_relays_in_flight", `This wallet already has ${spent.payer_relays} payments by signature on their way. Wait until they are confirmed, or pay with a transfer.`, "payer", 429, {
          "retry-after": "5",
        }),
      );
    if (r.balance < BigInt(spent.payer_reserved) + r.value)
      refuse(
        "payer_balance",
        new ApiError("insufficient_funds", "The payer does not hold the amount of this payment intent besides what its payments by signature on their way will take. Nothing was sent.", "payer"),
      );
    const retry = { "retry-after": "60" };
    if (BigInt(spent.merchant_wei) + r.costBoundWei > limits.merchantWeiPerHour)
      refuse("merchant_budget", new ApiError("relay_budget_exhausted", "Payment by signature is paused for this merchant for now (the operator's hourly gas budget is spent). Pay with a transfer.", undefined, 503, retry));
    if (BigInt(spent.total_wei) + r.costBoundWei > limits.totalWeiPerHour)
      refuse("total_budget", new ApiError("relay_budget_exhausted", "Payment by signature is paused for now (the operator's hourly gas budget is spent). Pay with a transfer.", undefined, 503, retry));
    const claimed = await tx`
      UPDATE app.payment_authorizations
      SET relay_claim = ${claim}, relay_claimed_at = ${pgTs(now)}::timestamptz, relay_cost_bound_wei = ${r.costBoundWei.toString()}, relay_dropped_at = NULL
      WHERE intent_id = ${r.intentId} AND payer = ${r.payer.toLowerCase()} AND relay_tx_hash IS NULL
        AND (relay_claimed_at IS NULL OR relay_claim IS NULL OR relay_claimed_at < ${pgTs(now)}::timestamptz - ${`${CLAIM_STALE_SECONDS} seconds`}::interval)
      RETURNING intent_id`;
    return claimed.length ? { kind: "claimed", claim } : { kind: "held" };
  });
}

/**
 * Withdraws `claim` if nothing was sent for it yet: afterwards no transaction can be recorded (so none
 * sent) for it. Answers false when its relay is already recorded (or the claim is no longer this one).
 */
export async function withdrawClaim(ctx: AppContext, intentId: string, payer: Address | string, claim: string): Promise<boolean> {
  const rows = await ctx.database.sql`
    UPDATE app.payment_authorizations
    SET relay_claim = NULL, relay_claimed_at = NULL, relay_cost_bound_wei = NULL, relay_request = NULL, relay_due_at = NULL
    WHERE intent_id = ${intentId} AND payer = ${payer.toLowerCase()} AND relay_claim = ${claim} AND relay_tx_hash IS NULL
    RETURNING intent_id`;
  return rows.length > 0;
}
