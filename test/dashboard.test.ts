/**
 * The merchant dashboard over real HTTP: sign-in (argon2id, generic errors, throttling, login CSRF),
 * sessions (HttpOnly SameSite cookie, stored hashed, revoked on sign-out and on a password change,
 * idle and absolute expiry), CSRF on every state change, escaping, roles, the test/live switch, and
 * what another account may see (nothing). Browser rendering: test/dashboard-browser.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { addDashboardUser, SESSION_IDLE_MS } from "../src/modules/access/dashboard-users.ts";
import { createIntegratorAccount, onboardMerchant } from "../src/modules/merchants/onboarding.ts";
import { startTestService, type TestService } from "./support/service.ts";
import { DashboardClient as Client, dashboardUser } from "./support/dashboard-client.ts";

let svc: TestService;
/** Business clock of the service; a test moves it forward (session expiry). */
const clock = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };

beforeAll(async () => {
  svc = await startTestService({ clock });
});
afterAll(async () => {
  await svc?.stop();
});

const newUser = (accountId: string, role: "admin" | "viewer", password?: string) => dashboardUser(svc, accountId, role, clock.now(), password);

describe("sign-in", () => {
  test("the demo admin signs in with the sandbox's printed password; home shows the demo merchant's balance", async () => {
    const c = new Client(svc.apiUrl);
    const res = await c.signIn(svc.sandbox.dashboard_email, svc.sandbox.dashboard_password);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/dashboard");
    const setCookie = res.headers.getSetCookie().find((s) => s.startsWith("sp_session="))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\/dashboard/);
    // Stored hashed: the cookie's token is not in the database, its SHA-256 is.
    const token = decodeURIComponent(c.jar.get("sp_session")!);
    const [raw] = await svc.ctx.database.sql`SELECT count(*)::int AS n FROM app.dashboard_sessions WHERE token_hash = ${token}`;
    expect(raw!.n).toBe(0);
    const [hashed] = await svc.ctx.database.sql`SELECT count(*)::int AS n FROM app.dashboard_sessions WHERE token_hash = ${createHash("sha256").update(token).digest("hex")}`;
    expect(hashed!.n).toBe(1);
    const home = await c.req("/dashboard");
    expect(home.status).toBe(200);
    expect(home.headers.get("content-security-policy")).toContain("default-src 'self'");
    const html = await home.text();
    expect(html).toContain("Demo Coffee Co.");
    expect(html).toContain("You are viewing test data");
  });

  test("wrong password and unknown email get the same answer; no session", async () => {
    const { email } = await newUser(svc.sandbox.account_id, "viewer");
    const a = new Client(svc.apiUrl);
    const wrong = await a.signIn(email, "not the password at all");
    const b = new Client(svc.apiUrl);
    const unknown = await b.signIn("nobody@example.com", "not the password at all");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const text = (html: string) => /<p class="error" role="alert">([^<]*)<\/p>/.exec(html)?.[1];
    expect(text(await wrong.text())).toBe("Incorrect email or password.");
    expect(text(await unknown.text())).toBe("Incorrect email or password.");
    expect(a.jar.has("sp_session")).toBe(false);
    expect((await a.req("/dashboard")).status).toBe(303);
  });

  test("a sign-in without the form's CSRF token is refused (login CSRF)", async () => {
    const c = new Client(svc.apiUrl);
    const res = await c.req("/dashboard/sign-in", { form: { csrf: "forged", email: svc.sandbox.dashboard_email, password: svc.sandbox.dashboard_password } });
    expect(res.status).toBe(403);
    expect(c.jar.has("sp_session")).toBe(false);
  });

  test("throttled per email after 5 failures: even the right password waits", async () => {
    const { email, password } = await newUser(svc.sandbox.account_id, "viewer");
    const c = new Client(svc.apiUrl);
    for (let i = 0; i < 5; i++) expect((await c.signIn(email, `wrong ${i} wrong wrong`)).status).toBe(401);
    const blocked = await c.signIn(email, password);
    expect(blocked.status).toBe(429);
    expect(c.jar.has("sp_session")).toBe(false);
  });
});

