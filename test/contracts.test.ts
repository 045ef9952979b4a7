// Contract tests against a real anvil node: deployment, CREATE2 addresses, fee math, the on-chain
// fee cap, access control of every state-changing function, events, and that the hand-written
// ABIs in src/chain/abis.ts match what solc compiles.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFile } from "node:fs/promises";
import {
  type Abi,
  type AbiParameter,
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  type Hex,
  type TransactionReceipt,
  concat,
  createPublicClient,
  createWalletClient,
  decodeErrorResult,
  encodeAbiParameters,
  getContract,
  getContractAddress,
  http,
  isAddressEqual,
  keccak256,
  parseAbiParameters,
  parseEventLogs,
  toHex,
  zeroAddress,
} from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import {
  depositAddressAbi,
  depositAddressFactoryAbi,
  merchantAccountAbi,
  merchantAccountFactoryAbi,
  merchantAccountFactoryV2Abi,
  merchantAccountV2Abi,
  testUsdcAbi,
  testContractWalletAbi,
  testHostileTokenAbi,
  testUsdtAbi,
  usdcAbi,
} from "../contracts/abis.ts";
import { type Artifacts, loadArtifacts } from "../src/chain/artifacts";
import { createMerchantAccount, deployContracts } from "../src/chain/deploy";
import { type Anvil, startAnvil } from "./support/anvil";

// anvil's default accounts, each funded with 10,000 ETH.
const MNEMONIC = "test test test test test test test test test test test junk";
const ROLES = ["deployer", "operator", "feeRecipient", "owner", "payout", "payer", "stranger", "other"] as const;
type Role = (typeof ROLES)[number];

let anvil: Anvil;
let artifacts: Artifacts;
let publicClient: ReturnType<typeof makePublicClient>;
let wallets: Record<Role, ReturnType<typeof makeWalletClient>>;
let addr: Record<Role, Address>;
let usdcAddress: Address;
let factoryAddress: Address;

function makePublicClient(rpcUrl: string) {
  // Short polling: anvil automines, so receipts exist as soon as the send returns.
  return createPublicClient({ chain: foundry, transport: http(rpcUrl), pollingInterval: 20 });
}

function makeWalletClient(rpcUrl: string, addressIndex: number) {
  return createWalletClient({
    account: mnemonicToAccount(MNEMONIC, { addressIndex }),
    chain: foundry,
    transport: http(rpcUrl),
    pollingInterval: 20,
  });
}

beforeAll(async () => {
  anvil = await startAnvil();
  artifacts = await loadArtifacts();
  publicClient = makePublicClient(anvil.rpcUrl);
  const entries = ROLES.map((role, i) => [role, makeWalletClient(anvil.rpcUrl, i)] as const);
  wallets = Object.fromEntries(entries) as typeof wallets;
  addr = Object.fromEntries(entries.map(([role, w]) => [role, w.account.address])) as typeof addr;

  const deployed = await deployContracts({
    walletClient: wallets.deployer,
    publicClient,
    operator: addr.operator,
    feeRecipient: addr.feeRecipient,
  });
  usdcAddress = deployed.usdc;
  factoryAddress = deployed.factory;
});

afterAll(async () => {
  await anvil?.stop();
});

// ---------------------------------------------------------------------------------------------
// Helpers

type Wallet = (typeof wallets)[Role];

const usdc = (wallet: Wallet) =>
  getContract({ address: usdcAddress, abi: testUsdcAbi, client: { public: publicClient, wallet } });
const factory = (wallet: Wallet) =>
  getContract({ address: factoryAddress, abi: merchantAccountFactoryAbi, client: { public: publicClient, wallet } });
const account = (address: Address, wallet: Wallet) =>
  getContract({ address, abi: merchantAccountAbi, client: { public: publicClient, wallet } });

/** Waits for a sent transaction and requires it to have succeeded. */
async function mined(hash: Promise<Hex>): Promise<TransactionReceipt> {
  const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash });
  expect(receipt.status).toBe("success");
  return receipt;
}

// Every custom error of the three contracts, to decode revert data viem left raw.
const errorsAbi = [...testUsdcAbi, ...merchantAccountAbi, ...merchantAccountFactoryAbi].filter((i) => i.type === "error");

