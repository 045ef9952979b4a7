/**
 * Settlement across chains, on the real parts: one run of a merchant with money on base/USDC
 * and arbitrum/USDC (two anvils) withdraws each pair on its own chain and pays one bank transfer (the
 * sandbox ACH) for the total.
 * - kill -9: a settler in a child process (test/support/settler-child.ts, with both chains) is killed
 *   at every step of the run, including between the first pair's withdrawal and the second's and
 *   after every withdrawal before the bank transfer; a fresh settler resumes. Each time: each pair
 *   withdrawn exactly once on its chain (Withdrawn logs by its ref, the payout address's balance on
 *   each chain, app.settlement_withdrawals), one bank transfer for exactly the total, the settlement
 *   completed with its transactions paid and one settlement.completed event.
 * - arbitrum's RPC stops right after its withdrawal was signed: base's withdrawal goes through, the
 *   settlement stays `pending` with that pair `pending` (what the merchant sees meanwhile), every
 *   drive retries it without signing anything new, and once the RPC is back the same signed
 *   withdrawal is sent: nothing paid twice.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Subprocess } from "bun";
import { getAddress, type Address } from "viem";
import { startTestService, type TestService } from "./support/service.ts";
import { allChainsChildEnv, runChild } from "./support/child-env.ts";
import { allWithdrawalsOnChain, fundMerchant, tokenBalance, withdrawalsOnChain, type Funded } from "./support/settlement-fixtures.ts";
import { startTcpProxy } from "./support/tcp-proxy.ts";
import type { CrashPoint } from "../src/modules/settlements/hooks.ts";
import { advanceSandboxSettlements, driveSettlement, loadSettlement } from "../src/modules/settlements/service.ts";
import { withdrawalRef } from "../src/modules/settlements/withdrawal.ts";
import { buildChainRuntime, type ChainRuntime } from "../src/chain/runtime.ts";
import type { AppContext } from "../src/context.ts";

type Json = Record<string, any>;
let svc: TestService;
let merchantId: string;
let account: Address;
let payout: Address;
const children = new Set<Subprocess>();

beforeAll(async () => {
  svc = await startTestService({ roles: ["api"] });
  merchantId = svc.sandbox.merchant_id;
  const [m] = await sql()<{ payment_address: string; payout_address: string }[]>`SELECT payment_address, payout_address FROM app.merchants WHERE id = ${merchantId}`;
  account = getAddress(m!.payment_address);
  payout = getAddress(m!.payout_address);
});
afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  await Promise.all([...children].map((c) => c.exited));
  await svc?.stop();
});

const sql = () => svc.ctx.database.sql;
const base = () => svc.ctx.chains.test!;
const arbitrum = () => svc.ctx.networks.find((c) => c.mode === "test" && c.name === "arbitrum")!;
const chains = () => [base(), arbitrum()];

/** Runs the child until it kills itself at the `hit`-th `point`; fails the test if it exits any other way. */
async function runChildUntilCrash(point: CrashPoint, hit: number) {
  const { code, signal, out } = await runChild("test/support/settler-child.ts", allChainsChildEnv(svc, { MERCHANT_ID: merchantId, CRASH_AT: point, CRASH_AT_HIT: String(hit) }), children);
  expect({ point, hit, signal, code, out }).toEqual({ point, hit, signal: "SIGKILL", code: 137, out: `crashing at ${point}` });
}

async function settlementIds(): Promise<string[]> {
  return (await sql()<{ id: string }[]>`SELECT id FROM app.settlements WHERE merchant_id = ${merchantId} ORDER BY created_at, id`).map((r) => r.id);
}

async function pairStates(id: string) {
  return sql()<{ chain_id: number; state: string }[]>`SELECT chain_id, state FROM app.settlement_withdrawals WHERE settlement_id = ${id} ORDER BY chain_id, token`;
}

/** The money of one run: base/USDC and arbitrum/USDC, on chain and in the ledger. */
async function fundBothChains(): Promise<{ pairs: Funded[]; total: bigint; before: { payout: bigint[]; withdrawals: number[] } }> {
  const pairs = [await fundMerchant(svc.ctx, merchantId, [4_200_000n, 1_000_003n], "USDC", base()), await fundMerchant(svc.ctx, merchantId, [7_700_000n], "USDC", arbitrum())];
  const before = {
    payout: await Promise.all(chains().map((c) => tokenBalance(svc.ctx, "USDC", payout, c))),
    withdrawals: await Promise.all(chains().map(async (c) => (await allWithdrawalsOnChain(svc.ctx, account, c)).length)),
  };
  return { pairs, total: pairs[0]!.netUnits + pairs[1]!.netUnits, before };
}

const count = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;

