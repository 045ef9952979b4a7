/** Routes: GET /v1/merchants/{id}, GET /v1/merchants/{id}/balance. */
import { t } from "elysia";
import type { AppContext } from "../../context.ts";
import { authedRoutes } from "../../http/authed.ts";
import { errorExample, objectResponses } from "../../http/openapi.ts";
import { MerchantSchema, merchantShape } from "./model.ts";
import { getVisibleMerchant } from "./service.ts";
import { BalanceSchema, balanceShape, computeMerchantBalance } from "./balance.ts";

const merchantMissing = [errorExample("resource_missing", "No such merchant: 'mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K'")];

export function merchantRoutes(ctx: AppContext) {
  return authedRoutes(ctx, "merchants")
    .get(
      "/v1/merchants/:id",
      async ({ principal, params }) => merchantShape(await getVisibleMerchant(ctx, principal, params.id)),
      {
        params: t.Object({ id: t.String({ description: "Merchant id, `mer_*`." }) }),
        detail: {
          tags: ["Merchants"],
          summary: "Get a merchant",
          description: "The merchant profile, onboarding status and configuration.",
          responses: objectResponses(MerchantSchema, { ok: "The merchant.", notFound: merchantMissing }),
        },
      },
    )
    .get(
      "/v1/merchants/:id/balance",
      async ({ principal, params }) => balanceShape(await computeMerchantBalance(ctx, await getVisibleMerchant(ctx, principal, params.id))),
      {
        params: t.Object({ id: t.String({ description: "Merchant id, `mer_*`." }) }),
        detail: {
          responses: objectResponses(BalanceSchema, { ok: "The merchant's balance.", notFound: merchantMissing }),
          tags: ["Merchants"],
          summary: "Get a merchant balance",
          description:
            "`available`: USDC held in the merchant's account contract (read from the chain at the newest block whose payments are all recorded), minus platform fees not collected yet. `pending_settlement`: withdrawn and on its way to the bank.",
        },
      },
    );
}
