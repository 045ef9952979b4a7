/**
 * Routes of payment by signature, public like the QR image (the payment intent id is the
 * capability; docs/contributors.md "Authentication and scope"):
 *   GET  /v1/payment-intents/{id}/authorization?payer=0x…   the typed data to sign
 *   POST /v1/payment-intents/{id}/authorization             a signed authorization, relayed
 * Rate-limited per intent and per client address: a flood of valid-looking signatures from empty
 * wallets costs the service reads only, and few of them.
 */
import { Elysia, t } from "elysia";
import type { AppContext } from "../../context.ts";
import { ApiError } from "../../domain/errors.ts";
import { clientAddress } from "../../http/client-address.ts";
import { readJsonBody } from "../../http/json-body.ts";
import { errorExample, errorResponse, jsonResponse } from "../../http/openapi.ts";
import { RateLimiter } from "../../http/rate-limit.ts";
import { AuthorizationSubmissionSchema, SubmitAuthorizationBody, TransferAuthorizationSchema } from "./model.ts";
import { authorizationFor, loadIntent, submitAuthorization, tokenDomainsFor } from "./service.ts";

const TAG = ["Payment by signature"];
/** Submissions per second per intent (a burst of twice that). */
const PER_INTENT = { test: 5, live: 5 } as const;
/** Requests per second per client address, both routes together (a burst of twice that). */
const PER_CLIENT = { test: 20, live: 20 } as const;

const idParams = t.Object({ id: t.String({ description: "The payment intent id.", examples: ["pi_3MtwBwLkdIwHu7ix28a3tqPa"] }) });
const missing = [errorExample("resource_missing", "No such payment_intent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa'")];
const notPayable = errorExample("intent_not_payable", "This payment intent can no longer be paid (status: confirmed).");
const unsupported = errorExample("authorization_unsupported", "USDT on this chain does not take transfer authorizations (EIP-3009): pay with a transfer to the payment address instead.");
const tooMany = errorResponse(429, [errorExample("rate_limited", "Too many authorization requests; retry in 1 s.")]);
const retryAfter = { "Retry-After": { schema: { type: "string" as const }, description: "Seconds to wait before retrying." } };