/** Each pair withdrawn exactly once on its own chain, one bank transfer for the total, the settlement completed. */
async function checkPaidOnce(id: string, funded: Awaited<ReturnType<typeof fundBothChains>>) {
  const s = await loadSettlement(svc.ctx, id);
  expect(s).toMatchObject({ state: "completed", amountUnits: funded.total, withdrawalUnits: funded.total });
  const rows = await sql()<{ chain_id: number; token: string; state: string; amount_units: bigint; tx_hash: string | null }[]>`
    SELECT chain_id, token, state, amount_units, tx_hash FROM app.settlement_withdrawals WHERE settlement_id = ${id} ORDER BY chain_id, token`;
  expect(rows.map((r) => [r.chain_id, r.token, r.state, BigInt(r.amount_units)])).toEqual([
    [base().chainId, "USDC", "withdrawn", funded.pairs[0]!.netUnits],
    [arbitrum().chainId, "USDC", "withdrawn", funded.pairs[1]!.netUnits],
  ]);
  for (const [i, chain] of chains().entries()) {
    // On chain: one Withdrawn log of the settlement's ref on this chain, the one recorded, for this pair's amount.
    const logs = await withdrawalsOnChain(svc.ctx, account, id, withdrawalRef(id), chain);
    expect(logs.map((l) => [l.args.amount, l.transactionHash])).toEqual([[funded.pairs[i]!.netUnits, rows[i]!.tx_hash as `0x${string}`]]);
    expect((await allWithdrawalsOnChain(svc.ctx, account, chain)).length).toBe(funded.before.withdrawals[i]! + 1);
    expect((await tokenBalance(svc.ctx, "USDC", payout, chain)) - funded.before.payout[i]!).toBe(funded.pairs[i]!.netUnits);
    // One mined attempt per pair (a dropped one may precede it, never a second mined one).
    const attempts = await sql()<{ outcome: string }[]>`SELECT outcome FROM app.settlement_withdrawal_attempts WHERE settlement_id = ${id} AND chain_id = ${chain.chainId}`;
    expect(attempts.filter((a) => a.outcome === "mined").length).toBe(1);
  }
  // One bank transfer, for exactly the total.
  const payouts = await sql()<{ amount_units: bigint }[]>`SELECT amount_units FROM app.sandbox_payouts WHERE idempotency_key = ${id}`;
  expect(payouts.map((p) => BigInt(p.amount_units))).toEqual([funded.total]);
  const txnIds = funded.pairs.flatMap((p) => p.transactionIds);
  const txns = await sql()<{ status: string; settlement_status: string; settlement_id: string }[]>`
    SELECT status, settlement_status, settlement_id FROM app.transactions WHERE id = ANY(${txnIds}::text[])`;
  expect(txns.map((t) => [t.status, t.settlement_status, t.settlement_id])).toEqual(txnIds.map(() => ["settled", "paid", id]));
  expect(await count(sql()<{ n: number }[]>`SELECT count(*)::int AS n FROM app.events WHERE type = 'settlement.completed' AND data->>'id' = ${id}`)).toBe(1);
  expect(await count(sql()<{ n: number }[]>`SELECT count(*)::int AS n FROM app.settlements WHERE merchant_id = ${merchantId} AND state NOT IN ('completed', 'failed')`)).toBe(0);
}

describe("kill -9 in the middle of a run over two chains, then resume", () => {
  // [point, hit, the pairs' states (base, arbitrum) when the settler died]
  const cases: Array<[CrashPoint, number, string[]]> = [
    ["after_create", 1, ["pending", "pending"]],
    ["after_withdrawal_signed", 1, ["pending", "pending"]],
    ["after_withdrawal_broadcast", 1, ["pending", "pending"]],
    ["after_pair_withdrawn", 1, ["withdrawn", "pending"]],
    ["after_withdrawal_signed", 2, ["withdrawn", "pending"]],
    ["after_withdrawal_broadcast", 2, ["withdrawn", "pending"]],
    ["after_pair_withdrawn", 2, ["withdrawn", "withdrawn"]],
    ["after_withdrawn", 1, ["withdrawn", "withdrawn"]],
    ["after_ach_initiating", 1, ["withdrawn", "withdrawn"]],
    ["after_ach_initiated", 1, ["withdrawn", "withdrawn"]],
  ];
  for (const [point, hit, atCrash] of cases) {
    test(`crash ${point}${hit > 1 ? ` (pair ${hit})` : ""}`, async () => {
      const funded = await fundBothChains();
      const before = new Set(await settlementIds());
      await runChildUntilCrash(point, hit);
      const created = (await settlementIds()).filter((id) => !before.has(id));
      expect(created.length).toBe(1);
      const id = created[0]!;
      expect((await pairStates(id)).map((p) => p.state)).toEqual(atCrash);

      // A fresh settler resumes (the settler role and the sandbox helper do the same work).
      await advanceSandboxSettlements(svc.ctx, [merchantId]);
      await checkPaidOnce(id, funded);
      // Running again changes nothing.
      expect(await advanceSandboxSettlements(svc.ctx, [merchantId])).toEqual([]);
      await checkPaidOnce(id, funded);
    }, 30_000);
  }
});

