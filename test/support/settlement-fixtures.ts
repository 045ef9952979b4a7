/**
 * Fixtures for the settlement tests that do not go through the payment flow: money really arrives
 * in the merchant account on the sandbox chain (TestUSDC minted to it), the ledger gets confirmed
 * intents and transactions for it, and the platform fee is really collected on-chain
 * (collectFee(feeRef(txn), amount)), so chain and ledger agree as after the matcher and fee collector.
 */
import { getAddress, parseEventLogs, type Address, type Hex } from "viem";
import type { AppContext } from "../../src/context.ts";
import { merchantAccountAbi, testUsdcAbi, usdcAbi } from "../../contracts/abis.ts";
import { newId, randomBase62 } from "../../src/domain/ids.ts";
import { splitFee } from "../../src/domain/money.ts";
import { feeRef } from "../../src/modules/fees/ref.ts";
import { withdrawalRef } from "../../src/modules/settlements/withdrawal.ts";
import { randomBytes } from "node:crypto";

export interface Funded {
  intentIds: string[];
  transactionIds: string[];
  netUnits: bigint;
}

async function send(ctx: AppContext, write: () => Promise<Hex>) {
  const chain = ctx.chains.test!;
  const hash = await write();
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  if (receipt.status !== "success") throw new Error(`fixture transaction ${hash} reverted`);
  return receipt;
}

/** Pays `amounts` (base units) to the merchant's account and records them as confirmed, fee-collected payments. */
export async function fundMerchant(ctx: AppContext, merchantId: string, amounts: bigint[]): Promise<Funded> {
  const chain = ctx.chains.test!;
  const sql = ctx.database.sql;
  const [m] = await sql<{ payment_address: string; fee_rate_bps: number; account_id: string }[]>`
    SELECT m.payment_address, m.fee_rate_bps, am.account_id FROM app.merchants m
    JOIN app.account_merchants am ON am.merchant_id = m.id WHERE m.id = ${merchantId} LIMIT 1`;
  if (!m) throw new Error(`no merchant ${merchantId}`);
  const account = getAddress(m.payment_address);
  const out: Funded = { intentIds: [], transactionIds: [], netUnits: 0n };
  for (const amount of amounts) {
    const receipt = await send(ctx, () => chain.sender.write({ address: chain.usdc, abi: testUsdcAbi, functionName: "mint", args: [account, amount] }));
    const [log] = parseEventLogs({ abi: usdcAbi, eventName: "Transfer", logs: receipt.logs });
    const { feeUnits, netUnits } = splitFee(amount, m.fee_rate_bps);
    const intentId = newId("paymentIntent");
    const txnId = newId("transaction");
    const now = ctx.clock.now().toISOString();
    await sql.begin(async (tx) => {
      await tx`
        INSERT INTO app.payment_intents (id, mode, account_id, merchant_id, status, amount_units, tag_units, expected_units, chain_id, payment_address,
                                         metadata, created_at, expires_at, confirmed_at, net_units, fee_units, tx_hash, transaction_id)
        VALUES (${intentId}, 'test', ${m.account_id}, ${merchantId}, 'confirmed', ${amount}, 0, ${amount}, ${chain.chainId}, ${account},
                ${JSON.stringify({ order: randomBase62(6) })}::text::jsonb, ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz,
                ${netUnits}, ${feeUnits}, ${receipt.transactionHash}, ${txnId})`;
      await tx`
        INSERT INTO app.transactions (id, mode, merchant_id, payment_intent_id, status, amount_units, fee_units, net_units, fee_rate_bps, chain_id,
                                      tx_hash, log_index, block_number, block_hash, sender_address, payment_address, metadata, confirmed_at, fee_status)
        VALUES (${txnId}, 'test', ${merchantId}, ${intentId}, 'confirmed', ${amount}, ${feeUnits}, ${netUnits}, ${m.fee_rate_bps}, ${chain.chainId},
                ${receipt.transactionHash}, ${log?.logIndex ?? 0}, ${receipt.blockNumber}, ${receipt.blockHash}, ${chain.operator.account.address},
                ${account}, '{}'::jsonb, ${now}::timestamptz, 'pending')`;
    });
    const fee = await send(ctx, () =>
      chain.sender.write({ address: account, abi: merchantAccountAbi, functionName: "collectFee", args: [feeRef(txnId), amount] }),
    );
    await sql`
      UPDATE app.transactions SET fee_status = 'collected', fee_tx_hash = ${fee.transactionHash}, fee_collected_at = ${now}::timestamptz
      WHERE id = ${txnId}`;
    out.intentIds.push(intentId);
    out.transactionIds.push(txnId);
    out.netUnits += netUnits;
  }
  return out;
}

/** A confirmed, fee-collected ledger row with NO money behind it (to make a withdrawal revert). */
export async function recordUnfundedPayment(ctx: AppContext, merchantId: string, amount: bigint): Promise<string> {
  const chain = ctx.chains.test!;
  const [m] = await ctx.database.sql<{ payment_address: string }[]>`SELECT payment_address FROM app.merchants WHERE id = ${merchantId}`;
  const { feeUnits, netUnits } = splitFee(amount, 100);
  const txnId = newId("transaction");
  const now = ctx.clock.now().toISOString();
  await ctx.database.sql`
    INSERT INTO app.transactions (id, mode, merchant_id, status, amount_units, fee_units, net_units, fee_rate_bps, chain_id, tx_hash, log_index,
                                  block_number, sender_address, payment_address, metadata, confirmed_at, fee_status)
    VALUES (${txnId}, 'test', ${merchantId}, 'confirmed', ${amount}, ${feeUnits}, ${netUnits}, 100, ${chain.chainId},
            ${`0x${randomBytes(32).toString("hex")}`}, 0, 1, ${chain.operator.account.address}, ${m!.payment_address}, '{}'::jsonb,
            ${now}::timestamptz, 'collected')`;
  return txnId;
}

export async function usdcBalance(ctx: AppContext, address: string): Promise<bigint> {
  const chain = ctx.chains.test!;
  return chain.publicClient.readContract({ address: chain.usdc, abi: usdcAbi, functionName: "balanceOf", args: [getAddress(address)] });
}

/** Withdrawn logs of a settlement's ref on its merchant account: the on-chain truth of "how many withdrawals". */
export async function withdrawalsOnChain(ctx: AppContext, merchantAccount: string, settlementId: string) {
  const chain = ctx.chains.test!;
  return chain.publicClient.getContractEvents({
    address: getAddress(merchantAccount) as Address,
    abi: merchantAccountAbi,
    eventName: "Withdrawn",
    args: { ref: withdrawalRef(settlementId) },
    fromBlock: 0n,
  });
}

/** Every Withdrawn log of a merchant account. */
export async function allWithdrawalsOnChain(ctx: AppContext, merchantAccount: string) {
  const chain = ctx.chains.test!;
  return chain.publicClient.getContractEvents({ address: getAddress(merchantAccount) as Address, abi: merchantAccountAbi, eventName: "Withdrawn", fromBlock: 0n });
}
