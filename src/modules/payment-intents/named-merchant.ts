/**
 * The merchant a create of something payable names (an intent, a payment link, a customer's deposit
 * address): the key's own when it is scoped and names none. One set of answers for all of them: a
 * missing merchant_id, and a merchant the key may not see or of the other mode, are 400s naming the
 * field (it is the body's, not the path's); a merchant that cannot take payments is merchant_not_active.
 */
import type { AppContext } from "../../context.ts";
import type { Mode } from "../../db/schema/core.ts";
import { ApiError } from "../../domain/errors.ts";
import { isIdOf } from "../../domain/ids.ts";
import { printableName } from "../../domain/text.ts";
import type { Principal } from "../access/authenticator.ts";

export interface NamedMerchant {
  id: string;
  mode: Mode;
  status: string;
  /** The merchant's account (lowercase as stored); null until it is created. */
  paymentAddress: string | null;
}

/** Read fresh (no cache): a create must not be refused on a merchant activated a moment ago. */
export async function merchantNamedByCreate(ctx: AppContext, p: Principal, merchantId: string | undefined): Promise<NamedMerchant> {
  const id = merchantId ?? p.scopeMerchantId;
  if (id === null) throw new ApiError("parameter_missing", "Missing required param: merchant_id (required unless the API key is scoped to a single merchant).", "merchant_id");
  const unknown = () => new ApiError("resource_missing", `No such merchant: '${printableName(id)}'`, "merchant_id", 400);
  if (!isIdOf("merchant", id) || !(await ctx.auth.canSeeMerchant(p, id))) throw unknown();
  const [m] = await ctx.database.sql<{ mode: Mode; status: string; payment_address: string | null }[]>`
    SELECT mode, status, payment_address FROM app.merchants WHERE id = ${id}`;
  if (!m || m.mode !== p.mode) throw unknown();
  return { id, mode: m.mode, status: m.status, paymentAddress: m.payment_address };
}

/** The refusal of a create for a merchant that cannot take payments; `why` adds what else is missing. */
export function merchantNotActive(id: string, status: string, why = ""): ApiError {
  return new ApiError("merchant_not_active", `Merchant '${id}' cannot take payments (status: ${status}${why}).`, "merchant_id");
}