/** The custom error a failed call reverted with, or undefined if there was no error data. */
function revertErrorName(error: BaseError): string | undefined {
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
  if (reverted instanceof ContractFunctionRevertedError && reverted.data) return reverted.data.errorName;
  // deployContract does not decode errors: find the raw revert data in the cause chain.
  const raw = error.walk((e) => typeof (e as { data?: unknown }).data === "string");
  const data = (raw as { data?: unknown } | null)?.data;
  if (typeof data !== "string" || !/^0x[0-9a-f]{8}/i.test(data)) return undefined;
  return decodeErrorResult({ abi: errorsAbi, data: data as Hex }).errorName;
}

async function failure(call: Promise<unknown>): Promise<BaseError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (error instanceof BaseError) return error;
  throw new Error(`expected the call to revert, got ${error === undefined ? "success" : String(error)}`);
}

/** Requires the call to revert with the named custom error. */
async function expectRevert(call: Promise<unknown>, errorName: string): Promise<void> {
  const error = await failure(call);
  const name = revertErrorName(error);
  if (name === undefined) throw error;
  expect(name).toBe(errorName);
}

const balanceOf = (who: Address) => usdc(wallets.stranger).read.balanceOf([who]);

/** The ledger's payment reference: keccak256 of the transaction id. */
let refCounter = 0;
const newRef = (): Hex => keccak256(toHex(`txn_test_${++refCounter}`));

let saltCounter = 0;
const newSalt = (): Hex => keccak256(toHex(`merchant_test_${++saltCounter}`));

/** A fresh merchant account (owner/payout roles), so each test starts from zero. */
async function newAccount(feeRateBps = 100): Promise<Address> {
  return createMerchantAccount({
    walletClient: wallets.operator,
    publicClient,
    factory: factoryAddress,
    salt: newSalt(),
    owner: addr.owner,
    payoutAddress: addr.payout,
    feeRateBps,
  });
}

/** A customer payment: USDC arriving at the account. */
async function pay(to: Address, amount: bigint): Promise<void> {
  await mined(usdc(wallets.payer).write.mint([to, amount]));
}

// ---------------------------------------------------------------------------------------------

describe("deployment", () => {
  test("deploys TestUSDC and the factory with the right configuration", async () => {
    for (const a of [usdcAddress, factoryAddress]) {
      expect(await publicClient.getCode({ address: a })).toMatch(/^0x[0-9a-f]{2,}$/);
    }
    const token = usdc(wallets.stranger);
    expect(await token.read.name()).toBe("USD Coin");
    expect(await token.read.symbol()).toBe("USDC");
    expect(await token.read.decimals()).toBe(6);

    const f = factory(wallets.stranger);
    expect(isAddressEqual(await f.read.token(), usdcAddress)).toBe(true);
    expect(isAddressEqual(await f.read.operator(), addr.operator)).toBe(true);
    expect(isAddressEqual(await f.read.feeRecipient(), addr.feeRecipient)).toBe(true);
  });

  test("deployContracts with an existing token deploys only the factory", async () => {
    const deployed = await deployContracts({
      walletClient: wallets.deployer,
      publicClient,
      operator: addr.operator,
      feeRecipient: addr.feeRecipient,
      usdc: usdcAddress,
    });
    expect(deployed.usdc).toBe(usdcAddress);
    expect(deployed.factory).not.toBe(factoryAddress);
  });

  test("the factory refuses zero addresses", async () => {
    const deploy = (args: readonly [Address, Address, Address]) =>
      wallets.deployer.deployContract({
        abi: artifacts.MerchantAccountFactory.abi,
        bytecode: artifacts.MerchantAccountFactory.bytecode,
        args,
      });
    await expectRevert(deploy([zeroAddress, addr.operator, addr.feeRecipient]), "ZeroAddress");
    await expectRevert(deploy([usdcAddress, zeroAddress, addr.feeRecipient]), "ZeroAddress");
    await expectRevert(deploy([usdcAddress, addr.operator, zeroAddress]), "ZeroAddress");
  });
});

