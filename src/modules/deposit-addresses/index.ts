/**
 * Routes: POST/GET /v1/deposit_addresses, GET /v1/deposit_addresses/{id}. No delete: an address
 * handed to a customer (and maybe saved in an exchange's address book) takes payments for good, and
 * what it took stays explained. An address of a merchant the key may not see is 404.
 */
import type { AppContext } from "../../context.ts";
import { authedRoutes } from "../../http/authed.ts";
import { noQuery } from "../../http/query.ts";
import { listBody, parseCursorParam, parseLimitParam } from "../../http/list-params.ts";
import { errorExample, errorResponse, jsonResponse, listResponses, objectResponses, named, unauthorizedResponse } from "../../http/openapi.ts";
import { jsonBodyOf, queryText } from "../../http/schema-route.ts";
import { CreateDepositAddressBody, DepositAddressIdParams, DepositAddressListSchema, DepositAddressSchema, ListDepositAddressesQuery } from "./model.ts";
import { refineCreateDepositAddress } from "./input.ts";
import { createDepositAddress, listDepositAddresses, visibleDepositAddress } from "./service.ts";
import { depositAddressShape } from "./shapes.ts";

const TAG = ["Deposit addresses"];
const missing = [errorExample("resource_missing", "No such deposit_address: 'dep_3Kq8ZpX2LbQ7cVm1NwKd9YaB'")];

export function depositAddressRoutes(ctx: AppContext) {
  return authedRoutes(ctx, "deposit-addresses")
    .post(
      "/v1/deposit_addresses",
      async ({ principal, body, request, set }) => {
        noQuery(request.url);
        const r = await createDepositAddress(ctx, principal, refineCreateDepositAddress(body));
        set.status = r.kind === "created" ? 201 : 200;
        return depositAddressShape(r.row);
      },
      {
        parse: jsonBodyOf(CreateDepositAddressBody),
        body: named("CreateDepositAddressRequest", CreateDepositAddressBody),
        detail: {
          tags: TAG,
          summary: "Create a customer's deposit address",
          description:
            "A reusable address for one of the merchant's customers, for payers who send again and again (an exchange's address book, a B2B payer's treasury): the same address on every chain, known at once (nothing is deployed until its first sweep). Every transfer to it is a payment of its own: a transaction with `deposit_address_id` (and no `payment_intent_id`), announced by `transaction.created`, whatever the amount; there is no amount to match and no expiry. Its money is swept into the merchant's account like an intent's deposit address (once what waits there reaches 1 USD), and its fee is collected then. A refund of such a payment always waits for the owner's approval (the sender is often an exchange's shared wallet). Idempotent by `customer_reference`: naming a reference the merchant already has an address for answers that address (200) as it is, `metadata` unchanged.",
          responses: {
            201: jsonResponse(DepositAddressSchema, "The new address."),
            200: jsonResponse(DepositAddressSchema, "The address this customer reference already has (unchanged)."),
            400: errorResponse(400, [
              errorExample("parameter_missing", "Missing required param: customer_reference.", "customer_reference"),
              errorExample("parameter_invalid", "Invalid customer_reference: 1 to 200 characters, no control characters.", "customer_reference"),
              errorExample("parameter_unknown", "Received unknown parameter: amount", "amount"),
              errorExample("resource_missing", "No such merchant: 'mer_unknown000000000000000'", "merchant_id"),
              errorExample("merchant_not_active", "Merchant 'mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K' cannot take payments (status: suspended).", "merchant_id"),
            ]),
            401: unauthorizedResponse,
          },
        },
      },
    )
    .get(
      "/v1/deposit_addresses",
      async ({ principal, request }) => {
        const opt = queryText(request.url, ListDepositAddressesQuery);
        const page = await listDepositAddresses(ctx, principal, {
          merchantId: opt("merchant_id"),
          customerReference: opt("customer_reference"),
          limit: parseLimitParam(opt("limit")),
          startingAfter: parseCursorParam(opt("starting_after"), "depositAddress"),
        });
        return listBody(page.rows.map(depositAddressShape), page);
      },
      {
        query: ListDepositAddressesQuery,
        detail: {
          tags: TAG,
          summary: "List customers' deposit addresses",
          description:
            "Customers' deposit addresses newest first, with what each received as of now; `customer_reference` finds one customer's. Paged like every list: `limit`, and `starting_after` (the last id of the previous page) while `has_more` is true. A customer's payments: `GET /v1/transactions?deposit_address_id=`.",
          responses: listResponses(DepositAddressListSchema, {
            page: "A page of deposit addresses.",
            errors: [errorExample("parameter_unknown", "Received unknown parameter: address", "address"), errorExample("parameter_missing", "Missing required param: merchant_id (a customer_reference is the merchant's own: name the merchant, or use a key scoped to it).", "merchant_id")],
            notFound: [errorExample("resource_missing", "No such merchant: 'mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K'")],
          }),
        },
      },
    )
    .get(
      "/v1/deposit_addresses/:id",
      async ({ principal, params, request }) => {
        noQuery(request.url);
        return depositAddressShape(await visibleDepositAddress(ctx, principal, params.id));
      },
      { params: DepositAddressIdParams, detail: { tags: TAG, summary: "Get a customer's deposit address", description: "The address, with what it received as of now.", responses: objectResponses(DepositAddressSchema, { ok: "The deposit address.", notFound: missing }) } },
    );
}
