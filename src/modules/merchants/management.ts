/**
 * The management of merchants by an integrator account: create (onboarding), list, update. One
 * home for these rules, used by the /v1 routes (api.ts) and by the dashboard, so neither writes a
 * rule of its own. Inputs are the API's field names; failures are ApiError with the API's codes.
 *
 * Onboarding reuses onboardMerchant: the row is written, then the account contract is deployed.
 * The answer does not wait for more than DEPLOY_WAIT_MS: a merchant whose deployment is still
 * running is answered `pending` and becomes `active` when onboardMerchant finishes in the
 * background (`active` = its address is watched). Sandbox merchants are approved at once; live
 * merchants are created `pending` (KYC pending, nothing deployed) until an operator approves them.
 */
import { getAddress, isAddress } from "viem";
import { eq, inArray } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import type { Principal } from "../access/authenticator.ts";
import { ApiError, notFound, badCursor } from "../../domain/errors.ts";
import { newId } from "../../domain/ids.ts";
import { fromPgTs, pgJson } from "../../db/pg-values.ts";
import { merchants } from "../../db/schema/core.ts";
import { parseAmount, parseMetadata } from "../payment-intents/input.ts";
import { isPaymentAddressType, type PaymentAddressType } from "../../domain/payment-address-type.ts";
import { idempotentCreate, requestHash } from "../idempotency/store.ts";
import { BankAccountError, linkBankAccount, type BankAccountInput } from "./bank-account.ts";
import { onboardMerchant, OnboardingError } from "./onboarding.ts";
import { validateSchedule, type ScheduleInput } from "./schedule-input.ts";
import { getVisibleMerchant, type MerchantRow } from "./service.ts";

/** The longest a create waits for the account contract before answering `pending`. */
export const DEPLOY_WAIT_MS = 1500;

export type ScheduleBody = "weekly_monday" | "daily" | "manual" | { cron: string; time_zone: string };

export interface NewMerchant {
  business_name: string;
  email: string;
  owner_address: string;
  payout_address: string;
  settlement_schedule?: ScheduleBody;
  bank_account: BankAccountInput;
  metadata?: Record<string, string>;
}

export interface MerchantChanges {
  business_name?: string;
  email?: string;
  settlement_schedule?: ScheduleBody;
  bank_account?: BankAccountInput;
  metadata?: Record<string, string>;
  default_payment_address_type?: PaymentAddressType;
  underpayment_tolerance?: number;
}

/** The most a merchant may tolerate short of an amount: the largest amount an intent may have. */
const TOLERANCE_MAX_UNITS = 10_000_000_000n;

export function scheduleOf(s: ScheduleBody | undefined): ScheduleInput {
  const out: ScheduleInput = s === undefined ? { kind: "weekly_monday" } : typeof s === "string" ? { kind: s } : { kind: "custom", cron: s.cron.trim(), timezone: s.time_zone };
  const problem = validateSchedule(out);
  if (problem) throw new ApiError("parameter_invalid", `Invalid settlement_schedule: ${problem}.`, "settlement_schedule");
  return out;
}

function address(value: string, param: string): string {
  if (!isAddress(value, { strict: false })) throw new ApiError("parameter_invalid", `Invalid ${param}: must be a 0x-prefixed 20-byte hex address.`, param);
  if (BigInt(value) === 0n) throw new ApiError("parameter_invalid", `Invalid ${param}: the zero address cannot hold or receive funds.`, param);
  return getAddress(value);
}

function email(value: string): string {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) throw new ApiError("parameter_invalid", "Invalid email: must be an email address.", "email");
  return value;
}

async function bank(ctx: AppContext, p: Principal, input: BankAccountInput) {
  try {
    return await linkBankAccount(ctx, p.mode, input);
  } catch (err) {
    if (err instanceof BankAccountError) throw new ApiError(err.code, err.message, "bank_account");
    throw err;
  }
}

/** Merchants are created and listed by the integrator account, never by a key scoped to one merchant. */
export function requireUnscoped(p: Principal) {
  if (p.scopeMerchantId !== null)
    throw new ApiError("resource_missing", "Merchants are created and listed by the integrator account: use an API key that is not scoped to a merchant.", undefined, 404);
}

