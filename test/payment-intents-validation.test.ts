/**
 * Every bad input of POST /v1/payment-intents as a table: raw bodies (so NaN, Infinity, exponent
 * forms and -0 arrive exactly as a client would type them), content types, sizes, and each field's
 * edge cases. Each row names the status, code and param of the answer; the body must be exactly the
 * error shape. Rows expecting 201 pin the edge on the accepted side.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ERROR_CODES } from "../src/domain/errors.ts";
import { startTestService, type TestService } from "./support/service.ts";
import { CREATE_FIELDS, keysOf } from "./support/intents.ts";

let svc: TestService;
let M: string;
beforeAll(async () => {
  svc = await startTestService();
  M = svc.sandbox.merchant_id;
});
afterAll(async () => {
  await svc?.stop();
});

type Expect = [status: number, code?: string, param?: string];

/** A JSON body text with `fields` spliced in as raw JSON text (values are written verbatim). */
function raw(fields: Record<string, string>): string {
  const base: Record<string, string> = { amount: "12.5", currency: '"usd"', merchant_id: JSON.stringify(M) };
  const all = { ...base, ...fields };
  return `{${Object.entries(all)
    .filter(([, v]) => v !== "<omit>")
    .map(([k, v]) => `${JSON.stringify(k)}:${v}`)
    .join(",")}}`;
}

async function post(body: string | Uint8Array | ReadableStream<Uint8Array>, headers: Record<string, string> = { "content-type": "application/json" }) {
  return svc.api("/v1/payment-intents", { method: "POST", body, headers });
}

async function check(res: Response, [status, code, param]: Expect, label: string) {
  const text = await res.text();
  const ctx = `${label} -> ${res.status} ${text.slice(0, 300)}`;
  expect(res.status, ctx).toBe(status);
  expect(res.headers.get("request-id"), ctx).toMatch(/^req_/);
  const body = JSON.parse(text) as Record<string, unknown>;
  if (status === 201) {
    expect(keysOf(body), ctx).toEqual(CREATE_FIELDS);
    return body;
  }
  expect(Object.keys(body), ctx).toEqual(["error"]);
  const error = body.error as Record<string, unknown>;
  expect(keysOf(error), ctx).toEqual(param === undefined ? ["code", "message", "type"] : ["code", "message", "param", "type"]);
  expect(error.code, ctx).toBe(code);
  expect(error.type, ctx).toBe(ERROR_CODES[code as keyof typeof ERROR_CODES][1]);
  expect(typeof error.message, ctx).toBe("string");
  if (param !== undefined) expect(error.param, ctx).toBe(param);
  return body;
}

const E = "😀"; // one code point, two UTF-16 units
const meta = (n: number) => JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, "v"])));

const AMOUNT: Array<[string, Expect]> = [
  ["12.5", [201]],
  ["0.01", [201]],
  ["10000", [201]],
  ["10000.00", [201]],
  ["1e2", [201]],
  ["1E2", [201]],
  ["1.25e1", [201]],
  ["1e-2", [201]],
  ["5e-1", [201]],
  ["0", [400, "amount_out_of_range", "amount"]],
  ["-0", [400, "amount_out_of_range", "amount"]],
  ["-0.0", [400, "amount_out_of_range", "amount"]],
  ["-1", [400, "amount_out_of_range", "amount"]],
  ["0.009", [400, "amount_out_of_range", "amount"]],
  ["0.001", [400, "amount_out_of_range", "amount"]],
  ["1e-3", [400, "amount_out_of_range", "amount"]],
  ["10000.01", [400, "amount_out_of_range", "amount"]],
  ["10001", [400, "amount_out_of_range", "amount"]],
  ["1e4000", [400, "parameter_invalid", "amount"]], // parses to Infinity
  ["-1e4000", [400, "parameter_invalid", "amount"]],
  ["1e308", [400, "amount_out_of_range", "amount"]],
  ["12.345", [400, "parameter_invalid", "amount"]],
  ["0.015", [400, "parameter_invalid", "amount"]],
  ["1.2345e1", [400, "parameter_invalid", "amount"]],
  ["1.0001e1", [400, "parameter_invalid", "amount"]],
  ["1.001e1", [201]], // 10.01
  ["9999.999", [400, "parameter_invalid", "amount"]],
  ["5e-324", [400, "amount_out_of_range", "amount"]],
  ['"12.50"', [400, "parameter_invalid", "amount"]],
  ['"12"', [400, "parameter_invalid", "amount"]],
  ['""', [400, "parameter_invalid", "amount"]],
  ["true", [400, "parameter_invalid", "amount"]],
  ["false", [400, "parameter_invalid", "amount"]],
  ["null", [400, "parameter_invalid", "amount"]],
  ["[12.5]", [400, "parameter_invalid", "amount"]],
  ['{"value":12.5}', [400, "parameter_invalid", "amount"]],
  ["<omit>", [400, "parameter_missing", "amount"]],
  // Not JSON at all: malformed body, no param.
  ["NaN", [400, "parameter_invalid"]],
  ["Infinity", [400, "parameter_invalid"]],
  ["-Infinity", [400, "parameter_invalid"]],
  ["+1", [400, "parameter_invalid"]],
  ["01", [400, "parameter_invalid"]],
  [".5", [400, "parameter_invalid"]],
  ["1.", [400, "parameter_invalid"]],
  ["0x10", [400, "parameter_invalid"]],
  ["1_000", [400, "parameter_invalid"]],
];

