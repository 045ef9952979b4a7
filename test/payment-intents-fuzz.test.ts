/**
 * Property-based fuzzing of the payment intent endpoints against the running server: thousands of
 * random create bodies (mutations of a valid body, random JSON, random bytes, random content types
 * and headers) and random list queries. Properties: never a 500; every answer carries a Request-Id;
 * an error is exactly the error shape with a known code, its type and a string param when present;
 * a success is exactly the create (or list) shape. Deterministic: FUZZ_SEED reproduces a run, and a
 * failure prints the seed and the input.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ERROR_CODES } from "../src/domain/errors.ts";
import { startTestService, type TestService } from "./support/service.ts";
import { CREATE_FIELDS, keysOf, LIST_ITEM_FIELDS } from "./support/intents.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 20260401);
const CREATES = Number(process.env.FUZZ_CREATES ?? 3000);
const LISTS = Number(process.env.FUZZ_LISTS ?? 2000);
const PATHS = Number(process.env.FUZZ_PATHS ?? 600);
const PARALLEL = 16;

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.stop();
});

/** mulberry32: small, fast, deterministic. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T,>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
type Rng = ReturnType<typeof rng>;

const NUMBERS = [0, -0, 0.01, 0.009, 0.015, 1, 12.5, 12.345, 9999.99, 10000, 10000.01, -1, 1e308, -1e308, 5e-324, 2 ** 53, 2 ** 53 + 2, 0.1 + 0.2, 59, 60, 300, 3600, 3601, 1.5, 1e21, 123456789.12];
const RAW_NUMBERS = ["NaN", "Infinity", "-Infinity", "1e4000", "-0", "1e-2", "1E2", "01", "+1", ".5", "1.", "0x1F", "1e", "--1", "1.2.3", "12.50", "1.0000000000000001"];
const STRINGS = ["", "usd", "USD", "eur", "mer_x", "pi_x", "null", "12.5", " ", "\u0000", "\ud800", "\udfff", "😀", "é", "\u202e", "<script>", "'; DROP TABLE app.payment_intents; --", "%00", "\\", '"', "\n", "a".repeat(501)];
const UNICODE = ["a", "Z", "0", " ", "😀", "é", "\u0301", "\u0000", "\u0007", "\ud800", "\udc00", "\uffff", "\u200b", "中", "\u2028", '"', "\\"];

function randomString(r: Rng, maxLen = 60): string {
  if (r.chance(0.3)) return r.pick(STRINGS);
  const len = r.chance(0.05) ? 400 + r.int(300) : r.int(maxLen);
  let s = "";
  for (let i = 0; i < len; i++) s += r.chance(0.7) ? String.fromCharCode(32 + r.int(95)) : r.pick(UNICODE);
  return s;
}

function randomJson(r: Rng, depth = 0): unknown {
  switch (r.int(depth > 3 ? 5 : 7)) {
    case 0:
      return null;
    case 1:
      return r.chance(0.5);
    case 2:
      return r.chance(0.5) ? r.pick(NUMBERS) : (r.next() - 0.5) * 10 ** r.int(12);
    case 3:
    case 4:
      return randomString(r);
    case 5:
      return Array.from({ length: r.int(4) }, () => randomJson(r, depth + 1));
    default:
      return Object.fromEntries(Array.from({ length: r.int(5) }, () => [randomString(r, 12), randomJson(r, depth + 1)]));
  }
}

function randomMetadata(r: Rng): unknown {
  if (r.chance(0.15)) return randomJson(r);
  const n = r.chance(0.1) ? 10 + r.int(3) : r.int(6);
  const out: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    const key = r.chance(0.1) ? r.pick(["__proto__", "constructor", "toString", "", "k".repeat(40), "k".repeat(41), "😀".repeat(40)]) : randomString(r, 45);
    out[key] = r.chance(0.85) ? randomString(r, 80) : randomJson(r, 2);
  }
  return out;
}

const FIELDS = ["amount", "currency", "merchant_id", "metadata", "ttl", "idempotency_key"];

/** A create request: a valid body mutated a few times, or something else entirely. */
function randomCreate(r: Rng, merchantIds: string[]): { body: string | Uint8Array; headers: Record<string, string>; label: string } {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (r.chance(0.05)) headers["content-type"] = r.pick(["text/plain", "", "application/json; charset=latin1", "application/JSON", "application/json;charset=utf-8", "multipart/form-data", "application/x-www-form-urlencoded"]);
  if (headers["content-type"] === "") delete headers["content-type"];
  if (r.chance(0.1)) headers["idempotency-key"] = r.chance(0.5) ? `fuzz-${r.int(20)}` : randomString(r, 20).replace(/[\u0000-\u001f\u007f-\uffff]/g, "x");
  const kind = r.int(100);
  if (kind < 4) {
    const bytes = new Uint8Array(r.int(200));
    for (let i = 0; i < bytes.length; i++) bytes[i] = r.int(256);
    return { body: bytes, headers, label: "random bytes" };
  }
  if (kind < 8) return { body: JSON.stringify(randomJson(r)), headers, label: "random json" };
  const body: Record<string, unknown> = {
    amount: r.pick([12.5, 1, 0.01, 10000, 99.99]),
    currency: "usd",
    merchant_id: r.pick(merchantIds),
  };
  const raws: Record<string, string> = {};
  const mutations = r.int(4);
  for (let i = 0; i < mutations; i++) {
    const field = r.chance(0.9) ? r.pick(FIELDS) : randomString(r, 10);
    switch (r.int(6)) {
      case 0:
        delete body[field];
        break;
      case 1:
        body[field] = randomJson(r);
        break;
      case 2:
        if (field === "metadata") body.metadata = randomMetadata(r);
        else body[field] = r.pick(NUMBERS);
        break;
      case 3:
        raws[field] = r.pick(RAW_NUMBERS);
        delete body[field];
        break;
      case 4:
        body[field] = randomString(r);
        break;
      default:
        body.metadata = randomMetadata(r);
    }
  }
  let text = JSON.stringify(body);
  for (const [k, v] of Object.entries(raws)) text = `${text.slice(0, -1)}${text.length > 2 ? "," : ""}${JSON.stringify(k)}:${v}}`;
  if (r.chance(0.05)) text = text.slice(0, r.int(text.length)); // truncated
  if (r.chance(0.03)) text = text + " ".repeat(65_536); // oversized
  return { body: text, headers, label: "mutated" };
}

