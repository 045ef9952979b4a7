/**
 * Deposit intents: an intent paid to an address of its own instead of the merchant's account with
 * a value tag. The address is the CREATE2 address the deposit-address factory gives the merchant's
 * account and the intent (chain/deposit-address.ts): the same on every chain, computed here without
 * any RPC. The intent and its row of app.deposit_addresses (what the indexer and the matcher look
 * the address up in) are written in one statement; no value is reserved, since nothing but the
 * address tells the intent's payments apart.
 */
import { getAddress, type Address } from "viem";
import type { Sql, Tx } from "../../db/client.ts";
import { pgJson, pgTs } from "../../db/pg-values.ts";
import { cachedDepositFactoryAddress, depositAddressAt, depositIntentRef } from "../../chain/deposit-address.ts";
import type { InsertArgs } from "./reserve.ts";

/** The deposit address of an intent of the merchant whose account is `account` (checksummed). */
export async function intentDepositAddress(account: string, intentId: string): Promise<Address> {
  return depositAddressAt(await cachedDepositFactoryAddress(), getAddress(account), depositIntentRef(intentId));
}

/**
 * Inserts a deposit intent and its address in one statement. `a.paymentAddress` is the merchant's
 * account; the intent's own `payment_address` is its deposit address. Returns the intent's row.
 */
export async function insertDepositIntent(sql: Sql, tx: Tx | null, a: InsertArgs): Promise<Record<string, unknown>> {
  const run = tx ?? sql;
  const deposit = await intentDepositAddress(a.paymentAddress, a.id);
  const [row] = await run`
    WITH d AS (
      INSERT INTO app.deposit_addresses (address, intent_id, merchant_id, owner_account, created_at)
      VALUES (${deposit.toLowerCase()}, ${a.id}, ${a.merchantId}, ${a.paymentAddress.toLowerCase()}, ${pgTs(a.createdAt)}::timestamptz)
      RETURNING intent_id
    )
    INSERT INTO app.payment_intents
      (id, mode, account_id, merchant_id, status, amount_units, tag_units, expected_units, chain_id, token, payment_address,
       metadata, created_at, expires_at, payment_address_type)
    SELECT ${a.id}::text, ${a.mode}::text, ${a.accountId}::text, ${a.merchantId}::text, 'awaiting_payment', ${a.amountUnits}::int8, 0,
           ${a.amountUnits}::int8, ${a.chainId}::int, ${a.token}::text, ${deposit}::text, ${pgJson(a.metadata)}::text::jsonb,
           ${pgTs(a.createdAt)}::timestamptz, ${pgTs(a.expiresAt)}::timestamptz, 'deposit'
    FROM d
    RETURNING *`;
  if (!row) throw new Error(`deposit intent ${a.id} was not written`);
  return row as Record<string, unknown>;
}
