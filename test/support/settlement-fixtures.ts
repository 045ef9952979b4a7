/**
 * Fixtures for the settlement tests that do not go through the payment flow: money really arrives
 * in the merchant account on the sandbox chain (TestUSDC minted to it), the ledger gets confirmed
 * intents and transactions for it, and the platform fee is really collected on-chain
 * (collectFee(feeRef(txn), amount); v2: collectFee(token, ...)), so chain and ledger agree as after
 * the matcher and fee collector. v1 and v2 merchant accounts alike (the merchant's account_version).
 */
import { getAddress, parseEventLogs, type Address, type Hex } from "viem";
import type { AppContext } from "../../src/context.ts";
import type { ChainRuntime } from "../../src/chain/runtime.ts";
import { merchantAccountAbi, merchantAccountV2Abi, testUsdcAbi, usdcAbi } from "../../contracts/abis.ts";
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

async function send(chain: ChainRuntime, write: () => Promise<Hex>) {
  const hash = await write();
  // Bounded: a fixture transaction that is never mined fails here, naming its hash, rather than as a
  // test that hangs until its timeout with nothing said (seen once in a loaded CI run).
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20, timeout: 30_000 });
  if (receipt.status !== "success") throw new Error(`fixture transaction ${hash} reverted`);
  return receipt;
}

/** The merchant's account version (app.merchants.account_version). */
export async function accountVersionOf(ctx: AppContext, merchantId: string): Promise<number> {
  const [m] = await ctx.database.sql<{ v: number }[]>`SELECT account_version::int AS v FROM app.merchants WHERE id = ${merchantId}`;
  return m?.v ?? 1;
}

/**
 * Pays `amounts` (base units, in `token`: default USDC) to the merchant's account on `chain` (default the
 * primary sandbox chain; a v2 account is on every chain) and records them as confirmed, fee-collected payments.
 */
export async function fundMerchant(ctx: AppContext, merchantId: string, amounts: bigint[], token: "USDC" | "USDT" = "USDC", chain: ChainRuntime = ctx.chains.test!): Promise<Funded> {
  const sql = ctx.database.sql;
  const [m] = await sql<{ payment_address: string; fee_rate_bps: number; account_id: string; account_version: number }[]>`
    SELECT m.payment_address, m.fee_rate_bps, am.account_id, m.account_version::int AS account_version FROM app.merchants m
    JOIN app.account_merchants am ON am.merchant_id = m.id WHERE m.id = ${merchantId} LIMIT 1`;
  if (!m) throw new Error(`no merchant ${merchantId}`);
  const account = getAddress(m.payment_address);
  const tokenAddress = chain.tokens[token];
  if (!tokenAddress) throw new Error(`no ${token} on sandbox chain ${chain.chainId}`);
  const out: Funded = { intentIds: [], transactionIds: [], netUnits: 0n };
  for (const amount of amounts) {
    const receipt = await send(chain, () => chain.sender.write({ address: tokenAddress, abi: testUsdcAbi, functionName: "mint", args: [account, amount] }));
    const [log] = parseEventLogs({ abi: usdcAbi, eventName: "Transfer", logs: receipt.logs });
    const { feeUnits, netUnits } = splitFee(amount, m.fee_rate_bps);
    const intentId = newId("paymentIntent");
    const txnId = newId("transaction");
    const now = ctx.clock.now().toISOString();
    await sql.begin(async (tx) => {
      await tx`
        INSERT INTO app.payment_intents (id, mode, account_id, merchant_id, status, amount_units, tag_units, expected_units, chain_id, token, payment_address,
                                         metadata, created_at, expires_at, confirmed_at, net_units, fee_units, tx_hash, transaction_id)
        VALUES (${intentId}, 'test', ${m.account_id}, ${merchantId}, 'confirmed', ${amount}, 0, ${amount}, ${chain.chainId}, ${token}, ${account},
                ${JSON.stringify({ order: randomBase62(6) })}::text::jsonb, ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz,
                ${netUnits}, ${feeUnits}, ${receipt.transactionHash}, ${txnId})`;
      await tx`
        INSERT INTO app.transactions (id, mode, merchant_id, payment_intent_id, status, amount_units, fee_units, net_units, fee_rate_bps, chain_id, token,
                                      tx_hash, log_index, block_number, block_hash, sender_address, payment_address, metadata, confirmed_at, fee_status)
        VALUES (${txnId}, 'test', ${merchantId}, ${intentId}, 'confirmed', ${amount}, ${feeUnits}, ${netUnits}, ${m.fee_rate_bps}, ${chain.chainId}, ${token},
                ${receipt.transactionHash}, ${log?.logIndex ?? 0}, ${receipt.blockNumber}, ${receipt.blockHash}, ${chain.operator.account.address},
                ${account}, '{}'::jsonb, ${now}::timestamptz, 'pending')`;
    });
    const fee = await send(chain, () =>
      m.account_version === 2
        ? chain.sender.write({ address: account, abi: merchantAccountV2Abi, functionName: "collectFee", args: [tokenAddress, feeRef(txnId), amount] })
        : chain.sender.write({ address: account, abi: merchantAccountAbi, functionName: "collectFee", args: [feeRef(txnId), amount] }),
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

/** The account version of a merchant account, by its address (app.merchants). */
async function versionOfAccount(ctx: AppContext, merchantAccount: string): Promise<number> {
  const [m] = await ctx.database.sql<{ v: number }[]>`SELECT account_version::int AS v FROM app.merchants WHERE lower(payment_address) = ${merchantAccount.toLowerCase()}`;
  return m?.v ?? 1;
}

/** Withdrawn logs of a settlement's ref (its USDC pair's, or `ref`) on its merchant account (on `chain`, default the primary): the on-chain truth of "how many withdrawals". */
export async function withdrawalsOnChain(ctx: AppContext, merchantAccount: string, settlementId: string, ref: Hex = withdrawalRef(settlementId), chain: ChainRuntime = ctx.chains.test!) {
  const q = { address: getAddress(merchantAccount) as Address, eventName: "Withdrawn", args: { ref }, fromBlock: 0n } as const;
  return (await versionOfAccount(ctx, merchantAccount)) === 2
    ? chain.publicClient.getContractEvents({ ...q, abi: merchantAccountV2Abi })
    : chain.publicClient.getContractEvents({ ...q, abi: merchantAccountAbi });
}

/** Every Withdrawn log of a merchant account (on `chain`, default the primary). */
export async function allWithdrawalsOnChain(ctx: AppContext, merchantAccount: string, chain: ChainRuntime = ctx.chains.test!) {
  const q = { address: getAddress(merchantAccount) as Address, eventName: "Withdrawn", fromBlock: 0n } as const;
  return (await versionOfAccount(ctx, merchantAccount)) === 2
    ? chain.publicClient.getContractEvents({ ...q, abi: merchantAccountV2Abi })
    : chain.publicClient.getContractEvents({ ...q, abi: merchantAccountAbi });
}

/** A token's balance of an address on a sandbox chain (default the primary). */
export async function tokenBalance(ctx: AppContext, token: "USDC" | "USDT", address: string, chain: ChainRuntime = ctx.chains.test!): Promise<bigint> {
  return chain.publicClient.readContract({ address: chain.tokens[token]!, abi: usdcAbi, functionName: "balanceOf", args: [getAddress(address)] });
}
