/**
 * Validation of the create body and the list query, by hand, so every failure carries the code and
 * `param` docs/contributors.md "Errors" gives it (the TypeBox schemas in model.ts document the same rules for OpenAPI).
 * Pure: no database, no HTTP beyond throwing ApiError.
 */
import type { IntentStatus } from "../../domain/intent-status.ts";
import { usdToUnits } from "../../domain/money.ts";
import { ApiError } from "../../domain/errors.ts";
import { isIdOf } from "../../domain/ids.ts";
import type { PaymentAddressType } from "../../domain/payment-address-type.ts";
import { codePoints, printableName, storableText } from "../../domain/text.ts";
import { parseIdempotencyKey } from "../idempotency/key.ts";

import { parseAfterParam, parseBeforeParam, parseCursorParam, parseLimitParam, rawQueryParam } from "../../http/list-params.ts";

export const AMOUNT_MIN_UNITS = 10_000n; // 0.01 USD
export const AMOUNT_MAX_UNITS = 10_000_000_000n; // 10,000 USD
export const TTL_MIN = 60;
export const TTL_MAX = 3600;
export const TTL_DEFAULT = 300;
export const METADATA_MAX_KEYS = 10;
export const METADATA_KEY_MAX = 40;
export const METADATA_VALUE_MAX = 500;


export interface CreateIntentInput {
  amountUnits: bigint;
  merchantId: string;
  ttlSeconds: number;
  metadata: Record<string, string>;
  idempotencyKey: string | undefined;
  /** As sent (undefined: the default); checked against the mode's enabled pairs by the service (chain/pairs.ts). */
  chain: string | undefined;
  token: string | undefined;
  /** As sent (undefined or absent: the merchant's default_payment_address_type). */
  paymentAddressType?: PaymentAddressType | undefined;
}

/** The create body once CreateIntentBody (model.ts) has validated it. */
export interface CreateIntentBodyValue {
  amount: number;
  currency: string;
  merchant_id: string;
  metadata?: Record<string, string>;
  ttl?: number;
  idempotency_key?: string;
  chain?: string;
  token?: string;
  payment_address_type?: PaymentAddressType;
}

/**
 * The refine steps of a create, for what the schema cannot say: at most 2 decimals of the amount,
 * metadata lengths in code points and storable text, printable idempotency keys, and the body field
 * and the `Idempotency-Key` header agreeing.
 */
export function refineCreateIntent(body: CreateIntentBodyValue, idempotencyHeader: string | null): CreateIntentInput {
  const amountUnits = parseAmount(body.amount, "amount", AMOUNT_MIN_UNITS, AMOUNT_MAX_UNITS, 2);
  const metadata = body.metadata === undefined ? {} : parseMetadata(body.metadata);
  const bodyKey = body.idempotency_key === undefined ? undefined : parseIdempotencyKey(body.idempotency_key);
  const headerKey = idempotencyHeader === null ? undefined : parseIdempotencyKey(idempotencyHeader);
  if (bodyKey !== undefined && headerKey !== undefined && bodyKey !== headerKey)
    throw new ApiError("parameter_invalid", "The idempotency_key body field and the Idempotency-Key header differ; send one, or the same value in both.", "idempotency_key");
  return { amountUnits, merchantId: body.merchant_id, ttlSeconds: body.ttl ?? TTL_DEFAULT, metadata, idempotencyKey: bodyKey ?? headerKey, chain: body.chain, token: body.token, paymentAddressType: body.payment_address_type };
}

/**
 * A USD amount given as a JSON number: range first (so 0.009 and -0 are out of range), then
 * decimals. Strings, booleans, null, objects are the wrong type.
 */
export function parseAmount(value: unknown, param: string, minUnits: bigint, maxUnits: bigint, maxDecimals: number): bigint {
  if (value === undefined) throw missing(param);
  if (typeof value !== "number" || !Number.isFinite(value))
    throw new ApiError("parameter_invalid", `Invalid ${param}: must be a JSON number of US dollars, such as 12.5.`, param);
  const min = Number(minUnits) / 1e6;
  const max = Number(maxUnits) / 1e6;
  if (value < min || value > max) throw new ApiError("amount_out_of_range", `${param} must be between ${min} and ${max} USD.`, param);
  const units = usdToUnits(value, maxDecimals);
  if (units === undefined)
    throw new ApiError("parameter_invalid", `Invalid ${param}: at most ${maxDecimals} decimal places are allowed.`, param);
  if (units < minUnits || units > maxUnits) throw new ApiError("amount_out_of_range", `${param} must be between ${min} and ${max} USD.`, param);
  return units;
}

