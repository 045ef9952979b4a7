/**
 * API documentation: GET /swagger (Scalar, every asset served from this process: no CDN, no fonts,
 * a Content-Security-Policy that keeps the browser on this origin) and GET /swagger/json (OpenAPI
 * 3.1, generated from the routes' schemas by @elysiajs/openapi's `toOpenAPISchema`, then completed
 * by `completeDocument` with what every route shares: the 401/429/500 answers, the `Request-Id` and
 * `RateLimit-*` headers, and media-type examples taken from the schemas' examples).
 *
 * A route documents itself: `params`/`response` schemas with examples, `detail` (tags, summary,
 * description, `parameters` for hand-validated queries, `security: []` for a public route). A schema
 * a module names (`named` in http/openapi.ts) becomes a component referenced wherever it appears,
 * every error answer refers to the one `Error`, and each operation gets its id from OPERATION_IDS.
 * `scripts/generate-client.ts` commits the result as openapi.json.
 */
import { Elysia } from "elysia";
import { toOpenAPISchema } from "@elysiajs/openapi";
import type { AppContext } from "../context.ts";
import { docsAssets, SCALAR_PATH } from "./docs-assets.ts";
import { ERROR_CODES, type ErrorCode } from "../domain/errors.ts";
import { LIMIT_DOC } from "../http/list-params.ts";
import { COMPONENT_NAME } from "../http/openapi.ts";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "../db/schema/core.ts";
import { EventSchema } from "../modules/events/model.ts";
import { PaymentIntentConfirmedEventDataSchema, PaymentIntentExpiredEventDataSchema } from "../modules/payment-intents/model.ts";
import { API_VERSION, API_VERSION_HEADER } from "../domain/api-version.ts";

export const DOCS_PATH = "/swagger";
export const SPEC_PATH = "/swagger/json";
const INIT_PATH = "/swagger/assets/init.js";
const TITLE = "Stablecoin Payment Intent API";

type Json = Record<string, unknown>;

