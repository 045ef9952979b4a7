/**
 * Routes of the dashboard's Merchants section:
 *   GET  /dashboard/merchants            the account's merchants in the mode shown (cursor paged)
 *   GET  /dashboard/merchants/new        the onboarding form (admins)
 *   POST /dashboard/merchants            onboard: the management API's create (merchants/management.ts)
 *   GET  /dashboard/merchants/{id}       details, balance, the refund budget read from chain (admins
 *                                        grant and revoke it with the owner's wallet: wallet-routes.ts),
 *                                        settings (admins can change them)
 *   POST /dashboard/merchants/{id}       save settings: the management API's update
 * The form carries an idempotency key made when it was shown, so a form sent twice (a double click,
 * a reload after a lost answer) onboards one merchant.
 */
import { Elysia } from "elysia";
import { randomBytes } from "node:crypto";
import type { AppContext } from "../../context.ts";
import type { Mode } from "../../domain/mode.ts";
import { unitsToUsd } from "../../domain/money.ts";
import type { PaymentAddressType } from "../../domain/payment-address-type.ts";
import { ApiError } from "../../domain/errors.ts";
import type { BankAccountInput } from "../merchants/bank-account.ts";
import { createMerchant, listVisibleMerchants, updateMerchant, type ScheduleBody } from "../merchants/management.ts";
import type { MerchantRow } from "../merchants/service.ts";
import { merchantShape } from "../merchants/shapes.ts";
import { busiestAmounts } from "../payment-intents/value-tags.ts";
import { pairBalancesOf } from "./data.ts";
import { readBudgets } from "../refunds/budget.ts";
import { bankOf, DASHBOARD, href } from "./layout.ts";
import { EMPTY_MERCHANT_FORM, merchantPage, merchantsPage, newMerchantPage, type MerchantFormValues } from "./merchant-pages.ts";
import { ADMIN_FORM, ADMIN_PAGE, field, formIdempotencyKey, page, redirect, refusal, SIGNED_IN_PAGE, walletPage, type DashboardKit, type SignedIn } from "./kit.ts";

/** The form's fields as typed (cut to each field's longest allowed length). */
function valuesOf(f: URLSearchParams): MerchantFormValues {
  const v = (name: keyof MerchantFormValues, max: number) => field(f, name, max).trim();
  return {
    business_name: v("business_name", 200),
    email: v("email", 254),
    payment_address_type: v("payment_address_type", 20),
    underpayment_tolerance: v("underpayment_tolerance", 20),
    owner_address: v("owner_address", 100),
    payout_address: v("payout_address", 100),
    schedule: v("schedule", 20),
    cron: v("cron", 100),
    time_zone: v("time_zone", 64),
    routing_number: v("routing_number", 20),
    account_number: v("account_number", 30),
    bank_name: v("bank_name", 100),
    bank_token: v("bank_token", 200),
  };
}

function scheduleOf(v: MerchantFormValues): ScheduleBody {
  if (v.schedule === "custom") return { cron: v.cron, time_zone: v.time_zone };
  if (v.schedule === "daily" || v.schedule === "manual") return v.schedule;
  return "weekly_monday";
}

/** The bank account the form gives, or undefined when its bank fields are empty. */
function bankOfForm(mode: Mode, v: MerchantFormValues): BankAccountInput | undefined {
  if (mode === "live") return v.bank_token ? { token: v.bank_token } : undefined;
  if (!v.routing_number && !v.account_number) return undefined;
  return { routing_number: v.routing_number, account_number: v.account_number, ...(v.bank_name ? { bank_name: v.bank_name } : {}) };
}

function formOfMerchant(m: MerchantRow): MerchantFormValues {
  return {
    ...EMPTY_MERCHANT_FORM,
    business_name: m.businessName,
    email: m.email,
    payment_address_type: m.defaultPaymentAddressType,
    underpayment_tolerance: String(unitsToUsd(m.underpaymentToleranceUnits)),
    schedule: m.settlementSchedule,
    cron: m.settlementCron ?? "",
    time_zone: m.settlementTimezone ?? "",
  };
}

