/**
 * The sandbox payout provider: a simulated ACH partner kept in Postgres (app.sandbox_payouts), so
 * every process (API, settlers, CLI) sees the same transfers.
 *
 * - A transfer arrives 1 to 3 US business days after initiation (weekends and federal holidays
 *   skipped, calendar.ts): the number is fixed per transfer, derived from its idempotency key unless
 *   a rule for the merchant sets it. Counting starts from the New York calendar date of initiation
 *   (that day never counts), and the transfer completes at 09:00 New York time on the arrival date,
 *   on the sandbox clock.
 * - It can be told to fail: a rule for the merchant (`setSandboxPayoutRule`, the CLI's
 *   `settlements sandbox-fail`) makes its next transfers come back as an ACH return with that code
 *   at the time they would have been paid.
 * - `initiate` is idempotent on the key forever (UNIQUE idempotency_key), as the interface requires.
 */
import { createHash } from "node:crypto";
import type { AppContext } from "../../../context.ts";
import { randomBase62 } from "../../../domain/ids.ts";
import { fromPgTs, fromPgTsOrNull, pgTs } from "../../../db/pg-values.ts";
import { addBusinessDays, dateInZone } from "../calendar.ts";
import { sandboxNow } from "../clock.ts";
import { NEW_YORK, zonedInstant } from "../schedule.ts";
import type { PayoutProvider, PayoutRequest, PayoutTransfer } from "./types.ts";

/** Hour (New York time) at which a sandbox transfer is credited on its arrival date. */
export const SANDBOX_ARRIVAL_HOUR = 9;

export const ACH_RETURN_REASONS: Record<string, string> = {
  R01: "Insufficient funds",
  R02: "Account closed",
  R03: "No account / unable to locate account",
  R04: "Invalid account number",
  R16: "Account frozen",
  R20: "Non-transaction account",
};

/** The arrival date and completion instant of a transfer initiated at `initiatedAt`. */
export function sandboxArrival(initiatedAt: Date, businessDays: number): { date: string; completesAt: Date } {
  const date = addBusinessDays(dateInZone(initiatedAt, NEW_YORK), businessDays);
  return { date, completesAt: zonedInstant(date, SANDBOX_ARRIVAL_HOUR, 0, NEW_YORK) };
}

/** 1, 2 or 3, fixed by the key. */
export function defaultBusinessDays(idempotencyKey: string): number {
  return 1 + (createHash("sha256").update(idempotencyKey).digest()[0]! % 3);
}

interface PayoutDbRow {
  id: string;
  idempotency_key: string;
  amount_units: bigint;
  status: "pending" | "paid" | "returned";
  expected_arrival_date: string | Date;
  completes_at: unknown;
  fail_code: string | null;
  resolved_at: unknown;
}

function isoDate(v: string | Date): string {
  return typeof v === "string" ? v.slice(0, 10) : v.toISOString().slice(0, 10);
}

function toTransfer(r: PayoutDbRow): PayoutTransfer {
  const failed = r.status === "returned";
  return {
    id: r.id,
    idempotencyKey: r.idempotency_key,
    status: r.status === "pending" ? "pending" : failed ? "failed" : "paid",
    amountUnits: BigInt(r.amount_units),
    expectedArrivalDate: isoDate(r.expected_arrival_date),
    resolvedAt: fromPgTsOrNull(r.resolved_at),
    failureCode: failed ? r.fail_code : null,
    failureMessage: failed && r.fail_code ? `ACH return ${r.fail_code}: ${ACH_RETURN_REASONS[r.fail_code] ?? "returned by the receiving bank"}` : null,
  };
}

export class SandboxPayoutProvider implements PayoutProvider {
  readonly name = "sandbox";
  readonly pollIntervalMs = 5_000;

  constructor(private readonly ctx: AppContext) {}

