/**
 * The receivers of examples/webhook-receivers/ that can run here (Hono, a dependency; Flask, in
 * Debian's python3-flask) take a delivery signed by the service's own signing code and refuse a
 * tampered one; and the pitfall the guide warns of is real: the same body parsed and serialized
 * again no longer verifies. docs/webhooks.md quotes lines of these files (test/docs-samples.test.ts).
 */
import { afterAll, expect, test } from "bun:test";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { Webhook } from "standardwebhooks";
import { receiver } from "../examples/webhook-receivers/hono.ts";
import { secretKey, webhookHeaders } from "../src/modules/webhooks/signing.ts";
import { postWebhook } from "../src/modules/webhooks/delivery.ts";
import { freePort } from "../src/sandbox/ports.ts";
import { waitFor } from "./support/webhook-fixtures.ts";

const secret = `whsec_${randomBytes(32).toString("base64")}`;
// Written as a JSON serializer would not write it again: spaces, a trailing zero, an escaped character.
const body = '{"id": "evt_4Qm8ZpX2LbR7cVt1NwKd9YaB", "object": "event", "type": "payment_intent.confirmed", "created_at": "2026-04-01T12:00:05.000Z", "data": {"amount": 25.10, "metadata": {"order_id": "caf\\u00e9-1042"}}}';
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
});

function send(url: string, text: string, signedText = text) {
  const headers = webhookHeaders([secretKey(secret)], "evt_4Qm8ZpX2LbR7cVt1NwKd9YaB", new Date(), signedText);
  return postWebhook({ url, headers, body: text, timeoutMs: 5000 });
}

test("the pitfall: a body parsed and serialized again does not verify", () => {
  const headers = webhookHeaders([secretKey(secret)], "evt_x", new Date(), body);
  const wh = new Webhook(secret);
  expect(() => wh.verify(body, headers)).not.toThrow();
  expect(() => wh.verify(JSON.stringify(JSON.parse(body)), headers)).toThrow();
});

test("Hono: the raw body verifies; a tampered one is refused", async () => {
  const seen: string[] = [];
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: receiver(secret, (e) => seen.push(e.type)).fetch });
  try {
    const url = `http://127.0.0.1:${server.port}/webhooks/stablepay`;
    expect((await send(url, body)).statusCode).toBe(200);
    expect(seen).toEqual(["payment_intent.confirmed"]);
    expect((await send(url, body.replace("25.10", "2510"), body)).statusCode).toBe(400);
    expect(seen).toHaveLength(1);
  } finally {
    server.stop(true);
  }
});

// The first python3 that has Flask: the one on PATH (a pyenv's, say), else Debian's, where python3-flask installs.
const python = ["python3", "/usr/bin/python3"].find((p) => spawnSync(p, ["-c", "import flask"]).status === 0);
test.skipIf(!python && !process.env.CI)("Flask: the raw body verifies; a tampered one is refused", async () => {
  const port = await freePort();
  const child = spawn(python ?? "python3", [join(import.meta.dir, "..", "examples", "webhook-receivers", "flask_app.py")], { env: { ...process.env, WEBHOOK_SECRET: secret, PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", () => {});
  const url = `http://127.0.0.1:${port}/webhooks/stablepay`;
  await waitFor(async () => (await send(url, body)).statusCode === 200, "flask answering 200", 20_000);
  expect(out).toContain("payment_intent.confirmed evt_4Qm8ZpX2LbR7cVt1NwKd9YaB");
  expect((await send(url, body.replace("25.10", "2510"), body)).statusCode).toBe(400);
});
