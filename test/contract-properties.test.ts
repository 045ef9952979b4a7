/**
 * The merchant account's money rules as properties, against the real contracts on anvil.
 * fast-check generates sequences of payments, fee collections (replayed references, amounts above
 * what was received, callers who are not the operator), withdrawals (by anyone), role changes (by
 * anyone, to anyone) and account creations by anyone (again at a taken salt). A model of the
 * rules predicts each call's outcome; after every step the chain must agree with the model and:
 *   - fees: each reference is collected once; the fees taken are at most the account's rate of the
 *     amounts claimed (rounded half up, per reference), and those amounts never exceed what was
 *     received;
 *   - withdrawals reach only the payout address of that moment;
 *   - only the owner changes the payout address, the operator and the owner;
 *   - an account is created only by the factory's operator, with its configuration, once per salt;
 *   - conservation: received = balance + withdrawn + fees, to the base unit.
 *
 * 200 sequences by default; PROPERTY_RUNS=5000 for a nightly-size run; PROPERTY_SEED=<n> replays a
 * failure (the seed is printed at the start and in fast-check's failure report).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import fc from "fast-check";
import { createPublicClient, createWalletClient, getAddress, http, keccak256, parseEther, toHex, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { merchantAccountAbi, merchantAccountFactoryAbi, testUsdcAbi } from "../contracts/abis.ts";
import { deployContracts } from "../src/chain/deploy.ts";
import { startAnvil, type Anvil } from "./support/anvil.ts";

const RUNS = Number(process.env.PROPERTY_RUNS ?? 200);
const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);

let anvil: Anvil;
let pub: ReturnType<typeof createPublicClient>;
const keys = Array.from({ length: 5 }, () => generatePrivateKey());
// Actors: 0 deploys (the factory's operator), 1 owns the accounts, 2 and 3 are anyone, 4 pays.
const actors = keys.map((k) => privateKeyToAccount(k));
const wallets = actors.map((account) => createWalletClient({ account, chain: foundry, transport: http() }));
const addr = (i: number) => actors[i]!.address;
const payoutChoices = (): Address[] => [addr(1), addr(2), addr(3), getAddress("0x000000000000000000000000000000000000ba5e"), "0x0000000000000000000000000000000000000000"];
const FEE_RECIPIENT: Address = "0x00000000000000000000000000000000000fee00";
let usdc: Address;
let factory: Address;

beforeAll(async () => {
  anvil = await startAnvil();
  pub = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl), pollingInterval: 5 });
  for (let i = 0; i < wallets.length; i++) {
    wallets[i] = createWalletClient({ account: actors[i]!, chain: foundry, transport: http(anvil.rpcUrl) });
    await pub.request({ method: "anvil_setBalance" as never, params: [addr(i), toHex(parseEther("1000"))] as never });
  }
  ({ usdc, factory } = await deployContracts({ walletClient: wallets[0]! as never, publicClient: pub as never, operator: addr(0), feeRecipient: FEE_RECIPIENT }));
  await send(0, { address: usdc, abi: testUsdcAbi, functionName: "mint", args: [addr(4), 10n ** 15n] });
}, 60_000);
afterAll(async () => {
  await anvil?.stop();
});

/**
 * The receipt, polled directly: anvil mines at once. (viem's waitForTransactionReceipt, which
 * watches block numbers, now and then missed a block mined between two polls here.)
 */
async function receiptOf(hash: Hex) {
  for (let tries = 0; tries < 2_000; tries++) {
    const receipt = await pub.getTransactionReceipt({ hash }).catch(() => null);
    if (receipt) return receipt;
    await Bun.sleep(5);
  }
  throw new Error(`no receipt for ${hash}`);
}

/** Sends a call from actor i if it would succeed; returns the revert's error name otherwise. */
async function send(i: number, call: { address: Address; abi: readonly unknown[]; functionName: string; args: readonly unknown[] } & Record<string, unknown>): Promise<{ ok: true; result: unknown } | { ok: false; error: string }> {
  try {
    const sim = await pub.simulateContract({ ...call, account: actors[i]! } as never);
    const nonce = await pub.getTransactionCount({ address: addr(i), blockTag: "pending" });
    const hash = await wallets[i]!.writeContract({ ...(sim.request as object), nonce, gas: 3_000_000n } as never);
    const receipt = await receiptOf(hash);
    if (receipt.status !== "success") throw new Error(`mined but reverted: ${call.functionName}`);
    return { ok: true, result: sim.result };
  } catch (err) {
    const name = (err as { cause?: { data?: { errorName?: string } } }).cause?.data?.errorName;
    if (name && (err as { name?: string }).name === "ContractFunctionExecutionError") return { ok: false, error: name };
    throw err;
  }
}

