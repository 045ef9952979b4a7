import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestService, type TestService } from "./support/service.ts";
let svc: TestService;
beforeAll(async () => { svc = await startTestService(); });
afterAll(async () => { await svc?.stop(); });
test("smoke", async () => {
  const m = svc.sandbox.merchant_id;
  const r = await svc.api("/v1/payment-intents", { method: "POST", headers: { "content-type": "application/json" }, body: '{"amount":1,"currency":"usd","merchant_id":"' + m + '","metadata":{"__proto__":"x","constructor":"y","toString":"z"}}' });
  const b = await r.json() as any;
  console.log(r.status, JSON.stringify(b.metadata));
  console.log(await svc.ctx.database.sql`SELECT metadata::text FROM app.payment_intents WHERE id = ${b.id}`);
  const g = await svc.api(`/v1/payment-intents/${b.id}`);
  console.log(await g.text());
});