test("arbitrum's RPC stops after its withdrawal is signed: base's goes through, the run waits (pending) and retries; once the RPC is back the same withdrawal is sent, nothing twice", async () => {
  const funded = await fundBothChains();
  // This settler reaches arbitrum through a proxy that the test stops (connections refused, as a node that is down).
  const proxy = await startTcpProxy(arbitrum().rpcHttpUrl);
  const settings = svc.ctx.config.chains.others.find((c) => c.chainId === arbitrum().chainId)!;
  const a = arbitrum();
  const proxied: ChainRuntime = buildChainRuntime({ ...settings, rpcHttpUrl: proxy.url, rpcWsUrl: undefined }, { usdc: a.usdc, factory: a.factory, factoryV2: a.factoryV2, usdt: a.usdt, startBlock: a.startBlock }, svc.ctx.config.operatorPrivateKey, sql());
  const ctx: AppContext = { ...svc.ctx, networks: svc.ctx.networks.map((c) => (c.chainId === a.chainId ? proxied : c)) };
  let signed = 0;
  const hooks = {
    at: async (point: CrashPoint) => {
      if (point === "after_withdrawal_signed" && ++signed === 2) await proxy.stop();
    },
  };
  try {
    const before = new Set(await settlementIds());
    await advanceSandboxSettlements(ctx, [merchantId], { hooks }).catch(() => undefined);
    const id = (await settlementIds()).filter((x) => !before.has(x))[0]!;
    expect(signed).toBe(2);

    // Meanwhile, what the merchant sees: the settlement pending, base's pair withdrawn, arbitrum's pending.
    const seen = async () => {
      const res = await svc.api(`/v1/settlements/${id}`, { key: svc.sandbox.test_key_unscoped });
      return (await res.json()) as Json;
    };
    const during = await seen();
    expect(during).toMatchObject({ status: "pending", amount: Number(funded.total) / 1e6, expected_arrival_date: null });
    expect((during.withdrawals as Json[]).map((w) => [w.chain, w.token, w.amount, w.status, w.tx_hash === null])).toEqual([
      ["base", "USDC", Number(funded.pairs[0]!.netUnits) / 1e6, "withdrawn", false],
      ["arbitrum", "USDC", Number(funded.pairs[1]!.netUnits) / 1e6, "pending", true],
    ]);
    // Balances: base's money withdrawn is on its way (pending_settlement); arbitrum's is in the run, not available.
    const balances = ((await (await svc.api(`/v1/merchants/${merchantId}/balances`, { key: svc.sandbox.test_key_unscoped })).json()) as Json).data as Json[];
    const usdc = (chain: string) => balances.find((b) => b.chain === chain && b.token === "USDC")!;
    expect(usdc("base").pending_settlement).toBe(Number(funded.pairs[0]!.netUnits) / 1e6);
    expect([usdc("arbitrum").available, usdc("arbitrum").pending_settlement]).toEqual([0, 0]);
    const [pair] = await sql()<{ last_error: string | null }[]>`SELECT last_error FROM app.settlement_withdrawals WHERE settlement_id = ${id} AND chain_id = ${a.chainId}`;
    expect(pair!.last_error).not.toBeNull();
    expect(await count(sql()<{ n: number }[]>`SELECT count(*)::int AS n FROM app.sandbox_payouts WHERE idempotency_key = ${id}`)).toBe(0);

    // Retried while the RPC is still down: nothing new is signed, nothing moves.
    expect((await driveSettlement(ctx, id, { waitMs: 10_000 }))?.state).toBe("withdrawal_submitted");
    expect(await count(sql()<{ n: number }[]>`SELECT count(*)::int AS n FROM app.settlement_withdrawal_attempts WHERE settlement_id = ${id} AND chain_id = ${a.chainId}`)).toBe(1);
    expect((await allWithdrawalsOnChain(svc.ctx, account, a)).length).toBe(funded.before.withdrawals[1]!);

    // The RPC is back: the next run sends the signed withdrawal, then pays the bank once.
    await proxy.start();
    await advanceSandboxSettlements(ctx, [merchantId]);
    await checkPaidOnce(id, funded);
    const attempts = await sql()<{ outcome: string }[]>`SELECT outcome FROM app.settlement_withdrawal_attempts WHERE settlement_id = ${id} AND chain_id = ${a.chainId}`;
    expect(attempts.map((x) => x.outcome)).toEqual(["mined"]);
  } finally {
    await proxy.stop();
  }
}, 40_000);
