/**
 * Webhook endpoints managed by integrators over /v1. One home for each change of an
 * endpoint row: create, update, rotate_secret, delete (with its pending deliveries dropped).
 * Endpoints belong to an account and a mode; keys scoped to one merchant do not manage them.
 * Signing secrets are stored sealed (lib/secret-box.ts: a secret moved into `previous_secrets` by a
 * rotation stays as it was stored) and opened where rows are read.
 */
import { createHash, randomBytes } from "node:crypto";
import type { AppContext } from "../../context.ts";
import type { Mode } from "../../db/schema/core.ts";
import type { Sql, SqlOrTx } from "../../db/client.ts";
import { newId } from "../../domain/ids.ts";
import { fromPgJson, fromPgTs, fromPgTsOrNull, pgJson, pgTs } from "../../db/pg-values.ts";
import { secretBox, SecretBoxError } from "../../lib/secret-box.ts";

/** How long the secret replaced by a rotation still signs deliveries. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

export interface EndpointRow {
  id: string;
  accountId: string;
  mode: Mode;
  url: string;
  secret: string;
  eventTypes: string[];
  status: "enabled" | "disabled";
  disabledReason: string | null;
  /** When it was last disabled (null while enabled). */
  disabledAt: Date | null;
  /** The first failed attempt since the last success (null: its last attempt succeeded, or none yet). */
  failingSince: Date | null;
  /** Attempts failed since `failingSince`. */
  failedAttempts: number;
  description: string | null;
  metadata: Record<string, string>;
  createdAt: Date;
}

type Raw = Record<string, unknown>;

function fromRow(r: Raw): EndpointRow {
  return { ...withoutSecret(r), secret: secretBox().open(r.secret as string) };
}

/** A row of app.webhook_endpoints without opening its secret (which a process may lack the key for). */
export function withoutSecret(r: Raw): Omit<EndpointRow, "secret"> {
  return {
    id: r.id as string,
    accountId: r.account_id as string,
    mode: r.mode as Mode,
    url: r.url as string,
    eventTypes: r.event_types as string[],
    status: r.status as EndpointRow["status"],
    disabledReason: (r.disabled_reason as string | null) ?? null,
    disabledAt: fromPgTsOrNull(r.disabled_at),
    failingSince: fromPgTsOrNull(r.failing_since),
    failedAttempts: Number(r.failed_attempts ?? 0),
    description: (r.description as string | null) ?? null,
    metadata: fromPgJson<Record<string, string>>(r.metadata),
    createdAt: fromPgTs(r.created_at),
  };
}

/**
 * The endpoint as the API shows it (GET /v1/webhook_endpoints/{id}), and as the `data` of
 * `webhook_endpoint.disabled`: kept here, beside the rows, because the dispatcher writes that event
 * and loads no route schema.
 */
export function endpointObject(e: Omit<EndpointRow, "secret">) {
  return {
    id: e.id,
    object: "webhook_endpoint" as const,
    url: e.url,
    enabled_events: e.eventTypes,
    description: e.description,
    metadata: e.metadata,
    status: e.status,
    disabled_reason: e.disabledReason,
    livemode: e.mode === "live",
    created_at: e.createdAt.toISOString(),
  };
}

export function newSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/**
 * What an idempotent create keeps of the secret it answered, so its replay answers the same one: a
 * SHA-256, which does not give the secret back (32 random bytes) and so needs no sealing.
 */
export function secretDigest(secret: string): string {
  return createHash("sha256").update(secret).digest("base64url");
}

/**
 * The endpoint's secret, current or replaced but still valid at `now`, whose digest is `digest`.
 * Within the idempotency window (24 h) the secret a create answered is always one of them: a
 * rotation keeps the replaced secret for SECRET_OVERLAP_MS (24 h) after it.
 */
export async function validSecretByDigest(sql: SqlOrTx, owner: Owner, id: string, digest: string, now: Date): Promise<string | undefined> {
  const [row] = await sql<{ secret: string; previous_secrets: unknown }[]>`
    SELECT secret, previous_secrets FROM app.webhook_endpoints WHERE id = ${id} AND account_id = ${owner.accountId} AND mode = ${owner.mode} AND deleted_at IS NULL`;
  if (!row) return undefined;
  return [secretBox().open(row.secret), ...liveSecrets(row.previous_secrets, now)].find((s) => secretDigest(s) === digest);
}

export interface Owner {
  accountId: string;
  mode: Mode;
}

export async function insertEndpoint(tx: SqlOrTx, owner: Owner, input: { url: string; eventTypes: string[]; description: string | null; metadata: Record<string, string> }, now: Date): Promise<EndpointRow> {
  const [row] = await tx`
    INSERT INTO app.webhook_endpoints (id, account_id, mode, url, secret, event_types, status, description, metadata, created_at)
    VALUES (${newId("webhookEndpoint")}, ${owner.accountId}, ${owner.mode}, ${input.url}, ${secretBox().seal(newSecret())}, ${input.eventTypes}::text[], 'enabled',
            ${input.description}, ${pgJson(input.metadata)}::text::jsonb, ${pgTs(now)}::timestamptz)
    RETURNING *`;
  return fromRow(row as Raw);
}

