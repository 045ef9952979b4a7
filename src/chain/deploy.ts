// Deploys the service's contracts and creates merchant accounts.

import { type Account, type Address, type Chain, type Hex, type PublicClient, type Transport, type WalletClient, getAddress, isAddressEqual, parseEventLogs } from "viem";
import { merchantAccountFactoryAbi } from "../../contracts/abis.ts";
import { type ContractArtifact, loadArtifacts, loadPinnedArtifacts } from "./artifacts";

/** A wallet client with a local or JSON-RPC account attached: it sends the transactions. */
export type SigningWalletClient = WalletClient<Transport, Chain | undefined, Account>;

type Clients = { walletClient: SigningWalletClient; publicClient: PublicClient };

export type DeployedContracts = { usdc: Address; factory: Address };

/**
 * Deploys the factory, and TestUSDC unless `usdc` names an existing token (e.g. Circle's USDC on
 * Base Sepolia). The wallet pays for the deployment; `operator` will create accounts and collect fees.
 */
export async function deployContracts(
  opts: Clients & { operator: Address; feeRecipient: Address; usdc?: Address },
): Promise<DeployedContracts> {
  // The factory's code as committed; TestUSDC (the sandbox's) is compiled, and only loaded when needed.
  const usdc = opts.usdc ?? (await deploy(opts, (await loadArtifacts()).TestUSDC, []));
  const factory = await deploy(opts, (await loadPinnedArtifacts()).MerchantAccountFactory, [usdc, opts.operator, opts.feeRecipient]);
  return { usdc, factory };
}

/** Deploys the sandbox's TestUSDT (6 decimals, open mint, transfers return nothing). */
export async function deployTestUsdt(opts: Clients): Promise<Address> {
  return deploy(opts, (await loadArtifacts()).TestUSDT, []);
}

async function deploy(
  { walletClient, publicClient }: Clients,
  artifact: ContractArtifact,
  args: readonly unknown[],
): Promise<Address> {
  const hash = await walletClient.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    args,
    account: walletClient.account,
    chain: walletClient.chain,
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success" || !receipt.contractAddress) {
    throw new Error(`contract deployment ${hash} failed`);
  }
  return getAddress(receipt.contractAddress);
}

/**
 * Creates a merchant's account through the factory and returns its address. The wallet must be
 * the factory's operator.
 *
 * Retry-safe: CREATE2 ties the address to exactly these arguments, so if code already exists at
 * the predicted address (an earlier attempt landed), that account is returned and nothing is sent.
 */
export async function createMerchantAccount(
  opts: Clients & {
    factory: Address;
    salt: Hex;
    owner: Address;
    payoutAddress: Address;
    feeRateBps: number;
    /** Sends through the operator's nonce authority (the service); without it, walletClient sends directly (tests, tools). */
    send?: (call: { address: Address; abi: typeof merchantAccountFactoryAbi; functionName: "createAccount"; args: readonly [Hex, Address, Address, number] }) => Promise<Hex>;
  },
): Promise<Address> {
  const { walletClient, publicClient, factory } = opts;
  const args = [opts.salt, opts.owner, opts.payoutAddress, opts.feeRateBps] as const;

  const predicted = await publicClient.readContract({
    address: factory,
    abi: merchantAccountFactoryAbi,
    functionName: "predictAddress",
    args,
  });
  const existing = await publicClient.getCode({ address: predicted });
  if (existing && existing !== "0x") return getAddress(predicted);

  const call = { address: factory, abi: merchantAccountFactoryAbi, functionName: "createAccount", args } as const;
  const hash = opts.send
    ? await opts.send(call)
    : await walletClient.writeContract({ ...call, account: walletClient.account, chain: walletClient.chain });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`createAccount transaction ${hash} reverted`);

  const created = parseEventLogs({ abi: merchantAccountFactoryAbi, eventName: "AccountCreated", logs: receipt.logs })
    .find((log) => isAddressEqual(log.address, factory));
  if (!created) throw new Error(`createAccount transaction ${hash} emitted no AccountCreated event`);
  // A mismatch would mean the factory's prediction and its deployment disagree: every address the
  // service hands out before creation would be wrong. Fail loudly.
  if (!isAddressEqual(created.args.account, predicted)) {
    throw new Error(`factory deployed ${created.args.account} but predicted ${predicted}`);
  }
  return getAddress(created.args.account);
}
