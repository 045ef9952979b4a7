/**
 * `payment_link.used_up`: sent once, when a link with `max_uses` has that many confirmed intents.
 *
 * Confirmations are the matcher's (its one statement per batch stays as it is); the matcher role
 * calls noteConfirmed after each batch that confirmed intents, and a visit of a used-up link calls
 * markUsedUp too, so a confirmation whose process died right after its commit is still announced,
 * at the link's next visit. The row lock and `used_up_at` make every caller after the first a no-op.
 */
import type { Sql } from "../../db/client.ts";
import { pgTs } from "../../db/pg-values.ts";
import { insertEvent } from "../outbox/outbox.ts";
import { findLink } from "./service.ts";
import { linkShape } from "./shapes.ts";

/** The links of these just-confirmed intents that have a cap: each checked (one index probe when none). */
export async function noteConfirmed(sql: Sql, intentIds: string[], now: Date, publicBaseUrl: string): Promise<void> {
  if (intentIds.length === 0) return;
  const links = await sql<{ link_id: string }[]>`
    SELECT DISTINCT c.link_id FROM app.payment_link_claims c JOIN app.payment_links l ON l.id = c.link_id
    WHERE c.intent_id = ANY(${intentIds}::text[]) AND l.max_uses IS NOT NULL AND l.used_up_at IS NULL`;
  for (const { link_id } of links) await markUsedUp(sql, link_id, now, publicBaseUrl);
}

/** Sends `payment_link.used_up` if the link is used up and it was not sent yet. */
export async function markUsedUp(sql: Sql, linkId: string, now: Date, publicBaseUrl: string): Promise<void> {
  await sql.begin(async (tx) => {
    const link = await findLink(tx, linkId, true);
    if (!link || link.maxUses === null || link.uses < link.maxUses) return;
    const [first] = await tx`UPDATE app.payment_links SET used_up_at = ${pgTs(now)}::timestamptz WHERE id = ${linkId} AND used_up_at IS NULL RETURNING id`;
    if (!first) return;
    await insertEvent(tx, { mode: link.mode, type: "payment_link.used_up", merchantId: link.merchantId, accountId: null, data: linkShape(link, publicBaseUrl), createdAt: now });
  });
}
