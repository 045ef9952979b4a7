/** Routes: GET /v1/merchants/{id}, GET /v1/merchants/{id}/balance, GET /v1/merchants/{id}/balances (one per enabled pair). */
import { t } from "elysia";
import type { AppContext } from "../../context.ts";
import { authedRoutes } from "../../http/authed.ts";
import { errorExample, named, objectResponses } from "../../http/openapi.ts";
import { listBody, listSchema } from "../../http/list-params.ts";
import { noQuery } from "../../http/query.ts";
import { queryText } from "../../http/schema-route.ts";
import { chainParam, tokenParam } from "../../http/pair-params.ts";
import { pairsOf, resolvePair } from "../../chain/pairs.ts";
import { MerchantSchema } from "./model.ts";
import { merchantShape } from "./shapes.ts";
import { getVisibleMerchant } from "./service.ts";
import { BalanceSchema, balanceShape, computeMerchantBalance, PairBalanceSchema, pairBalanceShape } from "./balance.ts";

const EX_BALANCE = {
  object: "balance",
  merchant_id: "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K",
  available: 1234.56,
  pending_settlement: 0,
  currency: "usd",
  payment_address: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  chain: "base",
  last_updated: "2026-04-01T12:00:00.000Z",
};

/** `?chain=&token=` of GET balance: validated and documented by this one schema, checked against the enabled pairs by chain/pairs.ts. */
export const BalanceQuery = t.Object(
  {
    chain: chainParam("The chain of the balance. Default `base`."),
    token: tokenParam("The token of the balance on that chain. Default `USDC`."),
  },
  { additionalProperties: false },
);

const BalanceList = listSchema(PairBalanceSchema, { ...EX_BALANCE, token: "USDC" }, {
  order: "One item per enabled pair of the key's mode, in the order the configuration lists them.",
  totalCount: t.Integer({ description: "The number of enabled pairs.", examples: [1] }),
});
named("Balance", BalanceSchema);
named("PairBalance", PairBalanceSchema);
named("BalanceList", BalanceList);

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
      async ({ principal, params, request }) => {
        const merchant = await getVisibleMerchant(ctx, principal, params.id);
        const q = queryText(request.url, BalanceQuery);
        return balanceShape(await computeMerchantBalance(ctx, merchant, resolvePair(ctx, principal.mode, q("chain"), q("token"))));
      },
      {
        params: t.Object({ id: t.String({ description: "Merchant id, `mer_*`." }) }),
        query: BalanceQuery,
        detail: {
          responses: objectResponses(BalanceSchema, {
            ok: "The merchant's balance in the pair asked for (`base`/`USDC` when none is named).",
            errors: [
              errorExample("parameter_invalid", "Invalid chain: 'arbitrum' is not enabled; the allowed pairs (chain/token) for test keys are base/USDC.", "chain"),
              errorExample("parameter_unknown", "Received unknown parameter: currency", "currency"),
            ],
            notFound: merchantMissing,
          }),
          tags: ["Merchants"],
          summary: "Get a merchant balance",
          description:
            "The balance of one (chain, token) pair: `base`/`USDC` when called without parameters; `?chain=…&token=…` (either defaults as on create) answers the same shape for that pair, and a pair not enabled for the key's mode is 400 `parameter_invalid` naming the allowed pairs. Every pair at once: `GET /v1/merchants/{id}/balances`. `available`: the net of the confirmed payments in that token held in the merchant's account contract and in no settlement (checked against the chain at the newest block whose payments are all recorded). `pending_settlement`: withdrawn and on its way to the bank. Amounts are USD.",
        },
      },
    )
    .get(
      "/v1/merchants/:id/balances",
      async ({ principal, params, request }) => {
        const merchant = await getVisibleMerchant(ctx, principal, params.id);
        noQuery(request.url);
        const items = [];
        for (const pair of pairsOf(ctx, principal.mode)) items.push(pairBalanceShape(await computeMerchantBalance(ctx, merchant, pair)));
        return listBody(items, { hasMore: false, totalCount: items.length });
      },
      {
        params: t.Object({ id: t.String({ description: "Merchant id, `mer_*`." }) }),
        detail: {
          responses: objectResponses(BalanceList, {
            ok: "One balance per enabled (chain, token) pair of the key's mode; each item is the balance object plus `token`.",
            errors: [errorExample("parameter_unknown", "Received unknown parameter: chain", "chain")],
            notFound: merchantMissing,
          }),
          tags: ["Merchants"],
          summary: "List a merchant's balances, one per pair",
          description:
            "How an integrator reads every pair: a list (`{object: \"list\", data: [...]}`, never paginated) of the merchant's balance in each (chain, token) pair enabled for the key's mode, each exactly the balance of `GET /v1/merchants/{id}/balance?chain=…&token=…` plus its `token`: the pairs the operator enables (USDC and USDT on `base` and further chains).",
        },
      },
    );
}
