/**
 * The refine step of a customer's deposit address's create, for what its schema (model.ts) cannot
 * say, and the one check the dashboard's form goes through too. Pure: no database, no HTTP beyond
 * throwing ApiError.
 */
import { ApiError } from "../../domain/errors.ts";
import { storableText } from "../../domain/text.ts";
import { parseMetadata } from "../payment-intents/input.ts";

/** The longest customer reference: room for an email address or a composite key of the merchant's. */
export const CUSTOMER_REFERENCE_MAX = 200;

export interface CreateDepositAddressInput {
  merchantId: string | undefined;
  customerReference: string;
  metadata: Record<string, string>;
}

/** The create's input, checked as the API's schema does (the dashboard's form comes through here too). */
export function refineCreateDepositAddress(body: { merchant_id?: string; customer_reference: string; metadata?: Record<string, string> }): CreateDepositAddressInput {
  const ref = body.customer_reference;
  if (ref.length === 0 || ref.length > CUSTOMER_REFERENCE_MAX || /[\u0000-\u001f\u007f]/.test(ref))
    throw new ApiError("parameter_invalid", `Invalid customer_reference: 1 to ${CUSTOMER_REFERENCE_MAX} characters, no control characters.`, "customer_reference");
  if (!storableText(ref))
    throw new ApiError("parameter_invalid", "Invalid customer_reference: contains a NUL character or an unpaired surrogate.", "customer_reference");
  return { merchantId: body.merchant_id, customerReference: body.customer_reference, metadata: body.metadata === undefined ? {} : parseMetadata(body.metadata) };
}