describe("sessions", () => {
  test("sign-out needs the CSRF token and ends the session for good", async () => {
    const { client } = await newUser(svc.sandbox.account_id, "viewer");
    expect((await client.req("/dashboard")).status).toBe(200);
    const stolen = new Map(client.jar);
    expect((await client.req("/dashboard/sign-out", { form: { csrf: "forged" } })).status).toBe(403);
    expect((await client.req("/dashboard")).status).toBe(200);
    const csrf = await client.csrfOf("/dashboard");
    expect((await client.req("/dashboard/sign-out", { form: { csrf } })).status).toBe(303);
    const replay = new Client(svc.apiUrl);
    replay.jar = stolen;
    const after = await replay.req("/dashboard");
    expect(after.status).toBe(303);
    expect(after.headers.get("location")).toBe("/dashboard/sign-in");
  });

  test("a new password ends every session of the user", async () => {
    const { email, client } = await newUser(svc.sandbox.account_id, "admin");
    expect((await client.req("/dashboard")).status).toBe(200);
    const [user] = await svc.ctx.database.sql`SELECT id FROM app.dashboard_users WHERE email = ${email}`;
    const { issueSetPasswordToken } = await import("../src/modules/access/dashboard-users.ts");
    const token = await issueSetPasswordToken(svc.ctx.database.sql, String(user!.id), clock.now());
    const other = new Client(svc.apiUrl);
    expect((await other.req("/dashboard/set-password", { form: { token, password: "another long password", confirm: "another long password" } })).status).toBe(303);
    expect((await client.req("/dashboard")).status).toBe(303);
    // The link works once.
    const again = await new Client(svc.apiUrl).req("/dashboard/set-password", { form: { token, password: "yet another password", confirm: "yet another password" } });
    expect(again.status).toBe(400);
  });

  test("idle for more than 12 hours: signed out", async () => {
    const { client } = await newUser(svc.sandbox.account_id, "viewer");
    expect((await client.req("/dashboard")).status).toBe(200);
    clock.offsetMs += SESSION_IDLE_MS + 60_000;
    try {
      expect((await client.req("/dashboard")).status).toBe(303);
    } finally {
      clock.offsetMs = 0;
    }
  });
});

describe("bad input and races", () => {
  test("a malformed cookie is no 500: it is no session", async () => {
    for (const cookie of ["sp_session=%E0%A4%A", "sp_session", "=x; sp_session=%", "sp_session=" + "a".repeat(5000)]) {
      const res = await fetch(`${svc.apiUrl}/dashboard`, { headers: { cookie }, redirect: "manual" });
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/dashboard/sign-in");
    }
    const form = await fetch(`${svc.apiUrl}/dashboard/sign-in`, { method: "POST", headers: { cookie: "sp_signin_csrf=%zz", "content-type": "application/x-www-form-urlencoded" }, body: "csrf=other&email=a", redirect: "manual" });
    expect(form.status).toBe(403);
  });

  test("a set-password link used twice at once: exactly one wins, one session", async () => {
    const email = `race${Date.now()}@example.com`;
    const { user, setPasswordToken } = await addDashboardUser(svc.ctx.database.sql, { accountId: svc.sandbox.account_id, email, role: "viewer" }, clock.now());
    const body = new URLSearchParams({ token: setPasswordToken, password: "racing long password", confirm: "racing long password" }).toString();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => fetch(`${svc.apiUrl}/dashboard/set-password`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body, redirect: "manual" })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([303, 400, 400, 400, 400]);
    const [n] = await svc.ctx.database.sql`SELECT count(*)::int AS n FROM app.dashboard_sessions WHERE user_id = ${user.id}`;
    expect(n!.n).toBe(1);
  });
});