export function apiDocs(ctx: AppContext) {
  let cached: { routes: number; doc: Json } | undefined;
  const plugin = new Elysia({ name: "api-docs" }).use(docsAssets());
  return plugin
    .get(DOCS_PATH, () => new Response(PAGE, { headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": CSP, "cache-control": "no-cache" } }), {
      detail: { hide: true },
    })
    .get(INIT_PATH, () => new Response(INIT_JS, { headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache" } }), {
      detail: { hide: true },
    })
    .get(
      SPEC_PATH,
      () => {
        // Routes are registered once at start; the count guards against a route added later.
        const routes = (plugin as unknown as { getGlobalRoutes(): unknown[] }).getGlobalRoutes().length;
        if (!cached || cached.routes !== routes) {
          const generated = toOpenAPISchema(plugin as never, { staticFile: false, paths: [SCALAR_PATH, INIT_PATH] }, undefined, undefined, "3.1.2") as {
            paths: Json;
            components: { schemas: Json };
          };
          // A deep copy first: the generated document shares objects with the routes' schemas and
          // `detail` (module-level constants), which completeDocument must never modify.
          const copy = JSON.parse(JSON.stringify(baseDocument(ctx.config.publicBaseUrl, realPaths(generated.paths), generated.components.schemas))) as Json;
          cached = { routes, doc: completeDocument(copy) };
        }
        return cached.doc;
      },
      { detail: { hide: true } },
    );
}

/**
 * Routes whose URL has a literal part inside a segment, which the router cannot express as one
 * parameter: documented under the URL clients really call. `GET /v1/qr/:file` takes
 * `{payment_intent_id}.png` (the path `qr_image_url` names).
 */
const DOCUMENTED_AS: Record<string, { path: string; from: string; to: string; description: string; example: string }> = {
  "/v1/qr/{file}": {
    path: "/v1/qr/{payment_intent_id}.png",
    from: "file",
    to: "payment_intent_id",
    description: "The payment intent's id (the URL ends in `.png`).",
    example: "pi_3MtwBwLkdIwHu7ix28a3tqPa",
  },
};

function realPaths(paths: Json): Json {
  const out: Json = {};
  for (const [path, item] of Object.entries(paths)) {
    const as = DOCUMENTED_AS[path];
    if (!as) {
      out[path] = item;
      continue;
    }
    const copy = JSON.parse(JSON.stringify(item)) as Record<string, { parameters?: Array<Record<string, unknown>> }>;
    for (const op of Object.values(copy)) {
      for (const p of op.parameters ?? []) {
        if (p.in === "path" && p.name === as.from) {
          p.name = as.to;
          p.description = as.description;
          p.schema = { type: "string", examples: [as.example] };
          delete p.examples;
          delete p.example;
        }
      }
    }
    out[as.path] = copy;
  }
  return out;
}

function baseDocument(publicBaseUrl: string, paths: Json, schemas: Json): Json {
  return {
    openapi: "3.1.2",
    info: {
      title: TITLE,
      version: API_VERSION,
      summary: "Take stablecoin payments (USDC and USDT on several EVM chains) for merchants: payment intents, QR codes, transactions, refunds, balances, payouts.",
      description: DESCRIPTION,
    },
    servers: [{ url: publicBaseUrl, description: "This service" }],
    security: [{ bearer: [] }],
    tags: [
      { name: "Payment intents", description: "Ask a customer to pay an amount in USD, in a stablecoin on a chain, to a merchant; follow the intent until it is confirmed." },
      { name: "Payment links", description: "A merchant's public URL (a message, a QR code, an NFC tag) that gives each customer a payment intent of their own: a fixed amount or one the customer types within bounds, optionally capped in uses or time." },
      { name: "Deposit addresses", description: "A reusable address per customer of a merchant, the same on every chain, for payers who send again and again (an exchange's address book, a B2B payer): every transfer to it is a payment of its own, swept into the merchant's account." },
      { name: "Terminals", description: "A shop's register: the dashboard's Register page charges through it (amount on a keypad, an optional tip among the terminal's percentages, the total computed by the service), and its static `url` opens the payment being charged." },
      { name: "Transactions", description: "Confirmed on-chain payments recorded in a merchant's ledger, with fee breakdown and settlement status." },
      { name: "Merchants", description: "Merchant profiles and balances." },
      { name: "Refunds", description: "Money paid back from a merchant's account to a customer's address, in full or in part: from the owner's refund budget at once, or once the owner signs it." },
      { name: "Settlements", description: "Payouts of a merchant's available balance to its bank account: scheduled or manual cash-outs." },
      { name: "Events", description: "Everything that was (or would be) sent to webhook endpoints, kept 30 days." },
      { name: "Webhook endpoints", description: "URLs of the integrator account that receive signed events; their deliveries and attempts." },
      { name: "QR", description: "Hosted QR images of payment intents (public, no key)." },
      { name: "Hosted payment page", description: "The page a customer pays on: `/pay/{payment_intent_id}`, and a payment link's page `/pay/links/{payment_link_id}` that sends each customer to an intent of their own (public, no key, HTML)." },
      {
        name: "Payment by signature",
        description:
          "Pay an intent with one EIP-3009 signature (USDC's `transferWithAuthorization`): the customer needs no ETH for gas; the service sends the transaction and pays its gas. Public, no key: the intent id is the capability.",
      },
      { name: "Test helpers", description: "Sandbox only (test keys): simulate payments, expiry and settlement." },
      { name: "Operations", description: "Health checks for load balancers and orchestrators (public, no key)." },
    ],
    paths,
    webhooks: webhooksSection(),
    components: {
      schemas,
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "An API key: `sk_test_…` (sandbox) or `sk_live_…` (production), sent as `Authorization: Bearer <API_KEY>`.",
        },
      },
    },
  };
}

