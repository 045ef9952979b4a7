/**
 * A small shop that takes stablecoin payments through the service, with the TypeScript client:
 *
 *   POST /checkout {"amount": 12.5}       creates a payment intent, answers where to send the customer
 *   POST /webhooks                        the service's events, signature checked, each handled once
 *   POST /orders/{intent id}/refund       refunds an order's payment ({"amount"}, default all) to {"recipient_address"}
 *                                         (the customer's wallet: the address that paid is refunded from the
 *                                         owner's budget at once, any other waits for the owner's signature)
 *   GET  /orders/{intent id}              what the shop knows of an order
 *
 *   STABLEPAY_API_URL=http://localhost:3000 STABLEPAY_KEY=sk_test_… STABLEPAY_MERCHANT=mer_… \
 *   STABLEPAY_WEBHOOK_SECRET=whsec_… bun examples/shop/shop.ts
 *
 * test/client.test.ts runs it against the sandbox: checkout, payment on chain, verified webhook, refund.
 */
import { createStablepayClient, verifyWebhook, WebhookVerificationError } from "../../clients/typescript/src/index.ts";

export interface ShopOptions {
  apiUrl: string;
  apiKey: string;
  merchantId: string;
  /** The `whsec_…` secret of the shop's webhook endpoint (set later with setWebhookSecret when created after the start). */
  webhookSecret?: string;
  port?: number;
}

interface Order {
  intentId: string;
  amount: number;
  status: "awaiting_payment" | "paid" | "refunded";
  payUrl: string;
  events: string[];
}

export function startShop(opts: ShopOptions) {
  const stablepay = createStablepayClient({ baseUrl: opts.apiUrl, apiKey: opts.apiKey });
  const orders = new Map<string, Order>();
  const seenEvents = new Set<string>();
  let webhookSecret = opts.webhookSecret;

  const json = (body: unknown, status = 200) => Response.json(body, { status });

  const server = Bun.serve({
    port: opts.port ?? 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      if (req.method === "POST" && url.pathname === "/checkout") {
        const { amount } = (await req.json()) as { amount: number };
        const { data, error } = await stablepay.POST("/v1/payment-intents", { body: { amount, currency: "usd", merchant_id: opts.merchantId } });
        if (error) return json({ error: error.error.message }, 502);
        // The hosted page: the intent id is the capability, no key needed by the customer.
        const payUrl = `${opts.apiUrl}/pay/${data.id}`;
        orders.set(data.id, { intentId: data.id, amount, status: "awaiting_payment", payUrl, events: [] });
        return json({ order: data.id, pay_url: payUrl }, 201);
      }
      if (req.method === "POST" && url.pathname === "/webhooks") {
        if (!webhookSecret) return json({ error: "no webhook secret yet" }, 503);
        let event;
        try {
          event = verifyWebhook(webhookSecret, req.headers, await req.text());
        } catch (err) {
          if (err instanceof WebhookVerificationError) return json({ error: "bad signature" }, 401);
          throw err;
        }
        // Deliveries are at least once: handle each event id once.
        if (seenEvents.has(event.id)) return json({ received: true, duplicate: true });
        seenEvents.add(event.id);
        const data = event.data as { id?: string; payment_intent?: string };
        const intentId = data.payment_intent ?? data.id;
        const order = intentId ? orders.get(intentId) : undefined;
        if (order) {
          order.events.push(event.type);
          if (event.type === "payment_intent.confirmed") order.status = "paid";
          if (event.type === "refund.succeeded") order.status = "refunded";
        }
        return json({ received: true });
      }
      const refund = /^\/orders\/(pi_[A-Za-z0-9]+)\/refund$/.exec(url.pathname);
      if (req.method === "POST" && refund) {
        const order = orders.get(refund[1]!);
        if (!order) return json({ error: "no such order" }, 404);
        const { recipient_address, amount } = (await req.json()) as { recipient_address: string; amount?: number };
        const body = { payment_intent: order.intentId, recipient_address, reason: "requested_by_customer" as const, ...(amount !== undefined ? { amount } : {}) };
        const { data, error } = await stablepay.POST("/v1/refunds", { body });
        if (error) return json({ error: error.error.message, code: error.error.code }, 409);
        return json({ refund: data.id, status: data.status }, 201);
      }
      const get = /^\/orders\/(pi_[A-Za-z0-9]+)$/.exec(url.pathname);
      if (req.method === "GET" && get) {
        const order = orders.get(get[1]!);
        return order ? json(order) : json({ error: "no such order" }, 404);
      }
      return json({ error: "not found" }, 404);
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}`,
    client: stablepay,
    orders,
    setWebhookSecret: (secret: string) => void (webhookSecret = secret),
    stop: () => server.stop(true),
  };
}

if (import.meta.main) {
  const need = (name: string) => {
    const v = process.env[name];
    if (!v) throw new Error(`${name} is not set`);
    return v;
  };
  const shop = startShop({
    apiUrl: need("STABLEPAY_API_URL"),
    apiKey: need("STABLEPAY_KEY"),
    merchantId: need("STABLEPAY_MERCHANT"),
    webhookSecret: need("STABLEPAY_WEBHOOK_SECRET"),
    port: Number(process.env.PORT ?? 4000),
  });
  console.log(`shop listening on ${shop.url}`);
}
