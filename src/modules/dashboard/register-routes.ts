/**
 * Routes of the register (a terminal's point of sale) in the dashboard:
 *   GET  /dashboard/register                          the account's terminals; admins add one
 *   POST /dashboard/register                          (admins) a new terminal, as POST /v1/terminals
 *   GET  /dashboard/register/{id}                     the register: keypad, tip step, the customer's
 *                                                     QR code and status, the paid screen; today's list
 *   POST /dashboard/register/{id}/quote               (admins, cashiers) the tip choices of an amount, computed here
 *   POST /dashboard/register/{id}/charge              (admins, cashiers) a new intent for amount + tip
 *   POST /dashboard/register/{id}/charges/{pi}/cancel (admins, cashiers) the sale called off before it is paid
 *   GET  /dashboard/register/{id}/charges/{pi}/status the charge's status (the register polls it)
 *   GET  /dashboard/register/{id}/charges/{pi}/qr.png the QR code of the charge's hosted page
 *   GET  /dashboard/assets/register.js                the register's script (web/dashboard/register.js)
 * Every amount is computed by the server (terminals/service.ts): the script only shows what it is
 * sent. A cashier reaches these routes at its own register only (kit.ts cashierContext).
 */
import { Elysia } from "elysia";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { AppContext } from "../../context.ts";
import { ApiError } from "../../domain/errors.ts";
import { unitsToUsd } from "../../domain/money.ts";
import { AMOUNT_MAX_UNITS, AMOUNT_MIN_UNITS } from "../payment-intents/input.ts";
import { renderQrPng } from "../qr/service.ts";
import { refineTerminal } from "../terminals/input.ts";
import { cancelCharge, chargeAmounts, chargesSince, chargeTerminal, createTerminal, findCharge, listTerminals, visibleTerminal, type TerminalRow } from "../terminals/service.ts";
import { receiptUrl, terminalUrl } from "../terminals/shapes.ts";
import { accountMerchantsIn, DAY_MS } from "./data.ts";
import { DASHBOARD, href } from "./layout.ts";
import { REGISTER_SCRIPT_PATH, registerListPage, registerPage } from "./register-pages.ts";
import { ADMIN_FORM, field, found, json, page, PAGE_ROUTE, redirect, REGISTER_FORM, SECURITY_HEADERS, SIGNED_IN_PAGE, walletPage, type DashboardKit, type SignedIn } from "./kit.ts";

const REGISTER_JS = readFileSync(join(import.meta.dir, "../../../web/dashboard/register.js"), "utf8");
const CENTS = /^\d{1,7}$/;

/** The keypad's amount: whole cents as digits, within an intent's range; else 400 in the API's error shape. */
function keypadUnits(text: string): bigint {
  const units = CENTS.test(text) ? BigInt(text) * 10_000n : -1n;
  if (units < AMOUNT_MIN_UNITS || units > AMOUNT_MAX_UNITS) throw new ApiError("amount_out_of_range", "amount must be between 0.01 and 10000 USD.", "amount");
  return units;
}

function tipPercent(text: string): number {
  if (!/^\d{1,3}$/.test(text)) throw new ApiError("parameter_invalid", "Invalid tip: must be a whole percentage (0 for none).", "tip");
  return Number(text);
}

/** An API rule's refusal as the API answers it (status and error shape); anything else is thrown again. */
function refused(err: unknown): Response {
  if (err instanceof ApiError && err.status < 500) return json(err.toBody(), err.status);
  throw err;
}

const money = (units: bigint) => unitsToUsd(units).toFixed(2);

