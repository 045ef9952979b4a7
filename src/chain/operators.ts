/**
 * Every operator address the service has run with, per chain (app.chain_operators). A v2 account
 * names its operator at creation (its address commits to it), and the indexer follows the v2
 * accounts naming one of ours: following only the current key would, after a key rotation, stop
 * indexing the accounts created under the earlier one (their payments unseen, their transfers pruned
 * from the sync cache, their recent transactions marked failed by the reorg audit). So each process
 * records its key at start, and the indexer follows every address recorded (workers/indexer.ts).
 */
import type { SqlOrTx } from "../db/client.ts";

/** Records the operator address of a chain (idempotent). */
export async function recordOperator(sql: SqlOrTx, chainId: number, address: string): Promise<void> {
  await sql`
    INSERT INTO app.chain_operators (chain_id, address) VALUES (${chainId}, ${address.toLowerCase()})
    ON CONFLICT (chain_id, address) DO NOTHING`;
}

/** Every operator address recorded for a chain (lowercase, sorted). */
export async function knownOperators(sql: SqlOrTx, chainId: number): Promise<`0x${string}`[]> {
  const rows = await sql<{ address: `0x${string}` }[]>`
    SELECT address FROM app.chain_operators WHERE chain_id = ${chainId} ORDER BY address`;
  return rows.map((r) => r.address);
}

/**
 * The operator address recorded last for a chain: what a process without the key takes as the
 * operator when OPERATOR_ADDRESS is unset (chain/signer.ts). After a key rotation the new key's
 * signing role records it on its first start.
 */
export async function latestOperator(sql: SqlOrTx, chainId: number): Promise<`0x${string}` | undefined> {
  const [row] = await sql<{ address: `0x${string}` }[]>`
    SELECT address FROM app.chain_operators WHERE chain_id = ${chainId} ORDER BY first_seen_at DESC, address LIMIT 1`;
  return row?.address;
}