const LIST_PARAMS = ["merchant_id", "status", "created_after", "created_before", "limit", "starting_after"];
const QUERY_VALUES = ["", "0", "1", "25", "100", "101", "-1", "1.5", "1e2", "abc", "awaiting_payment", "confirmed", "paid", "2026-04-01", "2026-04-01T12:00:00Z", "2026-04-01T12:00:00.123456789+05:30", "2026-02-30", "2026-13-01T00:00:00Z", "9999-12-31T23:59:59.999Z", "9999-12-31T23:59:59.999-23:59", "0001-01-01", "0001-01-01T00:00:00+23:59", "0000-01-01", "0000-01-01T00:00:00Z", "-0001-01-01", "+010000-01-01T00:00:00Z", "1711965600", "pi_doesnotexist00000000000", "mer_doesnotexist0000000000", "%", "%00", "%FF", "%E2%82", "😀", "\u0000"];

function randomListQuery(r: Rng, merchantIds: string[], intentIds: string[]): string {
  const parts: string[] = [];
  const n = r.int(5);
  for (let i = 0; i < n; i++) {
    const name = r.chance(0.9) ? r.pick(LIST_PARAMS) : enc(randomString(r, 10));
    let value: string;
    if (name === "merchant_id" && r.chance(0.6)) value = r.pick(merchantIds);
    else if (name === "starting_after" && r.chance(0.6)) value = r.pick(intentIds);
    else if (r.chance(0.7)) value = r.pick(QUERY_VALUES);
    else value = randomString(r, 30);
    parts.push(`${name}=${r.chance(0.8) ? enc(value) : value.replace(/[#?&\s]/g, "")}`);
  }
  if (r.chance(0.05)) parts.push(r.pick(["&", "==", "=x", "limit", "limit=1=2"]));
  return parts.length ? `?${parts.join("&")}` : "";
}

/** encodeURIComponent, with unpaired surrogates sent as the (invalid UTF-8) bytes they would be. */
function enc(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const d = s.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) out += `%ED%${(0xa0 + ((c >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 + (c & 0x3f)).toString(16).toUpperCase()}`;
    else out += encodeURIComponent(s[i]!);
  }
  return out;
}

