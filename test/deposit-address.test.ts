// Deposit addresses against two real anvil nodes with different chain ids: the factory and an
// intent's deposit address at the same address on both, equal to the off-chain computation before
// any code exists; sweeps of USDC and USDT (whose transfer returns nothing) into the merchant's v2
// account, by anyone; repeated and empty sweeps; everything else a caller might try, refused; the
// batch (creation where needed, isolation of a bad token, the gas bound); dust to many unused
// addresses; and the gas of each (printed; the figures in bench/README.md come from
// bench/sweep-gas.ts, which measures the same calls).

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  type Hex,
  type TransactionReceipt,
  createPublicClient,
  createWalletClient,
  decodeErrorResult,
  defineChain,
  getAddress,
  getContract,
  http,
  keccak256,
  parseEventLogs,
  toHex,
  zeroAddress,
} from "viem";
import { mnemonicToAccount } from "viem/accounts";
import {
  depositAddressAbi,
  depositAddressFactoryAbi,
  merchantAccountV2Abi,
  testHostileTokenAbi,
  testUsdtAbi,
  usdcAbi,
} from "../contracts/abis.ts";
import { type AccountV2Settings, accountV2Address, createAccountV2, deployFactoryV2 } from "../src/chain/account-v2";
import { loadArtifacts } from "../src/chain/artifacts";
import {
  type SweepItem,
  deployAndSweepCall,
  deployDepositFactory,
  depositAddress,
  depositAddressAt,
  depositFactoryAddress,
  depositImplementationAddress,
  depositIntentRef,
  depositRuntimeCode,
  planSweepBatches,
  sweepBatchCall,
  sweepCall,
} from "../src/chain/deposit-address";
import { type Anvil, startAnvil } from "./support/anvil";

const MNEMONIC = "test test test test test test test test test test test junk";
const ROLES = ["deployer", "operator", "feeRecipient", "owner", "payout", "payer", "stranger", "other"] as const;
type Role = (typeof ROLES)[number];
const CHAIN_IDS = [31337, 84532] as const;

function clientsFor(rpcUrl: string, id: number) {
  const chain = defineChain({ id, name: `anvil-${id}`, nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } });
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 20 });
  const wallets = Object.fromEntries(
    ROLES.map((role, i) => [role, createWalletClient({ account: mnemonicToAccount(MNEMONIC, { addressIndex: i }), chain, transport: http(rpcUrl), pollingInterval: 20 })]),
  ) as Record<Role, ReturnType<typeof createWalletClient<ReturnType<typeof http>, typeof chain, ReturnType<typeof mnemonicToAccount>>>>;
  return { chain, publicClient, wallets };
}
type Node = ReturnType<typeof clientsFor> & { anvil: Anvil; usdc: Address; usdt: Address };

let nodes: Node[] = [];
let A: Node; // most tests run here
let B: Node;
let addr: Record<Role, Address>;
let factory: Address;
let hostile: Address; // on A
/** The merchant's v2 account: created on A, not on B (there it is only an address, like the deposit addresses). */
let merchant: Address;
const gas: Record<string, bigint> = {};

beforeAll(async () => {
  await loadArtifacts();
  const anvils = await Promise.all(CHAIN_IDS.map((chainId) => startAnvil({ chainId })));
  const { TestUSDC, TestUSDT, TestHostileToken } = await loadArtifacts();
  nodes = [];
  for (const [i, anvil] of anvils.entries()) {
    const base = { ...clientsFor(anvil.rpcUrl, CHAIN_IDS[i]!), anvil };
    const node = { ...base, usdc: zeroAddress, usdt: zeroAddress } as Node;
    node.usdc = await deploy(node, TestUSDC.bytecode);
    node.usdt = await deploy(node, TestUSDT.bytecode);
    nodes.push(node);
  }
  [A, B] = nodes as [Node, Node];
  hostile = await deploy(A, TestHostileToken.bytecode);
  addr = Object.fromEntries(ROLES.map((r) => [r, A.wallets[r].account.address])) as typeof addr;

  const deployedA = await deployDepositFactory({ walletClient: A.wallets.deployer, publicClient: A.publicClient as never });
  gas.factoryDeployment = deployedA.gasUsed;
  // On B another wallet deploys it: the sender plays no part in the address.
  const deployedB = await deployDepositFactory({ walletClient: B.wallets.stranger, publicClient: B.publicClient as never });
  expect(deployedA.factory).toBe(deployedB.factory);
  factory = deployedA.factory;

  await deployFactoryV2({ walletClient: A.wallets.deployer, publicClient: A.publicClient as never });
  merchant = (await createAccountV2({ walletClient: A.wallets.operator, publicClient: A.publicClient as never, ...merchantSettings })).account;
}, 120_000);

