/**
 * Gas of sweeping deposit addresses next to a plain transfer's.
 *
 *   bun bench/sweep-gas.ts [--batch 1,10,50]
 *
 * Starts one anvil exactly as the sandbox does (cancun contracts, optimizer 200 runs), deploys
 * TestUSDC, TestUSDT (whose transfer returns nothing), a merchant's v2 account and the
 * deposit-address factory, then measures, per token, the gas of each receipt:
 *   - baseline: a plain transfer of the token into the merchant's account (which already holds
 *     some: the usual case), and one into an address holding none (a fresh balance slot);
 *   - first sweep: a deposit address paid before it has code, created and swept in one call
 *     through the factory;
 *   - later sweep: the same address paid again and swept directly (and through the factory);
 *   - a sweep of an address that holds nothing;
 *   - batches of N addresses (USDC), all new, then all existing again: total and per address.
 * Gas is deterministic on anvil, so one run is the figure; the machine does not matter.
 */
import { parseArgs } from "node:util";
import { type Address, type Hex, createPublicClient, createWalletClient, encodeFunctionData, getAddress, http, keccak256, toHex } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { depositAddressFactoryAbi, testUsdtAbi } from "../contracts/abis.ts";
import { createAccountV2, deployFactoryV2 } from "../src/chain/account-v2.ts";
import { loadArtifacts } from "../src/chain/artifacts.ts";
import { deployAndSweepCall, deployDepositFactory, depositAddressAt, depositIntentRef, planSweepBatches, sweepBatchCall, sweepCall } from "../src/chain/deposit-address.ts";
import { startAnvil } from "../src/sandbox/anvil.ts";

const { values } = parseArgs({ options: { batch: { type: "string", default: "1,10,50" } } });
const BATCH_SIZES = values.batch.split(",").map(Number);
const MNEMONIC = "test test test test test test test test test test test junk";
const [deployer, payer, sweeper, owner] = [0, 1, 2, 3].map((i) => mnemonicToAccount(MNEMONIC, { addressIndex: i })) as [
  ReturnType<typeof mnemonicToAccount>,
  ReturnType<typeof mnemonicToAccount>,
  ReturnType<typeof mnemonicToAccount>,
  ReturnType<typeof mnemonicToAccount>,
];