const CURRENCY: Array<[string, Expect]> = [
  ['"usd"', [201]],
  ['"USD"', [201]],
  ['"eur"', [400, "currency_unsupported", "currency"]],
  ['"usdc"', [400, "currency_unsupported", "currency"]],
  ['""', [400, "currency_unsupported", "currency"]],
  ["1", [400, "parameter_invalid", "currency"]],
  ["null", [400, "parameter_invalid", "currency"]],
  ['["usd"]', [400, "parameter_invalid", "currency"]],
  ["<omit>", [400, "parameter_missing", "currency"]],
];

const MERCHANT: Array<[string, Expect]> = [
  ['"mer_doesnotexist0000000000"', [400, "resource_missing", "merchant_id"]],
  ['"mer_"', [400, "resource_missing", "merchant_id"]],
  ['"x"', [400, "resource_missing", "merchant_id"]],
  ['"mer_\\u0000abcdefgh"', [400, "resource_missing", "merchant_id"]],
  ['""', [400, "parameter_invalid", "merchant_id"]],
  ["42", [400, "parameter_invalid", "merchant_id"]],
  ["null", [400, "parameter_invalid", "merchant_id"]],
  ["{}", [400, "parameter_invalid", "merchant_id"]],
  ["<omit>", [400, "parameter_missing", "merchant_id"]],
];

const TTL: Array<[string, Expect]> = [
  ["60", [201]],
  ["3600", [201]],
  ["300.0", [201]],
  ["6e1", [201]],
  ["59", [400, "ttl_out_of_range", "ttl"]],
  ["3601", [400, "ttl_out_of_range", "ttl"]],
  ["0", [400, "ttl_out_of_range", "ttl"]],
  ["-0", [400, "ttl_out_of_range", "ttl"]],
  ["-300", [400, "ttl_out_of_range", "ttl"]],
  ["1e10", [400, "ttl_out_of_range", "ttl"]],
  ["60.5", [400, "parameter_invalid", "ttl"]],
  ['"300"', [400, "parameter_invalid", "ttl"]],
  ["null", [400, "parameter_invalid", "ttl"]],
  ["true", [400, "parameter_invalid", "ttl"]],
  ["[300]", [400, "parameter_invalid", "ttl"]],
  ["1e4000", [400, "parameter_invalid", "ttl"]],
];

