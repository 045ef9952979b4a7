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
import { pgJson } from "../../db/pg-values.ts";
import { recordRelayCost } from "./relay-costs.ts";
import { authorizationNonce, TRANSFER_WITH_AUTHORIZATION_TYPES, typedDataJson, type AuthorizationMessage, type TokenDomain } from "./typed-data.ts";

/** How long a submission waits for its relay to be mined before answering `submitted`. */
export const RELAY_WAIT_MS = 4_000;
/** How long a concurrent submission of one authorization waits for the first one's transaction hash. */
const CLAIM_WAIT_MS = 10_000;
/** How long a submission without the operator key waits for the signing role's transaction hash. */
const HANDOVER_WAIT_MS = 2_500;
/** A claim older than this was left by a crashed submission: it may be taken over. */
const CLAIM_STALE_SECONDS = 30;
/** A window must leave the relay this long to be mined. */
const MIN_WINDOW_LEFT_S = 5n;

const relays = metrics.counter("stablepay_authorization_relays_total", "Payments by signature relayed by the operator, by outcome (mined, submitted, reverted, superseded).", ["chain_id", "outcome"]);

export interface SubmitInput {
  payer: string;
  signature: string;
  valid_after: string;
  valid_before: string;
  nonce: string;
}

export type SubmissionStatus = "submitted" | "mined" | "reverted" | "superseded";

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