describe("TestUSDC", () => {
  test("mint is open to anyone and emits Transfer from zero", async () => {
    const before = await balanceOf(addr.other);
    const receipt = await mined(usdc(wallets.stranger).write.mint([addr.other, 123n]));
    expect(await balanceOf(addr.other)).toBe(before + 123n);
    const [log] = parseEventLogs({ abi: usdcAbi, eventName: "Transfer", logs: receipt.logs });
    expect(log?.args).toEqual({ from: zeroAddress, to: addr.other, value: 123n });
    await expectRevert(usdc(wallets.stranger).write.mint([zeroAddress, 1n]), "ZeroAddress");
  });

  test("transfer, approve and transferFrom follow ERC-20", async () => {
    await mined(usdc(wallets.stranger).write.mint([addr.stranger, 1_000n]));
    const transfer = await mined(usdc(wallets.stranger).write.transfer([addr.other, 400n]));
    expect(parseEventLogs({ abi: usdcAbi, eventName: "Transfer", logs: transfer.logs })[0]?.args).toEqual({
      from: addr.stranger,
      to: addr.other,
      value: 400n,
    });
    await expectRevert(usdc(wallets.stranger).write.transfer([addr.other, 10n ** 30n]), "InsufficientBalance");
    await expectRevert(usdc(wallets.stranger).write.transfer([zeroAddress, 1n]), "ZeroAddress");

    await expectRevert(
      usdc(wallets.other).write.transferFrom([addr.stranger, addr.other, 1n]),
      "InsufficientAllowance",
    );
    const approve = await mined(usdc(wallets.stranger).write.approve([addr.other, 100n]));
    expect(parseEventLogs({ abi: usdcAbi, eventName: "Approval", logs: approve.logs })[0]?.args).toEqual({
      owner: addr.stranger,
      spender: addr.other,
      value: 100n,
    });
    await mined(usdc(wallets.other).write.transferFrom([addr.stranger, addr.payer, 60n]));
    expect(await usdc(wallets.other).read.allowance([addr.stranger, addr.other])).toBe(40n);
    await expectRevert(
      usdc(wallets.other).write.transferFrom([addr.stranger, addr.payer, 41n]),
      "InsufficientAllowance",
    );
  });
});

