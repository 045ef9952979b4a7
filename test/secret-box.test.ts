/**
 * Webhook signing secrets sealed at rest (lib/secret-box.ts): AES-256-GCM under WEBHOOK_SECRETS_KEY.
 * - the box: seal/open, a value altered or sealed under an unknown key refused, earlier keys opened,
 *   values stored before a key was set read as they are; the key's two spellings;
 * - the store, on a real database: created and rotated secrets are sealed in their rows and opened
 *   where read (deliveries signed with them under a sealing key: test/production-topology.test.ts); a key rotation (new key, old one kept as previous,
 *   `webhooks reseal`) leaves every secret readable under the new key alone.
 */
import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { parseSecretsKey, SecretBox, SecretBoxError, secretBox, useSecretBox } from "../src/lib/secret-box.ts";
import { sleep } from "./support/payments.ts";
import { insertEndpoint, liveSecrets, resealSecrets, rotateSecret } from "../src/modules/webhook-endpoints/service.ts";
import type { Database } from "../src/db/client.ts";
import { createTestDatabase } from "./support/db.ts";

const key = () => randomBytes(32);
let database: Database;

beforeAll(async () => {
  database = (await createTestDatabase()).database;
});
afterAll(async () => {
  await database?.close();
});
afterEach(() => useSecretBox(new SecretBox(undefined)));

test("the box: sealed values open with their key, altered or foreign ones are refused, earlier keys still open", () => {
  const [a, b] = [key(), key()];
  const box = new SecretBox(a);
  const sealed = box.seal("whsec_abc");
  expect(sealed).toMatch(/^sealed:v1:[0-9a-f]{8}:[\w-]+:[\w-]+$/);
  expect(sealed).not.toContain("abc");
  expect(box.seal("whsec_abc")).not.toBe(sealed); // a fresh nonce each time
  expect(box.open(sealed)).toBe("whsec_abc");
  // Stored before a key was set: read as it is, and due for sealing.
  expect(box.open("whsec_plain")).toBe("whsec_plain");
  expect(box.stale("whsec_plain")).toBe(true);
  expect(box.stale(sealed)).toBe(false);
  // One character changed: refused, never a wrong secret.
  const last = sealed.at(-2) === "A" ? "B" : "A";
  expect(() => box.open(`${sealed.slice(0, -2)}${last}${sealed.at(-1)}`)).toThrow(SecretBoxError);
  // Under another key: refused with the key id, until that key is given as an earlier one.
  expect(() => new SecretBox(b).open(sealed)).toThrow(/sealed with key [0-9a-f]{8}, which this process does not have/);
  const rotated = new SecretBox(b, [a]);
  expect(rotated.open(sealed)).toBe("whsec_abc");
  expect(rotated.stale(sealed)).toBe(true);
  // No key (the sandbox): stored as they are.
  expect(new SecretBox(undefined).seal("whsec_x")).toBe("whsec_x");
  expect(() => new SecretBox(Buffer.alloc(16))).toThrow(SecretBoxError);
});

test("the key is 64 hex digits or base64 of 32 bytes", () => {
  const k = key();
  expect(parseSecretsKey(k.toString("hex"))).toEqual(k);
  expect(parseSecretsKey(k.toString("base64"))).toEqual(k);
  expect(parseSecretsKey(k.toString("base64url"))).toEqual(k);
  for (const bad of ["", "short", "zz".repeat(32), randomBytes(16).toString("hex"), randomBytes(31).toString("base64")]) expect(parseSecretsKey(bad)).toBeUndefined();
});

