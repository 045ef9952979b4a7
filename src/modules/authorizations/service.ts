/**
 * Payment by signature (docs/integrators.md "Paying by signature"): the customer signs an EIP-3009
 * `TransferWithAuthorization` of the intent's exact amount to the merchant's account, and the
 * operator relays it, paying the gas.
 *
 * Everything is checked before a transaction is signed, so a refusal costs the service reads only:
 * the intent is open, the token takes authorizations (its domain read from itself, token-domain.ts),
 * the nonce is the intent's for that payer, the window ends no later than the intent, the
 * signature is the payer's over the typed data built HERE from the intent (so a signature of
 * another amount, recipient, token or chain fails), the nonce is unused on chain, the payer holds
 * the amount, the gas price is under the operator's ceiling and the call simulates.
 *
 * Exactly one relay per (intent, payer): a submission claims the row, and the relay's hash is
 * stored in the database transaction that takes its operator nonce (operator-sender.ts), before it
 * is broadcast; a concurrent submission waits for that hash and answers it. The chain confirms the
 * intent, not this code: the matcher ties the transfer carrying the nonce to the intent, whoever
 * submitted it (matching/authorizations.ts).
 */
import { getAddress, isAddress, parseEventLogs, type Address, type Hex } from "viem";
import { chainById, type AppContext } from "../../context.ts";
import { eip3009Abi, usdcAbi } from "../../../contracts/abis.ts";
import { tokenAddressOn, type ChainRuntime } from "../../chain/runtime.ts";
import { ApiError, notFound } from "../../domain/errors.ts";
import { isIdOf } from "../../domain/ids.ts";
import { metrics } from "../../metrics.ts";
import { intentFromDb } from "../payment-intents/service.ts";
import type { IntentRow } from "../payment-intents/shapes.ts";
import { TokenDomains } from "./token-domain.ts";
import { OPERATOR_JOBS_CHANNEL } from "../merchants/onboarding.ts";
import { pgJson, pgTs } from "../../db/pg-values.ts";
import { recordRelayCost } from "./relay-costs.ts";
import { claimRelay, withdrawClaim } from "./relay-limits.ts";
import { MIN_WINDOW_LEFT_S, rejected, relayCall, relayGasLimit, relayIsDead, releaseDeadRelay, RelayWithdrawn, requireGasPriceUnderCeiling, sendRelay } from "./relay-send.ts";
import { authorizationNonce, TRANSFER_WITH_AUTHORIZATION_TYPES, typedDataJson, type AuthorizationMessage, type TokenDomain } from "./typed-data.ts";

/** How long a submission waits for its relay to be mined before answering `submitted`. */
export const RELAY_WAIT_MS = 4_000;
/** How long a concurrent submission of one authorization waits for the first one's transaction hash (at most: the submission's own time is less). */
const CLAIM_WAIT_MS = 10_000;
/** How long a submission without the operator key waits for the signing role's transaction hash. */
const HANDOVER_WAIT_MS = 2_500;

const relays = metrics.counter("stablepay_authorization_relays_total", "Payments by signature relayed by the operator, by outcome (mined, submitted, reverted, superseded, cancelled).", ["chain_id", "outcome"]);

export interface SubmitInput {
  payer: string;
  signature: string;
  valid_after: string;
  valid_before: string;
  nonce: string;
}

export type SubmissionStatus = "submitted" | "mined" | "reverted" | "superseded" | "cancelled";

/** The answer of a submission. */
export function submissionShape(intentId: string, status: SubmissionStatus, txHash: Hex) {
  return { object: "transfer_authorization_submission" as const, payment_intent_id: intentId, status, tx_hash: txHash };
}

const shared = new WeakMap<AppContext, TokenDomains>();

/** The token domains of this service instance (read once per token), shared by the API and the payment page. */
export function tokenDomainsFor(ctx: AppContext): TokenDomains {
  let d = shared.get(ctx);
  if (!d) shared.set(ctx, (d = new TokenDomains()));
  return d;
}

