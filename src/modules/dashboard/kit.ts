/**
 * What every dashboard route stands on: answers with the security headers, cookies, forms, the
 * data mode, and the checks made in one place before any page or action (signed in, admin, CSRF,
 * the account's merchants). Route groups (index.ts, merchant-routes.ts, developer-routes.ts) take
 * one kit each.
 */
import { Elysia, status } from "elysia";
import type { Html } from "../../lib/html.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { AppContext } from "../../context.ts";
import type { Mode } from "../../domain/mode.ts";
import { ApiError } from "../../domain/errors.ts";
import { isIdOf } from "../../domain/ids.ts";
import { csrfMatches, dashboardPrincipal, loadSession, openSession, SESSION_ABSOLUTE_MS, type DashboardSession, type DashboardUser } from "../access/dashboard-users.ts";
import { getVisibleMerchant } from "../merchants/service.ts";
import type { Principal } from "../access/authenticator.ts";
import { parseIdempotencyKey } from "../idempotency/key.ts";
import { parseAmount } from "../payment-intents/input.ts";
import { accountMerchantsIn } from "./data.ts";
import { DASHBOARD, DASHBOARD_CSP, notFoundPage, WALLET_PAGE_CSP, type Viewer } from "./layout.ts";

export const CSS = readFileSync(join(import.meta.dir, "../../../web/dashboard/dashboard.css"), "utf8");
/** The owner's wallet script (refund approval, the refund budget): plain script, no dependencies. */
export const WALLET_JS = readFileSync(join(import.meta.dir, "../../../web/dashboard/wallet.js"), "utf8");
export const SESSION_COOKIE = "sp_session";
export const PRE_CSRF_COOKIE = "sp_signin_csrf";
const MAX_FORM_BYTES = 16 * 1024;
/** Dashboard routes are not part of the API: hidden from /swagger. Forms are read by the route (`form`). */
export const PAGE_ROUTE = { detail: { hide: true } } as const;
export const FORM_ROUTE = { parse: "none", detail: { hide: true } } as const;
/** What a guarded route declares (see `guards` in dashboardKit): a signed-in page, an admin's page or form. */
export const SIGNED_IN_PAGE = { ...PAGE_ROUTE, signedIn: true } as const;
export const ADMIN_PAGE = { ...PAGE_ROUTE, adminPage: true } as const;
export const ADMIN_FORM = { ...FORM_ROUTE, adminForm: true } as const;
export const REGISTER_FORM = { ...FORM_ROUTE, registerForm: true } as const;

export const SECURITY_HEADERS = {
  "content-security-policy": DASHBOARD_CSP,
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  "x-frame-options": "DENY",
  "cache-control": "no-store",
};

export function page(body: Html, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body.text, { status, headers: { ...SECURITY_HEADERS, "content-type": "text/html; charset=utf-8", ...headers } });
}

/** A page with the owner's wallet buttons: the wallet script (this origin's file) may run there. */
export function walletPage(body: Html, status = 200): Response {
  return page(body, status, { "content-security-policy": WALLET_PAGE_CSP });
}

/** An answer to the wallet script: JSON, with the dashboard's headers. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...SECURITY_HEADERS, "content-type": "application/json; charset=utf-8" } });
}

export function redirect(location: string, headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 303, headers: { ...SECURITY_HEADERS, location, ...headers } });
}

export function cookies(request: Request): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i <= 0) continue;
    // A malformed escape in someone else's cookie is not ours to fail on: keep the raw text.
    const raw = part.slice(i + 1).trim();
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {}
    out.set(part.slice(0, i).trim(), value);
  }
  return out;
}

/** Secure cookies when the dashboard is served over https (its public URL, or a TLS-terminating proxy). */
export function cookie(ctx: AppContext, request: Request, name: string, value: string, maxAgeS: number, path = DASHBOARD): string {
  const secure = ctx.config.dashboardBaseUrl.startsWith("https:") || request.headers.get("x-forwarded-proto") === "https";
  return `${name}=${encodeURIComponent(value)}; Path=${path}; HttpOnly; SameSite=Lax; Max-Age=${maxAgeS}${secure ? "; Secure" : ""}`;
}

export async function form(request: Request): Promise<URLSearchParams> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/x-www-form-urlencoded")) return new URLSearchParams();
  const text = await request.text();
  if (text.length > MAX_FORM_BYTES) return new URLSearchParams();
  return new URLSearchParams(text);
}

