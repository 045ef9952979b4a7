/**
 * Routes of the merchant dashboard (HTML, server-rendered, no script):
 *   GET  /dashboard/sign-in, POST /dashboard/sign-in, POST /dashboard/sign-out
 *   GET  /dashboard/set-password?token=…, POST /dashboard/set-password (the one-time link)
 *   GET  /dashboard                      home: balances, 30-day volume, recent payments
 *   GET  /dashboard/payments             the API's list, with its filters and cursor
 *   GET  /dashboard/payments/{id}        one payment: timeline, events; cancel (admin)
 *   POST /dashboard/payments/{id}/cancel
 *   GET  /dashboard/transactions         every transfer received; late and unmatched ones flagged
 *   GET  /dashboard/settlements, /dashboard/settlements/{id}, GET+POST /dashboard/settlements/cash-out
 *   GET  /dashboard/developers, POST /dashboard/developers/keys, POST …/keys/{id}/revoke (admins)
 *   GET  /dashboard/team, POST /dashboard/team (admins add a user: a one-time set-password link)
 *   /dashboard/merchants…  (merchant-routes.ts), /dashboard/developers/webhooks… and …/events…
 *        (developer-routes.ts)
 *   POST /dashboard/payments/{id}/test-pay | test-expire, POST /dashboard/settlements/test-advance
 *        (sandbox data only, admins: the test helpers)
 *   GET  /dashboard/assets/dashboard.css
 * Sessions: an opaque random token in an HttpOnly, SameSite=Lax cookie (Secure over https), stored
 * hashed (access/dashboard-users.ts). Every state-changing form carries a CSRF token: the session's,
 * or before sign-in a random one in a short-lived cookie (double submit). `?mode=test|live` picks
 * the data shown. What a user may see is what an unscoped API key of the account may see.
 */
import { Elysia } from "elysia";
import { randomBytes } from "node:crypto";
import type { AppContext } from "../../context.ts";
import type { Mode } from "../../domain/mode.ts";
import { ApiError } from "../../domain/errors.ts";
import { clientAddress } from "../../http/client-address.ts";
import { addDashboardUser, changeMember, closeSession, newSetPasswordLink, csrfMatches, DashboardUserError, loadSession, PASSWORD_MIN_LENGTH, setPasswordWithToken, verifyPassword, type DashboardSession } from "../access/dashboard-users.ts";
import { SignInThrottle } from "../access/sign-in-throttle.ts";
import type { MerchantRow } from "../merchants/service.ts";
import { createApiKey, OnboardingError, revokeApiKey } from "../merchants/onboarding.ts";
import { makeDue, payIntent } from "../test-helpers/service.ts";
import { advanceSandboxSettlements } from "../settlements/service.ts";
import { cancelVisibleIntent, getVisibleIntent, listIntents } from "../payment-intents/service.ts";
import { accountMerchantsIn, apiKeysOf, DAY_MS, balancesOf, isAccountKey, merchantCountOf, teamOf, paymentDetail, recentlyPaidMerchants, recentPayments, rowView, settlementView, transactionsPageOf, volumeOf } from "./data.ts";
import { findVisibleSettlement, listMerchantSettlements, loadSettlements, manualCashOut } from "../settlements/api-service.ts";
import { isIdOf } from "../../domain/ids.ts";
import { INTENT_STATUSES } from "../../domain/intent-status.ts";
import { ASSET_PATH, bankOf, DASHBOARD, href, notFoundPage } from "./layout.ts";
import { cashOutPage, developersPage, homePage, paymentPage, paymentsPage, setPasswordPage, settlementPage, settlementsPage, signInPage, teamPage, transactionsPage, type TeamNews } from "./pages.ts";
import { cookie, cookies, CSS, dashboardKit, field, form, found, FORM_ROUTE, page, PAGE_ROUTE, PRE_CSRF_COOKIE, redirect, SECURITY_HEADERS, SESSION_COOKIE } from "./kit.ts";
import { merchantRoutes } from "./merchant-routes.ts";
import { developerRoutes } from "./developer-routes.ts";

/** A `YYYY-MM-DD` date that exists, or undefined (anything else is no filter). */
function dayOf(text: string | null): string | undefined {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text ? undefined : text;
}

