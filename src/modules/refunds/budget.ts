/**
 * The owner's refund budget, as the dashboard shows and changes it: read from the
 * merchant's v2 account on each chain and token (the contract is the only record of it), and the
 * transaction the owner's own wallet sends to grant or revoke it (the service never holds the owner
 * key; the sandbox's stand-in is test-helpers/refunds.ts). No HTTP.
 */
import { encodeFunctionData, getAddress, type Address, type Hex } from "viem";
import { chainById, type AppContext } from "../../context.ts";
import { merchantAccountV2Abi } from "../../../contracts/abis.ts";
import { pairsOf, type Pair } from "../../chain/pairs.ts";
import { ApiError } from "../../domain/errors.ts";
import type { Mode } from "../../domain/mode.ts";
import { withTimeout } from "../../lib/timeout.ts";
import { REFUND_CHAIN_READ_MS } from "./service.ts";

/** A budget larger than this is refused (USD 1,000,000 a day, in base units): a typo, not a budget. */
export const BUDGET_MAX_UNITS = 1_000_000_000_000n;
/** The last end date a grant takes (uint64 seconds in the contract; ten years is plenty). */
const BUDGET_MAX_YEARS = 10;

/** A merchant as the budget needs it. */
export interface BudgetMerchant {
  id: string;
  mode: Mode;
  accountVersion: number;
  paymentAddress: string | null;
  ownerAddress: string;
}

/** One (chain, token) budget as the chain holds it now, or why it could not be read. */
export type BudgetView =
  | {
      pair: Pair;
      read: true;
      /** Zero: no budget (never granted, or revoked). */
      amountPer24hUnits: bigint;
      /** Last second it can be used; null without a budget. */
      until: Date | null;
      /** Past its end date (the amount is still stored until revoked or granted again). */
      ended: boolean;
      /** Refunded from the budget in the last 24 hours (what it allows less what is left; zero when it is not active). */
      usedUnits: bigint;
      availableUnits: bigint;
    }
  | { pair: Pair; read: false; why: string };

/** The account's budget on every enabled pair of the merchant's mode (each read on its own chain, within REFUND_CHAIN_READ_MS). */
export async function readBudgets(ctx: AppContext, m: BudgetMerchant): Promise<BudgetView[]> {
  if (m.accountVersion !== 2 || !m.paymentAddress) return [];
  const account = getAddress(m.paymentAddress);
  return Promise.all(pairsOf(ctx, m.mode).map((pair) => readBudget(ctx, account, pair)));
}

async function readBudget(ctx: AppContext, account: Address, pair: Pair): Promise<BudgetView> {
  const chain = chainById(ctx, pair.chainId);
  if (!chain) return { pair, read: false, why: "this chain is not run by this service" };
  try {
    // A read that fails (no account on this chain) rejects as itself; only a slow one says "timeout".
    const read = <T>(p: Promise<T>) => withTimeout(p, REFUND_CHAIN_READ_MS, "timeout");
    const [budget, available, block] = await Promise.all([
      read(chain.publicClient.readContract({ address: account, abi: merchantAccountV2Abi, functionName: "refundBudget", args: [pair.tokenAddress] })),
      read(chain.publicClient.readContract({ address: account, abi: merchantAccountV2Abi, functionName: "refundBudgetAvailable", args: [pair.tokenAddress] })),
      read(chain.publicClient.getBlock({ blockTag: "latest" })),
    ]);
    const [amount, until] = budget;
    const ended = amount > 0n && block.timestamp > until;
    return {
      pair,
      read: true,
      amountPer24hUnits: amount,
      until: amount > 0n ? new Date(Number(until) * 1000) : null,
      ended,
      usedUnits: amount > 0n && !ended ? amount - available : 0n,
      availableUnits: available,
    };
  } catch (err) {
    const why = err instanceof Error && err.message === "timeout" ? "the chain did not answer in time" : "the account could not be read on this chain (not deployed there yet?)";
    return { pair, read: false, why };
  }
}

