/**
 * Routes: GET /v1/settlements, GET /v1/settlements/{id}, POST /v1/settlements (manual cash-out).
 * Request schemas validate and document (one per route).
 *
 * Cash-out: the merchant's available balance now, as one settlement (createSettlement takes every
 * available transaction; `amount`, if sent, must be that balance: a guard against cashing out a
 * figure the caller did not see). Answers 201 with the settlement in `pending`; the settler role
 * withdraws it and starts the ACH transfer. Idempotent with Idempotency-Key; two concurrent
 * cash-outs of one balance settle it once (the other is 400 nothing_to_settle).
 */
import { t } from "elysia";
import type { AppContext } from "../../context.ts";
import { authedRoutes } from "../../http/authed.ts";
import { noQuery } from "../../http/query.ts";
import type { Principal } from "../access/authenticator.ts";
import { ApiError, notFound, badCursor } from "../../domain/errors.ts";
import { listBody, parseAfterParam, parseBeforeParam, parseCursorParam, parseLimitParam, parseStatusParam, listSchema, LimitQuery, createdRangeQuery, startingAfterQuery } from "../../http/list-params.ts";
import { errorExample, idempotencyHeaderParameter, createResponses, listRoute, named, objectResponses } from "../../http/openapi.ts";
import { printableName } from "../../domain/text.ts";
import { idempotencyKey, jsonBodyOf, reused, queryText } from "../../http/schema-route.ts";
import { isIdOf } from "../../domain/ids.ts";
import { usdToUnits } from "../../domain/money.ts";
import { idempotentCreate, requestHash } from "../idempotency/store.ts";
import { getVisibleMerchant } from "../merchants/service.ts";
import { createSettlement } from "./service.ts";
import { findVisibleSettlement, listMerchantSettlements, loadSettlements, manualCashOut } from "./api-service.ts";
import { SettlementSchema } from "./model.ts";
import { settlementShapeOf, settlementShapes } from "./service.ts";

const TAG = ["Settlements"];
const EX_MERCHANT = "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K";
const STATUSES = ["pending", "in_transit", "completed", "failed"] as const;

const EX_SETTLEMENT = {
  id: "stl_4fQm2Lx9RtVb8NcZ1aWd3KpH",
  object: "settlement",
  merchant_id: EX_MERCHANT,
  amount: 1234.56,
  currency: "usd",
  status: "pending",
  method: "ach",
  transaction_count: 12,
  bank_account: { bank_name: "Chase", last_4: "6789" },
  initiated_at: "2026-04-01T12:00:00.000Z",
  expected_arrival_date: null,
  completed_at: null,
  // One run across pairs: its USDC withdrawn, its USDT still on its way (the bank transfer waits for both).
  withdrawals: [
    { chain: "base", token: "USDC", amount: 1000.5, status: "withdrawn", tx_hash: "0x8d1e0f6a4c2b7e9d3f5a1c8b6e4d2f0a9c7b5e3d1f8a6c4b2e0d9f7a5c3b1e8d", withdrawn_at: "2026-04-01T12:00:03.000Z" },
    { chain: "base", token: "USDT", amount: 234.06, status: "pending", tx_hash: null, withdrawn_at: null },
  ],
};
const DocSettlement = named("Settlement", t.Object(SettlementSchema.properties, { additionalProperties: false, examples: [EX_SETTLEMENT] }));
const SettlementList = listSchema(DocSettlement, EX_SETTLEMENT, { order: "Newest first: `initiated_at` descending, then `id` descending.", totalCount: t.Integer() });

export const SettlementListQuery = t.Object(
  {
    merchant_id: t.Optional(t.String({ description: "The merchant. Required unless the key is scoped to a single merchant.", examples: [EX_MERCHANT] })),
    status: t.Optional(t.Union(STATUSES.map((s) => t.Literal(s)), { description: "Only settlements in this status." })),
    ...createdRangeQuery("settlements (initiated)"),
    limit: LimitQuery,
    starting_after: startingAfterQuery("stl_4fQm2Lx9RtVb8NcZ1aWd3KpH"),
  },
  { additionalProperties: false },
);

export const CashOutBody = t.Object(
  {
    merchant_id: t.Optional(t.String({ description: "The merchant. Required unless the key is scoped to a single merchant.", examples: [EX_MERCHANT] })),
    amount: t.Optional(
      t.Number({
        exclusiveMinimum: 0,
        description: "USD. Default: the whole available balance. If sent, it must equal the available balance (a settlement takes every available transaction; partial cash-outs are not offered).",
        examples: [1234.56],
      }),
    ),
  },
  { additionalProperties: false, examples: [{ merchant_id: EX_MERCHANT }] },
);

const SettlementIdParams = t.Object({ id: t.String({ description: "Settlement id, `stl_*`.", examples: [EX_SETTLEMENT.id] }) });

/** docs/contributors.md "Lists": scoped keys may omit merchant_id; unscoped keys must name one they may see. */
async function merchantOf(ctx: AppContext, p: Principal, given: string | undefined, notFoundStatus: 400 | 404) {
  const id = given ?? p.scopeMerchantId;
  if (id === null) throw new ApiError("parameter_missing", "Missing required param: merchant_id (this API key is not scoped to a single merchant).", "merchant_id");
  try {
    return await getVisibleMerchant(ctx, p, id);
  } catch {
    throw new ApiError("resource_missing", `No such merchant: '${printableName(id)}'`, "merchant_id", notFoundStatus);
  }
}

