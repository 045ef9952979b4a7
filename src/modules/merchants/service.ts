/** Merchant reads for the API; knows nothing about HTTP beyond throwing ApiError. */
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import { merchants } from "../../db/schema/core.ts";
import { isIdOf } from "../../domain/ids.ts";
import type { Principal } from "../access/authenticator.ts";
import { notFound } from "../../domain/errors.ts";

export type MerchantRow = typeof merchants.$inferSelect;

/** The merchant if the key may see it; 404 otherwise (never reveal existence). */
export async function getVisibleMerchant(ctx: AppContext, p: Principal, id: string): Promise<MerchantRow> {
  if (!isIdOf("merchant", id) || !(await ctx.auth.canSeeMerchant(p, id))) throw notFound("merchant", id);
  const [row] = await ctx.database.db.select().from(merchants).where(eq(merchants.id, id));
  if (!row) throw notFound("merchant", id);
  return row;
}