const METADATA: Array<[string, Expect]> = [
  ["{}", [201]],
  [meta(10), [201]],
  [meta(11), [400, "metadata_invalid", "metadata"]],
  [JSON.stringify({ ["k".repeat(40)]: "v" }), [201]],
  [JSON.stringify({ ["k".repeat(41)]: "v" }), [400, "metadata_invalid", "metadata"]],
  [JSON.stringify({ [E.repeat(40)]: "v" }), [201]],
  [JSON.stringify({ [E.repeat(41)]: "v" }), [400, "metadata_invalid", "metadata"]],
  [JSON.stringify({ k: "x".repeat(500) }), [201]],
  [JSON.stringify({ k: "x".repeat(501) }), [400, "metadata_invalid", "metadata"]],
  [JSON.stringify({ k: E.repeat(500) }), [201]], // 1000 UTF-16 units, 500 characters
  [JSON.stringify({ k: E.repeat(501) }), [400, "metadata_invalid", "metadata"]],
  [JSON.stringify({ k: "é".normalize("NFD").repeat(250) }), [201]], // 500 code points
  [JSON.stringify({ k: "" }), [201]],
  [JSON.stringify({ "": "v" }), [400, "metadata_invalid", "metadata"]],
  ['{"k":1}', [400, "metadata_invalid", "metadata"]],
  ['{"k":1.5}', [400, "metadata_invalid", "metadata"]],
  ['{"k":true}', [400, "metadata_invalid", "metadata"]],
  ['{"k":null}', [400, "metadata_invalid", "metadata"]],
  ['{"k":["v"]}', [400, "metadata_invalid", "metadata"]],
  ['{"k":{"nested":"v"}}', [400, "metadata_invalid", "metadata"]],
  ['{"k":"a\\u0000b"}', [400, "metadata_invalid", "metadata"]],
  ['{"k\\u0000":"v"}', [400, "metadata_invalid", "metadata"]],
  ['{"k":"\\ud800"}', [400, "metadata_invalid", "metadata"]],
  ['{"k":"\\udc00x"}', [400, "metadata_invalid", "metadata"]],
  ['{"\\ud83d":"v"}', [400, "metadata_invalid", "metadata"]],
  ['{"k":"\\ud83d\\ude00"}', [201]],
  ["[]", [400, "metadata_invalid", "metadata"]],
  ['["k","v"]', [400, "metadata_invalid", "metadata"]],
  ['"k=v"', [400, "metadata_invalid", "metadata"]],
  ["null", [400, "metadata_invalid", "metadata"]],
  ["1", [400, "metadata_invalid", "metadata"]],
];

const IDEMPOTENCY: Array<[string, Expect]> = [
  ['""', [400, "parameter_invalid", "idempotency_key"]],
  [JSON.stringify("k".repeat(256)), [400, "parameter_invalid", "idempotency_key"]],
  ["1", [400, "parameter_invalid", "idempotency_key"]],
  ["null", [400, "parameter_invalid", "idempotency_key"]],
  ['"a\\nb"', [400, "parameter_invalid", "idempotency_key"]],
  ['"a\\u0000b"', [400, "parameter_invalid", "idempotency_key"]],
  ['"\\ud800"', [400, "parameter_invalid", "idempotency_key"]],
];

describe("POST /v1/payment-intents field by field", () => {
  for (const [name, table] of [
    ["amount", AMOUNT],
    ["currency", CURRENCY],
    ["merchant_id", MERCHANT],
    ["ttl", TTL],
    ["metadata", METADATA],
    ["idempotency_key", IDEMPOTENCY],
  ] as const) {
    test(`${name}: ${table.length} cases`, async () => {
      for (const [value, expected] of table) {
        const body = raw({ [name]: value });
        await check(await post(body), expected, `${name}=${value.slice(0, 80)}`);
      }
    });
  }

  test("metadata is returned unchanged, including keys that are special in JavaScript", async () => {
    const metadata = { __proto__x: "1", constructor: "2", toString: "3", "a.b": "4", [E]: E.repeat(3), "": undefined };
    delete (metadata as Record<string, unknown>)[""];
    const text = raw({ metadata: `{"__proto__":"0",${JSON.stringify(metadata).slice(1)}` });
    const body = await check(await post(text), [201], "special keys");
    expect(body.metadata).toEqual(JSON.parse(`{"__proto__":"0",${JSON.stringify(metadata).slice(1)}`));
    expect(Object.keys(body.metadata as object)).toContain("__proto__");
  });
});

