/**
 * Routes: POST /v1/merchants (onboarding), GET /v1/merchants (list), POST /v1/merchants/{id}
 * (update). Request schemas validate and document (one per route).
 *
 * Onboarding reuses onboardMerchant (one home for the rules): the row is written, then the account
 * contract is deployed. The answer does not wait for more than DEPLOY_WAIT_MS: a merchant whose
 * deployment is still running is answered `pending` and becomes `active` when onboardMerchant
 * finishes in the background (`active` = its address is watched). Sandbox merchants are approved
 * at once; live merchants are created `pending` (KYC pending, nothing deployed) until an operator
 * approves them.
 */
import { t } from "elysia";
import { getAddress, isAddress } from "viem";
import type { AppContext } from "../../context.ts";
import { authedRoutes } from "../../http/authed.ts";
import { noQuery } from "../../http/query.ts";
import type { Principal } from "../access/authenticator.ts";
import { ApiError, notFound, badCursor } from "../../domain/errors.ts";
import { listBody, listSchema, parseCursorParam, parseLimitParam, LimitQuery } from "../../http/list-params.ts";
import { errorExample, idempotencyHeaderParameter, createResponses, listResponses, objectResponses } from "../../http/openapi.ts";
import { idempotencyKey, jsonBodyOf, reused, queryText } from "../../http/schema-route.ts";
import { newId } from "../../domain/ids.ts";
import { fromPgTs, pgJson } from "../../db/pg-values.ts";
import { parseMetadata } from "../payment-intents/input.ts";
import { idempotentCreate, requestHash } from "../idempotency/store.ts";
import { BankAccountError, linkBankAccount, type BankAccountInput } from "./bank-account.ts";
import { MerchantSchema, merchantShape } from "./model.ts";
import { onboardMerchant, OnboardingError } from "./onboarding.ts";
import { validateSchedule, type ScheduleInput } from "./schedule-input.ts";
import { getVisibleMerchant } from "./service.ts";
import { merchants } from "../../db/schema/core.ts";
import { eq, inArray } from "drizzle-orm";

/** The longest POST /v1/merchants waits for the account contract before answering `pending`. */
export const DEPLOY_WAIT_MS = 1500;

const TAG = ["Merchants"];
const EX_MERCHANT = "mer_7Hx2Qm9LpR4tVb8NcZ1aWd3K";
const EX_ADDR = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

const Schedule = t.Union(
  [
    t.Literal("weekly_monday"),
    t.Literal("daily"),
    t.Literal("manual"),
    t.Object({ cron: t.String({ minLength: 1, maxLength: 100, examples: ["0 9 * * 1-5"] }), time_zone: t.String({ minLength: 1, maxLength: 64, examples: ["America/New_York"] }) }, { additionalProperties: false }),
  ],
  { description: "`weekly_monday` (default), `daily`, `manual` (cash-out only), or `{cron, time_zone}`: a cron expression read in an IANA time zone." },
);
const BankAccount = t.Object(
  {
    token: t.Optional(t.String({ minLength: 1, maxLength: 200, description: "The payout provider's token of an already linked bank account." })),
    routing_number: t.Optional(t.String({ description: "Sandbox only: 9-digit ABA routing number (checksum verified); tokenized, never stored.", examples: ["011000015"] })),
    account_number: t.Optional(t.String({ description: "Sandbox only: 4 to 17 digits; only the last 4 are kept.", examples: ["000123456789"] })),
    bank_name: t.Optional(t.String({ minLength: 1, maxLength: 100, description: "Sandbox only: the bank's name, shown on settlements." })),
  },
  { additionalProperties: false, description: "Either `token`, or (sandbox) `routing_number` and `account_number`." },
);
const Metadata = t.Record(t.String(), t.String(), { description: "Up to 10 string values." });

