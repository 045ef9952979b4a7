/**
 * Sandbox stand-ins for a merchant owner's wallet, for merchants whose owner key the
 * sandbox knows (its payer key: the demo merchant's owner, and any test merchant onboarded with that
 * owner): sign a refund that waits for approval, and grant or revoke the refund budget on chain.
 */
import { createWalletClient, getAddress, http, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { chainById, type AppContext } from "../../context.ts";
import { merchantAccountV2Abi } from "../../../contracts/abis.ts";
import type { Pair } from "../../chain/pairs.ts";
import { ApiError } from "../../domain/errors.ts";
import { approveRefund, refundTypedData } from "../refunds/service.ts";
import type { RefundRow } from "../refunds/shapes.ts";
import type { MerchantRow } from "../merchants/service.ts";
import { asPayer } from "./service.ts";

/** How long an authorization signed by the helper stays valid. */
const APPROVAL_TTL_S = 3_600n;
/** A budget granted by the helper ends this long after it is granted. */
const BUDGET_DAYS = 365n;

/** The owner key the sandbox knows for a merchant, or 400 owner_key_unknown. */
function ownerKey(ctx: AppContext, m: { id: string; ownerAddress: string }) {
  const owner = privateKeyToAccount(ctx.config.sandboxPayerPrivateKey);
  if (getAddress(m.ownerAddress) !== owner.address)
    throw new ApiError(
      "owner_key_unknown",
      `The sandbox does not hold the owner key of merchant '${m.id}' (owner ${getAddress(m.ownerAddress)}); only merchants owned by the sandbox's payer wallet (${owner.address}), the demo merchant's owner, can be approved or budgeted from here. The owner signs with their own wallet otherwise.`,
    );
  return owner;
}

function chainOf(ctx: AppContext, chainId: number) {
  const chain = chainById(ctx, chainId);
  if (!chain || chain.mode !== "test") throw new ApiError("mode_not_configured", `The sandbox chain ${chainId} is not configured on this service.`);
  return chain;
}

/** Signs refund `r` as the merchant's owner (EIP-712, deadline one hour of chain time ahead) and hands the authorization to the service. */
export async function approveAsOwner(ctx: AppContext, r: RefundRow, owner: { id: string; ownerAddress: string }): Promise<RefundRow> {
  if (r.status !== "requires_approval")
    throw new ApiError("refund_not_approvable", `This refund cannot be approved because its status is '${r.status}'; only a refund in status 'requires_approval' can be.`);
  const key = ownerKey(ctx, owner);
  const chain = chainOf(ctx, r.chainId);
  const block = await chain.publicClient.getBlock({ blockTag: "latest" });
  const deadline = block.timestamp + APPROVAL_TTL_S;
  const signature = await key.signTypedData(refundTypedData(r, deadline));
  return approveRefund(ctx, r, signature, new Date(Number(deadline) * 1000));
}

export interface BudgetState {
  amountPer24hUnits: bigint;
  availableUnits: bigint;
  until: Date | null;
  txHash: Hex;
}

/** grantRefundBudget(token, amountPerDay, now + 365 days) from the owner's wallet, or revokeRefundBudget(token) for 0. */
export async function setRefundBudget(ctx: AppContext, m: MerchantRow, pair: Pair, amountPerDayUnits: bigint): Promise<BudgetState> {
  if (m.accountVersion !== 2 || !m.paymentAddress)
    throw new ApiError("account_version_unsupported", `Merchant '${m.id}' has a version 1 account: refund budgets exist only on version 2 accounts (docs/integrators.md, "Refunds").`);
  const key = ownerKey(ctx, m);
  const chain = chainOf(ctx, pair.chainId);
  const account = getAddress(m.paymentAddress);
  const wallet = createWalletClient({ chain: chain.chain, transport: http(chain.rpcHttpUrl, { batch: false, retryCount: 3 }), account: key });
  const block = await chain.publicClient.getBlock({ blockTag: "latest" });
  const until = block.timestamp + BUDGET_DAYS * 86_400n;
  const hash = await asPayer(ctx, chain, (nonce) =>
    amountPerDayUnits === 0n
      ? wallet.writeContract({ address: account, abi: merchantAccountV2Abi, functionName: "revokeRefundBudget", args: [pair.tokenAddress], nonce })
      : wallet.writeContract({ address: account, abi: merchantAccountV2Abi, functionName: "grantRefundBudget", args: [pair.tokenAddress, amountPerDayUnits, until], nonce }),
  );
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash, timeout: 60_000 });
  if (receipt.status !== "success") throw new Error(`refund budget transaction ${hash} reverted`);
  const available = await chain.publicClient.readContract({ address: account, abi: merchantAccountV2Abi, functionName: "refundBudgetAvailable", args: [pair.tokenAddress] });
  return { amountPer24hUnits: amountPerDayUnits, availableUnits: available, until: amountPerDayUnits === 0n ? null : new Date(Number(until) * 1000), txHash: hash };
}
