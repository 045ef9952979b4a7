/**
 * Transfers made by an EIP-3009 authorization the service asked for (modules/authorizations/):
 * they carry the intent's exact amount, without a value tag, so the reservation of their value is
 * not their intent's. They are tied to their intent by the authorization's nonce instead: a
 * transfer from the payer, of the authorization's value, to its recipient, in a transaction that
 * used that nonce (AuthorizationUsed of the same token) is that intent's payment. The chain uses a
 * nonce once, so at most one transfer ever matches an authorization, whoever submitted it: the
 * operator's relay (its hash is recorded before broadcast: no RPC needed) or anyone else (the
 * transaction's receipt shows the nonce).
 */
import type { Sql } from "../../db/client.ts";
import { pgJson } from "../../db/pg-values.ts";
import { intentFromDb } from "../payment-intents/service.ts";
import type { IndexedTransfer } from "./chain-reader.ts";
import type { Found, MerchantInfo } from "./record.ts";

/** The AuthorizationUsed logs of a transaction (lowercase token, authorizer and nonce; the log's index in its block). */
export type AuthorizationsUsedIn = (txHash: string) => Promise<{ token: string; authorizer: string; nonce: string; logIndex: number }[]>;

/**
 * The authorization a transfer was made by: the token's AuthorizationUsed that comes last before the
 * transfer's own log (FiatToken marks the nonce used, then transfers). A transaction that submits
 * several authorizations (a batch, a contract wallet's multicall) has one pair per payment, so each
 * transfer is paired with its own nonce, not with every nonce the transaction used.
 */
function authorizationOf(logs: Awaited<ReturnType<AuthorizationsUsedIn>>, token: string, transferLogIndex: number) {
  let found: (typeof logs)[number] | undefined;
  for (const l of logs) if (l.token === token && l.logIndex < transferLogIndex && (!found || l.logIndex > found.logIndex)) found = l;
  return found;
}

export const transferKey = (t: Pick<IndexedTransfer, "txHash" | "logIndex">) => `${t.txHash.toLowerCase()}:${t.logIndex}`;

/** The intents of the transfers of `transfers` made by an authorization the service issued, by transferKey. */
export async function lookupAuthorizationPayments(
  sql: Sql,
  chainId: number,
  transfers: IndexedTransfer[],
  merchants: Map<string, MerchantInfo>,
  usedIn: AuthorizationsUsedIn | undefined,
): Promise<Map<string, Found>> {
  const out = new Map<string, Found>();
  const keys = transfers
    .filter((t) => merchants.has(t.to) && t.tokenAddress !== undefined)
    .map((t, i) => ({ i, to: t.to.toLowerCase(), from: t.from.toLowerCase(), value: t.value.toString(), token: t.tokenAddress!.toLowerCase(), tx: t.txHash.toLowerCase(), li: t.logIndex }));
  if (keys.length === 0) return out;
  const rows = (await sql.unsafe(
    `SELECT k.tx AS k_tx, k.li AS k_li, a.relay_tx_hash AS a_relay_tx_hash, a.nonce AS a_nonce, a.payer AS a_payer, a.token_address AS a_token, p.*
     FROM jsonb_to_recordset($1::text::jsonb) AS k(i int, "to" text, "from" text, value text, token text, tx text, li int)
     JOIN app.payment_authorizations a
       ON a.chain_id = $2 AND a.pay_to = k."to" AND a.value_units = k.value::int8 AND a.payer = k."from" AND a.token_address = k.token
     JOIN app.payment_intents p ON p.id = a.intent_id`,
    [pgJson(keys), chainId] as never[],
  )) as unknown as Record<string, unknown>[];
  const receipts = new Map<string, ReturnType<AuthorizationsUsedIn>>();
  for (const r of rows) {
    const tx = String(r.k_tx);
    // The operator's relay carries one authorization: its recorded hash is proof enough, without a receipt.
    let carries = r.a_relay_tx_hash !== null && String(r.a_relay_tx_hash).toLowerCase() === tx;
    if (!carries && usedIn) {
      let logs = receipts.get(tx);
      if (!logs) receipts.set(tx, (logs = usedIn(tx)));
      const own = authorizationOf(await logs, String(r.a_token), Number(r.k_li));
      carries = own !== undefined && own.authorizer === r.a_payer && own.nonce === String(r.a_nonce).toLowerCase();
    }
    if (!carries) continue;
    const intent = intentFromDb(r);
    // Held for this intent whatever the quarantine of its value: the nonce names it.
    out.set(`${tx}:${Number(r.k_li)}`, { reservation: { intentId: intent.id, releasedAfter: null }, intent });
  }
  return out;
}