export const CreateMerchantBody = t.Object(
  {
    business_name: t.String({ minLength: 1, maxLength: 200, examples: ["Corner Coffee"] }),
    email: t.String({ minLength: 3, maxLength: 254, examples: ["owner@corner.example"] }),
    owner_address: t.String({ description: "The merchant's wallet: controls the account contract (and alone can change the payout address, on-chain).", examples: [EX_ADDR] }),
    payout_address: t.String({ description: "Where settlements withdraw USDC to before the ACH transfer.", examples: [EX_ADDR] }),
    settlement_schedule: t.Optional(Schedule),
    bank_account: BankAccount,
    metadata: t.Optional(Metadata),
  },
  {
    additionalProperties: false,
    examples: [
      {
        business_name: "Corner Coffee",
        email: "owner@corner.example",
        owner_address: EX_ADDR,
        payout_address: EX_ADDR,
        settlement_schedule: { cron: "0 9 * * 1-5", time_zone: "America/New_York" },
        bank_account: { routing_number: "011000015", account_number: "000123456789", bank_name: "Federal Reserve Bank" },
        metadata: { crm_id: "C-1042" },
      },
    ],
  },
);

export const UpdateMerchantBody = t.Object(
  {
    business_name: t.Optional(CreateMerchantBody.properties.business_name),
    email: t.Optional(CreateMerchantBody.properties.email),
    settlement_schedule: t.Optional(Schedule),
    bank_account: t.Optional(BankAccount),
    metadata: t.Optional(Metadata),
  },
  { additionalProperties: false, examples: [{ settlement_schedule: "daily" }] },
);

/** Fields of a merchant that exist but this route does not change, with why. */
const IMMUTABLE: Record<string, string> = {
  payout_address: "the payout address is changed on-chain by the owner (the account contract's setPayoutAddress), never through this API.",
  owner_address: "the owner of the account contract is fixed when the contract is deployed.",
  fee_rate: "the fee rate is the platform's, set by the operator.",
  payment_address: "the payment address is the merchant's account contract.",
  status: "the status follows onboarding (and operator approval in live mode).",
  kyc_status: "KYC is reviewed by the operator.",
  mode: "a merchant lives in one mode.",
  id: "ids never change.",
};

export const MerchantListQuery = t.Object(
  {
    limit: LimitQuery,
    starting_after: t.Optional(t.String({ description: "The id of the last merchant of the previous page." })),
  },
  { additionalProperties: false },
);

const EX_SHAPE = {
  id: EX_MERCHANT,
  object: "merchant",
  business_name: "Corner Coffee",
  email: "owner@corner.example",
  status: "active",
  kyc_status: "approved",
  payout_method: "bank_account",
  bank_account: { bank_name: "Federal Reserve Bank", last_4: "6789", status: "verified" },
  payment_address: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  chain: "base",
  settlement_schedule: "weekly_monday",
  fee_rate: 0.01,
  metadata: { crm_id: "C-1042" },
  created_at: "2026-04-01T12:00:00.000Z",
};
const DocMerchant = t.Object(MerchantSchema.properties, { additionalProperties: false, examples: [EX_SHAPE] });
const MerchantList = listSchema(DocMerchant, EX_SHAPE, { order: "Newest first: `created_at` descending, then `id` descending.", totalCount: t.Integer() });

type ScheduleBody = "weekly_monday" | "daily" | "manual" | { cron: string; time_zone: string };