afterAll(async () => {
  await Promise.all(nodes.map((n) => n.anvil.stop()));
  if (Object.keys(gas).length > 0) console.log("[gas]", JSON.stringify(Object.fromEntries(Object.entries(gas).map(([k, v]) => [k, Number(v)]))));
});

// ---------------------------------------------------------------------------------------------
// Helpers

const merchantSettings: AccountV2Settings = {
  salt: keccak256(toHex("stablepay:merchant:deposit-test")),
  owner: mnemonicToAccount(MNEMONIC, { addressIndex: 3 }).address,
  operator: mnemonicToAccount(MNEMONIC, { addressIndex: 1 }).address,
  payoutAddress: mnemonicToAccount(MNEMONIC, { addressIndex: 4 }).address,
  feeRecipient: mnemonicToAccount(MNEMONIC, { addressIndex: 2 }).address,
  feeRateBps: 100,
};

async function deploy(node: Omit<Node, "usdc" | "usdt"> | Node, bytecode: Hex): Promise<Address> {
  const hash = await node.wallets.deployer.sendTransaction({ data: bytecode });
  const receipt = await node.publicClient.waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error("no contract");
  return getAddress(receipt.contractAddress);
}

async function mined(node: Node, hash: Promise<Hex>): Promise<TransactionReceipt> {
  const receipt = await node.publicClient.waitForTransactionReceipt({ hash: await hash });
  expect(receipt.status).toBe("success");
  return receipt;
}

const errorsAbi = [...depositAddressFactoryAbi, ...testUsdtAbi].filter((i) => i.type === "error");

async function expectRevert(call: Promise<unknown>, errorName: string | undefined): Promise<void> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof BaseError)) throw new Error(`expected a revert with ${errorName}, got ${error === undefined ? "success" : String(error)}`);
  if (errorName === undefined) return; // any revert (no reason: an unknown selector, a refused value)
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
  let name = reverted instanceof ContractFunctionRevertedError ? reverted.data?.errorName : undefined;
  if (name === undefined) {
    const raw = error.walk((e) => typeof (e as { data?: unknown }).data === "string") as { data?: Hex } | null;
    if (raw?.data && /^0x[0-9a-f]{8}/i.test(raw.data)) name = decodeErrorResult({ abi: errorsAbi, data: raw.data }).errorName;
  }
  if (name === undefined) throw error;
  expect(name).toBe(errorName);
}

let counter = 0;
/** A fresh intent reference, as the service derives it from an intent id. */
const ref = (): Hex => depositIntentRef(`pi_test_${++counter}`);

const factoryAs = (role: Role, node: Node = A) => getContract({ address: factory, abi: depositAddressFactoryAbi, client: { public: node.publicClient, wallet: node.wallets[role] } });
const deposit = (address: Address, role: Role, node: Node = A) => getContract({ address, abi: depositAddressAbi, client: { public: node.publicClient, wallet: node.wallets[role] } });
const tokenOf = (token: Address, node: Node = A) => getContract({ address: token, abi: testUsdtAbi, client: { public: node.publicClient, wallet: node.wallets.payer } });
const balanceOf = (token: Address, who: Address, node: Node = A) => tokenOf(token, node).read.balanceOf([who]);
/** A payment: minted straight to the address (the same Transfer a wallet's or an exchange's payment makes). */
const pay = (token: Address, to: Address, amount: bigint, node: Node = A) => mined(node, tokenOf(token, node).write.mint([to, amount]));
const codeAt = async (address: Address, node: Node = A) => (await node.publicClient.getCode({ address })) ?? "0x";

