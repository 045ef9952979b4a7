/**
 * Routes: POST/GET /v1/terminals, GET/POST /v1/terminals/{id}. No delete: what a register took
 * stays explained by the terminal it names. Each request schema (model.ts) both validates and
 * documents; refine steps in input.ts. A terminal of a merchant the key may not see is 404.
 */
import type { AppContext } from "../../context.ts";
import { ApiError } from "../../domain/errors.ts";
import { authedRoutes } from "../../http/authed.ts";
import { noQuery } from "../../http/query.ts";
import { listBody, parseCursorParam, parseLimitParam } from "../../http/list-params.ts";
import { createResponses, errorExample, idempotencyHeaderParameter, listResponses, objectResponses, named } from "../../http/openapi.ts";
import { idempotencyKey, jsonBodyOf, queryText, reused } from "../../http/schema-route.ts";
import { refineTerminal } from "./input.ts";
import { CreateTerminalBody, ListTerminalsQuery, TerminalIdParams, TerminalListSchema, TerminalSchema, UpdateTerminalBody } from "./model.ts";
import { createTerminal, listTerminals, updateTerminal, visibleTerminal, type TerminalRow } from "./service.ts";
import { terminalShape } from "./shapes.ts";

const TAG = ["Terminals"];
const missing = [errorExample("resource_missing", "No such terminal: 'term_8Kd2Lq7ZpX4RtVb9NcW1aYmB'")];

export function terminalRoutes(ctx: AppContext) {
  const shape = (t: TerminalRow) => terminalShape(t, ctx.config.publicBaseUrl);
  return authedRoutes(ctx, "terminals")
    .post(
      "/v1/terminals",
      async ({ principal, body, request, set }) => {
        noQuery(request.url);
        const key = idempotencyKey(request);
        const input = refineTerminal(body);
        if (input.name === undefined) throw new ApiError("parameter_missing", "Missing required param: name.", "name");
        const r = await createTerminal(ctx, principal, body.merchant_id, input, key);
        if (r.kind === "reused") throw reused(key);
        if (r.kind === "replayed") {
          set.headers["idempotent-replayed"] = "true";
          return shape(r.terminal);
        }
        set.status = 201;
        return shape(r.terminal);
      },
      {
        parse: jsonBodyOf(CreateTerminalBody),
        body: named("CreateTerminalRequest", CreateTerminalBody),
        detail: {
          tags: TAG,
          summary: "Create a terminal",
          description:
            "A register for a shop's counter. The dashboard's Register page charges through it: the cashier types the amount, the customer picks a tip among `tip_percentages` (when there are any), and the service computes the total and creates the payment intent (metadata `terminal`). The terminal's `url` is a static link to print or write to an NFC tag at the counter: it always opens the hosted page of the intent the register is charging now, and says to ask the cashier when there is none. Idempotent with the `Idempotency-Key` header.",
          parameters: [idempotencyHeaderParameter],
          responses: createResponses(TerminalSchema, {
            created: "The new terminal.",
            replayed: "Replay of an earlier create with the same idempotency key: that terminal now.",
            errors: [
              errorExample("parameter_missing", "Missing required param: name.", "name"),
              errorExample("parameter_invalid", "Invalid tip_percentages: a percentage is given twice.", "tip_percentages"),
              errorExample("parameter_unknown", "Received unknown parameter: amount", "amount"),
              errorExample("resource_missing", "No such merchant: 'mer_unknown000000000000000'", "merchant_id"),
            ],
          }),
        },
      },
    )
    .get(
      "/v1/terminals",
      async ({ principal, request }) => {
        const opt = queryText(request.url, ListTerminalsQuery);
        const page = await listTerminals(ctx, principal, {
          merchantId: opt("merchant_id"),
          limit: parseLimitParam(opt("limit")),
          startingAfter: parseCursorParam(opt("starting_after"), "terminal"),
        });
        return listBody(page.rows.map(shape), page);
      },
      {
        query: ListTerminalsQuery,
        detail: {
          tags: TAG,
          summary: "List terminals",
          description: "Terminals newest first. Paged like every list: `limit`, and `starting_after` (the last terminal id of the previous page) while `has_more` is true.",
          responses: listResponses(TerminalListSchema, { page: "A page of terminals.", errors: [errorExample("parameter_unknown", "Received unknown parameter: name", "name")], notFound: [errorExample("resource_missing", "No such merchant: 'mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K'")] }),
        },
      },
    )
    .get(
      "/v1/terminals/:id",
      async ({ principal, params, request }) => {
        noQuery(request.url);
        return shape(await visibleTerminal(ctx, principal, params.id));
      },
      { params: TerminalIdParams, detail: { tags: TAG, summary: "Get a terminal", description: "The terminal, with the intent its register is charging now.", responses: objectResponses(TerminalSchema, { ok: "The terminal.", notFound: missing }) } },
    )
    .post(
      "/v1/terminals/:id",
      async ({ principal, params, body, request }) => {
        // Visibility first: an id the key may not see is 404 whatever the body says.
        const t = await visibleTerminal(ctx, principal, params.id);
        noQuery(request.url);
        return shape(await updateTerminal(ctx, t, refineTerminal(body)));
      },
      {
        parse: jsonBodyOf(UpdateTerminalBody),
        params: TerminalIdParams,
        body: named("UpdateTerminalRequest", UpdateTerminalBody),
        detail: {
          tags: TAG,
          summary: "Update a terminal",
          description: "Changes the given fields: `name`, `tip_percentages` (an empty list removes the tip step), `metadata`. The register uses them from its next charge.",
          responses: objectResponses(TerminalSchema, {
            ok: "The updated terminal.",
            errors: [errorExample("parameter_unknown", "Received unknown parameter: merchant_id", "merchant_id"), errorExample("parameter_invalid", "Invalid tip_percentages: a percentage is given twice.", "tip_percentages")],
            notFound: missing,
          }),
        },
      },
    );
}