function schedule(s: ScheduleBody | undefined): ScheduleInput {
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

function unscoped(p: Principal) {
  if (p.scopeMerchantId !== null)
    throw new ApiError("resource_missing", "Merchants are created and listed by the integrator account: use an API key that is not scoped to a merchant.", undefined, 404);
}

export function merchantApiRoutes(ctx: AppContext) {
  return authedRoutes(ctx, "merchants-api")
    .post(
      "/v1/merchants",
      async ({ principal, body, request, set }) => {
        unscoped(principal);
        noQuery(request.url);
        const key = idempotencyKey(request);
        const chain = ctx.chains[principal.mode];
        if (!chain) throw new ApiError("mode_not_configured", `No ${principal.mode} chain is configured on this service: ${principal.mode} merchants cannot be created.`);
        const input = {
          businessName: body.business_name.trim(),
          email: email(body.email),
          ownerAddress: address(body.owner_address, "owner_address"),
          payoutAddress: address(body.payout_address, "payout_address"),
          schedule: schedule(body.settlement_schedule as ScheduleBody | undefined),
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
          if (settled === "waiting")
            onboarding.catch((err: unknown) => ctx.log.error("merchant deployment failed; the merchant stays pending until it is completed", { err, merchantId: id }));
          // The row exists once onboardMerchant has passed its checks (written before the deployment).
          const [row] = await ctx.database.sql`
            UPDATE app.merchants SET metadata = ${pgJson(input.metadata)}::text::jsonb, bank_token = ${linked.token}
            WHERE id = ${id} RETURNING id`;
          if (!row) throw new Error(`merchant ${id} was not written`);
          return { id };
        });
        if (r.kind === "reused") throw reused(key);
        const id = r.kind === "created" ? r.value.id : r.resourceId;
        const [m] = await ctx.database.db.select().from(merchants).where(eq(merchants.id, id));
        if (!m) throw notFound("merchant", id);
        if (r.kind === "replayed") set.headers["idempotent-replayed"] = "true";
        else set.status = 201;
        return merchantShape(m);
      },
      {
        parse: jsonBodyOf(CreateMerchantBody, { fee_rate: IMMUTABLE.fee_rate! }),
        body: CreateMerchantBody,
        detail: {
          tags: TAG,
          summary: "Create a merchant",
          description:
            "Onboards a merchant for the key's integrator account (keys scoped to a merchant cannot). Sandbox: approved at once; its account contract is deployed and it becomes `active` (answered `pending` if the deployment takes longer than 1.5 s; poll GET until `active`). Live: `pending` with `kyc_status: pending` until the operator approves it. The fee rate is the platform's. Bank account: a payout-provider token, or in the sandbox routing and account numbers (ABA checksum), tokenized: only the bank name and last 4 digits are kept. Idempotent with `Idempotency-Key`.",
          parameters: [idempotencyHeaderParameter],
          responses: createResponses(DocMerchant, {
            created: "The new merchant.",
            replayed: "Replay of an earlier create with the same idempotency key: that merchant now.",
            errors: [
              errorExample("parameter_missing", "Missing required param: owner_address.", "owner_address"),
              errorExample("parameter_invalid", "Invalid payout_address: must be a 0x-prefixed 20-byte hex address.", "payout_address"),
              errorExample("parameter_invalid", 'Invalid settlement_schedule: unknown time zone "Mars/Olympus".', "settlement_schedule"),
              errorExample("parameter_unknown", "Received unknown parameter: fee_rate", "fee_rate"),
              errorExample("bank_account_invalid", "routing_number is not a valid ABA routing number (9 digits with a valid checksum).", "bank_account"),
              errorExample("payout_provider_missing", "No payout provider is configured for live mode: bank accounts cannot be linked. Ask the operator to configure one.", "bank_account"),
              errorExample("mode_not_configured", "No live chain is configured on this service: live merchants cannot be created."),
              errorExample("metadata_invalid", "Invalid metadata: at most 10 keys are allowed (got 11).", "metadata"),
            ],
            notFound: [errorExample("resource_missing", "Merchants are created and listed by the integrator account: use an API key that is not scoped to a merchant.")],
          }),
        },
      },
    )
    .get(
      "/v1/merchants",
      async ({ principal, request }) => {
        const opt = queryText(request.url, MerchantListQuery);
        const limit = parseLimitParam(opt("limit"));
        const after = parseCursorParam(opt("starting_after"), "merchant");
        const sql = ctx.database.sql;
        const scope = principal.scopeMerchantId;
        const visible = sql`m.mode = ${principal.mode} AND (${scope}::text IS NULL OR m.id = ${scope})
          AND EXISTS (SELECT 1 FROM app.account_merchants am WHERE am.merchant_id = m.id AND am.account_id = ${principal.accountId})`;
        let cursor: { created_at: Date; id: string } | undefined;
        if (after !== undefined) {
          const [c] = await sql<{ created_at: unknown; id: string }[]>`SELECT m.created_at, m.id FROM app.merchants m WHERE m.id = ${after} AND ${visible}`;
          if (!c) throw badCursor();
          cursor = { created_at: fromPgTs(c.created_at), id: c.id };
        }
        const [ids, [count]] = await Promise.all([
          sql<{ id: string }[]>`
            SELECT m.id FROM app.merchants m WHERE ${visible}
              AND (${cursor ? cursor.created_at.toISOString() : null}::timestamptz IS NULL OR (m.created_at, m.id) < (${cursor ? cursor.created_at.toISOString() : null}::timestamptz, ${cursor?.id ?? ""}))
            ORDER BY m.created_at DESC, m.id DESC LIMIT ${limit + 1}`,
          sql<{ n: number }[]>`SELECT count(*)::int AS n FROM app.merchants m WHERE ${visible}`,
        ]);
        const hasMore = ids.length > limit;
        const page = (hasMore ? ids.slice(0, limit) : ids).map((r) => r.id);
        const rows = page.length ? await ctx.database.db.select().from(merchants).where(inIds(page)) : [];
        const byId = new Map(rows.map((r) => [r.id, r]));
        return listBody(page.flatMap((id) => (byId.has(id) ? [merchantShape(byId.get(id)!)] : [])), { hasMore, totalCount: count?.n ?? 0 });
      },
      {
        query: MerchantListQuery,
        detail: {
          tags: TAG,
          summary: "List merchants",
          description: "The merchants of the key's integrator account in its mode, newest first (a scoped key: its one merchant).",
          responses: listResponses(MerchantList, { page: "A page of merchants." }),
        },
      },
    )
    .post(
      "/v1/merchants/:id",
      async ({ principal, params, body, request }) => {
        const m = await getVisibleMerchant(ctx, principal, params.id);
        noQuery(request.url);
        const linked = body.bank_account === undefined ? undefined : await bank(ctx, principal, body.bank_account);
        const sched = body.settlement_schedule === undefined ? undefined : schedule(body.settlement_schedule as ScheduleBody);
        const businessName = body.business_name?.trim();
        if (businessName === "") throw new ApiError("parameter_invalid", "Invalid business_name: must not be blank.", "business_name");
        const meta = body.metadata === undefined ? null : pgJson(parseMetadata(body.metadata));
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
            metadata = coalesce(${meta}::text::jsonb, metadata)
          WHERE id = ${m.id}`;
        return merchantShape(await getVisibleMerchant(ctx, principal, m.id));
      },
      {
        parse: jsonBodyOf(UpdateMerchantBody, IMMUTABLE),
        params: t.Object({ id: t.String({ description: "Merchant id, `mer_*`.", examples: [EX_MERCHANT] }) }),
        body: UpdateMerchantBody,
        detail: {
          tags: TAG,
          summary: "Update a merchant",
          description:
            "Changes business_name, email, settlement_schedule, bank_account or metadata. Fields that exist but do not change here are 400 `parameter_invalid` saying why (payout_address: on-chain by the owner; fee_rate: the platform's; …); anything else unknown is `parameter_unknown`.",
          responses: objectResponses(DocMerchant, {
            ok: "The updated merchant.",
            errors: [
              errorExample("parameter_invalid", "payout_address cannot be changed here: the payout address is changed on-chain by the owner (the account contract's setPayoutAddress), never through this API.", "payout_address"),
              errorExample("parameter_unknown", "Received unknown parameter: nickname", "nickname"),
              errorExample("bank_account_invalid", "routing_number is not a valid ABA routing number (9 digits with a valid checksum).", "bank_account"),
            ],
            notFound: [errorExample("resource_missing", `No such merchant: '${EX_MERCHANT}'`)],
          }),
        },
      },
    );
}

function inIds(ids: string[]) {
  return inArray(merchants.id, ids);
}