  async initiate(req: PayoutRequest): Promise<PayoutTransfer> {
    if (req.amountUnits <= 0n) throw new RangeError("payout amount must be positive");
    const sql = this.ctx.database.sql;
    const [rule] = await sql<{ fail_code: string | null; business_days: number | null }[]>`
      SELECT fail_code, business_days FROM app.sandbox_payout_rules WHERE merchant_id = ${req.merchantId}`;
    const days = rule?.business_days ?? defaultBusinessDays(req.idempotencyKey);
    const { date, completesAt } = sandboxArrival(req.requestedAt, days);
    await sql`
      INSERT INTO app.sandbox_payouts (id, idempotency_key, merchant_id, amount_units, bank_name, bank_last4, status,
                                       business_days, initiated_at, expected_arrival_date, completes_at, fail_code)
      VALUES (${`po_sbx_${randomBase62(24)}`}, ${req.idempotencyKey}, ${req.merchantId}, ${req.amountUnits}, ${req.bankAccount.bankName},
              ${req.bankAccount.last4}, 'pending', ${days}, ${pgTs(req.requestedAt)}::timestamptz, ${date}::date,
              ${pgTs(completesAt)}::timestamptz, ${rule?.fail_code ?? null})
      ON CONFLICT (idempotency_key) DO NOTHING`;
    const [row] = await sql<PayoutDbRow[]>`
      SELECT id, idempotency_key, amount_units, status, expected_arrival_date::text AS expected_arrival_date, completes_at, fail_code, resolved_at
      FROM app.sandbox_payouts WHERE idempotency_key = ${req.idempotencyKey}`;
    if (!row) throw new Error(`sandbox payout ${req.idempotencyKey} vanished`);
    if (BigInt(row.amount_units) !== req.amountUnits) throw new Error(`idempotency key ${req.idempotencyKey} reused with another amount`);
    return toTransfer(row);
  }

  async status(transferId: string): Promise<PayoutTransfer> {
    const sql = this.ctx.database.sql;
    const now = await sandboxNow(this.ctx);
    // Resolve it if its time has come (on the sandbox clock): paid, or returned when told to fail.
    await sql`
      UPDATE app.sandbox_payouts
      SET status = CASE WHEN fail_code IS NULL THEN 'paid' ELSE 'returned' END, resolved_at = completes_at
      WHERE id = ${transferId} AND status = 'pending' AND completes_at <= ${pgTs(now)}::timestamptz`;
    const [row] = await sql<PayoutDbRow[]>`
      SELECT id, idempotency_key, amount_units, status, expected_arrival_date::text AS expected_arrival_date, completes_at, fail_code, resolved_at
      FROM app.sandbox_payouts WHERE id = ${transferId}`;
    if (!row) throw new Error(`no such sandbox payout: ${transferId}`);
    return toTransfer(row);
  }

  /** When the latest of these transfers still pending completes (sandbox time); null if none is pending. */
  async latestCompletion(transferIds: string[]): Promise<Date | null> {
    if (transferIds.length === 0) return null;
    const [row] = await this.ctx.database.sql<{ at: unknown }[]>`
      SELECT max(completes_at) AS at FROM app.sandbox_payouts WHERE id = ANY(${transferIds}::text[]) AND status = 'pending'`;
    return row?.at ? fromPgTs(row.at) : null;
  }
}

/** Tells the sandbox provider how the merchant's next transfers behave (null clears a setting). */
export async function setSandboxPayoutRule(ctx: AppContext, merchantId: string, rule: { failCode?: string | null; businessDays?: number | null }) {
  if (rule.failCode !== undefined && rule.failCode !== null && !/^[A-Z]\d{2}$/.test(rule.failCode)) throw new RangeError(`fail code must look like R03, got "${rule.failCode}"`);
  if (rule.businessDays !== undefined && rule.businessDays !== null && ![1, 2, 3].includes(rule.businessDays)) throw new RangeError("business days must be 1, 2 or 3");
  await ctx.database.sql`
    INSERT INTO app.sandbox_payout_rules (merchant_id, fail_code, business_days)
    VALUES (${merchantId}, ${rule.failCode ?? null}, ${rule.businessDays ?? null})
    ON CONFLICT (merchant_id) DO UPDATE SET
      fail_code = CASE WHEN ${rule.failCode !== undefined} THEN EXCLUDED.fail_code ELSE app.sandbox_payout_rules.fail_code END,
      business_days = CASE WHEN ${rule.businessDays !== undefined} THEN EXCLUDED.business_days ELSE app.sandbox_payout_rules.business_days END,
      updated_at = now()`;
}