/** Sends a call built by src/chain/deposit-address.ts from a role's wallet. */
const send = (node: Node, role: Role, call: { address: Address; abi: readonly unknown[]; functionName: string; args: readonly unknown[] }, gasLimit?: bigint) =>
  mined(node, node.wallets[role].writeContract({ ...call, ...(gasLimit ? { gas: gasLimit } : {}) } as never));

/**
 * A batch sent as the service sends it: with the gas limit of its plan. Never estimated: the batch
 * never reverts for want of gas (it does fewer items), so an estimate finds the gas of none.
 */
async function sendBatch(node: Node, role: Role, items: SweepItem[]): Promise<TransactionReceipt> {
  const withCode = await Promise.all(items.map(async (i) => ({ ...i, hasCode: (await codeAt(depositAddressAt(factory, i.owner, i.intentRef), node)) !== "0x" })));
  const [batch, ...more] = planSweepBatches(withCode, 30_000_000n);
  expect(more).toEqual([]);
  const receipt = await send(node, role, sweepBatchCall(factory, batch!.items), batch!.gas);
  expect(parseEventLogs({ abi: depositAddressFactoryAbi, eventName: "SweepBatchIncomplete", logs: receipt.logs })).toEqual([]);
  return receipt;
}

const sweptEvents = (receipt: TransactionReceipt) => parseEventLogs({ abi: depositAddressAbi, eventName: "Swept", logs: receipt.logs }).map((l) => ({ from: getAddress(l.address), ...l.args }));

// ---------------------------------------------------------------------------------------------

describe("one deposit address per intent, the same on every chain", () => {
  test("the factory and its implementation sit at one address on both chains, whoever deployed them", async () => {
    expect(await depositFactoryAddress()).toBe(factory);
    for (const node of nodes) {
      expect(await node.publicClient.getChainId()).toBe(node.chain.id);
      expect(await factoryAs("stranger", node).read.implementation()).toBe(depositImplementationAddress(factory));
    }
    expect(await codeAt(factory, A)).toBe(await codeAt(factory, B));
    expect(await codeAt(depositImplementationAddress(factory), A)).toBe(await codeAt(depositImplementationAddress(factory), B));
    // Deploying again sends nothing.
    const nonce = await A.publicClient.getTransactionCount({ address: addr.deployer });
    expect(await deployDepositFactory({ walletClient: A.wallets.deployer, publicClient: A.publicClient as never })).toEqual({ factory, deployedNow: false, gasUsed: 0n });
    expect(await A.publicClient.getTransactionCount({ address: addr.deployer })).toBe(nonce);
  });

  test("known before any code exists: the off-chain address is the factory's prediction and the address created on both chains", async () => {
    const intentRef = ref();
    const predicted = await depositAddress(merchant, intentRef);
    expect(depositAddressAt(factory, merchant, intentRef)).toBe(predicted);
    for (const node of nodes) {
      expect(await codeAt(predicted, node)).toBe("0x");
      expect(await factoryAs("stranger", node).read.predictAddress([merchant, intentRef])).toBe(predicted);
    }
    // Created by different senders on the two chains (on B the merchant's account itself does not exist).
    const onA = await send(A, "stranger", { address: factory, abi: depositAddressFactoryAbi, functionName: "deploy", args: [merchant, intentRef] });
    gas.deploy = onA.gasUsed;
    const onB = await send(B, "payer", { address: factory, abi: depositAddressFactoryAbi, functionName: "deploy", args: [merchant, intentRef] });
    for (const receipt of [onA, onB]) {
      expect(parseEventLogs({ abi: depositAddressFactoryAbi, eventName: "DepositAddressDeployed", logs: receipt.logs }).map((l) => l.args)).toEqual([
        { owner: merchant, intentRef, depositAddress: predicted },
      ]);
    }
    // The same 65 bytes on both: the EIP-1167 proxy to the implementation, then the owner.
    const runtime = depositRuntimeCode(depositImplementationAddress(factory), merchant);
    expect((runtime.length - 2) / 2).toBe(65);
    expect(await codeAt(predicted, A)).toBe(runtime.toLowerCase() as Hex);
    expect(await codeAt(predicted, B)).toBe(runtime.toLowerCase() as Hex);
    expect(await deposit(predicted, "stranger", A).read.owner()).toBe(merchant);
    expect(await deposit(predicted, "stranger", B).read.owner()).toBe(merchant);
    // Deploying again is a no-op that returns the address (no second event).
    const again = await send(A, "other", { address: factory, abi: depositAddressFactoryAbi, functionName: "deploy", args: [merchant, intentRef] });
    expect(parseEventLogs({ abi: depositAddressFactoryAbi, eventName: "DepositAddressDeployed", logs: again.logs })).toEqual([]);
  });

  test("the address commits to the owner and the intent, and to nothing else", async () => {
    const intentRef = ref();
    const base = depositAddressAt(factory, merchant, intentRef);
    const variants = [depositAddressAt(factory, addr.other, intentRef), depositAddressAt(factory, merchant, ref()), depositAddressAt(addr.other, merchant, intentRef)];
    expect(new Set([base, ...variants]).size).toBe(4);
    // Intent references from ids: distinct ids, distinct references.
    expect(depositIntentRef("pi_1")).not.toBe(depositIntentRef("pi_2"));
    expect(depositIntentRef("pi_1")).toBe(depositIntentRef("pi_1"));
  });

  test("an owner of zero is refused (nothing could ever leave such an address)", async () => {
    await expectRevert(factoryAs("stranger").write.deploy([zeroAddress, ref()]), "ZeroAddress");
    await expectRevert(factoryAs("stranger").write.sweep([zeroAddress, ref(), A.usdc]), "ZeroAddress");
  });
});