describe("factory and CREATE2", () => {
  test("createMerchantAccount deploys at the predicted address with the given settings", async () => {
    const salt = newSalt();
    const params = { salt, owner: addr.owner, payoutAddress: addr.payout, feeRateBps: 250 } as const;
    const predicted = await factory(wallets.stranger).read.predictAddress([
      params.salt,
      params.owner,
      params.payoutAddress,
      params.feeRateBps,
    ]);
    expect(await publicClient.getCode({ address: predicted })).toBeUndefined();

    const created = await createMerchantAccount({
      walletClient: wallets.operator,
      publicClient,
      factory: factoryAddress,
      ...params,
    });
    expect(created).toBe(predicted);

    // Independent check of the CREATE2 formula, off-chain from the compiled init code.
    const initCode = concat([
      artifacts.MerchantAccount.bytecode,
      encodeAbiParameters(parseAbiParameters("address, address, address, address, address, uint16"), [
        usdcAddress,
        params.owner,
        addr.operator,
        params.payoutAddress,
        addr.feeRecipient,
        params.feeRateBps,
      ]),
    ]);
    expect(getContractAddress({ opcode: "CREATE2", from: factoryAddress, salt, bytecode: initCode })).toBe(created);

    const a = account(created, wallets.stranger);
    expect(isAddressEqual(await a.read.token(), usdcAddress)).toBe(true);
    expect(isAddressEqual(await a.read.owner(), addr.owner)).toBe(true);
    expect(isAddressEqual(await a.read.operator(), addr.operator)).toBe(true);
    expect(isAddressEqual(await a.read.payoutAddress(), addr.payout)).toBe(true);
    expect(isAddressEqual(await a.read.feeRecipient(), addr.feeRecipient)).toBe(true);
    expect(await a.read.feeRateBps()).toBe(250);
    expect(await a.read.totalReceived()).toBe(0n);

    // Retry-safe: a second call finds the account and sends nothing.
    const nonce = await publicClient.getTransactionCount({ address: addr.operator });
    expect(await createMerchantAccount({ walletClient: wallets.operator, publicClient, factory: factoryAddress, ...params })).toBe(
      created,
    );
    expect(await publicClient.getTransactionCount({ address: addr.operator })).toBe(nonce);
  });

  test("every argument changes the address", async () => {
    const f = factory(wallets.stranger);
    const salt = newSalt();
    const base = await f.read.predictAddress([salt, addr.owner, addr.payout, 100]);
    const variants = await Promise.all([
      f.read.predictAddress([newSalt(), addr.owner, addr.payout, 100]),
      f.read.predictAddress([salt, addr.other, addr.payout, 100]),
      f.read.predictAddress([salt, addr.owner, addr.other, 100]),
      f.read.predictAddress([salt, addr.owner, addr.payout, 101]),
    ]);
    for (const v of variants) expect(v).not.toBe(base);
  });

  test("createAccount emits AccountCreated and the account's initial role events", async () => {
    const salt = newSalt();
    const predicted = await factory(wallets.stranger).read.predictAddress([salt, addr.owner, addr.payout, 290]);
    const receipt = await mined(factory(wallets.operator).write.createAccount([salt, addr.owner, addr.payout, 290]));

    const created = parseEventLogs({ abi: merchantAccountFactoryAbi, eventName: "AccountCreated", logs: receipt.logs });
    expect(created).toHaveLength(1);
    expect(isAddressEqual(created[0]?.address ?? zeroAddress, factoryAddress)).toBe(true);
    expect(created[0]?.args).toEqual({
      salt,
      account: predicted,
      owner: addr.owner,
      payoutAddress: addr.payout,
      feeRateBps: 290,
    });

    const roleEvents = parseEventLogs({ abi: merchantAccountAbi, logs: receipt.logs }).map((l) => ({
      address: l.address,
      eventName: l.eventName,
      args: l.args,
    }));
    const at = predicted.toLowerCase();
    expect(roleEvents).toEqual([
      { address: at, eventName: "OwnershipTransferred", args: { previous: zeroAddress, current: addr.owner } },
      { address: at, eventName: "OperatorChanged", args: { previous: zeroAddress, current: addr.operator } },
      { address: at, eventName: "PayoutAddressChanged", args: { previous: zeroAddress, current: addr.payout } },
    ] as never);
  });

  test("only the factory operator can create accounts", async () => {
    for (const role of ["stranger", "owner", "deployer", "feeRecipient"] as const) {
      await expectRevert(
        factory(wallets[role]).write.createAccount([newSalt(), addr.owner, addr.payout, 100]),
        "NotOperator",
      );
    }
    await mined(factory(wallets.operator).write.createAccount([newSalt(), addr.owner, addr.payout, 100]));
  });

  test("createAccount validates its arguments and refuses a used salt", async () => {
    const f = factory(wallets.operator);
    await expectRevert(f.write.createAccount([newSalt(), addr.owner, addr.payout, 10_001]), "InvalidFeeRate");
    await expectRevert(f.write.createAccount([newSalt(), zeroAddress, addr.payout, 100]), "ZeroAddress");
    await expectRevert(f.write.createAccount([newSalt(), addr.owner, zeroAddress, 100]), "ZeroAddress");
    // 100% is the boundary, still valid.
    await mined(f.write.createAccount([newSalt(), addr.owner, addr.payout, 10_000]));

    const salt = newSalt();
    await mined(f.write.createAccount([salt, addr.owner, addr.payout, 100]));
    // CREATE2 into an existing account fails; the factory reverts without error data.
    const error = await failure(f.write.createAccount([salt, addr.owner, addr.payout, 100]));
    expect(revertErrorName(error)).toBeUndefined();
  });
});

