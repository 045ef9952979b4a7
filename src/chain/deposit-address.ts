// Deposit addresses, off-chain side: where the deposit-address factory lives (the same address on
// every chain), an intent's deposit address computed without any RPC (equal to what the factory
// creates, on every chain), deploying the factory through the deterministic deployment proxy, and
// the calls that sweep deposit addresses into the merchant's account.
//
// A deposit address commits to nothing but its owner (the merchant's account) and the intent's
// reference: see contracts/DepositAddressFactory.sol and contracts/README.md "Deposit addresses".

import {
  type Address,
  type Hex,
  type PublicClient,
  concat,
  encodeAbiParameters,
  getAddress,
  getContractAddress,
  keccak256,
  parseAbiParameters,
  toHex,
} from "viem";
import { depositAddressAbi, depositAddressFactoryAbi } from "../../contracts/abis.ts";
import { deployThroughProxy, DETERMINISTIC_DEPLOYER } from "./deterministic-deployer.ts";
import { loadPinnedArtifacts } from "./artifacts";
import type { SigningWalletClient } from "./deploy";

/** The proxy's salt for the deposit-address factory. Changing it (or one byte of the factory's build) moves every deposit address. */
export const DEPOSIT_FACTORY_SALT: Hex = keccak256(toHex("stablepay.DepositAddressFactory"));

/**
 * Gas per item of a batch of sweeps, for planning batches: measured on anvil (cancun; TestUSDC and
 * TestUSDT, the owner already holding the token) at ~61,500 for an item that creates its address
 * and ~14,300 for one that exists, after the refund of the emptied balance slot (4,800), which
 * the gas limit must cover too since refunds come at the end. Rounded up, for tokens with more work
 * per transfer (a proxy, a blacklist check); the batch's own bound keeps an underestimate safe.
 */
export const SWEEP_GAS_ESTIMATE = {
  /** One more item of a batch that also creates the deposit address. */
  batchItemWithDeploy: 80_000n,
  /** One more item of a batch whose deposit address exists already. */
  batchItem: 30_000n,
  /** A batch's fixed cost (the transaction, the call, the first touch of the token and the owner's balance). */
  batchBase: 60_000n,
} as const;

/** The factory's address on every chain: CREATE2 from the proxy, fixed salt, its creation code. */
export async function depositFactoryAddress(): Promise<Address> {
  const { DepositAddressFactory } = await loadPinnedArtifacts();
  return getContractAddress({ opcode: "CREATE2", from: DETERMINISTIC_DEPLOYER, salt: DEPOSIT_FACTORY_SALT, bytecode: DepositAddressFactory.bytecode });
}

let cachedFactory: Promise<Address> | undefined;

/**
 * The factory's address, computed once per process (every create of a deposit address needs it;
 * computing it reads the pinned artifacts and hashes the factory's creation code). A failed read is
 * not kept: the next call tries again.
 */
export function cachedDepositFactoryAddress(): Promise<Address> {
  cachedFactory ??= depositFactoryAddress().catch((err: unknown) => {
    cachedFactory = undefined;
    throw err;
  });
  return cachedFactory;
}

/** The code every deposit address delegates to: created by the factory's constructor (CREATE, the factory's nonce 1). */
export function depositImplementationAddress(factory: Address): Address {
  return getContractAddress({ opcode: "CREATE", from: factory, nonce: 1n });
}

/**
 * An intent's reference, the second half of its deposit address's salt. Derived from the intent's
 * id, which is unique across the service, so two intents never share an address.
 */
export function depositIntentRef(intentId: string): Hex {
  return keccak256(toHex(`stablepay:intent:${intentId}`));
}

/**
 * A customer's reusable deposit address's reference: derived from its random public id (`dep_*`),
 * never from the merchant's own reference of the customer, so a sweep's calldata names no customer.
 */
export function depositCustomerRef(depositAddressId: string): Hex {
  return keccak256(toHex(`stablepay:customer:${depositAddressId}`));
}

/** The CREATE2 salt the factory uses: keccak256(abi.encode(owner, intentRef)). */
export function depositSalt(owner: Address, intentRef: Hex): Hex {
  return keccak256(encodeAbiParameters(parseAbiParameters("address, bytes32"), [owner, intentRef]));
}

/** A deposit address's creation code: an EIP-1167 clone of the implementation with its owner appended (see DepositAddress.sol). */
export function depositInitCode(implementation: Address, owner: Address): Hex {
  return concat(["0x3d604180600a3d3981f3363d3d373d3d3d363d73", implementation, "0x5af43d82803e903d91602b57fd5bf3", owner]);
}

/** The runtime code a created deposit address holds (its init code without the 10-byte prefix). */
export function depositRuntimeCode(implementation: Address, owner: Address): Hex {
  return `0x${depositInitCode(implementation, owner).slice(2 + 20)}`;
}

/**
 * An intent's deposit address under a given factory, synchronously: no RPC and no artifacts, so a
 * caller computing many (every intent created) pays two keccaks each.
 */
