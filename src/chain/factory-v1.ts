/**
 * A production install's v1 factory: deployed once per install (its constructor names the
 * install's operator, fee recipient and USDC), by `npm run cli -- chain deploy-factory`.
 */
import { type Address, type Hex, type PublicClient, concat, encodeAbiParameters, getContractAddress, keccak256, parseAbiParameters, toHex } from "viem";
import { deployThroughProxy, DETERMINISTIC_DEPLOYER, hasCode } from "./deterministic-deployer.ts";
import { loadPinnedArtifacts } from "./artifacts.ts";
import type { SigningWalletClient } from "./deploy.ts";

type Clients = { walletClient: SigningWalletClient; publicClient: PublicClient };

/** The proxy's salt for a v1 factory: its address is then fixed by its constructor's arguments alone. */
export const FACTORY_V1_SALT: Hex = keccak256(toHex("stablepay.MerchantAccountFactory"));

/** Where a production v1 factory of these settings is (or will be): CREATE2 from the deterministic proxy. */
export async function factoryV1Address(settings: { usdc: Address; operator: Address; feeRecipient: Address }): Promise<Address> {
  return getContractAddress({ opcode: "CREATE2", from: DETERMINISTIC_DEPLOYER, salt: FACTORY_V1_SALT, bytecode: await factoryV1InitCode(settings) });
}

async function factoryV1InitCode({ usdc, operator, feeRecipient }: { usdc: Address; operator: Address; feeRecipient: Address }): Promise<Hex> {
  const { MerchantAccountFactory } = await loadPinnedArtifacts();
  return concat([MerchantAccountFactory.bytecode, encodeAbiParameters(parseAbiParameters("address, address, address"), [usdc, operator, feeRecipient])]);
}

/**
 * Deploys a production install's v1 factory (the committed bytes) through the deterministic
 * deployment proxy, unless it is there already. Through the proxy rather than a plain CREATE so a
 * retry (a lost answer, a second run) finds the same address instead of deploying a second factory
 * whose accounts nothing would follow. Any funded wallet can send it: the factory takes its
 * operator from its arguments, not from the sender.
 */
export async function deployFactoryV1(
  opts: Clients & { usdc: Address; operator: Address; feeRecipient: Address },
): Promise<{ factory: Address; deployedNow: boolean; blockNumber: number | undefined; gasUsed: bigint }> {
  const { walletClient, publicClient } = opts;
  const factory = await factoryV1Address(opts);
  if (await hasCode(publicClient, factory)) return { factory, deployedNow: false, blockNumber: await deploymentBlock(publicClient, factory), gasUsed: 0n };
  if (!(await hasCode(publicClient, opts.usdc))) throw new Error(`the USDC address ${opts.usdc} has no code on chain ${await publicClient.getChainId()}`);
  const sent = await deployThroughProxy({ walletClient, publicClient }, { address: factory, salt: FACTORY_V1_SALT, initCode: await factoryV1InitCode(opts), what: "the v1 factory" });
  return { factory, deployedNow: sent.deployedNow, blockNumber: sent.blockNumber === undefined ? await deploymentBlock(publicClient, factory) : Number(sent.blockNumber), gasUsed: sent.gasUsed };
}

/**
 * The block a contract was deployed in: the first whose state holds its code (a binary search of
 * eth_getCode at past blocks). Undefined when the node keeps no past state to ask (not an archive
 * node): the block is then the one of its deployment transaction, on an explorer.
 */
export async function deploymentBlock(publicClient: PublicClient, address: Address): Promise<number | undefined> {
  try {
    const has = async (block: bigint) => ((await publicClient.getCode({ address, blockNumber: block })) ?? "0x") !== "0x";
    let lo = 0n;
    let hi = await publicClient.getBlockNumber();
    if (!(await has(hi))) return undefined;
    while (lo < hi) {
      const mid = (lo + hi) / 2n;
      if (await has(mid)) hi = mid;
      else lo = mid + 1n;
    }
    return Number(lo);
  } catch {
    return undefined;
  }
}