describe("fee math: round half up, as the ledger", () => {
  // [fee rate bps, payment amount (base units), expected fee]
  const cases: [number, bigint, bigint][] = [
    // 1%: 0.49 -> 0, 0.5 -> 1, 1.49 -> 1, 1.5 -> 2, 2.5 -> 3 (half up, not half even)
    [100, 49n, 0n],
    [100, 50n, 1n],
    [100, 149n, 1n],
    [100, 150n, 2n],
    [100, 151n, 2n],
    [100, 250n, 3n],
    [100, 1_000_000n, 10_000n],
    // 2.9%: 14.5 -> 15, 43.5 -> 44, 0.029 -> 0, 499.989 -> 500
    [290, 500n, 15n],
    [290, 1_500n, 44n],
    [290, 1n, 0n],
    [290, 17_241n, 500n],
    [290, 10_000_000n, 290_000n],
    // 0.01%: 0.4999 -> 0, 0.5 -> 1, 1.5 -> 2
    [1, 4_999n, 0n],
    [1, 5_000n, 1n],
    [1, 15_000n, 2n],
    // 25%: 0.5 -> 1, 1.5 -> 2
    [2_500, 2n, 1n],
    [2_500, 6n, 2n],
    // 0% and 100%
    [0, 123_456n, 0n],
    [10_000, 123_456n, 123_456n],
    // A large payment: 1e12 USDC at 1% is exact
    [100, 10n ** 18n, 10n ** 16n],
  ];

  test("collectFee returns, transfers and emits round_half_up(amount * bps / 10000)", async () => {
    const accounts = new Map<number, Address>();
    for (const [bps, amount, expected] of cases) {
      let acct = accounts.get(bps);
      if (!acct) {
        acct = await newAccount(bps);
        accounts.set(bps, acct);
      }
      await pay(acct, amount);
      const ref = newRef();
      const a = account(acct, wallets.operator);

      // getContract's simulate does not take the wallet's account; name the caller explicitly.
      const { result } = await a.simulate.collectFee([ref, amount], { account: wallets.operator.account });
      expect({ bps, amount, fee: result }).toEqual({ bps, amount, fee: expected });

      const recipientBefore = await balanceOf(addr.feeRecipient);
      const receipt = await mined(a.write.collectFee([ref, amount]));
      expect(await balanceOf(addr.feeRecipient)).toBe(recipientBefore + expected);
      const [log] = parseEventLogs({ abi: merchantAccountAbi, eventName: "FeeCollected", logs: receipt.logs });
      expect(log?.args).toEqual({ ref, paymentAmount: amount, fee: expected, recipient: addr.feeRecipient });
      // A zero fee moves no tokens at all.
      const transfers = parseEventLogs({ abi: usdcAbi, eventName: "Transfer", logs: receipt.logs });
      expect(transfers).toHaveLength(expected === 0n ? 0 : 1);
    }
  });
});

describe("fee cap", () => {
  test("fees are only collected on payments that arrived", async () => {
    const acct = await newAccount(100);
    const a = account(acct, wallets.operator);
    await expectRevert(a.write.collectFee([newRef(), 1n]), "ExceedsReceived");

    await pay(acct, 100n);
    expect(await a.read.totalReceived()).toBe(100n);
    await mined(a.write.collectFee([newRef(), 60n]));
    await expectRevert(a.write.collectFee([newRef(), 41n]), "ExceedsReceived");
    await mined(a.write.collectFee([newRef(), 40n]));
    await expectRevert(a.write.collectFee([newRef(), 1n]), "ExceedsReceived");

    expect(await a.read.claimedTotal()).toBe(100n);
    expect(await a.read.feesCollected()).toBe(1n); // round(0.6) + round(0.4) = 1 + 0
    // Fees leaving the account do not shrink what it has received.
    expect(await a.read.totalReceived()).toBe(100n);

    // A new payment makes room again.
    await pay(acct, 50n);
    await mined(a.write.collectFee([newRef(), 50n]));
    expect(await a.read.claimedTotal()).toBe(150n);
  });

  test("an absurd amount reverts with ExceedsReceived, not an overflow", async () => {
    const acct = await newAccount(100);
    await pay(acct, 10n);
    await expectRevert(account(acct, wallets.operator).write.collectFee([newRef(), 2n ** 256n - 1n]), "ExceedsReceived");
  });

  test("the same payment reference can be charged only once", async () => {
    const acct = await newAccount(100);
    const a = account(acct, wallets.operator);
    await pay(acct, 1_000n);
    const ref = newRef();
    expect(await a.read.feeCollected([ref])).toBe(false);
    await mined(a.write.collectFee([ref, 100n]));
    expect(await a.read.feeCollected([ref])).toBe(true);
    await expectRevert(a.write.collectFee([ref, 100n]), "AlreadyCollected");
    await expectRevert(a.write.collectFee([ref, 1n]), "AlreadyCollected");
  });

  test("withdrawn funds still count as received", async () => {
    const acct = await newAccount(100);
    const a = account(acct, wallets.operator);
    await pay(acct, 200n);
    await mined(a.write.withdraw([newRef(), 150n]));
    expect(await a.read.totalWithdrawn()).toBe(150n);
    expect(await a.read.totalReceived()).toBe(200n);
    await mined(a.write.collectFee([newRef(), 200n]));
    expect(await a.read.feesCollected()).toBe(2n);
    expect(await balanceOf(acct)).toBe(48n);
    expect(await a.read.totalReceived()).toBe(200n);
  });

  test("a fee the account cannot pay reverts with TransferFailed", async () => {
    const acct = await newAccount(100);
    const a = account(acct, wallets.operator);
    await pay(acct, 100n);
    await mined(a.write.withdraw([newRef(), 100n]));
    await expectRevert(a.write.collectFee([newRef(), 100n]), "TransferFailed");
  });
});