async function checkAnswer(res: Response, label: string, onSuccess: (body: Record<string, unknown>) => void) {
  const text = await res.text();
  const ctx = `seed=${SEED} ${label} -> ${res.status} ${text.slice(0, 400)}`;
  expect(res.status, ctx).not.toBe(500);
  expect(res.headers.get("request-id"), ctx).toMatch(/^req_/);
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(`not JSON: ${ctx}`);
  }
  if (res.status < 300) return onSuccess(body);
  expect(Object.keys(body), ctx).toEqual(["error"]);
  const error = body.error as Record<string, unknown>;
  const code = error.code as keyof typeof ERROR_CODES;
  expect(ERROR_CODES[code], ctx).toBeDefined();
  // resource_missing is 404 for a path id and 400 for a body field naming a merchant (docs/contributors.md "Errors").
  const status = code === "resource_missing" && error.param === "merchant_id" && res.status === 400 ? 400 : ERROR_CODES[code][0];
  expect([res.status, error.type], ctx).toEqual([status, ERROR_CODES[code][1]]);
  expect(typeof error.message, ctx).toBe("string");
  expect(keysOf(error).filter((k) => !["type", "message", "code", "param"].includes(k)), ctx).toEqual([]);
  if ("param" in error) expect(typeof error.param, ctx).toBe("string");
}

async function inBatches<T>(items: T[], fn: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += PARALLEL) await Promise.all(items.slice(i, i + PARALLEL).map(fn));
}

describe("fuzz", () => {
  test(`${CREATES} random creates: never a 500, always an exact shape`, async () => {
    const r = rng(SEED);
    const merchantIds = [svc.sandbox.merchant_id, svc.sandbox.merchant_id, "mer_doesnotexist0000000000", "x", ""];
    const requests = Array.from({ length: CREATES }, () => randomCreate(r, merchantIds));
    const statuses = new Map<number, number>();
    await inBatches(requests, async ({ body, headers, label }) => {
      const res = await svc.api("/v1/payment-intents", { method: "POST", body, headers });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const shown = typeof body === "string" ? body.slice(0, 300) : `bytes(${body.length})`;
      await checkAnswer(res, `${label} ${JSON.stringify(headers)} ${shown}`, (b) => expect(keysOf(b), shown).toEqual(CREATE_FIELDS));
    });
    // The generator reaches both sides of the validation.
    expect(statuses.get(201) ?? 0).toBeGreaterThan(CREATES / 20);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(CREATES / 4);
  }, 300_000);

  test(`${LISTS} random list queries: never a 500, always an exact shape`, async () => {
    const r = rng(SEED + 1);
    const intentIds = (await svc.ctx.database.sql`SELECT id FROM app.payment_intents LIMIT 50`).map((x) => String(x.id));
    intentIds.push("pi_doesnotexist00000000000", "bogus");
    const merchantIds = [svc.sandbox.merchant_id, "mer_doesnotexist0000000000", "x"];
    const queries = Array.from({ length: LISTS }, () => ({ q: randomListQuery(r, merchantIds, intentIds), key: r.chance(0.5) ? svc.sandbox.test_key_scoped : svc.sandbox.test_key_unscoped }));
    let ok = 0;
    await inBatches(queries, async ({ q, key }) => {
      const res = await svc.api(`/v1/payment-intents${q}`, { key });
      await checkAnswer(res, `GET /v1/payment-intents${q}`, (b) => {
        ok++;
        expect(keysOf(b), q).toEqual(["data", "has_more", "object", "total_count"]);
        for (const item of b.data as Array<Record<string, unknown>>) expect(keysOf(item).filter((k) => !LIST_ITEM_FIELDS.includes(k)), q).toEqual([]);
      });
    });
    expect(ok).toBeGreaterThan(LISTS / 20);
  }, 300_000);

  test(`${PATHS} random ids on get, cancel, QR and the test helpers: never a 500`, async () => {
    const r = rng(SEED + 2);
    const paths = Array.from({ length: PATHS }, () => {
      const id = r.chance(0.2) ? `pi_${randomString(r, 30)}` : randomString(r, 40) || "x";
      const seg = enc(id);
      return r.pick([
        { method: "GET", path: `/v1/payment-intents/${seg}` },
        { method: "POST", path: `/v1/payment-intents/${seg}/cancel` },
        { method: "GET", path: `/v1/qr/${seg}.png` },
        { method: "GET", path: `/v1/qr/${seg}` },
        { method: "POST", path: `/v1/test_helpers/payment_intents/${seg}/expire` },
        { method: "POST", path: `/v1/test_helpers/payment_intents/${seg}/pay` },
      ]);
    });
    await inBatches(paths, async ({ method, path }) => {
      const res = await svc.api(path, { method });
      await checkAnswer(res, `${method} ${path}`, () => {
        throw new Error(`random id accepted: ${method} ${path}`);
      });
    });
  }, 300_000);
});
