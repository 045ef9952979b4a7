// Merchant account v2 against two real anvil nodes with different chain ids:
// the factory and an account at the same address on both, a token whose transfer returns nothing
// (USDT), per-token accounting, EIP-712 refunds signed by a viem account (replay, deadline, wrong
// signer, other chain), the operator's refund budget (24-hour window, end date, revocation), and
// the gas of each operation (printed; the figures in contracts/README.md come from here).

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
  encodeFunctionData,
  getAddress,
  getContract,
  hashTypedData,
  http,
  keccak256,
  parseEventLogs,
  toHex,
  zeroAddress,
} from "viem";
import { mnemonicToAccount } from "viem/accounts";
import {
  merchantAccountFactoryV2Abi,
  merchantAccountV2Abi,
  refundTypes,
  testUsdcAbi,
  testUsdtAbi,
} from "../contracts/abis.ts";
import { type AccountV2Settings, DETERMINISTIC_DEPLOYER, FACTORY_V2_SALT, accountV2Address, createAccountV2, deployFactoryV2, factoryV2Address, refundDomain } from "../src/chain/account-v2";
import { loadArtifacts } from "../src/chain/artifacts";
import { type Anvil, startAnvil } from "./support/anvil";

const MNEMONIC = "test test test test test test test test test test test junk";
const ROLES = ["deployer", "operator", "feeRecipient", "owner", "payout", "payer", "stranger", "other"] as const;
type Role = (typeof ROLES)[number];
const CHAIN_IDS = [31337, 84532] as const;
const HOUR = 3600n;
const DAY = 86_400n;

function clientsFor(rpcUrl: string, id: number) {
  const chain = defineChain({ id, name: `anvil-${id}`, nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } });
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 20 });
  const wallets = Object.fromEntries(
    ROLES.map((role, i) => [role, createWalletClient({ account: mnemonicToAccount(MNEMONIC, { addressIndex: i }), chain, transport: http(rpcUrl), pollingInterval: 20 })]),
  ) as Record<Role, ReturnType<typeof createWalletClient<ReturnType<typeof http>, typeof chain, ReturnType<typeof mnemonicToAccount>>>>;
  return { chain, publicClient, wallets };
}
type Node = ReturnType<typeof clientsFor> & { anvil: Anvil };

let nodes: Node[] = [];
let A: Node; // most tests run here
let B: Node;
let addr: Record<Role, Address>;
let factory: Address;
let usdc: Address;
let usdt: Address;
const gas: Record<string, bigint> = {};

beforeAll(async () => {
  await loadArtifacts();
  const anvils = await Promise.all(CHAIN_IDS.map((chainId) => startAnvil({ chainId })));
  nodes = anvils.map((anvil, i) => ({ ...clientsFor(anvil.rpcUrl, CHAIN_IDS[i]!), anvil }));
  [A, B] = nodes as [Node, Node];
  addr = Object.fromEntries(ROLES.map((r) => [r, A.wallets[r].account.address])) as typeof addr;

  const deployedA = await deployFactoryV2({ walletClient: A.wallets.deployer, publicClient: A.publicClient as never });
  gas.factoryDeployment = deployedA.gasUsed;
  // On B, another wallet deploys it: the sender plays no part in the address.
  const deployedB = await deployFactoryV2({ walletClient: B.wallets.stranger, publicClient: B.publicClient as never });
  expect(deployedA.factory).toBe(deployedB.factory);
  factory = deployedA.factory;

  const { TestUSDC, TestUSDT } = await loadArtifacts();
  usdc = await deploy(A, TestUSDC.bytecode);
  usdt = await deploy(A, TestUSDT.bytecode);
}, 120_000);

afterAll(async () => {
  await Promise.all(nodes.map((n) => n.anvil.stop()));
  if (Object.keys(gas).length > 0) console.log("[gas]", JSON.stringify(Object.fromEntries(Object.entries(gas).map(([k, v]) => [k, Number(v)]))));
});

