/**
 * Deposit addresses' money rule as properties, against the real contracts on anvil, over
 * TestUSDC, TestUSDT (whose transfer returns nothing) and an address without code posing as a
 * token. fast-check generates sequences of payments to six deposit addresses of two owners (a
 * merchant's v2 account that exists and one that is only an address), sweeps through the deposit
 * address or the factory, creations, batches over random items with random gas limits (too low
 * included), and what a thief would try from a random caller: random calldata to a deposit
 * address, the token's transferFrom out of it, its sweep with a token that is not one. A model
 * predicts each call's outcome; after every step the chain must agree with it, and:
 *   - money moves only from a deposit address to its own owner: every deposit address, every
 *     owner and every caller holds, per token, exactly what the model says (callers never gain);
 *   - a sweep moves the whole balance: a swept address holds nothing of that token after it;
 *   - conservation: what was paid in equals what the deposit addresses and their owners hold;
 *   - a deposit address has code exactly when the model created it, and that code is the clone
 *     committing to its owner;
 *   - a batch is a prefix: the items it did are done, none after, and given its planned gas it
 *     does them all.
 *
 * It catches a sweep that pays anyone but the owner: checked by hand with a DepositAddress paying
 * its caller when the caller's address is 0 mod 3 (failed within a dozen sequences, shrunk to
 * four steps).
 *
 * 200 sequences by default; PROPERTY_RUNS=2000 for a longer run; PROPERTY_SEED=<n> replays one.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import fc from "fast-check";
import { type Address, type Hex, createPublicClient, createWalletClient, encodeFunctionData, getAddress, http, keccak256, parseEventLogs, toHex } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { depositAddressAbi, depositAddressFactoryAbi, testUsdtAbi } from "../contracts/abis.ts";
import { accountV2Address, createAccountV2, deployFactoryV2 } from "../src/chain/account-v2.ts";
import { loadArtifacts } from "../src/chain/artifacts.ts";
import { type SweepItem, deployAndSweepCall, deployDepositFactory, depositAddressAt, depositImplementationAddress, depositRuntimeCode, planSweepBatches, sweepBatchCall, sweepCall } from "../src/chain/deposit-address.ts";
import { type Anvil, startAnvil } from "./support/anvil.ts";

const RUNS = Number(process.env.PROPERTY_RUNS ?? 200); // ~15 s; each outcome the coverage check names comes up at least ~10 times
const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);
const MNEMONIC = "test test test test test test test test test test test junk";

// Callers: anvil's funded accounts 0-4 (0 plays the operator, 1 the merchant's owner; to the
// contracts they are all strangers). Account 5 pays (mints) into deposit addresses.
const actors = Array.from({ length: 6 }, (_, i) => mnemonicToAccount(MNEMONIC, { addressIndex: i }));
const CALLERS = 5;
const PAYER = 5;
const NO_CODE: Address = getAddress("0x00000000000000000000000000000000deadbeef");
const DEPOSITS_PER_OWNER = 3;

let anvil: Anvil;
let pub: ReturnType<typeof makeClient>;
let wallets: ReturnType<typeof makeWallet>[];
let factory: Address;
/** USDC, USDT, and an address without code. */
let tokens: [Address, Address, Address];
let owners: [Address, Address];

function makeClient(url: string) {
  // batch: the reads of a step go out as one HTTP request.
  return createPublicClient({ chain: foundry, transport: http(url, { batch: true }), pollingInterval: 5 });
}
function makeWallet(url: string, i: number) {
  return createWalletClient({ account: actors[i]!, chain: foundry, transport: http(url), pollingInterval: 5 });
}

