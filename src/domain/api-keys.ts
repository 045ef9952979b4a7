/** API keys: `sk_test_`/`sk_live_` + 32 base62 characters. Only the SHA-256 hash is stored. */
import { createHash } from "node:crypto";
import { randomBase62 } from "./ids.ts";
import type { Mode } from "./mode.ts";

const KEY_SHAPE = /^sk_(test|live)_[0-9A-Za-z]{32}$/;

export function generateApiKey(mode: Mode): string {
  return `sk_${mode}_${randomBase62(32)}`;
}

export function hashApiKey(key: string): Uint8Array {
  return new Uint8Array(createHash("sha256").update(key).digest());
}

/** The mode a well-formed key claims, or undefined for a malformed key. */
export function parseApiKey(key: string): Mode | undefined {
  const m = KEY_SHAPE.exec(key);
  return m ? (m[1] as Mode) : undefined;
}

export function keyHint(key: string): string {
  return `${key.slice(0, 8)}…${key.slice(-4)}`;
}