export function merchantRoutes(ctx: AppContext, kit: DashboardKit) {
  const { guards, visibleMerchant } = kit;

  const newForm = (c: SignedIn, values: MerchantFormValues, error?: string, key = randomBytes(18).toString("base64url")) =>
    page(newMerchantPage(c.viewer, c.session.csrfToken, { values, idempotencyKey: key, ...(error ? { error } : {}) }), error ? 400 : 200);

  async function merchantView(c: SignedIn, m: MerchantRow, o: { values?: MerchantFormValues; error?: string; saved?: boolean } = {}): Promise<Response> {
    const [balances, busiest, budgets] = await Promise.all([pairBalancesOf(ctx, m), busiestAmounts(ctx, m.id), readBudgets(ctx, m)]);
    // The API's shape of the merchant: its schedule, fee rate and metadata read one way everywhere.
    const shape = merchantShape(m);
    const view = {
      id: m.id,
      name: m.businessName,
      email: m.email,
      status: m.status,
      kycStatus: m.kycStatus,
      paymentAddress: m.paymentAddress ?? "",
      bank: bankOf(m),
      schedule: shape.settlement_schedule,
      feeRate: `${(shape.fee_rate * 100).toFixed(2)}% per payment`,
      metadata: shape.metadata as Record<string, string>,
      createdAt: m.createdAt,
      balances,
      busiest,
      quarantineMs: ctx.config.valueTags.quarantineMs,
      ownerAddress: m.ownerAddress,
      budgets,
      today: ctx.clock.now().toISOString().slice(0, 10),
    };
    const body = merchantPage(c.viewer, c.session.csrfToken, view, { values: o.values ?? formOfMerchant(m), ...(o.error ? { error: o.error } : {}), ...(o.saved ? { saved: true } : {}) });
    return walletPage(body, o.error ? 400 : 200);
  }

  return new Elysia({ name: "dashboard-merchants" })
    .use(guards)
    .get(
      `${DASHBOARD}/merchants`,
      async ({ principal, search, mode, viewer, session }) => {
        try {
          const list = await listVisibleMerchants(ctx, principal, { limit: 25, startingAfter: search.get("starting_after") ?? undefined });
          const rows = list.rows.map((m) => ({ id: m.id, name: m.businessName, status: m.status, kycStatus: m.kycStatus, schedule: m.settlementSchedule, createdAt: m.createdAt }));
          return page(merchantsPage(viewer, session.csrfToken, { rows, total: list.totalCount, next: list.hasMore ? list.rows.at(-1)?.id : undefined }));
        } catch (err) {
          if (!(err instanceof ApiError)) throw err; // a stale cursor: the first page
          return redirect(href("/merchants", mode));
        }
      },
      SIGNED_IN_PAGE,
    )
    .get(`${DASHBOARD}/merchants/new`, (c) => newForm(c, EMPTY_MERCHANT_FORM), ADMIN_PAGE)
    .post(
      `${DASHBOARD}/merchants`,
      async (c) => {
        const { mode, fields } = c;
        const values = valuesOf(fields);
        const key = formIdempotencyKey(fields);
        const bank = bankOfForm(mode, values);
        if (!bank) return newForm(c, values, "Give the merchant's bank account.", key);
        try {
          const r = await createMerchant(
            ctx,
            c.principal,
            { business_name: values.business_name, email: values.email, owner_address: values.owner_address, payout_address: values.payout_address, settlement_schedule: scheduleOf(values), bank_account: bank },
            key,
          );
          if (r.kind === "reused") return newForm(c, values, "This form was sent before with other values. Check the merchants list, then start again from a fresh form.");
          return redirect(href(`/merchants/${r.merchant.id}`, mode));
        } catch (err) {
          return newForm(c, values, refusal(err), key);
        }
      },
      ADMIN_FORM,
    )
    .get(
      `${DASHBOARD}/merchants/:id`,
      async (c) => {
        const m = await visibleMerchant(c.session, c.mode, c.params.id);
        return m ? merchantView(c, m) : c.notFound();
      },
      SIGNED_IN_PAGE,
    )
    .post(
      `${DASHBOARD}/merchants/:id`,
      async (c) => {
        const m = await visibleMerchant(c.session, c.mode, c.params.id);
        if (!m) return c.notFound();
        const values = valuesOf(c.fields);
        const bank = bankOfForm(c.mode, values);
        try {
          const updated = await updateMerchant(ctx, c.principal, m.id, {
            business_name: values.business_name,
            email: values.email,
            settlement_schedule: scheduleOf(values),
            ...(bank ? { bank_account: bank } : {}),
            // Checked as the API checks them (a bad value is refused with its reason on the form).
            default_payment_address_type: values.payment_address_type as PaymentAddressType,
            underpayment_tolerance: values.underpayment_tolerance === "" ? Number.NaN : Number(values.underpayment_tolerance),
          });
          return merchantView(c, updated, { saved: true });
        } catch (err) {
          return merchantView(c, m, { values, error: refusal(err) });
        }
      },
      ADMIN_FORM,
    );
}
