/**
 * Operator-side onboarding (what the dashboard and the management API do, and the CLI):
 * integrator accounts, merchants with their on-chain account, API keys and webhook endpoints.
 */
import { and, eq, isNull } from "drizzle-orm";
import { getAddress, isAddress, isAddressEqual, keccak256, toHex, type Address } from "viem";
import { randomBytes } from "node:crypto";
import type { AppContext } from "../../context.ts";
import type { ChainRuntime } from "../../chain/runtime.ts";
import { accountMerchants, accounts, apiKeys, merchants, webhookEndpoints, WEBHOOK_EVENT_TYPES, type Mode, type WebhookEventType } from "../../db/schema/core.ts";
import { newId } from "../../domain/ids.ts";
import { generateApiKey, hashApiKey, keyHint } from "../../domain/api-keys.ts";
import { createMerchantAccount } from "../../chain/deploy.ts";
import { createAccountV2, type AccountV2Settings } from "../../chain/account-v2.ts";
import { API_KEYS_CHANGED_CHANNEL } from "../access/authenticator.ts";
import { validateSchedule, type ScheduleInput } from "./schedule-input.ts";
import { metrics } from "../../metrics.ts";

export class OnboardingError extends Error {
  override name = "OnboardingError";
}

export async function createIntegratorAccount(ctx: AppContext, name: string) {
  if (!name.trim()) throw new OnboardingError("account name must not be empty");
  const [row] = await ctx.database.db.insert(accounts).values({ id: newId("account"), name: name.trim() }).returning();
  return row!;
}

export interface OnboardMerchantInput {
  accountIds: string[];
  mode: Mode;
  businessName: string;
  email: string;
  bankName: string;
  bankLast4: string;
  feeRateBps?: number;
  schedule: ScheduleInput;
  ownerAddress: string;
  payoutAddress: string;
  /** Given by POST /v1/merchants, which answers before the deployment ends; default a new id. */
  id?: string;
  /**
   * Live merchants created over the API: written with KYC `pending` and nothing deployed, until an
   * operator approves them (approveMerchant, CLI `merchants approve`).
   */
  awaitApproval?: boolean;
  /** The merchant account contract: default MERCHANT_ACCOUNT_VERSION, else the chain's (2 where the v2 factory has code). Operator tools and tests only; not on the API. */
  accountVersion?: 1 | 2;
}

/**
 * Creates a fully onboarded merchant: KYC approved and bank verified (checked outside, by the
 * operator), merchant account contract deployed through the factory with CREATE2.
 * The row is written first with no payment address, so a crash during deployment leaves a
 * `pending` merchant that `completeMerchantDeployment` finishes (CREATE2 makes the retry safe).
 */