describe("access control", () => {
  test("collectFee: operator only", async () => {
    const acct = await newAccount();
    await pay(acct, 1_000n);
    for (const role of ["owner", "stranger", "feeRecipient", "payout"] as const) {
      await expectRevert(account(acct, wallets[role]).write.collectFee([newRef(), 100n]), "NotOperator");
    }
    await mined(account(acct, wallets.operator).write.collectFee([newRef(), 100n]));
  });

  test("withdraw: operator or owner", async () => {
    const acct = await newAccount();
    await pay(acct, 1_000n);
    for (const role of ["stranger", "feeRecipient", "payout", "deployer"] as const) {
      await expectRevert(account(acct, wallets[role]).write.withdraw([newRef(), 1n]), "NotAuthorized");
    }
    await mined(account(acct, wallets.operator).write.withdraw([newRef(), 1n]));
    await mined(account(acct, wallets.owner).write.withdraw([newRef(), 1n]));
  });

  test("setPayoutAddress: owner only, never zero", async () => {
    const acct = await newAccount();
    for (const role of ["operator", "stranger", "payout"] as const) {
      await expectRevert(account(acct, wallets[role]).write.setPayoutAddress([addr[role]]), "NotOwner");
    }
    await expectRevert(account(acct, wallets.owner).write.setPayoutAddress([zeroAddress]), "ZeroAddress");
    await mined(account(acct, wallets.owner).write.setPayoutAddress([addr.other]));
    expect(isAddressEqual(await account(acct, wallets.owner).read.payoutAddress(), addr.other)).toBe(true);
  });

  test("setOperator: owner only", async () => {
    const acct = await newAccount();
    for (const role of ["operator", "stranger", "feeRecipient"] as const) {
      await expectRevert(account(acct, wallets[role]).write.setOperator([addr[role]]), "NotOwner");
    }
    await mined(account(acct, wallets.owner).write.setOperator([addr.other]));
    expect(isAddressEqual(await account(acct, wallets.owner).read.operator(), addr.other)).toBe(true);
  });

  test("transferOwnership: owner only, never zero; the new owner takes over", async () => {
    const acct = await newAccount();
    for (const role of ["operator", "stranger"] as const) {
      await expectRevert(account(acct, wallets[role]).write.transferOwnership([addr[role]]), "NotOwner");
    }
    await expectRevert(account(acct, wallets.owner).write.transferOwnership([zeroAddress]), "ZeroAddress");
    await mined(account(acct, wallets.owner).write.transferOwnership([addr.other]));
    expect(isAddressEqual(await account(acct, wallets.stranger).read.owner(), addr.other)).toBe(true);

    // The old owner has lost every owner power, the new one has them.
    await expectRevert(account(acct, wallets.owner).write.setPayoutAddress([addr.owner]), "NotOwner");
    await expectRevert(account(acct, wallets.owner).write.setOperator([zeroAddress]), "NotOwner");
    await expectRevert(account(acct, wallets.owner).write.transferOwnership([addr.owner]), "NotOwner");
    await pay(acct, 10n);
    await expectRevert(account(acct, wallets.owner).write.withdraw([newRef(), 1n]), "NotAuthorized");
    await mined(account(acct, wallets.other).write.withdraw([newRef(), 1n]));
    await mined(account(acct, wallets.other).write.setPayoutAddress([addr.other]));
  });
});

