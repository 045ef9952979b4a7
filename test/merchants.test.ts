/** GET /v1/merchants/{id} end to end: real HTTP, real Postgres, merchant account deployed on anvil. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestService, type TestService } from "./support/service.ts";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.stop();
});

describe("GET /v1/merchants/{id}", () => {
  test("returns the demo merchant in the exact spec shape", async () => {
    const res = await svc.api(`/v1/merchants/${svc.sandbox.merchant_id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("request-id")).toMatch(/^req_/);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      ["id", "object", "business_name", "email", "status", "kyc_status", "payout_method", "bank_account", "payment_address", "chain", "settlement_schedule", "fee_rate", "default_payment_address_type", "underpayment_tolerance", "metadata", "created_at"].sort(),
    );
    expect(body).toMatchObject({
      id: svc.sandbox.merchant_id,
      object: "merchant",
      status: "active",
      kyc_status: "approved",
      payout_method: "bank_account",
      bank_account: { bank_name: "First Sandbox Bank", last_4: "6789", status: "verified" },
      payment_address: svc.sandbox.payment_address,
      chain: "base",
      settlement_schedule: "weekly_monday",
      fee_rate: 0.01,
      // Added by the management API: the integrator's metadata, `{}` when none.
      metadata: {},
    });
    expect(body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  test("the payment address holds the merchant account contract", async () => {
    const code = await svc.ctx.chains.test!.publicClient.getCode({ address: svc.sandbox.payment_address as `0x${string}` });
    expect(code && code.length > 2).toBe(true);
  });

  test("the unscoped key sees it too", async () => {
    const res = await svc.api(`/v1/merchants/${svc.sandbox.merchant_id}`, { key: svc.sandbox.test_key_unscoped });
    expect(res.status).toBe(200);
  });

  test("401 without a key, with a malformed key and with an unknown key", async () => {
    const path = `/v1/merchants/${svc.sandbox.merchant_id}`;
    const none = await svc.api(path, { key: null });
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: { code: string; type: string } }).error).toMatchObject({ type: "authentication_error", code: "api_key_missing" });
    const malformed = await svc.api(path, { key: "nope" });
    expect(malformed.status).toBe(401);
    expect(((await malformed.json()) as { error: { code: string } }).error.code).toBe("api_key_invalid");
    const unknown = await svc.api(path, { key: "sk_test_" + "a".repeat(32) });
    expect(unknown.status).toBe(401);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe("api_key_invalid");
  });

  test("404 resource_missing for an unknown id and for a malformed id", async () => {
    for (const id of ["mer_doesnotexist000000000000", "not-an-id", "mer_"]) {
      const res = await svc.api(`/v1/merchants/${id}`);
      expect(res.status).toBe(404);
      const body = (await res.json()) as { error: Record<string, unknown> };
      expect(body.error).toMatchObject({ type: "invalid_request_error", code: "resource_missing" });
      expect(body.error.param).toBeUndefined();
    }
  });
});