type Action =
  | { kind: "pay"; amount: bigint }
  | { kind: "collect"; by: number; ref: number; amount: bigint; overReceived: boolean }
  | { kind: "withdraw"; by: number; amount: bigint; overBalance: boolean }
  | { kind: "setPayout"; by: number; to: number }
  | { kind: "setOperator"; by: number; to: number }
  | { kind: "transferOwnership"; by: number; to: number }
  | { kind: "create"; by: number; sameSalt: boolean; rate: number };

const units = fc.bigInt({ min: 0n, max: 50_000_000n });
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("pay" as const), amount: fc.bigInt({ min: 1n, max: 50_000_000n }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("collect" as const), by: fc.nat(3), ref: fc.nat(3), amount: units, overReceived: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("withdraw" as const), by: fc.nat(3), amount: units, overBalance: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("setPayout" as const), by: fc.nat(3), to: fc.nat(4) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("setOperator" as const), by: fc.nat(3), to: fc.nat(4) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("transferOwnership" as const), by: fc.nat(3), to: fc.nat(4) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("create" as const), by: fc.nat(3), sameSalt: fc.boolean(), rate: fc.integer({ min: 0, max: 10_500 }) }) },
);

async function balanceOf(who: Address): Promise<bigint> {
  return pub.readContract({ address: usdc, abi: testUsdcAbi, functionName: "balanceOf", args: [who] });
}

