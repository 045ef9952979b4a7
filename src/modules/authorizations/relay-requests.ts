/**
 * The signing side of a payment by signature handed over (service.ts, handOverRelay): a process that
 * holds the operator key (the settler role) relays the authorizations whose relay_due_at has come,
 * through the nonce authority, the hash stored in the database transaction that takes the nonce
 * (which is what the waiting submission answers). Each is held for LEASE while worked on.
 *
 * The signer trusts no row: a row is only a request. Before it signs it checks, itself, everything
 * the API checked: the intent is awaiting payment with time left, the token is the one this chain is
 * configured with for the intent's token, the authorization (rebuilt from the intent, not from the
 * row's recipient, amount or nonce) carries the payer's valid signature, the gas price is under the
 * ceiling and the call's gas under the cap (relay-send.ts). A row refused is dropped, with the reason
 * logged; a row whose intent was confirmed by a transfer, cancelled or expired is dropped unsent.
 */
import { getAddress, type Address, type Hex } from "viem";
import type { AppContext } from "../../context.ts";
import { ApiError } from "../../domain/errors.ts";
import { metrics } from "../../metrics.ts";
import { loadIntent, requireOpen, targetOf, tokenDomainsFor, verifySigned } from "./service.ts";
import { relayCall, relayGasLimit, requireGasPriceUnderCeiling, sendRelay } from "./relay-send.ts";

const LEASE = "30 seconds";

const dropped = metrics.counter("stablepay_authorization_relays_dropped_total", "Relays handed to a signing role that it did not send, by reason (not_payable: the intent left awaiting_payment or its time ran out; refused: the signer's own checks failed).", ["chain_id", "reason"]);

interface DueRelay {
  intent_id: string;
  payer: Address;
  chain_id: number;
  token_address: Address;
  pay_to: Address;
  value_units: string;
  nonce: Hex;
  relay_claim: string;
  relay_request: { valid_after: string; valid_before: string; signature: Hex };
}

/**
 * One sweep: returns how many relays were handled. `now()` is rounded as relay_due_at is stored
 * (milliseconds, to the nearest): a request due "now" rounded up would otherwise wait for the next sweep.
 */
export async function relayRequested(ctx: AppContext, batch = 16): Promise<number> {
  const signable = ctx.networks.filter((c) => c.canSign).map((c) => c.chainId);
  if (!signable.length) return 0;
  const rows = await ctx.database.sql<DueRelay[]>`
    UPDATE app.payment_authorizations a SET relay_due_at = now() + ${LEASE}::interval
    FROM (SELECT intent_id, payer FROM app.payment_authorizations
          WHERE relay_due_at <= now()::timestamptz(3) AND relay_tx_hash IS NULL AND chain_id = ANY (${signable}::int[])
          ORDER BY relay_due_at LIMIT ${batch} FOR UPDATE SKIP LOCKED) due
    WHERE a.intent_id = due.intent_id AND a.payer = due.payer
    RETURNING a.intent_id, a.payer, a.chain_id, a.token_address, a.pay_to, a.value_units::text AS value_units, a.nonce, a.relay_claim, a.relay_request`;
  await Promise.all(rows.map((r) => relayOne(ctx, r)));
  return rows.length;
}

/** Drops a handed-over relay unsent (the claim with it, so nothing is ever sent for it). */
async function drop(ctx: AppContext, r: DueRelay): Promise<void> {
  await ctx.database.sql`
    UPDATE app.payment_authorizations
    SET relay_due_at = NULL, relay_request = NULL, relay_claim = NULL, relay_claimed_at = NULL, relay_cost_bound_wei = NULL
    WHERE intent_id = ${r.intent_id} AND payer = ${r.payer} AND relay_tx_hash IS NULL`;
}

/** The signer's own checks of a row (see the module's comment); throws ApiError when it must not be relayed. */
async function checkedRelay(ctx: AppContext, r: DueRelay) {
  const q = r.relay_request;
  if (!r.relay_claim || !q || typeof q.signature !== "string" || !/^0x([0-9a-fA-F]{2})+$/.test(q.signature)) throw new ApiError("authorization_invalid", "the row carries no claimed, signed request");
  const intent = await loadIntent(ctx, r.intent_id);
  if (intent.chainId !== r.chain_id) throw new ApiError("authorization_invalid", `the row's chain ${r.chain_id} is not the intent's (${intent.chainId})`);
  requireOpen(ctx, intent);
  const target = await targetOf(ctx, tokenDomainsFor(ctx), intent);
  if (getAddress(r.token_address) !== target.token) throw new ApiError("authorization_invalid", `the row's token ${r.token_address} is not this chain's configured ${intent.token} (${target.token})`);
  const payer = getAddress(r.payer);
  const m = await verifySigned(ctx, target, intent, { payer, signature: q.signature, validAfter: BigInt(q.valid_after), validBefore: BigInt(q.valid_before), nonce: r.nonce });
  if (getAddress(r.pay_to) !== m.to || BigInt(r.value_units) !== m.value)
    throw new ApiError("authorization_invalid", `the row's recipient or amount (${r.pay_to}, ${r.value_units}) is not the intent's (${m.to}, ${m.value})`);
  await requireGasPriceUnderCeiling(ctx, target.chain);
  const call = relayCall(target.token, m, q.signature);
  return { chain: target.chain, payer, call, gas: await relayGasLimit(ctx, target.chain, call) };
}

async function relayOne(ctx: AppContext, r: DueRelay): Promise<void> {
  let relay: Awaited<ReturnType<typeof checkedRelay>>;
  try {
    relay = await checkedRelay(ctx, r);
  } catch (err) {
    if (!(err instanceof ApiError) || err.code === "service_unavailable") {
      // The chain or the database did not answer: no verdict on the row. Its lease runs out and it is looked at again.
      ctx.log.warn("payment by signature handed over could not be checked now", { intentId: r.intent_id, error: String((err as Error).message).split("\n")[0] });
      return;
    }
    const reason = err.code === "intent_not_payable" || err.code === "authorization_expired" ? "not_payable" : "refused";
    dropped.inc({ chain_id: r.chain_id, reason });
    await drop(ctx, r);
    ctx.log.warn("payment by signature handed over was dropped unsent", { intentId: r.intent_id, reason, error: err.message });
    return;
  }
  try {
    const hash = await sendRelay(ctx, relay.chain, { intentId: r.intent_id, payer: relay.payer, claim: r.relay_claim, call: relay.call, gas: relay.gas });
    ctx.log.info("payment by signature relayed for a process without the operator key", { intentId: r.intent_id, chainId: r.chain_id, txHash: hash });
  } catch (err) {
    // Withdrawn meanwhile, or refused by the token (used, expired, the payer's balance gone): dropped,
    // the claim released for the payer's retry, which the API checks afresh. Signed but not broadcast:
    // the hash is recorded and the nonce keeper sends it.
    await drop(ctx, r);
    ctx.log.warn("payment by signature handed over was not relayed", { intentId: r.intent_id, error: (err as Error).message?.split("\n")[0] });
  }
}
