/**
 * The contracts of a chain: read from app.chain_deployments, or (embedded sandbox) deployed now.
 * Hosted chains take their addresses from the configuration.
 */
import { eq } from "drizzle-orm";
import { createPublicClient, createWalletClient, getAddress, http, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { ChainSettings } from "../config.ts";
import type { Database } from "../db/client.ts";
import { chainDeployments } from "../db/schema/core.ts";
import { deployContracts } from "./deploy.ts";

export interface Deployment {
  usdc: Address;
  factory: Address;
  startBlock: number;
}

export type DeploymentResult = Deployment & { fresh: boolean; chainWasReset: boolean };

export async function ensureDeployment(
  database: Database,
  settings: ChainSettings,
  operatorKey: Hex,
  feeRecipient: Address | undefined,
  opts: { deploy?: boolean } = {},
): Promise<DeploymentResult> {
  if (!settings.embedded) {
    if (!settings.usdcAddress || !settings.factoryAddress) throw new Error(`chain ${settings.chainId}: USDC and factory addresses are required`);
    return { usdc: settings.usdcAddress, factory: settings.factoryAddress, startBlock: settings.startBlock, fresh: false, chainWasReset: false };
  }
  const transport = http(settings.rpcHttpUrl);
  const publicClient = createPublicClient({ transport });
  const [row] = await database.db.select().from(chainDeployments).where(eq(chainDeployments.chainId, settings.chainId));
  if (row) {
    const code = await publicClient.getCode({ address: row.factoryAddress as Address });
    if (code && code !== "0x") return { usdc: getAddress(row.usdcAddress), factory: getAddress(row.factoryAddress), startBlock: Number(row.deployedBlock), fresh: false, chainWasReset: false };
  }
  if (opts.deploy === false) throw new Error(`no contracts deployed on chain ${settings.chainId}`);
  const account = privateKeyToAccount(operatorKey);
  const chainId = await publicClient.getChainId();
  const chain = { id: chainId, name: "Sandbox", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [settings.rpcHttpUrl] } } } as const;
  const startBlock = Number(await publicClient.getBlockNumber());
  const deployed = await deployContracts({
    walletClient: createWalletClient({ transport, account, chain }),
    publicClient: publicClient as never,
    operator: account.address,
    feeRecipient: feeRecipient ?? account.address,
  });
  await database.db
    .insert(chainDeployments)
    .values({ chainId: settings.chainId, usdcAddress: deployed.usdc, factoryAddress: deployed.factory, deployedBlock: BigInt(startBlock) })
    .onConflictDoUpdate({ target: chainDeployments.chainId, set: { usdcAddress: deployed.usdc, factoryAddress: deployed.factory, deployedBlock: BigInt(startBlock), createdAt: new Date() } });
  return { ...deployed, startBlock, fresh: true, chainWasReset: row !== undefined };
}
