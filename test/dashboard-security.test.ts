/**
 * The dashboard's security promises, checked on every route the app serves under /dashboard (read
 * from the app itself, so a route added later is covered without editing this file): no session ->
 * sign-in (and a handler gets the session only behind a declared guard: type-checked); a POST
 * without the session's CSRF token -> 403; a viewer changes nothing; a cashier reaches its register's
 * routes only (every other route 403, by URL too); another
 * account's merchants, endpoints and events -> 404; markup in an endpoint's description is text;
 * the merchant and endpoint forms, sent twice, create one; 20 wrong passwords from one address ->
 * throttled, whatever the email.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { buildApp } from "../src/api/app.ts";
import { ADMIN_FORM, dashboardKit, SIGNED_IN_PAGE } from "../src/modules/dashboard/kit.ts";
import { createIntegratorAccount } from "../src/modules/merchants/onboarding.ts";
import { chargeAmounts, chargeTerminal, findTerminal } from "../src/modules/terminals/service.ts";
import { DashboardClient, dashboardUser } from "./support/dashboard-client.ts";
import { startTestService, type TestService } from "./support/service.ts";

let svc: TestService;
/** Real ids of the sandbox account's objects, by the route prefix they appear under. */
const ids: Record<string, string> = {};
let chargeIntent = "";
let routes: Array<{ method: string; path: string }>;

const PUBLIC = new Set(["/dashboard/sign-in", "/dashboard/set-password", "/dashboard/assets/dashboard.css", "/dashboard/assets/wallet.js", "/dashboard/assets/nfc.js", "/dashboard/assets/register.js"]);

beforeAll(async () => {
  svc = await startTestService({ roles: ["api", "indexer", "matcher", "dispatcher"] });
  const unscoped = { key: svc.sandbox.test_key_unscoped };
  const endpoint = (await (await svc.api("/v1/webhook_endpoints", { ...unscoped, method: "POST", json: { url: "http://127.0.0.1:9/hook", enabled_events: ["*"] } })).json()) as { id: string };
  const intent = (await (await svc.api("/v1/payment-intents", { method: "POST", json: { amount: 4.56, currency: "usd", merchant_id: svc.sandbox.merchant_id } })).json()) as { id: string };
  const paid = (await (await svc.api("/v1/payment-intents", { method: "POST", json: { amount: 1.23, currency: "usd", merchant_id: svc.sandbox.merchant_id } })).json()) as { id: string };
  await svc.api(`/v1/test_helpers/payment_intents/${paid.id}/pay`, { method: "POST" });
  let eventId: string | undefined;
  for (let i = 0; i < 200 && !eventId; i++) {
    const [row] = await svc.ctx.database.sql<{ id: string }[]>`SELECT id FROM app.events WHERE data->>'id' = ${paid.id} LIMIT 1`;
    eventId = row?.id;
    if (!eventId) await Bun.sleep(100);
  }
  // A refund waiting for the owner's approval: its wallet routes are covered like every other.
  const refund = (await (
    await svc.api("/v1/refunds", { key: svc.sandbox.test_key_unscoped, method: "POST", json: { payment_intent: paid.id, amount: 0.5, recipient_address: "0x000000000000000000000000000000000000dEaD" } })
  ).json()) as { id: string; status: string };
  expect(refund.status).toBe("requires_approval");
  const [key] = await svc.ctx.database.sql<{ id: string }[]>`SELECT id FROM app.api_keys WHERE account_id = ${svc.sandbox.account_id} AND revoked_at IS NULL LIMIT 1`;
  const link = (await (await svc.api("/v1/payment_links", { method: "POST", json: { amount: 3 } })).json()) as { id: string };
  const customer = (await (await svc.api("/v1/deposit_addresses", { method: "POST", json: { customer_reference: "customer-security" } })).json()) as { id: string };
  const [demoAdmin] = await svc.ctx.database.sql<{ id: string }[]>`SELECT id FROM app.dashboard_users WHERE email = ${svc.sandbox.dashboard_email}`;
  // A register with one charge: its pages and the charge's status and QR code are covered like every other.
  const terminal = (await (await svc.api("/v1/terminals", { method: "POST", json: { name: "Counter", tip_percentages: [10] } })).json()) as { id: string };
  const t = await findTerminal(svc.ctx.database.sql, terminal.id);
  chargeIntent = await chargeTerminal(svc.ctx, t!, chargeAmounts(t!, 1_000_000n, 10));
  Object.assign(ids, {
    "/dashboard/payments": intent.id,
    "/dashboard/merchants": svc.sandbox.merchant_id,
    "/dashboard/developers/webhooks": endpoint.id,
    "/dashboard/developers/events": eventId!,
    "/dashboard/developers/keys": key!.id,
    "/dashboard/settlements": "stl_0000000000000000000000",
    "/dashboard/team": demoAdmin!.id,
    "/dashboard/refunds": refund.id,
    "/dashboard/links": link.id,
    "/dashboard/customers": customer.id,
    "/dashboard/register": terminal.id,
  });
  routes = buildApp(svc.ctx)
    .routes.filter((r) => r.path.startsWith("/dashboard") && !PUBLIC.has(r.path) && (r.method === "GET" || r.method === "POST"))
    .map((r) => ({ method: r.method, path: r.path }));
}, 180_000);
afterAll(async () => {
  await svc?.stop();
});

