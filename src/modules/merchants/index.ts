/** Routes: GET /v1/merchants/{id}, GET /v1/merchants/{id}/balance. */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../context.ts";
import { authed } from "../../http/authed.ts";
import { ErrorSchema } from "../../http/openapi.ts";
import { MerchantSchema, merchantShape } from "./model.ts";
import { getVisibleMerchant } from "./service.ts";
import { BalanceSchema, balanceShape, computeMerchantBalance } from "./balance.ts";

export function merchantRoutes(ctx: AppContext) {
  return new Elysia({ name: "merchants" })
    .use(authed(ctx))
    .get(
      "/v1/merchants/:id",
      async ({ principal, params }) => merchantShape(await getVisibleMerchant(ctx, principal, params.id)),
      {
        params: t.Object({ id: t.String({ description: "Merchant id, `mer_*`." }) }),
        response: { 200: MerchantSchema, 401: ErrorSchema, 404: ErrorSchema },
        detail: { tags: ["Merchants"], summary: "Get a merchant", description: "The merchant profile, onboarding status and configuration." },
      },
    )
    .get(
      "/v1/merchants/:id/balance",
      async ({ principal, params }) => balanceShape(await computeMerchantBalance(ctx, await getVisibleMerchant(ctx, principal, params.id))),
      {
        params: t.Object({ id: t.String({ description: "Merchant id, `mer_*`." }) }),
        response: { 200: BalanceSchema, 401: ErrorSchema, 404: ErrorSchema },
        detail: {
          tags: ["Merchants"],
          summary: "Get a merchant balance",
          description:
            "`available`: USDC held in the merchant's account contract (read from the chain at the newest block whose payments are all recorded), minus platform fees not collected yet. `pending_settlement`: withdrawn and on its way to the bank.",
        },
      },
    );
}
