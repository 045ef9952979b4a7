/**
 * Routes: POST /v1/refunds, GET /v1/refunds/{id}, GET /v1/refunds, POST /v1/refunds/{id}/cancel
 * (Stripe's shape where it fits); and the owner's approval over the API until the dashboard
 * does it: GET /v1/refunds/{id}/authorization (what to sign), POST /v1/refunds/{id}/approve (the
 * signature). One schema per route (model.ts), refined by input.ts.
 */
import { Elysia } from "elysia";
import type { AppContext } from "../../context.ts";
import { authedRoutes } from "../../http/authed.ts";
import { requireRefundPermission } from "../access/authenticator.ts";
import { readEmptyBody } from "../../http/json-body.ts";
import { listBody } from "../../http/list-params.ts";
import { createResponses, errorExample, errorResponse, idempotencyHeaderParameter, listRoute, objectResponses, named } from "../../http/openapi.ts";
import { noQuery } from "../../http/query.ts";
import { jsonBodyOf, refinedQuery } from "../../http/schema-route.ts";
import { parseApproval, refineCreateRefund, refineListRefunds } from "./input.ts";
import { ApproveRefundBody, CreateRefundBody, ListRefundsQuery, RefundAuthorizationSchema, RefundIdParams, RefundListSchema, RefundSchema } from "./model.ts";
import { approveRefund, cancelRefund, createRefund, getVisibleRefund, listRefunds, refundAuthorization } from "./service.ts";
import { refundShape } from "./shapes.ts";

const TAG = ["Refunds"];
const PERMISSION_MISSING = errorResponse(403, [errorExample("permission_missing", "This API key does not have the refund permission: it cannot create, cancel or approve refunds. Use a key created with it (CLI `keys create --refunds`, or the dashboard's Developers page).")]);
/** A refund write's answers plus its 403: the key lacks the refund permission. */
function withPermission<T extends object>(responses: T): T & { 403: typeof PERMISSION_MISSING } {
  return { ...responses, 403: PERMISSION_MISSING };
}
const refundMissing = [errorExample("resource_missing", "No such refund: 're_3NxQm2LpR4tVb8NcZ1aWd3Kq'")];

export function refundRoutes(ctx: AppContext) {
  return new Elysia({ name: "refunds-all" }).use(refundReadRoutes(ctx)).use(refundWriteRoutes(ctx));
}

/** The refund reads: any key that sees the merchant. */
function refundReadRoutes(ctx: AppContext) {
  return authedRoutes(ctx, "refunds")
    .get(
      "/v1/refunds/:id",
      async ({ principal, params, request }) => {
        noQuery(request.url);
        return refundShape(await getVisibleRefund(ctx, principal, params.id));
      },
      {
        params: RefundIdParams,
        detail: {
          tags: TAG,
          summary: "Get a refund",
          description: "The refund now: its status, and once it succeeded the hash of its on-chain transaction.",
          responses: objectResponses(RefundSchema, { ok: "The refund.", errors: [errorExample("parameter_unknown", "Received unknown parameter: expand", "expand")], notFound: refundMissing }),
        },
      },
    )
    .get(
      "/v1/refunds",
      async ({ principal, query, request }) => {
        const page = await listRefunds(ctx, principal, refinedQuery(request.url, ListRefundsQuery, query, refineListRefunds));
        return listBody(page.items.map(refundShape), page);
      },
      listRoute(ListRefundsQuery, RefundListSchema, TAG, "List refunds", {
        description: "Refunds of one intent (`payment_intent`) or of one merchant, newest first (`created_at` descending, then `id` descending). `total_count` counts every match, ignoring the cursor.",
        errors: [
          errorExample("parameter_missing", "Missing required param: merchant_id (or payment_intent; required unless the API key is scoped to a single merchant).", "merchant_id"),
          errorExample("parameter_unknown", "Received unknown parameter: charge", "charge"),
        ],
        notFound: [errorExample("resource_missing", "No such payment_intent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa'", "payment_intent")],
      }),
    )
    .get(
      "/v1/refunds/:id/authorization",
      async ({ principal, params, request }) => {
        noQuery(request.url);
        return refundAuthorization(ctx, await getVisibleRefund(ctx, principal, params.id));
      },
      {
        params: RefundIdParams,
        detail: {
          tags: TAG,
          summary: "Get what the owner signs to approve a refund",
          description:
            "For a refund in `requires_approval`: the EIP-712 message the merchant account's owner signs (`eth_signTypedData_v4` with `typed_data`, from the wallet of `signer`), valid until `deadline` (24 hours). Send the signature to `POST /v1/refunds/{id}/approve`. The signature is the owner's consent, bounded by the contract: it pays this amount of this token to this recipient once, from this account on this chain. Any other status: 409 `refund_not_approvable`.",
          responses: objectResponses(RefundAuthorizationSchema, {
            ok: "What to sign.",
            errors: [errorExample("parameter_unknown", "Received unknown parameter: expand", "expand")],
            notFound: refundMissing,
            conflicts: [errorExample("refund_not_approvable", "This refund cannot be approved because its status is 'pending'; only a refund in status 'requires_approval' can be.")],
          }),
        },
      },
    );
}

