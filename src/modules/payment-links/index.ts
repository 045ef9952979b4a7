/**
 * Routes: POST/GET /v1/payment_links, GET/POST /v1/payment_links/{id}. No delete: a link is turned
 * off with `active: false`, so what it took stays explained. Each request schema (model.ts) both
 * validates and documents; refine steps in input.ts. A link of a merchant the key may not see is 404.
 */
import type { AppContext } from "../../context.ts";
import { authedRoutes } from "../../http/authed.ts";
import { noQuery } from "../../http/query.ts";
import { listBody, parseCursorParam, parseLimitParam } from "../../http/list-params.ts";
import { createResponses, errorExample, idempotencyHeaderParameter, listResponses, objectResponses, named } from "../../http/openapi.ts";
import { idempotencyKey, jsonBodyOf, queryText, reused } from "../../http/schema-route.ts";
import { refineCreateLink, refineUpdateLink } from "./input.ts";
import { CreateLinkBody, LinkIdParams, LinkListSchema, LinkSchema, ListLinksQuery, UpdateLinkBody } from "./model.ts";
import { createLink, listLinks, updateLink, visibleLink } from "./service.ts";
import { linkShape } from "./shapes.ts";

const TAG = ["Payment links"];
const missing = [errorExample("resource_missing", "No such payment_link: 'plink_4Rt8ZpX2LbQ7cVm1NwKd9YaB'")];

export function paymentLinkRoutes(ctx: AppContext) {
  const shape = (l: Parameters<typeof linkShape>[0]) => linkShape(l, ctx.config.publicBaseUrl);
  return authedRoutes(ctx, "payment-links")
    .post(
      "/v1/payment_links",
      async ({ principal, body, request, set }) => {
        noQuery(request.url);
        const key = idempotencyKey(request);
        const r = await createLink(ctx, principal, refineCreateLink(body, ctx.clock.now()), key);
        if (r.kind === "reused") throw reused(key);
        if (r.kind === "replayed") {
          set.headers["idempotent-replayed"] = "true";
          return shape(r.link);
        }
        set.status = 201;
        return shape(r.link);
      },
      {
        parse: jsonBodyOf(CreateLinkBody),
        body: named("CreatePaymentLinkRequest", CreateLinkBody),
        detail: {
          tags: TAG,
          summary: "Create a payment link",
          description:
            "A public `url` that takes payments for the merchant without code: each visit mints one payment intent (metadata `payment_link`) and sends the customer to its hosted page; the same browser coming back while that intent is open gets it again. A fixed `amount`, or `amount_options` for an amount the customer types within bounds. `max_uses` caps the confirmed intents: a use is held from the visit until its intent expires or is confirmed, so the customer who cannot have the last use is told before paying; when the last use is confirmed, `payment_link.used_up` is sent. An intent of a link counts against the per-amount ceiling of open intents like any other. Idempotent with the `Idempotency-Key` header.",
          parameters: [idempotencyHeaderParameter],
          responses: createResponses(LinkSchema, {
            created: "The new link.",
            replayed: "Replay of an earlier create with the same idempotency key: that link now.",
            errors: [
              errorExample("parameter_missing", "Missing required param: amount (or amount_options, for an amount the customer types).", "amount"),
              errorExample("amount_out_of_range", "amount must be between 0.01 and 10000 USD.", "amount"),
              errorExample("parameter_invalid", "Invalid amount_options.maximum: must not be below amount_options.minimum.", "amount_options.maximum"),
              errorExample("parameter_invalid", "Invalid expires_at: must be in the future.", "expires_at"),
              errorExample("parameter_invalid", "Invalid after_completion.redirect_url: must be an absolute http or https URL.", "after_completion.redirect_url"),
              errorExample("parameter_unknown", "Received unknown parameter: price", "price"),
              errorExample("resource_missing", "No such merchant: 'mer_unknown000000000000000'", "merchant_id"),
            ],
          }),
        },
      },
    )
    .get(
      "/v1/payment_links",
      async ({ principal, request }) => {
        const opt = queryText(request.url, ListLinksQuery);
        const page = await listLinks(ctx, principal, {
          merchantId: opt("merchant_id"),
          limit: parseLimitParam(opt("limit")),
          startingAfter: parseCursorParam(opt("starting_after"), "paymentLink"),
        });
        return listBody(page.rows.map(shape), page);
      },
      {
        query: ListLinksQuery,
        detail: {
          tags: TAG,
          summary: "List payment links",
          description: "Links newest first, with `uses` as of now. Paged like every list: `limit`, and `starting_after` (the last link id of the previous page) while `has_more` is true.",
          responses: listResponses(LinkListSchema, { page: "A page of links.", errors: [errorExample("parameter_unknown", "Received unknown parameter: active", "active")], notFound: [errorExample("resource_missing", "No such merchant: 'mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K'")] }),
        },
      },
    )
    .get(
      "/v1/payment_links/:id",
      async ({ principal, params, request }) => {
        noQuery(request.url);
        return shape(await visibleLink(ctx, principal, params.id));
      },
      { params: LinkIdParams, detail: { tags: TAG, summary: "Get a payment link", description: "The link, with `uses` as of now.", responses: objectResponses(LinkSchema, { ok: "The link.", notFound: missing }) } },
    )
    .post(
      "/v1/payment_links/:id",
      async ({ principal, params, body, request }) => {
        // Visibility first: an id the key may not see is 404 whatever the body says.
        const link = await visibleLink(ctx, principal, params.id);
        noQuery(request.url);
        return shape(await updateLink(ctx, link, refineUpdateLink(body)));
      },
      {
        parse: jsonBodyOf(UpdateLinkBody),
        params: LinkIdParams,
        body: named("UpdatePaymentLinkRequest", UpdateLinkBody),
        detail: {
          tags: TAG,
          summary: "Update a payment link",
          description:
            "Changes the given fields. `active: false` turns the link off: its page says it is no longer active and mints nothing (intents already minted stay payable until they expire), and a `payment_link.deactivated` event is sent. `active: true` turns it on again.",
          responses: objectResponses(LinkSchema, {
            ok: "The updated link.",
            errors: [errorExample("parameter_unknown", "Received unknown parameter: amount", "amount"), errorExample("parameter_invalid", "Invalid active: Expected boolean.", "active")],
            notFound: missing,
          }),
        },
      },
    );
}
