/**
 * Access control, shared by the API, the services, the workers, the CLI and the dashboard to come:
 * bearer-key authentication and the visibility rule (docs/contributors.md "Authentication and scope"):
 * a key sees the merchants of its account, in its own mode, or only its one merchant if scoped.
 * Anything else is 404, never 403. Imports only db/ and domain/.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { accountMerchants, apiKeys, merchants, type Mode } from "../../db/schema/core.ts";
import { hashApiKey, parseApiKey } from "../../domain/api-keys.ts";
import { ApiError } from "../../domain/errors.ts";

export interface Principal {
  keyId: string;
  accountId: string;
  mode: Mode;
  /** Set when the key is scoped to a single merchant. */
  scopeMerchantId: string | null;
  /** May create, cancel and approve refunds (a permission of its own; api_keys.can_refund). */
  canRefund: boolean;
}

/** A principal that holds the refund permission: what the refund writes take, so a route that forgets the check cannot compile. */
export type RefundingPrincipal = Principal & { canRefund: true };

/**
 * 403 unless the key may refund. Its own merchants' refunds, so not the "never reveal" rule of
 * another tenant's object: the key is told what it lacks.
 */
export function requireRefundPermission(p: Principal): RefundingPrincipal {
  if (!p.canRefund)
    throw new ApiError(
      "permission_missing",
      "This API key does not have the refund permission: it cannot create, cancel or approve refunds. Use a key created with it (CLI `keys create --refunds`, or the dashboard's Developers page).",
    );
  return { ...p, canRefund: true };
}

/**
 * Short-lived caches: a key lookup per request would double the cost of a GET. A revocation takes
 * effect at once in the process that revokes (`forgetKey`) and, through NOTIFY on
 * API_KEYS_CHANGED_CHANNEL, in every other API process as soon as the notification arrives;
 * CACHE_MS bounds it if a notification is lost.
 */
const CACHE_MS = 2_000;

/** 404 for live keys: sandbox-only routes (test helpers) do not exist for live keys. */
export function requireSandbox(p: Principal): void {
  if (p.mode !== "test") throw new ApiError("resource_missing", "Test helpers exist only in the sandbox: use an sk_test_ key.");
}

/** NOTIFY channel: payload is the id of a key that was revoked (src/modules/merchants/onboarding.ts). */
export const API_KEYS_CHANGED_CHANNEL = "stablepay_api_keys_changed";

/** Entries of each key cache: the known keys', and apart, the unknown ones' (a flood of junk keys churns only those). */
const KNOWN_KEYS_MAX = 10_000;
const UNKNOWN_KEYS_MAX = 10_000;
const RECENT_MS = 60 * 60_000;

export class Authenticator {
  private keys = new Map<string, { principal: Principal; at: number }>();
  /** Keys the database does not know (or revoked): cached apart, so they never evict a known key. */
  private unknown = new Map<string, number>();
  /** Keys found valid within RECENT_MS: still looked up, but exempt from the per-address throttle of failures. */
  private recentlyValid = new Map<string, number>();
  private visible = new Map<string, { ok: boolean; at: number }>();
  /** Bumped by forgetKey: a lookup that started before a revocation does not cache its result. */
  private generation = 0;
  private listening: Promise<unknown> | undefined;

  constructor(
    private database: Database,
    /** How long a lookup is trusted (tests lengthen it). */
    private readonly cacheMs = CACHE_MS,
  ) {}

  /** Drops every cached lookup of this key (call after revoking it). */
  forgetKey(keyId: string): void {
    this.generation++;
    for (const [key, entry] of this.keys) if (entry.principal.keyId === keyId) this.keys.delete(key);
  }

  /** Started by the first authentication, so only processes that serve the API hold the extra connection. */
  private listen() {
    this.listening = this.database.sql.listen(API_KEYS_CHANGED_CHANNEL, (keyId) => this.forgetKey(keyId)).catch(() => {
      // No listener (e.g. a pooler without LISTEN): revocations still take effect within CACHE_MS.
    });
  }