/** Rows of intents whose every authorization has expired this long ago are removed: no transfer can be made by them any more. */
const PRUNE_AFTER = "1 day";

/**
 * Removes the authorization rows nothing can use any more: no relay was sent for them, and their
 * intent's expiry (the latest valid_before an authorization of it may carry) is more than a day past,
 * so the chain refuses them and the matcher has long passed their window. Rows of relays sent stay:
 * what each relay cost is read from them. Returns how many were removed (at most `batch`).
 */
export async function pruneEndedAuthorizations(ctx: AppContext, batch = 1_000): Promise<number> {
  const rows = await ctx.database.sql`
    DELETE FROM app.payment_authorizations a
    WHERE (a.intent_id, a.payer) IN (
      SELECT a2.intent_id, a2.payer FROM app.payment_authorizations a2 JOIN app.payment_intents i ON i.id = a2.intent_id
      WHERE a2.relay_tx_hash IS NULL AND a2.relay_claim IS NULL AND i.expires_at < ${pgTs(ctx.clock.now())}::timestamptz - ${PRUNE_AFTER}::interval
      LIMIT ${batch})
    RETURNING 1`;
  return rows.length;
}

/** Whether `token` on `chainId` takes transfer authorizations (false when the chain cannot be read now). */
export async function gaslessAvailable(ctx: AppContext, chainId: number, token: Address): Promise<boolean> {
  const chain = chainById(ctx, chainId);
  if (!chain) return false;
  return (await tokenDomainsFor(ctx).get(chain.publicClient, chainId, token).catch(() => null)) !== null;
}

/** An intent by id, for the public routes (the id is the capability). */
export async function loadIntent(ctx: AppContext, id: string): Promise<IntentRow> {
  if (!isIdOf("paymentIntent", id)) throw notFound("payment_intent", id);
  const [row] = await ctx.database.sql`SELECT * FROM app.payment_intents WHERE id = ${id}`;
  if (!row) throw notFound("payment_intent", id);
  return intentFromDb(row);
}

export function requireOpen(ctx: AppContext, intent: IntentRow): void {
  if (intent.status !== "awaiting_payment") throw new ApiError("intent_not_payable", `This payment intent can no longer be paid (status: ${intent.status}).`);
  if (intent.expiresAt.getTime() <= ctx.clock.now().getTime()) throw new ApiError("intent_not_payable", "This payment intent has expired.");
}

function parsePayer(value: string | undefined): Address {
  if (value === undefined || value === "") throw new ApiError("parameter_missing", "Missing required param: payer.", "payer");
  if (!isAddress(value, { strict: false })) throw new ApiError("parameter_invalid", "Invalid payer: must be a 0x-prefixed 20-byte hex address.", "payer");
  return getAddress(value);
}

interface Target {
  chain: ChainRuntime;
  token: Address;
  domain: TokenDomain;
}

/** The intent's chain, token and the token's EIP-712 domain, or 400 authorization_unsupported. */
export async function targetOf(ctx: AppContext, domains: TokenDomains, intent: IntentRow): Promise<Target> {
  const chain = chainById(ctx, intent.chainId);
  const token = chain ? tokenAddressOn(chain, intent.token) : undefined;
  if (!chain || !token) throw new ApiError("authorization_unsupported", `Payment by signature is not available for ${intent.token} on this chain.`);
  let domain: TokenDomain | null;
  try {
    domain = await domains.get(chain.publicClient, chain.chainId, token);
  } catch {
    throw new ApiError("service_unavailable", "The chain cannot be read right now. Retry in a few seconds.", undefined, 503, { "retry-after": "2" });
  }
  if (!domain)
    throw new ApiError("authorization_unsupported", `${intent.token} on this chain does not take transfer authorizations (EIP-3009): pay with a transfer to the payment address instead.`);
  return { chain, token, domain };
}

