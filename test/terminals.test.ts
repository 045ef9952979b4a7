/**
 * Terminals over real HTTP on the service as `npm start` runs it (real Postgres, anvil, the matcher):
 * the /v1 routes (fields, validation, another merchant's terminal is 404), the register's charge
 * (tip and total computed by the server, a made-up tip refused), the static link (the open intent's
 * hosted page, else "ask the cashier"), the receipt, and the cashier: its register only, by URL too.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { tipOf } from "../src/modules/terminals/input.ts";
import { DashboardClient, dashboardUser } from "./support/dashboard-client.ts";
import { fixtures, type Json } from "./support/intents.ts";
import { waitFor } from "./support/payments.ts";
import { startTestService, type TestService } from "./support/service.ts";

let svc: TestService;
let fx: Awaited<ReturnType<typeof fixtures>>;

beforeAll(async () => {
  svc = await startTestService({ roles: ["api", "indexer", "matcher"] });
  fx = await fixtures(svc);
}, 180_000);
afterAll(async () => {
  await svc?.stop();
});

async function createTerminal(body: Json, key?: string) {
  const res = await svc.api("/v1/terminals", { method: "POST", json: body, key });
  return { res, body: (await res.json()) as Json };
}

async function terminalOk(body: Json = {}): Promise<Json> {
  const { res, body: out } = await createTerminal({ name: "Front counter", tip_percentages: [15, 10, 20], ...body });
  if (res.status !== 201) throw new Error(`terminal create: ${res.status} ${JSON.stringify(out)}`);
  return out;
}

/** A cashier of the demo account at `terminalId`, signed in, with its session's CSRF token. */
async function cashierAt(terminalId: string) {
  const { client } = await dashboardUser(svc, svc.sandbox.account_id, "cashier", new Date(), "correct horse battery staple", terminalId);
  const csrf = await client.csrfOf(`/dashboard/register/${terminalId}?mode=test`);
  return { client, csrf };
}

async function charge(c: DashboardClient, csrf: string, terminalId: string, form: Record<string, string>) {
  const res = await c.req(`/dashboard/register/${terminalId}/charge?mode=test`, { form: { csrf, ...form } });
  return { status: res.status, body: (await res.json()) as Json };
}

