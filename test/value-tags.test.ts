/**
 * One price, many payments: value tags from the pool (src/modules/payment-intents/reserve.ts),
 * with a narrow tag width (VALUE_TAG_WIDTH=100) and a one-hour quarantine so the ceiling is reached
 * in a test. Real Postgres, anvil, Ponder and the matcher, real HTTP.
 */
import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import type { Address } from "viem";
import { startTestService, type TestService } from "./support/service.ts";
import { create, newMerchant, type Json } from "./support/intents.ts";
import { createIntent, getJson, payer, waitFor } from "./support/payments.ts";
import { dashboardUser } from "./support/dashboard-client.ts";
import { connect } from "../src/db/client.ts";
import { newId } from "../src/domain/ids.ts";
import { reserveAndInsert, type ValueLeases } from "../src/modules/payment-intents/reserve.ts";
import { checkTags } from "../src/modules/payment-intents/value-tags.ts";

const WIDTH = 100;
const QUARANTINE_MS = 60 * 60_000;
const clock = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };
let svc: TestService;

beforeAll(async () => {
  svc = await startTestService({ roles: ["api", "indexer", "matcher"], clock, env: { VALUE_TAG_WIDTH: String(WIDTH), VALUE_TAG_QUARANTINE_MINUTES: "60" } });
});
afterAll(async () => {
  await svc?.stop();
});

const sql = () => svc.ctx.database.sql;
const key = () => svc.sandbox.test_key_unscoped;
const valueOf = (body: Json) => BigInt(/uint256=(\d+)/.exec(String(body.qr_payload))![1]!);

async function createOf(merchantId: string, amount: number) {
  return create(svc, { amount, currency: "usd", merchant_id: merchantId, ttl: 3600 }, { key: key() });
}

async function heldRows(merchantId: string, amountUnits: bigint) {
  return sql()<{ expected_units: bigint; intent_id: string }[]>`
    SELECT expected_units, intent_id FROM app.reservations
    WHERE merchant_id = ${merchantId} AND amount_units = ${amountUnits}::int8 AND intent_id IS NOT NULL
      AND (released_after IS NULL OR released_after > ${clock.now().toISOString()}::timestamptz)`;
}