const DESCRIPTION = `Take payments in stablecoins (USDC and USDT, on Base and the other EVM chains the operator enables) on behalf of merchants, with fiat payout to the merchant's bank. Amounts are in USD; each intent names its \`chain\` and \`token\`.

**Authentication.** Every request carries \`Authorization: Bearer <API_KEY>\`. Test keys (\`sk_test_\`) see only sandbox data, live keys (\`sk_live_\`) only live data. A key sees the merchants of its integrator account, or a single merchant if it is scoped. Anything else is answered 404 \`resource_missing\`, never 403. The QR images, paying by signature, the hosted payment page, this documentation and the health checks are public.

**Browsers (CORS).** The public routes that a merchant's own page calls (the QR image, \`GET\`/\`POST /v1/payment-intents/{id}/authorization\`, the hosted page's \`/pay/{id}/status\` and \`/pay/{id}/events\`, and this document) answer any origin (\`Access-Control-Allow-Origin: *\`, preflights included). Routes that take a secret key answer no origin: a secret key belongs on a server, never in a page.

**Errors.** An error is \`{"error": {"type", "code", "message", "param"?}}\`; \`param\` names the offending parameter. Unknown body or query parameters are refused (400 \`parameter_unknown\`). No input produces a 500; a 500 (\`api_error\` / \`internal_error\`) never contains internals.

**Rate limits.** Per key: 25 requests/s for test keys, 100/s for live keys, with bursts of twice that (token bucket). Every authenticated response carries \`RateLimit-Limit\` (the burst), \`RateLimit-Remaining\`, \`RateLimit-Reset\` (seconds until the bucket is full) and \`RateLimit-Policy\`; over the limit the answer is 429 \`rate_limit_error\` / \`rate_limited\` with \`Retry-After\`.

**Lists** are newest first, paged with \`limit\` (1 to 100, default 25) and \`starting_after\` (the id of the last item of the previous page); \`total_count\` counts every match.

**Request ids.** Every response carries a unique \`Request-Id\` header; quote it when reporting a problem.

**Amounts** are JSON numbers in USD; timestamps are ISO 8601 UTC with milliseconds.

**Versions.** Every /v1 answer carries \`${API_VERSION_HEADER}\`, the date of the contract this service serves (also this document's \`info.version\`). Within /v1 changes are additive only: new routes, new optional request fields, new response fields, new event types, new enum values and error codes. Read unknown fields and values leniently. A spelling that is replaced is still accepted on input for one release, and the changelog says so. Removing or renaming a field, a value or a route, or changing its meaning, would be a new version (/v2). The changelog (\`CHANGELOG.md\` in the service's repository) lists each version's changes.`;

const REQUEST_ID_HEADER = {
  "Request-Id": { description: "Unique id of this request; quote it when reporting a problem.", schema: { type: "string" }, example: "req_6f1c2a9e0b7d4c3e8a5f1b2c3d4e5f60" },
};
const VERSION_HEADER = {
  [API_VERSION_HEADER]: { description: "The version of the /v1 contract this service serves: the date of its last change (CHANGELOG.md).", schema: { type: "string" }, example: API_VERSION },
};
const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": { description: "Requests the key's bucket holds when full (the burst: twice the per-second rate).", schema: { type: "integer" }, example: 50 },
  "RateLimit-Remaining": { description: "Requests left in the bucket now.", schema: { type: "integer" }, example: 49 },
  "RateLimit-Reset": { description: "Seconds until the bucket is full again.", schema: { type: "integer" }, example: 1 },
  "RateLimit-Policy": { description: "The limit as a window: `<burst>;w=2` (the burst per 2 seconds, i.e. the per-second rate sustained).", schema: { type: "string" }, example: "50;w=2" },
};
const RETRY_AFTER_HEADER = { "Retry-After": { description: "Seconds to wait before the next request is allowed.", schema: { type: "integer" }, example: 1 } };

const COMMON_ERRORS: Record<string, { description: string; examples: Array<[ErrorCode, string]> }> = {
  "401": {
    description: "Missing or invalid API key.",
    examples: [
      ["api_key_missing", "No API key provided. Send it as 'Authorization: Bearer <API_KEY>'."],
      ["api_key_invalid", "Invalid API key."],
    ],
  },
  "429": { description: "Over the key's rate limit; retry after `Retry-After` seconds.", examples: [["rate_limited", "Too many requests for this API key. Retry after the number of seconds in the Retry-After header."]] },
  "500": { description: "Unexpected error on our side; the body never contains internals.", examples: [["internal_error", "An unexpected error occurred."]] },
};

