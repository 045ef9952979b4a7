/**
 * The sandbox's TestUSDC implements EIP-3009 as Circle's FiatToken v2.2 does, on a real anvil: the
 * same type hashes (the constants of FiatToken's EIP3009.sol), the EIP-712 domain (name, version
 * "2", chain id, contract) that viem computes, transferWithAuthorization in both forms, the
 * validity window, used and cancelled nonces, and ERC-1271 signatures of a contract wallet.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createPublicClient, createWalletClient, hashDomain, http, keccak256, parseEventLogs, parseSignature, toHex, type Address, type Hex } from "viem";
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { testContractWalletAbi, testUsdcAbi } from "../contracts/abis.ts";
import { loadArtifacts } from "../src/chain/artifacts.ts";
import { type Anvil, startAnvil } from "./support/anvil.ts";

const MNEMONIC = "test test test test test test test test test test test junk";
// FiatToken v2.2 (centrehq/usdc-token: contracts/v2/EIP3009.sol, EIP712Domain of FiatTokenV2).
const TRANSFER_TYPEHASH = "0x7c7c6cdb67a18743f49ec6fa9b35f50d52ed05cbed4cc592e13b44501c1a2267";
const RECEIVE_TYPEHASH = "0xd099cc98ef71107a616c4f0f941f04c322d8e254fe26b3c6668db87aae413de8";
const CANCEL_TYPEHASH = "0x158b0a9edf7a828aad02f63cd515c68ef2f50ba807396f6d12842833a1597429";

const TYPES = {
  TransferWithAuthorization: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "validAfter", type: "uint256" },
    { name: "validBefore", type: "uint256" },
    { name: "nonce", type: "bytes32" },
  ],
} as const;

let anvil: Anvil;
let usdc: Address;
let pub: ReturnType<typeof createPublicClient>;
const relayer = () => createWalletClient({ account: mnemonicToAccount(MNEMONIC, { addressIndex: 1 }), chain: foundry, transport: http(anvil.rpcUrl) });
const deployer = () => createWalletClient({ account: mnemonicToAccount(MNEMONIC, { addressIndex: 0 }), chain: foundry, transport: http(anvil.rpcUrl) });

beforeAll(async () => {
  anvil = await startAnvil();
  pub = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl), pollingInterval: 20 });
  const { TestUSDC } = await loadArtifacts();
  const hash = await deployer().deployContract({ abi: TestUSDC.abi, bytecode: TestUSDC.bytecode, args: [] });
  usdc = (await pub.waitForTransactionReceipt({ hash })).contractAddress!;
});
afterAll(async () => {
  await anvil?.stop();
});

const read = <T>(functionName: string, args: unknown[] = []) => pub.readContract({ address: usdc, abi: testUsdcAbi, functionName, args } as never) as Promise<T>;

async function mint(to: Address, amount: bigint) {
  await pub.waitForTransactionReceipt({ hash: await deployer().writeContract({ address: usdc, abi: testUsdcAbi, functionName: "mint", args: [to, amount] }) });
}

async function now(): Promise<bigint> {
  return (await pub.getBlock()).timestamp;
}

function authorization(from: Address, to: Address, value: bigint, validAfter: bigint, validBefore: bigint, nonce: Hex) {
  return { from, to, value, validAfter, validBefore, nonce };
}

async function sign(key: Hex, message: ReturnType<typeof authorization>, chainId: number = foundry.id): Promise<Hex> {
  return privateKeyToAccount(key).signTypedData({ domain: { name: "USD Coin", version: "2", chainId, verifyingContract: usdc }, types: TYPES, primaryType: "TransferWithAuthorization", message });
}

/** Sends transferWithAuthorization (bytes form); resolves to the receipt status or the revert reason. */
async function relay(m: ReturnType<typeof authorization>, signature: Hex): Promise<string> {
  try {
    await pub.simulateContract({ account: relayer().account, address: usdc, abi: testUsdcAbi, functionName: "transferWithAuthorization", args: [m.from, m.to, m.value, m.validAfter, m.validBefore, m.nonce, signature] });
  } catch (err) {
    return (err as Error).message;
  }
  const hash = await relayer().writeContract({ address: usdc, abi: testUsdcAbi, functionName: "transferWithAuthorization", args: [m.from, m.to, m.value, m.validAfter, m.validBefore, m.nonce, signature] });
  return (await pub.waitForTransactionReceipt({ hash })).status;
}