/** The endpoint if it belongs to the owner (account and mode) and is not deleted. */
export async function findEndpoint(sql: SqlOrTx, owner: Owner, id: string): Promise<EndpointRow | undefined> {
  const [row] = await sql`
    SELECT * FROM app.webhook_endpoints WHERE id = ${id} AND account_id = ${owner.accountId} AND mode = ${owner.mode} AND deleted_at IS NULL`;
  return row ? fromRow(row as Raw) : undefined;
}

export async function listEndpoints(sql: Sql, owner: Owner, input: { limit: number; startingAfter?: string }): Promise<{ rows: EndpointRow[]; hasMore: boolean; totalCount: number } | "bad_cursor"> {
  let cursor: { created_at: string; id: string } | undefined;
  if (input.startingAfter !== undefined) {
    const c = await findEndpoint(sql, owner, input.startingAfter);
    if (!c) return "bad_cursor";
    cursor = { created_at: c.createdAt.toISOString(), id: c.id };
  }
  const [rows, [count]] = await Promise.all([
    sql`
      SELECT * FROM app.webhook_endpoints
      WHERE account_id = ${owner.accountId} AND mode = ${owner.mode} AND deleted_at IS NULL
        AND (${cursor?.created_at ?? null}::timestamptz IS NULL OR (created_at, id) < (${cursor?.created_at ?? null}::timestamptz, ${cursor?.id ?? ""}))
      ORDER BY created_at DESC, id DESC LIMIT ${input.limit + 1}`,
    sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.webhook_endpoints WHERE account_id = ${owner.accountId} AND mode = ${owner.mode} AND deleted_at IS NULL`,
  ]);
  const hasMore = rows.length > input.limit;
  return { rows: (hasMore ? rows.slice(0, input.limit) : rows).map((r) => fromRow(r as Raw)), hasMore, totalCount: count?.n ?? 0 };
}

export interface EndpointUpdate {
  url?: string;
  eventTypes?: string[];
  description?: string | null;
  metadata?: Record<string, string>;
  disabled?: boolean;
}

/**
 * Applies the given fields (guarded: the endpoint must still exist, undeleted). Enabling clears the
 * failure counters: an endpoint enabled again after it was disabled for failing gets a fresh start
 * of the same rule, rather than being disabled again by its first failure.
 */
export async function updateEndpoint(sql: Sql, owner: Owner, id: string, u: EndpointUpdate, now: Date = new Date()): Promise<EndpointRow | undefined> {
  const disabled = u.disabled === undefined ? null : u.disabled;
  const [row] = await sql`
    UPDATE app.webhook_endpoints SET
      url = coalesce(${u.url ?? null}::text, url),
      event_types = coalesce(${u.eventTypes ?? null}::text[], event_types),
      description = CASE WHEN ${u.description !== undefined} THEN ${u.description ?? null}::text ELSE description END,
      metadata = coalesce(${u.metadata === undefined ? null : pgJson(u.metadata)}::text::jsonb, metadata),
      status = CASE ${disabled}::boolean WHEN true THEN 'disabled' WHEN false THEN 'enabled' ELSE status END,
      -- Disabling what is disabled already keeps its reason and time (a failing endpoint's stay said).
      disabled_reason = CASE ${disabled}::boolean WHEN true THEN (CASE WHEN status = 'disabled' THEN disabled_reason ELSE 'disabled through the API' END) WHEN false THEN NULL ELSE disabled_reason END,
      disabled_at = CASE ${disabled}::boolean WHEN true THEN (CASE WHEN status = 'disabled' THEN disabled_at ELSE ${pgTs(now)}::timestamptz END) WHEN false THEN NULL ELSE disabled_at END,
      failing_since = CASE WHEN ${disabled}::boolean = false THEN NULL ELSE failing_since END,
      failed_attempts = CASE WHEN ${disabled}::boolean = false THEN 0 ELSE failed_attempts END
    WHERE id = ${id} AND account_id = ${owner.accountId} AND mode = ${owner.mode} AND deleted_at IS NULL
    RETURNING *`;
  return row ? fromRow(row as Raw) : undefined;
}

/**
 * A new secret. The replaced one keeps signing deliveries (next to the new one) for
 * SECRET_OVERLAP_MS; so do secrets replaced earlier whose overlap has not ended, so two rotations
 * in a row (or at once: the row lock serializes them) never cut off a secret handed out.
 */
export async function rotateSecret(sql: Sql, owner: Owner, id: string, now: Date): Promise<EndpointRow | undefined> {
  const until = new Date(now.getTime() + SECRET_OVERLAP_MS);
  const [row] = await sql`
    UPDATE app.webhook_endpoints SET
      previous_secrets = (
        SELECT coalesce(jsonb_agg(x), '[]'::jsonb) FROM jsonb_array_elements(previous_secrets) x
        WHERE (x->>'expires_at')::timestamptz > ${pgTs(now)}::timestamptz
      ) || jsonb_build_array(jsonb_build_object('secret', secret, 'expires_at', ${until.toISOString()}::text)),
      secret = ${secretBox().seal(newSecret())}
    WHERE id = ${id} AND account_id = ${owner.accountId} AND mode = ${owner.mode} AND deleted_at IS NULL
    RETURNING *`;
  return row ? fromRow(row as Raw) : undefined;
}

/** Secrets of a `previous_secrets` value still valid at `now`. */
export function liveSecrets(previous: unknown, now: Date): string[] {
  const list = (fromPgJson<{ secret: string; expires_at: string }[] | null>(previous) ?? []);
  return list.filter((p) => Date.parse(p.expires_at) > now.getTime()).map((p) => secretBox().open(p.secret));
}

/**
 * Deletes the endpoint: never shown or targeted again; its pending deliveries (in flight ones
 * included) become failed, each with a `dropped` attempt row saying why. A request already in
 * flight still records its own attempt, but cannot move the delivery any more (recordAttempts only
 * moves pending rows).
 */
export async function deleteEndpoint(sql: Sql, owner: Owner, id: string, now: Date): Promise<{ dropped: number } | undefined> {
  return sql.begin(async (tx) => {
    const [gone] = await tx`
      UPDATE app.webhook_endpoints SET deleted_at = ${pgTs(now)}::timestamptz, status = 'disabled', disabled_reason = 'deleted through the API'
      WHERE id = ${id} AND account_id = ${owner.accountId} AND mode = ${owner.mode} AND deleted_at IS NULL RETURNING id`;
    if (!gone) return undefined;
    const dropped = await tx`
      WITH d AS (
        UPDATE app.webhook_deliveries SET status = 'failed', finished_at = ${pgTs(now)}::timestamptz, lease_token = NULL,
          last_error = 'endpoint deleted; delivery dropped'
        WHERE endpoint_id = ${id} AND status = 'pending'
        RETURNING id, event_id, endpoint_id, attempt_count
      )
      INSERT INTO app.webhook_attempts (delivery_id, event_id, endpoint_id, attempt_number, started_at, outcome, error)
      SELECT id, event_id, endpoint_id, attempt_count + 1, ${pgTs(now)}::timestamptz, 'dropped', 'endpoint deleted; delivery dropped, no further attempts'
      FROM d RETURNING 1`;
    return { dropped: dropped.length };
  }) as Promise<{ dropped: number } | undefined>;
}


/**
 * Seals again every stored signing secret that is not sealed with the current key (stored before a
 * key was set, or under a key being retired): the step of a key rotation after the new key is
 * WEBHOOK_SECRETS_KEY and the old one in WEBHOOK_SECRETS_PREVIOUS_KEYS. Row by row, each under its
 * lock, so a rotation of an endpoint's secret at the same moment is never lost. Returns how many rows
 * were re-sealed.
 */
export async function resealSecrets(sql: Sql): Promise<{ endpoints: number; resealed: number }> {
  const box = secretBox();
  if (!box.sealing) throw new SecretBoxError("WEBHOOK_SECRETS_KEY is not set: there is no key to seal the secrets with");
  const ids = await sql<{ id: string }[]>`SELECT id FROM app.webhook_endpoints ORDER BY id`;
  let resealed = 0;
  for (const { id } of ids) {
    const changed = await sql.begin(async (tx) => {
      const [row] = await tx<{ secret: string; previous_secrets: unknown }[]>`SELECT secret, previous_secrets FROM app.webhook_endpoints WHERE id = ${id} FOR UPDATE`;
      if (!row) return false;
      const previous = fromPgJson<{ secret: string; expires_at: string }[] | null>(row.previous_secrets) ?? [];
      if (!box.stale(row.secret) && !previous.some((p) => box.stale(p.secret))) return false;
      const secret = box.stale(row.secret) ? box.seal(box.open(row.secret)) : row.secret;
      const sealedPrevious = previous.map((p) => ({ ...p, secret: box.stale(p.secret) ? box.seal(box.open(p.secret)) : p.secret }));
      await tx`UPDATE app.webhook_endpoints SET secret = ${secret}, previous_secrets = ${pgJson(sealedPrevious)}::text::jsonb WHERE id = ${id}`;
      return true;
    });
    if (changed) resealed++;
  }
  return { endpoints: ids.length, resealed };
}