export async function onboardMerchant(ctx: AppContext, input: OnboardMerchantInput) {
  const errors: string[] = [];
  if (!input.businessName.trim()) errors.push("business name must not be empty");
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email)) errors.push(`email "${input.email}" is not an email address`);
  if (!input.bankName.trim()) errors.push("bank name must not be empty");
  if (!/^\d{4}$/.test(input.bankLast4)) errors.push("bank last 4 must be exactly four digits");
  const feeRateBps = input.feeRateBps ?? ctx.config.defaultFeeRateBps;
  if (!Number.isInteger(feeRateBps) || feeRateBps < 0 || feeRateBps > 10_000) errors.push("fee rate must be between 0 and 1 in steps of 0.0001");
  if (!isAddress(input.ownerAddress, { strict: false })) errors.push("owner address is not an address");
  if (!isAddress(input.payoutAddress, { strict: false })) errors.push("payout address is not an address");
  const scheduleError = validateSchedule(input.schedule);
  if (scheduleError) errors.push(scheduleError);
  if (input.accountIds.length === 0) errors.push("at least one integrator account is required");
  const chain = ctx.chains[input.mode];
  // MERCHANT_ACCOUNT_VERSION, else 2 where the v2 factory has code (chain/runtime.ts).
  const accountVersion = input.accountVersion ?? ctx.config.merchantAccountVersion ?? chain?.accountVersion ?? 1;
  if (accountVersion !== 1 && accountVersion !== 2) errors.push("account version must be 1 or 2");
  if (!chain) errors.push(`no ${input.mode} chain is configured`);
  if (errors.length || !chain) throw new OnboardingError(errors.join("; "));
  const existing = await ctx.database.db.select({ id: accounts.id }).from(accounts);
  const known = new Set(existing.map((a) => a.id));
  for (const id of input.accountIds) if (!known.has(id)) throw new OnboardingError(`no such integrator account: ${id}`);

  const id = input.id ?? newId("merchant");
  await ctx.database.db.transaction(async (tx) => {
    await tx.insert(merchants).values({
      id,
      mode: input.mode,
      businessName: input.businessName.trim(),
      email: input.email,
      status: "pending",
      kycStatus: input.awaitApproval ? "pending" : "approved",
      payoutMethod: "bank_account",
      bankName: input.bankName.trim(),
      bankLast4: input.bankLast4,
      bankStatus: "verified",
      chainId: chain.chainId,
      paymentAddress: null,
      ownerAddress: getAddress(input.ownerAddress),
      payoutAddress: getAddress(input.payoutAddress),
      feeRateBps,
      accountVersion,
      settlementSchedule: input.schedule.kind,
      settlementCron: input.schedule.kind === "custom" ? input.schedule.cron : null,
      settlementTimezone: input.schedule.kind === "custom" ? input.schedule.timezone : null,
    });
    await tx.insert(accountMerchants).values(input.accountIds.map((accountId) => ({ accountId, merchantId: id })));
  });
  if (input.awaitApproval) {
    const [row] = await ctx.database.db.select().from(merchants).where(eq(merchants.id, id));
    return row!;
  }
  return completeMerchantDeployment(ctx, id);
}

/**
 * Operator approval of a merchant waiting for it (KYC pending): KYC approved (guarded), then its
 * account contract deployed and the merchant activated. Safe to repeat.
 */
export async function approveMerchant(ctx: AppContext, merchantId: string) {
  const [m] = await ctx.database.db.select().from(merchants).where(eq(merchants.id, merchantId));
  if (!m) throw new OnboardingError(`no such merchant: ${merchantId}`);
  if (m.kycStatus === "rejected") throw new OnboardingError(`merchant ${merchantId} was rejected; it cannot be approved`);
  if (m.kycStatus === "pending") await ctx.database.db.update(merchants).set({ kycStatus: "approved" }).where(and(eq(merchants.id, merchantId), eq(merchants.kycStatus, "pending")));
  return completeMerchantDeployment(ctx, merchantId);
}

/**
 * Deploys (or finds) the merchant's account contract and activates the merchant. Idempotent. A v2
 * account is then created on every other chain of the merchant's mode as well (`createOtherChainAccounts`).
 */
export async function completeMerchantDeployment(ctx: AppContext, merchantId: string) {
  const [m] = await ctx.database.db.select().from(merchants).where(eq(merchants.id, merchantId));
  if (!m) throw new OnboardingError(`no such merchant: ${merchantId}`);
  if (m.paymentAddress) return m.accountVersion === 2 ? otherChainsOrWarn(ctx, m) : m;
  const chain = ctx.chains[m.mode];
  if (!chain) throw new OnboardingError(`no ${m.mode} chain is configured`);
  // A process without the operator key (production API, dashboard): a signing role creates it.
  if (!chain.canSign) return handOverDeployment(ctx, m);
  let address: Address;
  // v2: the address is the same on every chain (it commits to chain-independent settings only), so the
  // other chains' accounts are created beside the primary's rather than after it: onboarding waits for
  // one block instead of two (with 1 s blocks, a create answered at the 1.5 s cap half the time). The
  // merchant is active as soon as the primary's is mined; the others are recorded after that
  // (createOtherChainAccounts finds their code and sends nothing again).
  let others: Promise<unknown> = Promise.resolve();
  if (m.accountVersion === 2) {
    others = Promise.allSettled(chainsWithoutAccount(ctx, m).map((c) => createV2On(ctx, c, m)));
    try {
      address = await createV2On(ctx, chain, m);
    } catch (err) {
      await others; // no creation left in flight for a retry to send again
      throw err;
    }
  } else {
    if (!chain.factory) throw new OnboardingError(`no v1 merchant account factory on chain ${chain.chainId}`);
    address = await createMerchantAccount({
      walletClient: chain.operator,
      send: (call) => chain.sender.write(call),
      publicClient: chain.publicClient,
      factory: chain.factory,
      salt: merchantSalt(m.id),
      owner: m.ownerAddress as Address,
      payoutAddress: m.payoutAddress as Address,
      feeRateBps: m.feeRateBps,
    });
  }
  const [row] = await ctx.database.db
    .update(merchants)
    .set({ paymentAddress: address, status: "active" })
    .where(and(eq(merchants.id, merchantId), isNull(merchants.paymentAddress)))
    .returning();
  const [current] = row ? [row] : await ctx.database.db.select().from(merchants).where(eq(merchants.id, merchantId));
  // Nothing to tell the indexer: it follows every account the factory creates, from its creation block.
  if (m.accountVersion !== 2) return current!;
  await others;
  return otherChainsOrWarn(ctx, current!);
}

