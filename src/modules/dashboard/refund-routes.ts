/**
 * The dashboard's refunds list:
 *   GET /dashboard/refunds?merchant=…&status=…&starting_after=…   one merchant's refunds, newest
 *       first, 25 a page (the API's list: what an unscoped key of the account sees), filtered by status;
 *       admins approve the ones waiting for approval with the owner's wallet (wallet-routes.ts).
 */
import { Elysia } from "elysia";
import type { AppContext } from "../../context.ts";
import { ApiError } from "../../domain/errors.ts";
import { requireChainName } from "../../domain/networks.ts";
import { refundStatusFromInput } from "../../domain/refund-status.ts";
import { listRefunds } from "../refunds/service.ts";
import type { RefundRow } from "../refunds/shapes.ts";
import { DASHBOARD, href } from "./layout.ts";
import { redirect, SIGNED_IN_PAGE, walletPage, type DashboardKit } from "./kit.ts";
import { refundsPage, type RefundRowView } from "./refund-pages.ts";

const rowOf = (r: RefundRow): RefundRowView => ({
  id: r.id,
  paymentIntentId: r.paymentIntentId,
  transactionId: r.transactionId,
  amountUnits: r.amountUnits,
  status: r.status,
  recipient: r.recipientAddress,
  payer: r.payerAddress,
  txHash: r.txHash,
  failure: r.failureReason,
  chain: requireChainName(r.chainId),
  token: r.token,
  createdAt: r.createdAt,
});

export function refundRoutes(ctx: AppContext, kit: DashboardKit) {
  const { guards, pickMerchant } = kit;
  return new Elysia({ name: "dashboard-refunds" }).use(guards).get(
    `${DASHBOARD}/refunds`,
    async (c) => {
      const { merchant, merchants } = await pickMerchant(c);
      const status = refundStatusFromInput(c.search.get("status"));
      let view = { rows: [] as RefundRowView[], total: 0, next: undefined as string | undefined, waiting: 0 };
      if (merchant) {
        try {
          const [list, waiting] = await Promise.all([
            listRefunds(ctx, c.principal, { merchantId: merchant.id, paymentIntentId: undefined, status, limit: 25, startingAfter: c.search.get("starting_after") ?? undefined }),
            listRefunds(ctx, c.principal, { merchantId: merchant.id, paymentIntentId: undefined, status: "requires_approval", limit: 1, startingAfter: undefined }),
          ]);
          view = { rows: list.items.map(rowOf), total: list.totalCount, next: list.hasMore ? list.items.at(-1)?.id : undefined, waiting: waiting.totalCount };
        } catch (err) {
          if (!(err instanceof ApiError)) throw err; // a stale cursor: the first page
          return redirect(href("/refunds", c.mode, { merchant: merchant.id, status }));
        }
      }
      return walletPage(refundsPage(c.viewer, c.session.csrfToken, { merchants, merchantId: merchant?.id, status, ...view }));
    },
    SIGNED_IN_PAGE,
  );
}
