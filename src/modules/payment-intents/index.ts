/**
 * Routes: POST /v1/payment-intents, GET /v1/payment-intents/{id}, GET /v1/payment-intents,
 * POST /v1/payment-intents/{id}/cancel. The create body has one schema (model.ts) that validates and
 * documents it, its failures mapped to their error codes (SCHEMA_CODES), plus the refine steps of
 * input.ts; responses are documented in `detail` (see jsonResponse).
 */
import type { AppContext } from "../../context.ts";
import { authedRoutes } from "../../http/authed.ts";
import { readEmptyBody } from "../../http/json-body.ts";
import { jsonBodyOf, refinedQuery } from "../../http/schema-route.ts";
import { listBody } from "../../http/list-params.ts";
import { createResponses, errorExample, errorResponse, idempotencyHeaderParameter, listRoute, objectResponses, named } from "../../http/openapi.ts";
import { noQuery } from "../../http/query.ts";
import { refineCreateIntent, refineListIntents } from "./input.ts";
import { CreateIntentBody, IntentIdParams, ListIntentsQuery, PaymentIntentCancelSchema, PaymentIntentListSchema, PaymentIntentSchema } from "./model.ts";
import { cancelVisibleIntent, createIntent, getVisibleIntent, listIntents, qrSettings } from "./service.ts";
import { intentCancelShape, intentCreateShape, intentGetShape, intentListItemShape } from "./shapes.ts";

const TAG = ["Payment intents"];
const intentMissing = [errorExample("resource_missing", "No such payment_intent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa'")];

export function paymentIntentRoutes(ctx: AppContext) {
  return authedRoutes(ctx, "payment-intents")
    .post(
      "/v1/payment-intents",
      async ({ principal, body, request, set }) => {
        const input = refineCreateIntent(body, request.headers.get("idempotency-key"));
        const { intent, replayed } = await createIntent(ctx, principal, input);
        if (replayed) {
          set.headers["idempotent-replayed"] = "true";
          return intentGetShape(intent, qrSettings(ctx, intent.mode));
        }
        set.status = 201;
        return intentCreateShape(intent, qrSettings(ctx, intent.mode));
      },
      {
        parse: jsonBodyOf(CreateIntentBody),
        body: named("CreatePaymentIntentRequest", CreateIntentBody),
        detail: {
          tags: TAG,
          summary: "Create a payment intent",
          description:
            "Creates an intent in `awaiting_payment` and reserves its expected value at the merchant's payment address: the amount plus a tag (0 when no other intent holds the amount; always below the tag width, 10,000 base units = one cent by default) not held by another open or recently closed intent of that merchant. At most that many intents of one amount hold a value at once per merchant: beyond, 409 `too_many_open_intents`. With `payment_address_type: deposit` (or the merchant's default) the intent gets an address of its own instead (the same on every chain), reserves no value, and its QR asks for exactly the amount: every transfer to that address counts toward it, whatever the amounts. `expires_at` is creation time plus `ttl`. Idempotent with `idempotency_key` or the `Idempotency-Key` header.",
          parameters: [idempotencyHeaderParameter],
          responses: {
            ...createResponses(PaymentIntentSchema, {
              created: "The new payment intent, status `awaiting_payment`.",
              replayed: "Replay of an earlier create with the same idempotency key: that intent in its current state (get shape).",
              errors: [
              errorExample("amount_out_of_range", "amount must be between 0.01 and 10000 USD.", "amount"),
              errorExample("parameter_missing", "Missing required param: currency.", "currency"),
              errorExample("parameter_invalid", "Invalid amount: at most 2 decimal places are allowed.", "amount"),
              errorExample("parameter_unknown", "Received unknown parameter: amout", "amout"),
              errorExample("currency_unsupported", "Currency 'eur' is not supported; the only supported currency is 'usd'.", "currency"),
              errorExample("ttl_out_of_range", "ttl must be between 60 and 3600 seconds.", "ttl"),
              errorExample("metadata_invalid", "Invalid metadata: at most 10 keys are allowed (got 11).", "metadata"),
              errorExample("merchant_not_active", "Merchant 'mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K' cannot take payments (status: disabled).", "merchant_id"),
              errorExample("resource_missing", "No such merchant: 'mer_unknown000000000000000'", "merchant_id"),
              ],
              conflicts: [errorExample("too_many_open_intents", "All 10000 expected values for this amount are held by open (or recently closed) intents of merchant 'mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K'.")],
            }),
            413: errorResponse(413, [errorExample("body_too_large", "Request bodies are limited to 64 KiB.")]),
            415: errorResponse(415, [errorExample("unsupported_content_type", "Request bodies must be JSON, sent with 'Content-Type: application/json'.")]),
          },
        },
      },
    )
    .get(
      "/v1/payment-intents/:id",
      async ({ principal, params, request }) => {
        noQuery(request.url);
        const intent = await getVisibleIntent(ctx, principal, params.id);
        return intentGetShape(intent, qrSettings(ctx, intent.mode));
      },
      {
        params: IntentIdParams,
        detail: {
          tags: TAG,
          summary: "Get a payment intent",
          description: "The current state of the intent, including the payment's fee breakdown and transaction hash once confirmed.",
          responses: objectResponses(PaymentIntentSchema, { ok: "The payment intent.", errors: [errorExample("parameter_unknown", "Received unknown parameter: expand", "expand")], notFound: intentMissing }),
        },
      },
    )
    .get(
      "/v1/payment-intents",
      async ({ principal, query, request }) => {
        const page = await listIntents(ctx, principal, refinedQuery(request.url, ListIntentsQuery, query, refineListIntents));
        return listBody(page.items.map(intentListItemShape), page);
      },
      listRoute(ListIntentsQuery, PaymentIntentListSchema, TAG, "List payment intents", {
        description: "Intents of one merchant, newest first (`created_at` descending, then `id` descending). Time filters are strict. `total_count` counts every match, ignoring the cursor.",
        errors: [
          errorExample("parameter_missing", "Missing required param: merchant_id (required unless the API key is scoped to a single merchant).", "merchant_id"),
          errorExample("parameter_unknown", "Received unknown parameter: page", "page"),
        ],
        notFound: [errorExample("resource_missing", "No such merchant: 'mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K'")],
      }),
    )
    .post(
      "/v1/payment-intents/:id/cancel",
      async ({ principal, params, request }) => {
        noQuery(request.url);
        // Visibility first: an id the key may not see is 404 whatever the body says.
        const intent = await getVisibleIntent(ctx, principal, params.id);
        await readEmptyBody(request);
        return intentCancelShape(await cancelVisibleIntent(ctx, intent));
      },
      {
        parse: "none",
        params: IntentIdParams,
        detail: {
          tags: TAG,
          summary: "Cancel a payment intent",
          description:
            "Cancels an intent in `awaiting_payment`. No body (an empty JSON object is accepted). Any other status is 409 `intent_not_cancellable`, naming the current status. The expected value stays reserved for 24 hours, so a late payment is still linked to this intent (recorded as a transaction, no `payment_intent.confirmed`). No event is sent.",
          responses: objectResponses(PaymentIntentCancelSchema, {
            ok: "The cancelled intent.",
            errors: [errorExample("parameter_unknown", "Received unknown parameter: reason", "reason")],
            notFound: intentMissing,
            conflicts: [
              errorExample("intent_not_cancellable", "This payment intent cannot be cancelled because its status is 'confirmed'; only an intent in status 'awaiting_payment' can be cancelled."),
            ],
          }),
        },
      },
    );
}