// ---------------------------------------------------------------------------------------------
// Helpers

async function deploy(node: Node, bytecode: Hex): Promise<Address> {
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

const errorsAbi = [...merchantAccountV2Abi, ...testUsdtAbi].filter((i) => i.type === "error");

async function expectRevert(call: Promise<unknown>, errorName: string): Promise<void> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof BaseError)) throw new Error(`expected a revert with ${errorName}, got ${error === undefined ? "success" : String(error)}`);
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
const id = (label: string): Hex => keccak256(toHex(`${label}_${++counter}`));

function settings(over: Partial<AccountV2Settings> = {}): AccountV2Settings {
  return { salt: id("merchant"), owner: addr.owner, operator: addr.operator, payoutAddress: addr.payout, feeRecipient: addr.feeRecipient, feeRateBps: 100, ...over };
}

async function newAccount(over: Partial<AccountV2Settings> = {}, node: Node = A): Promise<Address> {
  const created = await createAccountV2({ walletClient: node.wallets.operator, publicClient: node.publicClient as never, ...settings(over) });
  return created.account;
}

const account = (address: Address, role: Role, node: Node = A) =>
  getContract({ address, abi: merchantAccountV2Abi, client: { public: node.publicClient, wallet: node.wallets[role] } });

const tokenOf = (token: Address, node: Node = A) => getContract({ address: token, abi: testUsdtAbi, client: { public: node.publicClient, wallet: node.wallets.payer } });
const balanceOf = (token: Address, who: Address, node: Node = A) => tokenOf(token, node).read.balanceOf([who]);
const pay = (token: Address, to: Address, amount: bigint, node: Node = A) => mined(node, tokenOf(token, node).write.mint([to, amount]));

async function rpc(node: Node, method: string, params: unknown[]): Promise<unknown> {
  return node.publicClient.request({ method: method as never, params: params as never });
}
async function latestTime(node: Node = A): Promise<bigint> {
  return (await node.publicClient.getBlock()).timestamp;
}
/** The next transaction is mined at exactly `t`. */
async function nextBlockAt(t: bigint, node: Node = A): Promise<void> {
  await rpc(node, "evm_setNextBlockTimestamp", [Number(t)]);
}

type RefundMessage = { refundId: Hex; ref: Hex; token: Address; to: Address; amount: bigint; deadline: bigint };
function refundMessage(over: Partial<RefundMessage> = {}): RefundMessage {
  return { refundId: id("refund"), ref: id("txn"), token: usdc, to: addr.other, amount: 100n, deadline: 2n ** 40n, ...over };
}
async function sign(acct: Address, message: RefundMessage, signer: Role = "owner", chainId: number = CHAIN_IDS[0]): Promise<Hex> {
  return A.wallets[signer].account.signTypedData({ domain: refundDomain(acct, chainId), types: refundTypes, primaryType: "Refund", message });
}
const refundArgs = (m: RefundMessage, signature: Hex) => [m.refundId, m.ref, m.token, m.to, m.amount, m.deadline, signature] as const;

// ---------------------------------------------------------------------------------------------

