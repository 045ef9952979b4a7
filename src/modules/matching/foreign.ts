/**
 * Foreign transfers: transfers to an account the indexer follows that is no merchant of ours on
 * that chain (app.foreign_transfers, 0019_foreign_transfers.sql). Two ways to get one:
 * - a stranger created a v2 account naming our operator (the factory is open, the operator's address
 *   is public) and sent it something: never ours, kept for the record;
 * - a merchant's account exists on a chain before the service recorded it there (onboarding records
 *   the other chains' accounts once their creation is mined): a payment that arrives in between is
 *   the merchant's, and is recorded as theirs once the account is recorded (engine.ts resolves).
 * Either way the matcher goes on with the chain's other transfers. Each foreign account is recorded
 * once (app.chain_alerts, kind `foreign_account`, counted in stablepay_chain_alerts_open, and a warning
 * log line), whatever its transfers: a record, not a page (a stranger's account must wake nobody).
 */
import type { Sql } from "../../db/client.ts";
import { pgJson } from "../../db/pg-values.ts";
import { CHAIN_VIEWS, isViewsMissing, transferOf, type IndexedTransfer } from "./chain-reader.ts";

/** What the operator sees of a foreign transfer (CLI `chain foreign-transfers`). */
export interface ForeignTransferView {
  chain_id: number;
  tx_hash: string;
  log_index: number;
  block_number: string;
  token_address: string | null;
  from_address: string;
  to_address: string;
  value_units: string;
  seen_at: Date;
  resolved_at: Date | null;
  transaction_id: string | null;
}

/**
 * Keeps these transfers as foreign (a transfer kept before is left as it is). Returns the accounts
 * seen foreign for the first time (their alert was raised now) and how many transfers were new.
 */
export async function keepForeign(sql: Sql, chainId: number, transfers: IndexedTransfer[]): Promise<{ inserted: number; newAccounts: string[] }> {
  if (transfers.length === 0) return { inserted: 0, newAccounts: [] };
  const rows = transfers.map((t) => ({
    tx_hash: t.txHash,
    log_index: t.logIndex,
    block_number: t.blockNumber.toString(),
    block_hash: t.blockHash,
    token_address: t.tokenAddress ?? null,
    from_address: t.from,
    to_address: t.to,
    value_units: t.value.toString(),
  }));
  return sql.begin(async (tx) => {
    const inserted = await tx`
      INSERT INTO app.foreign_transfers (chain_id, tx_hash, log_index, block_number, block_hash, token_address, from_address, to_address, value_units)
      SELECT ${chainId}, r.tx_hash, r.log_index, r.block_number::int8, r.block_hash, r.token_address, r.from_address, r.to_address, r.value_units::numeric
      FROM jsonb_to_recordset(${pgJson(rows)}::text::jsonb)
        AS r(tx_hash text, log_index int, block_number text, block_hash text, token_address text, from_address text, to_address text, value_units text)
      ON CONFLICT (chain_id, tx_hash, log_index) DO NOTHING
      RETURNING to_address`;
    const accounts = [...new Set(inserted.map((r) => String(r.to_address)))];
    const newAccounts: string[] = [];
    for (const account of accounts) {
      const first = transfers.find((t) => t.to === account);
      const alert = await tx`
        INSERT INTO app.chain_alerts (kind, chain_id, details)
        VALUES ('foreign_account', ${chainId}, ${pgJson({ account, first_tx_hash: first?.txHash ?? null })}::text::jsonb)
        ON CONFLICT (chain_id, (details ->> 'account')) WHERE kind = 'foreign_account' DO NOTHING
        RETURNING id`;
      if (alert.length > 0) newAccounts.push(account);
    }
    return { inserted: inserted.length, newAccounts };
  });
}

/**
 * Open foreign transfers of this chain whose address is now a merchant's there and which the
 * indexer still holds (a transfer reorganised away since is not resurrected), read back from the
 * views in chain order. The matcher records them as the merchant's, then `markResolved`.
 */
export async function readResolvableForeign(sql: Sql, chainId: number, limit: number): Promise<IndexedTransfer[]> {
  const text = `
    SELECT t.block_number, t.log_index, t.block_timestamp, t.block_hash, t.transaction_hash, t.token_address,
           t.from_address, t.to_address, t.value::text AS value
    FROM ${CHAIN_VIEWS}.usdc_transfer t
    JOIN app.foreign_transfers f ON f.chain_id = t.chain_id AND f.tx_hash = t.transaction_hash AND f.log_index = t.log_index
    WHERE t.chain_id = $1 AND f.resolved_at IS NULL
      AND EXISTS (SELECT 1 FROM app.merchants m
                  WHERE lower(m.payment_address) = f.to_address AND (m.chain_id = $1 OR $1::int = ANY (m.account_chain_ids)))
    ORDER BY t.block_number, t.log_index
    LIMIT $2`;
  let rows: Record<string, unknown>[];
  try {
    rows = (await sql.unsafe(text, [chainId, limit] as never[])) as unknown as Record<string, unknown>[];
  } catch (err) {
    if (isViewsMissing(err)) return [];
    throw err;
  }
  return rows.map((r) => transferOf(chainId, r));
}

/** Marks foreign transfers resolved once their transaction is recorded (only open ones, only if recorded). */
export async function markResolved(sql: Sql, chainId: number, transfers: IndexedTransfer[]): Promise<number> {
  if (transfers.length === 0) return 0;
  const keys = transfers.map((t) => ({ tx_hash: t.txHash, log_index: t.logIndex }));
  const rows = await sql`
    UPDATE app.foreign_transfers f SET resolved_at = now(), transaction_id = x.id
    FROM jsonb_to_recordset(${pgJson(keys)}::text::jsonb) AS k(tx_hash text, log_index int), app.transactions x
    WHERE f.chain_id = ${chainId} AND f.tx_hash = k.tx_hash AND f.log_index = k.log_index AND f.resolved_at IS NULL
      AND x.chain_id = f.chain_id AND x.tx_hash = f.tx_hash AND x.log_index = f.log_index
    RETURNING f.tx_hash`;
  return rows.length;
}

/** The foreign transfers, newest first (open ones only unless `all`). */
export async function listForeignTransfers(sql: Sql, opts: { all?: boolean; limit?: number } = {}): Promise<ForeignTransferView[]> {
  const rows = await sql<ForeignTransferView[]>`
    SELECT chain_id, tx_hash, log_index, block_number::text AS block_number, token_address, from_address, to_address,
           value_units::text AS value_units, seen_at, resolved_at, transaction_id
    FROM app.foreign_transfers
    WHERE ${opts.all === true} OR resolved_at IS NULL
    ORDER BY seen_at DESC, chain_id, block_number DESC, log_index DESC
    LIMIT ${opts.limit ?? 100}`;
  return rows;
}
