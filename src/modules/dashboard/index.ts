/**
 * Routes of the merchant dashboard (HTML, server-rendered; no script but the owner's wallet one,
 * wallet-routes.ts, and the NFC tag writer of a payment link's page, link-routes.ts):
 *   GET  /dashboard/sign-in, POST /dashboard/sign-in, POST /dashboard/sign-out
 *   GET  /dashboard/set-password?token=…, POST /dashboard/set-password (the one-time link)
 *   GET  /dashboard                      home: balances, 30-day volume, recent payments
 *   GET  /dashboard/payments             the API's list, with its filters and cursor
 *   GET  /dashboard/payments/{id}        one payment: timeline, events; cancel (admin)
 *   POST /dashboard/payments/{id}/cancel
 *   POST /dashboard/payments/{id}/refund (admins: the API's create), POST …/refunds/cancel | approve
 *        (a refund waiting for approval: cancel it; in the sandbox, sign it as the owner)
 *   GET  /dashboard/transactions         every transfer received; late and unmatched ones flagged
 *   GET  /dashboard/refunds              a merchant's refunds, by status (refund-routes.ts)
 *   GET  /dashboard/settlements, /dashboard/settlements/{id}, GET+POST /dashboard/settlements/cash-out
 *   GET  /dashboard/developers, POST /dashboard/developers/keys, POST …/keys/{id}/revoke (admins)
 *   GET  /dashboard/team, POST /dashboard/team (admins add a user: a one-time set-password link)
 *   /dashboard/merchants…  (merchant-routes.ts), /dashboard/developers/webhooks… and …/events…
 *        (developer-routes.ts), the owner's wallet: approving a refund, the refund budget (wallet-routes.ts),
 *        /dashboard/links… payment links with their QR code and NFC tag writer (link-routes.ts),
 *        /dashboard/customers… customers' reusable deposit addresses (customer-routes.ts),
 *        /dashboard/register… a terminal's register: keypad, tip, the customer's QR and status (register-routes.ts)
 *   POST /dashboard/payments/{id}/test-pay | test-expire, POST /dashboard/settlements/test-advance
 *        (sandbox data only, admins: the test helpers)
 *   GET  /dashboard/assets/dashboard.css
 * Sessions: an opaque random token in an HttpOnly, SameSite=Lax cookie (Secure over https), stored
 * hashed (access/dashboard-users.ts). Every state-changing form carries a CSRF token: the session's,
 * or before sign-in a random one in a short-lived cookie (double submit). `?mode=test|live` picks
 * the data shown. What a user may see is what an unscoped API key of the account may see; a cashier
 * reaches its register's pages only (kit.ts cashierContext).
 */