export function depositAddressAt(factory: Address, owner: Address, intentRef: Hex): Address {
  return getContractAddress({
    opcode: "CREATE2",
    from: factory,
    salt: depositSalt(owner, intentRef),
    bytecode: depositInitCode(depositImplementationAddress(factory), owner),
  });
}

/** An intent's deposit address, the same on every chain, whether or not anything exists there yet. */
export async function depositAddress(owner: Address, intentRef: Hex): Promise<Address> {
  return depositAddressAt(await depositFactoryAddress(), owner, intentRef);
}

type Clients = { walletClient: SigningWalletClient; publicClient: PublicClient };


/**
 * Deploys the deposit-address factory through the deterministic deployment proxy, unless it is
 * there already (whoever deployed it, the address holds exactly this code). Any funded wallet can
 * send it.
 */
export async function deployDepositFactory({ walletClient, publicClient }: Clients): Promise<{ factory: Address; deployedNow: boolean; gasUsed: bigint }> {
  const factory = await depositFactoryAddress();
  const { DepositAddressFactory } = await loadPinnedArtifacts();
  const sent = await deployThroughProxy({ walletClient, publicClient }, { address: factory, salt: DEPOSIT_FACTORY_SALT, initCode: DepositAddressFactory.bytecode, what: "the deposit-address factory" });
  return { factory, deployedNow: sent.deployedNow, gasUsed: sent.gasUsed };
}

// ---------------------------------------------------------------------------------------------
// Sweep calls. Each is a plain contract call ({ address, abi, functionName, args }), to be sent by
// anyone: the service through the operator's nonce authority (`chain.sender.write`), a merchant
// or a stranger with their own wallet. None names a destination: the owner is in the address.

/** Sweeps a deposit address that exists already (cheapest: one call to it). */
export function sweepCall(depositAddress: Address, token: Address) {
  return { address: depositAddress, abi: depositAddressAbi, functionName: "sweep", args: [token] } as const;
}

/** Creates the deposit address if it has no code yet, then sweeps it: for an address never swept on this chain. */
export function deployAndSweepCall(factory: Address, owner: Address, intentRef: Hex, token: Address) {
  return { address: factory, abi: depositAddressFactoryAbi, functionName: "sweep", args: [owner, intentRef, token] } as const;
}

/** One deposit address (by owner and intent) and one token to sweep it of. */
export type SweepItem = { owner: Address; intentRef: Hex; token: Address };

/**
 * Sweeps many deposit addresses (and tokens) in one transaction, creating those without code.
 * Items are isolated (a failing token emits SweepFailed, the rest go on) and the batch stops
 * before its gas runs out (SweepBatchIncomplete with how many were done): send the rest again.
 */
export function sweepBatchCall(factory: Address, items: readonly SweepItem[]) {
  return {
    address: factory,
    abi: depositAddressFactoryAbi,
    functionName: "sweepBatch",
    args: [items.map((i) => ({ owner: getAddress(i.owner), intentRef: i.intentRef, token: getAddress(i.token) }))],
  } as const;
}

/**
 * What the factory's batch requires to be left before each item (DEPLOY_GAS + SWEEP_GAS x 64/63 +
 * its overhead, in DepositAddressFactory.sol): a batch's gas limit must leave this much on top of
 * what its items use, or it stops before its last items.
 */
export const SWEEP_BATCH_ITEM_CHECK_GAS = 60_000n + (150_000n * 64n) / 63n + 15_000n;

/** One transaction's worth of sweep items, with the gas limit to send it with. */
export type SweepBatch = { items: SweepItem[]; gas: bigint };

/**
 * Splits sweep items into batches that each fit a gas limit, by the measured per-item cost
 * (`hasCode` tells whether an item's address exists on this chain: creating it costs more). Each
 * batch's `gas` is its estimate plus the contract's check before an item, so that it is not cut
 * short; should a token cost more than estimated, the contract's own bound stops the batch early
 * (SweepBatchIncomplete) instead of failing it, and the rest is sent again.
 */
export function planSweepBatches(items: readonly (SweepItem & { hasCode: boolean })[], maxGas: bigint): SweepBatch[] {
  const batches: SweepBatch[] = [];
  const fixed = SWEEP_GAS_ESTIMATE.batchBase + SWEEP_BATCH_ITEM_CHECK_GAS;
  let current: SweepItem[] = [];
  let gas = fixed;
  for (const item of items) {
    const cost = item.hasCode ? SWEEP_GAS_ESTIMATE.batchItem : SWEEP_GAS_ESTIMATE.batchItemWithDeploy;
    if (current.length > 0 && gas + cost > maxGas) {
      batches.push({ items: current, gas });
      current = [];
      gas = fixed;
    }
    current.push({ owner: item.owner, intentRef: item.intentRef, token: item.token });
    gas += cost;
  }
  if (current.length > 0) batches.push({ items: current, gas });
  return batches;
}