const anvil = await startAnvil();
try {
  const pub = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl), pollingInterval: 20 });
  const wallet = (account: typeof deployer) => createWalletClient({ account, chain: foundry, transport: http(anvil.rpcUrl), pollingInterval: 20 });
  const gasOf = async (account: typeof deployer, tx: { to: Address; data: Hex }, gas?: bigint) => {
    const receipt = await pub.waitForTransactionReceipt({ hash: await wallet(account).sendTransaction({ ...tx, ...(gas ? { gas } : {}) }) });
    if (receipt.status !== "success") throw new Error(`reverted: ${tx.data.slice(0, 10)} to ${tx.to}`);
    return receipt.gasUsed;
  };
  const call = (c: { address: Address; abi: readonly unknown[]; functionName: string; args: readonly unknown[] }) => ({ to: c.address, data: encodeFunctionData(c as never) });

  const { TestUSDC, TestUSDT } = await loadArtifacts();
  const tokens: Record<string, Address> = {};
  for (const [name, bytecode] of [["USDC", TestUSDC.bytecode], ["USDT", TestUSDT.bytecode]] as const) {
    const receipt = await pub.waitForTransactionReceipt({ hash: await wallet(deployer).sendTransaction({ data: bytecode }) });
    tokens[name] = getAddress(receipt.contractAddress!);
  }
  await deployFactoryV2({ walletClient: wallet(deployer), publicClient: pub as never });
  const merchant = (
    await createAccountV2({ walletClient: wallet(deployer), publicClient: pub as never, salt: keccak256(toHex("bench:merchant")), owner: owner.address, operator: deployer.address, payoutAddress: owner.address, feeRecipient: deployer.address, feeRateBps: 100 })
  ).account;
  const { factory, gasUsed: factoryGas } = await deployDepositFactory({ walletClient: wallet(deployer), publicClient: pub as never });

  const mint = (token: Address, to: Address, amount: bigint) => gasOf(deployer, call({ address: token, abi: testUsdtAbi, functionName: "mint", args: [to, amount] }));
  const transfer = (token: Address, to: Address, amount: bigint) => gasOf(payer, call({ address: token, abi: testUsdtAbi, functionName: "transfer", args: [to, amount] }));
  let n = 0;
  const ref = () => depositIntentRef(`bench_${++n}`);

  const rows: [string, string, bigint][] = [];
  for (const [name, token] of Object.entries(tokens)) {
    await mint(token, payer.address, 10n ** 15n);
    await mint(token, merchant, 1n); // the merchant's account already holds the token
    rows.push([name, "plain transfer into the merchant's account (holding some)", await transfer(token, merchant, 25_000_000n)]);
    rows.push([name, "plain transfer into an address holding none", await transfer(token, getAddress(`0x${"0".repeat(36)}b0b${n++ % 10}`), 25_000_000n)]);

    const r = ref();
    const dep = depositAddressAt(factory, merchant, r);
    rows.push([name, "payment into a new deposit address (a plain transfer, the payer's)", await transfer(token, dep, 25_000_000n)]);
    rows.push([name, "first sweep: create + sweep through the factory", await gasOf(sweeper, call(deployAndSweepCall(factory, merchant, r, token)))]);
    await transfer(token, dep, 25_000_000n);
    rows.push([name, "later sweep: directly on the deposit address", await gasOf(sweeper, call(sweepCall(dep, token)))]);
    await transfer(token, dep, 25_000_000n);
    rows.push([name, "later sweep: through the factory", await gasOf(sweeper, call(deployAndSweepCall(factory, merchant, r, token)))]);
    rows.push([name, "sweep of an address holding nothing", await gasOf(sweeper, call(sweepCall(dep, token)))]);
  }

  const batchRows: [number, bigint, bigint][] = [];
  for (const size of BATCH_SIZES) {
    const refs = Array.from({ length: size }, () => ref());
    for (const r of refs) await transfer(tokens.USDC!, depositAddressAt(factory, merchant, r), 25_000_000n);
    const items = refs.map((r) => ({ owner: merchant, intentRef: r, token: tokens.USDC! }));
    const [fresh] = planSweepBatches(items.map((i) => ({ ...i, hasCode: false })), 30_000_000n);
    const withDeploy = await gasOf(sweeper, call(sweepBatchCall(factory, fresh!.items)), fresh!.gas);
    for (const r of refs) await transfer(tokens.USDC!, depositAddressAt(factory, merchant, r), 25_000_000n);
    const [again] = planSweepBatches(items.map((i) => ({ ...i, hasCode: true })), 30_000_000n);
    const existing = await gasOf(sweeper, call(sweepBatchCall(factory, again!.items)), again!.gas);
    batchRows.push([size, withDeploy, existing]);
  }

  const fmt = (g: bigint | number) => Math.round(Number(g)).toLocaleString("en-US");
  console.log(`factory deployment through the proxy: ${fmt(factoryGas)} gas (once per chain, anyone)`);
  console.log(`implementation: ${(await factoryAbiRead(pub, factory))}\n`);
  console.log("| token | operation | gas |\n|---|---|---:|");
  for (const [token, what, gas] of rows) console.log(`| ${token} | ${what} | ${fmt(gas)} |`);
  console.log("\n| batch (USDC) | all new: total | per address | all existing: total | per address |\n|---:|---:|---:|---:|---:|");
  for (const [size, withDeploy, existing] of batchRows) console.log(`| ${size} | ${fmt(withDeploy)} | ${fmt(Number(withDeploy) / size)} | ${fmt(existing)} | ${fmt(Number(existing) / size)} |`);
} finally {
  await anvil.stop();
}

async function factoryAbiRead(pub: ReturnType<typeof createPublicClient>, factory: Address): Promise<string> {
  const implementation = await pub.readContract({ address: factory, abi: depositAddressFactoryAbi, functionName: "implementation" });
  const code = await pub.getCode({ address: implementation });
  return `${implementation} (${((code?.length ?? 2) - 2) / 2} bytes); each deposit address: 65 bytes`;
}
