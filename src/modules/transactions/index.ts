/** Routes: GET /v1/transactions/{id}, GET /v1/transactions. */
import type { AppContext } from "../../context.ts";
import { authedRoutes } from "../../http/authed.ts";
import { listBody } from "../../http/list-params.ts";
import { errorExample, listRoute, objectResponses } from "../../http/openapi.ts";
import { noQuery } from "../../http/query.ts";
import { refinedQuery } from "../../http/schema-route.ts";
import { refineListTransactions, TransactionIdParams, TransactionListQuery, TransactionListSchema, TransactionSchema } from "./model.ts";
import { getVisibleTransaction, listTransactions } from "./service.ts";
import { transactionGetShape, transactionListItemShape } from "./shapes.ts";

export function transactionRoutes(ctx: AppContext) {
  return authedRoutes(ctx, "transactions")
    .get(
      "/v1/transactions/:id",
      async ({ principal, params, request }) => {
        noQuery(request.url);
        return transactionGetShape(await getVisibleTransaction(ctx, principal, params.id));
      },
      {
        params: TransactionIdParams,
        detail: {
          tags: ["Transactions"],
          summary: "Get a transaction",
          description: "The full record of a confirmed on-chain payment: on-chain data, fee breakdown and settlement status.",
          responses: objectResponses(TransactionSchema, {
            ok: "The transaction.",
            errors: [errorExample("parameter_unknown", "Received unknown parameter: expand", "expand")],
            notFound: [errorExample("resource_missing", "No such transaction: 'txn_4fQm8ZpX2LbR7cVt1NwKd9Ya'")],
          }),
        },
      },
    )
    .get(
      "/v1/transactions",
      async ({ principal, query, request }) => {
        const page = await listTransactions(ctx, principal, refinedQuery(request.url, TransactionListQuery, query, refineListTransactions));
        return listBody(page.rows.map(transactionListItemShape), page);
      },
      listRoute(TransactionListQuery, TransactionListSchema, ["Transactions"], "List transactions", {
        description: "Transactions of a merchant, newest first (`confirmed_at` descending, then `id` descending), including payments that matched no intent (`payment_intent_id: null`). Unknown query parameters are refused with 400 `parameter_unknown`.",
        errors: [
          errorExample("parameter_missing", "Missing required param: merchant_id (this API key is not scoped to a single merchant).", "merchant_id"),
          errorExample("parameter_invalid", "Invalid date_from: must be an ISO 8601 timestamp such as 2026-04-01T12:00:00.000Z (or a date, 2026-04-01).", "date_from"),
          errorExample("parameter_unknown", "Received unknown parameter: page", "page"),
        ],
        notFound: [errorExample("resource_missing", "No such merchant: 'mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K'", "merchant_id")],
      }),
    );
}
