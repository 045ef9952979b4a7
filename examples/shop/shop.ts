/**
 * A small shop that takes stablecoin payments through the service, with the published client
 * (`@stablepay/client`). Copy it as a start: it does what the integrators' guide asks of a shop
 * ("Orders: paid, expired, late and unmatched payments" in docs/integrators.md).
 *
 *   POST /orders {"order_id"?, "amount"}   an order and its payment intent; answers where to send the customer.
 *                                          The shop's own order id keys the create's idempotency: a retried
 *                                          checkout (a double click, a timeout) gets the same intent, never two
 *   POST /orders/{order id}/pay-again      a new intent for an order whose intent expired
 *   POST /webhooks                         the service's events: signature checked, each event handled once
 *   POST /orders/{order id}/refund         refunds the order's payment ({"amount"}, default all) to {"recipient_address"}
 *   GET  /orders/{order id}                what the shop knows of an order
 *   GET  /payments/unmatched               payments the service could match to no intent (a wrong amount,
 *                                          token or chain): for a person to look at
 *
 *   STABLEPAY_API_URL=http://localhost:3000 STABLEPAY_KEY=sk_test_… STABLEPAY_MERCHANT=mer_… \
 *   STABLEPAY_WEBHOOK_SECRET=whsec_… PORT=4000 bun shop.ts
 *
 * Orders live in memory here; a real shop keeps them (and the event ids it handled) in its database.
 */
import { createStablepayClient, orThrow, StablepayError, verifyWebhook, WebhookVerificationError, type WebhookEvent, type components } from "@stablepay/client";

type Intent = components["schemas"]["PaymentIntent"];
type Transaction = components["schemas"]["Transaction"];

export interface ShopOptions {
  apiUrl: string;
  apiKey: string;
  merchantId: string;
  /** The `whsec_…` secret of the shop's webhook endpoint. */
  webhookSecret: string;
  port?: number;
  /** Seconds an intent waits for its payment (the service's default when absent). */
  ttl?: number;
}

/**
 * - `awaiting_payment`: sent to the payment page;
 * - `paid`: its intent confirmed (ship it);
 * - `expired`: its intent expired unpaid (the customer may pay again: a new intent);
 * - `needs_review`: money arrived that the service did not count as this order's payment: a payment
 *   after the intent ended (late), or a second one. The shop decides: fulfil it, or refund it;
 * - `refunded`: its payment was sent back.
 */
type OrderStatus = "awaiting_payment" | "paid" | "expired" | "needs_review" | "refunded";

interface Order {
  id: string;
  amount: number;
  status: OrderStatus;
  /** The order's current intent, and every intent it had (one per attempt to pay). */
  intentId: string;
  intents: string[];
  payUrl: string;
  /** The transaction that paid it, and those to look at (late or extra payments). */
  paidBy?: string;
  review: Array<{ transaction: string; reason: "late_payment" | "extra_payment"; amount: number }>;
  events: string[];
}

