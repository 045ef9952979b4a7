/**
 * The deterministic deployment proxy (Arachnid's, at the same address on every EVM chain): a contract
 * sent through it lands at CREATE2(proxy, salt, init code), so the same bytes get the same address on
 * every chain, whoever sends them, and a retry finds what the first attempt deployed instead of
 * deploying a second copy. The factories (v1, v2) and the deposit-address factory are deployed here.
 */
import { concat, type Address, type Hex, type PublicClient } from "viem";
import type { SigningWalletClient } from "./deploy";

export const DETERMINISTIC_DEPLOYER: Address = "0x4e59b44847b379578588920cA78FbF26c0B4956C";

export async function hasCode(publicClient: PublicClient, address: Address): Promise<boolean> {
  const code = await publicClient.getCode({ address });
  return code !== undefined && code !== "0x";
}

/**
 * Deploys `initCode` with `salt` through the proxy unless `address` (its CREATE2 address) holds code
 * already. `what` names it in errors. Any funded wallet can send it.
 */
export async function deployThroughProxy(
  { walletClient, publicClient }: { walletClient: SigningWalletClient; publicClient: PublicClient },
  o: { address: Address; salt: Hex; initCode: Hex; what: string },
): Promise<{ deployedNow: boolean; gasUsed: bigint; blockNumber?: bigint }> {
  if (await hasCode(publicClient, o.address)) return { deployedNow: false, gasUsed: 0n };
  if (!(await hasCode(publicClient, DETERMINISTIC_DEPLOYER)))
    throw new Error(`chain ${await publicClient.getChainId()} has no deterministic deployment proxy at ${DETERMINISTIC_DEPLOYER}`);
  const hash = await walletClient.sendTransaction({ to: DETERMINISTIC_DEPLOYER, data: concat([o.salt, o.initCode]), account: walletClient.account, chain: walletClient.chain });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success" || !(await hasCode(publicClient, o.address))) throw new Error(`deploying ${o.what} through the proxy (${hash}) left no code at ${o.address}`);
  return { deployedNow: true, gasUsed: receipt.gasUsed, blockNumber: receipt.blockNumber };
}