beforeAll(async () => {
  anvil = await startAnvil();
  pub = makeClient(anvil.rpcUrl);
  wallets = actors.map((_, i) => makeWallet(anvil.rpcUrl, i));
  ({ factory } = await deployDepositFactory({ walletClient: wallets[0]!, publicClient: pub as never }));
  const { TestUSDC, TestUSDT } = await loadArtifacts();
  const deployed: Address[] = [];
  for (const bytecode of [TestUSDC.bytecode, TestUSDT.bytecode]) {
    const receipt = await pub.waitForTransactionReceipt({ hash: await wallets[0]!.sendTransaction({ data: bytecode }) });
    deployed.push(getAddress(receipt.contractAddress!));
  }
  tokens = [deployed[0]!, deployed[1]!, NO_CODE];
  // Owner 0: a merchant's v2 account that exists; owner 1: one whose account was never created (only an address).
  await deployFactoryV2({ walletClient: wallets[0]!, publicClient: pub as never });
  const settings = { owner: actors[1]!.address, operator: actors[0]!.address, payoutAddress: actors[1]!.address, feeRecipient: actors[2]!.address, feeRateBps: 100 };
  const created = await createAccountV2({ walletClient: wallets[0]!, publicClient: pub as never, salt: keccak256(toHex("properties-deposit-0")), ...settings });
  owners = [created.account, await accountV2Address({ salt: keccak256(toHex("properties-deposit-1")), ...settings })];
  for (let i = 0; i < actors.length; i++) nonces[i] = await pub.getTransactionCount({ address: actors[i]!.address });
}, 120_000);
afterAll(async () => {
  await anvil?.stop();
});

type Call = { address: Address; abi: readonly unknown[]; functionName: string; args: readonly unknown[] };

const nonces: number[] = [];

async function receiptOf(hash: Hex) {
  for (let tries = 0; tries < 5_000; tries++) {
    const receipt = await pub.getTransactionReceipt({ hash }).catch(() => null);
    if (receipt) return receipt;
    await Bun.sleep(2);
  }
  throw new Error(`no receipt for ${hash}`);
}

/**
 * Sends from caller i with a fixed gas limit (never estimated, so a call that reverts is mined as
 * reverted), signed here with a nonce kept here: one RPC to send, then the receipt.
 */
async function send(i: number, tx: { to: Address; data: Hex }, gas = 3_000_000n) {
  const serialized = await actors[i]!.signTransaction({
    chainId: foundry.id,
    type: "eip1559",
    to: tx.to,
    data: tx.data,
    nonce: nonces[i]!++,
    gas,
    maxFeePerGas: 10_000_000_000n,
    maxPriorityFeePerGas: 1n,
  });
  const hash = (await pub.request({ method: "eth_sendRawTransaction", params: [serialized] })) as Hex;
  return receiptOf(hash);
}
const sendCall = (i: number, call: Call, gas?: bigint) => send(i, { to: call.address, data: encodeFunctionData(call as never) }, gas);

const balanceOf = (t: Address, who: Address) => pub.readContract({ address: t, abi: testUsdtAbi, functionName: "balanceOf", args: [who] });

type Action =
  | { kind: "pay"; token: number; dep: number; amount: bigint }
  | { kind: "sweep"; by: number; dep: number; token: number }
  | { kind: "sweepViaFactory"; by: number; dep: number; token: number }
  | { kind: "deploy"; by: number; dep: number }
  | { kind: "batch"; by: number; items: { dep: number; token: number }[]; gas: "planned" | bigint /* above the intrinsic gas */ }
  | { kind: "randomCall"; by: number; dep: number; data: Hex }
  | { kind: "transferFrom"; by: number; dep: number; token: number; amount: bigint };