/** A form field, cut to `max` characters (no field of ours is longer). */
export function field(f: URLSearchParams, name: string, max: number): string {
  return (f.get(name) ?? "").slice(0, max);
}

/** A decimal number of USD typed in a form, in base units, as the API takes it (anything else: the API's refusal of a non-number). */
export function formAmount(text: string, name: string, max: bigint): bigint {
  const t = text.trim();
  return parseAmount(/^\d+(\.\d+)?$/.test(t) ? Number(t) : t, name, 1n, max, 6);
}

/**
 * The idempotency key a create form was shown with (so that the form sent twice creates once), or
 * undefined if it was tampered with: that create is then simply not deduplicated.
 */
export function formIdempotencyKey(f: URLSearchParams): string | undefined {
  try {
    return parseIdempotencyKey(field(f, "idempotency_key", 255));
  } catch {
    return undefined;
  }
}

export function modeOf(request: Request): Mode {
  return new URL(request.url).searchParams.get("mode") === "live" ? "live" : "test";
}

/** What a lookup found, or undefined when the API's rules say there is no such object (404) for this user. */
export async function found<T>(lookup: Promise<T>): Promise<T | undefined> {
  try {
    return await lookup;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return undefined;
    throw err;
  }
}

/** The message of an API rule's refusal, or the error again if it is anything else. */
export function refusal(err: unknown): string {
  if (err instanceof ApiError && err.status < 500) return err.message;
  throw err;
}

export type DashboardKit = ReturnType<typeof dashboardKit>;

/** What a guarded route's handler receives, resolved before it runs. */
export type SignedIn = {
  session: DashboardSession;
  mode: Mode;
  /** The page's query (`?mode=`, filters, cursor). */
  search: URLSearchParams;
  /** The user as the API's rules see them: an unscoped key of their account in `mode`. */
  principal: Principal;
  viewer: Viewer;
  /** The "not found" page (another account's object, or none): the same page for every route. */
  notFound: () => Response;
};

/** An admin's form: the fields it sent (its CSRF token checked already). */
export type AdminForm = SignedIn & { fields: URLSearchParams };