describe("the /v1 routes", () => {
  test("create, get, list, update and the fields of a terminal", async () => {
    const t = await terminalOk();
    expect(Object.keys(t).sort()).toEqual(["id", "object", "url", "merchant_id", "name", "tip_percentages", "current_payment_intent", "metadata", "livemode", "created_at"].sort());
    expect(t).toMatchObject({ object: "terminal", name: "Front counter", tip_percentages: [10, 15, 20], current_payment_intent: null, merchant_id: svc.sandbox.merchant_id, livemode: false, metadata: {} });
    expect(String(t.id)).toMatch(/^term_[0-9A-Za-z]{24}$/);
    expect(t.url).toBe(`${svc.ctx.config.publicBaseUrl}/pay/terminals/${t.id}`);
    expect(await (await svc.api(`/v1/terminals/${t.id}`)).json()).toEqual(t);
    const second = await terminalOk({ name: "Terrace", tip_percentages: undefined });
    expect(second.tip_percentages).toEqual([]);
    const page1 = (await (await svc.api(`/v1/terminals?merchant_id=${svc.sandbox.merchant_id}&limit=1`, { key: svc.sandbox.test_key_unscoped })).json()) as Json;
    expect(page1).toMatchObject({ object: "list", has_more: true });
    expect((page1.data as Json[])[0]!.id).toBe(second.id);
    const page2 = (await (await svc.api(`/v1/terminals?limit=1&starting_after=${second.id}`)).json()) as Json;
    expect((page2.data as Json[])[0]!.id).toBe(t.id);
    const upd = await svc.api(`/v1/terminals/${t.id}`, { method: "POST", json: { name: "Counter 1", tip_percentages: [], metadata: { floor: "1" } } });
    expect(upd.status).toBe(200);
    expect(await upd.json()).toMatchObject({ id: t.id, name: "Counter 1", tip_percentages: [], metadata: { floor: "1" } });
  });

  test("an idempotent create replays the same terminal; another body with the key is 409", async () => {
    const key = `terminals-${Date.now()}`;
    const headers = { "idempotency-key": key };
    const a = await svc.api("/v1/terminals", { method: "POST", json: { name: "Till" }, headers });
    const b = await svc.api("/v1/terminals", { method: "POST", json: { name: "Till" }, headers });
    expect([a.status, b.status, b.headers.get("idempotent-replayed")]).toEqual([201, 200, "true"]);
    expect(((await b.json()) as Json).id).toBe(((await a.json()) as Json).id);
    expect((await svc.api("/v1/terminals", { method: "POST", json: { name: "Other" }, headers })).status).toBe(409);
  });

  test("every bad input is a 400 in the error shape, naming its parameter", async () => {
    const cases: Array<[Json, string, string]> = [
      [{ name: undefined }, "parameter_missing", "name"],
      [{ name: "" }, "parameter_invalid", "name"],
      [{ name: "   " }, "parameter_invalid", "name"],
      [{ name: "x".repeat(101) }, "parameter_invalid", "name"],
      [{ name: 5 }, "parameter_invalid", "name"],
      [{ tip_percentages: [0] }, "parameter_invalid", "tip_percentages.0"],
      [{ tip_percentages: [101] }, "parameter_invalid", "tip_percentages.0"],
      [{ tip_percentages: [10.5] }, "parameter_invalid", "tip_percentages.0"],
      [{ tip_percentages: [10, 10] }, "parameter_invalid", "tip_percentages"],
      [{ tip_percentages: [1, 2, 3, 4, 5] }, "parameter_invalid", "tip_percentages"],
      [{ tip_percentages: "10" }, "parameter_invalid", "tip_percentages"],
      [{ metadata: { a: 1 } }, "metadata_invalid", "metadata"],
      [{ amount: 5 }, "parameter_unknown", "amount"],
      [{ merchant_id: "mer_doesnotexist0000000000" }, "resource_missing", "merchant_id"],
      [{ merchant_id: fx.foreign.id }, "resource_missing", "merchant_id"],
    ];
    const wrong: string[] = [];
    for (const [patch, code, param] of cases) {
      const { res, body } = await createTerminal({ name: "Till", ...patch });
      const error = body.error as Json | undefined;
      if (res.status !== 400 || error?.code !== code || error?.param !== param || error?.type !== "invalid_request_error" || Object.keys(body).length !== 1)
        wrong.push(`${JSON.stringify(patch)}: ${res.status} ${JSON.stringify(body)}`);
    }
    expect(wrong).toEqual([]);
    const unscoped = await createTerminal({ name: "Till" }, svc.sandbox.test_key_unscoped);
    expect([unscoped.res.status, (unscoped.body.error as Json).param]).toEqual([400, "merchant_id"]);
    const t = await terminalOk();
    for (const [patch, param] of [[{ merchant_id: svc.sandbox.merchant_id }, "merchant_id"], [{ tip_percentages: [5, 5] }, "tip_percentages"], [{ name: "" }, "name"]] as Array<[Json, string]>) {
      const r = await svc.api(`/v1/terminals/${t.id}`, { method: "POST", json: patch });
      expect({ patch, status: r.status, param: (((await r.json()) as Json).error as Json).param }).toEqual({ patch, status: 400, param });
    }
    const badList = await svc.api("/v1/terminals?limit=0");
    expect(badList.status).toBe(400);
  });

  test("a terminal of another merchant is 404, read or updated, and in no list", async () => {
    const t = await terminalOk();
    for (const key of [fx.secondKey, fx.foreignKey, fx.liveKey]) {
      expect((await svc.api(`/v1/terminals/${t.id}`, { key })).status).toBe(404);
      const upd = await svc.api(`/v1/terminals/${t.id}`, { key, method: "POST", json: { name: "Taken" } });
      expect([upd.status, (((await upd.json()) as Json).error as Json).code]).toEqual([404, "resource_missing"]);
      const list = (await (await svc.api("/v1/terminals", { key })).json()) as Json;
      expect((list.data as Json[]).some((x) => x.id === t.id)).toBe(false);
    }
    expect((await svc.api(`/v1/terminals/${t.id}`)).status).toBe(200);
  });
});

