/**
 * The contracts of a chain: read from app.chain_deployments, or (embedded sandbox) deployed now.
 * Hosted chains take their addresses from the configuration.
 *
 * Merchant account v2: the v2 factory lives at one deterministic address on every chain
 * (src/chain/account-v2.ts). The embedded sandbox deploys it through the deterministic deployment
 * proxy at start (idempotent: nothing is sent if the code is there), with a TestUSDT, and records
 * both next to v1's; and the deposit-address factory, deterministic too (not recorded: its address is fixed). A hosted chain (live, or a hosted sandbox) is never deployed to at start: its
 * v2 factory is the deterministic address if code is there, else absent (`factoryV2` undefined),
 * and MERCHANT_ACCOUNT_VERSION=2 then refuses to start (see service.ts; anyone may deploy it with
 * `DEPLOYER_PRIVATE_KEY=… npm run cli -- chain deploy-factory-v2 --mode live`, or any funded key
 * through `deployFactoryV2`). Not with the operator key at start: every operator transaction goes
 * through its nonce authority, and this one is nobody's in particular.
 */
import { eq } from "drizzle-orm";
import { createPublicClient, createWalletClient, getAddress, http, isAddressEqual, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { ChainSettings } from "../config.ts";
import type { Database } from "../db/client.ts";
import { chainDeployments } from "../db/schema/core.ts";
import { deployContracts, deployTestUsdt } from "./deploy.ts";
import { deployFactoryV2, factoryV2Address } from "./account-v2.ts";
import { deployDepositFactory, depositFactoryAddress } from "./deposit-address.ts";

export interface Deployment {
  usdc: Address;
  /** The v1 factory; undefined on a live chain other than the primary (v2 accounts only). */
  factory: Address | undefined;
  /** MerchantAccountFactoryV2 at its deterministic address; undefined when it has no code on this chain. */
  factoryV2: Address | undefined;
  /** The sandbox's TestUSDT (embedded sandbox only). */
  usdt: Address | undefined;
  startBlock: number;
}

export type DeploymentResult = Deployment & { fresh: boolean; chainWasReset: boolean };

export async function ensureDeployment(
  database: Database,
  settings: ChainSettings,
  /** Deploys to the embedded sandbox only; hosted chains need no key here. */
  operatorKey: Hex | undefined,
  feeRecipient: Address | undefined,
  opts: { deploy?: boolean } = {},
): Promise<DeploymentResult> {
  const transport = http(settings.rpcHttpUrl);
  const publicClient = createPublicClient({ transport });
  const hasCode = async (address: Address) => {
    const code = await publicClient.getCode({ address });
    return code !== undefined && code !== "0x";
  };
  if (!settings.embedded) {
    if (!settings.usdcAddress) throw new Error(`chain ${settings.chainId}: the USDC address is required`);
    const v2 = await factoryV2Address();
    return {
      usdc: settings.usdcAddress,
      factory: settings.factoryAddress,
      factoryV2: (await hasCode(v2)) ? v2 : undefined,
      usdt: settings.usdtAddress,
      startBlock: settings.startBlock,
      fresh: false,
      chainWasReset: false,
    };
  }
  const [row] = await database.db.select().from(chainDeployments).where(eq(chainDeployments.chainId, settings.chainId));
  const wallet = async () => {
    if (!operatorKey) throw new Error(`chain ${settings.chainId}: deploying the sandbox contracts needs the operator key`);
    const account = privateKeyToAccount(operatorKey);
    const chainId = await publicClient.getChainId();
    const chain = { id: chainId, name: "Sandbox", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [settings.rpcHttpUrl] } } } as const;
    return { account, walletClient: createWalletClient({ transport, account, chain }) };
  };
  // The deposit-address factory (deterministic, like v2's): what sweeps deposit addresses on this chain.
  const ensureDepositFactory = async () => {
    if (await hasCode(await depositFactoryAddress())) return;
    const { walletClient } = await wallet();
    await deployDepositFactory({ walletClient, publicClient: publicClient as never });
  };
  if (row && (await hasCode(row.factoryAddress as Address))) {
    const existing = { usdc: getAddress(row.usdcAddress), factory: getAddress(row.factoryAddress), startBlock: Number(row.deployedBlock), fresh: false, chainWasReset: false };
    // A sandbox deployed before v2 (or whose v2 contracts are gone): add them, keeping v1's.
    // Only the factory of the current bytecode counts: a sandbox saved before the v2 contracts
    // changed holds the old factory, which the service no longer follows (contracts/README.md,
    // "When the v2 bytecode changes"), so the current one is deployed beside it.
    const current = await factoryV2Address();
    let factoryV2 = row.factoryV2Address && isAddressEqual(getAddress(row.factoryV2Address), current) ? current : undefined;
    let usdt = row.usdtAddress ? getAddress(row.usdtAddress) : undefined;
    if ((factoryV2 && (await hasCode(factoryV2))) && (usdt && (await hasCode(usdt)))) {
      if (opts.deploy !== false) await ensureDepositFactory();
      return { ...existing, factoryV2, usdt };
    }
    if (opts.deploy === false) return { ...existing, factoryV2: factoryV2 && (await hasCode(factoryV2)) ? factoryV2 : undefined, usdt: usdt && (await hasCode(usdt)) ? usdt : undefined };
    const { walletClient } = await wallet();
    ({ factory: factoryV2 } = await deployFactoryV2({ walletClient, publicClient: publicClient as never }));
    if (!usdt || !(await hasCode(usdt))) usdt = await deployTestUsdt({ walletClient, publicClient: publicClient as never });
    await database.db.update(chainDeployments).set({ factoryV2Address: factoryV2, usdtAddress: usdt }).where(eq(chainDeployments.chainId, settings.chainId));
    await ensureDepositFactory();
    return { ...existing, factoryV2, usdt };
  }
  if (opts.deploy === false) throw new Error(`no contracts deployed on chain ${settings.chainId}`);
  const { account, walletClient } = await wallet();
  const startBlock = Number(await publicClient.getBlockNumber());
  const deployed = await deployContracts({
    walletClient,
    publicClient: publicClient as never,
    operator: account.address,
    feeRecipient: feeRecipient ?? account.address,
  });
  // v2: the deterministic factory (its AccountCreated logs all come after startBlock) and TestUSDT.
  const { factory: factoryV2 } = await deployFactoryV2({ walletClient, publicClient: publicClient as never });
  const usdt = await deployTestUsdt({ walletClient, publicClient: publicClient as never });
  await deployDepositFactory({ walletClient, publicClient: publicClient as never });
  const record = { usdcAddress: deployed.usdc, factoryAddress: deployed.factory, factoryV2Address: factoryV2, usdtAddress: usdt, deployedBlock: BigInt(startBlock) };
  await database.db
    .insert(chainDeployments)
    .values({ chainId: settings.chainId, ...record })
    .onConflictDoUpdate({ target: chainDeployments.chainId, set: { ...record, createdAt: new Date() } });
  return { ...deployed, factoryV2, usdt, startBlock, fresh: true, chainWasReset: row !== undefined };
}
