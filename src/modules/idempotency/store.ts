/**
 * Idempotent creates of management resources (webhook endpoints, merchants, cash-outs), table
 * app.api_idempotency (0005_management_api.sql). Same rules as payment intents (docs/contributors.md
 * "Idempotency"): scope account + mode, window 24 h, same key and same request -> replay, same key
 * and another request (including another route) -> reused.
 *
 * The key row is inserted first in a transaction that stays open while the resource is created,
 * so a concurrent request with the same key waits on its row lock and then replays the result.
 *
 * A replay answers the resource as it is now, plus what only the first answer showed: the caller
 * passes a digest of it (`answerDigest`, e.g. a webhook endpoint's first secret), which is kept with
 * the key and handed back on a replay so the caller can pick the same value again. A digest, not
 * the value: this table holds no secret.
 */
import { createHash } from "node:crypto";
import type { Mode } from "../../db/schema/core.ts";
import type { SqlOrTx, Sql } from "../../db/client.ts";
import { pgTs } from "../../db/pg-values.ts";

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export type IdempotentResult<T> = { kind: "created"; value: T } | { kind: "replayed"; resourceId: string; answerDigest: string | null } | { kind: "reused" };

/** A stable hash of the route and its parameters (object keys sorted at every level). */
export function requestHash(route: string, params: unknown): string {
  return createHash("sha256").update(JSON.stringify(["v1", route, canonical(params)])).digest("base64url");
}

function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === "object") return Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]);
  return v ?? null;
}

/**
 * Runs `create(tx)` once per (account, mode, key) within the window. Without a key it just runs it.
 * `create` returns the new resource with its id; it runs inside the key's transaction.
 * `answerDigest(value)`, when given, is stored with the key and returned by replays.
 */
export async function idempotentCreate<T extends { id: string }>(
  sql: Sql,
  scope: { accountId: string; mode: Mode; key: string | undefined; hash: string; now: Date },
  create: (tx: SqlOrTx) => Promise<T>,
  answerDigest?: (value: T) => string,
): Promise<IdempotentResult<T>> {
  if (scope.key === undefined) return { kind: "created", value: (await sql.begin((tx) => create(tx as unknown as SqlOrTx))) as T };
  const cutoff = new Date(scope.now.getTime() - IDEMPOTENCY_WINDOW_MS);
  return sql.begin(async (txRaw) => {
    const tx = txRaw as unknown as SqlOrTx;
    const [own] = await tx`
      INSERT INTO app.api_idempotency AS k (account_id, mode, key, request_hash, resource_id, created_at)
      VALUES (${scope.accountId}, ${scope.mode}, ${scope.key!}, ${scope.hash}, NULL, ${pgTs(scope.now)}::timestamptz)
      ON CONFLICT (account_id, mode, key) DO UPDATE
        SET request_hash = EXCLUDED.request_hash, resource_id = NULL, answer_digest = NULL, created_at = EXCLUDED.created_at
        WHERE k.created_at <= ${pgTs(cutoff)}::timestamptz
      RETURNING 1`;
    if (own) {
      const value = await create(tx);
      await tx`UPDATE app.api_idempotency SET resource_id = ${value.id}, answer_digest = ${answerDigest?.(value) ?? null} WHERE account_id = ${scope.accountId} AND mode = ${scope.mode} AND key = ${scope.key!}`;
      return { kind: "created" as const, value };
    }
    const [existing] = await tx<{ request_hash: string; resource_id: string | null; answer_digest: string | null }[]>`
      SELECT request_hash, resource_id, answer_digest FROM app.api_idempotency WHERE account_id = ${scope.accountId} AND mode = ${scope.mode} AND key = ${scope.key!}`;
    if (!existing || existing.request_hash !== scope.hash || existing.resource_id === null) return { kind: "reused" as const };
    return { kind: "replayed" as const, resourceId: existing.resource_id, answerDigest: existing.answer_digest };
  }) as Promise<IdempotentResult<T>>;
}