const handoversWaiting = metrics.gauge(
  "stablepay_operator_handovers_waiting",
  "Signing handed over by processes without the operator key and not done yet (deploy: merchant account creations; relay: payments by signature), by kind. Stuck above 0: no signing role (settler) runs.",
  ["kind"],
);
const handoverOldest = metrics.gauge("stablepay_operator_handover_oldest_seconds", "Age of the oldest signing handed over and not done yet (0: none).");

metrics.collector(async (ctx) => {
  const [r] = await ctx.database.sql<{ deploys: number; relays: number; oldest: number | null }[]>`
    SELECT (SELECT count(*)::int FROM app.merchants WHERE deploy_due_at IS NOT NULL) AS deploys,
           (SELECT count(*)::int FROM app.payment_authorizations WHERE relay_due_at IS NOT NULL AND relay_tx_hash IS NULL) AS relays,
           extract(epoch FROM now() - least(
             (SELECT min(created_at) FROM app.merchants WHERE deploy_due_at IS NOT NULL),
             (SELECT min(created_at) FROM app.payment_authorizations WHERE relay_due_at IS NOT NULL AND relay_tx_hash IS NULL)))::float8 AS oldest`;
  handoversWaiting.set({ kind: "deploy" }, r?.deploys ?? 0);
  handoversWaiting.set({ kind: "relay" }, r?.relays ?? 0);
  handoverOldest.set({}, r?.oldest ?? 0);
});

/** Channel a signing role listens on for deployments handed over (workers/operator-jobs.ts). */
export const OPERATOR_JOBS_CHANNEL = "stablepay_operator_jobs";

/**
 * Hands the creation of a merchant's account contract(s) to a signing role (app.merchants.deploy_due_at,
 * picked up by modules/merchants/deploy-requests.ts in the settler): the merchant stays `pending` until
 * it is done, as when a deployment outlasts the create's wait.
 */
async function handOverDeployment(ctx: AppContext, m: typeof merchants.$inferSelect) {
  await ctx.database.sql`
    WITH due AS (UPDATE app.merchants SET deploy_due_at = now() WHERE id = ${m.id} AND deploy_due_at IS NULL RETURNING 1)
    SELECT pg_notify(${OPERATOR_JOBS_CHANNEL}, 'deploy') FROM due`;
  return m;
}

/** createOtherChainAccounts for onboarding: another chain's trouble does not fail it (warned; intents there wait). */
async function otherChainsOrWarn(ctx: AppContext, m: typeof merchants.$inferSelect) {
  try {
    return await createOtherChainAccounts(ctx, m.id);
  } catch (err) {
    ctx.log.warn("merchant onboarded on its primary chain; not yet on every other chain (intents there are refused until it is)", { merchant_id: m.id, error: (err as Error).message });
    return m;
  }
}

/**
 * v2: the address commits to every setting (account-v2.ts), the same on every chain; the operator
 * creates it through the deterministic factory, via that chain's nonce authority. Retry-safe: nothing
 * is sent if the code is there.
 */