const DEPOSITS = 2 * DEPOSITS_PER_OWNER;
const dep = fc.nat(DEPOSITS - 1);
const by = fc.nat(CALLERS - 1);
// Mostly a real token, sometimes the address without code.
const token = fc.oneof({ weight: 4, arbitrary: fc.nat(1) }, { weight: 1, arbitrary: fc.constant(2) });
const realToken = fc.nat(1);
const SWEEP_SELECTOR = encodeFunctionData({ abi: depositAddressAbi, functionName: "sweep", args: [NO_CODE] }).slice(0, 10);
// Calldata a thief might send: a token's transfer or approve to themselves, random selectors with
// random words, short junk, nothing. Never sweep's own selector (that is the "sweep" action).
const randomData: fc.Arbitrary<Hex> = fc.oneof(
  fc.constantFrom<Hex>("0x", "0x00", "0xa9059cbb", "0x095ea7b3", "0x23b872dd"),
  fc
    .tuple(fc.uint8Array({ minLength: 4, maxLength: 4 }), fc.uint8Array({ minLength: 0, maxLength: 100 }))
    .map(([sel, rest]) => toHex(new Uint8Array([...sel, ...rest])))
    .filter((d) => d.slice(0, 10) !== SWEEP_SELECTOR),
);
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("pay" as const), token: realToken, dep, amount: fc.oneof(fc.bigInt({ min: 1n, max: 10n }), fc.bigInt({ min: 1n, max: 50_000_000_000n })) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("sweep" as const), by, dep, token }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("sweepViaFactory" as const), by, dep, token }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("deploy" as const), by, dep }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("batch" as const),
      by,
      items: fc.array(fc.record({ dep, token }), { minLength: 0, maxLength: 8 }),
      // Mostly the plan's gas; sometimes a random limit above the transaction's intrinsic gas, too
      // low for all, some or any of it (down to too little to run the batch's code at all).
      gas: fc.oneof(
        { weight: 4, arbitrary: fc.constant("planned" as const) },
        { weight: 2, arbitrary: fc.bigInt({ min: 0n, max: 1_200_000n }) },
        { weight: 2, arbitrary: fc.bigInt({ min: 0n, max: 3_000n }) },
      ),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("randomCall" as const), by, dep, data: randomData }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("transferFrom" as const), by, dep, token: realToken, amount: fc.bigInt({ min: 1n, max: 1_000n }) }) },
);
const sequence = fc.array(action, { minLength: 1, maxLength: 20 });

