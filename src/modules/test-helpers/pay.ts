/**
 * The sandbox's customer: pays a test intent from the sandbox payer's wallet (funded with test USDC and
 * USDT at the sandbox's start), exactly what the intent asks (its amount plus its tag) in its token on
 * its chain, as a customer's wallet would. For the README's tour and scripts: `npm run cli -- sandbox pay`.
 */
import { createWalletClient, erc20Abi, getAddress, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { chainById, type AppContext } from "../../context.ts";
import { tokenAddressOn } from "../../chain/runtime.ts";

export class SandboxPayError extends Error {}

export interface SandboxPayment {
  payment_intent: string;
  chain_id: number;
  token: string;
  to: string;
  value_units: string;
  tx_hash: string;
  block_number: number;
}

export async function paySandboxIntent(ctx: AppContext, intentId: string): Promise<SandboxPayment> {
  const [intent] = await ctx.database.sql<{ mode: string; status: string; chain_id: number; token: string; payment_address: string; expected_units: string }[]>`
    SELECT mode, status, chain_id, token, payment_address, expected_units::text AS expected_units FROM app.payment_intents WHERE id = ${intentId}`;
  if (!intent) throw new SandboxPayError(`no payment intent ${intentId}`);
  if (intent.mode !== "test") throw new SandboxPayError(`${intentId} is a live intent: only test intents are paid from the sandbox wallet`);
  if (intent.status !== "awaiting_payment") throw new SandboxPayError(`${intentId} is ${intent.status}, not awaiting payment`);
  const chain = chainById(ctx, Number(intent.chain_id));
  const token = chain && tokenAddressOn(chain, intent.token);
  if (!chain || !token) throw new SandboxPayError(`${intentId} asks for ${intent.token} on chain ${intent.chain_id}, which this configuration does not run`);
  const wallet = createWalletClient({ chain: chain.chain, transport: http(chain.rpcHttpUrl), account: privateKeyToAccount(ctx.config.sandboxPayerPrivateKey) });
  const to = getAddress(intent.payment_address);
  const value = BigInt(intent.expected_units);
  const hash = await wallet.writeContract({ address: token, abi: erc20Abi, functionName: "transfer", args: [to, value] });
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100, timeout: 60_000 });
  if (receipt.status !== "success") throw new SandboxPayError(`the payment ${hash} reverted`);
  return { payment_intent: intentId, chain_id: chain.chainId, token: intent.token, to, value_units: String(value), tx_hash: hash, block_number: Number(receipt.blockNumber) };
}
