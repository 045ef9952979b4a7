/**
 * Secrets that must never appear in what a test run prints (scripts/run-tests.ts scans every file's
 * whole output): the sandbox's dev private keys, API keys, webhook signing secrets, and RPC URLs that
 * carry a provider's key. A finding names the kind and the line, never the secret; `maskSecrets`
 * replaces each one so that the output can be printed.
 *
 * Deliberately narrow: a transaction hash is 64 hex digits like a private key, and the service's own
 * URLs carry long ids, so only the known dev keys, the service's key formats, and known providers'
 * URL shapes are matched (a false alarm would fail a run that leaked nothing).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface SecretFinding {
  kind: string;
  /** 1-based line of the output. */
  line: number;
}

interface Pattern {
  kind: string;
  re: RegExp;
}

/** Public examples in the API reference (src/modules/webhook-endpoints/model.ts): not secrets. */
const DOCUMENTED_EXAMPLES = new Set(["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"]);

/** The anvil dev keys the sandbox uses (src/config.ts: ANVIL_KEY_0 the operator, ANVIL_KEY_1 the payer), read from the source so they stay in step. */
function devKeys(): Pattern[] {
  const config = readFileSync(join(import.meta.dir, "..", "src", "config.ts"), "utf8");
  return [...config.matchAll(/\b(ANVIL_KEY_\d+)\b[^=\n]*=\s*"0x([0-9a-fA-F]{64})"/g)].map((m) => ({
    kind: `sandbox dev private key (${m[1]})`,
    // With or without 0x, any case.
    re: new RegExp(`(?<![0-9a-fA-F])(?:0x)?${m[2]}(?![0-9a-fA-F])`, "gi"),
  }));
}

const PATTERNS: Pattern[] = [
  ...devKeys(),
  // src/domain/api-keys.ts: sk_test_/sk_live_ + 32 base62 (the id or hint alone, `sk_test_…abcd`, is not a key).
  { kind: "API key", re: /(?<![0-9A-Za-z])sk_(?:test|live)_[0-9A-Za-z]{32}(?![0-9A-Za-z])/g },
  // src/modules/webhook-endpoints/service.ts: whsec_ + base64 of 32 bytes.
  { kind: "webhook signing secret", re: /(?<![0-9A-Za-z])whsec_[A-Za-z0-9+/]{20,}={0,2}/g },
  // Providers' key in the path: Alchemy /v2/<key>, Infura /v3/<key>, QuickNode /<token>, Ankr /<chain>/<key>, …
  {
    kind: "RPC URL with an API key",
    re: /\b(?:https?|wss?):\/\/[^\s"'/]*(?:alchemy\.com\/v2|infura\.io\/(?:v3|ws\/v3)|quiknode\.pro|ankr\.com\/[a-z_]+|blastapi\.io|chainstack\.com|getblock\.io(?:\/[a-z]+)?|nodereal\.io\/v1|g\.alchemy\.com\/nft\/v2)\/[A-Za-z0-9_-]{16,}/g,
  },
  // Or in the query: ?apikey=…, &key=…, ?dkey=… (dRPC), ?token=…
  { kind: "RPC URL with an API key", re: /\b(?:https?|wss?):\/\/[^\s"']*[?&](?:api[_-]?key|apikey|dkey|key|token)=[A-Za-z0-9_-]{16,}/gi },
];

function* matches(text: string): Generator<{ kind: string; index: number; length: number }> {
  for (const p of PATTERNS) {
    p.re.lastIndex = 0;
    for (const m of text.matchAll(p.re)) if (!DOCUMENTED_EXAMPLES.has(m[0])) yield { kind: p.kind, index: m.index!, length: m[0].length };
  }
}

/** Each secret in `text`: its kind and line, never its value. */
export function findSecrets(text: string): SecretFinding[] {
  const found: SecretFinding[] = [];
  for (const m of matches(text)) found.push({ kind: m.kind, line: text.slice(0, m.index).split("\n").length });
  return found.sort((a, b) => a.line - b.line);
}

/** `text` with every secret replaced by `[kind]`. */
export function maskSecrets(text: string): string {
  const spans = [...matches(text)].sort((a, b) => b.index - a.index);
  let out = text;
  let until = Infinity;
  for (const s of spans) {
    if (s.index + s.length > until) continue; // overlaps one already masked
    out = out.slice(0, s.index) + `[${s.kind}]` + out.slice(s.index + s.length);
    until = s.index;
  }
  return out;
}

/** One line per kind, for the run's digest: "API key (lines 12, 40)". */
export function describeFindings(found: SecretFinding[]): string {
  const byKind = new Map<string, number[]>();
  for (const f of found) byKind.set(f.kind, [...(byKind.get(f.kind) ?? []), f.line]);
  return [...byKind].map(([kind, lines]) => `${kind} (output line${lines.length > 1 ? "s" : ""} ${[...new Set(lines)].slice(0, 10).join(", ")}${lines.length > 10 ? ", …" : ""})`).join("; ");
}
