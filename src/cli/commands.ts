/** The CLI's commands: options, what each does (through the onboarding service) and its human output. */
import type { AppContext } from "../context.ts";
import type { Mode } from "../db/schema/core.ts";
import { createApiKey, createIntegratorAccount, createWebhookEndpoint, onboardMerchant, OnboardingError, revokeApiKey, setWebhookEndpointStatus, approveMerchant, createOtherChainAccounts } from "../modules/merchants/onboarding.ts";
import { parseScheduleInput } from "../modules/merchants/schedule-input.ts";
import { accounts } from "../db/schema/core.ts";
import { merchantShape } from "../modules/merchants/shapes.ts";
import { resealSecrets } from "../modules/webhook-endpoints/service.ts";
import { listDeliveries, resendEvent, WebhookOperatorError, type DeliveryView } from "../modules/webhooks/service.ts";
import type { JsonOptions } from "./json.ts";
import { addDashboardUser } from "../modules/access/dashboard-users.ts";
import { createPublicClient, createWalletClient, http, isHex, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { deployFactoryV2 } from "../chain/account-v2.ts";
import { deployDepositFactory } from "../chain/deposit-address.ts";
import { deploymentBlock } from "../chain/factory-v1.ts";
import { recordFactory } from "../chain/deployments-file.ts";
import { listForeignTransfers } from "../modules/matching/foreign.ts";
import { paySandboxIntent, SandboxPayError } from "../modules/test-helpers/pay.ts";
import { settlementCashOut, settlementList, settlementSandboxRule, settlementText } from "../modules/settlements/operator.ts";

type Values = Record<string, string | boolean | string[] | undefined>;
type Option = { type: "string" | "boolean"; multiple?: boolean };

export interface Command<R = unknown> {
  summary: string;
  options: Record<string, Option>;
  run(ctx: AppContext, v: Values): Promise<R>;
  human(result: R): string;
  /** The API-style `--json` output (cli/json.ts): the object name, and renames of one-time secrets. */
  json: JsonOptions;
}

function req(v: Values, name: string): string {
  const value = v[name];
  if (typeof value !== "string" || value === "") throw new OnboardingError(`--${name} is required`);
  return value;
}


/**
 * A wallet for a deterministic deployment on the chain of `m`: DEPLOYER_PRIVATE_KEY, a funded key that
 * is not the operator's, since every operator transaction goes through its nonce authority
 * (chain/operator-sender.ts) and a deployment signed outside it would take one of its nonces.
 */
function deployerOn(ctx: AppContext, m: Mode) {
  const chain = ctx.chains[m];
  if (!chain) throw new OnboardingError(`no ${m} chain is configured`);
  const key = process.env.DEPLOYER_PRIVATE_KEY;
  if (!key || !isHex(key) || key.length !== 66) throw new OnboardingError("DEPLOYER_PRIVATE_KEY (a funded key, not the operator's) is required");
  const account = privateKeyToAccount(key as Hex);
  if (account.address === chain.operator.account.address) throw new OnboardingError("DEPLOYER_PRIVATE_KEY must not be the operator key");
  const transport = http(chain.rpcHttpUrl);
  return { chain, walletClient: createWalletClient({ transport, account, chain: chain.chain }), publicClient: createPublicClient({ transport, chain: chain.chain }) };
}

function mode(v: Values): Mode {
  const m = (v.mode as string | undefined) ?? "test";
  if (m !== "test" && m !== "live") throw new OnboardingError(`--mode must be test or live, got "${m}"`);
  return m;
}

/** "0.01" -> 100 bps; rejects anything that is not a whole number of basis points. */
function feeRateBps(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/.test(text)) throw new OnboardingError(`--fee-rate must be a decimal between 0 and 1 with at most 4 decimals, got "${text}"`);
  return Math.round(Number(text) * 10_000);
}

const define = <R>(c: Command<R>) => c as Command<unknown>;