async function createV2On(ctx: AppContext, chain: ChainRuntime, m: typeof merchants.$inferSelect): Promise<Address> {
  if (!chain.factoryV2) throw new OnboardingError(`the v2 merchant account factory is not deployed on chain ${chain.chainId} (contracts/README.md)`);
  const { account } = await createAccountV2({
    walletClient: chain.operator,
    publicClient: chain.publicClient,
    send: (call) => chain.sender.write(call),
    ...merchantAccountV2Settings(ctx, chain.operator.account.address, m),
  });
  return account;
}

/**
 * A v2 merchant's account on every other chain of its mode, created side by side, each
 * recorded in account_chain_ids once its creation is mined, so intents may name that chain from then
 * on. Created at onboarding rather than when first needed: the indexer follows an account on a chain
 * from its creation there, so a payment sent before would reach a safe address but not be seen until
 * then. A chain that fails (its RPC down) is left out and named in the error; running this again
 * (onboarding is idempotent; the CLI: `merchants create-accounts`) creates what is missing.
 */
export async function createOtherChainAccounts(ctx: AppContext, merchantId: string) {
  const [m] = await ctx.database.db.select().from(merchants).where(eq(merchants.id, merchantId));
  if (!m) throw new OnboardingError(`no such merchant: ${merchantId}`);
  if (m.accountVersion !== 2 || !m.paymentAddress) return m;
  const missing = chainsWithoutAccount(ctx, m);
  if (missing.some((c) => !c.canSign)) return handOverDeployment(ctx, m);
  const results = await Promise.allSettled(
    missing.map(async (chain) => {
      const address = await createV2On(ctx, chain, m);
      if (!isAddressEqual(address, m.paymentAddress as Address))
        throw new OnboardingError(`the v2 account on chain ${chain.chainId} is at ${address}, not ${m.paymentAddress}: a setting it commits to differs`);
      await ctx.database.sql`
        UPDATE app.merchants SET account_chain_ids = array_append(account_chain_ids, ${chain.chainId}::int)
        WHERE id = ${merchantId} AND NOT (${chain.chainId}::int = ANY (account_chain_ids))`;
    }),
  );
  const failed = results.flatMap((r, i) => (r.status === "rejected" ? [`${missing[i]!.name} (chain ${missing[i]!.chainId}): ${(r.reason as Error)?.message ?? r.reason}`] : []));
  if (failed.length) throw new OnboardingError(`merchant ${merchantId}: its account could not be created on ${failed.join("; ")}`);
  const [current] = await ctx.database.db.select().from(merchants).where(eq(merchants.id, merchantId));
  return current!;
}

/** The chains of the merchant's mode, beside its primary, where its v2 account is not recorded yet. */
function chainsWithoutAccount(ctx: AppContext, m: typeof merchants.$inferSelect): ChainRuntime[] {
  return ctx.networks.filter((c) => c.mode === m.mode && c.chainId !== m.chainId && !m.accountChainIds.includes(c.chainId));
}

/**
 * A v2 merchant's account settings (what its address commits to): salt from the merchant id, the
 * merchant's owner and payout addresses and fee rate, the service's operator key and fee recipient
 * (FEE_RECIPIENT_ADDRESS, else the operator, as for v1's factory). The fee recipient and the operator
 * are read at creation: changing either later moves the address of merchants not created yet only.
 */
export function merchantAccountV2Settings(
  ctx: AppContext,
  operator: Address,
  m: { id: string; ownerAddress: string; payoutAddress: string; feeRateBps: number },
): AccountV2Settings {
  return {
    salt: merchantSalt(m.id),
    owner: getAddress(m.ownerAddress),
    operator,
    payoutAddress: getAddress(m.payoutAddress),
    feeRecipient: ctx.config.feeRecipient ?? operator,
    feeRateBps: m.feeRateBps,
  };
}

/** CREATE2 salt: derived from the merchant id, so the address is fixed before deployment. */
export function merchantSalt(merchantId: string) {
  return keccak256(toHex(`stablepay:merchant:${merchantId}`));
}