export function dashboardKit(ctx: AppContext) {
  const now = () => ctx.clock.now();

  /** Signed in: a new session in its cookie, then home. */
  async function startSession(request: Request, user: DashboardUser): Promise<Response> {
    const session = await openSession(ctx.database.sql, user, now());
    return redirect(DASHBOARD, { "set-cookie": cookie(ctx, request, SESSION_COOKIE, session.token, SESSION_ABSOLUTE_MS / 1000) });
  }

  /** One of the account's merchants in `mode`, or undefined. */
  async function visibleMerchant(s: DashboardSession, mode: Mode, id: string | null) {
    if (!id || !isIdOf("merchant", id)) return undefined;
    return found(getVisibleMerchant(ctx, dashboardPrincipal(s.user, mode), id));
  }

  const viewerOf = (s: DashboardSession, mode: Mode): Viewer => ({ email: s.user.email, role: s.user.role, mode, terminalId: s.user.terminalId });

  /** Refused (403) or not there for this account (404): the same page either way. */
  const denied = (s: DashboardSession, mode: Mode, status: 403 | 404) => page(notFoundPage(viewerOf(s, mode), s.csrfToken), status);

  /**
   * A cashier's context: only its register's pages (and sign-out) exist for it; its home and the
   * register list lead to its register; anything else is refused here, whichever guard the route
   * declares, so a page added later is closed to cashiers until it is made for them. The mode is
   * its register's, and it sees that register's merchant only.
   */
  async function cashierContext(request: Request, session: DashboardSession): Promise<SignedIn | Response> {
    const own = `${DASHBOARD}/register/${session.user.terminalId ?? ""}`;
    const [t] = session.user.terminalId
      ? await ctx.database.sql<{ mode: Mode; merchant_id: string }[]>`SELECT mode, merchant_id FROM app.terminals WHERE id = ${session.user.terminalId}`
      : [];
    const url = new URL(request.url);
    const path = url.pathname.replace(/\/+$/, "");
    const mode: Mode = t?.mode ?? "test";
    const viewer = viewerOf(session, mode);
    if (!t) return denied(session, mode, 403);
    if (request.method === "GET" && (path === DASHBOARD || path === `${DASHBOARD}/register`)) return redirect(`${own}?mode=${mode}`);
    if (path !== own && !path.startsWith(`${own}/`) && path !== `${DASHBOARD}/sign-out`) return denied(session, mode, 403);
    return {
      session,
      mode,
      search: url.searchParams,
      principal: dashboardPrincipal(session.user, mode, t.merchant_id),
      viewer,
      notFound: () => denied(session, mode, 404),
    };
  }

  /** The signed-in user's context for this request, or the redirect to sign-in. */
  async function signedIn(request: Request): Promise<SignedIn | Response> {
    const session = await loadSession(ctx.database.sql, cookies(request).get(SESSION_COOKIE), now());
    if (!session) return redirect(`${DASHBOARD}/sign-in`);
    if (session.user.role === "cashier") return cashierContext(request, session);
    const mode = modeOf(request);
    return {
      session,
      mode,
      search: new URL(request.url).searchParams,
      principal: dashboardPrincipal(session.user, mode),
      viewer: viewerOf(session, mode),
      notFound: () => denied(session, mode, 404),
    };
  }

  /** A refusal answered before the handler runs, exactly as it is (status, headers, cookies). */
  const refuse = (response: Response) => status(response.status as 303 | 403, response);

  /**
   * The guards a dashboard route declares (its handler receives what they resolve; a refusal is
   * answered before it runs):
   *   signedIn: true      a page: signed in, else 303 to sign-in
   *   adminPage: true     an admin's page (a form to fill): signed in, role admin, else 403
   *   adminForm: true     an admin's action: signed in, role admin, the session's CSRF token in
   *                       the form (read here, at most MAX_FORM_BYTES), else 403
   *   registerForm: true  a charge at a register: signed in, admin or cashier (a cashier at its own
   *                       register only, cashierContext), the session's CSRF token, else 403
   *   signedInForm: true  a form of any signed-in user about their own session (sign-out): the
   *                       session's CSRF token, else a bare 403
   */
  const guards = new Elysia().macro({
    signedIn: {
      async resolve({ request }) {
        const c = await signedIn(request);
        return c instanceof Response ? refuse(c) : c;
      },
    },
    adminPage: {
      async resolve({ request }) {
        const c = await signedIn(request);
        if (c instanceof Response) return refuse(c);
        return c.session.user.role === "admin" ? c : refuse(denied(c.session, c.mode, 403));
      },
    },
    adminForm: {
      async resolve({ request }) {
        const c = await signedIn(request);
        if (c instanceof Response) return refuse(c);
        const fields = await form(request);
        if (c.session.user.role !== "admin" || !csrfMatches(c.session, fields.get("csrf") ?? undefined)) return refuse(denied(c.session, c.mode, 403));
        return { ...c, fields } satisfies AdminForm;
      },
    },
    registerForm: {
      async resolve({ request }) {
        const c = await signedIn(request);
        if (c instanceof Response) return refuse(c);
        const fields = await form(request);
        const role = c.session.user.role;
        if ((role !== "admin" && role !== "cashier") || !csrfMatches(c.session, fields.get("csrf") ?? undefined)) return refuse(denied(c.session, c.mode, 403));
        return { ...c, fields } satisfies AdminForm;
      },
    },
    signedInForm: {
      async resolve({ request }) {
        const c = await signedIn(request);
        if (c instanceof Response) return refuse(c);
        if (!csrfMatches(c.session, (await form(request)).get("csrf") ?? undefined)) return refuse(page(notFoundPage(undefined, undefined), 403));
        return c;
      },
    },
  });

  /**
   * For the pages of one merchant at a time (payments, transactions, settlements): the picker's
   * choices (the account's first PICKER_LIMIT merchants in the mode, and the one asked for with
   * `?merchant=` if it is further on) and the merchant picked (that one, else the first).
   */
  async function pickMerchant(c: { session: DashboardSession; mode: Mode; search: URLSearchParams }) {
    const list = await accountMerchantsIn(ctx, c.session.user.accountId, c.mode);
    const asked = c.search.get("merchant");
    const picked = list.find((m) => m.id === asked) ?? (asked ? await visibleMerchant(c.session, c.mode, asked) : undefined);
    const choices = picked && !list.includes(picked) ? [picked, ...list] : list;
    return { merchant: picked ?? list[0], merchants: choices.map((m) => ({ id: m.id, name: m.businessName })) };
  }

  return { now, guards, startSession, visibleMerchant, pickMerchant };
}