describe("POST /v1/payment-intents body as a whole", () => {
  test("unknown fields are parameter_unknown, named in param (checked before the field values)", async () => {
    const cases: Array<[string, string]> = [
      [raw({ amout: "12.5" }), "amout"],
      [raw({ customer: '"cus_1"' }), "customer"],
      [raw({ amount: '"bad"', capture_method: '"manual"' }), "capture_method"],
      [raw({ ["__proto__"]: '"x"' }), "__proto__"],
      [raw({ "": "1" }), ""],
      [raw({ Amount: "1" }), "Amount"],
    ];
    for (const [body, param] of cases) await check(await post(body), [400, "parameter_unknown", param], body);
  });

  test("not an object, malformed JSON, bad encodings: 400 parameter_invalid without param", async () => {
    const bodies: Array<string | Uint8Array> = [
      "[]",
      '"amount"',
      "12.5",
      "null",
      "true",
      "{",
      '{"amount":',
      '{"amount":12.5,}',
      "{'amount':12.5}",
      "{amount:12.5}",
      '{"amount":12.5}{}',
      "   ",
      new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), // {"\xff\xfe":1} not UTF-8
      "[".repeat(30_000) + "]".repeat(30_000), // deep nesting, under 64 KiB
    ];
    for (const body of bodies) await check(await post(body), [400, "parameter_invalid"], typeof body === "string" ? body.slice(0, 40) : "bytes");
    // Deep but valid: parsed, then refused for what it says.
    await check(await post('{"a":'.repeat(10_000) + "1" + "}".repeat(10_000)), [400, "parameter_unknown", "a"], "deep object");
    await check(await post(raw({ metadata: '{"k":' + "[".repeat(20_000) + "]".repeat(20_000) + "}" })), [400, "metadata_invalid", "metadata"], "deep metadata");
  });

  test("an absent or empty body is a missing amount", async () => {
    await check(await post(""), [400, "parameter_missing", "amount"], "empty");
    await check(await svc.api("/v1/payment-intents", { method: "POST" }), [400, "parameter_missing", "amount"], "no body");
    await check(await post("{}"), [400, "parameter_missing", "amount"], "{}");
  });

  test("a UTF-8 byte order mark before the JSON is tolerated (RFC 8259 allows ignoring it)", async () => {
    await check(await post("\uFEFF" + raw({})), [201], "BOM");
  });

  test("duplicate keys: the last one counts (JSON.parse)", async () => {
    await check(await post(`{"amount":"x","amount":1,"currency":"usd","merchant_id":${JSON.stringify(M)}}`), [201], "duplicate");
  });

  test("content types: only application/json (charset utf-8 allowed) -> otherwise 415", async () => {
    const ok = ["application/json", "application/json; charset=utf-8", "Application/JSON;charset=UTF-8", 'application/json; charset="utf-8"'];
    for (const ct of ok) await check(await post(raw({}), { "content-type": ct }), [201], ct);
    const refused = ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/vnd.api+json", "application/json; charset=latin1", "application/jsonp", "", "*/*"];
    for (const ct of refused) await check(await post(raw({}), ct === "" ? {} : { "content-type": ct }), [415, "unsupported_content_type"], `ct=${ct}`);
    await check(await post("amount=12.5&currency=usd", { "content-type": "application/x-www-form-urlencoded" }), [415, "unsupported_content_type"], "form");
  });

  test("bodies over 64 KiB are 413 body_too_large, declared or chunked; 64 KiB exactly is read", async () => {
    const target = raw({}).length;
    // A valid body of exactly 65,536 bytes (whitespace padding) is read; one byte more is refused.
    const fit = raw({}).slice(0, -1) + " ".repeat(65_536 - target) + "}";
    expect(new TextEncoder().encode(fit).length).toBe(65_536);
    await check(await post(fit), [201], "64 KiB");
    const over = raw({}).slice(0, -1) + " ".repeat(65_537 - target) + "}";
    await check(await post(over), [413, "body_too_large"], "64 KiB + 1");
    await check(await post("x".repeat(2 * 1024 * 1024)), [413, "body_too_large"], "2 MiB");
    await check(await post("x".repeat(200_000), { "content-type": "text/plain" }), [413, "body_too_large"], "large text/plain");
    // Chunked (no Content-Length): counted while reading.
    const chunk = new TextEncoder().encode(" ".repeat(16_384));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 8) controller.enqueue(chunk);
        else controller.close();
      },
    });
    await check(await post(stream), [413, "body_too_large"], "chunked 128 KiB");
  });

  test("Idempotency-Key header and body field must agree", async () => {
    const res = await post(raw({ idempotency_key: '"a"' }), { "content-type": "application/json", "idempotency-key": "b" });
    await check(res, [400, "parameter_invalid", "idempotency_key"], "differ");
    await check(await post(raw({}), { "content-type": "application/json", "idempotency-key": "k".repeat(256) }), [400, "parameter_invalid", "idempotency_key"], "long header");
    await check(await post(raw({ idempotency_key: '"same"' }), { "content-type": "application/json", "idempotency-key": "same" }), [201], "same");
  });
});
