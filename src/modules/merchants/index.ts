/** Routes: GET /v1/merchants/{id}, GET /v1/merchants/{id}/balance. */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../context.ts";
import { authed } from "../../http/authed.ts";
import { errorExample, errorResponse, jsonResponse, unauthorizedResponse as unauthorized } from "../../http/openapi.ts";
import { MerchantSchema, merchantShape } from "./model.ts";
import { getVisibleMerchant } from "./service.ts";
import { BalanceSchema, balanceShape, computeMerchantBalance } from "./balance.ts";

const merchantMissing = errorResponse(404, [errorExample("resource_missing", "No such merchant: 'mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K'")]);

export function merchantRoutes(ctx: AppContext) {
  return new Elysia({ name: "merchants" })
    .use(authed(ctx))
    .get(
      "/v1/merchants/:id",
      async ({ principal, params }) => merchantShape(await getVisibleMerchant(ctx, principal, params.id)),
      {
        params: t.Object({ id: t.String({ description: "Merchant id, `mer_*`." }) }),
        detail: {
          tags: ["Merchants"],
          summary: "Get a merchant",
          description: "The merchant profile, onboarding status and configuration.",
          responses: { 200: jsonResponse(MerchantSchema, "The merchant."), 401: unauthorized, 404: merchantMissing },
        },
      },
    )
    .get(
      "/v1/merchants/:id/balance",
      async ({ principal, params }) => balanceShape(await computeMerchantBalance(ctx, await getVisibleMerchant(ctx, principal, params.id))),
      {
        params: t.Object({ id: t.String({ description: "Merchant id, `mer_*`." }) }),
        detail: {
          responses: { 200: jsonResponse(BalanceSchema, "The merchant's balance."), 401: unauthorized, 404: merchantMissing },
          tags: ["Merchants"],
          summary: "Get a merchant balance",
          description:
            "`available`: USDC held in the merchant's account contract (read from the chain at the newest block whose payments are all recorded), minus platform fees not collected yet. `pending_settlement`: withdrawn and on its way to the bank.",
        },
      },
    );
}
