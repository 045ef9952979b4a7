// A webhook receiver on Hono: the signature is checked over the body as received (c.req.text()),
// before anything parses it. Run by test/webhook-receivers.test.ts.
import { Hono } from "hono";
import { Webhook } from "standardwebhooks";

export function receiver(secret: string, handle: (event: { id: string; type: string; data: unknown }) => void) {
  const wh = new Webhook(secret);
  const app = new Hono();
  app.post("/webhooks/stablepay", async (c) => {
    const body = await c.req.text(); // the raw body: not c.req.json()
    let event: { id: string; type: string; data: unknown };
    try {
      event = wh.verify(body, Object.fromEntries(c.req.raw.headers)) as typeof event;
    } catch {
      return c.text("bad signature", 400);
    }
    handle(event);
    return c.text("ok");
  });
  return app;
}