describe("sweep: the whole balance, to the merchant's account only, by anyone", () => {
  test("USDC and USDT paid before the address exists: the first sweep creates it, a later one calls it directly", async () => {
    const intentRef = ref();
    const dep = depositAddressAt(factory, merchant, intentRef);
    await pay(A.usdc, dep, 12_340_000n);
    await pay(A.usdt, dep, 5_000_000n);
    const before = { usdc: await balanceOf(A.usdc, merchant), usdt: await balanceOf(A.usdt, merchant) };

    // A stranger: creation + sweep through the factory.
    const first = await send(A, "stranger", deployAndSweepCall(factory, merchant, intentRef, A.usdc));
    gas.deployAndSweepUsdc = first.gasUsed;
    expect(sweptEvents(first)).toEqual([{ from: dep, token: A.usdc, to: merchant, amount: 12_340_000n }]);
    const transfers = parseEventLogs({ abi: usdcAbi, eventName: "Transfer", logs: first.logs });
    expect(transfers.map((t) => t.args)).toEqual([{ from: dep, to: merchant, value: 12_340_000n }]);
    expect(await balanceOf(A.usdc, dep)).toBe(0n);
    expect(await balanceOf(A.usdc, merchant)).toBe(before.usdc + 12_340_000n);

    // The payer itself, directly on the deposit address: USDT, whose transfer returns nothing.
    const second = await send(A, "payer", sweepCall(dep, A.usdt));
    gas.sweepUsdt = second.gasUsed;
    expect(sweptEvents(second)).toEqual([{ from: dep, token: A.usdt, to: merchant, amount: 5_000_000n }]);
    expect(await balanceOf(A.usdt, dep)).toBe(0n);
    expect(await balanceOf(A.usdt, merchant)).toBe(before.usdt + 5_000_000n);

    // The account counts what was swept as received, and the operator charges and pays it out as any payment.
    const account = getContract({ address: merchant, abi: merchantAccountV2Abi, client: { public: A.publicClient, wallet: A.wallets.operator } });
    expect(await account.read.totalReceived([A.usdt])).toBe(before.usdt + 5_000_000n);
    await mined(A, account.write.collectFee([A.usdt, keccak256(toHex(`fee:${intentRef}`)), 5_000_000n]));
    await mined(A, account.write.withdraw([A.usdt, keccak256(toHex(`payout:${intentRef}`)), 4_950_000n]));
    expect(await balanceOf(A.usdt, addr.payout)).toBe(4_950_000n);
  });

  test("the sweep's later uses: a second payment to the same address, swept directly (USDC); the operator, the merchant and a stranger alike", async () => {
    const intentRef = ref();
    const dep = depositAddressAt(factory, merchant, intentRef);
    await pay(A.usdc, dep, 1_000n);
    await send(A, "operator", deployAndSweepCall(factory, merchant, intentRef, A.usdc));
    for (const role of ["owner", "stranger", "operator"] as const) {
      await pay(A.usdc, dep, 777n);
      const before = await balanceOf(A.usdc, merchant);
      const receipt = await send(A, role, sweepCall(dep, A.usdc));
      gas.sweepUsdc = receipt.gasUsed;
      expect(sweptEvents(receipt)).toEqual([{ from: dep, token: A.usdc, to: merchant, amount: 777n }]);
      expect(await balanceOf(A.usdc, merchant)).toBe(before + 777n);
    }
    // Through the factory when it exists: no creation, the same sweep.
    await pay(A.usdc, dep, 5n);
    const viaFactory = await send(A, "stranger", deployAndSweepCall(factory, merchant, intentRef, A.usdc));
    gas.sweepUsdcViaFactory = viaFactory.gasUsed;
    expect(sweptEvents(viaFactory)).toEqual([{ from: dep, token: A.usdc, to: merchant, amount: 5n }]);
  });

  test("sweeping twice, or an address that holds nothing, is harmless: nothing moves, nothing reverts", async () => {
    const intentRef = ref();
    const dep = depositAddressAt(factory, merchant, intentRef);
    // Never paid: the factory creates it and sweeps nothing.
    const empty = await send(A, "stranger", deployAndSweepCall(factory, merchant, intentRef, A.usdt));
    expect(sweptEvents(empty)).toEqual([]);
    expect(await codeAt(dep)).not.toBe("0x");
    expect(await factoryAs("stranger").simulate.sweep([merchant, intentRef, A.usdt]).then((r) => r.result)).toBe(0n);
    await pay(A.usdt, dep, 42n);
    await send(A, "stranger", sweepCall(dep, A.usdt));
    const merchantBalance = await balanceOf(A.usdt, merchant);
    for (let i = 0; i < 2; i++) {
      const again = await send(A, "stranger", sweepCall(dep, A.usdt));
      gas.sweepEmpty = again.gasUsed;
      expect(again.logs).toEqual([]);
    }
    expect(await balanceOf(A.usdt, merchant)).toBe(merchantBalance);
    expect(await balanceOf(A.usdt, dep)).toBe(0n);
  });

  test("nothing else moves it: no other function, no approval to spend, no native currency, the implementation itself refuses", async () => {
    const intentRef = ref();
    const dep = depositAddressAt(factory, merchant, intentRef);
    await pay(A.usdc, dep, 1_000n);
    await send(A, "stranger", { address: factory, abi: depositAddressFactoryAbi, functionName: "deploy", args: [merchant, intentRef] });

    // The compiled code has two functions, neither of which takes a destination.
    const { DepositAddress } = await loadArtifacts();
    expect(DepositAddress.abi.filter((i) => i.type === "function").map((i) => (i as { name: string }).name).sort()).toEqual(["owner", "sweep"]);
    expect(DepositAddress.abi.some((i) => i.type === "fallback" || i.type === "receive")).toBe(false);

    // Calls an attacker might try: a token's transfer selector, approve, arbitrary bytes, ETH.
    const calls: Hex[] = [
      "0xa9059cbb000000000000000000000000" + addr.stranger.slice(2).toLowerCase() + "00000000000000000000000000000000000000000000000000000000000003e8",
      "0x095ea7b3000000000000000000000000" + addr.stranger.slice(2).toLowerCase() + "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
      "0xdeadbeef",
      "0x",
    ].map((d) => d as Hex);
    for (const data of calls) {
      await expectRevert(A.wallets.stranger.sendTransaction({ to: dep, data, gas: 200_000n }).then((hash) => A.publicClient.waitForTransactionReceipt({ hash })).then((r) => {
        if (r.status !== "success") throw new BaseError("reverted");
      }), undefined);
    }
    await expectRevert(A.wallets.stranger.sendTransaction({ to: dep, value: 1n, gas: 100_000n }).then((hash) => A.publicClient.waitForTransactionReceipt({ hash })).then((r) => {
      if (r.status !== "success") throw new BaseError("reverted");
    }), undefined);
    // No allowance was ever given, so transferFrom cannot take it.
    await expectRevert(A.wallets.stranger.writeContract({ address: A.usdc, abi: usdcAbi, functionName: "transferFrom", args: [dep, addr.stranger, 1n] }), "InsufficientAllowance");

    // Tokens sent to the implementation by mistake stay there: it has no owner to sweep to.
    const implementation = depositImplementationAddress(factory);
    await pay(A.usdc, implementation, 50n);
    await expectRevert(deposit(implementation, "stranger").write.sweep([A.usdc]), "NotADepositAddress");
    await expectRevert(deposit(implementation, "stranger").read.owner(), "NotADepositAddress");

    // A token address without code, or a contract that is no token, is refused rather than read as empty.
    await expectRevert(deposit(dep, "stranger").write.sweep(["0x00000000000000000000000000000000deadbeef"]), "NotAToken");
    await expectRevert(deposit(dep, "stranger").write.sweep([factory]), "NotAToken");
    // A token refusing the transfer fails the sweep (and moves nothing).
    await mined(A, getContract({ address: hostile, abi: testHostileTokenAbi, client: { wallet: A.wallets.payer } }).write.mint([dep, 10n]));
    for (const [mode, error] of [[1, "TransferFailed"], [2, "TransferFailed"]] as const) {
      await mined(A, getContract({ address: hostile, abi: testHostileTokenAbi, client: { wallet: A.wallets.payer } }).write.setMode([mode]));
      await expectRevert(deposit(dep, "stranger").write.sweep([hostile]), error);
    }
    await mined(A, getContract({ address: hostile, abi: testHostileTokenAbi, client: { wallet: A.wallets.payer } }).write.setMode([0]));

    expect(await balanceOf(A.usdc, dep)).toBe(1_000n);
    expect(await balanceOf(A.usdc, addr.stranger)).toBe(0n);
    await send(A, "stranger", sweepCall(dep, A.usdc));
    expect(await balanceOf(A.usdc, dep)).toBe(0n);
  });
});