test(`merchant account invariants hold over ${RUNS} random sequences (seed ${SEED})`, async () => {
  console.log(`[properties] ${RUNS} sequences, seed ${SEED} (replay: PROPERTY_SEED=${SEED})`);
  let run = 0;
  let steps = 0;
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 0, max: 10_000 }), fc.array(action, { minLength: 1, maxLength: 10 }), async (rate, actions) => {
      // A fresh account per sequence, created by the operator; anyone else is refused.
      run++;
      const salt = keccak256(toHex(`properties-${SEED}-${run}`));
      const denied = await send(2, { address: factory, abi: merchantAccountFactoryAbi, functionName: "createAccount", args: [salt, addr(1), addr(1), rate] });
      expect(denied).toEqual({ ok: false, error: "NotOperator" });
      const created = await send(0, { address: factory, abi: merchantAccountFactoryAbi, functionName: "createAccount", args: [salt, addr(1), addr(1), rate] });
      expect(created.ok).toBe(true);
      const account = (created as { result: Address }).result;
      const read = <T>(functionName: string, args: readonly unknown[] = []) => pub.readContract({ address: account, abi: merchantAccountAbi, functionName: functionName as never, args: args as never }) as Promise<T>;
      expect(await read<number>("feeRateBps")).toBe(rate);

      // The model.
      const m = { owner: addr(1), operator: addr(0), payout: addr(1) as Address, received: 0n, claimed: 0n, fees: 0n, withdrawn: 0n, refs: new Set<number>(), paidTo: new Map<Address, bigint>() };
      const startFeeRecipient = await balanceOf(FEE_RECIPIENT);
      const startBalances = new Map<Address, bigint>();
      for (const a of payoutChoices()) startBalances.set(a, await balanceOf(a));
      const balance = () => m.received - m.withdrawn - m.fees;

      for (const a of actions) {
        steps++;
        let outcome: Awaited<ReturnType<typeof send>>;
        let expected: string | true;
        switch (a.kind) {
          case "pay":
            outcome = await send(4, { address: usdc, abi: testUsdcAbi, functionName: "transfer", args: [account, a.amount] });
            expected = true;
            if (outcome.ok) m.received += a.amount;
            break;
          case "collect": {
            const amount = a.overReceived ? m.received - m.claimed + 1n + a.amount : a.amount;
            const ref = keccak256(toHex(`ref-${a.ref}`));
            const fee = (amount * BigInt(rate) + 5_000n) / 10_000n;
            expected =
              addr(a.by) !== m.operator ? "NotOperator"
              : m.refs.has(a.ref) ? "AlreadyCollected"
              : amount > m.received || m.claimed > m.received - amount ? "ExceedsReceived"
              // The cap is on what was received; what is left may have been withdrawn by the owner.
              : fee > balance() ? "TransferFailed"
              : true;
            outcome = await send(a.by, { address: account, abi: merchantAccountAbi, functionName: "collectFee", args: [ref, amount] });
            if (outcome.ok) {
              expect(outcome.result).toBe(fee);
              m.refs.add(a.ref);
              m.claimed += amount;
              m.fees += fee;
            }
            break;
          }
          case "withdraw": {
            const amount = a.overBalance ? balance() + 1n + a.amount : a.amount > balance() ? balance() : a.amount;
            expected = addr(a.by) !== m.operator && addr(a.by) !== m.owner ? "NotAuthorized" : amount > balance() ? "TransferFailed" : true;
            outcome = await send(a.by, { address: account, abi: merchantAccountAbi, functionName: "withdraw", args: [keccak256(toHex(`w-${steps}`)), amount] });
            if (outcome.ok) {
              m.withdrawn += amount;
              m.paidTo.set(m.payout, (m.paidTo.get(m.payout) ?? 0n) + amount);
            }
            break;
          }
          case "setPayout": {
            const to = payoutChoices()[a.to]!;
            expected = addr(a.by) !== m.owner ? "NotOwner" : to === "0x0000000000000000000000000000000000000000" ? "ZeroAddress" : true;
            outcome = await send(a.by, { address: account, abi: merchantAccountAbi, functionName: "setPayoutAddress", args: [to] });
            if (outcome.ok) m.payout = to;
            break;
          }
          case "setOperator": {
            const to = a.to < 4 ? addr(a.to) : ("0x0000000000000000000000000000000000000000" as Address);
            expected = addr(a.by) !== m.owner ? "NotOwner" : true;
            outcome = await send(a.by, { address: account, abi: merchantAccountAbi, functionName: "setOperator", args: [to] });
            if (outcome.ok) m.operator = to;
            break;
          }
          case "transferOwnership": {
            const to = a.to < 4 ? addr(a.to) : ("0x0000000000000000000000000000000000000000" as Address);
            expected = addr(a.by) !== m.owner ? "NotOwner" : to === "0x0000000000000000000000000000000000000000" ? "ZeroAddress" : true;
            outcome = await send(a.by, { address: account, abi: merchantAccountAbi, functionName: "transferOwnership", args: [to] });
            if (outcome.ok) m.owner = to;
            break;
          }
          case "create": {
            // Anyone creating an account: only the factory's operator may, and the account of a salt
            // (same configuration, same address) never twice.
            const args = a.sameSalt ? [salt, addr(1), addr(1), rate] : [keccak256(toHex(`properties-${SEED}-${run}-${steps}`)), addr(2), addr(2), a.rate];
            outcome = await send(a.by, { address: factory, abi: merchantAccountFactoryAbi, functionName: "createAccount", args }).catch(() => ({ ok: false as const, error: "reverted" }));
            expected = a.by !== 0 ? "NotOperator" : a.sameSalt ? "reverted" : a.rate > 10_000 ? "InvalidFeeRate" : true;
            break;
          }
        }
        expect({ step: a, outcome: outcome.ok ? true : outcome.error }).toEqual({ step: a, outcome: expected });

        // The invariants, read from the chain.
        const [owner, operator, payout, feesCollected, claimed, withdrawn, received, held] = await Promise.all([
          read<Address>("owner"),
          read<Address>("operator"),
          read<Address>("payoutAddress"),
          read<bigint>("feesCollected"),
          read<bigint>("claimedTotal"),
          read<bigint>("totalWithdrawn"),
          read<bigint>("totalReceived"),
          balanceOf(account),
        ]);
        expect({ owner, operator, payout }).toEqual({ owner: m.owner, operator: m.operator, payout: m.payout });
        expect({ feesCollected, claimed, withdrawn, received }).toEqual({ feesCollected: m.fees, claimed: m.claimed, withdrawn: m.withdrawn, received: m.received });
        expect(claimed <= received).toBe(true);
        expect(feesCollected * 10_000n <= claimed * BigInt(rate) + 5_000n * BigInt(m.refs.size)).toBe(true);
        expect(held + withdrawn + feesCollected).toBe(received);
        expect(await balanceOf(FEE_RECIPIENT)).toBe(startFeeRecipient + m.fees);
      }
      // Withdrawals went only to the payout address of their moment.
      for (const a of payoutChoices()) expect(await balanceOf(a)).toBe(startBalances.get(a)! + (m.paidTo.get(a) ?? 0n));
    }),
    { numRuns: RUNS, seed: SEED, endOnFailure: true },
  );
  console.log(`[properties] ${run} sequences, ${steps} steps: every invariant held`);
}, 600_000);