const ERROR_SCHEMA = {
  type: "object",
  required: ["error"],
  additionalProperties: false,
  properties: {
    error: {
      type: "object",
      required: ["type", "message", "code"],
      additionalProperties: false,
      properties: {
        type: { type: "string", enum: [...new Set(Object.values(ERROR_CODES).map(([, type]) => type))] },
        message: { type: "string", description: "Human-readable text." },
        code: { type: "string", enum: Object.keys(ERROR_CODES) },
        param: { type: "string", description: "The offending parameter, for parameter errors." },
      },
    },
  },
};

function errorBody(code: ErrorCode, message: string) {
  return { error: { type: ERROR_CODES[code][1], message, code } };
}

const STATUS_TEXT: Record<string, string> = { "200": "OK", "201": "Created", "304": "Not modified", "400": "Invalid request", "404": "Not found" };

/**
 * Completes a generated document in place (pass a copy: see apiDocs) and returns it: shared error answers and headers on every
 * operation, media-type examples from schema examples, `security: []` kept on public operations.
 */
export function completeDocument(doc: Json): Json {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Json>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const secured = !(Array.isArray(op.security) && op.security.length === 0);
      const responses = ((op.responses ??= {}) as Record<string, Json>);
      for (const status of secured ? ["401", "429", "500"] : ["500"]) {
        if (responses[status]) continue;
        const common = COMMON_ERRORS[status]!;
        responses[status] = { description: common.description, content: { "application/json": { schema: { ...ERROR_SCHEMA }, examples: namedExamples(common.examples.map(([c, m]) => errorBody(c, m))) } } };
      }
      for (const [status, response] of Object.entries(responses)) {
        if (typeof response.description !== "string" || response.description.startsWith("Response for status")) response.description = STATUS_TEXT[status] ?? `HTTP ${status}`;
        response.headers = {
          ...REQUEST_ID_HEADER,
          ...(path.startsWith("/v1/") ? VERSION_HEADER : {}),
          ...(secured && status !== "401" ? RATE_LIMIT_HEADERS : {}),
          ...(status === "429" ? RETRY_AFTER_HEADER : {}),
          ...openApiHeaders(response.headers),
        };
        const content = response.content as Record<string, Json> | undefined;
        for (const [type, media] of Object.entries(content ?? {})) {
          if (!type.includes("json")) continue;
          const schema = (media.schema ?? {}) as Json;
          const isError = Number(status) >= 400 && (schema.properties as Json | undefined)?.error !== undefined;
          if (isError) {
            // Only examples whose code belongs to this status; the shared ones otherwise.
            const given = [...(Array.isArray(schema.examples) ? schema.examples : []), ...exampleValues(media)];
            let bodies = given.filter((b) => errorStatusOf(b) === Number(status));
            if (bodies.length === 0) bodies = (COMMON_ERRORS[status]?.examples ?? codesFor(Number(status))).map(([c, m]) => errorBody(c, m));
            delete media.example;
            media.examples = namedExamples(bodies);
            // Every error answer has the one shape: the examples above say which codes this status carries.
            media.schema = { $ref: ERROR_REF };
          } else if (media.example === undefined && media.examples === undefined) {
            media.example = Array.isArray(schema.examples) && schema.examples.length > 0 ? schema.examples[0] : synthesize(schema);
          }
        }
      }
      for (const param of (op.parameters ?? []) as Json[]) if (param.in === "query" && param.name === "limit") param.schema = { ...LIMIT_DOC };
      op.operationId = OPERATION_IDS[`${method} ${path}`] ?? `${method}${path.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? "").toUpperCase())}`;
    }
  }
  const components = ((doc.components ??= {}) as Json);
  const schemas = ((components.schemas ??= {}) as Json);
  schemas.Error = ERROR_SCHEMA;
  doc.paths = hoistNamed(doc.paths, schemas);
  doc.webhooks = hoistNamed(doc.webhooks, schemas);
  return doc;
}