import { Elysia } from "elysia";
import { randomBytes } from "node:crypto";
import type { AppContext } from "../../context.ts";
import { ApiError } from "../../domain/errors.ts";
import { clientAddress } from "../../http/client-address.ts";
import { addDashboardUser, changeMember, closeSession, newSetPasswordLink, DashboardUserError, loadSession, PASSWORD_MIN_LENGTH, setPasswordWithToken, verifyPassword } from "../access/dashboard-users.ts";
import { SignInThrottle } from "../access/sign-in-throttle.ts";
import { requireRefundPermission } from "../access/authenticator.ts";
import type { MerchantRow } from "../merchants/service.ts";
import { createApiKey, OnboardingError, revokeApiKey } from "../merchants/onboarding.ts";
import { makeDue, payIntent } from "../test-helpers/service.ts";
import { advanceSandboxSettlements, withdrawalsOfMany } from "../settlements/service.ts";
import { cancelRefund, createRefund, getVisibleRefund } from "../refunds/service.ts";
import { parseRecipient, REFUND_MAX_UNITS } from "../refunds/input.ts";
import { REFUND_REASONS, type RefundReason } from "../refunds/shapes.ts";
import { approveAsOwner } from "../test-helpers/refunds.ts";
import { getVisibleMerchant } from "../merchants/service.ts";
import { cancelVisibleIntent, getVisibleIntent, listIntents } from "../payment-intents/service.ts";
import { accountMerchantsIn, accountTerminals, apiKeysOf, availableOf, DAY_MS, balancesOf, isAccountKey, merchantCountOf, teamOf, paymentDetail, recentlyPaidMerchants, recentPayments, refundsAwaitingApproval, rowView, settlementView, transactionsPageOf, volumeOf } from "./data.ts";
import { findVisibleSettlement, listMerchantSettlements, loadSettlements, manualCashOut } from "../settlements/api-service.ts";
import { isIdOf } from "../../domain/ids.ts";
import { INTENT_STATUSES } from "../../domain/intent-status.ts";
import { ASSET_PATH, bankOf, DASHBOARD, href, pairQuery, pairValue } from "./layout.ts";
import { pairsOf } from "../../chain/pairs.ts";
import type { Mode } from "../../domain/mode.ts";
import { cashOutPage, developersPage, homePage, paymentPage, paymentsPage, setPasswordPage, settlementPage, settlementsPage, signInPage, teamPage, transactionsPage, type TeamNews } from "./pages.ts";
import { ADMIN_FORM, ADMIN_PAGE, cookie, cookies, CSS, dashboardKit, field, form, formAmount, formIdempotencyKey, found, FORM_ROUTE, page, PAGE_ROUTE, PRE_CSRF_COOKIE, redirect, refusal, SECURITY_HEADERS, SESSION_COOKIE, SIGNED_IN_PAGE, walletPage, type SignedIn } from "./kit.ts";
import { merchantRoutes } from "./merchant-routes.ts";
import { developerRoutes } from "./developer-routes.ts";
import { linkRoutes } from "./link-routes.ts";
import { customerRoutes } from "./customer-routes.ts";
import { walletRoutes } from "./wallet-routes.ts";
import { refundRoutes } from "./refund-routes.ts";
import { registerRoutes } from "./register-routes.ts";

/** A `YYYY-MM-DD` date that exists, or undefined (anything else is no filter). */
function dayOf(text: string | null): string | undefined {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text ? undefined : text;
}

/** A list service's refusal of the `chain`/`token` filter (chain/pairs.ts resolvePairFilter). */
const isPairRefusal = (err: ApiError) => err.param === "chain" || err.param === "token";

