/**
 * The refine steps of a payment link's create and update bodies, for what their schemas (model.ts)
 * cannot say: amounts in cents within the intent's range, bounds in order, a timestamp in the
 * future, a redirect URL a browser can follow. Pure: no database, no HTTP beyond throwing ApiError.
 */
import { ApiError } from "../../domain/errors.ts";
import { parseIsoInstant } from "../../http/query.ts";
import { AMOUNT_MAX_UNITS, AMOUNT_MIN_UNITS, parseAmount, parseMetadata } from "../payment-intents/input.ts";

export const MAX_USES_LIMIT = 1_000_000;
export const REDIRECT_URL_MAX = 2048;

export interface LinkAmount {
  /** A fixed amount, or undefined for an amount the customer types within the bounds. */
  fixedUnits?: bigint;
  minimumUnits?: bigint;
  maximumUnits?: bigint;
  presetUnits?: bigint;
}

export interface CreateLinkInput {
  merchantId: string | undefined;
  amount: LinkAmount;
  chain: string | undefined;
  token: string | undefined;
  maxUses: number | null;
  expiresAt: Date | null;
  redirectUrl: string | null;
  metadata: Record<string, string>;
}

export interface CreateLinkBodyValue {
  merchant_id?: string;
  amount?: number;
  amount_options?: { minimum: number; maximum: number; preset?: number };
  currency?: string;
  chain?: string;
  token?: string;
  max_uses?: number;
  expires_at?: string;
  after_completion?: { redirect_url: string };
  metadata?: Record<string, string>;
}

export interface UpdateLinkBodyValue {
  active?: boolean;
  metadata?: Record<string, string>;
  after_completion?: { redirect_url: string } | null;
}

export interface UpdateLinkInput {
  active?: boolean;
  metadata?: Record<string, string>;
  /** null: no redirect any more; undefined: unchanged. */
  redirectUrl?: string | null;
}

const amountOf = (v: unknown, param: string) => parseAmount(v, param, AMOUNT_MIN_UNITS, AMOUNT_MAX_UNITS, 2);

export function refineCreateLink(body: CreateLinkBodyValue, now: Date): CreateLinkInput {
  return {
    merchantId: body.merchant_id,
    amount: linkAmount(body),
    chain: body.chain,
    token: body.token,
    maxUses: body.max_uses ?? null,
    expiresAt: body.expires_at === undefined ? null : futureInstant(body.expires_at, now),
    redirectUrl: body.after_completion === undefined ? null : redirectUrl(body.after_completion.redirect_url),
    metadata: body.metadata === undefined ? {} : parseMetadata(body.metadata),
  };
}

export function refineUpdateLink(body: UpdateLinkBodyValue): UpdateLinkInput {
  return {
    active: body.active,
    metadata: body.metadata === undefined ? undefined : parseMetadata(body.metadata),
    redirectUrl: body.after_completion === undefined ? undefined : body.after_completion === null ? null : redirectUrl(body.after_completion.redirect_url),
  };
}

/** Exactly one of `amount` (fixed) and `amount_options` (the customer types it, within bounds). */
function linkAmount(body: CreateLinkBodyValue): LinkAmount {
  if (body.amount !== undefined && body.amount_options !== undefined)
    throw new ApiError("parameter_invalid", "Invalid amount_options: give either amount (a fixed amount) or amount_options (the customer types the amount), not both.", "amount_options");
  if (body.amount !== undefined) return { fixedUnits: amountOf(body.amount, "amount") };
  const o = body.amount_options;
  if (o === undefined) throw new ApiError("parameter_missing", "Missing required param: amount (or amount_options, for an amount the customer types).", "amount");
  const minimumUnits = amountOf(o.minimum, "amount_options.minimum");
  const maximumUnits = amountOf(o.maximum, "amount_options.maximum");
  if (minimumUnits > maximumUnits) throw new ApiError("parameter_invalid", "Invalid amount_options.maximum: must not be below amount_options.minimum.", "amount_options.maximum");
  const presetUnits = o.preset === undefined ? undefined : amountOf(o.preset, "amount_options.preset");
  if (presetUnits !== undefined && (presetUnits < minimumUnits || presetUnits > maximumUnits))
    throw new ApiError("amount_out_of_range", "amount_options.preset must be between amount_options.minimum and amount_options.maximum.", "amount_options.preset");
  return { minimumUnits, maximumUnits, presetUnits };
}

function futureInstant(text: string, now: Date): Date {
  const t = parseIsoInstant(text);
  if (!t) throw new ApiError("parameter_invalid", "Invalid expires_at: must be an ISO 8601 timestamp such as 2026-04-01T12:00:00.000Z.", "expires_at");
  if (t.ms <= now.getTime()) throw new ApiError("parameter_invalid", "Invalid expires_at: must be in the future.", "expires_at");
  return new Date(t.ms);
}

/** An absolute http(s) URL without credentials: where the customer's browser goes after paying. */
function redirectUrl(text: string): string {
  const param = "after_completion.redirect_url";
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ApiError("parameter_invalid", `Invalid ${param}: must be an absolute http or https URL.`, param);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new ApiError("parameter_invalid", `Invalid ${param}: must be an absolute http or https URL.`, param);
  if (url.username !== "" || url.password !== "") throw new ApiError("parameter_invalid", `Invalid ${param}: must not carry a user name or password.`, param);
  if (url.href.length > REDIRECT_URL_MAX) throw new ApiError("parameter_invalid", `Invalid ${param}: at most ${REDIRECT_URL_MAX} characters.`, param);
  return url.href;
}
