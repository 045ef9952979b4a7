/**
 * Routes (sandbox keys only, 404 for live keys):
 *   POST /v1/test_helpers/payment_intents/{id}/pay     optional body `amount` (USD, up to 6 decimals)
 *   POST /v1/test_helpers/payment_intents/{id}/expire  no body
 * Both answer with the intent in its get shape (DECISIONS.md "Shapes the spec leaves open").
 * (POST /v1/test_helpers/settlements/advance belongs to the settlement module.)
 */
import { t } from "elysia";
import type { AppContext } from "../../context.ts";
import { authedRoutes } from "../../http/authed.ts";
import { ApiError } from "../../domain/errors.ts";
import { readEmptyBody, readJsonBody, requireObject } from "../../http/json-body.ts";
import { printableName } from "../../domain/text.ts";
import { noQuery } from "../../http/query.ts";
import { parseAmount } from "../payment-intents/input.ts";
import { errorExample, openApiSchema, objectResponses } from "../../http/openapi.ts";
import { IntentIdParams, PaymentIntentSchema } from "../payment-intents/model.ts";
import { getVisibleIntent, qrSettings } from "../payment-intents/service.ts";
import { intentGetShape } from "../payment-intents/shapes.ts";
import { makeDue, payIntent, PAY_MAX_UNITS, reloadIntent } from "./service.ts";
import { requireSandbox } from "../access/authenticator.ts";

const PayBody = t.Object(
  {
    amount: t.Optional(
      t.Number({
        description: "USD to send, up to 6 decimal places (0.000001 to 100000). Default: the intent's exact expected value (amount plus tag).",
        examples: [12.5],
      }),
    ),
  },
  { additionalProperties: false, examples: [{}, { amount: 5 }] },
);

const sandboxOnly = [
  errorExample("resource_missing", "No such payment_intent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa'"),
  errorExample("resource_missing", "Test helpers exist only in the sandbox: use an sk_test_ key."),
];

export function testHelperRoutes(ctx: AppContext) {
  return authedRoutes(ctx, "test-helpers")
    .post(
      "/v1/test_helpers/payment_intents/:id/pay",
      async ({ principal, params, request }) => {
        requireSandbox(principal);
        noQuery(request.url);
        const intent = await getVisibleIntent(ctx, principal, params.id);
        const body = await readJsonBody(request);
        let units: bigint | undefined;
        if (body !== undefined) {
          const obj = requireObject(body);
          for (const name of Object.keys(obj))
            if (name !== "amount") throw new ApiError("parameter_unknown", `Received unknown parameter: ${printableName(name)}`, name);
          if (obj.amount !== undefined) units = parseAmount(obj.amount, "amount", 1n, PAY_MAX_UNITS, 6);
        }
        await payIntent(ctx, intent, units);
        const current = await reloadIntent(ctx, principal, intent.id);
        return intentGetShape(current, qrSettings(ctx, current.mode));
      },
      {
        parse: "none",
        params: IntentIdParams,
        detail: {
          responses: objectResponses(PaymentIntentSchema, {
            ok: "The intent in its get shape (still `awaiting_payment` until the payment is confirmed).",
            errors: [errorExample("amount_out_of_range", "amount must be between 0.000001 and 100000 USD.", "amount"), errorExample("parameter_unknown", "Received unknown parameter: currency", "currency")],
            notFound: sandboxOnly,
          }),
          tags: ["Test helpers"],
          summary: "Pay a payment intent (sandbox)",
          description:
            "Sends test USDC from the sandbox's funded payer wallet to the intent's payment address on the sandbox chain and waits until the transfer is mined. Answers with the intent in its get shape: it is still `awaiting_payment` until the service confirms the payment like any other (usually within a second or two). Any status may be paid, which is how a late payment to an expired intent is tried. Sandbox keys only.",
          requestBody: { required: false, content: { "application/json": { schema: openApiSchema(PayBody) } } },
        },
      },
    )
    .post(
      "/v1/test_helpers/payment_intents/:id/expire",
      async ({ principal, params, request }) => {
        requireSandbox(principal);
        noQuery(request.url);
        const intent = await getVisibleIntent(ctx, principal, params.id);
        await readEmptyBody(request);
        const current = await makeDue(ctx, intent);
        return intentGetShape(current, qrSettings(ctx, current.mode));
      },
      {
        parse: "none",
        params: IntentIdParams,
        detail: {
          responses: objectResponses(PaymentIntentSchema, { ok: "The intent in its get shape.", errors: [errorExample("parameter_unknown", "Received unknown parameter: ttl", "ttl")], notFound: sandboxOnly }),
          tags: ["Test helpers"],
          summary: "Make a payment intent due now (sandbox)",
          description:
            "Sets `expires_at` to now if the intent is still `awaiting_payment` (otherwise nothing changes). The service then expires it as it would at the end of its ttl, usually within a second, and sends `payment_intent.expired`. Answers with the intent in its get shape at the time of the call. No body. Sandbox keys only.",
        },
      },
    );
}