export function registerRoutes(ctx: AppContext, kit: DashboardKit) {
  const terminalOf = (c: SignedIn, id: string) => found(visibleTerminal(ctx, c.principal, id));
  const startOfDay = () => new Date(Math.floor(ctx.clock.now().getTime() / DAY_MS) * DAY_MS);

  async function view(c: SignedIn, t: TerminalRow, error?: string): Promise<Response> {
    const charges = await chargesSince(ctx.database.sql, t.id, startOfDay());
    const canCharge = c.session.user.role === "admin" || c.session.user.role === "cashier";
    return walletPage(
      registerPage(c.viewer, c.session.csrfToken, {
        id: t.id,
        name: t.name,
        merchantName: t.businessName,
        url: terminalUrl(ctx.config.publicBaseUrl, t.id),
        tipPercentages: t.tipPercentages,
        canCharge,
        charges: charges.map((x) => ({ ...x, receiptUrl: receiptUrl(ctx.config.publicBaseUrl, t.id, x.intentId) })),
        ...(error ? { error } : {}),
      }),
      error ? 400 : 200,
    );
  }

  /** The account's registers (and why an admin's new one was refused: 400). */
  async function listView(c: SignedIn, error?: string): Promise<Response> {
    const list = await listTerminals(ctx, c.principal, { merchantId: undefined, limit: 100, startingAfter: undefined });
    const merchants = await accountMerchantsIn(ctx, c.session.user.accountId, c.mode);
    const rows = list.rows.map((t) => ({ id: t.id, name: t.name, merchantName: t.businessName, tips: t.tipPercentages }));
    return page(registerListPage(c.viewer, c.session.csrfToken, rows, merchants.map((m) => ({ id: m.id, name: m.businessName })), error), error ? 400 : 200);
  }

  return new Elysia({ name: "dashboard-register" })
    .use(kit.guards)
    .get(REGISTER_SCRIPT_PATH, () => new Response(REGISTER_JS, { headers: { ...SECURITY_HEADERS, "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=3600" } }), PAGE_ROUTE)
    .get(
      `${DASHBOARD}/register`,
      (c) => listView(c),
      SIGNED_IN_PAGE,
    )
    .post(
      `${DASHBOARD}/register`,
      async (c) => {
        const tips = field(c.fields, "tips", 40).split(/[\s,%]+/).filter((x) => x !== "");
        try {
          if (tips.some((x) => !/^\d{1,3}$/.test(x) || Number(x) < 1 || Number(x) > 100) || tips.length > 4)
            throw new ApiError("parameter_invalid", "Tips: up to 4 whole percentages from 1 to 100, such as 10, 15, 20.", "tip_percentages");
          const input = refineTerminal({ name: field(c.fields, "name", 100), tip_percentages: tips.map(Number) });
          const r = await createTerminal(ctx, c.principal, field(c.fields, "merchant", 64) || undefined, input);
          if (r.kind === "reused") throw new Error("a dashboard create without an idempotency key was deduplicated");
          return redirect(href(`/register/${r.terminal.id}`, c.mode));
        } catch (err) {
          if (!(err instanceof ApiError) || err.status >= 500) throw err;
          return listView(c, err.message);
        }
      },
      ADMIN_FORM,
    )
    .get(
      `${DASHBOARD}/register/:id`,
      async (c) => {
        const t = await terminalOf(c, c.params.id);
        return t ? view(c, t) : c.notFound();
      },
      SIGNED_IN_PAGE,
    )
    .post(
      `${DASHBOARD}/register/:id/quote`,
      async (c) => {
        const t = await terminalOf(c, c.params.id);
        if (!t) return json(new ApiError("resource_missing", `No such terminal: '${c.params.id.slice(0, 40)}'`).toBody(), 404);
        try {
          const subtotal = keypadUnits(field(c.fields, "amount", 20));
          const options = [0, ...t.tipPercentages].map((p) => {
            const a = chargeAmounts(t, subtotal, p);
            return { percent: p, tip: money(a.tipUnits), total: money(a.totalUnits) };
          });
          return json({ subtotal: money(subtotal), options });
        } catch (err) {
          return refused(err);
        }
      },
      REGISTER_FORM,
    )
    .post(
      `${DASHBOARD}/register/:id/charge`,
      async (c) => {
        const t = await terminalOf(c, c.params.id);
        if (!t) return json(new ApiError("resource_missing", `No such terminal: '${c.params.id.slice(0, 40)}'`).toBody(), 404);
        try {
          const a = chargeAmounts(t, keypadUnits(field(c.fields, "amount", 20)), tipPercent(field(c.fields, "tip", 5) || "0"));
          const intentId = await chargeTerminal(ctx, t, a);
          return json(
            {
              payment_intent: intentId,
              subtotal: money(a.subtotalUnits),
              tip_percent: a.tipPercent,
              tip: money(a.tipUnits),
              total: money(a.totalUnits),
              pay_url: `${ctx.config.publicBaseUrl}/pay/${intentId}`,
              receipt_url: receiptUrl(ctx.config.publicBaseUrl, t.id, intentId),
              qr: `${DASHBOARD}/register/${t.id}/charges/${intentId}/qr.png?mode=${t.mode}`,
              status: `${DASHBOARD}/register/${t.id}/charges/${intentId}/status?mode=${t.mode}`,
            },
            201,
          );
        } catch (err) {
          return refused(err);
        }
      },
      REGISTER_FORM,
    )
    .post(
      `${DASHBOARD}/register/:id/charges/:pi/cancel`,
      async (c) => {
        const t = await terminalOf(c, c.params.id);
        if (!t) return json(new ApiError("resource_missing", `No such terminal: '${c.params.id.slice(0, 40)}'`).toBody(), 404);
        try {
          await cancelCharge(ctx, c.principal, t, c.params.pi);
          return json({ status: "cancelled" });
        } catch (err) {
          return refused(err);
        }
      },
      REGISTER_FORM,
    )
    .get(
      `${DASHBOARD}/register/:id/charges/:pi/status`,
      async (c) => {
        const t = await terminalOf(c, c.params.id);
        const charge = t && (await findCharge(ctx.database.sql, t.id, c.params.pi));
        if (!charge) return json(new ApiError("resource_missing", "No such payment at this register.").toBody(), 404);
        return json({ status: charge.status, paid: charge.status === "confirmed" || charge.status === "settled", total: money(charge.totalUnits) });
      },
      SIGNED_IN_PAGE,
    )
    .get(
      `${DASHBOARD}/register/:id/charges/:pi/qr.png`,
      async (c) => {
        const t = await terminalOf(c, c.params.id);
        const charge = t && (await findCharge(ctx.database.sql, t.id, c.params.pi));
        if (!charge) return c.notFound();
        // The hosted page's address: a phone's camera opens it, and the page offers every wallet.
        return new Response(await renderQrPng(`${ctx.config.publicBaseUrl}/pay/${charge.intentId}`), { headers: { ...SECURITY_HEADERS, "content-type": "image/png" } });
      },
      SIGNED_IN_PAGE,
    );
}