/** `webhooks disable` and `webhooks enable`: one command each way. */
function endpointStatusCommand(status: "enabled" | "disabled", summary: string) {
  return define({
    json: { object: "webhook_endpoint" },
    summary,
    options: { endpoint: { type: "string" } },
    run: (ctx, v) => setWebhookEndpointStatus(ctx, req(v, "endpoint"), status),
    human: (e) => `${status} ${e.id}`,
  });
}

export const commands: Record<string, Command> = {
  "accounts create": define({
    json: { object: "account" },
    summary: "Create an integrator account (--name)",
    options: { name: { type: "string" } },
    run: (ctx, v) => createIntegratorAccount(ctx, req(v, "name")),
    human: (a) => `created integrator account ${a.id} (${a.name})`,
  }),
  "users create": define({
    json: { object: "dashboard_user" },
    summary: "Create a dashboard user of an account (--account acct_…, --email, --role admin|viewer|cashier, --terminal term_… for a cashier); prints a one-time set-password link",
    options: { account: { type: "string" }, email: { type: "string" }, role: { type: "string" }, terminal: { type: "string" } },
    run: async (ctx, v) => {
      const { user, setPasswordToken } = await addDashboardUser(ctx.database.sql, { accountId: req(v, "account"), email: req(v, "email"), role: (v.role as string | undefined) ?? "viewer", terminalId: v.terminal as string | undefined }, ctx.clock.now());
      const { terminalId, ...rest } = user;
      return { ...rest, terminal_id: terminalId, set_password_url: `${ctx.config.dashboardBaseUrl}/dashboard/set-password?token=${setPasswordToken}` };
    },
    human: (u) => `created dashboard user ${u.id} (${u.email}, ${u.role})\n\n  set a password within 72 hours: ${u.set_password_url}\n\nThis link is shown once and works once.`,
  }),
  "accounts list": define({
    json: { object: "account" },
    summary: "List integrator accounts",
    options: {},
    run: (ctx) => ctx.database.db.select().from(accounts).orderBy(accounts.createdAt),
    human: (rows) => rows.map((a) => `${a.id}  ${a.name}`).join("\n") || "(none)",
  }),
  "merchants create": define({
    json: { object: "merchant" },
    summary: "Create and onboard a merchant, deploying its account contract",
    options: {
      account: { type: "string", multiple: true },
      mode: { type: "string" },
      "business-name": { type: "string" },
      email: { type: "string" },
      "bank-name": { type: "string" },
      "bank-last4": { type: "string" },
      "fee-rate": { type: "string" },
      schedule: { type: "string" },
      owner: { type: "string" },
      payout: { type: "string" },
    },
    async run(ctx, v) {
      const schedule = parseScheduleInput((v.schedule as string | undefined) ?? "weekly_monday");
      if (typeof schedule === "string") throw new OnboardingError(schedule);
      const accountIds = (v.account as string[] | undefined) ?? [];
      if (accountIds.length === 0) throw new OnboardingError("--account is required (repeat it to link several accounts)");
      const m = await onboardMerchant(ctx, {
        accountIds,
        mode: mode(v),
        businessName: req(v, "business-name"),
        email: req(v, "email"),
        bankName: req(v, "bank-name"),
        bankLast4: req(v, "bank-last4"),
        feeRateBps: feeRateBps(v["fee-rate"] as string | undefined),
        schedule,
        ownerAddress: req(v, "owner"),
        payoutAddress: req(v, "payout"),
      });
      return merchantShape(m);
    },
    human: (m) => `onboarded merchant ${m.id} (${m.business_name}); payment address ${m.payment_address}`,
  }),
  "merchants approve": define({
    json: { object: "merchant" },
    summary: "Approve a merchant waiting for KYC review (--merchant mer_…): deploy its account contract and activate it",
    options: { merchant: { type: "string" } },
    run: async (ctx, v) => merchantShape(await approveMerchant(ctx, req(v, "merchant"))),
    human: (m) => `approved merchant ${m.id} (${m.business_name}); status ${m.status}, payment address ${m.payment_address}`,
  }),
  "merchants create-accounts": define({
    json: { object: "merchant" },
    summary: "Create a v2 merchant's account on every chain of its mode it is not on yet (--merchant mer_…); e.g. after a chain was enabled",
    options: { merchant: { type: "string" } },
    run: async (ctx, v) => merchantShape(await createOtherChainAccounts(ctx, req(v, "merchant"))),
    human: (m) => `merchant ${m.id}: account ${m.payment_address} on every enabled chain of its mode`,
  }),
  "keys create": define({
    json: { object: "api_key", rename: { key: "secret_key" } },
    summary: "Create an API key (--account, --mode test|live, optional --merchant to scope it, --refunds to let it refund); shown once",
    options: { account: { type: "string" }, mode: { type: "string" }, merchant: { type: "string" }, refunds: { type: "boolean" } },
    run: (ctx, v) => createApiKey(ctx, { accountId: req(v, "account"), mode: mode(v), merchantId: (v.merchant as string | undefined) ?? null, refunds: v.refunds === true }),
    human: (k) => `created ${k.mode} key ${k.id}${k.merchantId ? ` scoped to ${k.merchantId}` : ""}${k.canRefund ? ", with the refund permission" : ", without the refund permission"}\n\n  ${k.key}\n\nThis key is shown once: store it now.`,
  }),
  "keys revoke": define({
    json: { object: "api_key" },
    summary: "Revoke an API key (--key key_…)",
    options: { key: { type: "string" } },
    run: (ctx, v) => revokeApiKey(ctx, req(v, "key")),
    human: (k) => `revoked ${k.id}`,
  }),
  "webhooks create": define({
    json: { object: "webhook_endpoint", rename: { secret: "signing_secret" } },
    summary: "Register a webhook endpoint (--account, --url, --mode, --event repeated); secret shown once",
    options: { account: { type: "string" }, url: { type: "string" }, mode: { type: "string" }, event: { type: "string", multiple: true } },
    run: (ctx, v) => createWebhookEndpoint(ctx, { accountId: req(v, "account"), mode: mode(v), url: req(v, "url"), eventTypes: (v.event as string[] | undefined) ?? [] }),
    human: (e) => `created webhook endpoint ${e.id} -> ${e.url} (${e.eventTypes.join(", ")})\n\n  signing secret: ${e.secret}\n\nThis secret is shown once: store it now.`,
  }),
  "webhooks disable": endpointStatusCommand("disabled", "Disable a webhook endpoint (--endpoint we_…)"),
  "webhooks reseal": define({
    json: { object: "webhook_secrets_reseal" },
    summary: "Seal every webhook signing secret with WEBHOOK_SECRETS_KEY (after setting a key, or rotating it: the old one in WEBHOOK_SECRETS_PREVIOUS_KEYS)",
    options: {},
    run: (ctx) => resealSecrets(ctx.database.sql),
    human: (r) => `re-sealed ${r.resealed} of ${r.endpoints} webhook endpoints' secrets with the current key`,
  }),
  "webhooks enable": endpointStatusCommand("enabled", "Re-enable a webhook endpoint (--endpoint we_…)"),
  "webhooks deliveries": define({
    json: { object: "webhook_delivery" },
    summary: "List webhook deliveries with their attempts (--event evt_… or --endpoint we_…, optional --limit)",
    options: { event: { type: "string" }, endpoint: { type: "string" }, limit: { type: "string" } },
    run: (ctx, v) =>
      operatorErrors(() =>
        listDeliveries(ctx.database.sql, {
          eventId: v.event as string | undefined,
          endpointId: v.endpoint as string | undefined,
          limit: v.limit === undefined ? undefined : positiveInt(v.limit as string, "limit"),
        }),
      ),
    human: (rows) => rows.map(deliveryText).join("\n\n") || "(no deliveries)",
  }),
  "webhooks resend": define({
    json: { object: "event_resend" },
    summary: "Send an event again to its endpoints (--event evt_…, optional --endpoint we_…): new deliveries, same webhook-id",
    options: { event: { type: "string" }, endpoint: { type: "string" } },
    run: async (ctx, v) => {
      const eventId = req(v, "event");
      const deliveries = await operatorErrors(() => resendEvent(ctx.database.sql, eventId, ctx.clock.now(), v.endpoint as string | undefined));
      return { event: eventId, deliveries };
    },
    human: (r) => `resending ${r.event}:\n${r.deliveries.map((d) => `  ${d.id} -> ${d.endpointId}`).join("\n")}`,
  }),
  "settlements run": define({
    json: { object: "settlement_run" },
    summary: "Cash out a merchant now (--merchant mer_…): settle its available balance, withdraw on-chain, start the ACH",
    options: { merchant: { type: "string" } },
    run: (ctx, v) => settlementCashOut(ctx, req(v, "merchant")),
    human: (r) => (r.settlement ? settlementText(r) : `nothing to settle for ${r.merchant_id}`),
  }),
  "settlements list": define({
    json: { object: "settlement" },
    summary: "List a merchant's settlements, newest first (--merchant mer_…, optional --limit)",
    options: { merchant: { type: "string" }, limit: { type: "string" } },
    run: (ctx, v) => settlementList(ctx, req(v, "merchant"), v.limit === undefined ? undefined : positiveInt(v.limit as string, "limit")),
    human: (rows) => rows.map(settlementText).join("\n\n") || "(no settlements)",
  }),
  "chain deploy-factory-v2": define({
    json: { object: "factory_v2_deployment" },
    summary:
      "Deploy MerchantAccountFactoryV2 at its deterministic address on a chain (--mode test|live) through the deterministic deployment proxy, signed by DEPLOYER_PRIVATE_KEY (any funded key; not the operator's); nothing is sent if it is there. --record DIR adds it with its block to DIR/<chainId>.json (DEPLOYMENTS_DIR)",
    options: { mode: { type: "string" }, record: { type: "string" } },
    run: async (ctx, v) => {
      const { chain, walletClient, publicClient } = deployerOn(ctx, mode(v));
      const r = await deployFactoryV2({ walletClient, publicClient: publicClient as never });
      // --record: the install's deployments record gets the factory with its block, so a
      // production start can take the chain's start block from it (contracts/README.md).
      const block = typeof v.record === "string" ? await deploymentBlock(publicClient as never, r.factory) : undefined;
      if (typeof v.record === "string") recordFactory(v.record, chain.chainId, { version: 2, address: r.factory, startBlock: block ?? null });
      return { chain_id: chain.chainId, factory: r.factory, deployed_now: r.deployedNow, gas_used: String(r.gasUsed), ...(block === undefined ? {} : { block_number: block }) };
    },
    human: (r) => `${r.deployed_now ? "deployed" : "already deployed:"} MerchantAccountFactoryV2 ${r.factory} on chain ${r.chain_id}${r.block_number === undefined ? "" : ` in block ${r.block_number}`}`,
  }),
  "chain deploy-deposit-factory": define({
    json: { object: "deposit_factory_deployment" },
    summary:
      "Deploy DepositAddressFactory (what sweeps deposit addresses into their merchant's account) at its deterministic address on a chain (--mode test|live) through the deterministic deployment proxy, signed by DEPLOYER_PRIVATE_KEY (any funded key; not the operator's); nothing is sent if it is there. Until it is, payments to deposit addresses on that chain wait unswept",
    options: { mode: { type: "string" } },
    run: async (ctx, v) => {
      const { chain, walletClient, publicClient } = deployerOn(ctx, mode(v));
      const r = await deployDepositFactory({ walletClient, publicClient: publicClient as never });
      return { chain_id: chain.chainId, factory: r.factory, deployed_now: r.deployedNow, gas_used: String(r.gasUsed) };
    },
    human: (r) => `${r.deployed_now ? "deployed" : "already deployed:"} DepositAddressFactory ${r.factory} on chain ${r.chain_id}`,
  }),
  "chain foreign-transfers": define({
    json: { object: "foreign_transfer" },
    summary:
      "List transfers to indexed accounts that are no merchant of ours on their chain (a stranger's v2 account naming our operator, or a merchant's account not recorded on that chain yet), newest first; open ones unless --all (optional --limit)",
    options: { all: { type: "boolean" }, limit: { type: "string" } },
    run: (ctx, v) => listForeignTransfers(ctx.database.sql, { all: v.all === true, limit: v.limit === undefined ? undefined : positiveInt(v.limit as string, "limit") }),
    human: (rows) =>
      rows
        .map((f) => `chain ${f.chain_id}  ${f.to_address}  ${f.value_units} units from ${f.from_address}  tx ${f.tx_hash}:${f.log_index} block ${f.block_number}  ${f.resolved_at ? `recorded as ${f.transaction_id}` : "open"}`)
        .join("\n") || "(no foreign transfers)",
  }),
  "sandbox pay": define({
    json: { object: "sandbox_payment" },
    summary: "Sandbox: pay a test intent from the sandbox payer's wallet, exactly what it asks in its token on its chain (--intent pi_…)",
    options: { intent: { type: "string" } },
    run: async (ctx, v) => {
      try {
        return await paySandboxIntent(ctx, req(v, "intent"));
      } catch (err) {
        if (err instanceof SandboxPayError) throw new OnboardingError(err.message);
        throw err;
      }
    },
    human: (p) => `paid ${p.payment_intent}: ${p.value_units} base units of ${p.token} to ${p.to} on chain ${p.chain_id}, tx ${p.tx_hash} (block ${p.block_number})`,
  }),
  "settlements sandbox-fail": define({
    json: { object: "sandbox_payout_rule" },
    summary: "Sandbox: make a merchant's next ACH transfers come back returned (--merchant, --code R03; --off to stop)",
    options: { merchant: { type: "string" }, code: { type: "string" }, off: { type: "boolean" } },
    run: (ctx, v) => settlementSandboxRule(ctx, req(v, "merchant"), v.off === true ? null : ((v.code as string | undefined) ?? "R03")),
    human: (r) => (r.fail_code ? `sandbox ACH transfers of ${r.merchant_id} will be returned with ${r.fail_code}` : `sandbox ACH transfers of ${r.merchant_id} will be paid`),
  }),
};