describe("the same address on the second chain", () => {
  test("it receives and is swept there, into the merchant's address there (which need not exist yet)", async () => {
    const intentRef = ref();
    const dep = await depositAddress(merchant, intentRef);
    await pay(A.usdc, dep, 100n, A);
    await pay(B.usdc, dep, 250n, B);
    await pay(B.usdt, dep, 30n, B);
    expect(await codeAt(merchant, B)).toBe("0x");
    const onB = await sendBatch(B, "stranger", [
      { owner: merchant, intentRef, token: B.usdc },
      { owner: merchant, intentRef, token: B.usdt },
    ]);
    expect(sweptEvents(onB)).toEqual([
      { from: dep, token: B.usdc, to: merchant, amount: 250n },
      { from: dep, token: B.usdt, to: merchant, amount: 30n },
    ]);
    expect(await balanceOf(B.usdc, merchant, B)).toBe(250n);
    expect(await balanceOf(B.usdt, merchant, B)).toBe(30n);
    // On A nothing happened: the chains are independent.
    expect(await balanceOf(A.usdc, dep, A)).toBe(100n);
    // Once the merchant's account is created on B, what was swept there counts as received.
    await deployFactoryV2({ walletClient: B.wallets.deployer, publicClient: B.publicClient as never });
    expect((await createAccountV2({ walletClient: B.wallets.stranger, publicClient: B.publicClient as never, ...merchantSettings })).account).toBe(merchant);
    expect(await accountV2Address(merchantSettings)).toBe(merchant);
    const accountB = getContract({ address: merchant, abi: merchantAccountV2Abi, client: { public: B.publicClient } });
    expect(await accountB.read.totalReceived([B.usdc])).toBe(250n);
  });
});