export function messageFor(intent: IntentRow, payer: Address, validAfter: bigint, validBefore: bigint): AuthorizationMessage {
  return { from: payer, to: getAddress(intent.paymentAddress), value: intent.amountUnits, validAfter, validBefore, nonce: authorizationNonce(intent.id, payer) };
}

/** The latest valid_before an intent allows: its expiry, in whole seconds (block timestamps). */
const latestValidBefore = (intent: IntentRow) => BigInt(Math.floor(intent.expiresAt.getTime() / 1000));

/**
 * Records that `payer` signed for `intent` (the matcher's key from a nonce to its intent), once the
 * signature is verified and before anything is sent: the relay, or a copy of the signature taken from
 * it, can only reach the chain after this row exists. Two submissions of one signature at once insert
 * the same row: ON CONFLICT without a target, so a race on either of its keys ((intent, payer) or
 * (chain, token, payer, nonce)) is a no-op, not a 500.
 */
async function remember(ctx: AppContext, intent: IntentRow, target: Target, m: AuthorizationMessage): Promise<void> {
  await ctx.database.sql`
    INSERT INTO app.payment_authorizations (intent_id, payer, chain_id, token_address, merchant_id, pay_to, value_units, nonce)
    VALUES (${intent.id}, ${m.from.toLowerCase()}, ${intent.chainId}, ${target.token.toLowerCase()}, ${intent.merchantId}, ${m.to.toLowerCase()}, ${m.value.toString()}, ${m.nonce})
    ON CONFLICT DO NOTHING`;
}

/** GET: the typed data `payer` signs to pay `intent`. */
export async function authorizationFor(ctx: AppContext, domains: TokenDomains, intent: IntentRow, payerText: string | undefined) {
  const payer = parsePayer(payerText);
  requireOpen(ctx, intent);
  const target = await targetOf(ctx, domains, intent);
  // Nothing is written for a request without a signature: a stranger asking for typed data costs reads only.
  const m = messageFor(intent, payer, 0n, latestValidBefore(intent));
  return { object: "transfer_authorization" as const, typed_data: typedDataJson(target.domain, m) };
}

/** A signed authorization as submitted (or as handed to a signing role). */
export interface SignedAuthorization {
  payer: Address;
  signature: Hex;
  validAfter: bigint;
  validBefore: bigint;
  nonce: Hex;
}

function parseSubmission(body: unknown): SignedAuthorization {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new ApiError("parameter_invalid", "The body must be a JSON object.");
  const b = body as Record<string, unknown>;
  for (const k of Object.keys(b))
    if (!["payer", "signature", "valid_after", "valid_before", "nonce"].includes(k)) throw new ApiError("parameter_unknown", `Received unknown parameter: ${k.slice(0, 64)}`, k.slice(0, 64));
  const text = (name: string): string => {
    const v = b[name];
    if (v === undefined || v === null || v === "") throw new ApiError("parameter_missing", `Missing required param: ${name}.`, name);
    if (typeof v !== "string") throw new ApiError("parameter_invalid", `Invalid ${name}: must be a string.`, name);
    return v;
  };
  const payer = parsePayer(text("payer"));
  const signature = text("signature");
  if (!/^0x([0-9a-fA-F]{2}){65,2048}$/.test(signature)) throw new ApiError("parameter_invalid", "Invalid signature: must be 0x-prefixed hex of at least 65 bytes.", "signature");
  const time = (name: string) => {
    const v = text(name);
    if (!/^\d{1,20}$/.test(v)) throw new ApiError("parameter_invalid", `Invalid ${name}: must be a decimal string of Unix seconds, as in typed_data.message.`, name);
    return BigInt(v);
  };
  const validAfter = time("valid_after");
  const validBefore = time("valid_before");
  const nonce = text("nonce");
  if (!/^0x[0-9a-fA-F]{64}$/.test(nonce)) throw new ApiError("parameter_invalid", "Invalid nonce: must be 0x-prefixed 32-byte hex, as in typed_data.message.", "nonce");
  return { payer, signature: signature as Hex, validAfter, validBefore, nonce: nonce.toLowerCase() as Hex };
}