/** Webhook operator errors are one clear line, like onboarding errors. */
async function operatorErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof WebhookOperatorError) throw new OnboardingError(err.message);
    throw err;
  }
}

function positiveInt(text: string, name: string): number {
  if (!/^\d{1,6}$/.test(text) || Number(text) < 1) throw new OnboardingError(`--${name} must be a positive integer, got "${text}"`);
  return Number(text);
}

function deliveryText(d: DeliveryView): string {
  const when = (t: Date | null) => (t ? t.toISOString() : "-");
  const head = `${d.id}  ${d.status}${d.archived ? " (archived)" : ""}  event ${d.event_id} (${d.event_type ?? "?"})  -> ${d.endpoint_id} ${d.url ?? ""}
  created ${when(d.created_at)}  attempts ${d.attempt_count}  ${d.status === "pending" ? `next attempt ${when(d.next_attempt_at)}` : `finished ${when(d.finished_at)}`}`;
  const attempts = d.attempts.map(
    (a) =>
      `  #${a.attempt_number} ${when(a.started_at)} ${a.outcome} ${a.status_code ?? "-"} ${a.duration_ms ?? "-"}ms` +
      `${a.error ? `  ${a.error}` : ""}${a.next_attempt_at ? `  next ${when(a.next_attempt_at)}` : ""}` +
      `${a.response_snippet ? `\n      ${JSON.stringify(a.response_snippet.slice(0, 200))}` : ""}`,
  );
  return [head, ...attempts].join("\n");
}