describe("the register", () => {
  test("tips round half up to the cent", () => {
    expect(tipOf(12_500_000n, 15)).toBe(1_880_000n); // 1.875 -> 1.88
    expect(tipOf(10_000n, 10)).toBe(0n); // 0.001 -> 0.00
    expect(tipOf(50_000n, 10)).toBe(10_000n); // 0.005 -> 0.01
    expect(tipOf(10_000_000_000n, 20)).toBe(2_000_000_000n);
  });

  test("a charge: the server computes tip and total; the static link opens it; paid, the receipt says so; a made-up tip or amount is refused", async () => {
    const t = await terminalOk();
    const id = String(t.id);
    // No open intent yet: the static link asks the customer to ask the cashier, with no amount.
    const idle = await fetch(String(t.url), { redirect: "manual" });
    expect(idle.status).toBe(200);
    const idleHtml = await idle.text();
    expect(idleHtml).toContain("Ask the cashier");
    expect(idleHtml).not.toMatch(/\$\d/);
    const { client, csrf } = await cashierAt(id);
    const quote = await client.req(`/dashboard/register/${id}/quote?mode=test`, { form: { csrf, amount: "1250" } });
    expect(await quote.json()).toEqual({
      subtotal: "12.50",
      options: [
        { percent: 0, tip: "0.00", total: "12.50" },
        { percent: 10, tip: "1.25", total: "13.75" },
        { percent: 15, tip: "1.88", total: "14.38" },
        { percent: 20, tip: "2.50", total: "15.00" },
      ],
    });
    // A total sent by the client is not read; a tip the merchant does not offer and bad amounts are 400s.
    for (const [form, param] of [
      [{ amount: "1250", tip: "50" }, "tip"],
      [{ amount: "1250", tip: "-1" }, "tip"],
      [{ amount: "0" }, "amount"],
      [{ amount: "12.50" }, "amount"],
      [{ amount: "" }, "amount"],
      [{ amount: "1000001" }, "amount"],
    ] as Array<[Record<string, string>, string]>) {
      const r = await charge(client, csrf, id, form);
      expect({ form, status: r.status, param: (r.body.error as Json | undefined)?.param }).toEqual({ form, status: 400, param });
    }
    const c = await charge(client, csrf, id, { amount: "1250", tip: "15", total: "0.01" });
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({ subtotal: "12.50", tip_percent: 15, tip: "1.88", total: "14.38" });
    const pi = String(c.body.payment_intent);
    const intent = (await (await svc.api(`/v1/payment-intents/${pi}`)).json()) as Json;
    expect(intent).toMatchObject({ amount: 14.38, status: "awaiting_payment", metadata: { terminal: id } });
    expect(((await (await svc.api(`/v1/terminals/${id}`)).json()) as Json).current_payment_intent).toBe(pi);
    const open = await fetch(String(t.url), { redirect: "manual" });
    expect([open.status, open.headers.get("location")]).toEqual([303, `/pay/${pi}`]);
    const receiptPath = `/pay/terminals/${id}/receipts/${pi}`;
    expect(await (await fetch(`${svc.apiUrl}${receiptPath}`)).text()).toContain("Not paid yet");
    // Paid on the sandbox chain: the matcher confirms it, the register's status says paid, the link asks the cashier again.
    await svc.api(`/v1/test_helpers/payment_intents/${pi}/pay`, { method: "POST" });
    const status = `/dashboard/register/${id}/charges/${pi}/status?mode=test`;
    await waitFor("the charge paid", async () => ((await (await client.req(status)).json()) as Json).paid === true, 60_000, 200);
    const receipt = await (await fetch(`${svc.apiUrl}${receiptPath}`)).text();
    for (const s of ["Receipt", "Paid", "$12.50", "Tip (15%)", "$1.88", "$14.38", "Demo Coffee Co.", "Front counter"]) expect(receipt).toContain(s);
    expect(await (await fetch(String(t.url))).text()).toContain("Ask the cashier");
    // Today's list at the register.
    const page = await (await client.req(`/dashboard/register/${id}?mode=test`)).text();
    expect(page).toContain("$14.38");
    expect(page).toContain(`receipts/${pi}`);
    // Another register's receipt path with this intent: no such receipt.
    const other = await terminalOk();
    expect((await fetch(`${svc.apiUrl}/pay/terminals/${other.id}/receipts/${pi}`)).status).toBe(404);
    expect((await fetch(`${svc.apiUrl}/pay/terminals/term_000000000000000000000000`)).status).toBe(404);
  }, 120_000);

  test("a sale called off before payment: its intent cancelled, the static link asks the cashier again; a paid one cannot be", async () => {
    const t = await terminalOk();
    const id = String(t.id);
    const { client, csrf } = await cashierAt(id);
    const c = await charge(client, csrf, id, { amount: "500", tip: "0" });
    const pi = String(c.body.payment_intent);
    expect((await fetch(String(t.url), { redirect: "manual" })).status).toBe(303);
    expect((await client.req(`/dashboard/register/${id}/charges/${pi}/cancel?mode=test`, { form: { amount: "1" } })).status).toBe(403);
    const cancel = await client.req(`/dashboard/register/${id}/charges/${pi}/cancel?mode=test`, { form: { csrf } });
    expect(cancel.status).toBe(200);
    expect(((await (await svc.api(`/v1/payment-intents/${pi}`)).json()) as Json).status).toBe("cancelled");
    expect(await (await fetch(String(t.url))).text()).toContain("Ask the cashier");
    expect(((await (await svc.api(`/v1/terminals/${id}`)).json()) as Json).current_payment_intent).toBeNull();
    const again = await client.req(`/dashboard/register/${id}/charges/${pi}/cancel?mode=test`, { form: { csrf } });
    expect(again.status).toBe(409);
    expect(((await again.json()) as Json).error).toMatchObject({ type: "invalid_request_error" });
    // An intent that is not this register's charge: 404.
    const plain = (await (await svc.api("/v1/payment-intents", { method: "POST", json: { amount: 2, currency: "usd", merchant_id: svc.sandbox.merchant_id } })).json()) as Json;
    expect((await client.req(`/dashboard/register/${id}/charges/${plain.id}/cancel?mode=test`, { form: { csrf } })).status).toBe(404);
    expect(((await (await svc.api(`/v1/payment-intents/${plain.id}`)).json()) as Json).status).toBe("awaiting_payment");
  });

  test("names are escaped on every page", async () => {
    const t = await terminalOk({ name: `<img src=x onerror=alert(1)>"` });
    const { client } = await cashierAt(String(t.id));
    for (const html of [await (await client.req(`/dashboard/register/${t.id}?mode=test`)).text(), await (await fetch(String(t.url))).text()]) {
      expect(html).not.toContain("<img src=x");
      expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    }
  });
});