describe("the batch", () => {
  test("creates where needed and sweeps many addresses and tokens in one transaction", async () => {
    const refs = Array.from({ length: 6 }, () => ref());
    const deps = refs.map((r) => depositAddressAt(factory, merchant, r));
    for (const [i, d] of deps.entries()) {
      await pay(A.usdc, d, 1_000n + BigInt(i));
      if (i % 2 === 0) await pay(A.usdt, d, 2_000n + BigInt(i));
    }
    // Two of them exist already.
    await send(A, "stranger", { address: factory, abi: depositAddressFactoryAbi, functionName: "deploy", args: [merchant, refs[0]!] });
    await send(A, "stranger", { address: factory, abi: depositAddressFactoryAbi, functionName: "deploy", args: [merchant, refs[1]!] });
    const items: SweepItem[] = refs.flatMap((r, i) => [{ owner: merchant, intentRef: r, token: A.usdc }, ...(i % 2 === 0 ? [{ owner: merchant, intentRef: r, token: A.usdt }] : [])]);
    const before = { usdc: await balanceOf(A.usdc, merchant), usdt: await balanceOf(A.usdt, merchant) };
    expect((await factoryAs("operator").simulate.sweepBatch([items])).result).toBe(BigInt(items.length));
    const receipt = await sendBatch(A, "operator", items);
    expect(parseEventLogs({ abi: depositAddressFactoryAbi, eventName: "DepositAddressDeployed", logs: receipt.logs }).map((l) => l.args.depositAddress)).toEqual(deps.slice(2));
    expect(sweptEvents(receipt)).toHaveLength(items.length);
    expect(parseEventLogs({ abi: depositAddressFactoryAbi, logs: receipt.logs }).filter((l) => l.eventName !== "DepositAddressDeployed")).toEqual([]);
    expect(await balanceOf(A.usdc, merchant)).toBe(before.usdc + deps.reduce((s, _, i) => s + 1_000n + BigInt(i), 0n));
    expect(await balanceOf(A.usdt, merchant)).toBe(before.usdt + 2_000n + 2_002n + 2_004n);
    for (const d of deps) expect([await balanceOf(A.usdc, d), await balanceOf(A.usdt, d)]).toEqual([0n, 0n]);
  });

  test("per-address gas: batches of new and of existing addresses", async () => {
    for (const n of [1, 10]) {
      const refs = Array.from({ length: n }, () => ref());
      for (const r of refs) await pay(A.usdc, depositAddressAt(factory, merchant, r), 1_000_000n);
      const items = refs.map((r) => ({ owner: merchant, intentRef: r, token: A.usdc }));
      const create = await sendBatch(A, "operator", items);
      for (const r of refs) await pay(A.usdc, depositAddressAt(factory, merchant, r), 1_000_000n);
      const existing = await sendBatch(A, "operator", items);
      gas[`batch${n}WithDeploy`] = create.gasUsed;
      gas[`batch${n}Existing`] = existing.gasUsed;
      expect(sweptEvents(create)).toHaveLength(n);
      expect(sweptEvents(existing)).toHaveLength(n);
    }
    gas.batchPerAddressWithDeploy = (gas.batch10WithDeploy! - gas.batch1WithDeploy!) / 9n;
    gas.batchPerAddressExisting = (gas.batch10Existing! - gas.batch1Existing!) / 9n;
  });

  test("a bad token fails its own item only, within the gas given to one sweep", async () => {
    const [good, bad] = [ref(), ref()];
    const [goodDep, badDep] = [depositAddressAt(factory, merchant, good), depositAddressAt(factory, merchant, bad)];
    await pay(A.usdc, goodDep, 500n);
    await pay(A.usdc, badDep, 600n);
    const hostileToken = getContract({ address: hostile, abi: testHostileTokenAbi, client: { public: A.publicClient, wallet: A.wallets.payer } });
    await mined(A, hostileToken.write.mint([badDep, 9n]));
    const sweepGas = await factoryAs("stranger").read.SWEEP_GAS();
    // Modes 1-4: false, a revert, all gas burnt in transfer, all gas burnt in balanceOf.
    for (const mode of [1, 2, 3, 4]) {
      await mined(A, hostileToken.write.setMode([mode]));
      const items: SweepItem[] = [
        { owner: merchant, intentRef: bad, token: hostile },
        { owner: merchant, intentRef: good, token: A.usdc },
        { owner: merchant, intentRef: bad, token: "0x00000000000000000000000000000000deadbeef" },
        { owner: merchant, intentRef: bad, token: A.usdc },
      ];
      const receipt = await send(A, "stranger", sweepBatchCall(factory, items), 2_000_000n);
      expect(parseEventLogs({ abi: depositAddressFactoryAbi, eventName: "SweepFailed", logs: receipt.logs }).map((l) => l.args)).toEqual([
        { depositAddress: badDep, token: hostile },
        { depositAddress: badDep, token: getAddress("0x00000000000000000000000000000000deadbeef") },
      ]);
      // A token burning everything costs the batch one sweep's gas, not the transaction's.
      expect(receipt.gasUsed).toBeLessThan(2n * sweepGas + 300_000n);
      if (mode === 1) expect(sweptEvents(receipt).map((e) => [e.from, e.amount])).toEqual([[goodDep, 500n], [badDep, 600n]]);
      else expect(sweptEvents(receipt)).toEqual([]);
    }
    await mined(A, hostileToken.write.setMode([0]));
    expect(await hostileToken.read.balanceOf([badDep])).toBe(9n);
  });

  test("bounded by its gas: a batch too long for its gas limit sweeps a prefix, says where it stopped, and the rest follows", async () => {
    const refs = Array.from({ length: 30 }, () => ref());
    for (const r of refs) await pay(A.usdc, depositAddressAt(factory, merchant, r), 3n);
    const items = refs.map((r) => ({ owner: merchant, intentRef: r, token: A.usdc }));
    const before = await balanceOf(A.usdc, merchant);
    const first = await send(A, "operator", sweepBatchCall(factory, items), 1_000_000n);
    const [stopped] = parseEventLogs({ abi: depositAddressFactoryAbi, eventName: "SweepBatchIncomplete", logs: first.logs });
    const done = Number(stopped!.args.done);
    expect(stopped!.args.total).toBe(30n);
    expect(done).toBeGreaterThan(2);
    expect(done).toBeLessThan(30);
    expect(sweptEvents(first).map((e) => e.from)).toEqual(items.slice(0, done).map((i) => depositAddressAt(factory, i.owner, i.intentRef)));
    expect(await balanceOf(A.usdc, merchant)).toBe(before + 3n * BigInt(done));
    for (const r of refs.slice(done)) expect(await codeAt(depositAddressAt(factory, merchant, r))).toBe("0x");
    // The rest, planned by the off-chain estimate into batches that each fit the same limit.
    const rest = items.slice(done).map((i) => ({ ...i, hasCode: false }));
    const batches = planSweepBatches(rest, 1_000_000n);
    expect(batches.flatMap((b) => b.items)).toHaveLength(30 - done);
    for (const batch of batches) {
      const receipt = await send(A, "operator", sweepBatchCall(factory, batch.items), batch.gas);
      expect(parseEventLogs({ abi: depositAddressFactoryAbi, eventName: "SweepBatchIncomplete", logs: receipt.logs })).toEqual([]);
      expect(receipt.gasUsed).toBeLessThanOrEqual(batch.gas);
    }
    expect(await balanceOf(A.usdc, merchant)).toBe(before + 90n);
  });
});

