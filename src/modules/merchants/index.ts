/** Routes: GET /v1/merchants/{id}. */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../context.ts";
import { authed } from "../../http/authed.ts";
import { ErrorSchema } from "../../http/openapi.ts";
import { MerchantSchema, merchantShape } from "./model.ts";
import { getVisibleMerchant } from "./service.ts";

export function merchantRoutes(ctx: AppContext) {
  return new Elysia({ name: "merchants" }).use(authed(ctx)).get(
    "/v1/merchants/:id",
    async ({ principal, params }) => merchantShape(await getVisibleMerchant(ctx, principal, params.id)),
    {
      params: t.Object({ id: t.String({ description: "Merchant id, `mer_*`." }) }),
      response: { 200: MerchantSchema, 401: ErrorSchema, 404: ErrorSchema },
      detail: { tags: ["Merchants"], summary: "Get a merchant", description: "The merchant profile, onboarding status and configuration." },
    },
  );
}
