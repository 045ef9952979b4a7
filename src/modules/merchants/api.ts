/**
 * Routes: POST /v1/merchants (onboarding), GET /v1/merchants (list), POST /v1/merchants/{id}
 * (update). Request schemas validate and document (one per route); the rules are in
 * management.ts, which the dashboard uses too.
 */
import { t } from "elysia";
import type { AppContext } from "../../context.ts";
import { authedRoutes } from "../../http/authed.ts";
import { noQuery } from "../../http/query.ts";
import { listBody, listSchema, parseCursorParam, parseLimitParam, LimitQuery } from "../../http/list-params.ts";
import { errorExample, idempotencyHeaderParameter, createResponses, listRoute, objectResponses, named } from "../../http/openapi.ts";
import { idempotencyKey, jsonBodyOf, reused, queryText } from "../../http/schema-route.ts";
import { MerchantSchema } from "./model.ts";
import { merchantShape } from "./shapes.ts";
import { getVisibleMerchant } from "./service.ts";
import { createMerchant, listVisibleMerchants, requireUnscoped, updateMerchant, type ScheduleBody } from "./management.ts";

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
    payout_address: t.String({ description: "Where settlements withdraw the merchant's tokens to before the ACH transfer.", examples: [EX_ADDR] }),
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
    default_payment_address_type: t.Optional(
      t.Union([t.Literal("shared"), t.Literal("deposit")], {
        description: "What a payment intent created without `payment_address_type` gets from now on: `shared` or `deposit`.",
        examples: ["deposit"],
      }),
    ),
    underpayment_tolerance: t.Optional(
      t.Number({
        minimum: 0,
        maximum: 10000,
        description: "USD, 0 to 10000, at most 2 decimal places: how far short of its amount a payment to a deposit address still confirms the intent.",
        examples: [0.5],
      }),
    ),
  },
  { additionalProperties: false, examples: [{ settlement_schedule: "daily" }, { default_payment_address_type: "deposit", underpayment_tolerance: 0.5 }] },
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
  default_payment_address_type: "shared",
  underpayment_tolerance: 0,
  metadata: { crm_id: "C-1042" },
  created_at: "2026-04-01T12:00:00.000Z",
};
const DocMerchant = t.Object(MerchantSchema.properties, { additionalProperties: false, examples: [EX_SHAPE] });
const MerchantList = listSchema(DocMerchant, EX_SHAPE, { order: "Newest first: `created_at` descending, then `id` descending.", totalCount: t.Integer() });

export function merchantApiRoutes(ctx: AppContext) {
  return authedRoutes(ctx, "merchants-api")
    .post(
      "/v1/merchants",
      async ({ principal, body, request, set }) => {
        requireUnscoped(principal);
        noQuery(request.url);
        const key = idempotencyKey(request);
        const r = await createMerchant(ctx, principal, { ...body, settlement_schedule: body.settlement_schedule as ScheduleBody | undefined }, key);
        if (r.kind === "reused") throw reused(key);
        if (r.kind === "replayed") set.headers["idempotent-replayed"] = "true";
        else set.status = 201;
        return merchantShape(r.merchant);
      },
      {
        parse: jsonBodyOf(CreateMerchantBody, { fee_rate: IMMUTABLE.fee_rate! }),
        body: named("CreateMerchantRequest", CreateMerchantBody),
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
        const page = await listVisibleMerchants(ctx, principal, { limit: parseLimitParam(opt("limit")), startingAfter: parseCursorParam(opt("starting_after"), "merchant") });
        return listBody(page.rows.map(merchantShape), page);
      },
      listRoute(MerchantListQuery, MerchantList, TAG, "List merchants", { description: "The merchants of the key's integrator account in its mode, newest first (a scoped key: its one merchant)." }),
    )
    .post(
      "/v1/merchants/:id",
      async ({ principal, params, body, request }) => {
        // Visibility first: another account's merchant is 404 whatever the request looks like.
        await getVisibleMerchant(ctx, principal, params.id);
        noQuery(request.url);
        return merchantShape(await updateMerchant(ctx, principal, params.id, { ...body, settlement_schedule: body.settlement_schedule as ScheduleBody | undefined }));
      },
      {
        parse: jsonBodyOf(UpdateMerchantBody, IMMUTABLE),
        params: t.Object({ id: t.String({ description: "Merchant id, `mer_*`.", examples: [EX_MERCHANT] }) }),
        body: named("UpdateMerchantRequest", UpdateMerchantBody),
        detail: {
          tags: TAG,
          summary: "Update a merchant",
          description:
            "Changes business_name, email, settlement_schedule, bank_account, metadata, default_payment_address_type or underpayment_tolerance. Fields that exist but do not change here are 400 `parameter_invalid` saying why (payout_address: on-chain by the owner; fee_rate: the platform's; …); anything else unknown is `parameter_unknown`.",
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
