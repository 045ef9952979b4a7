/**
 * Routes (sandbox keys only, 404 for live keys):
 *   POST /v1/test_helpers/payment_intents/{id}/pay     optional body `amount` (USD, up to 6 decimals)
 *   POST /v1/test_helpers/payment_intents/{id}/expire  no body
 * Both answer with the intent in its get shape (docs/contributors.md "Shapes").
 *   POST /v1/test_helpers/refunds/{id}/approve              no body: the owner's signature (refund get shape)
 *   POST /v1/test_helpers/merchants/{id}/refund_budget      `amount_per_day` (USD; 0 revokes), optional `chain`, `token`
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
import { errorExample, named, openApiSchema, objectResponses } from "../../http/openapi.ts";
import { IntentIdParams, PaymentIntentSchema } from "../payment-intents/model.ts";
import { getVisibleIntent, qrSettings } from "../payment-intents/service.ts";
import { intentGetShape } from "../payment-intents/shapes.ts";
import { makeDue, payIntent, PAY_MAX_UNITS, reloadIntent } from "./service.ts";
import { requireSandbox } from "../access/authenticator.ts";
import { RefundIdParams, RefundSchema } from "../refunds/model.ts";
import { getVisibleRefund } from "../refunds/service.ts";
import { refundShape } from "../refunds/shapes.ts";
import { getVisibleMerchant } from "../merchants/service.ts";
import { resolvePair } from "../../chain/pairs.ts";
import { chainParam, ChainField, tokenParam, TokenField } from "../../http/pair-params.ts";
import { unitsToUsd } from "../../domain/money.ts";
import { isoMs } from "../../domain/text.ts";
import { approveAsOwner, setRefundBudget } from "./refunds.ts";

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

const BudgetBody = t.Object(
  {
    amount_per_day: t.Number({
      description: "USD the operator may refund in any 24 hours from now on, until the budget ends (365 days after the grant). 0 revokes the budget at once. Up to 6 decimal places.",
      examples: [500],
    }),
    chain: chainParam("The chain of the budget. Default `base`."),
    token: tokenParam("The token of the budget (budgets are per token). Default `USDC`."),
  },
  { additionalProperties: false, examples: [{ amount_per_day: 500 }] },
);

const BudgetSchema = t.Object(
  {
    object: t.Literal("refund_budget"),
    merchant_id: t.String({ examples: ["mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K"] }),
    chain: ChainField,
    token: TokenField,
    amount_per_day: t.Number({ description: "The budget granted: USD per rolling 24 hours (0: none).", examples: [500] }),
    available: t.Number({ description: "What the operator may refund now (the budget less the refunds of the last 24 to 25 hours).", examples: [500] }),
    until: t.Union([t.String({ format: "date-time" }), t.Null()], { description: "When the budget ends; null when revoked.", examples: ["2027-04-01T12:00:00.000Z"] }),
    tx_hash: t.String({ description: "The owner's transaction that granted or revoked it.", examples: ["0x5e1d3a0c7b9f2e4d6a8c0b1f3e5d7a9c2b4e6f8a0c1d3e5f7a9b2c4d6e8f0a1b"] }),
  },
  {
    additionalProperties: false,
    examples: [
      {
        object: "refund_budget",
        merchant_id: "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
        chain: "base",
        token: "USDC",
        amount_per_day: 500,
        available: 500,
        until: "2027-04-01T12:00:00.000Z",
        tx_hash: "0x5e1d3a0c7b9f2e4d6a8c0b1f3e5d7a9c2b4e6f8a0c1d3e5f7a9b2c4d6e8f0a1b",
      },
    ],
  },
);
named("RefundBudget", BudgetSchema);

const MerchantIdParams = t.Object({ id: t.String({ description: "Merchant id, `mer_*`.", examples: ["mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K"] }) });

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
            "Sends the intent's test token (USDC or USDT) from the sandbox's funded payer wallet to the intent's payment address on the intent's sandbox chain and waits until the transfer is mined. Answers with the intent in its get shape: it is still `awaiting_payment` until the service confirms the payment like any other (usually within a second or two). Any status may be paid, which is how a late payment to an expired intent is tried. Sandbox keys only.",
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
    )
    .post(
      "/v1/test_helpers/refunds/:id/approve",
      async ({ principal, params, request }) => {
        requireSandbox(principal);
        noQuery(request.url);
        const refund = await getVisibleRefund(ctx, principal, params.id);
        await readEmptyBody(request);
        const merchant = await getVisibleMerchant(ctx, principal, refund.merchantId);
        return refundShape(await approveAsOwner(ctx, refund, merchant));
      },
      {
        parse: "none",
        params: RefundIdParams,
        detail: {
          tags: ["Test helpers"],
          summary: "Approve a refund as its merchant's owner (sandbox)",
          description:
            "Stands in for the owner's wallet: signs the refund's EIP-712 authorization (valid one hour) with the owner key the sandbox knows (the demo merchant's, and that of any test merchant onboarded with the sandbox payer as owner) and hands it to the service, which submits it on chain: the refund is `pending` in the answer, then `succeeded` (`refund.updated`, then `refund.succeeded`). Only a refund in `requires_approval` (409 `refund_not_approvable` otherwise, a cancelled one included). No body. Sandbox keys only.",
          responses: objectResponses(RefundSchema, {
            ok: "The refund, `pending`.",
            errors: [
              errorExample("owner_key_unknown", "The sandbox does not hold the owner key of merchant 'mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K'."),
              errorExample("parameter_unknown", "Received unknown parameter: signature", "signature"),
            ],
            notFound: [errorExample("resource_missing", "No such refund: 're_3NxQm2LpR4tVb8NcZ1aWd3Kq'"), errorExample("resource_missing", "Test helpers exist only in the sandbox: use an sk_test_ key.")],
            conflicts: [errorExample("refund_not_approvable", "This refund cannot be approved because its status is 'cancelled'; only a refund in status 'requires_approval' can be.")],
          }),
        },
      },
    )
    .post(
      "/v1/test_helpers/merchants/:id/refund_budget",
      async ({ principal, params, request }) => {
        requireSandbox(principal);
        noQuery(request.url);
        const merchant = await getVisibleMerchant(ctx, principal, params.id);
        const body = requireObject((await readJsonBody(request)) ?? {});
        for (const name of Object.keys(body))
          if (!Object.hasOwn(BudgetBody.properties, name)) throw new ApiError("parameter_unknown", `Received unknown parameter: ${printableName(name)}`, printableName(name));
        const units = parseAmount(body.amount_per_day, "amount_per_day", 0n, 1_000_000_000_000n, 6);
        for (const name of ["chain", "token"] as const)
          if (body[name] !== undefined && typeof body[name] !== "string") throw new ApiError("parameter_invalid", `Invalid ${name}: expected a string.`, name);
        const pair = resolvePair(ctx, principal.mode, body.chain as string | undefined, body.token as string | undefined);
        if (!pair) throw new ApiError("mode_not_configured", "No chain and token are enabled for test keys on this service.");
        const b = await setRefundBudget(ctx, merchant, pair, units);
        return {
          object: "refund_budget" as const,
          merchant_id: merchant.id,
          chain: pair.chain,
          token: pair.token,
          amount_per_day: unitsToUsd(b.amountPer24hUnits),
          available: unitsToUsd(b.availableUnits),
          until: b.until ? isoMs(b.until) : null,
          tx_hash: b.txHash,
        };
      },
      {
        parse: "none",
        params: MerchantIdParams,
        detail: {
          tags: ["Test helpers"],
          summary: "Grant or revoke a refund budget as the merchant's owner (sandbox)",
          description:
            "Stands in for the owner's wallet: sends grantRefundBudget(token, amount_per_day, now + 365 days) to the merchant's version 2 account with the owner key the sandbox knows, or revokeRefundBudget(token) for 0. Refunds the budget covers are then `pending` at once and sent by the service (refundFromBudget); the contract keeps the operator's refunds in that token within the amount in any 24 hours. Answers with the budget as the contract now has it. Sandbox keys only.",
          requestBody: { required: true, content: { "application/json": { schema: openApiSchema(BudgetBody) } } },
          responses: objectResponses(BudgetSchema, {
            ok: "The budget now.",
            errors: [
              errorExample("amount_out_of_range", "amount_per_day must be between 0 and 1000000 USD.", "amount_per_day"),
              errorExample("parameter_missing", "Missing required param: amount_per_day.", "amount_per_day"),
              errorExample("account_version_unsupported", "Merchant 'mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K' has a version 1 account: refund budgets exist only on version 2 accounts."),
              errorExample("owner_key_unknown", "The sandbox does not hold the owner key of merchant 'mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K'."),
            ],
            notFound: [errorExample("resource_missing", "No such merchant: 'mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K'"), errorExample("resource_missing", "Test helpers exist only in the sandbox: use an sk_test_ key.")],
          }),
        },
      },
    );
}
