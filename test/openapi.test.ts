/**
 * /swagger/json from the running service: a valid OpenAPI 3.1 document (checked offline against the
 * official schema by @seriousme/openapi-schema-validator) that documents every /v1 route the app
 * serves, with its parameters, its answers and errors, headers, and examples that match their schemas.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020.js";
import { buildApp } from "../src/api/app.ts";
import { ERROR_CODES, type ErrorCode } from "../src/domain/errors.ts";
import { WEBHOOK_EVENT_TYPES } from "../src/db/schema/core.ts";
import { startTestService, type TestService } from "./support/service.ts";

type Json = Record<string, any>;
interface Operation {
  method: string;
  path: string;
  op: Json;
}

let svc: TestService;
let doc: Json;
let ops: Operation[];

beforeAll(async () => {
  svc = await startTestService();
  const res = await svc.api("/swagger/json", { key: null });
  expect(res.status).toBe(200);
  doc = (await res.json()) as Json;
  ops = Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m]) => ["get", "post", "put", "patch", "delete"].includes(m))
      .map(([method, op]) => ({ method, path, op: op as Json })),
  );
});
afterAll(async () => {
  await svc?.stop();
});

const isPublic = (o: Operation) => Array.isArray(o.op.security) && o.op.security.length === 0;
const name = (o: Operation) => `${o.method.toUpperCase()} ${o.path}`;

describe("/swagger/json", () => {
  test("validates against the OpenAPI 3.1 schema", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    if (!result.valid) console.error(JSON.stringify(result.errors, null, 2).slice(0, 4000));
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBe("Stablecoin Payment Intent API");
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
  });

  test("documents every /v1 route the app serves, and nothing it does not serve", () => {
    const app = buildApp(svc.ctx);
    const served = new Set(
      app.routes
        .filter((r) => r.path.startsWith("/v1/") && !(r.hooks as Json)?.detail?.hide)
        .map((r) => `${r.method.toUpperCase()} ${r.path.replace(/:([^/]+)/g, "{$1}")}`)
        // The router takes the QR image's file name as one parameter; the document names the real URL.
        .map((r) => (r === "GET /v1/qr/{file}" ? "GET /v1/qr/{payment_intent_id}.png" : r)),
    );
    const documented = new Set(ops.filter((o) => o.path.startsWith("/v1/")).map(name));
    expect([...served].filter((r) => !documented.has(r))).toEqual([]);
    expect([...documented].filter((r) => !served.has(r))).toEqual([]);
    // The spec's endpoints, at least.
    for (const r of [
      "POST /v1/payment-intents",
      "GET /v1/payment-intents/{id}",
      "GET /v1/payment-intents",
      "POST /v1/payment-intents/{id}/cancel",
      "GET /v1/transactions/{id}",
      "GET /v1/transactions",
      "GET /v1/merchants/{id}",
      "GET /v1/merchants/{id}/balance",
      "GET /v1/merchants/{id}/balances",
    ])
      expect(documented.has(r)).toBe(true);
    expect([...documented].some((r) => r.startsWith("GET /v1/qr/"))).toBe(true);
  });

  test("only the QR image, the hosted payment page, a payment link's page, a terminal's static link and receipts, payment by signature and the health checks are public", () => {
    const pub = ops.filter(isPublic).map((o) => o.path);
    for (const p of pub)
      expect(p === "/health" || p === "/ready" || p.startsWith("/v1/qr/") || p === "/pay/{id}" || p === "/pay/links/{id}" || p === "/pay/terminals/{id}" || p === "/pay/terminals/{id}/receipts/{intent_id}" || p === "/v1/payment-intents/{id}/authorization").toBe(true);
    expect(doc.security).toEqual([{ bearer: [] }]);
  });

  test("named types: component schemas referenced by the routes, one Error, operation ids an integrator would write", () => {
    const schemas = doc.components.schemas as Json;
    for (const n of ["Error", "PaymentIntent", "PaymentIntentList", "CancelledPaymentIntent", "Transaction", "TransactionList", "Merchant", "Balance", "Refund", "RefundList", "Event", "EventList", "Settlement", "WebhookEndpoint", "WebhookDelivery", "TransferAuthorization"])
      expect({ n, named: schemas[n] !== undefined }).toEqual({ n, named: true });
    const text = JSON.stringify(doc);
    expect(text).not.toContain("x-component");
    // Every reference resolves, and every named schema is used.
    for (const [, ref] of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) expect({ ref, defined: schemas[ref!] !== undefined }).toEqual({ ref, defined: true });
    for (const n of Object.keys(schemas)) expect({ n, used: text.includes(`"#/components/schemas/${n}"`) }).toEqual({ n, used: true });
    const schemaOf = (path: string, method: string, status: string) => doc.paths[path][method].responses[status].content["application/json"].schema;
    expect(schemaOf("/v1/payment-intents/{id}", "get", "200")).toEqual({ $ref: "#/components/schemas/PaymentIntent" });
    expect(schemaOf("/v1/refunds", "get", "200")).toEqual({ $ref: "#/components/schemas/RefundList" });
    expect(schemas.RefundList.properties.data.items).toEqual({ $ref: "#/components/schemas/Refund" });
    // Every JSON error answer of the API is the one Error schema.
    for (const o of ops)
      for (const [status, response] of Object.entries(o.op.responses as Record<string, Json>)) {
        const media = response.content?.["application/json"];
        if (Number(status) >= 400 && media && o.path.startsWith("/v1/")) expect({ where: `${name(o)} ${status}`, schema: media.schema }).toEqual({ where: `${name(o)} ${status}`, schema: { $ref: "#/components/schemas/Error" } });
      }
    const ids = ops.map((o) => o.op.operationId as string);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z]*$/);
    const idOf = (method: string, path: string) => doc.paths[path][method].operationId;
    expect([idOf("post", "/v1/payment-intents"), idOf("get", "/v1/payment-intents/{id}"), idOf("post", "/v1/payment-intents/{id}/cancel"), idOf("get", "/v1/refunds")]).toEqual([
      "createPaymentIntent",
      "getPaymentIntent",
      "cancelPaymentIntent",
      "listRefunds",
    ]);
  });

  test("webhooks: one entry per event type, its envelope's type fixed and its data named, signed with the Standard Webhooks headers", () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const [type, item] of Object.entries(doc.webhooks as Record<string, Json>)) {
      const schema = item.post.requestBody.content["application/json"].schema;
      expect(schema.properties.type).toEqual({ type: "string", const: type });
      expect(schema.properties.data.$ref).toMatch(/^#\/components\/schemas\//);
      expect(item.post.parameters.map((p: Json) => p.name)).toEqual(["webhook-id", "webhook-timestamp", "webhook-signature"]);
    }
    expect(doc.webhooks["refund.updated"].post.requestBody.content["application/json"].schema.properties.data).toEqual({ $ref: "#/components/schemas/Refund" });
    expect(doc.components.schemas.PaymentIntentConfirmedEventData.required).toEqual(["id", "object", "status", "amount", "currency", "net_amount", "fee", "merchant_id", "tx_hash", "chain", "token", "confirmed_at", "metadata"]);
  });

  test("every operation: tag, summary, description, path parameters", () => {
    const tags = new Set((doc.tags as Json[]).map((t) => t.name));
    for (const o of ops) {
      const where = name(o);
      expect({ where, tags: o.op.tags?.length > 0 && o.op.tags.every((t: string) => tags.has(t)) }).toEqual({ where, tags: true });
      expect({ where, summary: typeof o.op.summary === "string" && o.op.summary.length > 0 }).toEqual({ where, summary: true });
      expect({ where, description: typeof o.op.description === "string" && o.op.description.length > 10 }).toEqual({ where, description: true });
      expect({ where, operationId: typeof o.op.operationId }).toEqual({ where, operationId: "string" });
      for (const [, param] of o.path.matchAll(/\{([^}]+)\}/g)) {
        const p = (o.op.parameters ?? []).find((x: Json) => x.name === param && x.in === "path");
        expect({ where, param, documented: !!p && p.required === true && !!p.schema }).toEqual({ where, param, documented: true });
      }
      for (const p of o.op.parameters ?? []) expect({ where, param: p.name, schema: !!p.schema }).toEqual({ where, param: p.name, schema: true });
    }
  });

  test("the list endpoints document exactly the spec's query parameters, plus the pair filters and the links of our own resources", () => {
    const query = (path: string) =>
      (ops.find((o) => o.method === "get" && o.path === path)!.op.parameters as Json[])
        .filter((p) => p.in === "query")
        .map((p) => p.name)
        .sort();
    expect(query("/v1/payment-intents")).toEqual(["chain", "created_after", "created_before", "limit", "merchant_id", "payment_link", "starting_after", "status", "token"]);
    expect(query("/v1/transactions")).toEqual(["chain", "date_from", "date_to", "deposit_address_id", "limit", "merchant_id", "settlement", "starting_after", "status", "token"]);
    expect(query("/v1/merchants/{id}/balance")).toEqual(["chain", "token"]);
    expect(query("/v1/events")).toEqual(expect.arrayContaining(["chain", "token"]));
    // chain and token: string enums of the names the one table knows (src/domain/networks.ts).
    for (const path of ["/v1/payment-intents", "/v1/transactions", "/v1/merchants/{id}/balance", "/v1/events"]) {
      const params = ops.find((o) => o.method === "get" && o.path === path)!.op.parameters as Json[];
      expect(params.find((p) => p.name === "chain")!.schema).toMatchObject({ type: "string", enum: ["base", "ethereum", "arbitrum", "optimism", "polygon"] });
      expect(params.find((p) => p.name === "token")!.schema).toMatchObject({ type: "string", enum: ["USDC", "USDT"] });
    }
    for (const path of ["/v1/payment-intents", "/v1/transactions"]) {
      const limit = (ops.find((o) => o.method === "get" && o.path === path)!.op.parameters as Json[]).find((p) => p.name === "limit")!;
      expect(limit.schema).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 25 });
    }
  });

  test("create documents its JSON body with the spec's fields", () => {
    const create = ops.find((o) => o.method === "post" && o.path === "/v1/payment-intents")!.op;
    // A named request body: an integrator's generator makes one type of it.
    const body = create.requestBody.content["application/json"].schema;
    expect(body.$ref).toBe("#/components/schemas/CreatePaymentIntentRequest");
    const schema = doc.components.schemas.CreatePaymentIntentRequest;
    expect(Object.keys(schema.properties).sort()).toEqual(["amount", "chain", "currency", "idempotency_key", "merchant_id", "metadata", "payment_address_type", "token", "ttl"]);
    expect(schema.properties.chain).toMatchObject({ type: "string", enum: ["base", "ethereum", "arbitrum", "optimism", "polygon"] });
    // The answers' chain and token: string enums of the known names, wherever they appear.
    expect(create.responses["201"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/PaymentIntent" });
    const answer = doc.components.schemas.PaymentIntent;
    expect(answer.properties.chain).toMatchObject({ type: "string", enum: ["base", "ethereum", "arbitrum", "optimism", "polygon"] });
    expect(answer.properties.token).toMatchObject({ type: "string", enum: ["USDC", "USDT"] });
    expect([...schema.required].sort()).toEqual(["amount", "currency", "merchant_id"]);
  });

  test("every operation documents its success answer and its errors, with the shared ones", () => {
    for (const o of ops) {
      const where = name(o);
      const statuses = Object.keys(o.op.responses);
      expect({ where, success: statuses.some((s) => /^2\d\d$/.test(s)) }).toEqual({ where, success: true });
      const required = isPublic(o) ? ["500"] : ["401", "429", "500"];
      if (/\{[^}]+\}/.test(o.path)) required.push("404");
      if (o.op.requestBody) required.push("400");
      if ((o.op.parameters ?? []).some((p: Json) => p.in === "query")) required.push("400");
      for (const s of required) expect({ where, status: s, documented: statuses.includes(s) }).toEqual({ where, status: s, documented: true });
    }
  });

  test("every JSON answer has an example that matches its schema; error examples carry a code of that status", () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    let checked = 0;
    for (const o of ops) {
      for (const [status, response] of Object.entries(o.op.responses as Record<string, Json>)) {
        const where = `${name(o)} ${status}`;
        for (const [type, media] of Object.entries((response.content ?? {}) as Record<string, Json>)) {
          if (!type.includes("json")) continue;
          const examples: unknown[] = media.example !== undefined ? [media.example] : Object.values(media.examples ?? {}).map((e: any) => e.value);
          expect({ where, examples: examples.length > 0 }).toEqual({ where, examples: true });
          // A named schema is a $ref into the document's components: compiled with them.
          const validate = ajv.compile({ ...(media.schema as object), components: doc.components });
          for (const example of examples) {
            const ok = validate(example);
            expect({ where, example, ok, errors: ok ? null : validate.errors }).toEqual({ where, example, ok: true, errors: null });
            if (Number(status) >= 400 && o.path.startsWith("/v1/")) {
              const code = (example as Json).error.code as ErrorCode;
              expect({ where, code, status: ERROR_CODES[code]?.[0] as number | undefined }).toEqual({ where, code, status: Number(status) });
            }
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  test("headers: Request-Id on every answer, RateLimit-* on authenticated ones, Retry-After on 429", () => {
    for (const o of ops) {
      for (const [status, response] of Object.entries(o.op.responses as Record<string, Json>)) {
        const where = `${name(o)} ${status}`;
        const headers = Object.keys(response.headers ?? {});
        expect({ where, requestId: headers.includes("Request-Id") }).toEqual({ where, requestId: true });
        if (!isPublic(o) && status !== "401")
          expect({ where, rate: ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"].every((h) => headers.includes(h)) }).toEqual({ where, rate: true });
        if (status === "429") expect({ where, retryAfter: headers.includes("Retry-After") }).toEqual({ where, retryAfter: true });
      }
    }
  });

  test("building the app again gives the same document (completing it never touches the routes' own schemas)", async () => {
    for (let i = 0; i < 3; i++) {
      const again = (await (await buildApp(svc.ctx).handle(new Request("http://localhost/swagger/json"))).json()) as Json;
      expect(again).toEqual(doc);
    }
  });

  test("what the document says about errors matches the server: a documented 404 really is one", async () => {
    for (const o of ops.filter((x) => x.path.startsWith("/v1/") && /\{[^}]+\}/.test(x.path))) {
      const url = o.path.replace(/\{[^}]+\}/g, "pi_doesnotexist00000000000000");
      const res = await svc.api(url, { method: o.method.toUpperCase(), key: svc.sandbox.test_key_unscoped });
      expect({ route: name(o), status: res.status }).toEqual({ route: name(o), status: 404 });
    }
  });
});
