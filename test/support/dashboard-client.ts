/**
 * A browser-like client of the dashboard over real HTTP (keeps cookies, does not follow redirects,
 * reads a page's CSRF token), and a dashboard user made through the one-time set-password link.
 * No test framework here: bench/dashboard.ts signs in with it too.
 */
import { addDashboardUser } from "../../src/modules/access/dashboard-users.ts";
import type { TestService } from "./service.ts";

/** A browser-like client: keeps cookies, does not follow redirects. */
export class DashboardClient {
  jar = new Map<string, string>();
  constructor(readonly base: string) {}
  async req(path: string, init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    if (init.form) headers["content-type"] = "application/x-www-form-urlencoded";
    const res = await fetch(`${this.base}${path}`, { method: init.method ?? (init.form ? "POST" : "GET"), headers, body: init.form ? new URLSearchParams(init.form).toString() : undefined, redirect: "manual" });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (value === "" || /Max-Age=0/.test(c)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return res;
  }
  async csrfOf(path: string): Promise<string> {
    const html = await (await this.req(path)).text();
    const m = /name="csrf" value="([^"]*)"/.exec(html);
    if (!m) throw new Error(`no csrf field on ${path}`);
    return m[1]!;
  }
  async signIn(email: string, password: string): Promise<Response> {
    const csrf = await this.csrfOf("/dashboard/sign-in");
    return this.req("/dashboard/sign-in", { form: { csrf, email, password } });
  }
}


/** A new user of `accountId` with `role`, signed in (its client holds the session). */
export async function dashboardUser(svc: TestService, accountId: string, role: "admin" | "viewer" | "cashier", now: Date = new Date(), password = "correct horse battery staple", terminalId?: string) {
  const email = `u${Math.random().toString(36).slice(2)}@example.com`;
  const { setPasswordToken } = await addDashboardUser(svc.ctx.database.sql, { accountId, email, role, terminalId }, now);
  const c = new DashboardClient(svc.apiUrl);
  const res = await c.req("/dashboard/set-password", { form: { token: setPasswordToken, password, confirm: password } });
  if (res.status !== 303) throw new Error(`setting the password of a new dashboard user answered ${res.status}`);
  return { email, password, client: c };
}