/** A concrete URL for a route: its `:id` from `ids` (by prefix), a valid name for its other parameters. */
function urlOf(path: string): string {
  const prefix = path.split("/:id")[0]!;
  // The most consequential action of each: remove a team member, turn a payment link off, rotate an endpoint's secret.
  const action = prefix === "/dashboard/team" ? "remove" : prefix === "/dashboard/links" ? "deactivate" : "rotate";
  return `${path.replace(":id", ids[prefix] ?? "x_0").replace(":pi", chargeIntent).replace(":helper", "test-pay").replace(":action", action)}?mode=test`;
}

/** What a viewer or a stranger might change, as one comparable value. */
async function stateOf(): Promise<string> {
  const [row] = await svc.ctx.database.sql<{ v: string }[]>`
    SELECT concat_ws('|',
      (SELECT count(*) FROM app.merchants), (SELECT string_agg(business_name || settlement_schedule, ',' ORDER BY id) FROM app.merchants),
      (SELECT count(*) FROM app.api_keys), (SELECT count(*) FROM app.api_keys WHERE revoked_at IS NOT NULL),
      (SELECT string_agg(id || status || secret, ',' ORDER BY id) FROM app.webhook_endpoints),
      (SELECT count(*) FROM app.webhook_deliveries), (SELECT count(*) FROM app.settlements), (SELECT string_agg(id || role, ',' ORDER BY id) FROM app.dashboard_users),
      (SELECT string_agg(id || status, ',' ORDER BY id) FROM app.payment_intents),
      (SELECT string_agg(id || status, ',' ORDER BY id) FROM app.refunds),
      (SELECT string_agg(id || active, ',' ORDER BY id) FROM app.payment_links),
      (SELECT count(*) FROM app.deposit_addresses),
      (SELECT string_agg(id || name || coalesce(current_intent_id, ''), ',' ORDER BY id) FROM app.terminals), (SELECT count(*) FROM app.terminal_charges)) AS v`;
  return row!.v;
}