/** What the owner asks for: a grant of `amountPer24hUnits` until the end of the UTC day `endDate`, or a revocation. */
export type BudgetChange = { kind: "grant"; amountPer24hUnits: bigint; endDate: string } | { kind: "revoke" };

/** The transaction the owner's wallet sends (eth_sendTransaction), and the chain to send it on. */
export interface BudgetTransaction {
  chainId: number;
  /** The owner: only it may change the budget (the contract's onlyOwner). */
  from: Address;
  /** The merchant's account. */
  to: Address;
  data: Hex;
}

/** The end of `endDate` (YYYY-MM-DD, UTC) in Unix seconds, if it is a real day after now and within BUDGET_MAX_YEARS. */
export function parseEndDate(endDate: string, nowMs: number): bigint {
  const bad = (why: string) => new ApiError("parameter_invalid", `Invalid end date: ${why}`, "end_date");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(endDate)) throw bad("expected a day as YYYY-MM-DD.");
  const start = Date.parse(`${endDate}T00:00:00Z`);
  if (Number.isNaN(start) || new Date(start).toISOString().slice(0, 10) !== endDate) throw bad(`${endDate} is not a day of the calendar.`);
  const last = start + 86_400_000 - 1000; // 23:59:59 UTC, the last second the budget can be used
  if (last <= nowMs) throw bad("it has passed; a budget ends on a day to come (the end of that day, UTC).");
  if (last > nowMs + BUDGET_MAX_YEARS * 366 * 86_400_000) throw bad(`it is more than ${BUDGET_MAX_YEARS} years ahead.`);
  return BigInt(last / 1000);
}

/**
 * The grant or revocation for the merchant's account on `pair`'s chain, checked: a v2 account, a
 * pair of its mode run by this service, an amount within (0, BUDGET_MAX_UNITS], an end date to come.
 */
export function budgetTransaction(ctx: AppContext, m: BudgetMerchant, pair: Pair, change: BudgetChange): BudgetTransaction {
  if (m.accountVersion !== 2 || !m.paymentAddress)
    throw new ApiError("account_version_unsupported", `Merchant '${m.id}' has a version 1 account: refund budgets exist only on version 2 accounts (docs/integrators.md, "Refunds").`);
  if (!chainById(ctx, pair.chainId)) throw new ApiError("mode_not_configured", `The chain ${pair.chain} is not run by this service: its budget cannot be changed from here.`);
  let data: Hex;
  if (change.kind === "revoke") data = encodeFunctionData({ abi: merchantAccountV2Abi, functionName: "revokeRefundBudget", args: [pair.tokenAddress] });
  else {
    if (change.amountPer24hUnits <= 0n) throw new ApiError("parameter_invalid", "Invalid amount per day: more than 0 (to end the budget, revoke it).", "amount_per_day");
    if (change.amountPer24hUnits > BUDGET_MAX_UNITS) throw new ApiError("parameter_invalid", "Invalid amount per day: at most 1,000,000 USD.", "amount_per_day");
    const until = parseEndDate(change.endDate, ctx.clock.now().getTime());
    data = encodeFunctionData({ abi: merchantAccountV2Abi, functionName: "grantRefundBudget", args: [pair.tokenAddress, change.amountPer24hUnits, until] });
  }
  return { chainId: pair.chainId, from: getAddress(m.ownerAddress), to: getAddress(m.paymentAddress), data };
}

/** How a budget transaction the owner's wallet sent ended: mined (success or reverted) or not yet within `timeoutMs`. */
export async function budgetTransactionOutcome(ctx: AppContext, chainId: number, hash: Hex, timeoutMs: number): Promise<"success" | "reverted" | "pending"> {
  const chain = chainById(ctx, chainId);
  if (!chain) throw new ApiError("mode_not_configured", `Chain ${chainId} is not run by this service.`);
  try {
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash, timeout: timeoutMs, pollingInterval: 250 });
    return receipt.status;
  } catch {
    return "pending";
  }
}