describe("one address on every chain", () => {
  test("both chains have the deterministic deployment proxy; the factory sits at the same address on both", async () => {
    for (const node of nodes) {
      expect(await node.publicClient.getChainId()).toBe(node.chain.id);
      expect(await node.publicClient.getCode({ address: DETERMINISTIC_DEPLOYER })).toMatch(/^0x[0-9a-f]{20,}$/);
      expect(await node.publicClient.getCode({ address: factory })).toMatch(/^0x[0-9a-f]{200,}$/);
    }
    expect(await factoryV2Address()).toBe(factory);
    expect(CHAIN_IDS[0]).not.toBe(CHAIN_IDS[1]);
    // Deploying again is a no-op (nothing sent); sending the proxy the same bytes again reverts.
    const nonce = await A.publicClient.getTransactionCount({ address: addr.deployer });
    expect(await deployFactoryV2({ walletClient: A.wallets.deployer, publicClient: A.publicClient as never })).toEqual({ factory, deployedNow: false, gasUsed: 0n });
    expect(await A.publicClient.getTransactionCount({ address: addr.deployer })).toBe(nonce);
    const { MerchantAccountFactoryV2 } = await loadArtifacts();
    await expect(A.publicClient.call({ to: DETERMINISTIC_DEPLOYER, data: `${FACTORY_V2_SALT}${MerchantAccountFactoryV2.bytecode.slice(2)}` as Hex })).rejects.toThrow();
  });

  test("an account created on two chains by different senders has the same address, the predicted one", async () => {
    const s = settings({ feeRateBps: 250 });
    const predicted = await accountV2Address(s);
    for (const node of nodes) {
      const onChain = await node.publicClient.readContract({ address: factory, abi: merchantAccountFactoryV2Abi, functionName: "predictAddress", args: [s.salt, s.owner, s.operator, s.payoutAddress, s.feeRecipient, s.feeRateBps] });
      expect(onChain).toBe(predicted);
    }
    const onA = await createAccountV2({ walletClient: A.wallets.operator, publicClient: A.publicClient as never, ...s });
    const onB = await createAccountV2({ walletClient: B.wallets.owner, publicClient: B.publicClient as never, ...s });
    gas.accountCreation = onA.gasUsed;
    expect(onA.account).toBe(predicted);
    expect(onB.account).toBe(predicted);
    expect(onA.createdNow && onB.createdNow).toBe(true);
    for (const node of nodes) {
      const a = account(predicted, "stranger", node);
      expect([await a.read.owner(), await a.read.operator(), await a.read.payoutAddress(), await a.read.feeRecipient(), await a.read.feeRateBps()]).toEqual([
        s.owner,
        s.operator,
        s.payoutAddress,
        s.feeRecipient,
        250,
      ]);
    }
    // Same runtime code on both chains: nothing chain-specific is baked in at creation.
    expect(await A.publicClient.getCode({ address: predicted })).toBe(await B.publicClient.getCode({ address: predicted }));
    // Retry-safe: a second call sends nothing; the factory itself refuses a second creation.
    expect((await createAccountV2({ walletClient: A.wallets.operator, publicClient: A.publicClient as never, ...s })).createdNow).toBe(false);
    await expect(
      A.wallets.operator.writeContract({ address: factory, abi: merchantAccountFactoryV2Abi, functionName: "createAccount", args: [s.salt, s.owner, s.operator, s.payoutAddress, s.feeRecipient, s.feeRateBps], gas: 3_000_000n }).then((h) => A.publicClient.waitForTransactionReceipt({ hash: h })),
    ).resolves.toMatchObject({ status: "reverted" });
  });

  test("every setting changes the address", async () => {
    const s = settings();
    const base = await accountV2Address(s);
    const variants = await Promise.all(
      [{ salt: id("x") }, { owner: addr.other }, { operator: addr.other }, { payoutAddress: addr.other }, { feeRecipient: addr.other }, { feeRateBps: 101 }].map((v) => accountV2Address({ ...s, ...v })),
    );
    expect(new Set([base, ...variants]).size).toBe(7);
  });

  test("AccountCreated carries every setting; bad settings revert with the account's errors", async () => {
    const s = settings();
    const predicted = await accountV2Address(s);
    const receipt = await mined(A, A.wallets.stranger.writeContract({ address: factory, abi: merchantAccountFactoryV2Abi, functionName: "createAccount", args: [s.salt, s.owner, s.operator, s.payoutAddress, s.feeRecipient, s.feeRateBps] }));
    const [created] = parseEventLogs({ abi: merchantAccountFactoryV2Abi, eventName: "AccountCreated", logs: receipt.logs });
    expect(created?.args).toEqual({ salt: s.salt, account: predicted, owner: s.owner, operator: s.operator, payoutAddress: s.payoutAddress, feeRecipient: s.feeRecipient, feeRateBps: 100 });
    const f = getContract({ address: factory, abi: merchantAccountFactoryV2Abi, client: { public: A.publicClient, wallet: A.wallets.stranger } });
    await expectRevert(f.write.createAccount([id("s"), zeroAddress, addr.operator, addr.payout, addr.feeRecipient, 100]), "ZeroAddress");
    await expectRevert(f.write.createAccount([id("s"), addr.owner, addr.operator, zeroAddress, addr.feeRecipient, 100]), "ZeroAddress");
    await expectRevert(f.write.createAccount([id("s"), addr.owner, addr.operator, addr.payout, zeroAddress, 100]), "ZeroAddress");
    await expectRevert(f.write.createAccount([id("s"), addr.owner, addr.operator, addr.payout, addr.feeRecipient, 10_001]), "InvalidFeeRate");
  });

  test("payments before the account exists wait at its address (lazy creation) and count once it does", async () => {
    const s = settings();
    const predicted = await accountV2Address(s);
    await pay(usdc, predicted, 5_000n);
    await pay(usdt, predicted, 7_000n);
    expect(await A.publicClient.getCode({ address: predicted })).toBeUndefined();
    await newAccount(s);
    const a = account(predicted, "operator");
    expect(await a.read.totalReceived([usdc])).toBe(5_000n);
    expect(await a.read.totalReceived([usdt])).toBe(7_000n);
    await mined(A, a.write.collectFee([usdt, id("txn"), 7_000n]));
    expect(await balanceOf(usdt, predicted)).toBe(6_930n);
  });
});

