// Merchant account v2, off-chain side: where the v2 factory and a merchant's v2
// account live (the same address on every chain), deploying the factory through the deterministic
// deployment proxy, creating an account, and the EIP-712 domain of its signed refunds.
// Used by the service for merchants with account_version 2 (MERCHANT_ACCOUNT_VERSION=2): the sandbox
// deploys the factory at start (deployment.ts), onboarding creates accounts (createAccountV2 with
// `send`, through the operator's nonce authority).

import {
  type Address,
  type Hex,
  type PublicClient,
  concat,
  encodeAbiParameters,
  getAddress,
  getContractAddress,
  isAddressEqual,
  keccak256,
  parseAbiParameters,
  parseEventLogs,
  toHex,
} from "viem";
import { merchantAccountFactoryV2Abi } from "../../contracts/abis.ts";
import { loadPinnedArtifacts } from "./artifacts";
import type { SigningWalletClient } from "./deploy";

/**
 * The deterministic deployment proxy (Arachnid's): CREATE2 with the first 32 bytes of the calldata
 * as salt and the rest as init code. Predeployed by anvil and present at this address on Ethereum,
 * Base and most EVM chains (deployed from a pre-signed, chain-id-free transaction).
 */
export { DETERMINISTIC_DEPLOYER } from "./deterministic-deployer.ts";
import { deployThroughProxy, DETERMINISTIC_DEPLOYER, hasCode } from "./deterministic-deployer.ts";

/** The proxy's salt for the v2 factory. Changing it (or one byte of the factory's build) moves every v2 address. */
export const FACTORY_V2_SALT: Hex = keccak256(toHex("stablepay.MerchantAccountFactoryV2"));

/** A v2 account's settings: everything its address commits to, all the same on every chain. */
export type AccountV2Settings = {
  /** e.g. keccak256 of the merchant id. */
  salt: Hex;
  owner: Address;
  operator: Address;
  payoutAddress: Address;
  feeRecipient: Address;
  feeRateBps: number;
};

/** The v2 factory's address on every chain: CREATE2 from the proxy, fixed salt, its committed init code (contracts/pinned). */
export async function factoryV2Address(): Promise<Address> {
  const { MerchantAccountFactoryV2 } = await loadPinnedArtifacts();
  return getContractAddress({ opcode: "CREATE2", from: DETERMINISTIC_DEPLOYER, salt: FACTORY_V2_SALT, bytecode: MerchantAccountFactoryV2.bytecode });
}

/** A merchant's v2 account address, the same on every chain, whether or not it exists yet. */
export async function accountV2Address(settings: AccountV2Settings): Promise<Address> {
  const { MerchantAccountV2 } = await loadPinnedArtifacts();
  const initCode = concat([
    MerchantAccountV2.bytecode,
    encodeAbiParameters(parseAbiParameters("address, address, address, address, uint16"), [
      settings.owner,
      settings.operator,
      settings.payoutAddress,
      settings.feeRecipient,
      settings.feeRateBps,
    ]),
  ]);
  return getContractAddress({ opcode: "CREATE2", from: await factoryV2Address(), salt: settings.salt, bytecode: initCode });
}

type Clients = { walletClient: SigningWalletClient; publicClient: PublicClient };


/**
 * Deploys the v2 factory through the deterministic deployment proxy, unless it is already there
 * (anyone may have deployed it: the address holds exactly this code either way). Any funded
 * wallet can send it.
 */
export async function deployFactoryV2({ walletClient, publicClient }: Clients): Promise<{ factory: Address; deployedNow: boolean; gasUsed: bigint }> {
  const factory = await factoryV2Address();
  const { MerchantAccountFactoryV2 } = await loadPinnedArtifacts();
  const sent = await deployThroughProxy({ walletClient, publicClient }, { address: factory, salt: FACTORY_V2_SALT, initCode: MerchantAccountFactoryV2.bytecode, what: "the v2 factory" });
  return { factory, deployedNow: sent.deployedNow, gasUsed: sent.gasUsed };
}

/**
 * Creates a merchant's v2 account on the wallet's chain and returns its address. Anyone may send
 * it. Retry-safe: if the account exists (an earlier attempt, or someone else, created it), nothing
 * is sent.
 */
export async function createAccountV2(
  opts: Clients &
    AccountV2Settings & {
      /** Sends through the operator's nonce authority (the service); without it, walletClient sends directly (tests, tools). */
      send?: (call: {
        address: Address;
        abi: typeof merchantAccountFactoryV2Abi;
        functionName: "createAccount";
        args: readonly [Hex, Address, Address, Address, Address, number];
      }) => Promise<Hex>;
    },
): Promise<{ account: Address; createdNow: boolean; gasUsed: bigint }> {
  const { walletClient, publicClient } = opts;
  const [factory, predicted] = await Promise.all([factoryV2Address(), accountV2Address(opts)]);
  if (await hasCode(publicClient, predicted)) return { account: predicted, createdNow: false, gasUsed: 0n };
  const call = {
    address: factory,
    abi: merchantAccountFactoryV2Abi,
    functionName: "createAccount",
    args: [opts.salt, opts.owner, opts.operator, opts.payoutAddress, opts.feeRecipient, opts.feeRateBps],
  } as const;
  const hash = opts.send ? await opts.send(call) : await walletClient.writeContract({ ...call, account: walletClient.account, chain: walletClient.chain });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`createAccount transaction ${hash} reverted`);
  const created = parseEventLogs({ abi: merchantAccountFactoryV2Abi, eventName: "AccountCreated", logs: receipt.logs }).find((log) =>
    isAddressEqual(log.address, factory),
  );
  if (!created || !isAddressEqual(created.args.account, predicted)) {
    throw new Error(`factory created ${created?.args.account ?? "nothing"} but ${predicted} was predicted`);
  }
  return { account: getAddress(predicted), createdNow: true, gasUsed: receipt.gasUsed };
}

/** The EIP-712 domain of an account's signed refunds on one chain (see refundTypes in contracts/abis.ts). */
export function refundDomain(account: Address, chainId: number) {
  return { name: "StablePay MerchantAccount", version: "2", chainId, verifyingContract: account } as const;
}