export function settlementApiRoutes(ctx: AppContext) {
  return authedRoutes(ctx, "settlements-api")
    .get(
      "/v1/settlements",
      async ({ principal, request }) => {
        const opt = queryText(request.url, SettlementListQuery);
        const m = await merchantOf(ctx, principal, opt("merchant_id"), 404);
        const page = await listMerchantSettlements(ctx, {
          merchantId: m.id,
          status: parseStatusParam(opt("status"), STATUSES),
          afterMs: parseAfterParam(opt("created_after"), "created_after"),
          beforeMs: parseBeforeParam(opt("created_before"), "created_before"),
          limit: parseLimitParam(opt("limit")),
          startingAfter: parseCursorParam(opt("starting_after"), "settlement"),
        });
        if (page === "bad_cursor") throw badCursor();
        return listBody(await settlementShapes(ctx, await loadSettlements(ctx, page.ids)), page);
      },
      listRoute(SettlementListQuery, SettlementList, TAG, "List settlements", {
        description: "Settlements of one merchant, newest first. Their transactions: `GET /v1/transactions?settlement=stl_…`.",
        errors: [
          errorExample("parameter_missing", "Missing required param: merchant_id (this API key is not scoped to a single merchant).", "merchant_id"),
          errorExample("parameter_invalid", "Invalid status: must be one of pending, in_transit, completed, failed.", "status"),
          errorExample("parameter_unknown", "Received unknown parameter: page", "page"),
        ],
        notFound: [errorExample("resource_missing", "No such merchant: 'mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K'", "merchant_id")],
      }),
    )
    .get(
      "/v1/settlements/:id",
      async ({ principal, params, request }) => {
        noQuery(request.url);
        const s = isIdOf("settlement", params.id) ? await findVisibleSettlement(ctx, principal, params.id) : undefined;
        if (!s) throw notFound("settlement", printableName(params.id));
        return settlementShapeOf(ctx, s);
      },
      {
        params: SettlementIdParams,
        detail: {
          tags: TAG,
          summary: "Get a settlement",
          description: "The settlement object: its status, amount, bank account and dates.",
          responses: objectResponses(DocSettlement, { ok: "The settlement.", notFound: [errorExample("resource_missing", "No such settlement: 'stl_4fQm2Lx9RtVb8NcZ1aWd3KpH'")] }),
        },
      },
    )
    .post(
      "/v1/settlements",
      async ({ principal, body, request, set }) => {
        noQuery(request.url);
        const key = idempotencyKey(request);
        const m = await merchantOf(ctx, principal, body.merchant_id, 400);
        let amountUnits: bigint | undefined;
        if (body.amount !== undefined) {
          amountUnits = usdToUnits(body.amount, 6);
          if (amountUnits === undefined || amountUnits <= 0n) throw new ApiError("parameter_invalid", "Invalid amount: a positive USD amount with at most 6 decimal places.", "amount");
        }
        const hash = requestHash("POST /v1/settlements", { merchant_id: m.id, amount: amountUnits?.toString() ?? null });
        const r = await idempotentCreate(ctx.database.sql, { accountId: principal.accountId, mode: principal.mode, key, hash, now: ctx.clock.now() }, async () => {
          return manualCashOut(ctx, m, amountUnits);
        });
        if (r.kind === "reused") throw reused(key);
        if (r.kind === "replayed") {
          const s = await findVisibleSettlement(ctx, principal, r.resourceId);
          if (!s) throw notFound("settlement", r.resourceId);
          set.headers["idempotent-replayed"] = "true";
          return settlementShapeOf(ctx, s);
        }
        set.status = 201;
        return settlementShapeOf(ctx, r.value);
      },
      {
        parse: jsonBodyOf(CashOutBody),
        body: named("CreateSettlementRequest", CashOutBody),
        detail: {
          tags: TAG,
          summary: "Cash out (manual settlement)",
          description:
            "Settles the merchant's available balance now, whatever its schedule: one settlement of every available transaction, paid by ACH to its bank account. Answers 201 with the settlement (`pending`); it moves to `in_transit` once withdrawn and the transfer started, then `completed` (`settlement.completed`). Idempotent with `Idempotency-Key`. Two cash-outs at once settle the balance once: the other is 400 `nothing_to_settle`.",
          parameters: [idempotencyHeaderParameter],
          responses: createResponses(DocSettlement, {
            created: "The new settlement.",
            replayed: "Replay of an earlier cash-out with the same idempotency key: that settlement now.",
            errors: [
              errorExample("nothing_to_settle", "Merchant 'mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K' has no available balance to settle."),
              errorExample("amount_above_available", "amount (500) is above the available balance (120.5).", "amount"),
              errorExample("payout_provider_missing", "No payout provider is configured for live mode: settlements cannot be paid out. Ask the operator to configure one."),
              errorExample("merchant_not_settleable", "Merchant 'mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K' cannot be settled now: it has no verified bank account.", "merchant_id"),
              errorExample("parameter_missing", "Missing required param: merchant_id (this API key is not scoped to a single merchant).", "merchant_id"),
              errorExample("resource_missing", "No such merchant: 'mer_123'", "merchant_id"),
              errorExample("parameter_unknown", "Received unknown parameter: currency", "currency"),
            ],
          }),
        },
      },
    );
}