export type CreateOutcome = { kind: "created" | "replayed"; merchant: MerchantRow } | { kind: "reused" };

/** Onboards a merchant for the principal's account (idempotent with `key`). */
export async function createMerchant(ctx: AppContext, principal: Principal, body: NewMerchant, key: string | undefined): Promise<CreateOutcome> {
  requireUnscoped(principal);
  const chain = ctx.chains[principal.mode];
  if (!chain) throw new ApiError("mode_not_configured", `No ${principal.mode} chain is configured on this service: ${principal.mode} merchants cannot be created.`);
  const input = {
    businessName: body.business_name.trim(),
    email: email(body.email),
    ownerAddress: address(body.owner_address, "owner_address"),
    payoutAddress: address(body.payout_address, "payout_address"),
    schedule: scheduleOf(body.settlement_schedule),
    metadata: body.metadata === undefined ? {} : parseMetadata(body.metadata),
  };
  if (!input.businessName) throw new ApiError("parameter_invalid", "Invalid business_name: must not be blank.", "business_name");
  const hash = requestHash("POST /v1/merchants", { ...input, bank_account: body.bank_account });
  const r = await idempotentCreate(ctx.database.sql, { accountId: principal.accountId, mode: principal.mode, key, hash, now: ctx.clock.now() }, async () => {
    const linked = await bank(ctx, principal, body.bank_account);
    const id = newId("merchant");
    const onboarding = onboardMerchant(ctx, {
      id,
      accountIds: [principal.accountId],
      mode: principal.mode,
      businessName: input.businessName,
      email: input.email,
      bankName: linked.bankName,
      bankLast4: linked.last4,
      schedule: input.schedule,
      ownerAddress: input.ownerAddress,
      payoutAddress: input.payoutAddress,
      // Live: pending until an operator approves (CLI `merchants approve`); sandbox: at once.
      awaitApproval: principal.mode === "live",
    });
    const settled = await Promise.race([onboarding.then(() => "done" as const), Bun.sleep(DEPLOY_WAIT_MS).then(() => "waiting" as const)]).catch((err: unknown) => {
      if (err instanceof OnboardingError) throw new ApiError("parameter_invalid", `Invalid merchant: ${err.message}.`);
      throw err;
    });
    if (settled === "waiting") onboarding.catch((err: unknown) => ctx.log.error("merchant deployment failed; the merchant stays pending until it is completed", { err, merchantId: id }));
    // The row exists once onboardMerchant has passed its checks (written before the deployment).
    const [row] = await ctx.database.sql`
      UPDATE app.merchants SET metadata = ${pgJson(input.metadata)}::text::jsonb, bank_token = ${linked.token}
      WHERE id = ${id} RETURNING id`;
    if (!row) throw new Error(`merchant ${id} was not written`);
    return { id };
  });
  if (r.kind === "reused") return { kind: "reused" };
  const id = r.kind === "created" ? r.value.id : r.resourceId;
  // Without the operator key the deployment was handed to a signing role: the same wait as inline.
  if (r.kind === "created" && !chain.canSign) await waitForActive(ctx, id, DEPLOY_WAIT_MS);
  const [m] = await ctx.database.db.select().from(merchants).where(eq(merchants.id, id));
  if (!m) throw notFound("merchant", id);
  return { kind: r.kind, merchant: m };
}

async function waitForActive(ctx: AppContext, id: string, ms: number): Promise<void> {
  for (const until = Date.now() + ms; Date.now() < until; await Bun.sleep(100)) {
    const [row] = await ctx.database.sql<{ status: string }[]>`SELECT status FROM app.merchants WHERE id = ${id}`;
    if (row?.status !== "pending") return;
  }
}