test(`deposit addresses: money moves only to the owner, whole balances, over ${RUNS} random sequences (seed ${SEED})`, async () => {
  console.log(`[properties deposit] ${RUNS} sequences, seed ${SEED} (replay: PROPERTY_SEED=${SEED})`);
  const implementation = depositImplementationAddress(factory);
  let run = 0;
  const seen: Record<string, number> = {};
  await fc.assert(
    fc.asyncProperty(sequence, async (actions) => {
      run++;
      // Fresh deposit addresses per sequence (the owners carry over: their balances are read at the start).
      const deps = Array.from({ length: DEPOSITS }, (_, i) => {
        const owner = owners[i < DEPOSITS_PER_OWNER ? 0 : 1]!;
        const intentRef = keccak256(toHex(`properties-deposit-${SEED}-${run}-${i}`));
        return { owner, intentRef, address: depositAddressAt(factory, owner, intentRef), created: false, balance: [0n, 0n] };
      });
      const ownerBalance = new Map<string, bigint>();
      const callerBalance = new Map<string, bigint>();
      for (const t of [0, 1]) {
        for (const o of owners) ownerBalance.set(`${o}:${t}`, await balanceOf(tokens[t]!, o));
        for (let i = 0; i < CALLERS; i++) callerBalance.set(`${actors[i]!.address}:${t}`, await balanceOf(tokens[t]!, actors[i]!.address));
      }
      const paidIn = [0n, 0n];
      const ownerStart = new Map(ownerBalance);
      const count = (k: string) => (seen[k] = (seen[k] ?? 0) + 1);

      /** The model of one sweep of deposit d in token t that succeeded. */
      const swept = (d: (typeof deps)[number], t: number) => {
        if (t === 2) return;
        const key = `${d.owner}:${t}`;
        ownerBalance.set(key, ownerBalance.get(key)! + d.balance[t]!);
        d.balance[t] = 0n;
      };

      for (const a of actions) {
        count(a.kind);
        switch (a.kind) {
          case "pay": {
            const d = deps[a.dep]!;
            const r = await sendCall(PAYER, { address: tokens[a.token]!, abi: testUsdtAbi, functionName: "mint", args: [d.address, a.amount] });
            expect(r.status).toBe("success");
            d.balance[a.token]! += a.amount;
            paidIn[a.token]! += a.amount;
            break;
          }
          case "sweep": {
            const d = deps[a.dep]!;
            const r = await sendCall(a.by, sweepCall(d.address, tokens[a.token]!));
            // No code yet: a call to a plain address, which does nothing. With code: the sweep,
            // refused for a token without code.
            const expectOk = !d.created || a.token !== 2;
            expect(r.status).toBe(expectOk ? "success" : "reverted");
            if (d.created && expectOk) {
              checkSwept(r.logs, d, a.token);
              swept(d, a.token);
              count("sweep:direct");
            }
            break;
          }
          case "sweepViaFactory": {
            const d = deps[a.dep]!;
            const r = await sendCall(a.by, deployAndSweepCall(factory, d.owner, d.intentRef, tokens[a.token]!));
            // A token without code fails the sweep, and with it the creation in the same transaction.
            expect(r.status).toBe(a.token === 2 ? "reverted" : "success");
            if (r.status === "success") {
              d.created = true;
              checkSwept(r.logs, d, a.token);
              swept(d, a.token);
            }
            break;
          }
          case "deploy": {
            const d = deps[a.dep]!;
            const r = await sendCall(a.by, { address: factory, abi: depositAddressFactoryAbi, functionName: "deploy", args: [d.owner, d.intentRef] });
            expect(r.status).toBe("success");
            d.created = true;
            break;
          }
          case "batch": {
            const items: SweepItem[] = a.items.map((i) => ({ owner: deps[i.dep]!.owner, intentRef: deps[i.dep]!.intentRef, token: tokens[i.token]! }));
            let gas: bigint;
            if (a.gas === "planned") {
              const planned = planSweepBatches(a.items.map((i, k) => ({ ...items[k]!, hasCode: deps[i.dep]!.created })), 30_000_000n);
              gas = planned[0]?.gas ?? 100_000n;
            } else gas = intrinsicGas(encodeFunctionData(sweepBatchCall(factory, items) as never)) + a.gas;
            const r = await sendCall(a.by, sweepBatchCall(factory, items), gas);
            if (a.gas === "planned") expect(r.status).toBe("success");
            if (r.status !== "success") {
              count("batch:outOfGas");
              break;
            }
            const stopped = parseEventLogs({ abi: depositAddressFactoryAbi, eventName: "SweepBatchIncomplete", logs: r.logs })[0]?.args;
            const done = stopped ? Number(stopped.done) : items.length;
            if (stopped) {
              expect(a.gas).not.toBe("planned");
              expect(stopped.total).toBe(BigInt(items.length));
              count("batch:prefix");
            } else if (items.length > 0) count("batch:all");
            const failed = parseEventLogs({ abi: depositAddressFactoryAbi, eventName: "SweepFailed", logs: r.logs }).map((l) => l.args);
            const expectedFailed: { depositAddress: Address; token: Address }[] = [];
            const expectedSwept: { from: Address; token: Address; to: Address; amount: bigint }[] = [];
            for (const item of a.items.slice(0, done)) {
              const d = deps[item.dep]!;
              d.created = true;
              if (item.token === 2) expectedFailed.push({ depositAddress: d.address, token: NO_CODE });
              else {
                if (d.balance[item.token]! > 0n) expectedSwept.push({ from: d.address, token: tokens[item.token]!, to: d.owner, amount: d.balance[item.token]! });
                swept(d, item.token);
              }
            }
            expect(failed).toEqual(expectedFailed);
            expect(sweptOf(r.logs)).toEqual(expectedSwept);
            break;
          }
          case "randomCall": {
            const d = deps[a.dep]!;
            const r = await send(a.by, { to: d.address, data: a.data }, 300_000n);
            // Without code it is a plain address (the call does nothing); with code every call
            // but sweep and owner reverts.
            expect(r.status).toBe(d.created ? "reverted" : "success");
            expect(r.logs).toEqual([]);
            break;
          }
          case "transferFrom": {
            const d = deps[a.dep]!;
            const r = await sendCall(a.by, { address: tokens[a.token]!, abi: testUsdtAbi, functionName: "transferFrom", args: [d.address, actors[a.by]!.address, a.amount] });
            // A deposit address never approves anyone: no allowance, nothing to take.
            expect(r.status).toBe("reverted");
            break;
          }
        }
        await checkInvariants();
      }

      async function checkInvariants() {
        const reads: Promise<unknown>[] = [];
        for (const t of [0, 1]) {
          for (const d of deps) reads.push(balanceOf(tokens[t]!, d.address).then((b) => expect({ deposit: d.address, t, b }).toEqual({ deposit: d.address, t, b: d.balance[t]! })));
          for (const o of owners) reads.push(balanceOf(tokens[t]!, o).then((b) => expect({ owner: o, t, b }).toEqual({ owner: o, t, b: ownerBalance.get(`${o}:${t}`)! })));
          for (let i = 0; i < CALLERS; i++) {
            const who = actors[i]!.address;
            reads.push(balanceOf(tokens[t]!, who).then((b) => expect({ caller: who, t, b }).toEqual({ caller: who, t, b: callerBalance.get(`${who}:${t}`)! })));
          }
        }
        for (const d of deps) {
          reads.push(
            pub.getCode({ address: d.address }).then((code) =>
              expect({ deposit: d.address, code: code ?? "0x" }).toEqual({ deposit: d.address, code: d.created ? (depositRuntimeCode(implementation, d.owner).toLowerCase() as Hex) : "0x" }),
            ),
          );
        }
        await Promise.all(reads);
        // Conservation: what was paid in is in the deposit addresses or has reached their owners.
        for (const t of [0, 1]) {
          const inDeposits = deps.reduce((s, d) => s + d.balance[t]!, 0n);
          const toOwners = owners.reduce((s, o) => s + ownerBalance.get(`${o}:${t}`)! - ownerStart.get(`${o}:${t}`)!, 0n);
          expect(inDeposits + toOwners).toBe(paidIn[t]!);
        }
      }
    }),
    { numRuns: RUNS, seed: SEED },
  );
  console.log(`[properties deposit] outcomes: ${JSON.stringify(seen)}`);
  // Each interesting path came up (so the properties were not vacuous in this run).
  for (const k of ["sweep:direct", "batch:prefix", "batch:all", "batch:outOfGas", "randomCall", "transferFrom"]) expect({ k, n: seen[k] ?? 0 }).not.toEqual({ k, n: 0 });
}, 600_000);

