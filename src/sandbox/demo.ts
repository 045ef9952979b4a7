/**
 * The demo data of the embedded sandbox: an integrator account, a fully onboarded merchant, a
 * scoped and an unscoped test key, and a funded payer wallet. Created on the first start; the
 * keys are kept in the sandbox info file so that later starts print the same ones.
 */
import { existsSync, readFileSync } from "node:fs";
import { asc, eq } from "drizzle-orm";
import { parseUnits, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { AppContext } from "../context.ts";
import type { ChainRuntime } from "../chain/runtime.ts";
import { accountMerchants, accounts, merchants } from "../db/schema/core.ts";
import { createApiKey, createIntegratorAccount, onboardMerchant } from "../modules/merchants/onboarding.ts";
import { testUsdcAbi, usdcAbi } from "../../contracts/abis.ts";
import { randomBase62 } from "../domain/ids.ts";
import { createDashboardUser, findUserByEmail, issueSetPasswordToken, setPasswordWithToken, verifyPassword } from "../modules/access/dashboard-users.ts";

export const DEMO_ACCOUNT_NAME = "Demo integrator";

export interface SandboxInfo {
  api_url: string;
  swagger_url: string;
  rpc_url: string;
  chain_id: number;
  usdc_address: Address;
  factory_address: Address;
  /** MerchantAccountFactoryV2 (deterministic address), deployed by the sandbox at start. */
  factory_v2_address?: Address;
  /** The sandbox's TestUSDT (6 decimals, open mint, `transfer` returns nothing), an enabled pair (`base`/`USDT`). */
  usdt_address?: Address;
  /** Every sandbox chain with its tokens, the one the fields above describe (`base`) first. */
  chains: SandboxChainInfo[];
  account_id: string;
  merchant_id: string;
  payment_address: string;
  test_key_scoped: string;
  test_key_unscoped: string;
  dashboard_url: string;
  dashboard_email: string;
  dashboard_password: string;
  payer_address: Address;
  payer_private_key: Hex;
  database_url: string;
}

export interface SandboxChainInfo {
  /** The chain's API name (the sandbox's test network is named as the chain it stands in for). */
  chain: string;
  chain_id: number;
  rpc_url: string;
  tokens: Partial<Record<"USDC" | "USDT", Address>>;
}

export async function ensureDemo(ctx: AppContext, infoFile: string): Promise<Pick<SandboxInfo, "account_id" | "merchant_id" | "payment_address" | "test_key_scoped" | "test_key_unscoped" | "dashboard_email" | "dashboard_password">> {
  const previous = readPrevious(infoFile);
  let [account] = await ctx.database.db.select().from(accounts).where(eq(accounts.name, DEMO_ACCOUNT_NAME)).orderBy(asc(accounts.createdAt)).limit(1);
  account ??= await createIntegratorAccount(ctx, DEMO_ACCOUNT_NAME);
  let [merchant] = await ctx.database.db
    .select({ m: merchants })
    .from(merchants)
    .innerJoin(accountMerchants, eq(accountMerchants.merchantId, merchants.id))
    .where(eq(accountMerchants.accountId, account.id))
    .orderBy(asc(merchants.createdAt))
    .limit(1)
    .then((rows) => rows.map((r) => r.m));
  if (!merchant) {
    const owner = privateKeyToAccount(ctx.config.sandboxPayerPrivateKey).address;
    merchant = await onboardMerchant(ctx, {
      accountIds: [account.id],
      mode: "test",
      businessName: "Demo Coffee Co.",
      email: "owner@demo-coffee.example",
      bankName: "First Sandbox Bank",
      bankLast4: "6789",
      feeRateBps: 100,
      schedule: { kind: "weekly_monday" },
      // The merchant's own wallet controls the account; payouts go to a separate off-ramp address.
      ownerAddress: owner,
      payoutAddress: "0x000000000000000000000000000000000000bA5e",
    });
  }
  const keysStillValid =
    previous?.account_id === account.id &&
    previous.merchant_id === merchant.id &&
    (await keyWorks(ctx, previous.test_key_scoped)) &&
    (await keyWorks(ctx, previous.test_key_unscoped));
  // The demo's keys show every feature, refunds included: both hold the refund permission.
  const scoped = keysStillValid ? previous.test_key_scoped : (await createApiKey(ctx, { accountId: account.id, mode: "test", merchantId: merchant.id, refunds: true })).key;
  const unscoped = keysStillValid ? previous.test_key_unscoped : (await createApiKey(ctx, { accountId: account.id, mode: "test", refunds: true })).key;
  await fundPayer(ctx);
  const admin = await ensureDemoAdmin(ctx, account.id, previous);
  return { account_id: account.id, merchant_id: merchant.id, payment_address: merchant.paymentAddress ?? "", test_key_scoped: scoped, test_key_unscoped: unscoped, ...admin };
}

const DEMO_ADMIN_EMAIL = "admin@demo-integrator.example";

/** The demo admin of the dashboard; its password is kept in the info file, made anew if that is lost. */
async function ensureDemoAdmin(ctx: AppContext, accountId: string, previous: SandboxInfo | undefined): Promise<{ dashboard_email: string; dashboard_password: string }> {
  const sql = ctx.database.sql;
  const now = ctx.clock.now();
  const existing = await findUserByEmail(sql, DEMO_ADMIN_EMAIL);
  if (existing && previous?.dashboard_password && (await verifyPassword(sql, DEMO_ADMIN_EMAIL, previous.dashboard_password)))
    return { dashboard_email: DEMO_ADMIN_EMAIL, dashboard_password: previous.dashboard_password };
  const token = existing ? await issueSetPasswordToken(sql, existing.id, now) : (await createDashboardUser(sql, { accountId, email: DEMO_ADMIN_EMAIL, role: "admin" }, now)).setPasswordToken;
  const password = `demo-${randomBase62(16)}`;
  await setPasswordWithToken(sql, token, password, now);
  return { dashboard_email: DEMO_ADMIN_EMAIL, dashboard_password: password };
}

function readPrevious(file: string): SandboxInfo | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as SandboxInfo;
  } catch {
    return undefined;
  }
}

async function keyWorks(ctx: AppContext, key: string | undefined): Promise<boolean> {
  if (!key) return false;
  try {
    await ctx.auth.authenticate(`Bearer ${key}`);
    return true;
  } catch {
    return false;
  }
}

/** Keeps the sandbox payer at >= 100,000 of every test token (USDC, USDT) on every sandbox chain (anvil accounts already hold ETH for gas). */
async function fundPayer(ctx: AppContext) {
  await Promise.all(ctx.networks.filter((c) => c.mode === "test").map((chain) => fundPayerOn(ctx, chain)));
}

async function fundPayerOn(ctx: AppContext, chain: ChainRuntime) {
  const payer = privateKeyToAccount(ctx.config.sandboxPayerPrivateKey).address;
  const target = parseUnits("1000000", 6);
  const hashes: Hex[] = [];
  // Both test tokens have the same open mint (TestUSDC, TestUSDT).
  for (const token of Object.values(chain.tokens)) {
    const balance = await chain.publicClient.readContract({ address: token, abi: usdcAbi, functionName: "balanceOf", args: [payer] });
    if (balance >= parseUnits("100000", 6)) continue;
    hashes.push(await chain.sender.write({ address: token, abi: testUsdcAbi, functionName: "mint", args: [payer, target - balance] }));
  }
  for (const hash of hashes) await chain.publicClient.waitForTransactionReceipt({ hash });
}
