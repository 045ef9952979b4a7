/**
 * Routes of the settlement module (sandbox keys only, 404 for live keys):
 *   POST /v1/test_helpers/settlements/advance   optional body `merchant_id`
 *
 * Runs the settlements of the merchants the key may see (or the one named): a due scheduled run,
 * else a run of the available balance as if it were due (manual schedules included); drives them
 * through the on-chain withdrawal and the ACH initiation; advances the sandbox clock until their
 * in-flight ACH transfers arrive; completes them (settled intents and transactions,
 * `settlement.completed`).
 *
 * Response (our decision; docs/contributors.md "Shapes" says a helper answers with the affected object in its get
 * shape, and this one affects several): a list envelope of the affected settlements in the
 * settlement get shape, newest first, `has_more: false`, `total_count` = their number. Nothing to do
 * is an empty list.
 */
import { t } from "elysia";
import type { AppContext } from "../../context.ts";
import { authedRoutes } from "../../http/authed.ts";
import type { Principal } from "../access/authenticator.ts";
import { ApiError } from "../../domain/errors.ts";
import { readJsonBody, requireObject } from "../../http/json-body.ts";
import { printableName } from "../../domain/text.ts";
import { noQuery } from "../../http/query.ts";
import { isIdOf } from "../../domain/ids.ts";
import { errorExample, openApiSchema, objectResponses } from "../../http/openapi.ts";
import { requireSandbox } from "../access/authenticator.ts";
import { advanceSandboxSettlements, settlementShapes } from "./service.ts";
import { SettlementListSchema } from "./model.ts";

const AdvanceBody = t.Object(
  { merchant_id: t.Optional(t.String({ description: "Only this merchant. Default: every merchant the key may see.", examples: ["mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K"] })) },
  { additionalProperties: false, examples: [{}, { merchant_id: "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K" }] },
);

/** The test merchants a key may see: its own if scoped, else every test merchant of its account. */
async function visibleTestMerchants(ctx: AppContext, p: Principal): Promise<string[]> {
  if (p.scopeMerchantId) return [p.scopeMerchantId];
  const rows = await ctx.database.sql<{ id: string }[]>`
    SELECT m.id FROM app.merchants m JOIN app.account_merchants am ON am.merchant_id = m.id
    WHERE am.account_id = ${p.accountId} AND m.mode = 'test' ORDER BY m.id`;
  return rows.map((r) => r.id);
}

export function settlementRoutes(ctx: AppContext) {
  return authedRoutes(ctx, "settlements").post(
    "/v1/test_helpers/settlements/advance",
    async ({ principal, request }) => {
      requireSandbox(principal);
      noQuery(request.url);
      const body = await readJsonBody(request);
      let merchantIds: string[];
      if (body === undefined) merchantIds = await visibleTestMerchants(ctx, principal);
      else {
        const obj = requireObject(body);
        for (const name of Object.keys(obj))
          if (name !== "merchant_id") throw new ApiError("parameter_unknown", `Received unknown parameter: ${printableName(name)}`, printableName(name));
        if (obj.merchant_id === undefined) merchantIds = await visibleTestMerchants(ctx, principal);
        else {
          const id = obj.merchant_id;
          if (typeof id !== "string") throw new ApiError("parameter_invalid", "Invalid merchant_id: expected a string.", "merchant_id");
          if (!isIdOf("merchant", id) || !(await ctx.auth.canSeeMerchant(principal, id)))
            throw new ApiError("resource_missing", `No such merchant: '${printableName(id)}'`, "merchant_id", 400);
          merchantIds = [id];
        }
      }
      const affected = await advanceSandboxSettlements(ctx, merchantIds);
      return { object: "list" as const, data: await settlementShapes(ctx, affected), has_more: false, total_count: affected.length };
    },
    {
      parse: "none",
      detail: {
        tags: ["Test helpers"],
        summary: "Advance settlements (sandbox)",
        description:
          "Runs the settlements of the merchants the key may see (or of `merchant_id`): their available balance is settled now as if the schedule were due, the funds are withdrawn on the sandbox chain to the payout address, the ACH transfer is started, and the sandbox clock is advanced until the transfers arrive (1 to 3 US business days), so they complete: intents and transactions become `settled`, `settlement_status` becomes `paid`, and `settlement.completed` is sent. Answers with a list of the settlements that were created or changed, in their get shape. Sandbox keys only.",
        requestBody: { required: false, content: { "application/json": { schema: openApiSchema(AdvanceBody) } } },
        responses: objectResponses(SettlementListSchema, {
          ok: "The affected settlements, newest first.",
          errors: [errorExample("parameter_unknown", "Received unknown parameter: amount", "amount"), errorExample("resource_missing", "No such merchant: 'mer_123'", "merchant_id")],
          notFound: [errorExample("resource_missing", "Test helpers exist only in the sandbox: use an sk_test_ key.")],
        }),
      },
    },
  );
}
