/**
 * Fixtures for the payment intent tests: extra integrator accounts, merchants and keys next to the
 * sandbox demo data, and small helpers to create intents and read error bodies.
 */
import { privateKeyToAccount } from "viem/accounts";
import { createApiKey, createIntegratorAccount, onboardMerchant } from "../../src/modules/merchants/onboarding.ts";
import type { TestService } from "./service.ts";

export const CREATE_FIELDS = [
  "id",
  "object",
  "status",
  "amount",
  "currency",
  "merchant_id",
  "payment_address",
  "payment_address_type",
  "chain",
  "token",
  "qr_payload",
  "qr_image_url",
  "expires_at",
  "metadata",
  "created_at",
].sort();
export const CONFIRMATION_FIELDS = ["net_amount", "fee", "tx_hash", "confirmed_at", "amount_refunded"];
export const LIST_ITEM_FIELDS = ["id", "object", "status", "amount", "currency", "merchant_id", "payment_address_type", "chain", "token", "metadata", "created_at"].sort();
export const CANCEL_FIELDS = ["id", "object", "status", "amount", "currency", "merchant_id", "cancelled_at", "metadata", "created_at"].sort();
export const ERROR_FIELDS = ["type", "message", "code"];

export const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

export type Json = Record<string, unknown>;
export interface ApiErrorBody {
  error: { type: string; message: string; code: string; param?: string };
}

export async function newMerchant(svc: TestService, accountIds: string[], name = "Fixture Shop") {
  return onboardMerchant(svc.ctx, {
    accountIds,
    mode: "test",
    businessName: name,
    email: "owner@fixture.example",
    bankName: "Fixture Bank",
    bankLast4: "1234",
    feeRateBps: 100,
    schedule: { kind: "weekly_monday" },
    ownerAddress: privateKeyToAccount(svc.ctx.config.sandboxPayerPrivateKey).address,
    payoutAddress: "0x000000000000000000000000000000000000bA5e",
  });
}

/** A second merchant in the demo account (with a key scoped to it), and a foreign account with its own merchant and key. */
export async function fixtures(svc: TestService) {
  const demoAccount = svc.sandbox.account_id;
  const second = await newMerchant(svc, [demoAccount], "Second Shop");
  const secondKey = (await createApiKey(svc.ctx, { accountId: demoAccount, mode: "test", merchantId: second.id })).key;
  const foreignAccount = await createIntegratorAccount(svc.ctx, "Foreign integrator");
  const foreign = await newMerchant(svc, [foreignAccount.id], "Foreign Shop");
  const foreignKey = (await createApiKey(svc.ctx, { accountId: foreignAccount.id, mode: "test", merchantId: null })).key;
  const liveKey = (await createApiKey(svc.ctx, { accountId: demoAccount, mode: "live", merchantId: null })).key;
  return { second, secondKey, foreignAccount, foreign, foreignKey, liveKey };
}

export async function create(svc: TestService, body: Json, init: { key?: string; headers?: Record<string, string> } = {}) {
  const res = await svc.api("/v1/payment-intents", { method: "POST", json: body, key: init.key, headers: init.headers });
  return { res, body: (await res.json()) as Json };
}

/** Creates and returns an intent (201 asserted by the caller's expectations on `id`). */
export async function createOk(svc: TestService, body: Partial<Json> = {}, key?: string): Promise<Json> {
  const { res, body: out } = await create(svc, { amount: 10, currency: "usd", merchant_id: svc.sandbox.merchant_id, ...body }, { key });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(out)}`);
  return out;
}

export async function errorOf(res: Response): Promise<ApiErrorBody["error"]> {
  const body = (await res.json()) as ApiErrorBody;
  if (!body.error || Object.keys(body).length !== 1) throw new Error(`not an error body: ${JSON.stringify(body)}`);
  return body.error;
}

export function keysOf(o: unknown): string[] {
  return Object.keys(o as Json).sort();
}