  async authenticate(header: string | null): Promise<Principal> {
    if (!header) throw new ApiError("api_key_missing", "No API key provided. Send it as 'Authorization: Bearer <API_KEY>'.");
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m?.[1]) throw new ApiError("api_key_missing", "No API key provided. Send it as 'Authorization: Bearer <API_KEY>'.");
    const key = m[1];
    if (!parseApiKey(key)) throw new ApiError("api_key_invalid", "Invalid API key.");
    const now = Date.now();
    const cached = this.keys.get(key);
    const unknownAt = this.unknown.get(key);
    let principal: Principal | null;
    if (cached && now - cached.at < this.cacheMs) principal = cached.principal;
    else if (unknownAt !== undefined && now - unknownAt < this.cacheMs) principal = null;
    else {
      if (!this.listening) this.listen();
      const generation = this.generation;
      const [row] = await this.database.db
        .select({ id: apiKeys.id, accountId: apiKeys.accountId, mode: apiKeys.mode, merchantId: apiKeys.merchantId, canRefund: apiKeys.canRefund, revokedAt: apiKeys.revokedAt })
        .from(apiKeys)
        .where(eq(apiKeys.keyHash, hashApiKey(key)));
      principal = row && !row.revokedAt ? { keyId: row.id, accountId: row.accountId, mode: row.mode, scopeMerchantId: row.merchantId, canRefund: row.canRefund } : null;
      if (generation === this.generation) {
        if (principal) {
          remember(this.keys, key, { principal, at: now }, KNOWN_KEYS_MAX);
          remember(this.recentlyValid, key, now, KNOWN_KEYS_MAX);
        }
        else remember(this.unknown, key, now, UNKNOWN_KEYS_MAX);
      }
    }
    if (!principal) throw new ApiError("api_key_invalid", "Invalid API key.");
    return principal;
  }

  /**
   * Whether the bearer key of `header` was found valid within the last hour: such a key is exempt
   * from the per-address throttle of failures (a client behind the same address as a flood keeps
   * working), and still looked up as usual (a revocation holds).
   */
  validOfLate(header: string | null): boolean {
    const key = header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
    const at = key ? this.recentlyValid.get(key) : undefined;
    return at !== undefined && Date.now() - at < RECENT_MS;
  }

  /** Whether the bearer key of `header` is a known key cached now (answered without a database read). */
  hasCached(header: string | null): boolean {
    const key = header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
    const cached = key ? this.keys.get(key) : undefined;
    return cached !== undefined && Date.now() - cached.at < this.cacheMs;
  }

  /** True when the principal may see the merchant (linked to its account, same mode, within scope). */
  async canSeeMerchant(p: Principal, merchantId: string): Promise<boolean> {
    if (p.scopeMerchantId !== null && p.scopeMerchantId !== merchantId) return false;
    const cacheKey = `${p.accountId}:${p.mode}:${merchantId}`;
    const now = Date.now();
    const cached = this.visible.get(cacheKey);
    if (cached && now - cached.at < this.cacheMs) return cached.ok;
    const rows = await this.database.db
      .select({ id: merchants.id })
      .from(merchants)
      .innerJoin(accountMerchants, eq(accountMerchants.merchantId, merchants.id))
      .where(and(eq(merchants.id, merchantId), eq(merchants.mode, p.mode), eq(accountMerchants.accountId, p.accountId)));
    const ok = rows.length > 0;
    if (this.visible.size > 100_000) this.visible.clear();
    this.visible.set(cacheKey, { ok, at: now });
    return ok;
  }
}

/** Sets `key` last in the map's order, dropping the oldest entries beyond `max` (a bounded cache, oldest out). */
function remember<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= max) break;
    map.delete(oldest);
  }
}

