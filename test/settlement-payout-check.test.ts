/**
 * The bank transfer starts only after the withdrawal is seen to reach the payout address on record,
 * on the real stack (Postgres, anvil, Ponder, the matcher and the fee collector): a v2 merchant's
 * owner changes the account's payout address on chain after onboarding; the next settlement run's
 * withdrawal goes where the contract sends it (the new address), and the run stops there, before the
 * ACH transfer, with one `payout_address_changed` alert. A merchant whose payout address is unchanged
 * settles as before.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createWalletClient, getAddress, http, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { startTestService, type TestService } from "./support/service.ts";
import { createIntent, payer, waitFor } from "./support/payments.ts";
import { usdcBalance } from "./support/settlement-fixtures.ts";
import { merchantAccountV2Abi } from "../contracts/abis.ts";
import { onboardMerchant } from "../src/modules/merchants/onboarding.ts";
import { cashOut, driveSettlement } from "../src/modules/settlements/service.ts";

let svc: TestService;
const PAYOUT: Address = getAddress("0x00000000000000000000000000000000000ba5e4");
const ELSEWHERE: Address = getAddress("0x00000000000000000000000000000000000e15e0");

beforeAll(async () => {
  svc = await startTestService({ roles: ["api", "indexer", "matcher", "fee_collector"] });
});
afterAll(async () => {
  await svc?.stop();
});

const chain = () => svc.ctx.chains.test!;

async function v2Merchant(name: string) {
  return onboardMerchant(svc.ctx, {
    accountIds: [svc.sandbox.account_id],
    mode: "test",
    businessName: name,
    email: "owner@settle.example",
    bankName: "First Sandbox Bank",
    bankLast4: "4321",
    schedule: { kind: "manual" },
    ownerAddress: privateKeyToAccount(svc.ctx.config.sandboxPayerPrivateKey).address,
    payoutAddress: PAYOUT,
    accountVersion: 2,
  });
}

async function payAndWait(merchantId: string, amount: number) {
  const intent = await createIntent(svc, { amount, merchantId, key: svc.sandbox.test_key_unscoped });
  await payer(svc).pay(intent.paymentAddress, intent.expectedUnits);
  await waitFor(`${intent.id} confirmed, fee collected`, async () => {
    const [t] = await svc.ctx.database.sql`SELECT 1 FROM app.transactions WHERE payment_intent_id = ${intent.id} AND status = 'confirmed' AND fee_status = 'collected'`;
    return !!t;
  }, 60_000, 50);
}

test("a payout address changed on chain before a settlement: the withdrawal goes there, and the run stops before the bank transfer with an alert", async () => {
  const m = await v2Merchant("Moved Payout Mill");
  await payAndWait(m.id, 10);
  // The owner changes the payout address on chain; the service's record still says PAYOUT.
  const owner = createWalletClient({ account: privateKeyToAccount(svc.ctx.config.sandboxPayerPrivateKey), chain: chain().chain, transport: http(chain().rpcHttpUrl) });
  const hash = await owner.writeContract({ address: getAddress(m.paymentAddress!), abi: merchantAccountV2Abi, functionName: "setPayoutAddress", args: [ELSEWHERE] });
  expect((await chain().publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");
  const before = await usdcBalance(svc.ctx, ELSEWHERE);

  const s = await cashOut(svc.ctx, m.id);
  expect(s).toBeDefined();
  // The chain paid the new address; the bank transfer was not started.
  expect(s!.state).toBe("withdrawn");
  expect(s!.providerTransferId).toBeNull();
  expect((await usdcBalance(svc.ctx, ELSEWHERE)) - before).toBe(s!.withdrawalUnits);
  const alerts = await svc.ctx.database.sql<{ kind: string; details: Record<string, any> }[]>`SELECT kind, details FROM app.settlement_alerts WHERE settlement_id = ${s!.id}`;
  expect(alerts.map((a) => a.kind)).toEqual(["payout_address_changed"]);
  const details = typeof alerts[0]!.details === "string" ? JSON.parse(alerts[0]!.details) : alerts[0]!.details;
  expect(getAddress(details.withdrawals[0].withdrawn_to)).toBe(ELSEWHERE);
  expect(getAddress(details.payout_address_on_record)).toBe(PAYOUT);
  // Driven again (the settler's next passes): still stopped, one alert.
  for (let i = 0; i < 2; i++) expect((await driveSettlement(svc.ctx, s!.id))!.state).toBe("withdrawn");
  const [n] = await svc.ctx.database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.settlement_alerts WHERE settlement_id = ${s!.id}`;
  expect(n!.n).toBe(1);
  const scrape = await (await svc.api("/metrics", { key: null })).text();
  expect(scrape).toMatch(/^stablepay_settlement_alerts_total\{kind="payout_address_changed"\} [1-9]/m);
}, 120_000);

test("a payout address unchanged: the run goes on to the bank transfer", async () => {
  const m = await v2Merchant("Steady Payout Shop");
  await payAndWait(m.id, 7);
  const before = await usdcBalance(svc.ctx, PAYOUT);
  const s = await cashOut(svc.ctx, m.id);
  expect(s!.state).toBe("ach_pending");
  expect(s!.providerTransferId).not.toBeNull();
  expect((await usdcBalance(svc.ctx, PAYOUT)) - before).toBe(s!.withdrawalUnits);
  const [n] = await svc.ctx.database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.settlement_alerts WHERE settlement_id = ${s!.id}`;
  expect(n!.n).toBe(0);
}, 120_000);
