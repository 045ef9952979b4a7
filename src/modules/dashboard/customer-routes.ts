/**
 * Routes of customers' reusable deposit addresses in the dashboard:
 *   GET  /dashboard/customers              the addresses the account may see, in the mode shown
 *   POST /dashboard/customers              (admins) an address for a customer, as POST /v1/deposit_addresses
 *   GET  /dashboard/customers/{id}         one address: its QR code and its payments
 *   GET  /dashboard/customers/{id}/qr.png  a PNG of the bare address
 * Every rule is the API's (deposit-addresses/service.ts): the same visibility, the same create.
 */
import { Elysia } from "elysia";
import type { AppContext } from "../../context.ts";
import { ApiError } from "../../domain/errors.ts";
import { CUSTOMER_REFERENCE_MAX, refineCreateDepositAddress } from "../deposit-addresses/input.ts";
import { createDepositAddress, listDepositAddresses, visibleDepositAddress } from "../deposit-addresses/service.ts";
import type { DepositAddressRow } from "../deposit-addresses/row.ts";
import { listTransactions } from "../transactions/service.ts";
import { renderQrPng } from "../qr/service.ts";
import { accountMerchantsIn, transactionViews } from "./data.ts";
import { customerPage, customersPage, type CustomerAddressView } from "./customer-pages.ts";
import { DASHBOARD, href } from "./layout.ts";
import { ADMIN_FORM, field, found, page, redirect, SECURITY_HEADERS, SIGNED_IN_PAGE, type DashboardKit, type SignedIn } from "./kit.ts";

export function customerRoutes(ctx: AppContext, kit: DashboardKit) {
  const addressOf = (c: SignedIn, id: string) => found(visibleDepositAddress(ctx, c.principal, id));

  async function views(c: SignedIn, rows: DepositAddressRow[]): Promise<CustomerAddressView[]> {
    const names = new Map((await accountMerchantsIn(ctx, c.session.user.accountId, c.mode)).map((m) => [m.id, m.businessName]));
    return rows.map((d) => ({
      id: d.id,
      address: d.address,
      customerReference: d.customerReference,
      merchantName: names.get(d.merchantId) ?? d.merchantId,
      receivedUnits: d.receivedUnits,
      paymentCount: d.paymentCount,
      networks: d.networks,
      createdAt: d.createdAt,
    }));
  }

  /** The account's addresses (and why an admin's new one was refused: 400). */
  async function listView(c: SignedIn, error?: string): Promise<Response> {
    const list = await listDepositAddresses(ctx, c.principal, { merchantId: undefined, customerReference: undefined, limit: 100, startingAfter: undefined });
    const merchants = await accountMerchantsIn(ctx, c.session.user.accountId, c.mode);
    return page(customersPage(c.viewer, c.session.csrfToken, await views(c, list.rows), merchants.map((m) => ({ id: m.id, name: m.businessName })), error), error ? 400 : 200);
  }

  return new Elysia({ name: "dashboard-customers" })
    .use(kit.guards)
    .get(`${DASHBOARD}/customers`, (c) => listView(c), SIGNED_IN_PAGE)
    .post(
      `${DASHBOARD}/customers`,
      async (c) => {
        try {
          // One character past the limit is kept, so the refine refuses an over-long reference rather than the form cutting it to another.
          const input = refineCreateDepositAddress({ merchant_id: field(c.fields, "merchant", 64) || undefined, customer_reference: field(c.fields, "customer_reference", CUSTOMER_REFERENCE_MAX + 1) });
          const r = await createDepositAddress(ctx, c.principal, input);
          return redirect(href(`/customers/${r.row.id}`, c.mode));
        } catch (err) {
          if (!(err instanceof ApiError) || err.status >= 500) throw err;
          return listView(c, err.message);
        }
      },
      ADMIN_FORM,
    )
    .get(
      `${DASHBOARD}/customers/:id`,
      async (c) => {
        const d = await addressOf(c, c.params.id);
        if (!d) return c.notFound();
        const payments = await listTransactions(ctx, c.principal, { merchantId: d.merchantId, status: undefined, fromMs: undefined, toMs: undefined, depositAddressId: d.id, limit: 100, startingAfter: undefined });
        const [view] = await views(c, [d]);
        return page(customerPage(c.viewer, c.session.csrfToken, view!, await transactionViews(ctx, payments.rows)));
      },
      SIGNED_IN_PAGE,
    )
    .get(
      `${DASHBOARD}/customers/:id/qr.png`,
      async (c) => {
        const d = await addressOf(c, c.params.id);
        if (!d) return c.notFound();
        return new Response(await renderQrPng(d.address), { headers: { ...SECURITY_HEADERS, "content-type": "image/png" } });
      },
      SIGNED_IN_PAGE,
    );
}
