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

test("the request path: sliced from the absolute URL without its query or fragment, as new URL() reads it for the URLs Bun hands a server", async () => {
  const { requestPath } = await import("../src/http/request-path.ts");
  const urls = ["http://h:1/v1/payment-intents/pi_1", "http://h/v1/payment-intents?limit=3&x=/y", "http://h/pay/pi_1#top", "http://h/a?b#c", "http://h/", "http://h", "https://h:443/pay/assets/pay.css?v=1", "http://h//pay/x", "http://h/p%61y/x"];
  for (const url of urls) expect({ url, path: requestPath(url) }).toEqual({ url, path: new URL(url).pathname });
});