interface RelayRow {
  relay_tx_hash: string | null;
}

/**
 * The checks of a signed authorization against its intent, made by whoever relays it (the API on
 * submission, a signing role before it signs): the typed data is built HERE from the intent, so a
 * signature of another amount, recipient, token or chain fails. Returns the message to relay.
 */
export async function verifySigned(ctx: AppContext, target: Target, intent: IntentRow, s: SignedAuthorization): Promise<AuthorizationMessage> {
  const m = messageFor(intent, s.payer, s.validAfter, s.validBefore);
  if (s.nonce.toLowerCase() !== m.nonce.toLowerCase())
    throw new ApiError("authorization_invalid", "The nonce is not this payment intent's for this payer: sign the typed data of GET /v1/payment-intents/{id}/authorization.", "nonce");
  const nowS = BigInt(Math.floor(ctx.clock.now().getTime() / 1000));
  if (s.validBefore > latestValidBefore(intent))
    throw new ApiError("authorization_invalid", "valid_before is later than the payment intent's expiry.", "valid_before");
  if (s.validBefore <= nowS + MIN_WINDOW_LEFT_S) throw new ApiError("authorization_expired", "The signed authorization has expired (valid_before has passed): sign again.", "valid_before");
  if (s.validAfter >= nowS) throw new ApiError("authorization_invalid", "The signed authorization is not valid yet (valid_after is not in the past).", "valid_after");
  // The payer's signature over what the intent asks (amount, recipient, token, chain): EOA or ERC-1271.
  const valid = await target.chain.publicClient
    .verifyTypedData({ address: s.payer, domain: target.domain, types: TRANSFER_WITH_AUTHORIZATION_TYPES, primaryType: "TransferWithAuthorization", message: { ...m }, signature: s.signature })
    .catch(() => false);
  if (!valid)
    throw new ApiError(
      "signature_invalid",
      "The signature is not the payer's over this payment intent's authorization (amount, recipient, token and chain as in GET /v1/payment-intents/{id}/authorization).",
      "signature",
    );
  return m;
}

/**
 * How long a submission may take before it answers whatever it knows: within the API's request
 * deadline (5 s), so the answer is never the server's generic "did not answer in time" while a relay
 * may still go out for it.
 */
const ANSWER_WITHIN_MS = 4_300;

/** One submission's relay, as far as it got: what its answer out of time must know. */
interface SubmissionRun {
  readonly startedAt: number;
  /** The request is being answered already (out of time): nothing may be sent for it from now on. */
  abandoned: boolean;
  claim?: string;
  payer?: Address;
}

const nothingSent = (why: string) => new ApiError("service_unavailable", `${why} Nothing was sent: retry in a few seconds, or pay with a transfer.`, undefined, 503, { "retry-after": "2" });

/** POST: verifies a signed authorization for `intent` and relays it, answering within the request's deadline. */
export async function submitAuthorization(ctx: AppContext, domains: TokenDomains, intent: IntentRow, body: unknown) {
  const run: SubmissionRun = { startedAt: Date.now(), abandoned: false };
  const work = submitWithin(ctx, domains, intent, body, run).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ANSWER_WITHIN_MS)));
  const outcome = await Promise.race([work, late]);
  clearTimeout(timer);
  if (outcome) {
    if ("error" in outcome) throw outcome.error;
    return outcome.value;
  }
  return answerOutOfTime(ctx, intent, run);
}

/**
 * The submission ran out of time (a slow chain, database or signer): it is stopped from sending, and
 * the answer says truly whether anything went out. Withdrawn before its transaction was recorded:
 * nothing was sent and nothing will be. Recorded: `submitted` with its hash. Unknown (the database did
 * not answer): `relay_pending`, the payer told to wait and not to pay again.
 */