describe("every dashboard route", () => {
  test("the app serves the sections this file covers", () => {
    const paths = new Set(routes.map((r) => r.path));
    for (const p of ["/dashboard", "/dashboard/merchants", "/dashboard/merchants/:id", "/dashboard/developers/webhooks/:id", "/dashboard/developers/events/:id", "/dashboard/settlements/cash-out"]) expect(paths.has(p)).toBe(true);
    expect(routes.length).toBeGreaterThanOrEqual(25);
  });

  test("a handler gets the session only from the guard its route declares (a route without one does not compile)", async () => {
    const { guards } = dashboardKit(svc.ctx);
    const app = new Elysia()
      .use(guards)
      // @ts-expect-error no guard declared: the handler has no session (npm run typecheck fails if it had)
      .get("/dashboard/x-unguarded", ({ session }) => String(session))
      .get("/dashboard/x-page", ({ session, mode }) => `${session.user.email} ${mode}`, SIGNED_IN_PAGE)
      .post("/dashboard/x-form", ({ fields }) => fields.get("csrf") ?? "", ADMIN_FORM);
    // The guards answer before the handler: sign-in without a session, exactly as the app's routes.
    for (const [method, path] of [["GET", "/dashboard/x-page"], ["POST", "/dashboard/x-form"]]) {
      const res = await app.handle(new Request(`http://localhost${path}?mode=test`, { method }));
      expect([res.status, res.headers.get("location")]).toEqual([303, "/dashboard/sign-in"]);
    }
  });

  test("no session: every page and every action answers a redirect to sign-in", async () => {
    const c = new DashboardClient(svc.apiUrl);
    const wrong: string[] = [];
    for (const r of routes) {
      const res = await c.req(urlOf(r.path), r.method === "POST" ? { form: { csrf: "x" } } : {});
      if (res.status !== 303 || res.headers.get("location") !== "/dashboard/sign-in") wrong.push(`${r.method} ${r.path}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  test("an admin's POST without the CSRF token, or with another session's: 403 and nothing changed", async () => {
    const admin = (await dashboardUser(svc, svc.sandbox.account_id, "admin")).client;
    const other = (await dashboardUser(svc, svc.sandbox.account_id, "admin")).client;
    const othersToken = await other.csrfOf("/dashboard");
    const before = await stateOf();
    const wrong: string[] = [];
    for (const r of routes.filter((x) => x.method === "POST")) {
      for (const form of [{ merchant: svc.sandbox.merchant_id } as Record<string, string>, { csrf: othersToken, merchant: svc.sandbox.merchant_id }]) {
        const res = await admin.req(urlOf(r.path), { form });
        if (res.status !== 403) wrong.push(`${r.path} ${form.csrf ? "another session's token" : "no token"}: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await stateOf()).toBe(before);
  }, 60_000);

  test("a viewer reads every page but changes nothing (403 with a valid token)", async () => {
    const viewer = (await dashboardUser(svc, svc.sandbox.account_id, "viewer")).client;
    const csrf = await viewer.csrfOf("/dashboard");
    const before = await stateOf();
    const wrong: string[] = [];
    // Signing out is anyone's own business (and would end this check): every other route.
    for (const r of routes.filter((x) => x.path !== "/dashboard/sign-out")) {
      const url = urlOf(r.path);
      if (r.method === "GET") {
        const res = await viewer.req(url);
        // Pages open (settlements/:id has no settlement here: 404); the admin-only forms do not.
        const expected = r.path === "/dashboard/settlements/:id" ? 404 : r.path === "/dashboard/settlements/cash-out" || r.path === "/dashboard/merchants/new" ? 403 : 200;
        if (res.status !== expected) wrong.push(`GET ${r.path}: ${res.status}, expected ${expected}`);
        const html = await res.text();
        if (expected === 200 && /<form method="post"(?![^>]*sign-out)/.test(html)) wrong.push(`GET ${r.path}: shows a viewer a form that changes something`);
        // Markup escaped by mistake (an attribute written as text) or text escaped twice.
        if (/=&quot;|&amp;(lt|gt|amp|quot|#39);/.test(html)) wrong.push(`GET ${r.path}: escaped twice or markup as text`);
      } else {
        const form = { csrf, merchant: svc.sandbox.merchant_id, business_name: "Changed by a viewer", email: "v@example.com", schedule: "daily", url: "http://127.0.0.1:9/x", events: "*", amount_units: "1" };
        const res = await viewer.req(url, { form });
        if (res.status !== 403) wrong.push(`POST ${r.path}: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await stateOf()).toBe(before);
  }, 90_000);

  test("a cashier reaches its register's routes only: every other route refused (403), by URL too, nothing changed", async () => {
    const terminal = ids["/dashboard/register"]!;
    const cashier = (await dashboardUser(svc, svc.sandbox.account_id, "cashier", new Date(), "correct horse battery staple", terminal)).client;
    const csrf = await cashier.csrfOf(`/dashboard/register/${terminal}?mode=test`);
    const before = await stateOf();
    const wrong: string[] = [];
    const own = (path: string) => path.startsWith("/dashboard/register/:id");
    for (const r of routes.filter((x) => x.path !== "/dashboard/sign-out" && !(x.method === "POST" && own(x.path)))) {
      const form = { csrf, merchant: svc.sandbox.merchant_id, business_name: "Changed by a cashier", email: "c@example.com", role: "admin", schedule: "daily", url: "http://127.0.0.1:9/x", events: "*", amount_units: "1", name: "x" };
      const res = await cashier.req(urlOf(r.path), r.method === "POST" ? { form } : {});
      // Its home and the register list lead to its register; its register's pages open; nothing else does.
      const expected = r.method === "GET" && (r.path === "/dashboard" || r.path === "/dashboard/register") ? 303 : r.method === "GET" && own(r.path) ? 200 : 403;
      if (res.status !== expected) wrong.push(`${r.method} ${r.path}: ${res.status}, expected ${expected}`);
      if (expected === 403 && (await res.text()).includes("Demo Coffee Co.")) wrong.push(`${r.method} ${r.path}: shows the merchant's data`);
    }
    expect(wrong).toEqual([]);
    expect(await stateOf()).toBe(before);
  }, 90_000);

  test("another account's merchant, endpoint and event: 404 on every page and action, nothing changed", async () => {
    const stranger = (await dashboardUser(svc, (await createIntegratorAccount(svc.ctx, "Stranger Inc")).id, "admin")).client;
    const csrf = await stranger.csrfOf("/dashboard");
    const before = await stateOf();
    const wrong: string[] = [];
    for (const r of routes.filter((x) => x.path.includes(":id"))) {
      const res = await stranger.req(urlOf(r.path), r.method === "POST" ? { form: { csrf, business_name: "Taken over", schedule: "daily", email: "x@example.com" } } : {});
      if (res.status !== 404) wrong.push(`${r.method} ${r.path}: ${res.status}`);
      const html = await res.text();
      if (html.includes("Demo Coffee Co.") || html.includes(ids["/dashboard/developers/webhooks"]!)) wrong.push(`${r.method} ${r.path}: shows the other account's data`);
    }
    expect(wrong).toEqual([]);
    expect(await stateOf()).toBe(before);
    // Its lists do not show them either.
    for (const list of ["/dashboard/merchants", "/dashboard/developers/webhooks", "/dashboard/developers/events"]) {
      const html = await (await stranger.req(`${list}?mode=test`)).text();
      expect(html).not.toContain("Demo Coffee Co.");
      expect(html).not.toContain(ids["/dashboard/developers/webhooks"]!);
      expect(html).not.toContain(ids["/dashboard/developers/events"]!);
    }
  }, 60_000);
});

describe("forms", () => {
  test("an endpoint: the secret shown by the create (and its double submit) only; markup in its description is text; rotate; disable shows on /v1", async () => {
    const admin = (await dashboardUser(svc, svc.sandbox.account_id, "admin")).client;
    const page = await (await admin.req("/dashboard/developers/webhooks?mode=test")).text();
    const csrf = /name="csrf" value="([^"]*)"/.exec(page)![1]!;
    const key = /name="idempotency_key" value="([^"]*)"/.exec(page)![1]!;
    const refused = await admin.req("/dashboard/developers/webhooks?mode=test", { form: { csrf, idempotency_key: key, url: "ftp://example.com/x", events: "*" } });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("ftp://example.com/x");
    const form = new URLSearchParams({ csrf, idempotency_key: key, url: "http://127.0.0.1:9/desc", description: "<script>alert(1)</script>" });
    form.append("events", "payment_intent.confirmed");
    form.append("events", "settlement.completed");
    const res = await fetch(`${svc.apiUrl}/dashboard/developers/webhooks?mode=test`, { method: "POST", body: form, headers: { cookie: [...admin.jar].map(([k, v]) => `${k}=${v}`).join("; "), "content-type": "application/x-www-form-urlencoded" }, redirect: "manual" });
    expect(res.status).toBe(200);
    const html = await res.text();
    const secret = /<code class="secret">(whsec_[^<]+)<\/code>/.exec(html)?.[1];
    expect(secret).toBeDefined();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    const id = /\/dashboard\/developers\/webhooks\/(we_[A-Za-z0-9]+)\/rotate/.exec(html)![1]!;
    const [row] = await svc.ctx.database.sql<{ secret: string; event_types: string[] }[]>`SELECT secret, event_types FROM app.webhook_endpoints WHERE id = ${id}`;
    expect(row!.secret).toBe(secret!);
    expect(row!.event_types).toEqual(["payment_intent.confirmed", "settlement.completed"]);
    // Sent again (same form; the browser shows only this answer): the same endpoint and the same
    // secret; the endpoint's own page never shows it.
    const again = await fetch(`${svc.apiUrl}/dashboard/developers/webhooks?mode=test`, { method: "POST", body: form, headers: { cookie: [...admin.jar].map(([k, v]) => `${k}=${v}`).join("; "), "content-type": "application/x-www-form-urlencoded" }, redirect: "manual" });
    expect(again.status).toBe(200);
    const againHtml = await again.text();
    expect(/<code class="secret">(whsec_[^<]+)<\/code>/.exec(againHtml)?.[1]).toBe(secret!);
    expect(againHtml).toContain(`/dashboard/developers/webhooks/${id}/rotate`);
    expect(await (await admin.req(`/dashboard/developers/webhooks/${id}?mode=test`)).text()).not.toContain(secret!);
    const rotated = await (await admin.req(`/dashboard/developers/webhooks/${id}/rotate?mode=test`, { form: { csrf } })).text();
    const next = /<code class="secret">(whsec_[^<]+)<\/code>/.exec(rotated)?.[1];
    expect(next).toBeDefined();
    expect(next).not.toBe(secret);
    expect((await admin.req(`/dashboard/developers/webhooks/${id}/disable?mode=test`, { form: { csrf } })).status).toBe(303);
    const api = (await (await svc.api(`/v1/webhook_endpoints/${id}`, { key: svc.sandbox.test_key_unscoped })).json()) as { status: string };
    expect(api.status).toBe("disabled");
    // Edit: the URL rules of the API (refused with its words, the form kept), then saved.
    const bad = await admin.req(`/dashboard/developers/webhooks/${id}?mode=test`, { form: { csrf, url: "gopher://x", events: "*" } });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('value="gopher://x"');
    expect((await admin.req(`/dashboard/developers/webhooks/${id}?mode=test`, { form: { csrf, url: "http://127.0.0.1:9/edited", events: "transaction.created", description: "" } })).status).toBe(303);
    const edited = (await (await svc.api(`/v1/webhook_endpoints/${id}`, { key: svc.sandbox.test_key_unscoped })).json()) as { url: string; enabled_events: string[]; description: string | null };
    expect(edited).toMatchObject({ url: "http://127.0.0.1:9/edited", enabled_events: ["transaction.created"], description: null });
    // Delete: gone from the API and the list.
    expect((await admin.req(`/dashboard/developers/webhooks/${id}/delete?mode=test`, { form: { csrf } })).status).toBe(303);
    expect((await svc.api(`/v1/webhook_endpoints/${id}`, { key: svc.sandbox.test_key_unscoped })).status).toBe(404);
    expect(await (await admin.req("/dashboard/developers/webhooks?mode=test")).text()).not.toContain(id);
    expect((await admin.req(`/dashboard/developers/webhooks/${id}?mode=test`)).status).toBe(404);
  });

  test("the onboarding form sent twice onboards one merchant; a bad address is refused with the API's words", async () => {
    const admin = (await dashboardUser(svc, svc.sandbox.account_id, "admin")).client;
    const page = await (await admin.req("/dashboard/merchants/new?mode=test")).text();
    const csrf = /name="csrf" value="([^"]*)"/.exec(page)![1]!;
    const key = /name="idempotency_key" value="([^"]*)"/.exec(page)![1]!;
    const form = {
      csrf,
      idempotency_key: key,
      business_name: `Twice Bakery ${Date.now()}`,
      email: "twice@example.com",
      owner_address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      payout_address: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
      schedule: "custom",
      cron: "0 9 * * 1-5",
      time_zone: "America/New_York",
      routing_number: "011000015",
      account_number: "000123456789",
    };
    // An oversized form is no form: refused (no CSRF token read), never a 500.
    expect((await admin.req("/dashboard/merchants?mode=test", { form: { ...form, business_name: "x".repeat(20_000) } })).status).toBe(403);
    const bad = await admin.req("/dashboard/merchants?mode=test", { form: { ...form, idempotency_key: "another-key-1", owner_address: "0xnope" } });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Invalid owner_address");
    const [a, b] = await Promise.all([admin.req("/dashboard/merchants?mode=test", { form }), admin.req("/dashboard/merchants?mode=test", { form })]);
    expect([a.status, b.status]).toEqual([303, 303]);
    expect(a.headers.get("location")).toBe(b.headers.get("location"));
    const [n] = await svc.ctx.database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.merchants WHERE business_name = ${form.business_name}`;
    expect(n!.n).toBe(1);
    const merchant = await (await admin.req(a.headers.get("location")!)).text();
    expect(merchant).toContain("0 9 * * 1-5");
    // A tampered idempotency key does not stop the create (it is only not deduplicated).
    const tampered = await admin.req("/dashboard/merchants?mode=test", { form: { ...form, idempotency_key: "bad\u0000key", business_name: `${form.business_name} 2` } });
    expect(tampered.status).toBe(303);
  }, 30_000);
});

// Last in this file: it throttles 127.0.0.1, where every client of this file signs in from.
describe("sign-in throttling per client address", () => {
  test("20 wrong passwords from one address, each for another email: the 21st attempt is refused, even with the right password", async () => {
    const { email, password } = await dashboardUser(svc, svc.sandbox.account_id, "viewer");
    const c = new DashboardClient(svc.apiUrl);
    for (let i = 0; i < 20; i++) expect((await c.signIn(`guess${i}@example.com`, "wrong password 123")).status).toBe(401);
    const blocked = await c.signIn(email, password);
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Too many attempts");
    expect(c.jar.has("sp_session")).toBe(false);
  }, 60_000);
});