describe("in the dashboard", () => {
  test("an admin adds a register (a bad one is refused with the reason) and a cashier at it from the Team page", async () => {
    const admin = (await dashboardUser(svc, svc.sandbox.account_id, "admin")).client;
    const csrf = await admin.csrfOf("/dashboard/register?mode=test");
    const bad = await admin.req("/dashboard/register?mode=test", { form: { csrf, name: "Bar", merchant: svc.sandbox.merchant_id, tips: "10, 10" } });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("a percentage is given twice");
    const made = await admin.req("/dashboard/register?mode=test", { form: { csrf, name: "Bar <b>", merchant: svc.sandbox.merchant_id, tips: "20, 10%" } });
    expect(made.status).toBe(303);
    const id = /\/dashboard\/register\/(term_\w+)/.exec(made.headers.get("location") ?? "")![1]!;
    expect(await (await svc.api(`/v1/terminals/${id}`)).json()).toMatchObject({ name: "Bar <b>", tip_percentages: [10, 20] });
    // The Team page offers the cashier role with the account's registers.
    const team = await (await admin.req("/dashboard/team?mode=test")).text();
    expect(team).toContain('<option value="cashier">');
    expect(team).toContain(`<option value="${id}">Bar &lt;b&gt;`);
    const email = `cashier${Date.now()}@example.com`;
    const added = await admin.req("/dashboard/team?mode=test", { form: { csrf, email, role: "cashier", terminal: id } });
    expect(added.status).toBe(200);
    expect(await added.text()).toContain(`${email} was added`);
    const [u] = await svc.ctx.database.sql<{ role: string; terminal_id: string }[]>`SELECT role, terminal_id FROM app.dashboard_users WHERE email = ${email}`;
    expect(u).toEqual({ role: "cashier", terminal_id: id });
    // Another account's register is not offered, and is refused when sent.
    const foreign = (await (await svc.api("/v1/terminals", { method: "POST", key: fx.foreignKey, json: { name: "Theirs", merchant_id: fx.foreign.id } })).json()) as Json;
    const refused = await admin.req("/dashboard/team?mode=test", { form: { csrf, email: `x${email}`, role: "cashier", terminal: String(foreign.id) } });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("pick the register");
  });
});