export function dashboardRoutes(ctx: AppContext) {
  const throttle = new SignInThrottle();
  const kit = dashboardKit(ctx);
  const { now, signedIn, startSession, visibleMerchant, viewerOf, denied, adminAction, pageContext, pickMerchant } = kit;

  const setPasswordLink = (token: string) => `${ctx.config.dashboardBaseUrl}${DASHBOARD}/set-password?token=${token}`;

  /** The Team page, with what just happened (a link shown once, a refusal, a change made). */
  async function teamView(s: DashboardSession, mode: Mode, news: TeamNews = {}): Promise<Response> {
    return page(teamPage(viewerOf(s, mode), s.csrfToken, { members: await teamOf(ctx, s.user.accountId), ...news }), news.error ? 400 : 200);
  }

  /** The Developers page: the account's keys in this mode (and a key just created, shown once). */
  async function developersView(s: DashboardSession, mode: Mode, extra: { created?: { key: string; scope: string } } = {}): Promise<Response> {
    const [list, keys] = await Promise.all([accountMerchantsIn(ctx, s.user.accountId, mode), apiKeysOf(ctx, s.user.accountId, mode)]);
    return page(developersPage(viewerOf(s, mode), s.csrfToken, { keys, merchants: list.map((m) => ({ id: m.id, name: m.businessName })), ...extra }));
  }

  /** The cash-out confirmation for the merchant's balance now (with why the last try was refused). */
  async function cashOutForm(s: DashboardSession, mode: Mode, merchant: MerchantRow, error?: string): Promise<Response> {
    const [balance] = await balancesOf(ctx, [merchant]);
    const view = { merchantId: merchant.id, merchantName: merchant.businessName, availableUnits: balance!.availableUnits, bank: bankOf(merchant), ...(error ? { error } : {}) };
    return page(cashOutPage(viewerOf(s, mode), s.csrfToken, view), error ? 400 : 200);
  }

  /** A sign-in page with a fresh pre-session CSRF token (double submit: cookie and form field). */
  function signInForm(request: Request, o: { email?: string; error?: string }, status = 200): Response {
    const csrf = randomBytes(24).toString("base64url");
    return page(signInPage({ csrf, ...o }), status, { "set-cookie": cookie(ctx, request, PRE_CSRF_COOKIE, csrf, 3600, `${DASHBOARD}/sign-in`) });
  }

  return new Elysia({ name: "dashboard" })
    .use(merchantRoutes(ctx, kit))
    .use(developerRoutes(ctx, kit))
    .get(ASSET_PATH, () => new Response(CSS, { headers: { ...SECURITY_HEADERS, "content-type": "text/css; charset=utf-8", "cache-control": "public, max-age=3600" } }), PAGE_ROUTE)
    .get(
      `${DASHBOARD}/sign-in`,
      async ({ request }) => {
        if (await loadSession(ctx.database.sql, cookies(request).get(SESSION_COOKIE), now())) return redirect(DASHBOARD);
        return signInForm(request, {});
      },
      PAGE_ROUTE,
    )
    .post(
      `${DASHBOARD}/sign-in`,
      async ({ request }) => {
        const f = await form(request);
        const [email, password] = [field(f, "email", 320), field(f, "password", 1024)];
        const pre = cookies(request).get(PRE_CSRF_COOKIE);
        if (!pre || f.get("csrf") !== pre) return signInForm(request, { email, error: "Your sign-in form expired. Please try again." }, 403);
        const address = clientAddress(request);
        if (!throttle.allowed(email, address)) return signInForm(request, { email, error: "Too many attempts. Wait a few minutes, then try again." }, 429);
        const user = await verifyPassword(ctx.database.sql, email, password);
        if (!user) {
          throttle.failed(email, address);
          // The same words whether or not the email exists.
          return signInForm(request, { email, error: "Incorrect email or password." }, 401);
        }
        throttle.succeeded(email);
        return startSession(request, user);
      },
      FORM_ROUTE,
    )
    .get(
      `${DASHBOARD}/set-password`,
      ({ request }) => page(setPasswordPage({ token: new URL(request.url).searchParams.get("token") ?? "" })),
      PAGE_ROUTE,
    )
    .post(
      `${DASHBOARD}/set-password`,
      async ({ request }) => {
        const f = await form(request);
        const token = field(f, "token", 100);
        const password = f.get("password") ?? "";
        if (password.length < PASSWORD_MIN_LENGTH || password.length > 1024) return page(setPasswordPage({ token, error: `Use at least ${PASSWORD_MIN_LENGTH} characters.` }), 400);
        if (password !== f.get("confirm")) return page(setPasswordPage({ token, error: "The two passwords differ." }), 400);
        const user = await setPasswordWithToken(ctx.database.sql, token, password, now());
        if (!user) return page(setPasswordPage({ token, error: "This link has expired or was used already. Ask an admin of your account for a new one." }), 400);
        return startSession(request, user);
      },
      FORM_ROUTE,
    )
    .post(
      `${DASHBOARD}/sign-out`,
      async ({ request }) => {
        const s = await signedIn(request);
        if (s instanceof Response) return s;
        if (!csrfMatches(s, (await form(request)).get("csrf") ?? undefined)) return page(notFoundPage(undefined, undefined), 403);
        await closeSession(ctx.database.sql, s, now());
        return redirect(`${DASHBOARD}/sign-in`, { "set-cookie": cookie(ctx, request, SESSION_COOKIE, "", 0) });
      },
      FORM_ROUTE,
    )
    .get(
      DASHBOARD,
      async ({ request }) => {
        const c = await pageContext(request);
        if (c instanceof Response) return c;
        const account = c.s.user.accountId;
        const [shown, merchantCount, volume, recent] = await Promise.all([
          recentlyPaidMerchants(ctx, account, c.mode),
          merchantCountOf(ctx, account, c.mode),
          volumeOf(ctx, account, c.mode, now()),
          recentPayments(ctx, account, c.mode, 10),
        ]);
        return page(homePage(c.viewer, c.s.csrfToken, { balances: await balancesOf(ctx, shown), merchantCount, volume, recent }));
      },
      PAGE_ROUTE,
    )
    .get(
      `${DASHBOARD}/payments`,
      async ({ request }) => {
        const c = await pageContext(request);
        if (c instanceof Response) return c;
        const { s, mode, q, p } = c;
        const { merchant, merchants } = await pickMerchant(c);
        const merchantId = merchant?.id;
        const status = INTENT_STATUSES.find((x) => x === q.get("status"));
        // Whole UTC days, both included: the API's created_after/created_before are strict bounds.
        const from = dayOf(q.get("from"));
        const to = dayOf(q.get("to"));
        const names = new Map(merchants.map((m) => [m.id, m.name]));
        let rows: ReturnType<typeof rowView>[] = [];
        let total = 0;
        let next: string | undefined;
        if (merchantId) {
          try {
            const pageOf = await listIntents(ctx, p, {
              merchantId,
              status,
              createdAfterMs: from === undefined ? undefined : Date.parse(from) - 1,
              createdBeforeMs: to === undefined ? undefined : Date.parse(to) + DAY_MS,
              limit: 25,
              startingAfter: q.get("starting_after") ?? undefined,
            });
            rows = pageOf.items.map((i) => rowView(i, names));
            total = pageOf.totalCount;
            next = pageOf.hasMore ? pageOf.items.at(-1)?.id : undefined;
          } catch (err) {
            if (!(err instanceof ApiError)) throw err; // a stale cursor: show the first page
            return redirect(href("/payments", mode, { merchant: merchantId, status, from, to }));
          }
        }
        return page(paymentsPage(c.viewer, s.csrfToken, { merchants, merchantId, status, from, to, rows, total, next }));
      },
      PAGE_ROUTE,
    )
    .get(
      `${DASHBOARD}/transactions`,
      async ({ request }) => {
        const c = await pageContext(request);
        if (c instanceof Response) return c;
        const { s, mode, q, p } = c;
        const { merchant, merchants } = await pickMerchant(c);
        const merchantId = merchant?.id;
        let view: Awaited<ReturnType<typeof transactionsPageOf>> = { rows: [], total: 0, next: undefined };
        if (merchantId) {
          try {
            view = await transactionsPageOf(ctx, p, merchantId, q.get("starting_after") ?? undefined);
          } catch (err) {
            if (!(err instanceof ApiError)) throw err; // a stale cursor: the first page
            return redirect(href("/transactions", mode, { merchant: merchantId }));
          }
        }
        return page(transactionsPage(c.viewer, s.csrfToken, { merchants, merchantId, ...view }));
      },
      PAGE_ROUTE,
    )
    .get(
      `${DASHBOARD}/settlements`,
      async ({ request }) => {
        const c = await pageContext(request);
        if (c instanceof Response) return c;
        const { merchant, merchants } = await pickMerchant(c);
        let rows: ReturnType<typeof settlementView>[] = [];
        let availableUnits: bigint | undefined;
        if (merchant) {
          const ids = await listMerchantSettlements(ctx, { merchantId: merchant.id, limit: 25 });
          if (ids !== "bad_cursor") rows = (await loadSettlements(ctx, ids.ids)).map(settlementView);
          availableUnits = (await balancesOf(ctx, [merchant]))[0]?.availableUnits;
        }
        return page(settlementsPage(c.viewer, c.s.csrfToken, { merchants, merchantId: merchant?.id, availableUnits, rows }));
      },
      PAGE_ROUTE,
    )
    .get(
      `${DASHBOARD}/settlements/cash-out`,
      async ({ request }) => {
        const a = await adminAction(request, false);
        if (a instanceof Response) return a;
        const { s, mode } = a;
        const merchant = await visibleMerchant(s, mode, a.f.get("merchant"));
        if (!merchant) return denied(s, mode, 404);
        return cashOutForm(s, mode, merchant);
      },
      PAGE_ROUTE,
    )
    .post(
      `${DASHBOARD}/settlements/cash-out`,
      async ({ request }) => {
        const a = await adminAction(request, true);
        if (a instanceof Response) return a;
        const { s, mode, f } = a;
        const merchant = await visibleMerchant(s, mode, f.get("merchant"));
        if (!merchant) return denied(s, mode, 404);
        // The amount the user confirmed: if the balance moved since, the cash-out is refused, not resized.
        const confirmed = /^\d{1,15}$/.test(field(f, "amount_units", 20)) ? BigInt(field(f, "amount_units", 20)) : undefined;
        try {
          const settlement = await manualCashOut(ctx, merchant, confirmed);
          return redirect(href(`/settlements/${settlement.id}`, mode));
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          return cashOutForm(s, mode, merchant, err.message);
        }
      },
      FORM_ROUTE,
    )
    .get(
      `${DASHBOARD}/settlements/:id`,
      async ({ request, params }) => {
        const c = await pageContext(request);
        if (c instanceof Response) return c;
        const { s, mode, p } = c;
        const settlement = isIdOf("settlement", params.id) ? await findVisibleSettlement(ctx, p, params.id) : undefined;
        if (!settlement) return denied(s, mode, 404);
        const txns = await transactionsPageOf(ctx, p, settlement.merchantId, undefined, settlement.id);
        return page(settlementPage(viewerOf(s, mode), s.csrfToken, settlementView(settlement), txns.rows));
      },
      PAGE_ROUTE,
    )
    .get(
      `${DASHBOARD}/developers`,
      async ({ request }) => {
        const c = await pageContext(request);
        if (c instanceof Response) return c;
        return developersView(c.s, c.mode);
      },
      PAGE_ROUTE,
    )
    .post(
      `${DASHBOARD}/developers/keys`,
      async ({ request }) => {
        const a = await adminAction(request, true);
        if (a instanceof Response) return a;
        const { s, mode, f } = a;
        const merchantId = field(f, "merchant", 64) || null;
        const merchant = merchantId ? await visibleMerchant(s, mode, merchantId) : undefined;
        if (merchantId && !merchant) return denied(s, mode, 404);
        const created = await createApiKey(ctx, { accountId: s.user.accountId, mode, merchantId });
        const scope = merchant ? `${merchant.businessName} only` : "all merchants";
        // Answered here, not redirected: the key is shown once and never travels in a URL.
        return developersView(s, mode, { created: { key: created.key, scope } });
      },
      FORM_ROUTE,
    )
    .post(
      `${DASHBOARD}/developers/keys/:id/revoke`,
      async ({ request, params }) => {
        const a = await adminAction(request, true);
        if (a instanceof Response) return a;
        const { s, mode } = a;
        if (!(await isAccountKey(ctx, s.user.accountId, mode, params.id))) return denied(s, mode, 404);
        try {
          await revokeApiKey(ctx, params.id);
        } catch (err) {
          if (!(err instanceof OnboardingError)) throw err; // revoked already: the page shows it
        }
        return redirect(href("/developers", mode));
      },
      FORM_ROUTE,
    )
    .get(
      `${DASHBOARD}/team`,
      async ({ request }) => {
        const c = await pageContext(request);
        if (c instanceof Response) return c;
        return teamView(c.s, c.mode);
      },
      PAGE_ROUTE,
    )
    .post(
      `${DASHBOARD}/team`,
      async ({ request }) => {
        const a = await adminAction(request, true);
        if (a instanceof Response) return a;
        const { s, mode, f } = a;
        try {
          const r = await addDashboardUser(ctx.database.sql, { accountId: s.user.accountId, email: field(f, "email", 320), role: field(f, "role", 10) }, now());
          return teamView(s, mode, { invited: { email: r.user.email, link: setPasswordLink(r.setPasswordToken), added: true } });
        } catch (err) {
          if (!(err instanceof DashboardUserError)) throw err;
          return teamView(s, mode, { error: err.message });
        }
      },
      FORM_ROUTE,
    )
    .post(
      `${DASHBOARD}/team/:id/:action`,
      async ({ request, params }) => {
        const a = await adminAction(request, true);
        if (a instanceof Response) return a;
        const { s, mode, f } = a;
        const view = (o: TeamNews) => teamView(s, mode, o);
        try {
          switch (params.action) {
            case "role":
            case "remove": {
              const change = params.action === "remove" ? ({ remove: true } as const) : { role: field(f, "role", 10) as "admin" | "viewer" };
              if (!(await changeMember(ctx.database.sql, s.user, params.id, change))) return denied(s, mode, 404);
              // Removing oneself ends one's own session with the user row: back to sign-in.
              if (params.action === "remove" && params.id === s.user.id) return redirect(`${DASHBOARD}/sign-in`);
              return view({ notice: params.action === "remove" ? "Removed: their sessions have ended." : "Role changed: it applies from their next page." });
            }
            case "link": {
              const r = await newSetPasswordLink(ctx.database.sql, s.user.accountId, params.id, now());
              if (!r) return denied(s, mode, 404);
              return view({ invited: { email: r.email, link: setPasswordLink(r.token), added: false } });
            }
            default:
              return denied(s, mode, 404);
          }
        } catch (err) {
          if (!(err instanceof DashboardUserError)) throw err;
          return view({ error: err.message });
        }
      },
      FORM_ROUTE,
    )
    .post(
      `${DASHBOARD}/payments/:id/:helper`,
      async ({ request, params }) => {
        const a = await adminAction(request, true);
        if (a instanceof Response) return a;
        const { s, mode } = a;
        // Sandbox test helpers only: for live data (or any other name) they do not exist.
        if (mode !== "test" || (params.helper !== "test-pay" && params.helper !== "test-expire")) return denied(s, mode, 404);
        const intent = await found(getVisibleIntent(ctx, a.p, params.id));
        if (!intent) return denied(s, mode, 404);
        if (intent.status === "awaiting_payment") {
          if (params.helper === "test-pay") await payIntent(ctx, intent, undefined);
          else await makeDue(ctx, intent);
        }
        return redirect(href(`/payments/${intent.id}`, mode));
      },
      FORM_ROUTE,
    )
    .post(
      `${DASHBOARD}/settlements/test-advance`,
      async ({ request }) => {
        const a = await adminAction(request, true);
        if (a instanceof Response) return a;
        const { s, mode, f } = a;
        if (mode !== "test") return denied(s, mode, 404);
        const merchant = await visibleMerchant(s, mode, f.get("merchant"));
        if (!merchant) return denied(s, mode, 404);
        await advanceSandboxSettlements(ctx, [merchant.id]);
        return redirect(href("/settlements", mode, { merchant: merchant.id }));
      },
      FORM_ROUTE,
    )
    .get(
      `${DASHBOARD}/payments/:id`,
      async ({ request, params }) => {
        const c = await pageContext(request);
        if (c instanceof Response) return c;
        const { s, mode, p } = c;
        const intent = await found(getVisibleIntent(ctx, p, params.id));
        const merchant = intent && (await visibleMerchant(s, mode, intent.merchantId));
        if (!intent || !merchant) return denied(s, mode, 404);
        return page(paymentPage(c.viewer, s.csrfToken, await paymentDetail(ctx, intent, merchant.businessName, s.user.accountId)));
      },
      PAGE_ROUTE,
    )
    .post(
      `${DASHBOARD}/payments/:id/cancel`,
      async ({ request, params }) => {
        const a = await adminAction(request, true);
        if (a instanceof Response) return a;
        const { s, mode } = a;
        try {
          const intent = await getVisibleIntent(ctx, a.p, params.id);
          await cancelVisibleIntent(ctx, intent);
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          if (err.status === 404) return denied(s, mode, 404);
          // Not cancellable any more (paid meanwhile): the page shows what it is now.
        }
        return redirect(href(`/payments/${params.id}`, mode));
      },
      FORM_ROUTE,
    );
}