/**
 * The least gas a transaction with this calldata may be sent with: the intrinsic gas, or the
 * calldata floor of EIP-7623 (anvil's default hardfork has it) if higher. Below it the node does
 * not mine the transaction at all (it would wait in the pool, and every later one of its sender).
 */
function intrinsicGas(data: Hex): bigint {
  let zeros = 0n;
  let nonZeros = 0n;
  for (let i = 2; i < data.length; i += 2) data.slice(i, i + 2) === "00" ? zeros++ : nonZeros++;
  const standard = 21_000n + 4n * zeros + 16n * nonZeros;
  const floor = 21_000n + 10n * (zeros + 4n * nonZeros);
  return standard > floor ? standard : floor;
}

type Log = { address: Address; topics: [] | [Hex, ...Hex[]]; data: Hex };
function sweptOf(logs: readonly Log[]) {
  return parseEventLogs({ abi: depositAddressAbi, eventName: "Swept", logs: logs as never }).map((l) => ({ from: getAddress(l.address), token: l.args.token, to: l.args.to, amount: l.args.amount }));
}
/** A successful single sweep emitted Swept of exactly the deposit's balance to its owner, or nothing if it held none. */
function checkSwept(logs: readonly Log[], d: { address: Address; owner: Address; balance: bigint[] }, t: number) {
  const expected = t !== 2 && d.balance[t]! > 0n ? [{ from: d.address, token: tokens[t]!, to: d.owner, amount: d.balance[t]! }] : [];
  expect(sweptOf(logs)).toEqual(expected);
}