describe("withdraw", () => {
  test("always pays the payout address, whoever calls, and emits Withdrawn", async () => {
    const acct = await newAccount();
    await pay(acct, 1_000n);
    const ref = newRef();

    const payoutBefore = await balanceOf(addr.payout);
    const operatorBefore = await balanceOf(addr.operator);
    const receipt = await mined(account(acct, wallets.operator).write.withdraw([ref, 300n]));
    expect(await balanceOf(addr.payout)).toBe(payoutBefore + 300n);
    expect(await balanceOf(addr.operator)).toBe(operatorBefore);
    expect(await balanceOf(acct)).toBe(700n);
    const [log] = parseEventLogs({ abi: merchantAccountAbi, eventName: "Withdrawn", logs: receipt.logs });
    expect(log?.args).toEqual({ ref, to: addr.payout, amount: 300n, by: addr.operator });
    const [transfer] = parseEventLogs({ abi: usdcAbi, eventName: "Transfer", logs: receipt.logs });
    expect(transfer?.args).toEqual({ from: acct, to: addr.payout, value: 300n });

    // The owner's withdrawal goes to the same place, not to the owner.
    const ownerBefore = await balanceOf(addr.owner);
    await mined(account(acct, wallets.owner).write.withdraw([newRef(), 200n]));
    expect(await balanceOf(addr.payout)).toBe(payoutBefore + 500n);
    expect(await balanceOf(addr.owner)).toBe(ownerBefore);
    expect(await account(acct, wallets.owner).read.totalWithdrawn()).toBe(500n);
  });

  test("follows a payout address change made by the owner", async () => {
    const acct = await newAccount();
    await pay(acct, 1_000n);
    const receipt = await mined(account(acct, wallets.owner).write.setPayoutAddress([addr.other]));
    const [changed] = parseEventLogs({ abi: merchantAccountAbi, eventName: "PayoutAddressChanged", logs: receipt.logs });
    expect(changed?.args).toEqual({ previous: addr.payout, current: addr.other });

    const payoutBefore = await balanceOf(addr.payout);
    const otherBefore = await balanceOf(addr.other);
    const ref = newRef();
    const w = await mined(account(acct, wallets.operator).write.withdraw([ref, 400n]));
    expect(await balanceOf(addr.other)).toBe(otherBefore + 400n);
    expect(await balanceOf(addr.payout)).toBe(payoutBefore);
    const [log] = parseEventLogs({ abi: merchantAccountAbi, eventName: "Withdrawn", logs: w.logs });
    expect(log?.args).toEqual({ ref, to: addr.other, amount: 400n, by: addr.operator });
  });

  test("more than the balance reverts with TransferFailed", async () => {
    const acct = await newAccount();
    await pay(acct, 100n);
    await expectRevert(account(acct, wallets.operator).write.withdraw([newRef(), 101n]), "TransferFailed");
    expect(await account(acct, wallets.operator).read.totalWithdrawn()).toBe(0n);
  });
});

describe("revoking the operator", () => {
  test("stops fee collection and operator withdrawals; the owner keeps control", async () => {
    const acct = await newAccount();
    await pay(acct, 1_000n);
    const receipt = await mined(account(acct, wallets.owner).write.setOperator([zeroAddress]));
    const [changed] = parseEventLogs({ abi: merchantAccountAbi, eventName: "OperatorChanged", logs: receipt.logs });
    expect(changed?.args).toEqual({ previous: addr.operator, current: zeroAddress });

    await expectRevert(account(acct, wallets.operator).write.collectFee([newRef(), 100n]), "NotOperator");
    await expectRevert(account(acct, wallets.operator).write.withdraw([newRef(), 1n]), "NotAuthorized");
    await mined(account(acct, wallets.owner).write.withdraw([newRef(), 500n]));

    // Re-appointing an operator restores its powers, for that address only.
    const again = await mined(account(acct, wallets.owner).write.setOperator([addr.other]));
    const [reappointed] = parseEventLogs({ abi: merchantAccountAbi, eventName: "OperatorChanged", logs: again.logs });
    expect(reappointed?.args).toEqual({ previous: zeroAddress, current: addr.other });
    await expectRevert(account(acct, wallets.operator).write.collectFee([newRef(), 100n]), "NotOperator");
    await mined(account(acct, wallets.other).write.collectFee([newRef(), 100n]));
  });
});

describe("events", () => {
  test("OwnershipTransferred carries the previous and the new owner", async () => {
    const acct = await newAccount();
    const receipt = await mined(account(acct, wallets.owner).write.transferOwnership([addr.other]));
    const logs = parseEventLogs({ abi: merchantAccountAbi, logs: receipt.logs });
    expect(logs.map((l) => [l.eventName, l.args])).toEqual([
      ["OwnershipTransferred", { previous: addr.owner, current: addr.other }],
    ] as never);
  });

  test("FeeCollected is indexed by ref", async () => {
    const acct = await newAccount(100);
    await pay(acct, 500n);
    const ref = newRef();
    await mined(account(acct, wallets.operator).write.collectFee([ref, 500n]));
    const logs = await publicClient.getContractEvents({
      address: acct,
      abi: merchantAccountAbi,
      eventName: "FeeCollected",
      args: { ref },
      fromBlock: 0n,
    });
    expect(logs).toHaveLength(1);
    expect(logs[0]?.args).toEqual({ ref, paymentAmount: 500n, fee: 5n, recipient: addr.feeRecipient });
  });
});