const ERROR_REF = "#/components/schemas/Error";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Each event type: when it is sent and its `data` (a schema, or a component named by a module). */
const EVENT_TYPES: Record<WebhookEventType, { when: string; data: unknown }> = {
  "payment_intent.confirmed": { when: "A payment for the intent is confirmed on chain, at the chain's confirmation depth.", data: PaymentIntentConfirmedEventDataSchema },
  "payment_intent.expired": { when: "An intent expired without a payment.", data: PaymentIntentExpiredEventDataSchema },
  "transaction.created": { when: "A payment to a merchant was recorded: every payment, late and unmatched ones (`payment_intent_id: null`) included.", data: ref("TransactionListItem") },
  "settlement.completed": { when: "A settlement reached the merchant's bank.", data: ref("Settlement") },
  "refund.created": { when: "A refund was created.", data: ref("Refund") },
  "refund.updated": { when: "A refund was approved, sent back to approval, or cancelled.", data: ref("Refund") },
  "refund.succeeded": { when: "A refund was mined at the chain's confirmation depth.", data: ref("Refund") },
  "refund.failed": { when: "A refund failed: nothing was paid.", data: ref("Refund") },
  "payment_link.deactivated": { when: "A payment link was turned off (`active: false`): its page mints nothing more.", data: ref("PaymentLink") },
  "payment_link.used_up": { when: "A payment link with `max_uses` confirmed its last use.", data: ref("PaymentLink") },
  "webhook_endpoint.disabled": {
    when: "One of the account's webhook endpoints was disabled by the service: every attempt failed for 3 days (at least 10 attempts), or it answered 410 Gone. Sent to the account's other enabled endpoints; not sent when the endpoint is disabled through the API or the dashboard.",
    data: ref("WebhookEndpoint"),
  },
};

const SIGNATURE_HEADERS = [
  { name: "webhook-id", description: "The event's id (`evt_*`): the same on every delivery of it; dedupe on it.", schema: { type: "string" } },
  { name: "webhook-timestamp", description: "Unix seconds of this attempt; refuse one far from now.", schema: { type: "string" } },
  { name: "webhook-signature", description: "`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks); several, space-separated, while a rotated secret is still valid.", schema: { type: "string" } },
].map((h) => ({ ...h, in: "header", required: true }));

/**
 * The `webhooks` section: what an endpoint receives for each event type, the envelope of
 * GET /v1/events/{id} with that `type` and its `data` schema, signed with the Standard Webhooks headers.
 */
function webhooksSection(): Json {
  const { [COMPONENT_NAME]: _name, examples: _examples, ...envelope } = JSON.parse(JSON.stringify(EventSchema)) as Json;
  const out: Json = {};
  for (const type of WEBHOOK_EVENT_TYPES) {
    const { when, data } = EVENT_TYPES[type];
    out[type] = {
      post: {
        tags: ["Events"],
        summary: type,
        description: `${when} Sent to the webhook endpoints subscribed to \`${type}\` (docs/webhooks.md): at least once, unordered; answer any 2xx within the delivery timeout (10 s by default).`,
        parameters: SIGNATURE_HEADERS,
        requestBody: {
          required: true,
          content: { "application/json": { schema: { ...envelope, properties: { ...(envelope.properties as Json), type: { type: "string", const: type }, data } } } },
        },
        responses: { "200": { description: "Any 2xx acknowledges the delivery; anything else, or no answer in time, is retried." } },
      },
    };
  }
  return out;
}

/**
 * Moves every schema a module named (http/openapi.ts `named`) to `components.schemas` and puts a
 * `$ref` where it was: one definition per name, checked, so two schemas never share a name.
 */
