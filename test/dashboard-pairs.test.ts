/**
 * The dashboard's (chain, token) pairs: balances per enabled pair on home and on a
 * merchant's page (the figures of GET /v1/merchants/{id}/balances), the payments and transactions
 * lists filtered by `?pair=chain/token` (checked by the API's list services: a pair they refuse is
 * dropped by a redirect to the unfiltered list, never a 500), the filter kept in pagination, and each
 * row's chain and token; a settlement's page lists its withdrawals per pair (chain and token, amount,
 * status, transaction) and the total the bank transfer pays, as the API's settlement object does.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createIntegratorAccount } from "../src/modules/merchants/onboarding.ts";
import { startTestService, type TestService } from "./support/service.ts";
import { dashboardUser } from "./support/dashboard-client.ts";
import { fundMerchant, recordUnfundedPayment } from "./support/settlement-fixtures.ts";
import { onboardMerchant } from "../src/modules/merchants/onboarding.ts";
import { cashOut, driveSettlement } from "../src/modules/settlements/service.ts";

let svc: TestService;

beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.stop();
});

const newUser = (accountId: string, role: "admin" | "viewer") => dashboardUser(svc, accountId, role);
const usdText = (n: number) => `$${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`;
const create = async (amount: number) =>
  (await (await svc.api("/v1/payment-intents", { method: "POST", json: { amount, currency: "usd", merchant_id: svc.sandbox.merchant_id } })).json()) as { id: string; status: string };

describe("dashboard: chains and tokens", () => {
  test("home and the merchant's page show the balance of each enabled pair, the API's figures", async () => {
    // A confirmed payment in the ledger, so the figure is not just zero.
    const admin = (await newUser(svc.sandbox.account_id, "admin")).client;
    await recordUnfundedPayment(svc.ctx, svc.sandbox.merchant_id, 7_250_000n);
    const api = (await (await svc.api(`/v1/merchants/${svc.sandbox.merchant_id}/balances`)).json()) as { data: Array<{ chain: string; token: string; available: number; pending_settlement: number }> };
    expect(api.data.map((b) => `${b.chain}/${b.token}`)).toEqual(["base/USDC", "base/USDT", "arbitrum/USDC", "arbitrum/USDT"]);
    expect(api.data[0]!.available).toBeGreaterThan(0);

    for (const path of ["/dashboard?mode=test", `/dashboard/merchants/${svc.sandbox.merchant_id}?mode=test`]) {
      const res = await admin.req(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      const block = /<div class="pair-balance" data-pair="base\/USDC">([\s\S]*?)<\/div>/.exec(html);
      expect(block).not.toBeNull();
      expect(block![1]).toContain("Base · USDC");
      expect(block![1]).toContain(`<p class="big" data-testid="available">${usdText(api.data[0]!.available)}</p>`);
      expect(block![1]).toContain(`${usdText(api.data[0]!.pending_settlement)} <span class="muted">pending settlement</span>`);
      // One block per enabled pair (USDC and the sandbox's USDT on each sandbox chain), for this merchant.
      if (path.includes("/merchants/")) expect(html.match(/class="pair-balance"/g)?.length).toBe(4);
      expect(html).toContain(`data-pair="base/USDT"`);
      expect(html).toContain(`data-pair="arbitrum/USDC"`);
    }
  }, 60_000);

  test("payments filtered by pair=base/USDC show the payment, each row with its chain and token; the select offers the mode's pairs", async () => {
    const { client } = await newUser(svc.sandbox.account_id, "viewer");
    const intent = await create(3.33);
    const res = await client.req(`/dashboard/payments?mode=test&merchant=${svc.sandbox.merchant_id}&pair=${encodeURIComponent("base/USDC")}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const row = new RegExp(`<tr><td><a href="[^"]*/payments/${intent.id}[^"]*">[^<]*</a></td>.*?</tr>`).exec(html);
    expect(row).not.toBeNull();
    expect(row![0]).toContain(`<span class="pair">Base · USDC</span>`);
    expect(html).toContain(`<option value="base/USDC" selected>Base · USDC</option>`);
    expect(html).toContain(`<option value="" >All pairs</option>`);
    // All pairs (no filter): the same payment, "All" chosen.
    const all = await (await client.req(`/dashboard/payments?mode=test&merchant=${svc.sandbox.merchant_id}&pair=`)).text();
    expect(all).toContain(`/payments/${intent.id}`);
    expect(all).toContain(`<option value="" selected>All pairs</option>`);
    // The transactions list takes the same filter.
    const txns = await client.req(`/dashboard/transactions?mode=test&merchant=${svc.sandbox.merchant_id}&pair=base/USDC`);
    expect(txns.status).toBe(200);
    expect(await txns.text()).toContain(`<option value="base/USDC" selected>Base · USDC</option>`);
    // The payment's own page names its pair too.
    expect(await (await client.req(`/dashboard/payments/${intent.id}?mode=test`)).text()).toContain(`<dt>Chain and token</dt><dd><span class="pair">Base · USDC</span></dd>`);
  });

  test("a pair the list service refuses (not enabled, unknown, malformed, markup) is no 500: a redirect to the list without it", async () => {
    const { client } = await newUser(svc.sandbox.account_id, "viewer");
    const m = svc.sandbox.merchant_id;
    for (const bad of ["optimism/USDT", "base/DAI", "base", "/", "solana/USDC", `<script>x</script>/USDC`, "base/USDC/extra"]) {
      for (const list of ["payments", "transactions"]) {
        const res = await client.req(`/dashboard/${list}?mode=test&merchant=${m}&status=awaiting_payment&pair=${encodeURIComponent(bad)}`);
        expect(res.status).toBe(303);
        const location = res.headers.get("location")!;
        expect(location.startsWith(`/dashboard/${list}?`)).toBe(true);
        const q = new URL(location, "http://x").searchParams;
        expect(q.has("pair")).toBe(false);
        expect(q.get("merchant")).toBe(m);
        if (list === "payments") expect(q.get("status")).toBe("awaiting_payment");
        const after = await client.req(location);
        expect(after.status).toBe(200);
      }
    }
    // The API answers the same values with its 400 (the one validation).
    const api = await svc.api(`/v1/payment-intents?merchant_id=${m}&chain=optimism&token=USDT`);
    expect(api.status).toBe(400);
  });

  test("the pair filter survives pagination (and a stale cursor keeps it)", async () => {
    const account = await createIntegratorAccount(svc.ctx, "Pairs paging Inc");
    await svc.ctx.database.sql`INSERT INTO app.account_merchants (account_id, merchant_id) VALUES (${account.id}, ${svc.sandbox.merchant_id})`;
    const { client } = await newUser(account.id, "viewer");
    for (let i = 0; i < 27; i++) await create(10 + i / 100);
    const m = svc.sandbox.merchant_id;
    const first = await (await client.req(`/dashboard/payments?mode=test&merchant=${m}&pair=base%2FUSDC`)).text();
    const next = /<a href="([^"]*)">Next page<\/a>/.exec(first);
    expect(next).not.toBeNull();
    const nextUrl = next![1]!.replaceAll("&amp;", "&");
    const q = new URL(nextUrl, "http://x").searchParams;
    expect(q.get("pair")).toBe("base/USDC");
    expect(q.get("merchant")).toBe(m);
    expect(q.get("starting_after")).toMatch(/^pi_/);
    const second = await client.req(nextUrl);
    expect(second.status).toBe(200);
    const html = await second.text();
    expect(html).toContain(`<option value="base/USDC" selected>Base · USDC</option>`);
    expect(html).toContain(`<span class="pair">Base · USDC</span>`);
    // A cursor that is no payment of this list: the first page, the pair kept.
    const stale = await client.req(`/dashboard/payments?mode=test&merchant=${m}&pair=base%2FUSDC&starting_after=pi_nonexistent000000000000`);
    expect(stale.status).toBe(303);
    expect(new URL(stale.headers.get("location")!, "http://x").searchParams.get("pair")).toBe("base/USDC");
  }, 60_000);

  test("a settlement's page lists its withdrawals per pair (chain, token, amount, status, transaction) and the total to the bank", async () => {
    // A merchant of the demo account with money on base/USDC and arbitrum/USDC (its v2 account is on both chains).
    const m = await onboardMerchant(svc.ctx, {
      accountIds: [svc.sandbox.account_id],
      mode: "test",
      businessName: "Two Chain Tea",
      email: "owner@twochaintea.example",
      bankName: "First Sandbox Bank",
      bankLast4: "2727",
      schedule: { kind: "manual" },
      ownerAddress: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      payoutAddress: "0x00000000000000000000000000000000000Ba527",
    });
    const arbitrum = svc.ctx.networks.find((c) => c.mode === "test" && c.name === "arbitrum")!;
    const onBase = await fundMerchant(svc.ctx, m.id, [10_000_000n]);
    const onArbitrum = await fundMerchant(svc.ctx, m.id, [5_000_000n], "USDC", arbitrum);
    // The run withdraws base's pair; arbitrum's stops after signing (the settler died there): it waits, pending.
    let signed = 0;
    const s = await cashOut(svc.ctx, m.id, {
      hooks: {
        at: (point) => {
          if (point === "after_withdrawal_signed" && ++signed === 2) throw new Error("stopped after signing arbitrum's withdrawal");
        },
      },
    });
    const { client } = await newUser(svc.sandbox.account_id, "viewer");
    const rowsOf = async () => {
      const res = await client.req(`/dashboard/settlements/${s!.id}?mode=test`);
      expect(res.status).toBe(200);
      const html = await res.text();
      const table = /<table class="withdrawals">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? "";
      const rows = [...table.matchAll(/<tr><td><span class="pair">([^<]*)<\/span><\/td><td>([^<]*)<\/td><td><span class="status [a-z_]+">([a-z]+)<\/span>(?: <span class="muted">([a-z]+)<\/span>)?<\/td><td>(?:<code>(0x[0-9a-f]{64})<\/code>|—)<\/td><\/tr>/g)].map((r) => r.slice(1) as Array<string | undefined>);
      const total = /<tfoot><tr><th scope="row">Total to the bank<\/th><td>([^<]*)<\/td>/.exec(table)?.[1];
      return { html, rows, total };
    };
    const total = usdText(Number(onBase.netUnits + onArbitrum.netUnits) / 1e6);
    const during = await rowsOf();
    expect(during.rows).toEqual([
      ["Base · USDC", usdText(9.9), "withdrawn", undefined, expect.stringMatching(/^0x/)],
      ["Arbitrum · USDC", usdText(4.95), "pending", "retrying", undefined],
    ]);
    expect(during.total).toBe(total);
    expect(during.html).toContain("The bank transfer starts once every withdrawal is done");
    expect(during.html).not.toContain("stopped after signing"); // the error is the operator's, not shown to the merchant

    // Retried: both withdrawn, each with its transaction, as the API's settlement object says.
    await driveSettlement(svc.ctx, s!.id, { waitMs: 30_000 });
    const after = await rowsOf();
    const api = (await (await svc.api(`/v1/settlements/${s!.id}`, { key: svc.sandbox.test_key_unscoped })).json()) as { amount: number; withdrawals: Array<{ chain: string; token: string; amount: number; status: string; tx_hash: string }> };
    expect(api.withdrawals.map((w) => [w.chain, w.token, w.status])).toEqual([["base", "USDC", "withdrawn"], ["arbitrum", "USDC", "withdrawn"]]);
    expect(after.rows).toEqual([
      ["Base · USDC", usdText(api.withdrawals[0]!.amount), "withdrawn", undefined, api.withdrawals[0]!.tx_hash],
      ["Arbitrum · USDC", usdText(api.withdrawals[1]!.amount), "withdrawn", undefined, api.withdrawals[1]!.tx_hash],
    ]);
    expect(after.rows[0]![4]).toBe(during.rows[0]![4]); // base's withdrawal is the one of the first run
    expect(after.total).toBe(usdText(api.amount));
    expect(after.total).toBe(total);
    expect(after.html).not.toContain("The bank transfer starts once");
  }, 60_000);
});