export function startShop(opts: ShopOptions) {
  const stablepay = createStablepayClient({ baseUrl: opts.apiUrl, apiKey: opts.apiKey });
  const orders = new Map<string, Order>();
  const byIntent = new Map<string, Order>();
  const unmatched: Array<{ transaction: string; amount: number; token: string; chain: string; tx_hash: string }> = [];
  const handled = new Set<string>();

  const json = (body: unknown, status = 200) => Response.json(body, { status });
  const failed = (err: unknown) =>
    err instanceof StablepayError
      ? json({ error: err.message, code: err.code, request_id: err.requestId }, err.statusCode >= 500 ? 502 : 409)
      : json({ error: "the payment service did not answer" }, 502);

  /** The order's next intent: attempt n of order X always sends the same idempotency key. */
  async function newIntent(order: Order): Promise<Intent> {
    const attempt = order.intents.length + 1;
    const intent = orThrow(
      await stablepay.POST("/v1/payment-intents", {
        body: { amount: order.amount, currency: "usd", merchant_id: opts.merchantId, metadata: { order_id: order.id }, ...(opts.ttl ? { ttl: opts.ttl } : {}) },
        headers: { "Idempotency-Key": `order-${order.id}-attempt-${attempt}` },
      }),
    );
    order.intentId = intent.id;
    order.intents.push(intent.id);
    // The hosted page: the intent id is the capability, no key needed by the customer.
    order.payUrl = `${opts.apiUrl}/pay/${intent.id}`;
    order.status = "awaiting_payment";
    byIntent.set(intent.id, order);
    return intent;
  }

  /** The order an event is about: by intent id, else by the order id the intent's metadata carries. */
  const orderOf = (intentId: string | null | undefined, metadata?: Record<string, string> | null) =>
    (intentId ? byIntent.get(intentId) : undefined) ?? (metadata?.order_id ? orders.get(metadata.order_id) : undefined);

  async function onEvent(event: WebhookEvent): Promise<void> {
    // Narrowed on `type`, `event.data` is that event's data.
    switch (event.type) {
      case "payment_intent.confirmed": {
        const order = orderOf(event.data.id, event.data.metadata);
        if (!order) return;
        order.events.push(event.type);
        if (order.status === "awaiting_payment" || order.status === "expired") {
          order.status = "paid";
          order.paidBy = event.data.tx_hash ?? undefined;
        }
        return;
      }
      case "payment_intent.expired": {
        const order = orderOf(event.data.id, event.data.metadata);
        if (!order) return;
        order.events.push(event.type);
        // Only the order's current intent ends the order's wait; an older attempt's expiry says nothing.
        if (order.intentId === event.data.id && order.status === "awaiting_payment") order.status = "expired";
        return;
      }
      case "transaction.created":
        return onPayment(event.data as Transaction);
      case "refund.succeeded": {
        const order = orderOf(event.data.payment_intent);
        if (!order) return;
        order.events.push(event.type);
        order.status = "refunded";
        return;
      }
      default:
        return; // not subscribed to, or nothing for the shop to do
    }
  }

  /**
   * Every payment the service recorded. Events are unordered: this may come before or after
   * `payment_intent.confirmed`, so the intent is read back to tell the order's own payment from a late or extra one.
   */
  async function onPayment(tx: Transaction): Promise<void> {
    if (tx.payment_intent_id === null) {
      unmatched.push({ transaction: tx.id, amount: tx.amount, token: tx.token, chain: tx.chain, tx_hash: tx.tx_hash });
      return;
    }
    const order = orderOf(tx.payment_intent_id, tx.metadata);
    if (!order) return;
    order.events.push("transaction.created");
    const intent = orThrow(await stablepay.GET("/v1/payment-intents/{id}", { params: { path: { id: tx.payment_intent_id } } }));
    const paidThis = (intent.status === "confirmed" || intent.status === "settled") && intent.tx_hash === tx.tx_hash;
    if (paidThis) {
      if (order.status === "awaiting_payment" || order.status === "expired") {
        order.status = "paid";
        order.paidBy = tx.tx_hash;
      }
      return;
    }
    if (order.review.some((r) => r.transaction === tx.id)) return;
    order.review.push({ transaction: tx.id, reason: intent.status === "confirmed" || intent.status === "settled" ? "extra_payment" : "late_payment", amount: tx.amount });
    if (order.status !== "paid" && order.status !== "refunded") order.status = "needs_review";
  }

  const server = Bun.serve({
    port: opts.port ?? 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      try {
        if (req.method === "POST" && url.pathname === "/orders") {
          const body = (await req.json()) as { order_id?: string; amount: number };
          const id = body.order_id ?? `ord_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
          let order = orders.get(id);
          if (order && order.amount !== body.amount) return json({ error: "this order exists with another amount" }, 409);
          if (!order) {
            order = { id, amount: body.amount, status: "awaiting_payment", intentId: "", intents: [], payUrl: "", review: [], events: [] };
            orders.set(id, order);
          }
          if (!order.intentId) await newIntent(order);
          return json({ order: order.id, payment_intent: order.intentId, pay_url: order.payUrl }, 201);
        }
        const again = /^\/orders\/([A-Za-z0-9_-]+)\/pay-again$/.exec(url.pathname);
        if (req.method === "POST" && again) {
          const order = orders.get(again[1]!);
          if (!order) return json({ error: "no such order" }, 404);
          if (order.status !== "expired") return json({ error: `the order is ${order.status}` }, 409);
          await newIntent(order);
          return json({ order: order.id, payment_intent: order.intentId, pay_url: order.payUrl }, 201);
        }
        if (req.method === "POST" && url.pathname === "/webhooks") {
          let event: WebhookEvent;
          try {
            // A webhook delivery: the raw body, exactly as received; a forged or stale one throws.
            event = verifyWebhook(opts.webhookSecret, req.headers, await req.text());
          } catch (err) {
            if (err instanceof WebhookVerificationError) return json({ error: "bad signature" }, 401);
            throw err;
          }
          // Deliveries are at least once: each event id is handled once (and not marked handled if handling failed).
          if (handled.has(event.id)) return json({ received: true, duplicate: true });
          await onEvent(event);
          handled.add(event.id);
          return json({ received: true });
        }
        const refund = /^\/orders\/([A-Za-z0-9_-]+)\/refund$/.exec(url.pathname);
        if (req.method === "POST" && refund) {
          const order = orders.get(refund[1]!);
          if (!order) return json({ error: "no such order" }, 404);
          const { recipient_address, amount } = (await req.json()) as { recipient_address: string; amount?: number };
          const r = orThrow(
            await stablepay.POST("/v1/refunds", {
              body: { payment_intent: order.intentId, recipient_address, reason: "requested_by_customer", ...(amount !== undefined ? { amount } : {}) },
            }),
          );
          return json({ refund: r.id, status: r.status }, 201);
        }
        const get = /^\/orders\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
        if (req.method === "GET" && get) {
          const order = orders.get(get[1]!);
          return order ? json(order) : json({ error: "no such order" }, 404);
        }
        if (req.method === "GET" && url.pathname === "/payments/unmatched") return json({ data: unmatched });
        return json({ error: "not found" }, 404);
      } catch (err) {
        return failed(err);
      }
    },
  });

  return { url: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) };
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
    ...(process.env.SHOP_INTENT_TTL ? { ttl: Number(process.env.SHOP_INTENT_TTL) } : {}),
  });
  console.log(`shop listening on ${shop.url}`);
}