describe("any token, USDT included", () => {
  test("TestUSDT's transfer returns nothing, 6 decimals", async () => {
    await pay(usdt, addr.payer, 10n);
    const result = await A.publicClient.call({ account: addr.payer, to: usdt, data: encodeFunctionData({ abi: testUsdtAbi, functionName: "transfer", args: [addr.other, 1n] }) });
    expect(result.data).toBeUndefined();
    expect(await tokenOf(usdt).read.decimals()).toBe(6);
    expect(await tokenOf(usdt).read.symbol()).toBe("USDT");
  });

  test("fees, withdrawals and refunds in USDT move the tokens and are booked per token", async () => {
    const acct = await newAccount();
    await pay(usdt, acct, 10_000n);
    await pay(usdc, acct, 3_000n);
    const a = account(acct, "operator");
    const feeRef = id("txn");
    const feeRecipientBefore = await balanceOf(usdt, addr.feeRecipient);
    const feeReceipt = await mined(A, a.write.collectFee([usdt, feeRef, 10_000n]));
    gas.collectFee = feeReceipt.gasUsed;
    expect(parseEventLogs({ abi: merchantAccountV2Abi, eventName: "FeeCollected", logs: feeReceipt.logs })[0]?.args).toEqual({ ref: feeRef, token: usdt, paymentAmount: 10_000n, fee: 100n, recipient: addr.feeRecipient });
    expect(await balanceOf(usdt, addr.feeRecipient)).toBe(feeRecipientBefore + 100n);

    const payoutBefore = await balanceOf(usdt, addr.payout);
    const wRef = id("settlement");
    const withdrawal = await mined(A, a.write.withdraw([usdt, wRef, 4_000n]));
    gas.withdraw = withdrawal.gasUsed;
    expect(parseEventLogs({ abi: merchantAccountV2Abi, eventName: "Withdrawn", logs: withdrawal.logs })[0]?.args).toEqual({ ref: wRef, token: usdt, to: addr.payout, amount: 4_000n, by: addr.operator });
    expect(await balanceOf(usdt, addr.payout)).toBe(payoutBefore + 4_000n);

    const m = refundMessage({ token: usdt, amount: 900n });
    await mined(A, account(acct, "stranger").write.refund(refundArgs(m, await sign(acct, m))));

    // received = balance + withdrawn + fees + refunded, per token; USDC untouched.
    expect(await balanceOf(usdt, acct)).toBe(10_000n - 100n - 4_000n - 900n);
    expect(await a.read.totalWithdrawn([usdt])).toBe(4_000n);
    expect(await a.read.feesCollected([usdt])).toBe(100n);
    expect(await a.read.totalRefunded([usdt])).toBe(900n);
    expect(await a.read.totalReceived([usdt])).toBe(10_000n);
    expect(await a.read.totalReceived([usdc])).toBe(3_000n);
    expect(await a.read.claimedTotal([usdc])).toBe(0n);
  });

  test("the fee cap is per token: a USDC payment does not cover a USDT fee", async () => {
    const acct = await newAccount();
    await pay(usdc, acct, 1_000n);
    await pay(usdt, acct, 100n);
    const a = account(acct, "operator");
    await expectRevert(a.write.collectFee([usdt, id("txn"), 101n]), "ExceedsReceived");
    await mined(A, a.write.collectFee([usdt, id("txn"), 100n]));
    await expectRevert(a.write.collectFee([usdt, id("txn"), 1n]), "ExceedsReceived");
    await mined(A, a.write.collectFee([usdc, id("txn"), 1_000n]));
    // One reference is charged once, whatever the token.
    const ref = id("txn");
    await pay(usdc, acct, 500n);
    // A later fee in a token already charged: the usual case (storage already warm-written).
    gas.collectFeeLater = (await mined(A, a.write.collectFee([usdc, ref, 100n]))).gasUsed;
    await expectRevert(a.write.collectFee([usdt, ref, 0n]), "AlreadyCollected");
  });

  test("a token address without code is refused (no phantom withdrawals inflating the cap)", async () => {
    const acct = await newAccount();
    const nothing: Address = "0x00000000000000000000000000000000deadbeef";
    await expectRevert(account(acct, "operator").write.withdraw([nothing, id("w"), 1n]), "TransferFailed");
    await expectRevert(account(acct, "owner").write.withdraw([nothing, id("w"), 0n]), "TransferFailed");
    expect(await account(acct, "owner").read.totalWithdrawn([nothing])).toBe(0n);
  });

  test("withdrawals go to the payout address only, by operator or owner", async () => {
    const acct = await newAccount();
    await pay(usdc, acct, 1_000n);
    for (const role of ["stranger", "feeRecipient", "payout"] as const) await expectRevert(account(acct, role).write.withdraw([usdc, id("w"), 1n]), "NotAuthorized");
    await mined(A, account(acct, "owner").write.setPayoutAddress([addr.other]));
    const before = await balanceOf(usdc, addr.other);
    await mined(A, account(acct, "owner").write.withdraw([usdc, id("w"), 300n]));
    gas.withdrawLater = (await mined(A, account(acct, "operator").write.withdraw([usdc, id("w"), 200n]))).gasUsed;
    expect(await balanceOf(usdc, addr.other)).toBe(before + 500n);
    await expectRevert(account(acct, "operator").write.withdraw([usdc, id("w"), 501n]), "TransferFailed");
  });
});