describe("what a user may see and do", () => {
  test("another account's payment is a 404 page; its merchants are not listed", async () => {
    const other = await createIntegratorAccount(svc.ctx, "Other integrator");
    const { client } = await newUser(other.id, "admin");
    const home = await (await client.req("/dashboard")).text();
    expect(home).not.toContain("Demo Coffee Co.");
    const intent = (await (await svc.api("/v1/payment-intents", { method: "POST", json: { amount: 3.21, currency: "usd", merchant_id: svc.sandbox.merchant_id } })).json()) as { id: string };
    const res = await client.req(`/dashboard/payments/${intent.id}`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("3.21");
  });

  test("a business name and metadata with markup render as text", async () => {
    const account = await createIntegratorAccount(svc.ctx, "Escaping integrator");
    await onboardMerchant(svc.ctx, {
      accountIds: [account.id],
      mode: "test",
      businessName: `<script>alert("x")</script> Café`,
      email: "x@example.com",
      bankName: "Bank",
      bankLast4: "1234",
      feeRateBps: 100,
      schedule: { kind: "manual" },
      ownerAddress: "0x000000000000000000000000000000000000dEaD",
      payoutAddress: "0x000000000000000000000000000000000000bA5e",
    });
    const { client } = await newUser(account.id, "viewer");
    const html = await (await client.req("/dashboard")).text();
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Café");
    expect(html).not.toContain("<script>");
  });

  test("cancel: admins with the CSRF token only; viewers cannot", async () => {
    const intent = (await (await svc.api("/v1/payment-intents", { method: "POST", json: { amount: 4.56, currency: "usd", merchant_id: svc.sandbox.merchant_id } })).json()) as { id: string };
    const viewer = (await newUser(svc.sandbox.account_id, "viewer")).client;
    const vCsrf = await viewer.csrfOf("/dashboard");
    expect((await viewer.req(`/dashboard/payments/${intent.id}/cancel?mode=test`, { form: { csrf: vCsrf } })).status).toBe(403);
    const admin = (await newUser(svc.sandbox.account_id, "admin")).client;
    expect((await admin.req(`/dashboard/payments/${intent.id}/cancel?mode=test`, { form: { csrf: "forged" } })).status).toBe(403);
    expect(((await (await svc.api(`/v1/payment-intents/${intent.id}`)).json()) as { status: string }).status).toBe("awaiting_payment");
    const page = await (await admin.req(`/dashboard/payments/${intent.id}?mode=test`)).text();
    expect(page).toContain("Cancel this payment");
    const csrf = /name="csrf" value="([^"]*)"/.exec(page)![1]!;
    const done = await admin.req(`/dashboard/payments/${intent.id}/cancel?mode=test`, { form: { csrf } });
    expect(done.status).toBe(303);
    expect(((await (await svc.api(`/v1/payment-intents/${intent.id}`)).json()) as { status: string }).status).toBe("cancelled");
    const after = await (await admin.req(`/dashboard/payments/${intent.id}?mode=test`)).text();
    expect(after).toContain("Cancelled");
    expect(after).not.toContain("Cancel this payment");
  });

  test("an account with many merchants: home shows the 12 paid most recently and a link to all; pickers offer 100 and the one asked for", async () => {
    const account = await createIntegratorAccount(svc.ctx, "Many merchants Inc");
    const [demo] = await svc.ctx.database.sql<{ chain_id: number }[]>`SELECT chain_id FROM app.merchants WHERE id = ${svc.sandbox.merchant_id}`;
    const ids: string[] = [];
    for (let i = 0; i < 105; i++) {
      const id = `mer_many${String(i).padStart(4, "0")}xxxxxxxxxxxxxxxx`;
      const address = `0x${(0x1000 + i).toString(16).padStart(40, "0")}`;
      await svc.ctx.database.sql`
        INSERT INTO app.merchants (id, mode, business_name, email, status, kyc_status, bank_name, bank_last4, bank_status, chain_id, payment_address, owner_address, payout_address, fee_rate_bps, settlement_schedule, created_at)
        VALUES (${id}, 'test', ${`Shop ${i}`}, 'shop@example.com', 'active', 'approved', 'Bank', '1234', 'verified', ${demo!.chain_id}, ${address}, ${address}, ${address}, 100, 'weekly_monday', now() + ${`${i} milliseconds`}::interval)`;
      await svc.ctx.database.sql`INSERT INTO app.account_merchants (account_id, merchant_id) VALUES (${account.id}, ${id})`;
      ids.push(id);
    }
    const { client } = await newUser(account.id, "viewer");
    const home = await (await client.req("/dashboard?mode=test")).text();
    expect(home.match(/<article class="card balance">/g)?.length).toBe(12);
    expect(home).toContain("of 105");
    const picker = await (await client.req("/dashboard/payments?mode=test")).text();
    expect(picker.match(/<option value="mer_many/g)?.length).toBe(100);
    expect(picker).not.toContain(ids[104]!);
    const asked = await (await client.req(`/dashboard/payments?mode=test&merchant=${ids[104]}`)).text();
    expect(asked).toContain(`<option value="${ids[104]}" selected>`);
    // Someone else's merchant asked for by id is not offered.
    const foreign = await (await client.req(`/dashboard/payments?mode=test&merchant=${svc.sandbox.merchant_id}`)).text();
    expect(foreign).not.toContain(svc.sandbox.merchant_id);
    const list = await (await client.req("/dashboard/merchants?mode=test")).text();
    expect(list).toContain("105 test merchants");
  }, 60_000);

  test("payments filtered by creation date (whole UTC days, both included); a date that does not exist is no filter", async () => {
    const account = await createIntegratorAccount(svc.ctx, "Dates Inc");
    await svc.ctx.database.sql`INSERT INTO app.account_merchants (account_id, merchant_id) VALUES (${account.id}, ${svc.sandbox.merchant_id})`;
    const { client } = await newUser(account.id, "viewer");
    const created = (await (await svc.api("/v1/payment-intents", { method: "POST", json: { amount: 6.78, currency: "usd", merchant_id: svc.sandbox.merchant_id } })).json()) as { id: string; created_at: string };
    const day = created.created_at.slice(0, 10);
    const next = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
    const count = async (q: string) => Number(/(\d+) payments?</.exec(await (await client.req(`/dashboard/payments?mode=test&merchant=${svc.sandbox.merchant_id}${q}`)).text())![1]);
    const all = await count("");
    expect(all).toBeGreaterThan(0);
    expect(await count(`&from=${day}&to=${day}`)).toBeGreaterThan(0);
    expect(await count(`&from=${next}`)).toBe(0);
    expect(await count(`&to=${day}`)).toBe(all);
    expect(await count("&from=2026-02-30")).toBe(all);
    expect(await count("&from=<script>")).toBe(all);
  });

  test("team: an admin changes a role (applies on the next page), issues a new password link, removes a user (refused at once); an account keeps an admin", async () => {
    const account = await createIntegratorAccount(svc.ctx, "Team Inc");
    const admin = await newUser(account.id, "admin");
    const member = await newUser(account.id, "viewer");
    const ids = async () => new Map((await svc.ctx.database.sql<{ id: string; email: string }[]>`SELECT id, email FROM app.dashboard_users WHERE account_id = ${account.id}`).map((r) => [r.email, r.id]));
    const memberId = (await ids()).get(member.email)!;
    const adminId = (await ids()).get(admin.email)!;
    const csrf = await admin.client.csrfOf("/dashboard/team");
    expect((await member.client.req("/dashboard/merchants/new?mode=test")).status).toBe(403);
    expect((await admin.client.req(`/dashboard/team/${memberId}/role`, { form: { csrf, role: "admin" } })).status).toBe(200);
    expect((await member.client.req("/dashboard/merchants/new?mode=test")).status).toBe(200);
    // A new password link: it works once; the member's sessions end when it is used.
    const linkPage = await (await admin.client.req(`/dashboard/team/${memberId}/link`, { form: { csrf } })).text();
    const token = /set-password\?token=([A-Za-z0-9_-]+)/.exec(linkPage)?.[1];
    expect(token).toBeDefined();
    const fresh = new Client(svc.apiUrl);
    expect((await fresh.req("/dashboard/set-password", { form: { token: token!, password: "another long password", confirm: "another long password" } })).status).toBe(303);
    expect((await member.client.req("/dashboard")).status).toBe(303);
    // Removed: the new session is refused at once.
    expect((await fresh.req("/dashboard")).status).toBe(200);
    expect((await admin.client.req(`/dashboard/team/${memberId}/remove`, { form: { csrf } })).status).toBe(200);
    expect((await fresh.req("/dashboard")).status).toBe(303);
    expect((await ids()).has(member.email)).toBe(false);
    // The last admin can neither step down nor leave.
    for (const [action, form] of [["role", { csrf, role: "viewer" }], ["remove", { csrf }]] as const) {
      const res = await admin.client.req(`/dashboard/team/${adminId}/${action}`, { form });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("keeps at least one admin");
    }
    expect((await admin.client.req("/dashboard/team")).status).toBe(200);
  });

  test("two admins demoting each other at the same moment: one of them stays admin", async () => {
    const account = await createIntegratorAccount(svc.ctx, "Race Inc");
    const a = await newUser(account.id, "admin");
    const b = await newUser(account.id, "admin");
    const users = new Map((await svc.ctx.database.sql<{ id: string; email: string }[]>`SELECT id, email FROM app.dashboard_users WHERE account_id = ${account.id}`).map((r) => [r.email, r.id]));
    const [ca, cb] = await Promise.all([a.client.csrfOf("/dashboard/team"), b.client.csrfOf("/dashboard/team")]);
    await Promise.all([
      a.client.req(`/dashboard/team/${users.get(b.email)}/role`, { form: { csrf: ca, role: "viewer" } }),
      b.client.req(`/dashboard/team/${users.get(a.email)}/role`, { form: { csrf: cb, role: "viewer" } }),
    ]);
    const [n] = await svc.ctx.database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.dashboard_users WHERE account_id = ${account.id} AND role = 'admin'`;
    expect(n!.n).toBe(1);
  });

  test("the test/live switch: live shows no test merchant", async () => {
    const { client } = await newUser(svc.sandbox.account_id, "viewer");
    const live = await (await client.req("/dashboard?mode=live")).text();
    expect(live).not.toContain("Demo Coffee Co.");
    expect(live).toContain('aria-current="true">Live data');
    const payments = await (await client.req("/dashboard/payments?mode=test")).text();
    expect(payments).toContain("Demo Coffee Co.");
  });

  test("cash-out: admins only, with the CSRF token, for a merchant of their account", async () => {
    const m = svc.sandbox.merchant_id;
    const viewer = (await newUser(svc.sandbox.account_id, "viewer")).client;
    expect((await viewer.req(`/dashboard/settlements/cash-out?mode=test&merchant=${m}`)).status).toBe(403);
    const vCsrf = await viewer.csrfOf("/dashboard");
    expect((await viewer.req("/dashboard/settlements/cash-out?mode=test", { form: { csrf: vCsrf, merchant: m, amount_units: "1" } })).status).toBe(403);
    const admin = (await newUser(svc.sandbox.account_id, "admin")).client;
    expect((await admin.req("/dashboard/settlements/cash-out?mode=test", { form: { csrf: "forged", merchant: m, amount_units: "1" } })).status).toBe(403);
    const stranger = (await newUser((await createIntegratorAccount(svc.ctx, "Stranger")).id, "admin")).client;
    const sCsrf = await stranger.csrfOf("/dashboard");
    expect((await stranger.req("/dashboard/settlements/cash-out?mode=test", { form: { csrf: sCsrf, merchant: m, amount_units: "1" } })).status).toBe(404);
    expect((await stranger.req(`/dashboard/settlements/cash-out?mode=test&merchant=${m}`)).status).toBe(404);
    const [n] = await svc.ctx.database.sql`SELECT count(*)::int AS n FROM app.settlements WHERE merchant_id = ${m}`;
    expect(n!.n).toBe(0);
  });

  test("merchant settings, payments from exchanges: an admin sets the default address type and the tolerance; a bad tolerance saves nothing; viewers cannot", async () => {
    const m = svc.sandbox.merchant_id;
    const path = `/dashboard/merchants/${m}?mode=test`;
    const admin = (await newUser(svc.sandbox.account_id, "admin")).client;
    const page = await (await admin.req(path)).text();
    expect(page).toContain('<option value="shared" selected>');
    expect(page).toContain('name="underpayment_tolerance" value="0"');
    const csrf = await admin.csrfOf(path);
    const api = async () => (await (await svc.api(`/v1/merchants/${m}`, { key: svc.sandbox.test_key_unscoped })).json()) as Record<string, unknown>;
    const before = await api();
    const form = { csrf, business_name: String(before.business_name), email: String(before.email), schedule: String(before.settlement_schedule), cron: "", time_zone: "" };
    const saved = await admin.req(path, { form: { ...form, payment_address_type: "deposit", underpayment_tolerance: "0.25" } });
    expect(saved.status).toBe(200);
    const savedPage = await saved.text();
    expect(savedPage).toContain("Saved.");
    expect(savedPage).toContain('<option value="deposit" selected>');
    expect(await api()).toMatchObject({ default_payment_address_type: "deposit", underpayment_tolerance: 0.25 });
    for (const [type, tolerance, says] of [["deposit", "abc", "underpayment_tolerance"], ["deposit", "0.001", "underpayment_tolerance"], ["anything", "1", "default_payment_address_type"]] as const) {
      const refused = await admin.req(path, { form: { ...form, business_name: "Renamed", payment_address_type: type, underpayment_tolerance: tolerance } });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(says);
    }
    expect(await api()).toMatchObject({ business_name: before.business_name, default_payment_address_type: "deposit", underpayment_tolerance: 0.25 });
    const viewer = (await newUser(svc.sandbox.account_id, "viewer")).client;
    const vCsrf = await viewer.csrfOf("/dashboard");
    expect((await viewer.req(path, { form: { ...form, csrf: vCsrf, payment_address_type: "shared", underpayment_tolerance: "0" } })).status).toBe(403);
    // Back to the sandbox's defaults for the tests after this one.
    expect((await admin.req(path, { form: { ...form, payment_address_type: "shared", underpayment_tolerance: "0" } })).status).toBe(200);
    expect(await api()).toMatchObject({ default_payment_address_type: "shared", underpayment_tolerance: 0 });
  });

  test("API keys: an admin creates one (shown once, works on /v1) and revokes it; viewers and other accounts cannot", async () => {
    const admin = (await newUser(svc.sandbox.account_id, "admin")).client;
    const csrf = await admin.csrfOf("/dashboard/developers?mode=test");
    const created = await admin.req("/dashboard/developers/keys?mode=test", { form: { csrf, merchant: svc.sandbox.merchant_id } });
    expect(created.status).toBe(200);
    const html = await created.text();
    const key = /<code class="secret">(sk_test_[^<]+)<\/code>/.exec(html)?.[1];
    expect(key).toBeDefined();
    expect((await svc.api(`/v1/merchants/${svc.sandbox.merchant_id}`, { key: key! })).status).toBe(200);
    // Shown once: the list shows only its hint.
    expect(await (await admin.req("/dashboard/developers?mode=test")).text()).not.toContain(key!);
    const [row] = await svc.ctx.database.sql`SELECT id FROM app.api_keys WHERE key_hint = ${key!.slice(-4)} OR key_hint LIKE ${"%" + key!.slice(-4)} ORDER BY created_at DESC LIMIT 1`;
    const keyId = String(row!.id);
    const viewer = (await newUser(svc.sandbox.account_id, "viewer")).client;
    const vCsrf = await viewer.csrfOf("/dashboard");
    expect((await viewer.req("/dashboard/developers/keys?mode=test", { form: { csrf: vCsrf } })).status).toBe(403);
    expect((await viewer.req(`/dashboard/developers/keys/${keyId}/revoke?mode=test`, { form: { csrf: vCsrf } })).status).toBe(403);
    const stranger = (await newUser((await createIntegratorAccount(svc.ctx, "Key stranger")).id, "admin")).client;
    const sCsrf = await stranger.csrfOf("/dashboard");
    expect((await stranger.req(`/dashboard/developers/keys/${keyId}/revoke?mode=test`, { form: { csrf: sCsrf } })).status).toBe(404);
    expect((await stranger.req("/dashboard/developers/keys?mode=test", { form: { csrf: sCsrf, merchant: svc.sandbox.merchant_id } })).status).toBe(404);
    expect((await admin.req(`/dashboard/developers/keys/${keyId}/revoke?mode=test`, { form: { csrf } })).status).toBe(303);
    expect((await svc.api(`/v1/merchants/${svc.sandbox.merchant_id}`, { key: key! })).status).toBe(401);
  });

  test("team: an admin adds a viewer whose one-time link signs them in; viewers cannot add; a taken email is said plainly", async () => {
    const admin = (await newUser(svc.sandbox.account_id, "admin")).client;
    const csrf = await admin.csrfOf("/dashboard/team");
    const email = `new${Date.now()}@example.com`;
    const res = await admin.req("/dashboard/team?mode=test", { form: { csrf, email, role: "viewer" } });
    expect(res.status).toBe(200);
    const link = /<code class="secret">([^<]+)<\/code>/.exec(await res.text())?.[1];
    expect(link).toContain("/dashboard/set-password?token=");
    const token = new URL(link!.replaceAll("&amp;", "&")).searchParams.get("token")!;
    const invited = new Client(svc.apiUrl);
    expect((await invited.req("/dashboard/set-password", { form: { token, password: "a fine long password", confirm: "a fine long password" } })).status).toBe(303);
    const home = await (await invited.req("/dashboard")).text();
    expect(home).toContain(`${email} · viewer`);
    expect((await admin.req("/dashboard/team?mode=test", { form: { csrf, email, role: "viewer" } })).status).toBe(400);
    const vCsrf = await invited.csrfOf("/dashboard/team");
    expect((await invited.req("/dashboard/team?mode=test", { form: { csrf: vCsrf, email: "x@example.com", role: "admin" } })).status).toBe(403);
  });

  test("sandbox helpers from the dashboard: admins, CSRF, test data only; nothing else by that path", async () => {
    const intent = (await (await svc.api("/v1/payment-intents", { method: "POST", json: { amount: 6.54, currency: "usd", merchant_id: svc.sandbox.merchant_id } })).json()) as { id: string };
    const viewer = (await newUser(svc.sandbox.account_id, "viewer")).client;
    const vCsrf = await viewer.csrfOf("/dashboard");
    expect((await viewer.req(`/dashboard/payments/${intent.id}/test-expire?mode=test`, { form: { csrf: vCsrf } })).status).toBe(403);
    const admin = (await newUser(svc.sandbox.account_id, "admin")).client;
    const csrf = await admin.csrfOf("/dashboard");
    expect((await admin.req(`/dashboard/payments/${intent.id}/test-expire?mode=test`, { form: { csrf: "forged" } })).status).toBe(403);
    expect((await admin.req(`/dashboard/payments/${intent.id}/test-expire?mode=live`, { form: { csrf } })).status).toBe(404);
    expect((await admin.req(`/dashboard/payments/${intent.id}/delete?mode=test`, { form: { csrf } })).status).toBe(404);
    const page = await (await admin.req(`/dashboard/payments/${intent.id}?mode=test`)).text();
    expect(page).toContain("Expire it now");
    expect((await admin.req(`/dashboard/payments/${intent.id}/test-expire?mode=test`, { form: { csrf } })).status).toBe(303);
    // Made due now: the expirer (when it runs) expires it; its expires_at is no later than now.
    const [row] = await svc.ctx.database.sql`SELECT expires_at FROM app.payment_intents WHERE id = ${intent.id}`;
    expect(new Date(String(row!.expires_at instanceof Date ? row!.expires_at.toISOString() : row!.expires_at)).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });
});