describe("TestUSDC EIP-3009 (FiatToken v2.2)", () => {
  test("type hashes, version and domain separator are FiatToken v2.2's", async () => {
    expect(await read<Hex>("TRANSFER_WITH_AUTHORIZATION_TYPEHASH")).toBe(TRANSFER_TYPEHASH);
    expect(await read<Hex>("RECEIVE_WITH_AUTHORIZATION_TYPEHASH")).toBe(RECEIVE_TYPEHASH);
    expect(await read<Hex>("CANCEL_AUTHORIZATION_TYPEHASH")).toBe(CANCEL_TYPEHASH);
    expect(await read<string>("version")).toBe("2");
    expect(await read<string>("name")).toBe("USD Coin");
    expect(await read<Hex>("DOMAIN_SEPARATOR")).toBe(hashDomain({ domain: { name: "USD Coin", version: "2", chainId: BigInt(foundry.id), verifyingContract: usdc }, types: { EIP712Domain: [{ name: "name", type: "string" }, { name: "version", type: "string" }, { name: "chainId", type: "uint256" }, { name: "verifyingContract", type: "address" }] } }));
  });

  test("an account with no ETH pays by signature; the nonce is then used, once", async () => {
    const key = generatePrivateKey();
    const from = privateKeyToAccount(key).address;
    const to = privateKeyToAccount(generatePrivateKey()).address;
    await mint(from, 5_000_000n);
    const m = authorization(from, to, 1_250_000n, 0n, (await now()) + 3600n, keccak256(toHex("one")));
    const signature = await sign(key, m);
    const hash = await relayer().writeContract({ address: usdc, abi: testUsdcAbi, functionName: "transferWithAuthorization", args: [m.from, m.to, m.value, m.validAfter, m.validBefore, m.nonce, signature] });
    const receipt = await pub.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    const events = parseEventLogs({ abi: testUsdcAbi, logs: receipt.logs });
    // As FiatToken: AuthorizationUsed, then Transfer, in one transaction.
    expect(events.map((e) => e.eventName)).toEqual(["AuthorizationUsed", "Transfer"]);
    expect(events[0]!.args).toEqual({ authorizer: from, nonce: m.nonce } as never);
    expect(await read<bigint>("balanceOf", [to])).toBe(1_250_000n);
    expect(await read<boolean>("authorizationState", [from, m.nonce])).toBe(true);
    expect(await pub.getBalance({ address: from })).toBe(0n);
    expect(await relay(m, signature)).toContain("FiatTokenV2: authorization is used or canceled");
  });

  test("the v, r, s form takes the same signature", async () => {
    const key = generatePrivateKey();
    const from = privateKeyToAccount(key).address;
    await mint(from, 1_000_000n);
    const m = authorization(from, privateKeyToAccount(generatePrivateKey()).address, 1_000_000n, 0n, (await now()) + 600n, keccak256(toHex("vrs")));
    const { v, r, s } = parseSignature(await sign(key, m));
    const hash = await relayer().writeContract({ address: usdc, abi: testUsdcAbi, functionName: "transferWithAuthorization", args: [m.from, m.to, m.value, m.validAfter, m.validBefore, m.nonce, Number(v), r, s] });
    expect((await pub.waitForTransactionReceipt({ hash })).status).toBe("success");
  });

  test("refusals: window, another chain's signature, changed value, cancelled nonce, empty wallet", async () => {
    const key = generatePrivateKey();
    const from = privateKeyToAccount(key).address;
    const to = privateKeyToAccount(generatePrivateKey()).address;
    await mint(from, 1_000_000n);
    const t = await now();
    const expired = authorization(from, to, 1n, 0n, t - 1n, keccak256(toHex("expired")));
    expect(await relay(expired, await sign(key, expired))).toContain("FiatTokenV2: authorization is expired");
    const early = authorization(from, to, 1n, t + 3600n, t + 7200n, keccak256(toHex("early")));
    expect(await relay(early, await sign(key, early))).toContain("FiatTokenV2: authorization is not yet valid");
    const m = authorization(from, to, 1n, 0n, t + 3600n, keccak256(toHex("chain")));
    expect(await relay(m, await sign(key, m, 8453))).toContain("FiatTokenV2: invalid signature");
    expect(await relay({ ...m, value: 2n }, await sign(key, m))).toContain("FiatTokenV2: invalid signature");
    // Cancelled by its authorizer (anyone may send the cancellation).
    const c = authorization(from, to, 1n, 0n, t + 3600n, keccak256(toHex("cancel")));
    const cancelSig = await privateKeyToAccount(key).signTypedData({
      domain: { name: "USD Coin", version: "2", chainId: foundry.id, verifyingContract: usdc },
      types: { CancelAuthorization: [{ name: "authorizer", type: "address" }, { name: "nonce", type: "bytes32" }] },
      primaryType: "CancelAuthorization",
      message: { authorizer: from, nonce: c.nonce },
    });
    const hash = await relayer().writeContract({ address: usdc, abi: testUsdcAbi, functionName: "cancelAuthorization", args: [from, c.nonce, cancelSig] });
    const receipt = await pub.waitForTransactionReceipt({ hash });
    expect(parseEventLogs({ abi: testUsdcAbi, logs: receipt.logs }).map((e) => e.eventName)).toEqual(["AuthorizationCanceled"]);
    expect(await relay(c, await sign(key, c))).toContain("FiatTokenV2: authorization is used or canceled");
    // Signed, but nothing to pay with.
    const emptyKey = generatePrivateKey();
    const empty = authorization(privateKeyToAccount(emptyKey).address, to, 1n, 0n, t + 3600n, keccak256(toHex("empty")));
    expect(await relay(empty, await sign(emptyKey, empty))).toContain("InsufficientBalance");
  });

  test("a contract wallet pays with its owner's signature (ERC-1271) and a bad one is refused", async () => {
    const ownerKey = generatePrivateKey();
    const { TestContractWallet } = await loadArtifacts();
    const deployHash = await deployer().deployContract({ abi: TestContractWallet.abi, bytecode: TestContractWallet.bytecode, args: [privateKeyToAccount(ownerKey).address] });
    const wallet = (await pub.waitForTransactionReceipt({ hash: deployHash })).contractAddress!;
    expect(await pub.readContract({ address: wallet, abi: testContractWalletAbi, functionName: "owner" })).toBe(privateKeyToAccount(ownerKey).address);
    await mint(wallet, 2_000_000n);
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const m = authorization(wallet, to, 2_000_000n, 0n, (await now()) + 600n, keccak256(toHex("1271")));
    expect(await relay(m, await sign(generatePrivateKey(), m))).toContain("FiatTokenV2: invalid signature");
    expect(await relay(m, await sign(ownerKey, m))).toBe("success");
    expect(await read<bigint>("balanceOf", [to])).toBe(2_000_000n);
  });
});