async function answerOutOfTime(ctx: AppContext, intent: IntentRow, run: SubmissionRun) {
  run.abandoned = true;
  const { claim, payer } = run;
  if (claim === undefined || payer === undefined) throw nothingSent("The payment could not be checked in time.");
  const verdict = await Promise.race([
    (async () => {
      if (await withdrawClaim(ctx, intent.id, payer, claim)) return "withdrawn" as const;
      return (await relayOf(ctx, intent.id, payer)) ?? ("unknown" as const);
    })().catch(() => "unknown" as const),
    Bun.sleep(400).then(() => "unknown" as const),
  ]);
  if (verdict === "withdrawn") throw nothingSent("The payment could not be sent for you in time.");
  if (verdict !== "unknown") {
    relays.inc({ chain_id: intent.chainId, outcome: "submitted" });
    return submissionShape(intent.id, "submitted", verdict);
  }
  throw new ApiError(
    "relay_pending",
    "Your payment is being sent for you. Wait: this page (or GET /v1/payment-intents/{id}) shows it confirmed shortly. Do not pay again. Submitting the same signature again answers its transaction.",
    undefined,
    503,
    { "retry-after": "5" },
  );
}

async function submitWithin(ctx: AppContext, domains: TokenDomains, intent: IntentRow, body: unknown, run: SubmissionRun) {
  const s = parseSubmission(body);
  requireOpen(ctx, intent);
  const target = await targetOf(ctx, domains, intent);
  const { chain, token } = target;
  const m = await verifySigned(ctx, target, intent, s);
  await remember(ctx, intent, target, m);

  // Submitted before (this signature or another of the same nonce): that transaction is the answer.
  const earlier = await ctx.database.sql<{ relay_tx_hash: Hex | null; relay_tx_nonce: string | null }[]>`
    SELECT relay_tx_hash, relay_tx_nonce::text FROM app.payment_authorizations WHERE intent_id = ${intent.id} AND payer = ${s.payer.toLowerCase()}`;
  const prior = earlier[0]?.relay_tx_hash;
  if (prior) {
    // A relay that can never be mined (its bytes refused, its nonce taken by a filler) no longer holds the intent and payer.
    const nonce = earlier[0]!.relay_tx_nonce;
    if (!(await relayIsDead(chain, prior, nonce === null ? null : Number(nonce)))) return answer(ctx, chain, intent, s.payer, m.nonce, prior, run);
    await releaseDeadRelay(ctx, intent.id, s.payer, prior);
  }

  const used = await chain.publicClient.readContract({ address: token, abi: eip3009Abi, functionName: "authorizationState", args: [s.payer, m.nonce] });
  if (used) throw new ApiError("authorization_used", "This authorization was already used (or cancelled) on chain. If it paid, the payment intent confirms from the chain by itself.");
  const balance = await chain.publicClient.readContract({ address: token, abi: usdcAbi, functionName: "balanceOf", args: [s.payer] });
  if (balance < m.value) throw new ApiError("insufficient_funds", `The payer holds less ${intent.token} than the amount of this payment intent.`, "payer");
  const gasPrice = await requireGasPriceUnderCeiling(ctx, chain);
  const call = relayCall(token, m, s.signature);
  const gas = await relayGasLimit(ctx, chain, call);

  // One relay per (intent, payer), within the operator's limits: claim it, or wait for the submission that holds it.
  if (run.abandoned) throw nothingSent("The payment could not be checked in time.");
  const claimed = await claimRelay(ctx, ctx.config.relayLimits, {
    chainId: chain.chainId,
    intentId: intent.id,
    merchantId: intent.merchantId,
    payer: s.payer,
    token,
    value: m.value,
    balance,
    costBoundWei: gas * (gasPrice > ctx.config.relayMaxGasPriceWei ? ctx.config.relayMaxGasPriceWei : gasPrice),
  });
  if (claimed.kind === "held") {
    const hash = await waitForRelay(ctx, intent.id, s.payer, remaining(run));
    if (hash) return answer(ctx, chain, intent, s.payer, m.nonce, hash, run);
    throw new ApiError("service_unavailable", "Another submission of this authorization is in progress. Retry in a few seconds: the retry answers its transaction.", undefined, 503, { "retry-after": "2" });
  }
  run.claim = claimed.claim;
  run.payer = s.payer;
  // Out of time while claiming: the answer already said nothing was sent, so nothing is.
  if (run.abandoned) {
    await withdrawClaim(ctx, intent.id, s.payer, claimed.claim);
    throw nothingSent("The payment could not be sent for you in time.");
  }
  // A process without the operator key (production API): a signing role relays it (relay-requests.ts).
  if (!chain.canSign) return handOverRelay(ctx, chain, intent, s.payer, m.nonce, claimed.claim, { validAfter: m.validAfter, validBefore: m.validBefore, signature: s.signature }, run);
  let hash: Hex;
  try {
    hash = await sendRelay(ctx, chain, { intentId: intent.id, payer: s.payer, claim: claimed.claim, call, gas });
  } catch (err) {
    // Signed and journaled but not broadcast (the node did not answer): the nonce keeper sends it.
    const recorded = await relayOf(ctx, intent.id, s.payer);
    if (recorded) return answer(ctx, chain, intent, s.payer, m.nonce, recorded, run);
    await withdrawClaim(ctx, intent.id, s.payer, claimed.claim);
    if (err instanceof RelayWithdrawn) {
      if (run.abandoned) throw nothingSent("The payment could not be sent for you in time.");
      throw new ApiError("intent_not_payable", "This payment intent can no longer be paid (it was paid, cancelled or expired meanwhile). Nothing was sent.");
    }
    const usedNow = await chain.publicClient.readContract({ address: token, abi: eip3009Abi, functionName: "authorizationState", args: [s.payer, m.nonce] }).catch(() => false);
    if (usedNow) throw new ApiError("authorization_used", "This authorization was used on chain by another transaction meanwhile; the payment intent confirms from it.");
    throw rejected(err);
  }
  ctx.log.info("payment by signature relayed", { intentId: intent.id, chainId: chain.chainId, txHash: hash });
  return answer(ctx, chain, intent, s.payer, m.nonce, hash, run);
}