function hoistNamed(node: unknown, schemas: Json): unknown {
  if (Array.isArray(node)) return node.map((n) => hoistNamed(n, schemas));
  if (!node || typeof node !== "object") return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) if (k !== COMPONENT_NAME) out[k] = hoistNamed(v, schemas);
  const name = (node as Json)[COMPONENT_NAME];
  if (typeof name !== "string") return out;
  if (schemas[name] === undefined) schemas[name] = out;
  else if (JSON.stringify(schemas[name]) !== JSON.stringify(out)) throw new Error(`two different schemas are named ${name} in the OpenAPI document`);
  return { $ref: `#/components/schemas/${name}` };
}

/** Operation ids, as an integrator would name the calls (what generated clients call their methods). */
const OPERATION_IDS: Record<string, string> = {
  "get /health": "getHealth",
  "get /ready": "getReadiness",
  "get /v1/merchants": "listMerchants",
  "post /v1/merchants": "createMerchant",
  "get /v1/merchants/{id}": "getMerchant",
  "post /v1/merchants/{id}": "updateMerchant",
  "get /v1/merchants/{id}/balance": "getMerchantBalance",
  "get /v1/merchants/{id}/balances": "listMerchantBalances",
  "get /v1/payment-intents": "listPaymentIntents",
  "post /v1/payment-intents": "createPaymentIntent",
  "get /v1/payment-intents/{id}": "getPaymentIntent",
  "post /v1/payment-intents/{id}/cancel": "cancelPaymentIntent",
  "get /v1/payment-intents/{id}/authorization": "getPaymentIntentAuthorization",
  "post /v1/payment-intents/{id}/authorization": "submitPaymentIntentAuthorization",
  "get /v1/qr/{payment_intent_id}.png": "getPaymentIntentQrImage",
  "get /pay/{id}": "getHostedPaymentPage",
  "get /pay/links/{id}": "getPaymentLinkPage",
  "get /v1/payment_links": "listPaymentLinks",
  "post /v1/payment_links": "createPaymentLink",
  "get /v1/payment_links/{id}": "getPaymentLink",
  "post /v1/payment_links/{id}": "updatePaymentLink",
  "get /v1/deposit_addresses": "listDepositAddresses",
  "post /v1/deposit_addresses": "createDepositAddress",
  "get /v1/deposit_addresses/{id}": "getDepositAddress",
  "get /v1/terminals": "listTerminals",
  "post /v1/terminals": "createTerminal",
  "get /v1/terminals/{id}": "getTerminal",
  "post /v1/terminals/{id}": "updateTerminal",
  "get /pay/terminals/{id}": "getTerminalPage",
  "get /pay/terminals/{id}/receipts/{intent_id}": "getTerminalReceipt",
  "get /v1/transactions": "listTransactions",
  "get /v1/transactions/{id}": "getTransaction",
  "get /v1/refunds": "listRefunds",
  "post /v1/refunds": "createRefund",
  "get /v1/refunds/{id}": "getRefund",
  "post /v1/refunds/{id}/cancel": "cancelRefund",
  "get /v1/refunds/{id}/authorization": "getRefundAuthorization",
  "post /v1/refunds/{id}/approve": "approveRefund",
  "get /v1/events": "listEvents",
  "get /v1/events/{id}": "getEvent",
  "post /v1/events/{id}/resend": "resendEvent",
  "get /v1/webhook_endpoints": "listWebhookEndpoints",
  "post /v1/webhook_endpoints": "createWebhookEndpoint",
  "get /v1/webhook_endpoints/{id}": "getWebhookEndpoint",
  "post /v1/webhook_endpoints/{id}": "updateWebhookEndpoint",
  "delete /v1/webhook_endpoints/{id}": "deleteWebhookEndpoint",
  "post /v1/webhook_endpoints/{id}/rotate_secret": "rotateWebhookEndpointSecret",
  "post /v1/webhook_endpoints/{id}/test": "sendWebhookEndpointTestEvent",
  "post /v1/webhook_endpoints/{id}/recover": "recoverWebhookEndpointDeliveries",
  "get /v1/webhook_endpoints/{id}/deliveries": "listWebhookEndpointDeliveries",
  "get /v1/settlements": "listSettlements",
  "post /v1/settlements": "createSettlement",
  "get /v1/settlements/{id}": "getSettlement",
  "post /v1/test_helpers/payment_intents/{id}/pay": "testHelperPayPaymentIntent",
  "post /v1/test_helpers/payment_intents/{id}/expire": "testHelperExpirePaymentIntent",
  "post /v1/test_helpers/refunds/{id}/approve": "testHelperApproveRefund",
  "post /v1/test_helpers/merchants/{id}/refund_budget": "testHelperSetRefundBudget",
  "post /v1/test_helpers/settlements/advance": "testHelperAdvanceSettlements",
};

