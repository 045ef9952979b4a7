/**
 * The dashboard on its own port and role (DASHBOARD_PORT): the API no longer serves /dashboard, the
 * dashboard's server serves nothing of the API, sign-in works there, the sandbox's printed URL and
 * the invitation links point at it. Without DASHBOARD_PORT a dashboard-only process is refused.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "../src/config.ts";
import { freePort } from "../src/sandbox/ports.ts";
import { DashboardClient } from "./support/dashboard-client.ts";
import { startTestService, type TestService } from "./support/service.ts";

let svc: TestService;
let dashboardPort: number;

beforeAll(async () => {
  dashboardPort = await freePort();
  svc = await startTestService({ roles: ["api", "dashboard"], env: { DASHBOARD_PORT: String(dashboardPort) } });
}, 120_000);
afterAll(async () => {
  await svc?.stop();
});

describe("the dashboard on its own port", () => {
  test("served there, not by the API; the API is not served there", async () => {
    const base = `http://127.0.0.1:${dashboardPort}`;
    expect(svc.sandbox.dashboard_url).toBe(`http://127.0.0.1:${dashboardPort}/dashboard`);
    expect((await fetch(`${svc.apiUrl}/dashboard/sign-in`)).status).toBe(404);
    expect((await fetch(`${svc.apiUrl}/health`)).status).toBe(200);
    expect((await svc.api("/v1/merchants", { key: svc.sandbox.test_key_unscoped })).status).toBe(200);
    expect((await fetch(`${base}/v1/merchants`, { headers: { authorization: `Bearer ${svc.sandbox.test_key_unscoped}` } })).status).toBe(404);
    expect((await fetch(`${base}/swagger/json`)).status).toBe(404);
    const c = new DashboardClient(base);
    const res = await c.signIn(svc.sandbox.dashboard_email, svc.sandbox.dashboard_password);
    expect(res.status).toBe(303);
    const home = await c.req("/dashboard");
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Demo Coffee Co.");
    // An admin's invitation link points at the dashboard's own address.
    const csrf = await c.csrfOf("/dashboard/team");
    const team = await (await c.req("/dashboard/team", { form: { csrf, email: `port${Date.now()}@example.com`, role: "viewer" } })).text();
    expect(team).toContain(`http://localhost:${dashboardPort}/dashboard/set-password?token=`);
  });

  test("a dashboard-only process needs DASHBOARD_PORT; it must differ from PORT", () => {
    expect(() => loadConfig({ ROLES: "dashboard" })).toThrow(ConfigError);
    expect(() => loadConfig({ ROLES: "dashboard", PORT: "4000", DASHBOARD_PORT: "4000" })).toThrow(ConfigError);
    const c = loadConfig({ ROLES: "dashboard", DASHBOARD_PORT: "4100", DASHBOARD_PUBLIC_URL: "https://dash.example.com/" });
    expect(c.dashboardPort).toBe(4100);
    expect(c.dashboardBaseUrl).toBe("https://dash.example.com");
    expect(loadConfig({}).dashboardPort).toBeUndefined();
  });
});
