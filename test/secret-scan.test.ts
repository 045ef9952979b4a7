/**
 * The test run's secret scanner (scripts/secret-scan.ts, applied by scripts/run-tests.ts to every
 * file's output): it finds each kind of secret the service holds, names the kind and line without the
 * value, masks them, and leaves alone what only looks like one (hashes, key hints, redacted URLs).
 * The secrets below are built at run time, so this file's own output never carries one.
 */
import { expect, test } from "bun:test";
import { ANVIL_KEY_0 } from "../src/config.ts";
import { generateApiKey, keyHint } from "../src/domain/api-keys.ts";
import { describeFindings, findSecrets, maskSecrets } from "../scripts/secret-scan.ts";

const apiKey = generateApiKey("live");
const whsec = `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64")}`;
const rpcKey = "Zx9" + "q".repeat(29);

test("each kind is found, by kind and line, never by value", () => {
  const text = [
    "(pass) something",
    `operator key ${ANVIL_KEY_0}`,
    `upper, no 0x: ${ANVIL_KEY_0.slice(2).toUpperCase()}`,
    `{"secret_key":"${apiKey}"}`,
    `{"secret":"${whsec}"}`,
    `rpc https://base-mainnet.g.alchemy.com/v2/${rpcKey} failed`,
    `wss://mainnet.infura.io/ws/v3/${rpcKey}`,
    `https://rpc.example.com/base?apikey=${rpcKey}`,
  ].join("\n");
  const found = findSecrets(text);
  expect(found).toEqual([
    { kind: "sandbox dev private key (ANVIL_KEY_0)", line: 2 },
    { kind: "sandbox dev private key (ANVIL_KEY_0)", line: 3 },
    { kind: "API key", line: 4 },
    { kind: "webhook signing secret", line: 5 },
    { kind: "RPC URL with an API key", line: 6 },
    { kind: "RPC URL with an API key", line: 7 },
    { kind: "RPC URL with an API key", line: 8 },
  ]);
  const digest = describeFindings(found);
  expect(digest).toBe("sandbox dev private key (ANVIL_KEY_0) (output lines 2, 3); API key (output line 4); webhook signing secret (output line 5); RPC URL with an API key (output lines 6, 7, 8)");
  const masked = maskSecrets(text);
  for (const secret of [ANVIL_KEY_0.slice(2), ANVIL_KEY_0.slice(2).toUpperCase(), apiKey, whsec, rpcKey]) {
    expect(digest).not.toContain(secret);
    expect(masked).not.toContain(secret);
  }
  expect(findSecrets(masked)).toEqual([]);
  expect(masked).toContain('{"secret_key":"[API key]"}');
});

test("what only looks like a secret is left alone", () => {
  const text = [
    "tx 0x9f2c4e0b7a1d3c5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6 mined", // a hash: 64 hex digits
    `key ${keyHint(apiKey)} revoked`, // the hint shown in lists
    "sk_test_ prefix, sk_live_short",
    "https://base-mainnet.g.alchemy.com/v2/[redacted]", // what the logger writes
    "http://127.0.0.1:3000/v1/payment-intents/pi_0123456789abcdefghijklmnop/qr.png", // long ids in our URLs
    "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", // the API reference's example
  ].join("\n");
  expect(findSecrets(text)).toEqual([]);
  expect(maskSecrets(text)).toBe(text);
});