/**
 * A merchant id is any non-empty string here: one that names no merchant the key can see (whatever
 * its shape) is resource_missing, as Stripe answers `No such customer: 'foo'`.
 */
function parseMerchantId(value: unknown, required: boolean): string {
  if (value === undefined && required) throw missing("merchant_id");
  if (typeof value !== "string" || value.length === 0)
    throw new ApiError("parameter_invalid", "Invalid merchant_id: must be a merchant id such as 'mer_…'.", "merchant_id");
  return value;
}

/** Object of at most 10 string values; keys 1..40 and values 0..500 Unicode code points. */
export function parseMetadata(value: unknown): Record<string, string> {
  const bad = (why: string) => new ApiError("metadata_invalid", `Invalid metadata: ${why}`, "metadata");
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw bad("must be an object of string values.");
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > METADATA_MAX_KEYS) throw bad(`at most ${METADATA_MAX_KEYS} keys are allowed (got ${entries.length}).`);
  // A prototype-less copy: a key such as "__proto__" stays an ordinary key.
  const out = Object.create(null) as Record<string, string>;
  for (const [k, v] of entries) {
    if (k.length === 0) throw bad("keys must not be empty.");
    if (codePoints(k) > METADATA_KEY_MAX) throw bad(`keys are limited to ${METADATA_KEY_MAX} characters ('${printableName(k)}' is longer).`);
    if (!storableText(k)) throw bad(`key '${printableName(k)}' contains a NUL character or an unpaired surrogate.`);
    if (typeof v !== "string") throw bad(`the value of '${printableName(k)}' must be a string.`);
    if (codePoints(v) > METADATA_VALUE_MAX) throw bad(`values are limited to ${METADATA_VALUE_MAX} characters (the value of '${printableName(k)}' is longer).`);
    if (!storableText(v)) throw bad(`the value of '${printableName(k)}' contains a NUL character or an unpaired surrogate.`);
    out[k] = v;
  }
  return out;
}




function missing(param: string) {
  return new ApiError("parameter_missing", `Missing required param: ${param}.`, param);
}

export interface ListIntentsInput {
  /** undefined: the key's scoped merchant (checked by the service). */
  merchantId: string | undefined;
  status: IntentStatus | undefined;
  /** Strict bounds in ms: created_at > after, created_at < before. */
  createdAfterMs: number | undefined;
  createdBeforeMs: number | undefined;
  limit: number;
  startingAfter: string | undefined;
  /** Pair filters as sent; checked against the mode's enabled pairs by the service. */
  chain?: string | undefined;
  token?: string | undefined;
  /** Only the intents this payment link minted. */
  paymentLink?: string | undefined;
}

/** The refine steps of the list query (what its schema cannot say): time bounds, limit range, cursor kind. */
export function refineListIntents(
  q: { merchant_id?: string | undefined; status?: string | undefined; created_after?: string | undefined; created_before?: string | undefined; starting_after?: string | undefined; chain?: string | undefined; token?: string | undefined; payment_link?: string | undefined },
  url: string,
): ListIntentsInput {
  return {
    merchantId: q.merchant_id,
    // The schema admitted only INTENT_STATUSES.
    status: q.status as IntentStatus | undefined,
    createdAfterMs: parseAfterParam(q.created_after, "created_after"),
    createdBeforeMs: parseBeforeParam(q.created_before, "created_before"),
    limit: parseLimitParam(rawQueryParam(url, "limit")),
    startingAfter: parseCursorParam(q.starting_after, "paymentIntent"),
    chain: q.chain,
    token: q.token,
    paymentLink: q.payment_link === undefined ? undefined : paymentLinkParam(q.payment_link),
  };
}

function paymentLinkParam(value: string): string {
  if (!isIdOf("paymentLink", value)) throw new ApiError("parameter_invalid", `Invalid payment_link: must be a payment link id such as 'plink_…' (got '${printableName(value)}').`, "payment_link");
  return value;
}
