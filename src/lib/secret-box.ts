/**
 * Secrets the service must read back (webhook signing secrets: it signs every delivery with them)
 * kept encrypted at rest: AES-256-GCM under a key the operator holds (WEBHOOK_SECRETS_KEY), so a
 * copy of the database (a backup, a replica, a leaked dump) holds no usable secret.
 *
 * Stored form: `sealed:v1:<key id>:<iv>:<ciphertext+tag>` (base64url), the key id being the first 8
 * hex digits of the key's SHA-256, so a value names the key that opens it. Earlier keys stay
 * accepted for opening while a rotation re-seals (WEBHOOK_SECRETS_PREVIOUS_KEYS; `npm run cli --
 * webhooks reseal`). A value without the prefix is a secret stored before encryption was enabled,
 * or by a sandbox without a key: it is read as it is, and re-sealed by `reseal`.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const PREFIX = "sealed:v1:";

export class SecretBoxError extends Error {}

export class SecretBox {
  private readonly byId: Map<string, Buffer>;
  private readonly currentId: string | undefined;

  /** `current`: the key new values are sealed with (none: stored as they are, the sandbox); `previous`: also accepted when opening. */
  constructor(private readonly current: Buffer | undefined, previous: readonly Buffer[] = []) {
    for (const k of [...(current ? [current] : []), ...previous]) if (k.length !== 32) throw new SecretBoxError("a secrets key must be 32 bytes");
    this.byId = new Map([...(current ? [current] : []), ...previous].map((k) => [keyId(k), k]));
    this.currentId = current ? keyId(current) : undefined;
  }

  /** Whether values are sealed when stored. */
  get sealing(): boolean {
    return this.current !== undefined;
  }

  seal(plain: string): string {
    if (!this.current) return plain;
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.current, iv);
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
    return `${PREFIX}${this.currentId}:${iv.toString("base64url")}:${body.toString("base64url")}`;
  }

  open(stored: string): string {
    if (!isSealed(stored)) return stored;
    const [id, iv, body] = stored.slice(PREFIX.length).split(":");
    const key = id ? this.byId.get(id) : undefined;
    if (!key || !iv || !body)
      throw new SecretBoxError(`a stored secret is sealed with key ${id ?? "?"}, which this process does not have (WEBHOOK_SECRETS_KEY, WEBHOOK_SECRETS_PREVIOUS_KEYS)`);
    const bytes = Buffer.from(body, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    try {
      return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString("utf8");
    } catch {
      throw new SecretBoxError(`a stored secret sealed with key ${id} does not open: it was altered`);
    }
  }

  /** Whether `stored` should be sealed again: stored as it is, or under another key than the current one. */
  stale(stored: string): boolean {
    if (!this.current) return false;
    return !isSealed(stored) || !stored.startsWith(`${PREFIX}${this.currentId}:`);
  }
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

function keyId(key: Buffer): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 8);
}

/** A 32-byte key written as 64 hex digits or as base64 (44 characters); undefined when it is neither. */
export function parseSecretsKey(text: string): Buffer | undefined {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(t)) {
    const b = Buffer.from(t.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    return b.length === 32 ? b : undefined;
  }
  return undefined;
}

/**
 * The box of this process, set once from the configuration at start (service, CLI, workers): the
 * stores of secrets read it where they read and write rows. Until set, nothing is sealed (a test or
 * tool that never configures it sees the sandbox's behaviour).
 */
let processBox = new SecretBox(undefined);

export function useSecretBox(box: SecretBox): void {
  processBox = box;
}

export function secretBox(): SecretBox {
  return processBox;
}