describe("dust", () => {
  test("dust to many unused deposit addresses changes nothing: no code, no owner balance, the paid intent's sweep exact", async () => {
    const N = 300;
    const dusted = Array.from({ length: N }, () => depositAddressAt(factory, merchant, ref()));
    const paidRef = ref();
    const paid = depositAddressAt(factory, merchant, paidRef);
    const merchantBefore = await balanceOf(A.usdc, merchant);
    // Dust from a stranger: one base unit to each.
    const token = getContract({ address: A.usdc, abi: testUsdtAbi, client: { public: A.publicClient, wallet: A.wallets.stranger } });
    await mined(A, token.write.mint([addr.stranger, BigInt(N)]));
    let last: Hex = "0x";
    for (const d of dusted) last = await token.write.transfer([d, 1n]);
    await mined(A, Promise.resolve(last));
    await pay(A.usdc, paid, 25_000_000n);
    for (const d of dusted.slice(0, 20)) {
      expect(await balanceOf(A.usdc, d)).toBe(1n);
      expect(await codeAt(d)).toBe("0x");
    }
    expect(await balanceOf(A.usdc, merchant)).toBe(merchantBefore);
    // The paid intent's address is swept of exactly its own payment.
    const receipt = await send(A, "operator", deployAndSweepCall(factory, merchant, paidRef, A.usdc));
    expect(sweptEvents(receipt)).toEqual([{ from: paid, token: A.usdc, to: merchant, amount: 25_000_000n }]);
    expect(await balanceOf(A.usdc, merchant)).toBe(merchantBefore + 25_000_000n);
    for (const d of dusted.slice(0, 20)) expect(await balanceOf(A.usdc, d)).toBe(1n);
  });
});