function requireOpen(ctx: AppContext, intent: IntentRow): void {
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

function messageFor(intent: IntentRow, payer: Address, validAfter: bigint, validBefore: bigint): AuthorizationMessage {
  return { from: payer, to: getAddress(intent.paymentAddress), value: intent.amountUnits, validAfter, validBefore, nonce: authorizationNonce(intent.id, payer) };
}

/** The latest valid_before an intent allows: its expiry, in whole seconds (block timestamps). */
const latestValidBefore = (intent: IntentRow) => BigInt(Math.floor(intent.expiresAt.getTime() / 1000));

/** Records that `payer` was asked to sign for `intent` (the matcher's key from a nonce to its intent). */
async function remember(ctx: AppContext, intent: IntentRow, target: Target, m: AuthorizationMessage): Promise<void> {
  await ctx.database.sql`
    INSERT INTO app.payment_authorizations (intent_id, payer, chain_id, token_address, merchant_id, pay_to, value_units, nonce)
    VALUES (${intent.id}, ${m.from.toLowerCase()}, ${intent.chainId}, ${target.token.toLowerCase()}, ${intent.merchantId}, ${m.to.toLowerCase()}, ${m.value.toString()}, ${m.nonce})
    ON CONFLICT (intent_id, payer) DO NOTHING`;
}

/** GET: the typed data `payer` signs to pay `intent`. */
export async function authorizationFor(ctx: AppContext, domains: TokenDomains, intent: IntentRow, payerText: string | undefined) {
  const payer = parsePayer(payerText);
  requireOpen(ctx, intent);
  const target = await targetOf(ctx, domains, intent);
  const m = messageFor(intent, payer, 0n, latestValidBefore(intent));
  await remember(ctx, intent, target, m);
  return { object: "transfer_authorization" as const, typed_data: typedDataJson(target.domain, m) };
}

function parseSubmission(body: unknown): { payer: Address; signature: Hex; validAfter: bigint; validBefore: bigint; nonce: Hex } {
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

/** POST: verifies a signed authorization for `intent` and relays it. */
export async function submitAuthorization(ctx: AppContext, domains: TokenDomains, intent: IntentRow, body: unknown) {
  const s = parseSubmission(body);
  requireOpen(ctx, intent);
  const target = await targetOf(ctx, domains, intent);
  const { chain, token } = target;
  const m = messageFor(intent, s.payer, s.validAfter, s.validBefore);
  if (s.nonce !== m.nonce.toLowerCase())
    throw new ApiError("authorization_invalid", "The nonce is not this payment intent's for this payer: sign the typed data of GET /v1/payment-intents/{id}/authorization.", "nonce");
  const nowS = BigInt(Math.floor(ctx.clock.now().getTime() / 1000));
  if (s.validBefore > latestValidBefore(intent))
    throw new ApiError("authorization_invalid", "valid_before is later than the payment intent's expiry.", "valid_before");
  if (s.validBefore <= nowS + MIN_WINDOW_LEFT_S) throw new ApiError("authorization_expired", "The signed authorization has expired (valid_before has passed): sign again.", "valid_before");
  if (s.validAfter >= nowS) throw new ApiError("authorization_invalid", "The signed authorization is not valid yet (valid_after is not in the past).", "valid_after");

  // The payer's signature over what the intent asks (amount, recipient, token, chain): EOA or ERC-1271.
  const valid = await chain.publicClient
    .verifyTypedData({ address: s.payer, domain: target.domain, types: TRANSFER_WITH_AUTHORIZATION_TYPES, primaryType: "TransferWithAuthorization", message: { ...m }, signature: s.signature })
    .catch(() => false);
  if (!valid)
    throw new ApiError(
      "signature_invalid",
      "The signature is not the payer's over this payment intent's authorization (amount, recipient, token and chain as in GET /v1/payment-intents/{id}/authorization).",
      "signature",
    );
  await remember(ctx, intent, target, m);

  // Submitted before (this signature or another of the same nonce): that transaction is the answer.
  const earlier = await relayOf(ctx, intent.id, s.payer);
  if (earlier) return answer(ctx, chain, intent, s.payer, m.nonce, earlier);

  const used = await chain.publicClient.readContract({ address: token, abi: eip3009Abi, functionName: "authorizationState", args: [s.payer, m.nonce] });
  if (used) throw new ApiError("authorization_used", "This authorization was already used (or cancelled) on chain. If it paid, the payment intent confirms from the chain by itself.");
  const balance = await chain.publicClient.readContract({ address: token, abi: usdcAbi, functionName: "balanceOf", args: [s.payer] });
  if (balance < m.value) throw new ApiError("insufficient_funds", `The payer holds less ${intent.token} than the amount of this payment intent.`, "payer");
  const gasPrice = await chain.publicClient.getGasPrice();
  if (gasPrice > ctx.config.relayMaxGasPriceWei)
    throw new ApiError("gas_price_above_ceiling", "The network's gas price is above what this service pays for a relay right now. Retry later, or pay with a transfer.", undefined, 503, { "retry-after": "30" });
  const call = {
    address: token,
    abi: eip3009Abi,
    functionName: "transferWithAuthorization",
    args: [m.from, m.to, m.value, m.validAfter, m.validBefore, m.nonce, s.signature],
  } as const;
  try {
    await chain.publicClient.simulateContract({ account: chain.sender.address, ...call });
  } catch (err) {
    throw rejected(err);
  }

  // One relay per (intent, payer): claim it, or wait for the submission that holds it.
  const [claimed] = await ctx.database.sql`
    UPDATE app.payment_authorizations SET relay_claimed_at = now()
    WHERE intent_id = ${intent.id} AND payer = ${s.payer.toLowerCase()} AND relay_tx_hash IS NULL
      AND (relay_claimed_at IS NULL OR relay_claimed_at < now() - ${`${CLAIM_STALE_SECONDS} seconds`}::interval)
    RETURNING intent_id`;
  if (!claimed) {
    const hash = await waitForRelay(ctx, intent.id, s.payer);
    if (hash) return answer(ctx, chain, intent, s.payer, m.nonce, hash);
    throw new ApiError("service_unavailable", "Another submission of this authorization is in progress. Retry in a few seconds.", undefined, 503, { "retry-after": "2" });
  }
  // A process without the operator key (production API): a signing role relays it (relay-requests.ts).
  if (!chain.canSign) return handOverRelay(ctx, chain, intent, s.payer, m.nonce, { validAfter: m.validAfter, validBefore: m.validBefore, signature: s.signature });
  let hash: Hex;
  try {
    hash = await chain.sender.write(call, async (tx, signed) => {
      await tx`UPDATE app.payment_authorizations SET relay_tx_hash = ${signed.hash}, relay_submitted_at = now()
               WHERE intent_id = ${intent.id} AND payer = ${s.payer.toLowerCase()}`;
    });
  } catch (err) {
    // Signed and journaled but not broadcast (the node did not answer): the nonce keeper sends it.
    const recorded = await relayOf(ctx, intent.id, s.payer);
    if (recorded) return answer(ctx, chain, intent, s.payer, m.nonce, recorded);
    await ctx.database.sql`UPDATE app.payment_authorizations SET relay_claimed_at = NULL WHERE intent_id = ${intent.id} AND payer = ${s.payer.toLowerCase()} AND relay_tx_hash IS NULL`;
    const usedNow = await chain.publicClient.readContract({ address: token, abi: eip3009Abi, functionName: "authorizationState", args: [s.payer, m.nonce] }).catch(() => false);
    if (usedNow) throw new ApiError("authorization_used", "This authorization was used on chain by another transaction meanwhile; the payment intent confirms from it.");
    throw rejected(err);
  }
  ctx.log.info("payment by signature relayed", { intentId: intent.id, chainId: chain.chainId, txHash: hash });
  return answer(ctx, chain, intent, s.payer, m.nonce, hash);
}

/**
 * Hands a claimed, checked authorization to a signing role (app.payment_authorizations.relay_request)
 * and answers as an inline relay would once its hash is recorded; a signer that does not take it in
 * time leaves the claim to go stale, and the payer's retry (or the signer, later) relays it once.
 */
async function handOverRelay(ctx: AppContext, chain: ChainRuntime, intent: IntentRow, payer: Address, nonce: Hex, request: { validAfter: bigint; validBefore: bigint; signature: Hex }) {
  const body = { valid_after: request.validAfter.toString(), valid_before: request.validBefore.toString(), signature: request.signature };
  await ctx.database.sql`
    WITH due AS (
      UPDATE app.payment_authorizations SET relay_request = ${pgJson(body)}::text::jsonb, relay_due_at = now()
      WHERE intent_id = ${intent.id} AND payer = ${payer.toLowerCase()} AND relay_tx_hash IS NULL RETURNING 1)
    SELECT pg_notify(${OPERATOR_JOBS_CHANNEL}, 'relay') FROM due`;
  // Within the request's deadline as a whole (5 s): the hash within HANDOVER_WAIT_MS, then the receipt for what is left.
  const started = Date.now();
  const hash = await waitForRelay(ctx, intent.id, payer, HANDOVER_WAIT_MS);
  if (hash) return answer(ctx, chain, intent, payer, nonce, hash, Math.max(250, RELAY_WAIT_MS - (Date.now() - started)));
  throw new ApiError("service_unavailable", "The relay of this authorization is queued and was not sent yet. Retry in a few seconds: the retry answers its transaction.", undefined, 503, { "retry-after": "2" });
}

function rejected(err: unknown): ApiError {
  const reason = String((err as { shortMessage?: string }).shortMessage ?? (err as Error).message ?? err).split("\n")[0]!.slice(0, 200);
  return new ApiError("authorization_rejected", `The token refuses this authorization: ${reason}`);
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

/** What became of a relay within RELAY_WAIT_MS: mined, reverted (superseded when the nonce was used by another transaction), or still submitted. */
async function answer(ctx: AppContext, chain: ChainRuntime, intent: IntentRow, payer: Address, nonce: Hex, hash: Hex, waitMs = RELAY_WAIT_MS) {
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash, timeout: waitMs, pollingInterval: 100 }).catch(() => null);
  if (!receipt) {
    relays.inc({ chain_id: chain.chainId, outcome: "submitted" });
    return submissionShape(intent.id, "submitted", hash);
  }
  await recordRelayCost(ctx.database.sql, chain.chainId, intent.id, payer, hash, receipt);
  let status: SubmissionStatus = "mined";
  if (receipt.status !== "success") {
    const used = parseEventLogs({ abi: eip3009Abi, logs: receipt.logs, eventName: "AuthorizationUsed" }).length > 0;
    const state = used || (await chain.publicClient.readContract({ address: receipt.to ?? getAddress(intent.paymentAddress), abi: eip3009Abi, functionName: "authorizationState", args: [payer, nonce] }).catch(() => false));
    status = state ? "superseded" : "reverted";
  }
  relays.inc({ chain_id: chain.chainId, outcome: status });
  return submissionShape(intent.id, status, hash);
}
