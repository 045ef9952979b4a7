/** Public ids: a prefix and 24 base62 characters (~142 bits of randomness, docs/contributors.md "Authentication and scope" needs >= 128). */
import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    // Rejection sampling keeps every character uniform (256 = 4*62 + 8).
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export const ID_PREFIXES = {
  account: "acct",
  merchant: "mer",
  apiKey: "key",
  paymentIntent: "pi",
  transaction: "txn",
  event: "evt",
  webhookEndpoint: "we",
  webhookDelivery: "wd",
  settlement: "stl",
  dashboardUser: "usr",
  refund: "re",
  paymentLink: "plink",
  linkClaim: "plc",
  terminal: "term",
  depositAddress: "dep",
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}_${randomBase62(24)}`;
}

/** True when `id` has the shape of an id of that kind (used to answer 404 early on a wrong shape). */
export function isIdOf(kind: IdKind, id: string): boolean {
  return new RegExp(`^${ID_PREFIXES[kind]}_[0-9A-Za-z]{8,64}$`).test(id);
}