/** What is left of the submission's time, less a margin for its answer. */
const remaining = (run: SubmissionRun) => Math.max(0, ANSWER_WITHIN_MS - 300 - (Date.now() - run.startedAt));

/**
 * Hands a claimed, checked authorization to a signing role (app.payment_authorizations.relay_request)
 * and answers as an inline relay would once its hash is recorded. A signer that does not take it in
 * time: the request is withdrawn (the claim with it), so nothing is sent for it later, and the answer
 * says nothing was sent; a signer that took it just before answers its hash.
 */
async function handOverRelay(
  ctx: AppContext,
  chain: ChainRuntime,
  intent: IntentRow,
  payer: Address,
  nonce: Hex,
  claim: string,
  request: { validAfter: bigint; validBefore: bigint; signature: Hex },
  run: SubmissionRun,
) {
  const body = { valid_after: request.validAfter.toString(), valid_before: request.validBefore.toString(), signature: request.signature };
  await ctx.database.sql`
    WITH due AS (
      UPDATE app.payment_authorizations SET relay_request = ${pgJson(body)}::text::jsonb, relay_due_at = now()
      WHERE intent_id = ${intent.id} AND payer = ${payer.toLowerCase()} AND relay_claim = ${claim} AND relay_tx_hash IS NULL RETURNING 1)
    SELECT pg_notify(${OPERATOR_JOBS_CHANNEL}, 'relay') FROM due`;
  // The hash within HANDOVER_WAIT_MS, then the receipt for what is left of the submission's time.
  const hash = await waitForRelay(ctx, intent.id, payer, Math.min(HANDOVER_WAIT_MS, remaining(run)));
  if (hash) return answer(ctx, chain, intent, payer, nonce, hash, run);
  if (await withdrawClaim(ctx, intent.id, payer, claim)) throw nothingSent("Payment without gas is not available right now (the service's signer did not answer).");
  const taken = await relayOf(ctx, intent.id, payer);
  if (taken) return answer(ctx, chain, intent, payer, nonce, taken, run);
  throw nothingSent("Payment without gas is not available right now.");
}

