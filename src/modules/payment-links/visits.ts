/**
 * A visit of a link's public page: one payment intent per visitor while it is open.
 *
 * The browser carries a random visitor token (a cookie per link, set by api.ts). A visitor who
 * comes back while the intent minted for it awaits payment gets that intent again, and so does a
 * second request of the visitor while the first is still creating it; anyone else gets a new one. A link with `max_uses` hands out a use as a claim row under the link's row lock,
 * counting claims still being turned into an intent, intents awaiting payment and confirmed ones:
 * at most `max_uses` intents can ever be confirmed, and a customer who cannot have the last use is
 * told so before paying (`busy`), rather than after.
 */
import type { AppContext } from "../../context.ts";
import { ApiError } from "../../domain/errors.ts";
import { newId, randomBase62 } from "../../domain/ids.ts";
import { pgTs } from "../../db/pg-values.ts";
import { createIntent } from "../payment-intents/service.ts";
import { typedAmount } from "./amount.ts";
import { findLink } from "./service.ts";
import { markUsedUp } from "./used-up.ts";
import type { LinkRow } from "./row.ts";

/** How long a minted intent waits for payment: long enough to fetch a phone and a wallet. */
export const LINK_INTENT_TTL_SECONDS = 900;
/**
 * A claim not yet turned into an intent holds its use this long: far longer than a create takes, so
 * a claim only stops counting when its request died between the claim and the create.
 */
const CLAIM_HOLD_MS = 60_000;

/** `refused`: the intent's create refused it (the merchant disabled, every value of the amount held). */
export type Unavailable = "inactive" | "expired" | "used_up" | "busy" | "refused";

export type VisitOutcome =
  | { kind: "missing" }
  | { kind: "unavailable"; reason: Unavailable; link: LinkRow }
  | { kind: "ask_amount"; link: LinkRow; error?: string; typed?: string }
  | { kind: "intent"; intentId: string; created: boolean };

export function newVisitor(): string {
  return randomBase62(32);
}

/** Why the link takes no payment now, judged on the row as read (confirmed uses included), or undefined. */
function closed(link: LinkRow, now: Date): Unavailable | undefined {
  if (!link.active) return "inactive";
  if (link.expiresAt !== null && link.expiresAt.getTime() <= now.getTime()) return "expired";
  if (link.maxUses !== null && link.uses >= link.maxUses) return "used_up";
  return undefined;
}

export async function visitLink(ctx: AppContext, id: string, visitor: string, amountText: string | undefined): Promise<VisitOutcome> {
  const sql = ctx.database.sql;
  const link = await findLink(sql, id);
  if (!link) return { kind: "missing" };
  const now = ctx.clock.now();
  const shut = closed(link, now);
  // Announced here too, in case the process that confirmed the last use died before announcing it.
  if (shut === "used_up") await markUsedUp(sql, link.id, now, ctx.config.publicBaseUrl);
  if (shut) return { kind: "unavailable", reason: shut, link };

  const [open] = await sql<{ intent_id: string }[]>`
    SELECT c.intent_id FROM app.payment_link_claims c JOIN app.payment_intents p ON p.id = c.intent_id
    WHERE c.link_id = ${link.id} AND c.visitor = ${visitor} AND p.status = 'awaiting_payment' AND p.expires_at > ${pgTs(now)}::timestamptz
    ORDER BY c.created_at DESC LIMIT 1`;
  if (open) return { kind: "intent", intentId: open.intent_id, created: false };

  let amountUnits: bigint;
  if (link.amountUnits !== null) amountUnits = link.amountUnits;
  else {
    if (amountText === undefined) return { kind: "ask_amount", link };
    const typed = typedAmount(amountText, link.minimumUnits!, link.maximumUnits!);
    if ("error" in typed) return { kind: "ask_amount", link, error: typed.error, typed: amountText };
    amountUnits = typed.units;
  }

  const claim = await claimUse(ctx, link, visitor, now);
  if (typeof claim !== "string") return claim.kind === "pending" ? await intentOfClaim(ctx, claim.claimId) : claim;
  try {
    const { intent } = await createIntent(
      ctx,
      // The intent is created as the link's creator would create it: that account's key scoped to the merchant.
      { keyId: `link:${link.id}`, accountId: link.accountId, mode: link.mode, scopeMerchantId: link.merchantId, canRefund: false },
      { amountUnits, merchantId: link.merchantId, ttlSeconds: LINK_INTENT_TTL_SECONDS, metadata: { payment_link: link.id }, idempotencyKey: undefined, chain: link.chain, token: link.token },
    );
    await sql`UPDATE app.payment_link_claims SET intent_id = ${intent.id} WHERE id = ${claim}`;
    return { kind: "intent", intentId: intent.id, created: true };
  } catch (err) {
    // No intent: the use goes back at once rather than after CLAIM_HOLD_MS.
    await sql`DELETE FROM app.payment_link_claims WHERE id = ${claim} AND intent_id IS NULL`.catch(() => {});
    if (!(err instanceof ApiError) || err.status >= 500) throw err;
    // A rule of the create, not a failure: the customer gets a page, the operator a line saying why.
    ctx.log.warn("payment link: the intent's create was refused", { payment_link: link.id, merchant_id: link.merchantId, code: err.code, message: err.message });
    return { kind: "unavailable", reason: "refused", link };
  }
}