describe("signed refunds", () => {
  test("the contract's digest is viem's EIP-712 hash; anyone submits; paid once to the signed recipient", async () => {
    const acct = await newAccount();
    await pay(usdc, acct, 1_000n);
    const m = refundMessage({ amount: 250n });
    const digest = await account(acct, "stranger").read.refundDigest([m.refundId, m.ref, m.token, m.to, m.amount, m.deadline]);
    expect(digest).toBe(hashTypedData({ domain: refundDomain(acct, CHAIN_IDS[0]), types: refundTypes, primaryType: "Refund", message: m }));

    const signature = await sign(acct, m);
    const before = await balanceOf(usdc, addr.other);
    const receipt = await mined(A, account(acct, "stranger").write.refund(refundArgs(m, signature)));
    gas.signedRefund = receipt.gasUsed;
    expect(await balanceOf(usdc, addr.other)).toBe(before + 250n);
    expect(parseEventLogs({ abi: merchantAccountV2Abi, eventName: "Refunded", logs: receipt.logs })[0]?.args).toEqual({ refundId: m.refundId, ref: m.ref, token: usdc, to: addr.other, amount: 250n, by: addr.owner });
    expect(await account(acct, "stranger").read.refundUsed([m.refundId])).toBe(true);

    // Replay, by anyone, is refused.
    await expectRevert(account(acct, "stranger").write.refund(refundArgs(m, signature)), "RefundAlreadyUsed");
    await expectRevert(account(acct, "operator").write.refund(refundArgs(m, signature)), "RefundAlreadyUsed");
    expect(await balanceOf(usdc, addr.other)).toBe(before + 250n);
  });

  test("never after its deadline (the deadline's own second still pays)", async () => {
    const acct = await newAccount();
    await pay(usdc, acct, 1_000n);
    const deadline = (await latestTime()) + 100n;
    const onTime = refundMessage({ deadline });
    const late = refundMessage({ deadline });
    await nextBlockAt(deadline);
    await mined(A, account(acct, "stranger").write.refund(refundArgs(onTime, await sign(acct, onTime))));
    await nextBlockAt(deadline + 1n);
    await expectRevert(account(acct, "stranger").write.refund(refundArgs(late, await sign(acct, late))), "Expired");
  });

  test("a wrong signer, a changed field, another account or another chain: BadSignature", async () => {
    const acct = await newAccount();
    await pay(usdc, acct, 1_000n);
    const m = refundMessage();
    const good = await sign(acct, m);
    const submit = (msg: RefundMessage, sig: Hex) => account(acct, "stranger").write.refund(refundArgs(msg, sig));
    for (const signer of ["operator", "stranger", "payout"] as const) await expectRevert(submit(m, await sign(acct, m, signer)), "BadSignature");
    await expectRevert(submit({ ...m, amount: m.amount + 1n }, good), "BadSignature");
    await expectRevert(submit({ ...m, to: addr.stranger }, good), "BadSignature");
    await expectRevert(submit({ ...m, token: usdt }, good), "BadSignature");
    await expectRevert(submit({ ...m, ref: id("txn") }, good), "BadSignature");
    await expectRevert(submit({ ...m, refundId: id("refund") }, good), "BadSignature");
    await expectRevert(submit({ ...m, deadline: m.deadline + 1n }, good), "BadSignature");
    // Signed for the same account address on the other chain: that account is this address on both.
    await expectRevert(submit(m, await sign(acct, m, "owner", CHAIN_IDS[1])), "BadSignature");
    await expectRevert(submit(m, await sign(await newAccount(), m)), "BadSignature");
    // Malformed signatures.
    await expectRevert(submit(m, "0x"), "BadSignature");
    const withV = (v: string) => `0x${good.slice(2, -2)}${v}` as const;
    await expectRevert(submit(m, withV(good.endsWith("1b") ? "1c" : "1b")), "BadSignature");
    await expectRevert(submit(m, withV("00")), "BadSignature");
    await expectRevert(submit(m, `${good}00`), "BadSignature");
    // The good one still pays (none of the failures used the refund id).
    await mined(A, submit(m, good));
  });

  test("a signature for chain B pays on chain B only", async () => {
    const s = settings();
    const acct = await newAccount(s, A);
    await newAccount(s, B);
    const { TestUSDC } = await loadArtifacts();
    const usdcB = await deploy(B, TestUSDC.bytecode);
    await pay(usdcB, acct, 1_000n, B);
    const m = refundMessage({ token: usdcB });
    const sigB = await sign(acct, m, "owner", CHAIN_IDS[1]);
    await mined(B, account(acct, "stranger", B).write.refund(refundArgs(m, sigB)));
    expect(await balanceOf(usdcB, addr.other, B)).toBe(100n);
  });

  test("the owner can cancel a refund id; a new owner voids the old owner's signatures", async () => {
    const acct = await newAccount();
    await pay(usdc, acct, 1_000n);
    const m = refundMessage();
    const sig = await sign(acct, m);
    await expectRevert(account(acct, "operator").write.cancelRefund([m.refundId]), "NotOwner");
    const receipt = await mined(A, account(acct, "owner").write.cancelRefund([m.refundId]));
    expect(parseEventLogs({ abi: merchantAccountV2Abi, eventName: "RefundCancelled", logs: receipt.logs })[0]?.args).toEqual({ refundId: m.refundId });
    await expectRevert(account(acct, "stranger").write.refund(refundArgs(m, sig)), "RefundAlreadyUsed");

    const m2 = refundMessage();
    const oldSig = await sign(acct, m2);
    await mined(A, account(acct, "owner").write.transferOwnership([addr.other]));
    await expectRevert(account(acct, "stranger").write.refund(refundArgs(m2, oldSig)), "BadSignature");
    await mined(A, account(acct, "stranger").write.refund(refundArgs(m2, await sign(acct, m2, "other"))));
  });
});