async function relayOf(ctx: AppContext, intentId: string, payer: Address): Promise<Hex | null> {
  const [row] = await ctx.database.sql<RelayRow[]>`
    SELECT relay_tx_hash FROM app.payment_authorizations WHERE intent_id = ${intentId} AND payer = ${payer.toLowerCase()}`;
  return (row?.relay_tx_hash as Hex | null | undefined) ?? null;
}

async function waitForRelay(ctx: AppContext, intentId: string, payer: Address, ms = CLAIM_WAIT_MS): Promise<Hex | null> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const hash = await relayOf(ctx, intentId, payer);
    if (hash) return hash;
    await Bun.sleep(100);
  }
  return null;
}

/** How far back a relay's revert looks for the payer's cancellation (it came after the submission's check, so a few blocks at most). */
const CANCEL_LOOKBACK_BLOCKS = 256n;

/** Whether the payer cancelled the authorization (AuthorizationCanceled) up to the relay's block: then the relay did not lose to another payment. */
async function cancelledBefore(chain: ChainRuntime, token: Address | null, payer: Address, nonce: Hex, block: bigint): Promise<boolean> {
  if (!token) return false;
  const logs = await chain.publicClient
    .getContractEvents({ address: token, abi: eip3009Abi, eventName: "AuthorizationCanceled", args: { authorizer: payer, nonce }, fromBlock: block > CANCEL_LOOKBACK_BLOCKS ? block - CANCEL_LOOKBACK_BLOCKS : 0n, toBlock: block })
    .catch(() => []);
  return logs.length > 0;
}

/** What became of a relay within RELAY_WAIT_MS: mined, reverted (superseded when the nonce was used by another transaction, cancelled when the payer cancelled it), or still submitted. */
async function answer(ctx: AppContext, chain: ChainRuntime, intent: IntentRow, payer: Address, nonce: Hex, hash: Hex, run: SubmissionRun) {
  const waitMs = Math.min(RELAY_WAIT_MS, remaining(run));
  const receipt = waitMs < 50 ? null : await chain.publicClient.waitForTransactionReceipt({ hash, timeout: waitMs, pollingInterval: 100 }).catch(() => null);
  if (!receipt) {
    relays.inc({ chain_id: chain.chainId, outcome: "submitted" });
    return submissionShape(intent.id, "submitted", hash);
  }
  await recordRelayCost(ctx.database.sql, chain.chainId, intent.id, payer, hash, receipt);
  let status: SubmissionStatus = "mined";
  if (receipt.status !== "success") {
    const used = parseEventLogs({ abi: eip3009Abi, logs: receipt.logs, eventName: "AuthorizationUsed" }).length > 0;
    const state = used || (await chain.publicClient.readContract({ address: receipt.to ?? getAddress(intent.paymentAddress), abi: eip3009Abi, functionName: "authorizationState", args: [payer, nonce] }).catch(() => false));
    status = !state ? "reverted" : (await cancelledBefore(chain, receipt.to ?? null, payer, nonce, receipt.blockNumber)) ? "cancelled" : "superseded";
  }
  relays.inc({ chain_id: chain.chainId, outcome: status });
  return submissionShape(intent.id, status, hash);
}