/** A page of the account's merchants in the principal's mode, newest first (a scoped key: its one merchant). */
export async function listVisibleMerchants(ctx: AppContext, principal: Principal, input: { limit: number; startingAfter?: string }): Promise<{ rows: MerchantRow[]; hasMore: boolean; totalCount: number }> {
  const sql = ctx.database.sql;
  const scope = principal.scopeMerchantId;
  const visible = sql`m.mode = ${principal.mode} AND (${scope}::text IS NULL OR m.id = ${scope})
    AND EXISTS (SELECT 1 FROM app.account_merchants am WHERE am.merchant_id = m.id AND am.account_id = ${principal.accountId})`;
  let cursor: { created_at: Date; id: string } | undefined;
  if (input.startingAfter !== undefined) {
    const [c] = await sql<{ created_at: unknown; id: string }[]>`SELECT m.created_at, m.id FROM app.merchants m WHERE m.id = ${input.startingAfter} AND ${visible}`;
    if (!c) throw badCursor();
    cursor = { created_at: fromPgTs(c.created_at), id: c.id };
  }
  const at = cursor ? cursor.created_at.toISOString() : null;
  const [ids, [count]] = await Promise.all([
    sql<{ id: string }[]>`
      SELECT m.id FROM app.merchants m WHERE ${visible}
        AND (${at}::timestamptz IS NULL OR (m.created_at, m.id) < (${at}::timestamptz, ${cursor?.id ?? ""}))
      ORDER BY m.created_at DESC, m.id DESC LIMIT ${input.limit + 1}`,
    sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.merchants m WHERE ${visible}`,
  ]);
  const hasMore = ids.length > input.limit;
  const page = (hasMore ? ids.slice(0, input.limit) : ids).map((r) => r.id);
  const rows = page.length ? await ctx.database.db.select().from(merchants).where(inArray(merchants.id, page)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { rows: page.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])), hasMore, totalCount: count?.n ?? 0 };
}

/** Applies the given changes to a merchant the principal may see (404 otherwise) and returns it. */
export async function updateMerchant(ctx: AppContext, principal: Principal, id: string, body: MerchantChanges): Promise<MerchantRow> {
  const m = await getVisibleMerchant(ctx, principal, id);
  const linked = body.bank_account === undefined ? undefined : await bank(ctx, principal, body.bank_account);
  const sched = body.settlement_schedule === undefined ? undefined : scheduleOf(body.settlement_schedule);
  const businessName = body.business_name?.trim();
  if (businessName === "") throw new ApiError("parameter_invalid", "Invalid business_name: must not be blank.", "business_name");
  const meta = body.metadata === undefined ? null : pgJson(parseMetadata(body.metadata));
  const addressType = body.default_payment_address_type ?? null;
  if (addressType !== null && !isPaymentAddressType(addressType))
    throw new ApiError("parameter_invalid", "Invalid default_payment_address_type: must be 'shared' or 'deposit'.", "default_payment_address_type");
  const tolerance = body.underpayment_tolerance === undefined ? null : parseAmount(body.underpayment_tolerance, "underpayment_tolerance", 0n, TOLERANCE_MAX_UNITS, 2);
  await ctx.database.sql`
    UPDATE app.merchants SET
      business_name = coalesce(${businessName ?? null}::text, business_name),
      email = coalesce(${body.email === undefined ? null : email(body.email)}::text, email),
      settlement_schedule = coalesce(${sched?.kind ?? null}::text, settlement_schedule),
      settlement_cron = CASE WHEN ${sched !== undefined} THEN ${sched?.kind === "custom" ? sched.cron : null}::text ELSE settlement_cron END,
      settlement_timezone = CASE WHEN ${sched !== undefined} THEN ${sched?.kind === "custom" ? sched.timezone : null}::text ELSE settlement_timezone END,
      bank_name = coalesce(${linked?.bankName ?? null}::text, bank_name),
      bank_last4 = coalesce(${linked?.last4 ?? null}::text, bank_last4),
      bank_token = coalesce(${linked?.token ?? null}::text, bank_token),
      metadata = coalesce(${meta}::text::jsonb, metadata),
      default_payment_address_type = coalesce(${addressType}::text, default_payment_address_type),
      underpayment_tolerance_units = coalesce(${tolerance === null ? null : tolerance.toString()}::int8, underpayment_tolerance_units)
    WHERE id = ${m.id}`;
  return getVisibleMerchant(ctx, principal, m.id);
}