/** The refund writes: the key must hold the refund permission (403 before the payment or the refund is read). */
function refundWriteRoutes(ctx: AppContext) {
  return authedRoutes(ctx, "refund-writes")
    .derive({ as: "local" }, ({ principal }) => ({ refunder: requireRefundPermission(principal) }))
    .post(
      "/v1/refunds",
      async ({ refunder, body, request, set }) => {
        noQuery(request.url);
        const input = refineCreateRefund(body, request.headers.get("idempotency-key"));
        const { refund, replayed } = await createRefund(ctx, refunder, input);
        if (replayed) set.headers["idempotent-replayed"] = "true";
        else set.status = 201;
        return refundShape(refund);
      },
      {
        parse: jsonBodyOf(CreateRefundBody),
        body: named("CreateRefundRequest", CreateRefundBody),
        detail: {
          tags: TAG,
          summary: "Create a refund",
          description:
            "Refunds a payment (`payment_intent` of a `confirmed` or `settled` intent, or `transaction`), in whole or in part, from the merchant's account to `recipient_address`, on the payment's chain and in its token. Refundable: the amount received less the payment's other refunds (those not `failed` or `cancelled`); the platform fee is not returned. The merchant's account must hold it: `available` (payments not yet settled, less other refunds) and the token on chain. Covered by the owner's refund budget, the refund is `pending` and sent at once; otherwise it is `requires_approval` until the owner signs it. `refund.created` is sent. Refunds need a version 2 merchant account (`account_version_unsupported` otherwise). Two refunds of one payment at once: each is checked against what the other left. Idempotent with `idempotency_key` or the `Idempotency-Key` header.",
          parameters: [idempotencyHeaderParameter],
          responses: {
            ...createResponses(RefundSchema, {
              created: "The new refund: `pending` (covered by the owner's budget) or `requires_approval`.",
              replayed: "Replay of an earlier create with the same idempotency key: that refund now.",
              errors: [
                errorExample("amount_exceeds_refundable", "amount (15) is more than what is left to refund of this payment (12.5 of 12.5 received; the platform fee is not returned).", "amount"),
                errorExample(
                  "insufficient_account_balance",
                  "amount (12.5) is more than the merchant account holds for refunds in USDC on base (3.2): payments already settled are at the bank, and platform fees, pending settlements and other refunds are spoken for. Nothing was sent; top up the account or wait for more payments.",
                  "amount",
                ),
                errorExample("intent_not_paid", "Payment intent 'pi_3MtwBwLkdIwHu7ix28a3tqPa' cannot be refunded because its status is 'awaiting_payment': only a paid intent (status 'confirmed' or 'settled') can be.", "payment_intent"),
                errorExample("recipient_address_invalid", "Invalid recipient_address: must be an address of 0x and 40 hexadecimal digits.", "recipient_address"),
                errorExample(
                  "account_version_unsupported",
                  "Refunds need a merchant account of version 2, and merchant 'mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K' has a version 1 account (0x5FbDB2315678afecb367f032d93F642f64180aa3), whose contract can only pay the platform fee and the owner's payout address. Nothing was sent. To refund, the owner moves the merchant to account v2 (docs/integrators.md, \"Refunds\"); nothing in the v1 account is lost.",
                ),
                errorExample("parameter_missing", "Missing required param: recipient_address.", "recipient_address"),
                errorExample("amount_out_of_range", "amount must be between 0.000001 and 1000000 USD.", "amount"),
                errorExample("resource_missing", "No such payment_intent: 'pi_unknown00000000000000'", "payment_intent"),
                errorExample("metadata_invalid", "Invalid metadata: at most 10 keys are allowed (got 11).", "metadata"),
                errorExample("parameter_unknown", "Received unknown parameter: charge", "charge"),
              ],
            }),
            403: PERMISSION_MISSING,
            413: errorResponse(413, [errorExample("body_too_large", "Request bodies are limited to 64 KiB.")]),
            415: errorResponse(415, [errorExample("unsupported_content_type", "Request bodies must be JSON, sent with 'Content-Type: application/json'.")]),
          },
        },
      },
    )
    .post(
      "/v1/refunds/:id/cancel",
      async ({ refunder, params, request }) => {
        noQuery(request.url);
        const refund = await getVisibleRefund(ctx, refunder, params.id);
        await readEmptyBody(request);
        return refundShape(await cancelRefund(ctx, refund));
      },
      {
        parse: "none",
        params: RefundIdParams,
        detail: {
          tags: TAG,
          summary: "Cancel a refund",
          description:
            "Cancels a refund in `requires_approval` (nothing was sent); what it held is refundable and available again. No body (an empty JSON object is accepted). `refund.updated` is sent. Any other status is 409 `refund_not_cancellable`, naming the current status: a `pending` refund is being paid.",
          responses: withPermission(objectResponses(RefundSchema, {
            ok: "The cancelled refund.",
            errors: [errorExample("parameter_unknown", "Received unknown parameter: reason", "reason")],
            notFound: refundMissing,
            conflicts: [errorExample("refund_not_cancellable", "This refund cannot be cancelled because its status is 'pending'; only a refund in status 'requires_approval' (nothing sent yet) can be cancelled.")],
          })),
        },
      },
    )
    .post(
      "/v1/refunds/:id/approve",
      async ({ refunder, params, body, request }) => {
        noQuery(request.url);
        const refund = await getVisibleRefund(ctx, refunder, params.id);
        const approval = parseApproval(body.signature, body.deadline, ctx.clock.now().getTime());
        return refundShape(await approveRefund(ctx, refund, approval.signature, approval.deadline));
      },
      {
        parse: jsonBodyOf(ApproveRefundBody),
        body: named("ApproveRefundRequest", ApproveRefundBody),
        params: RefundIdParams,
        detail: {
          tags: TAG,
          summary: "Approve a refund with the owner's signature",
          description:
            "Hands the owner's signature of the refund's authorization (`GET /v1/refunds/{id}/authorization`) to the service: checked against the merchant's owner, stored, and the refund becomes `pending` (`refund.updated`); the service submits it on chain (anyone may; the operator pays the gas) and it becomes `succeeded` or `failed`. Only a refund in `requires_approval` (409 `refund_not_approvable` otherwise, a cancelled one included).",
          responses: withPermission(objectResponses(RefundSchema, {
            ok: "The refund, `pending`.",
            errors: [
              errorExample("parameter_invalid", "Invalid signature: it is not the merchant owner's signature of this refund.", "signature"),
              errorExample("parameter_invalid", "Invalid deadline: it has passed; get a new authorization and sign it.", "deadline"),
              errorExample("parameter_invalid", "Invalid deadline: at most 7 days ahead (604800 seconds). A signed refund that fails keeps its amount held until its deadline, so the deadline is bounded; sign the authorization GET /v1/refunds/{id}/authorization offers.", "deadline"),
              errorExample("parameter_invalid", "Invalid signature: its last byte (v) must be 27 or 28 (or 0 or 1).", "signature"),
              errorExample("parameter_missing", "Missing required param: signature.", "signature"),
            ],
            notFound: refundMissing,
            conflicts: [errorExample("refund_not_approvable", "This refund cannot be approved because its status is 'cancelled'; only a refund in status 'requires_approval' can be.")],
          })),
        },
      },
    );
}
