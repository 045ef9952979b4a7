/**
 * Sandbox test helpers (docs/contributors.md "Sandbox"): pay an intent from the funded sandbox payer wallet
 * on the test chain, and make an intent due now. Test keys only; the routes answer 404 otherwise.
 */
import { createWalletClient, http, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { chainById, type AppContext } from "../../context.ts";
import { testUsdcAbi, testUsdtAbi, usdcAbi } from "../../../contracts/abis.ts";
import { tokenAddressOn, type ChainRuntime } from "../../chain/runtime.ts";
import type { Principal } from "../access/authenticator.ts";
import { getVisibleIntent, intentFromDb } from "../payment-intents/service.ts";
import type { IntentRow } from "../payment-intents/shapes.ts";
import { pgTs } from "../../db/pg-values.ts";

/** Upper bound of one test payment (the sandbox payer is kept at >= 100,000 test USDC). */
export const PAY_MAX_UNITS = 100_000_000_000n;
/** Minted on top of a payment the embedded sandbox payer cannot cover. */
const PAYER_TOP_UP_UNITS = 1_000_000_000_000n;


/** Serialises sends from the payer wallet within this process, per chain, so concurrent pays get distinct nonces. */
const sendQueues = new WeakMap<ChainRuntime, Promise<unknown>>();

/**
 * Sends `units` (default: the intent's expected value) of the intent's token (test USDC or test USDT)
 * from the sandbox payer to the intent's payment address and waits for the transfer to be mined.
 * `token` pays in another token than the intent's (a wrong-token payment, recorded and never confirming). The intent is not changed here:
 * the matcher confirms it from the indexed transfer like any other payment.
 */
export async function payIntent(ctx: AppContext, intent: IntentRow, units: bigint | undefined, token: string = intent.token): Promise<{ txHash: Hex }> {
  const chain = chainById(ctx, intent.chainId);
  if (!chain || chain.mode !== "test") throw new Error(`the sandbox chain ${intent.chainId} is not configured`);
  const tokenAddress = tokenAddressOn(chain, token);
  if (!tokenAddress) throw new Error(`no ${token} on the sandbox chain ${chain.chainId}`);
  // USDT's transfer returns nothing (testUsdtAbi); both test tokens have the same open mint.
  const abi = token === "USDT" ? testUsdtAbi : usdcAbi;
  const account = privateKeyToAccount(ctx.config.sandboxPayerPrivateKey);
  const wallet = createWalletClient({ chain: chain.chain, transport: http(chain.rpcHttpUrl, { batch: false, retryCount: 3 }), account });
  const value = units ?? intent.expectedUnits;
  const txHash = await asPayer(ctx, chain, async (nonce) => {
    // The embedded sandbox's test tokens have an open faucet: top the payer up rather than fail.
    if ([ctx.config.chains.test, ...ctx.config.chains.others].some((c) => c.chainId === chain.chainId && c.embedded)) {
      const balance = await chain.publicClient.readContract({ address: tokenAddress, abi: usdcAbi, functionName: "balanceOf", args: [account.address] });
      if (balance < value) {
        await wallet.writeContract({ address: tokenAddress, abi: testUsdcAbi, functionName: "mint", args: [account.address, value + PAYER_TOP_UP_UNITS], nonce });
        nonce++;
      }
    }
    return wallet.writeContract({ address: tokenAddress, abi, functionName: "transfer", args: [intent.paymentAddress as Address, value], nonce });
  });
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash: txHash, timeout: 60_000 });
  if (receipt.status !== "success") throw new Error(`sandbox payment ${txHash} reverted`);
  return { txHash };
}

/**
 * Runs `send` (transactions of the sandbox payer's key on `chain`, from the node's pending nonce on)
 * after the sends of this process on that chain before it, so that concurrent helpers get distinct nonces. The payer's key is
 * also the demo merchant's owner key (refund approvals and budgets send with it).
 */
export function asPayer(ctx: AppContext, chain: ChainRuntime, send: (nonce: number) => Promise<Hex>): Promise<Hex> {
  const address = privateKeyToAccount(ctx.config.sandboxPayerPrivateKey).address;
  const previous = sendQueues.get(chain) ?? Promise.resolve();
  const run = previous
    .catch(() => {})
    .then(async () => send(await chain.publicClient.getTransactionCount({ address, blockTag: "pending" })));
  sendQueues.set(chain, run);
  return run;
}

/**
 * Makes an intent due now: expires_at = now if it is still awaiting payment and not already due.
 * The expirer role does the expiry itself (with its fairness rule), usually within a second.
 */
export async function makeDue(ctx: AppContext, intent: IntentRow): Promise<IntentRow> {
  const now = ctx.clock.now();
  const [row] = await ctx.database.sql`
    UPDATE app.payment_intents SET expires_at = ${pgTs(now)}::timestamptz
    WHERE id = ${intent.id} AND status = 'awaiting_payment' AND expires_at > ${pgTs(now)}::timestamptz
    RETURNING *`;
  if (row) return intentFromDb(row);
  const [current] = await ctx.database.sql`SELECT * FROM app.payment_intents WHERE id = ${intent.id}`;
  return current ? intentFromDb(current) : intent;
}

export async function reloadIntent(ctx: AppContext, p: Principal, id: string): Promise<IntentRow> {
  return getVisibleIntent(ctx, p, id);
}
