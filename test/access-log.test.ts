/** The access line and the HTTP histogram name a request by its route template, never by the ids in its path. */
import { expect, test } from "bun:test";
import { RouteTemplates } from "../src/http/access-log.ts";
test("route templates: fixed segments before parameters, a trailing * for the rest, HEAD served by GET routes, nothing else matched", () => {
  const r = new RouteTemplates([{ method: "GET", path: "/v1/payment-intents/:id" }, { method: "GET", path: "/v1/payment-intents/:id/qr" }, { method: "POST", path: "/v1/payment-intents" }, { method: "GET", path: "/swagger/*" }, { method: "GET", path: "/v1/payment-intents/search" }, { method: "GET", path: "/" }]);
  expect(r.match("GET", "/v1/payment-intents/pi_1")).toBe("/v1/payment-intents/:id");
  expect(r.match("GET", "/v1/payment-intents/search")).toBe("/v1/payment-intents/search");
  expect(r.match("GET", "/v1/payment-intents/pi_1/qr")).toBe("/v1/payment-intents/:id/qr");
  expect(r.match("HEAD", "/v1/payment-intents/pi_1/qr")).toBe("/v1/payment-intents/:id/qr");
  expect(r.match("POST", "/v1/payment-intents")).toBe("/v1/payment-intents");
  expect(r.match("GET", "/swagger/a/b.js")).toBe("/swagger/*");
  expect(r.match("GET", "/nope")).toBe("unmatched");
  expect(r.match("GET", "/")).toBe("/");
  expect(r.match("DELETE", "/")).toBe("unmatched");
});