test("the store: rows hold secrets sealed, readers get them opened; a key rotation with reseal leaves them all under the new key", async () => {
  const sql = database.sql;
  const [oldKey, newKey] = [key(), key()];
  // An endpoint from before encryption was enabled: its secret stored as it is.
  const [account] = await sql<{ id: string }[]>`INSERT INTO app.accounts (id, name) VALUES (${`acct_${randomBytes(8).toString("hex")}`}, 'Sealed') RETURNING id`;
  const owner = { accountId: account!.id, mode: "test" as const };
  const plain = await insertEndpoint(sql, owner, { url: "https://hooks.example/a", eventTypes: ["*"], description: null, metadata: {} }, new Date());
  expect((await sql`SELECT secret FROM app.webhook_endpoints WHERE id = ${plain.id}`)[0]!.secret).toBe(plain.secret);

  useSecretBox(new SecretBox(oldKey));
  const created = await insertEndpoint(sql, owner, { url: "https://hooks.example/b", eventTypes: ["*"], description: null, metadata: {} }, new Date());
  expect(created.secret).toMatch(/^whsec_/);
  const stored = async (id: string) => (await sql<{ secret: string; previous_secrets: Array<{ secret: string }> }[]>`SELECT secret, previous_secrets FROM app.webhook_endpoints WHERE id = ${id}`)[0]!;
  expect((await stored(created.id)).secret).toStartWith("sealed:v1:");
  const rotated = (await rotateSecret(sql, owner, created.id, new Date()))!;
  expect(rotated.secret).toMatch(/^whsec_/);
  expect(rotated.secret).not.toBe(created.secret);
  const row = await stored(created.id);
  expect([row.secret, ...row.previous_secrets.map((p) => p.secret)].every((s) => s.startsWith("sealed:v1:"))).toBe(true);
  expect(liveSecrets(row.previous_secrets, new Date())).toEqual([created.secret]);

  // Rotation of the key: the new one current, the old one still opening; reseal; then the new one alone.
  useSecretBox(new SecretBox(newKey, [oldKey]));
  expect(await resealSecrets(sql)).toEqual({ endpoints: 2, resealed: 2 });
  expect(await resealSecrets(sql)).toEqual({ endpoints: 2, resealed: 0 });
  useSecretBox(new SecretBox(newKey));
  const after = await stored(created.id);
  expect(secretBox().open(after.secret)).toBe(rotated.secret);
  expect(liveSecrets(after.previous_secrets, new Date())).toEqual([created.secret]);
  expect(secretBox().open((await stored(plain.id)).secret)).toBe(plain.secret);
  expect((await stored(plain.id)).secret).toStartWith("sealed:v1:");

  // A process without the key cannot read a sealed secret, and says which key it lacks.
  useSecretBox(new SecretBox(undefined));
  expect(() => secretBox().open(after.secret)).toThrow(/WEBHOOK_SECRETS_KEY/);
});

test("two reseals at once while a secret is rotated: each row re-sealed once, the rotation kept, every secret opens under the new key alone", async () => {
  const sql = database.sql;
  const [oldKey, newKey] = [key(), key()];
  const [account] = await sql<{ id: string }[]>`INSERT INTO app.accounts (id, name) VALUES (${`acct_${randomBytes(8).toString("hex")}`}, 'Resealed twice') RETURNING id`;
  const owner = { accountId: account!.id, mode: "test" as const };
  // Only this test's endpoints (the test above left two sealed under a key this one does not hold).
  await sql`DELETE FROM app.webhook_endpoints WHERE account_id <> ${owner.accountId}`;
  useSecretBox(new SecretBox(oldKey));
  const endpoints = [];
  for (let i = 0; i < 12; i++) endpoints.push(await insertEndpoint(sql, owner, { url: `https://hooks.example/r${i}`, eventTypes: ["*"], description: null, metadata: {} }, new Date()));
  // The first row both reseals reach (they go in id order) is held by another transaction while a
  // rotation of its secret waits on it first, then the two reseals: when it is let go, each must read
  // the row as the rotation left it (a reseal that read it before would write the old secret back).
  const first = [...endpoints].sort((x, y) => (x.id < y.id ? -1 : 1))[0]!;
  useSecretBox(new SecretBox(newKey, [oldKey]));
  let pending: Promise<unknown[]> | undefined;
  await sql.begin(async (tx) => {
    await tx`SELECT 1 FROM app.webhook_endpoints WHERE id = ${first.id} FOR UPDATE`;
    const rotation = rotateSecret(sql, owner, first.id, new Date());
    await sleep(150);
    pending = Promise.all([rotation, resealSecrets(sql), resealSecrets(sql)]);
    await sleep(300);
  });
  const [rotated, a, b] = (await pending!) as [{ secret: string }, { resealed: number }, { resealed: number }];
  // Every row re-sealed by exactly one of the two; the rotated one too (its previous secret was under the old key).
  expect(a.resealed + b.resealed).toBe(12);
  useSecretBox(new SecretBox(newKey));
  const rows = await sql<{ id: string; secret: string; previous_secrets: unknown }[]>`SELECT id, secret, previous_secrets FROM app.webhook_endpoints`;
  const row = (id: string) => rows.find((r) => r.id === id)!;
  expect(secretBox().open(row(first.id).secret)).toBe(rotated.secret);
  expect(liveSecrets(row(first.id).previous_secrets, new Date())).toEqual([first.secret]);
  for (const e of endpoints.filter((e) => e.id !== first.id)) expect(secretBox().open(row(e.id).secret)).toBe(e.secret);
  expect((await resealSecrets(sql)).resealed).toBe(0);
});