/**
 * A new API key of the account, shown once. `refunds`: whether it may create, cancel and approve
 * refunds (a permission of its own; off unless asked for).
 */
export async function createApiKey(ctx: AppContext, input: { accountId: string; mode: Mode; merchantId?: string | null; refunds?: boolean }) {
  const [account] = await ctx.database.db.select().from(accounts).where(eq(accounts.id, input.accountId));
  if (!account) throw new OnboardingError(`no such integrator account: ${input.accountId}`);
  if (input.merchantId) {
    const [link] = await ctx.database.db
      .select({ mode: merchants.mode })
      .from(accountMerchants)
      .innerJoin(merchants, eq(merchants.id, accountMerchants.merchantId))
      .where(and(eq(accountMerchants.accountId, input.accountId), eq(accountMerchants.merchantId, input.merchantId)));
    if (!link) throw new OnboardingError(`merchant ${input.merchantId} is not linked to account ${input.accountId}`);
    if (link.mode !== input.mode) throw new OnboardingError(`merchant ${input.merchantId} is a ${link.mode} merchant; a ${input.mode} key cannot be scoped to it`);
  }
  const key = generateApiKey(input.mode);
  const [row] = await ctx.database.db
    .insert(apiKeys)
    .values({ id: newId("apiKey"), accountId: input.accountId, merchantId: input.merchantId ?? null, mode: input.mode, canRefund: input.refunds ?? false, keyHash: hashApiKey(key), keyHint: keyHint(key) })
    .returning({ id: apiKeys.id, accountId: apiKeys.accountId, merchantId: apiKeys.merchantId, mode: apiKeys.mode, canRefund: apiKeys.canRefund, createdAt: apiKeys.createdAt });
  return { ...row!, key };
}

export async function revokeApiKey(ctx: AppContext, keyId: string) {
  const [row] = await ctx.database.db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id, revokedAt: apiKeys.revokedAt });
  if (!row) {
    const [exists] = await ctx.database.db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, keyId));
    throw new OnboardingError(exists ? `key ${keyId} is already revoked` : `no such key: ${keyId}`);
  }
  // Effective at once here, and in every other API process when the notification arrives.
  ctx.auth.forgetKey(keyId);
  await ctx.database.sql`SELECT pg_notify(${API_KEYS_CHANGED_CHANNEL}, ${keyId})`;
  return row;
}

export async function createWebhookEndpoint(ctx: AppContext, input: { accountId: string; mode: Mode; url: string; eventTypes: string[] }) {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    throw new OnboardingError(`"${input.url}" is not a URL`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new OnboardingError("webhook URL must be http or https");
  const types = input.eventTypes.length ? input.eventTypes : [...WEBHOOK_EVENT_TYPES];
  for (const t of types)
    if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(t)) throw new OnboardingError(`unknown event type "${t}" (known: ${WEBHOOK_EVENT_TYPES.join(", ")})`);
  const [account] = await ctx.database.db.select().from(accounts).where(eq(accounts.id, input.accountId));
  if (!account) throw new OnboardingError(`no such integrator account: ${input.accountId}`);
  const secret = `whsec_${randomBytes(32).toString("base64")}`;
  const [row] = await ctx.database.db
    .insert(webhookEndpoints)
    .values({ id: newId("webhookEndpoint"), accountId: input.accountId, mode: input.mode, url: url.toString(), secret, eventTypes: types as WebhookEventType[], status: "enabled" })
    .returning();
  return row!;
}

export async function setWebhookEndpointStatus(ctx: AppContext, endpointId: string, status: "enabled" | "disabled", reason?: string) {
  const [row] = await ctx.database.db
    .update(webhookEndpoints)
    // Enabled again: the failure counters start afresh, or the first failure would disable it again.
    .set(status === "disabled" ? { status, disabledReason: reason ?? "disabled by operator", disabledAt: ctx.clock.now() } : { status, disabledReason: null, disabledAt: null, failingSince: null, failedAttempts: 0 })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning();
  if (!row) throw new OnboardingError(`no such webhook endpoint: ${endpointId}`);
  return row;
}