export function authorizationRoutes(ctx: AppContext) {
  const domains = tokenDomainsFor(ctx);
  const perIntent = new RateLimiter(PER_INTENT);
  const perClient = new RateLimiter(PER_CLIENT);
  const limit = (limiter: RateLimiter, key: string, mode: "test" | "live") => {
    const d = limiter.take(key, mode);
    if (!d.allowed) throw new ApiError("rate_limited", `Too many authorization requests; retry in ${d.headers["retry-after"]} s.`, undefined, 429, { "retry-after": d.headers["retry-after"]! });
  };
  // The domains of the tokens are read at start (a failure is read again on first use).
  for (const chain of ctx.networks) for (const token of Object.values(chain.tokens)) if (token) domains.get(chain.publicClient, chain.chainId, token).catch(() => undefined);

  return new Elysia({ name: "authorizations" })
    .get(
      "/v1/payment-intents/:id/authorization",
      async ({ params, request }) => {
        const intent = await loadIntent(ctx, params.id);
        limit(perClient, clientAddress(request), intent.mode);
        return authorizationFor(ctx, domains, intent, new URL(request.url).searchParams.get("payer") ?? undefined);
      },
      {
        params: idParams,
        detail: {
          tags: TAG,
          summary: "Typed data to pay a payment intent by signature",
          description:
            "The EIP-3009 `TransferWithAuthorization` the payer signs with `eth_signTypedData_v4` to pay this intent without holding ETH for gas: from the payer, to the intent's `payment_address`, the intent's exact `amount` in base units (no tag), valid until the intent's `expires_at`, and a nonce derived from the intent and the payer (one intent is never paid twice by one payer's signatures). The domain is read from the token itself. Then POST the signature to the same path. Public, like the QR image: the intent id is the capability. Intents whose token does not take authorizations (USDT) answer 400 `authorization_unsupported`: pay those with a transfer.",
          security: [],
          parameters: [{ name: "payer", in: "query", required: true, description: "The address that signs and pays.", schema: { type: "string", pattern: "^0x[0-9a-fA-F]{40}$" } }],
          responses: {
            200: jsonResponse(TransferAuthorizationSchema, "The typed data, ready for `eth_signTypedData_v4`."),
            400: errorResponse(400, [errorExample("parameter_missing", "Missing required param: payer.", "payer"), unsupported]),
            404: errorResponse(404, missing),
            409: errorResponse(409, [notPayable]),
            429: { ...tooMany, headers: retryAfter },
          },
        },
      },
    )
    .post(
      "/v1/payment-intents/:id/authorization",
      async ({ params, request }) => {
        const intent = await loadIntent(ctx, params.id);
        limit(perClient, clientAddress(request), intent.mode);
        limit(perIntent, intent.id, intent.mode);
        const body = await readJsonBody(request);
        return submitAuthorization(ctx, domains, intent, body ?? {});
      },
      {
        params: idParams,
        parse: [async () => ({}), "json" as const],
        detail: {
          tags: TAG,
          summary: "Pay a payment intent by signature",
          description:
            "Submits the payer's signature of the typed data from GET. Everything is verified before any transaction is sent: the intent is open, the nonce is the intent's for this payer, `valid_before` is no later than the intent's expiry and not past, the signature is the payer's (an account, or a contract wallet through ERC-1271) over exactly this intent's amount, recipient, token and chain, the nonce is unused on chain, the payer holds the amount besides its other relays on their way, the call simulates within the operator's gas cap, the gas price is under the ceiling, and the operator's relay budgets (per payer in flight, per merchant and in all per hour) allow it. Then the service sends `transferWithAuthorization` and pays its gas. The answer says what became of it within a few seconds: `mined`, `submitted` (not mined yet: never a failure; the intent confirms from the chain), `superseded` (someone else sent the same authorization first: the intent confirms from theirs), `cancelled` (the payer cancelled it on chain first: nothing was paid) or `reverted`. Submitting the same authorization again (at once or later) sends nothing new: the answer names the same transaction. The answer comes within the request's deadline: a 503 that says `Nothing was sent` is certain; `relay_pending` means the relay may be out (wait, do not pay again).",
          security: [],
          requestBody: {
            required: true,
            content: { "application/json": { schema: JSON.parse(JSON.stringify(SubmitAuthorizationBody)) } },
          },
          responses: {
            200: jsonResponse(AuthorizationSubmissionSchema, "The relay's transaction and what became of it."),
            400: errorResponse(400, [
              errorExample("signature_invalid", "The signature is not the payer's over this payment intent's authorization (amount, recipient, token and chain as in GET /v1/payment-intents/{id}/authorization).", "signature"),
              errorExample("authorization_expired", "The signed authorization has expired (valid_before has passed): sign again.", "valid_before"),
              errorExample("authorization_invalid", "valid_before is later than the payment intent's expiry.", "valid_before"),
              errorExample("insufficient_funds", "The payer holds less USDC than the amount of this payment intent.", "payer"),
              errorExample("authorization_rejected", "The token refuses this authorization: FiatTokenV2: invalid signature"),
              errorExample("relay_gas_above_cap", "Sending this payment for you would take 1765415 gas, more than this service pays for one payment (200000): this wallet's signature check is too costly. Nothing was sent: pay with a transfer.", "payer"),
              errorExample("parameter_missing", "Missing required param: signature.", "signature"),
              unsupported,
            ]),
            404: errorResponse(404, missing),
            409: errorResponse(409, [notPayable, errorExample("authorization_used", "This authorization was already used (or cancelled) on chain. If it paid, the payment intent confirms from the chain by itself.")]),
            429: {
              ...errorResponse(429, [
                errorExample("rate_limited", "Too many authorization requests; retry in 1 s."),
                errorExample("payer_relays_in_flight", "This wallet already has 2 payments by signature on their way. Wait until they are confirmed, or pay with a transfer.", "payer"),
              ]),
              headers: retryAfter,
            },
            503: {
              ...errorResponse(503, [
                errorExample("gas_price_above_ceiling", "The network's gas price is above what this service pays for a relay right now. Retry later, or pay with a transfer."),
                errorExample("relay_budget_exhausted", "Payment by signature is paused for now (the operator's hourly gas budget is spent). Pay with a transfer."),
                errorExample("service_unavailable", "The payment could not be sent for you in time. Nothing was sent: retry in a few seconds, or pay with a transfer."),
                errorExample("relay_pending", "Your payment is being sent for you. Wait: this page (or GET /v1/payment-intents/{id}) shows it confirmed shortly. Do not pay again. Submitting the same signature again answers its transaction."),
              ]),
              headers: retryAfter,
            },
          },
        },
      },
    );
}