export function dashboardRoutes(ctx: AppContext) {
  const throttle = new SignInThrottle();
  const kit = dashboardKit(ctx);
  const { now, guards, startSession, visibleMerchant, pickMerchant } = kit;

  /**
   * A list's pair filter: the mode's enabled pairs (the select's choices), the `?pair=` asked for
   * (kept in links when it is one of them) and what the list service is given to check.
   */
  const pairOf = (mode: Mode, q: URLSearchParams) => {
    const pairs = pairsOf(ctx, mode);
    const query = pairQuery(q.get("pair"));
    const pair = query ? pairValue(query) : undefined;
    return { pairs, pair: pairs.some((p) => pairValue(p) === pair) ? pair : undefined, query };
  };

  const setPasswordLink = (token: string) => `${ctx.config.dashboardBaseUrl}${DASHBOARD}/set-password?token=${token}`;

  /** The Team page, with what just happened (a link shown once, a refusal, a change made). */
  async function teamView(c: SignedIn, news: TeamNews = {}): Promise<Response> {
    const [members, terminals] = await Promise.all([teamOf(ctx, c.session.user.accountId), accountTerminals(ctx, c.session.user.accountId)]);
    return page(teamPage(c.viewer, c.session.csrfToken, { members, terminals, ...news }), news.error ? 400 : 200);
  }

  /** The Developers page: the account's keys in this mode (and a key just created, shown once). */
  async function developersView(c: SignedIn, extra: { created?: { key: string; scope: string } } = {}): Promise<Response> {
    const account = c.session.user.accountId;
    const [list, keys] = await Promise.all([accountMerchantsIn(ctx, account, c.mode), apiKeysOf(ctx, account, c.mode)]);
    return page(developersPage(c.viewer, c.session.csrfToken, { keys, merchants: list.map((m) => ({ id: m.id, name: m.businessName })), ...extra }));
  }

  /** The cash-out confirmation for the merchant's balance now (with why the last try was refused). */
  async function cashOutForm(c: SignedIn, merchant: MerchantRow, error?: string): Promise<Response> {
    const view = { merchantId: merchant.id, merchantName: merchant.businessName, availableUnits: await availableOf(ctx, merchant), bank: bankOf(merchant), ...(error ? { error } : {}) };
    return page(cashOutPage(c.viewer, c.session.csrfToken, view), error ? 400 : 200);
  }

  /** A sign-in page with a fresh pre-session CSRF token (double submit: cookie and form field). */
  function signInForm(request: Request, o: { email?: string; error?: string }, status = 200): Response {
    const csrf = randomBytes(24).toString("base64url");
    return page(signInPage({ csrf, ...o }), status, { "set-cookie": cookie(ctx, request, PRE_CSRF_COOKIE, csrf, 3600, `${DASHBOARD}/sign-in`) });
  }

  return new Elysia({ name: "dashboard" })
    .use(guards)
    .use(merchantRoutes(ctx, kit))
    .use(developerRoutes(ctx, kit))
    .use(linkRoutes(ctx, kit))
    .use(customerRoutes(ctx, kit))
    .use(walletRoutes(ctx, kit))
    .use(refundRoutes(ctx, kit))
    .use(registerRoutes(ctx, kit))
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
      async ({ request, session }) => {
        await closeSession(ctx.database.sql, session, now());
        return redirect(`${DASHBOARD}/sign-in`, { "set-cookie": cookie(ctx, request, SESSION_COOKIE, "", 0) });
      },
      { ...FORM_ROUTE, signedInForm: true },
    )
    .get(
      DASHBOARD,
      async ({ session, mode, viewer }) => {
        const account = session.user.accountId;
        const [shown, merchantCount, volume, recent, awaiting] = await Promise.all([
          recentlyPaidMerchants(ctx, account, mode),
          merchantCountOf(ctx, account, mode),
          volumeOf(ctx, account, mode, now()),
          recentPayments(ctx, account, mode, 10),
          refundsAwaitingApproval(ctx, account, mode),
        ]);
        return page(homePage(viewer, session.csrfToken, { balances: await balancesOf(ctx, shown), merchantCount, volume, recent, awaiting }));
      },
      SIGNED_IN_PAGE,
    )
    .get(
      `${DASHBOARD}/payments`,
      async (c) => {
        const { mode, search: q } = c;
        const { merchant, merchants } = await pickMerchant(c);
        const merchantId = merchant?.id;
        const status = INTENT_STATUSES.find((x) => x === q.get("status"));
        // Whole UTC days, both included: the API's created_after/created_before are strict bounds.
        const from = dayOf(q.get("from"));
        const to = dayOf(q.get("to"));
        const { pairs, pair, query: pairFilter } = pairOf(mode, q);
        const names = new Map(merchants.map((m) => [m.id, m.name]));
        let rows: ReturnType<typeof rowView>[] = [];
        let total = 0;
        let next: string | undefined;
        if (merchantId) {
          try {
            const pageOf = await listIntents(ctx, c.principal, {
              merchantId,
              status,
              createdAfterMs: from === undefined ? undefined : Date.parse(from) - 1,
              createdBeforeMs: to === undefined ? undefined : Date.parse(to) + DAY_MS,
              limit: 25,
              startingAfter: q.get("starting_after") ?? undefined,
              chain: pairFilter?.chain,
              token: pairFilter?.token,
            });
            rows = pageOf.items.map((i) => rowView(i, names));
            total = pageOf.totalCount;
            next = pageOf.hasMore ? pageOf.items.at(-1)?.id : undefined;
          } catch (err) {
            if (!(err instanceof ApiError)) throw err;
            // A stale cursor: the first page; a pair the service refuses: no pair filter (as an unknown status).
            return redirect(href("/payments", mode, { merchant: merchantId, status, from, to, pair: isPairRefusal(err) ? undefined : pair }));
          }
        }
        return page(paymentsPage(c.viewer, c.session.csrfToken, { merchants, merchantId, status, from, to, pairs, pair, rows, total, next }));
      },
      SIGNED_IN_PAGE,
    )
    .get(
      `${DASHBOARD}/transactions`,
      async (c) => {
        const { merchant, merchants } = await pickMerchant(c);
        const merchantId = merchant?.id;
        const { pairs, pair, query: pairFilter } = pairOf(c.mode, c.search);
        let view: Awaited<ReturnType<typeof transactionsPageOf>> = { rows: [], total: 0, next: undefined };
        if (merchantId) {
          try {
            view = await transactionsPageOf(ctx, c.principal, merchantId, c.search.get("starting_after") ?? undefined, undefined, pairFilter);
          } catch (err) {
            if (!(err instanceof ApiError)) throw err; // a stale cursor: the first page; a refused pair: no pair filter
            return redirect(href("/transactions", c.mode, { merchant: merchantId, pair: isPairRefusal(err) ? undefined : pair }));
          }
        }
        return page(transactionsPage(c.viewer, c.session.csrfToken, { merchants, merchantId, pairs, pair, ...view }));
      },
      SIGNED_IN_PAGE,
    )
    .get(
      `${DASHBOARD}/settlements`,
      async (c) => {
        const { merchant, merchants } = await pickMerchant(c);
        let rows: ReturnType<typeof settlementView>[] = [];
        let availableUnits: bigint | undefined;
        if (merchant) {
          const ids = await listMerchantSettlements(ctx, { merchantId: merchant.id, limit: 25 });
          if (ids !== "bad_cursor") rows = (await loadSettlements(ctx, ids.ids)).map((s) => settlementView(s));
          availableUnits = await availableOf(ctx, merchant);
        }
        return page(settlementsPage(c.viewer, c.session.csrfToken, { merchants, merchantId: merchant?.id, availableUnits, rows }));
      },
      SIGNED_IN_PAGE,
    )
    .get(
      `${DASHBOARD}/settlements/cash-out`,
      async (c) => {
        const merchant = await visibleMerchant(c.session, c.mode, c.search.get("merchant"));
        if (!merchant) return c.notFound();
        return cashOutForm(c, merchant);
      },
      ADMIN_PAGE,
    )
    .post(
      `${DASHBOARD}/settlements/cash-out`,
      async (c) => {
        const { fields: f } = c;
        const merchant = await visibleMerchant(c.session, c.mode, f.get("merchant"));
        if (!merchant) return c.notFound();
        // The amount the user confirmed: if the balance moved since, the cash-out is refused, not resized.
        const confirmed = /^\d{1,15}$/.test(field(f, "amount_units", 20)) ? BigInt(field(f, "amount_units", 20)) : undefined;
        try {
          const settlement = await manualCashOut(ctx, merchant, confirmed);
          return redirect(href(`/settlements/${settlement.id}`, c.mode));
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          return cashOutForm(c, merchant, err.message);
        }
      },
      ADMIN_FORM,
    )
    .get(
      `${DASHBOARD}/settlements/:id`,
      async ({ params, principal, viewer, session, notFound }) => {
        const settlement = isIdOf("settlement", params.id) ? await findVisibleSettlement(ctx, principal, params.id) : undefined;
        if (!settlement) return notFound();
        const txns = await transactionsPageOf(ctx, principal, settlement.merchantId, undefined, settlement.id);
        const withdrawals = (await withdrawalsOfMany(ctx, [settlement.id])).get(settlement.id) ?? [];
        return page(settlementPage(viewer, session.csrfToken, settlementView(settlement, withdrawals), txns.rows));
      },
      SIGNED_IN_PAGE,
    )
    .get(`${DASHBOARD}/developers`, (c) => developersView(c), SIGNED_IN_PAGE)
    .post(
      `${DASHBOARD}/developers/keys`,
      async (c) => {
        const { session, mode } = c;
        const merchantId = field(c.fields, "merchant", 64) || null;
        const merchant = merchantId ? await visibleMerchant(session, mode, merchantId) : undefined;
        if (merchantId && !merchant) return c.notFound();
        const refunds = field(c.fields, "refunds", 8) === "on";
        const created = await createApiKey(ctx, { accountId: session.user.accountId, mode, merchantId, refunds });
        const scope = `${merchant ? `${merchant.businessName} only` : "all merchants"}${refunds ? "; may refund" : ""}`;
        // Answered here, not redirected: the key is shown once and never travels in a URL.
        return developersView(c, { created: { key: created.key, scope } });
      },
      ADMIN_FORM,
    )
    .post(
      `${DASHBOARD}/developers/keys/:id/revoke`,
      async ({ params, session, mode, notFound }) => {
        if (!(await isAccountKey(ctx, session.user.accountId, mode, params.id))) return notFound();
        try {
          await revokeApiKey(ctx, params.id);
        } catch (err) {
          if (!(err instanceof OnboardingError)) throw err; // revoked already: the page shows it
        }
        return redirect(href("/developers", mode));
      },
      ADMIN_FORM,
    )
    .get(`${DASHBOARD}/team`, (c) => teamView(c), SIGNED_IN_PAGE)
    .post(
      `${DASHBOARD}/team`,
      async (c) => {
        const { session, fields: f } = c;
        try {
          const r = await addDashboardUser(ctx.database.sql, { accountId: session.user.accountId, email: field(f, "email", 320), role: field(f, "role", 10), terminalId: field(f, "terminal", 64) || undefined }, now());
          return teamView(c, { invited: { email: r.user.email, link: setPasswordLink(r.setPasswordToken), added: true } });
        } catch (err) {
          if (!(err instanceof DashboardUserError)) throw err;
          return teamView(c, { error: err.message });
        }
      },
      ADMIN_FORM,
    )
    .post(
      `${DASHBOARD}/team/:id/:action`,
      async (c) => {
        const { params, session, notFound } = c;
        const view = (o: TeamNews) => teamView(c, o);
        try {
          switch (params.action) {
            case "role":
            case "remove": {
              const change = params.action === "remove" ? ({ remove: true } as const) : { role: field(c.fields, "role", 10) as "admin" | "viewer" };
              if (!(await changeMember(ctx.database.sql, session.user, params.id, change))) return notFound();
              // Removing oneself ends one's own session with the user row: back to sign-in.
              if (params.action === "remove" && params.id === session.user.id) return redirect(`${DASHBOARD}/sign-in`);
              return view({ notice: params.action === "remove" ? "Removed: their sessions have ended." : "Role changed: it applies from their next page." });
            }
            case "link": {
              const r = await newSetPasswordLink(ctx.database.sql, session.user.accountId, params.id, now());
              if (!r) return notFound();
              return view({ invited: { email: r.email, link: setPasswordLink(r.token), added: false } });
            }
            default:
              return notFound();
          }
        } catch (err) {
          if (!(err instanceof DashboardUserError)) throw err;
          return view({ error: err.message });
        }
      },
      ADMIN_FORM,
    )
    .post(
      `${DASHBOARD}/payments/:id/:helper`,
      async ({ params, mode, principal, notFound }) => {
        // Sandbox test helpers only: for live data (or any other name) they do not exist.
        if (mode !== "test" || (params.helper !== "test-pay" && params.helper !== "test-expire")) return notFound();
        const intent = await found(getVisibleIntent(ctx, principal, params.id));
        if (!intent) return notFound();
        if (intent.status === "awaiting_payment") {
          if (params.helper === "test-pay") await payIntent(ctx, intent, undefined);
          else await makeDue(ctx, intent);
        }
        return redirect(href(`/payments/${intent.id}`, mode));
      },
      ADMIN_FORM,
    )
    .post(
      `${DASHBOARD}/settlements/test-advance`,
      async ({ session, mode, fields, notFound }) => {
        if (mode !== "test") return notFound();
        const merchant = await visibleMerchant(session, mode, fields.get("merchant"));
        if (!merchant) return notFound();
        await advanceSandboxSettlements(ctx, [merchant.id]);
        return redirect(href("/settlements", mode, { merchant: merchant.id }));
      },
      ADMIN_FORM,
    )
    .get(
      `${DASHBOARD}/payments/:id`,
      async ({ params, session, mode, principal, viewer, notFound }) => {
        const intent = await found(getVisibleIntent(ctx, principal, params.id));
        const merchant = intent && (await visibleMerchant(session, mode, intent.merchantId));
        if (!intent || !merchant) return notFound();
        return walletPage(
          paymentPage(viewer, session.csrfToken, await paymentDetail(ctx, intent, merchant.businessName, session.user.accountId), { idempotencyKey: randomBytes(18).toString("base64url") }),
        );
      },
      SIGNED_IN_PAGE,
    )
    .post(
      `${DASHBOARD}/payments/:id/refund`,
      async ({ params, session, mode, principal, viewer, fields, notFound }) => {
        const intent = await found(getVisibleIntent(ctx, principal, params.id));
        const merchant = intent && (await visibleMerchant(session, mode, intent.merchantId));
        if (!intent || !merchant) return notFound();
        const state = { amount: field(fields, "amount", 40), recipient: field(fields, "recipient", 100), reason: field(fields, "reason", 40), idempotencyKey: field(fields, "idempotency_key", 255) };
        try {
          // The API's create, with its rules and codes (the form's key: sent twice, it refunds once).
          await createRefund(ctx, requireRefundPermission(principal), {
            paymentIntentId: intent.id,
            transactionId: undefined,
            amountUnits: formAmount(state.amount, "amount", REFUND_MAX_UNITS),
            recipientAddress: parseRecipient(state.recipient.trim()),
            reason: (REFUND_REASONS as readonly string[]).includes(state.reason) ? (state.reason as RefundReason) : null,
            metadata: {},
            idempotencyKey: formIdempotencyKey(fields),
          });
        } catch (err) {
          const error = refusal(err);
          return walletPage(paymentPage(viewer, session.csrfToken, await paymentDetail(ctx, intent, merchant.businessName, session.user.accountId), { ...state, error }), 400);
        }
        return redirect(href(`/payments/${intent.id}`, mode));
      },
      ADMIN_FORM,
    )
    .post(
      `${DASHBOARD}/payments/:id/refunds/:action`,
      async ({ params, mode, principal, fields, notFound }) => {
        const intent = await found(getVisibleIntent(ctx, principal, params.id));
        const refund = intent && (await found(getVisibleRefund(ctx, principal, field(fields, "refund", 80))));
        if (!intent || !refund || refund.paymentIntentId !== intent.id) return notFound();
        try {
          if (params.action === "cancel") await cancelRefund(ctx, refund);
          else if (params.action === "approve" && mode === "test") await approveAsOwner(ctx, refund, await getVisibleMerchant(ctx, principal, refund.merchantId));
          else return notFound();
        } catch (err) {
          refusal(err); // moved on meanwhile (or the sandbox does not hold the owner's key): the page shows what it is now
        }
        return redirect(href(`/payments/${intent.id}`, mode));
      },
      ADMIN_FORM,
    )
    .post(
      `${DASHBOARD}/payments/:id/cancel`,
      async ({ params, mode, principal, notFound }) => {
        try {
          await cancelVisibleIntent(ctx, await getVisibleIntent(ctx, principal, params.id));
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          if (err.status === 404) return notFound();
          // Not cancellable any more (paid meanwhile): the page shows what it is now.
        }
        return redirect(href(`/payments/${params.id}`, mode));
      },
      ADMIN_FORM,
    );
}
