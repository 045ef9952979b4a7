/**
 * Webhook receiver for bench/webhooks.ts, in its own process: verifies every request with the
 * independent `standardwebhooks` package and records when each webhook-id arrived.
 *
 *   bun bench/webhook-receiver.ts <secret>      prints "listening <port>"
 *
 * POST /hook: 200 if the signature verifies, 400 otherwise.
 * GET /stats: { received, verified, rejected, arrivals: { [webhook-id]: epoch ms } }  (arrivals: first arrival)
 * POST /reset: forgets everything.
 */
import { Webhook } from "standardwebhooks";

const secret = process.argv[2];
if (!secret) throw new Error("usage: bun bench/webhook-receiver.ts <whsec_…>");
const wh = new Webhook(secret);
let received = 0;
let verified = 0;
let rejected = 0;
let arrivals: Record<string, number> = {};

const server = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  async fetch(req) {
    const url = new URL(req.url);
    if (url.pathname === "/stats") return Response.json({ received, verified, rejected, arrivals });
    if (url.pathname === "/reset") {
      received = verified = rejected = 0;
      arrivals = {};
      return new Response("ok");
    }
    const body = await req.text();
    const at = performance.timeOrigin + performance.now();
    received++;
    const headers = { "webhook-id": req.headers.get("webhook-id") ?? "", "webhook-timestamp": req.headers.get("webhook-timestamp") ?? "", "webhook-signature": req.headers.get("webhook-signature") ?? "" };
    try {
      wh.verify(body, headers);
      verified++;
      arrivals[headers["webhook-id"]] ??= at;
      return new Response("ok");
    } catch {
      rejected++;
      return new Response("bad signature", { status: 400 });
    }
  },
});
process.stdout.write(`listening ${server.port}\n`);