function exampleValues(media: Json): unknown[] {
  if (media.example !== undefined) return [media.example];
  if (media.examples && typeof media.examples === "object") return Object.values(media.examples as Record<string, { value?: unknown }>).map((e) => e.value);
  return [];
}

function errorStatusOf(body: unknown): number | undefined {
  const code = (body as { error?: { code?: string } } | undefined)?.error?.code;
  return code !== undefined && code in ERROR_CODES ? ERROR_CODES[code as ErrorCode][0] : undefined;
}

/** Every code answered with this HTTP status, with a generic message. */
function codesFor(status: number): Array<[ErrorCode, string]> {
  return (Object.keys(ERROR_CODES) as ErrorCode[]).filter((c) => ERROR_CODES[c][0] === status).map((c) => [c, c.replaceAll("_", " ")]);
}

/** An example built from a schema's own examples, consts, enums and defaults (for schemas without one). */
export function synthesize(schema: unknown, depth = 0): unknown {
  if (!schema || typeof schema !== "object" || depth > 8) return null;
  const s = schema as Json;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if (s.example !== undefined) return s.example;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if (s.default !== undefined) return s.default;
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const options = s[key];
    if (Array.isArray(options)) return synthesize(options.find((o) => (o as Json)?.type !== "null") ?? options[0], depth + 1);
  }
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  switch (type) {
    case "object": {
      const out: Json = {};
      for (const [k, v] of Object.entries((s.properties ?? {}) as Json)) out[k] = synthesize(v, depth + 1);
      return out;
    }
    case "array":
      return [synthesize(s.items, depth + 1)];
    case "string":
      return s.format === "date-time" ? "2026-04-01T12:00:00.000Z" : "string";
    case "integer":
    case "number":
      return typeof s.minimum === "number" ? s.minimum : 0;
    case "boolean":
      return true;
    default:
      return null;
  }
}

/** Headers generated from a TypeBox `headers` option are bare schemas; OpenAPI wants Header Objects. */
function openApiHeaders(headers: unknown): Json {
  const out: Json = {};
  for (const [name, h] of Object.entries((headers ?? {}) as Record<string, Json>)) out[name] = h && "schema" in h ? h : { schema: h };
  return out;
}

/** `{ "<code>": { summary, value } }` for Scalar's example picker; repeated codes get a suffix. */
function namedExamples(bodies: unknown[]): Json {
  const out: Json = {};
  for (const body of bodies) {
    const e = (body as { error?: { code?: string; message?: string } }).error;
    const base = e?.code ?? "example";
    let name = base;
    for (let i = 2; name in out; i++) name = `${base}_${i}`;
    out[name] = { summary: e?.message ?? base, value: body };
  }
  return out;
}

/**
 * The page: Scalar's standalone bundle and a small init script, both from this process. The CSP
 * keeps every fetch, font, image and script on this origin, so the page works on a closed network.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${TITLE}</title>
    <style>body { margin: 0; }</style>
  </head>
  <body>
    <div id="stablepay-docs"></div>
    <script src="${SCALAR_PATH}"></script>
    <script src="${INIT_PATH}"></script>
  </body>
</html>
`;

const INIT_JS = `Scalar.createApiReference("#stablepay-docs", ${JSON.stringify({
  url: SPEC_PATH,
  withDefaultFonts: false,
  hideClientButton: true,
  telemetry: false,
  showDeveloperTools: "never",
  agent: { disabled: true },
  mcp: { disabled: true },
  defaultOpenAllTags: true,
})});
`;
