/**
 * Operator actions behind the CLI (`settlements run|list|sandbox-fail`): the settlement object plus
 * what an operator needs to follow the money (step, withdrawal hash, provider transfer, failure).
 * Known failures are OnboardingError, which the CLI prints as one line.
 */
import type { AppContext } from "../../context.ts";
import type { SettlementRow, SettlementWithdrawalRow } from "../../db/schema/settlement.ts";
import { isIdOf } from "../../domain/ids.ts";
import { unitsToUsd } from "../../domain/money.ts";
import { OnboardingError } from "../merchants/onboarding.ts";
import { setSandboxPayoutRule } from "../payouts/providers/sandbox.ts";
import { cashOut, listSettlements, SettlementError, withdrawalsOf, withdrawalsOfMany } from "./service.ts";
import { settlementShape, type SettlementShape } from "./shapes.ts";

export interface OperatorSettlementView {
  settlement: SettlementShape;
  state: SettlementRow["state"];
  trigger: SettlementRow["trigger"];
  scheduled_for: string | null;
  withdrawal_amount: number;
  withdrawal_tx_hash: string | null;
  withdrawn_to: string | null;
  provider: string;
  provider_transfer_id: string | null;
  failure_code: string | null;
  failure_message: string | null;
}

export function operatorView(s: SettlementRow, withdrawals: readonly SettlementWithdrawalRow[]): OperatorSettlementView {
  return {
    settlement: settlementShape(s, withdrawals),
    state: s.state,
    trigger: s.trigger,
    scheduled_for: s.scheduledFor?.toISOString() ?? null,
    withdrawal_amount: unitsToUsd(s.withdrawalUnits),
    withdrawal_tx_hash: s.withdrawalTxHash,
    withdrawn_to: s.withdrawnTo,
    provider: s.provider,
    provider_transfer_id: s.providerTransferId,
    failure_code: s.failureCode,
    failure_message: s.failureMessage,
  };
}

function checkMerchantId(id: string) {
  if (!isIdOf("merchant", id)) throw new OnboardingError(`"${id}" is not a merchant id (mer_…)`);
}

async function known<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof SettlementError || err instanceof RangeError) throw new OnboardingError(err.message);
    throw err;
  }
}

export async function settlementCashOut(ctx: AppContext, merchantId: string) {
  checkMerchantId(merchantId);
  const s = await known(() => cashOut(ctx, merchantId, { trigger: "manual" }));
  return { merchant_id: merchantId, ...(s ? operatorView(s, await withdrawalsOf(ctx, s)) : { settlement: null }), withdrawal_tx_hash: s?.withdrawalTxHash ?? null };
}

export async function settlementList(ctx: AppContext, merchantId: string, limit?: number) {
  checkMerchantId(merchantId);
  const rows = await listSettlements(ctx, merchantId, limit ?? 25);
  const pairs = await withdrawalsOfMany(ctx, rows.map((r) => r.id));
  return rows.map((r) => operatorView(r, pairs.get(r.id) ?? []));
}

export async function settlementSandboxRule(ctx: AppContext, merchantId: string, failCode: string | null) {
  checkMerchantId(merchantId);
  await known(() => setSandboxPayoutRule(ctx, merchantId, { failCode }));
  return { merchant_id: merchantId, fail_code: failCode };
}

export function settlementText(v: { settlement: SettlementShape | null; withdrawal_tx_hash: string | null; state?: string; failure_message?: string | null }): string {
  const s = v.settlement;
  if (!s) return "(none)";
  const lines = [
    `${s.id}  ${s.status}${v.state ? ` (${v.state})` : ""}  ${s.amount} ${s.currency.toUpperCase()}  ${s.transaction_count} transaction(s)  -> ${s.bank_account.bank_name} ••${s.bank_account.last_4}`,
    `  initiated ${s.initiated_at}  expected ${s.expected_arrival_date ?? "-"}  completed ${s.completed_at ?? "-"}`,
  ];
  const pairs = s.withdrawals ?? [];
  if (pairs.length > 1 || (pairs.length === 1 && pairs[0]!.token !== "USDC"))
    for (const w of pairs) lines.push(`  withdrawal ${w.chain}/${w.token} ${w.amount} ${w.status}${w.tx_hash ? ` ${w.tx_hash}` : ""}`);
  else if (v.withdrawal_tx_hash) lines.push(`  withdrawal ${v.withdrawal_tx_hash}`);
  if (v.failure_message) lines.push(`  failed: ${v.failure_message}`);
  return lines.join("\n");
}