describe("the cashier", () => {
  test("reaches its register only: every other page and action is refused, by URL too; its charge needs its session's CSRF token", async () => {
    const t = await terminalOk();
    const elsewhere = await terminalOk({ name: "Other till" });
    const { client, csrf } = await cashierAt(String(t.id));
    // Its home is its register.
    const home = await client.req("/dashboard");
    expect([home.status, home.headers.get("location")]).toEqual([303, `/dashboard/register/${t.id}?mode=test`]);
    const page = await (await client.req(`/dashboard/register/${t.id}?mode=test`)).text();
    expect(page).toContain("cashier");
    for (const nav of ["/dashboard/payments", "/dashboard/refunds", "/dashboard/settlements", "/dashboard/developers", "/dashboard/team", "/dashboard/merchants"]) expect(page).not.toContain(`href="${nav}`);
    const intent = (await (await svc.api("/v1/payment-intents", { method: "POST", json: { amount: 3, currency: "usd", merchant_id: svc.sandbox.merchant_id } })).json()) as Json;
    const refused: string[] = [];
    for (const path of [
      "/dashboard/payments",
      `/dashboard/payments/${intent.id}`,
      "/dashboard/refunds",
      "/dashboard/transactions",
      "/dashboard/settlements",
      `/dashboard/settlements/cash-out?merchant=${svc.sandbox.merchant_id}`,
      "/dashboard/developers",
      "/dashboard/developers/webhooks",
      "/dashboard/developers/events",
      "/dashboard/team",
      "/dashboard/merchants",
      `/dashboard/merchants/${svc.sandbox.merchant_id}`,
      "/dashboard/links",
      `/dashboard/register/${elsewhere.id}`,
    ]) {
      const res = await client.req(`${path}${path.includes("?") ? "&" : "?"}mode=test`);
      if (res.status !== 403) refused.push(`GET ${path}: ${res.status}`);
      else if ((await res.text()).includes("Demo Coffee Co.")) refused.push(`GET ${path}: shows the merchant's data`);
    }
    for (const [path, form] of [
      [`/dashboard/payments/${intent.id}/refund`, { amount: "1", recipient: "0x000000000000000000000000000000000000dEaD" }],
      [`/dashboard/payments/${intent.id}/cancel`, {}],
      ["/dashboard/settlements/cash-out", { merchant: svc.sandbox.merchant_id }],
      ["/dashboard/developers/keys", {}],
      ["/dashboard/team", { email: "x@example.com", role: "admin" }],
      [`/dashboard/register/${elsewhere.id}/charge`, { amount: "100" }],
      ["/dashboard/register", { name: "Mine", merchant: svc.sandbox.merchant_id }],
    ] as Array<[string, Record<string, string>]>) {
      const res = await client.req(`${path}?mode=test`, { form: { csrf, ...form } });
      if (res.status !== 403) refused.push(`POST ${path}: ${res.status}`);
    }
    expect(refused).toEqual([]);
    expect(((await (await svc.api(`/v1/payment-intents/${intent.id}`)).json()) as Json).status).toBe("awaiting_payment");
    // Its own register's charge: without its session's token refused; with it, taken.
    expect((await client.req(`/dashboard/register/${t.id}/charge?mode=test`, { form: { amount: "100" } })).status).toBe(403);
    const other = await dashboardUser(svc, svc.sandbox.account_id, "admin");
    const othersCsrf = await other.client.csrfOf("/dashboard");
    expect((await client.req(`/dashboard/register/${t.id}/charge?mode=test`, { form: { csrf: othersCsrf, amount: "100" } })).status).toBe(403);
    expect((await charge(client, csrf, String(t.id), { amount: "100" })).status).toBe(201);
    // Signing out works and ends the session.
    const out = await client.req("/dashboard/sign-out", { form: { csrf } });
    expect(out.status).toBe(303);
    expect((await client.req(`/dashboard/register/${t.id}?mode=test`)).headers.get("location")).toBe("/dashboard/sign-in");
  }, 60_000);

  test("a cashier is bound to a register of its own account; another account's admin cannot reach the register", async () => {
    const t = await terminalOk();
    const { addDashboardUser } = await import("../src/modules/access/dashboard-users.ts");
    await expect(addDashboardUser(svc.ctx.database.sql, { accountId: svc.sandbox.account_id, email: `c${Date.now()}@example.com`, role: "cashier" }, new Date())).rejects.toThrow("register");
    await expect(addDashboardUser(svc.ctx.database.sql, { accountId: fx.foreignAccount.id, email: `c${Date.now()}x@example.com`, role: "cashier", terminalId: String(t.id) }, new Date())).rejects.toThrow("register");
    const stranger = (await dashboardUser(svc, fx.foreignAccount.id, "admin")).client;
    const csrf = await stranger.csrfOf("/dashboard");
    expect((await stranger.req(`/dashboard/register/${t.id}?mode=test`)).status).toBe(404);
    expect((await stranger.req(`/dashboard/register/${t.id}/charge?mode=test`, { form: { csrf, amount: "100" } })).status).toBe(404);
    expect(await (await stranger.req("/dashboard/register?mode=test")).text()).not.toContain(String(t.id));
  });
});