describe("value tags from the pool", () => {
  test("two API processes (two pools, two caches) creating one amount at once never share a value; the ceiling holds exactly", async () => {
    const merchant = await newMerchant(svc, [svc.sandbox.account_id], "Rush Shop");
    const amountUnits = 7_770_000n;
    // The second "process": its own postgres.js pool and its own pool positions, on the same database.
    const other = connect(svc.ctx.config.databaseUrl!);
    const leases: ValueLeases = new Map();
    try {
      const direct = () => {
        const now = clock.now();
        return reserveAndInsert(
          other.sql,
          null,
          {
            id: newId("paymentIntent"), mode: "test", accountId: svc.sandbox.account_id, merchantId: merchant.id, amountUnits,
            chainId: svc.ctx.chains.test!.chainId, token: "USDC", paymentAddress: merchant.paymentAddress!, metadata: {},
            createdAt: now, expiresAt: new Date(now.getTime() + 3_600_000),
          },
          WIDTH,
          leases,
        );
      };
      const [viaApi, viaOther] = await Promise.all([
        Promise.all(Array.from({ length: 70 }, () => createOf(merchant.id, 7.77))),
        Promise.all(Array.from({ length: 70 }, () => direct())),
      ]);
      const apiValues = viaApi.filter((r) => r.res.status === 201).map((r) => valueOf(r.body));
      const otherValues = viaOther.flatMap((r) => (r.kind === "created" ? [BigInt(r.row.expected_units as bigint)] : []));
      const all = [...apiValues, ...otherValues];
      // Exactly the width is handed out, every value distinct and within [amount, amount + width).
      expect(all).toHaveLength(WIDTH);
      expect(new Set(all.map(String)).size).toBe(WIDTH);
      for (const v of all) expect(v - amountUnits >= 0n && v - amountUnits < BigInt(WIDTH)).toBe(true);
      // Everyone else was refused: 409 on the API, `full` on the other process.
      for (const r of viaApi.filter((r) => r.res.status !== 201)) expect((r.body.error as Json).code).toBe("too_many_open_intents");
      expect(viaApi.filter((r) => r.res.status !== 201).length + viaOther.filter((r) => r.kind === "full").length).toBe(140 - WIDTH);
      // The database agrees: one held row per intent, each intent's row its own value.
      const held = await heldRows(merchant.id, amountUnits);
      expect(held).toHaveLength(WIDTH);
      const [bad] = await sql()<{ n: number }[]>`
        SELECT count(*)::int AS n FROM app.payment_intents p JOIN app.reservations r ON r.intent_id = p.id
        WHERE p.merchant_id = ${merchant.id} AND (r.expected_units <> p.expected_units OR p.expected_units <> p.amount_units + p.tag_units)`;
      expect(bad?.n).toBe(0);
    } finally {
      await other.close();
    }
  });

  test("a rush of idempotent creates of one amount (each leasing tags inside its own transaction) gets distinct values; a retry replays its own", async () => {
    const merchant = await newMerchant(svc, [svc.sandbox.account_id], "Idempotent Rush");
    const send = (i: number) =>
      create(svc, { amount: 6.66, currency: "usd", merchant_id: merchant.id, ttl: 3600 }, { key: key(), headers: { "idempotency-key": `rush-${merchant.id}-${i}` } });
    const made = await Promise.all(Array.from({ length: 40 }, (_, i) => send(i)));
    expect(made.map((r) => r.res.status)).toEqual(Array(40).fill(201));
    const values = made.map((r) => valueOf(r.body));
    expect(new Set(values.map(String)).size).toBe(40);
    for (const v of values) expect(v - 6_660_000n >= 0n && v - 6_660_000n < BigInt(WIDTH)).toBe(true);
    const again = await send(7);
    expect(again.res.status).toBe(200);
    expect(again.res.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.id).toBe(made[7]!.body.id);
    expect(valueOf(again.body)).toBe(values[7]!);
    expect(await heldRows(merchant.id, 6_660_000n)).toHaveLength(40);
  });

  test("a released value is not reused inside the quarantine (VALUE_TAG_QUARANTINE_MINUTES), and is after it", async () => {
    const merchant = await newMerchant(svc, [svc.sandbox.account_id], "Quarantine Shop");
    const a = (await createOf(merchant.id, 5.55)).body;
    const b = (await createOf(merchant.id, 5.55)).body;
    expect(valueOf(a)).toBe(5_550_000n);
    expect(valueOf(b)).toBe(5_550_001n);
    const cancelled = await svc.api(`/v1/payment-intents/${a.id}/cancel`, { method: "POST", key: key() });
    expect(cancelled.status).toBe(200);
    const cancelledAt = Date.parse(String(((await cancelled.json()) as Json).cancelled_at));
    const [res] = await sql()<{ released_after: Date }[]>`SELECT released_after FROM app.reservations WHERE intent_id = ${String(a.id)}`;
    expect(new Date(res!.released_after).getTime() - cancelledAt).toBe(QUARANTINE_MS);
    try {
      const seen = new Set([valueOf(a), valueOf(b)].map(String));
      for (const offset of [0, QUARANTINE_MS - 2_000]) {
        clock.offsetMs = offset;
        const c = (await createOf(merchant.id, 5.55)).body;
        expect(seen.has(String(valueOf(c)))).toBe(false);
        seen.add(String(valueOf(c)));
      }
      clock.offsetMs = QUARANTINE_MS + 1_000;
      const later = (await createOf(merchant.id, 5.55)).body;
      expect(valueOf(later)).toBe(valueOf(a)); // free again: the amount itself is preferred
    } finally {
      clock.offsetMs = 0;
    }
  });

  test("80% of the width held: a warning in the logs, on /metrics and on the merchant's dashboard page", async () => {
    const merchant = await newMerchant(svc, [svc.sandbox.account_id], "Busy Shop");
    const warn = spyOn(svc.ctx.log, "warn");
    try {
      const warnings = () => warn.mock.calls.filter((c) => c[0] === "value tags of one amount are running out" && c[1]?.merchant_id === merchant.id);
      for (let i = 0; i < 79; i++) expect((await createOf(merchant.id, 3.33)).res.status).toBe(201);
      expect(await checkTags(svc.ctx, merchant.id, 3_330_000n)).toBe(79);
      expect(warnings()).toHaveLength(0);
      // The 80th create: the background check (at most once a second per amount) logs the warning.
      await Bun.sleep(1_100);
      expect((await createOf(merchant.id, 3.33)).res.status).toBe(201);
      const [, fields] = await waitFor("the 80% warning", async () => warnings()[0], 5_000);
      expect(fields).toMatchObject({ merchant_id: merchant.id, amount: "3.33", held: 80, width: WIDTH, quarantine: "1 h" });
      expect(String(fields?.hint)).toContain("VALUE_TAG_WIDTH");

      const metrics = await (await fetch(`${svc.apiUrl}/metrics`)).text();
      expect(metrics).toContain(`stablepay_value_tags_width ${WIDTH}`);
      const near = /stablepay_value_tags_amounts_near_ceiling\{mode="test"\} (\d+)/.exec(metrics);
      expect(Number(near?.[1])).toBeGreaterThanOrEqual(1);
      const max = /stablepay_value_tags_held_max\{mode="test"\} (\d+)/.exec(metrics);
      expect(Number(max?.[1])).toBeGreaterThanOrEqual(80);
      expect(metrics).not.toContain(merchant.id); // no tenant ids on /metrics

      const { client } = await dashboardUser(svc, svc.sandbox.account_id, "viewer");
      const page = await (await client.req(`/dashboard/merchants/${merchant.id}?mode=test`)).text();
      expect(page).toContain('data-testid="value-tags"');
      expect(page).toMatch(/role="alert">\$3\.33: 80 of 100 payment slots are held/);
    } finally {
      warn.mockRestore();
    }
  });

  test("the ceiling: 409 too_many_open_intents saying what to do, logged for the operator; a value freed after the quarantine is used again", async () => {
    const merchant = await newMerchant(svc, [svc.sandbox.account_id], "Full Shop");
    const warn = spyOn(svc.ctx.log, "warn");
    try {
      const made = await Promise.all(Array.from({ length: WIDTH }, () => createOf(merchant.id, 9.99)));
      expect(made.map((r) => r.res.status)).toEqual(Array(WIDTH).fill(201));
      const full = await createOf(merchant.id, 9.99);
      expect(full.res.status).toBe(409);
      const error = full.body.error as Json;
      expect(error.code).toBe("too_many_open_intents");
      expect(error.type).toBe("invalid_request_error");
      for (const part of ["All 100 expected values for amount 9.99", "1 h", "cancel open intents", "vary the amount", "VALUE_TAG_WIDTH", "VALUE_TAG_QUARANTINE_MINUTES"])
        expect(String(error.message)).toContain(part);
      expect(warn.mock.calls.some((c) => c[0] === "value tags of one amount exhausted: creates refused" && c[1]?.merchant_id === merchant.id)).toBe(true);
      // Another amount is not affected.
      expect((await createOf(merchant.id, 10)).res.status).toBe(201);
      // A cancelled intent's value stays held for the quarantine, then serves again.
      const victim = made[37]!.body;
      expect((await svc.api(`/v1/payment-intents/${victim.id}/cancel`, { method: "POST", key: key() })).status).toBe(200);
      expect((await createOf(merchant.id, 9.99)).res.status).toBe(409);
      clock.offsetMs = QUARANTINE_MS + 1_000;
      const again = await createOf(merchant.id, 9.99);
      expect(again.res.status).toBe(201);
      expect(valueOf(again.body)).toBe(valueOf(victim));
    } finally {
      clock.offsetMs = 0;
      warn.mockRestore();
    }
  });

  test("a late payment to an ended intent whose value is in quarantine is recorded as late and confirms nothing else", async () => {
    const wallet = payer(svc);
    const a = await createIntent(svc, { amount: 6.66, ttl: 3600 });
    const b = await createIntent(svc, { amount: 6.66, ttl: 3600 });
    expect((await svc.api(`/v1/payment-intents/${a.id}/cancel`, { method: "POST" })).status).toBe(200);
    const c = await createIntent(svc, { amount: 6.66, ttl: 3600 });
    expect(new Set([a.expectedUnits, b.expectedUnits, c.expectedUnits].map(String)).size).toBe(3);
    // The customer of the cancelled intent pays anyway, its exact value.
    const paid = await wallet.pay(a.paymentAddress as Address, a.expectedUnits);
    const txn = await waitFor("the late payment recorded", async () => {
      const [row] = await sql()<{ id: string; payment_intent_id: string | null }[]>`SELECT id, payment_intent_id FROM app.transactions WHERE tx_hash = ${paid.hash.toLowerCase()}`;
      return row;
    });
    expect(txn.payment_intent_id).toBe(a.id);
    expect((await getJson(svc, `/v1/payment-intents/${a.id}`)).body.status).toBe("cancelled");
    for (const other of [b, c]) expect((await getJson(svc, `/v1/payment-intents/${other.id}`)).body.status).toBe("awaiting_payment");
    const confirmed = await sql()`SELECT 1 FROM app.events WHERE type = 'payment_intent.confirmed' AND data->>'id' IN (${a.id}, ${b.id}, ${c.id})`;
    expect(confirmed).toHaveLength(0);
  });
});