describe("refund budget", () => {
  /** A fresh account with 10,000 USDC and USDT, and a budget of 1,000 USDC per 24 h starting at an hour's start. */
  async function budgeted() {
    const acct = await newAccount();
    await pay(usdc, acct, 10_000n);
    await pay(usdt, acct, 10_000n);
    const t0 = ((await latestTime()) / HOUR + 2n) * HOUR;
    const until = t0 + 10n * DAY;
    const granted = await mined(A, account(acct, "owner").write.grantRefundBudget([usdc, 1_000n, until]));
    expect(parseEventLogs({ abi: merchantAccountV2Abi, eventName: "BudgetGranted", logs: granted.logs })[0]?.args).toEqual({ token: usdc, amountPer24h: 1_000n, until });
    const refundAt = async (t: bigint, amount: bigint, token: Address = usdc, refundId: Hex = id("refund")) => {
      await nextBlockAt(t);
      return account(acct, "operator").write.refundFromBudget([refundId, id("txn"), token, addr.other, amount]);
    };
    return { acct, t0, until, refundAt };
  }

  test("no more than the budget in any 24 hours; what left the window (hour buckets, 24 to 25 h) is available again", async () => {
    const { acct, t0, refundAt } = await budgeted();
    const before = await balanceOf(usdc, addr.other);
    const first = await mined(A, refundAt(t0, 600n));
    gas.budgetRefund = first.gasUsed;
    expect(parseEventLogs({ abi: merchantAccountV2Abi, eventName: "Refunded", logs: first.logs })[0]?.args).toMatchObject({ token: usdc, to: addr.other, amount: 600n, by: addr.operator });
    gas.budgetRefundSameDay = (await mined(A, refundAt(t0 + HOUR + 10n, 400n))).gasUsed;
    await expectRevert(refundAt(t0 + 2n * HOUR, 1n), "OverBudget");
    expect(await account(acct, "stranger").read.refundBudgetAvailable([usdc])).toBe(0n);
    // 24 h after the first refund it is still in the window (conservative by less than an hour).
    await expectRevert(refundAt(t0 + DAY, 1n), "OverBudget");
    await expectRevert(refundAt(t0 + 25n * HOUR - 1n, 1n), "OverBudget");
    // From the 26th hour on, the first refund's bucket has left the window: 600 available, not more.
    await expectRevert(refundAt(t0 + 25n * HOUR, 601n), "OverBudget");
    const again = await mined(A, refundAt(t0 + 25n * HOUR + 1n, 600n));
    gas.budgetRefundAfterExpiry = again.gasUsed;
    await expectRevert(refundAt(t0 + 25n * HOUR + 2n, 1n), "OverBudget");
    await mined(A, refundAt(t0 + 26n * HOUR + 10n, 400n));
    expect(await balanceOf(usdc, addr.other)).toBe(before + 2_000n);
    // Long after, the whole budget again; at most the budget in one go.
    await expectRevert(refundAt(t0 + 5n * DAY, 1_001n), "OverBudget");
    await mined(A, refundAt(t0 + 5n * DAY + 1n, 1_000n));
  });

  test("per token: USDT has no budget until granted, then its own", async () => {
    const { acct, t0, refundAt } = await budgeted();
    await mined(A, refundAt(t0, 1_000n));
    await expectRevert(refundAt(t0 + 1n, 1n, usdt), "NoBudget");
    await mined(A, account(acct, "owner").write.grantRefundBudget([usdt, 50n, t0 + DAY]));
    await mined(A, refundAt(t0 + 2n, 50n, usdt));
    await expectRevert(refundAt(t0 + 3n, 1n, usdt), "OverBudget");
    expect(await account(acct, "stranger").read.totalRefunded([usdt])).toBe(50n);
  });

  test("until its end date, inclusive", async () => {
    const { until, refundAt } = await budgeted();
    await mined(A, refundAt(until, 10n));
    await expectRevert(refundAt(until + 1n, 10n), "NoBudget");
  });

  test("revocation stops it at once; a new grant does not forget what was refunded", async () => {
    const { acct, t0, refundAt } = await budgeted();
    await mined(A, refundAt(t0, 700n));
    await nextBlockAt(t0 + 1n);
    const revoked = await mined(A, account(acct, "owner").write.revokeRefundBudget([usdc]));
    expect(parseEventLogs({ abi: merchantAccountV2Abi, eventName: "BudgetRevoked", logs: revoked.logs })[0]?.args).toEqual({ token: usdc });
    await expectRevert(refundAt(t0 + 2n, 1n), "NoBudget");
    await nextBlockAt(t0 + 3n);
    await mined(A, account(acct, "owner").write.grantRefundBudget([usdc, 1_000n, t0 + DAY]));
    await expectRevert(refundAt(t0 + 4n, 301n), "OverBudget");
    // Lowered below what the window holds: nothing more.
    await nextBlockAt(t0 + 5n);
    await mined(A, account(acct, "owner").write.grantRefundBudget([usdc, 500n, t0 + DAY]));
    await expectRevert(refundAt(t0 + 6n, 1n), "OverBudget");
    expect(await account(acct, "stranger").read.refundBudgetAvailable([usdc])).toBe(0n);
  });

  test("operator only, owner grants only; one refund id for both kinds of refund", async () => {
    const { acct, t0, refundAt } = await budgeted();
    for (const role of ["owner", "stranger", "payout"] as const) {
      await expectRevert(account(acct, role).write.refundFromBudget([id("refund"), id("txn"), usdc, addr.other, 1n]), "NotOperator");
    }
    for (const role of ["operator", "stranger"] as const) {
      await expectRevert(account(acct, role).write.grantRefundBudget([usdc, 1n, 2n ** 40n]), "NotOwner");
      await expectRevert(account(acct, role).write.revokeRefundBudget([usdc]), "NotOwner");
    }
    await expectRevert(account(acct, "operator").write.refundFromBudget([id("refund"), id("txn"), usdc, zeroAddress, 1n]), "ZeroAddress");
    const m = refundMessage({ amount: 5n });
    await mined(A, refundAt(t0, 5n, usdc, m.refundId));
    await expectRevert(refundAt(t0 + 1n, 5n, usdc, m.refundId), "RefundAlreadyUsed");
    await expectRevert(account(acct, "stranger").write.refund(refundArgs(m, await sign(acct, m))), "RefundAlreadyUsed");
    // A revoked operator has no budget.
    await mined(A, account(acct, "owner").write.setOperator([zeroAddress]));
    await expectRevert(refundAt(t0 + 2n, 1n), "NotOperator");
  });
});