describe("ABIs in src/chain/abis.ts", () => {
  // What identifies an ABI entry for callers: kind, name, parameter names and types, indexed
  // flags, outputs, mutability. solc adds `internalType`, which viem and Ponder ignore.
  function canonical(item: Abi[number]): unknown {
    const params = (ps: readonly AbiParameter[], event: boolean): unknown[] =>
      ps.map((p) => ({
        name: p.name ?? "",
        type: p.type,
        ...(event ? { indexed: (p as { indexed?: boolean }).indexed ?? false } : {}),
        ...("components" in p ? { components: params(p.components, false) } : {}),
      }));
    switch (item.type) {
      case "function":
        return {
          type: item.type,
          name: item.name,
          inputs: params(item.inputs, false),
          outputs: params(item.outputs, false),
          stateMutability: item.stateMutability,
        };
      case "event":
        return { type: item.type, name: item.name, inputs: params(item.inputs, true), anonymous: item.anonymous ?? false };
      case "error":
        return { type: item.type, name: item.name, inputs: params(item.inputs, false) };
      default:
        return { type: item.type };
    }
  }

  const pairs = () =>
    [
      ["usdcAbi", usdcAbi, artifacts.TestUSDC.abi],
      ["testUsdcAbi", testUsdcAbi, artifacts.TestUSDC.abi],
      ["merchantAccountAbi", merchantAccountAbi, artifacts.MerchantAccount.abi],
      ["merchantAccountFactoryAbi", merchantAccountFactoryAbi, artifacts.MerchantAccountFactory.abi],
      ["testUsdtAbi", testUsdtAbi, artifacts.TestUSDT.abi],
      ["merchantAccountV2Abi", merchantAccountV2Abi, artifacts.MerchantAccountV2.abi],
      ["merchantAccountFactoryV2Abi", merchantAccountFactoryV2Abi, artifacts.MerchantAccountFactoryV2.abi],
      ["testContractWalletAbi", testContractWalletAbi, artifacts.TestContractWallet.abi],
      ["depositAddressAbi", depositAddressAbi, artifacts.DepositAddress.abi],
      ["depositAddressFactoryAbi", depositAddressFactoryAbi, artifacts.DepositAddressFactory.abi],
      ["testHostileTokenAbi", testHostileTokenAbi, artifacts.TestHostileToken.abi],
    ] as const;

  test("every hand-written entry exists identically in the compiled ABI", () => {
    for (const [name, hand, compiled] of pairs()) {
      const compiledItems = compiled.map(canonical);
      for (const item of hand) {
        expect({ abi: name, item: compiledItems.find((c) => JSON.stringify(c) === JSON.stringify(canonical(item))) }).toEqual({
          abi: name,
          item: canonical(item),
        });
      }
    }
  });

  test("nothing compiled is missing (except constructors), so every event is indexed and every error decodes", () => {
    for (const [name, hand, compiled] of pairs()) {
      if (name === "usdcAbi") continue; // deliberately the ERC-20 subset that Circle's USDC shares
      const handItems = new Set((hand as Abi).map((i) => JSON.stringify(canonical(i))));
      const missing = compiled
        .filter((i) => i.type !== "constructor")
        .map((i) => JSON.stringify(canonical(i)))
        .filter((c) => !handItems.has(c));
      expect({ abi: name, missing }).toEqual({ abi: name, missing: [] });
    }
  });

  test("compiled artifacts are cached on disk, keyed by the compiler and sources", async () => {
    const cache = JSON.parse(await readFile(new URL("../contracts/out/artifacts.json", import.meta.url), "utf8")) as {
      key: string;
      solcVersion: string;
      contracts: unknown;
    };
    expect(cache.key).toMatch(/^[0-9a-f]{64}$/);
    expect(cache.solcVersion).toStartWith("0.8.37+");
    expect(cache.contracts).toEqual(artifacts);
    expect(await loadArtifacts()).toBe(artifacts); // memoized within the process
  });
});