/** How long a second request of one visitor waits for the intent its first request is creating. */
const PENDING_WAIT_MS = 5_000;

/**
 * The intent another request of the same visitor (a reload while the first load was still
 * creating it, two tabs at once) is creating: waited for, so one visitor never holds two.
 */
async function intentOfClaim(ctx: AppContext, claimId: string): Promise<VisitOutcome> {
  const until = Date.now() + PENDING_WAIT_MS;
  for (;;) {
    const [c] = await ctx.database.sql<{ intent_id: string | null }[]>`SELECT intent_id FROM app.payment_link_claims WHERE id = ${claimId}`;
    if (c?.intent_id) return { kind: "intent", intentId: c.intent_id, created: false };
    if (!c || Date.now() > until) throw new Error("a payment link visit's intent was not created in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A claim id; or the visitor's claim another request is turning into an intent (`pending`); or why
 * the link has no use to hand out (checked again under its row lock). One visitor's requests are
 * serialized by an advisory lock per (link, visitor), taken before the link's row lock (one order,
 * no deadlock); links without a cap take no row lock, so their visitors never wait on each other.
 */
async function claimUse(ctx: AppContext, link: LinkRow, visitor: string, now: Date): Promise<string | VisitOutcome | { kind: "pending"; claimId: string }> {
  const id = newId("linkClaim");
  const holdSince = pgTs(new Date(now.getTime() - CLAIM_HOLD_MS));
  return (await ctx.database.sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(hashtextextended(${`payment_link:${link.id}:${visitor}`}, 0))`;
    // Read again under the lock: another request of this visitor may have finished meanwhile.
    const [mine] = await tx<{ id: string; intent_id: string | null }[]>`
      SELECT c.id, c.intent_id FROM app.payment_link_claims c LEFT JOIN app.payment_intents p ON p.id = c.intent_id
      WHERE c.link_id = ${link.id} AND c.visitor = ${visitor}
        AND ((c.intent_id IS NULL AND c.created_at > ${holdSince}::timestamptz)
             OR (p.status = 'awaiting_payment' AND p.expires_at > ${pgTs(now)}::timestamptz))
      ORDER BY c.created_at DESC LIMIT 1`;
    if (mine?.intent_id) return { kind: "intent", intentId: mine.intent_id, created: false } as const;
    if (mine) return { kind: "pending", claimId: mine.id } as const;
    if (link.maxUses !== null) {
      const locked = await findLink(tx, link.id, true);
      if (!locked) return { kind: "missing" } as const;
      const shut = closed(locked, now);
      if (shut) return { kind: "unavailable", reason: shut, link: locked } as const;
      const [held] = await tx<{ n: number }[]>`
        SELECT count(*)::int AS n FROM app.payment_link_claims c LEFT JOIN app.payment_intents p ON p.id = c.intent_id
        WHERE c.link_id = ${link.id}
          AND ((c.intent_id IS NULL AND c.created_at > ${holdSince}::timestamptz)
               OR p.status IN ('awaiting_payment', 'confirmed', 'settled'))`;
      if (locked.maxUses !== null && (held?.n ?? 0) >= locked.maxUses) return { kind: "unavailable", reason: "busy", link: locked } as const;
    }
    await tx`INSERT INTO app.payment_link_claims (id, link_id, visitor, intent_id, created_at) VALUES (${id}, ${link.id}, ${visitor}, NULL, ${pgTs(now)}::timestamptz)`;
    return id;
  })) as string | VisitOutcome | { kind: "pending"; claimId: string };
}
