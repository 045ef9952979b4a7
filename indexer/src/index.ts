/**
 * Indexing handlers: one row per log, columns named for data teams (see ponder.schema.ts).
 * Handlers only insert; Ponder runs them in chain order and reverts their rows on reorgs.
 *
 * The USDC source carries every transfer of each followed token (USDC, and USDT where the chain
 * config names it: `token_address` tells them apart); only those to an account the factory
 * created are kept (indexer/README.md, "Why every transfer"). `indexed_merchant_account` is both
 * the lookup and the record of which accounts are followed from which block: an account is
 * followed from the block of its `AccountCreated`, and Ponder runs the handlers in chain order,
 * so no transfer to it can be looked up before it is known.
 *
 * Transfers to a deposit address (one per intent, computed off-chain, no code until swept) are
 * kept the same way, with `merchant_account` = the deposit address; the set of those addresses is
 * the service's (../deposit-addresses.ts; indexer/README.md "Deposit addresses").
 *
 * v2 accounts (MerchantAccountFactoryV2) are followed the same way: their AccountCreated
 * lists them in `indexed_merchant_account`, so USDC transfers to them are kept exactly like
 * transfers to v1 accounts. Anyone may create a v2 account, so when the chain config names the
 * service's `operators` (the current key and every earlier one), only accounts created with one of
 * them are followed; the events of other v2 accounts (Ponder's factory pattern delivers every
 * account's) are dropped. A stranger may still create an account naming our operator: its
 * transfers are indexed, and the service's matcher keeps them aside as foreign.
 * `token_address` of fees and withdrawals: v2 events carry it; a v1 account holds only the chain's
 * USDC (its factory's token), which is what its rows get.
 */
import { ponder } from "ponder:registry";
import {
  chainCheckpoint,
  feeCollected,
  indexedMerchantAccount,
  merchantAccountCreated,
  payoutAddressChanged,
  refundBudgetChanged,
  refundCancelled,
  refundPaid,
  usdcTransfer,
  withdrawal,
} from "ponder:schema";
import { parseIndexerChains } from "../chains.ts";
import { DepositAddresses, rpcHead } from "../deposit-addresses.ts";
type Hex = `0x${string}`;

/** Per chain id: its USDC (the token of v1 accounts) and the operators v2 accounts must name (if set). */
const chainConfig = new Map(parseIndexerChains().map((c) => [c.chainId, c]));
const operatorsOf = new Map(parseIndexerChains().map((c) => [c.chainId, c.operators ? new Set<string>(c.operators) : undefined]));
const usdcOf = (chainId: number): Hex => {
  const c = chainConfig.get(chainId);
  if (!c) throw new Error(`chain ${chainId} is not in the indexer's configuration`);
  return c.usdc;
};

const lower = (h: Hex): Hex => h.toLowerCase() as Hex;

// The service's deposit addresses (app.deposit_addresses, read only): see ../deposit-addresses.ts.
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL is not set: the indexer needs Postgres");
const depositAddresses = new DepositAddresses(new Bun.SQL({ url: databaseUrl, max: 1, idleTimeout: 60 }), (chainId) => {
  const c = chainConfig.get(chainId);
  if (!c) return Promise.reject(new Error(`chain ${chainId} is not in the indexer's configuration`));
  return rpcHead(c.rpcHttp);
});

/** The columns every event table shares. */
function logColumns(
  chainId: number,
  event: {
    block: { number: bigint; timestamp: bigint; hash: Hex };
    transaction: { hash: Hex };
    log: { logIndex: number };
  },
) {
  return {
    id: `${chainId}-${lower(event.transaction.hash)}-${event.log.logIndex}`,
    chain_id: chainId,
    block_number: Number(event.block.number),
    block_timestamp: Number(event.block.timestamp),
    block_hash: lower(event.block.hash),
    transaction_hash: lower(event.transaction.hash),
    log_index: event.log.logIndex,
  };
}

const accountId = (chainId: number, account: Hex) => `${chainId}-${account}`;

ponder.on("USDC:Transfer", async ({ event, context }) => {
  const to = lower(event.args.to);
  // Neither a merchant account nor a deposit address: the chain's other traffic, not ours to keep.
  // (A stranger's transfer costs the account lookup and, in a block already covered, one set lookup.)
  if (
    !(await context.db.find(indexedMerchantAccount, { id: accountId(context.chain.id, to) })) &&
    !(await depositAddresses.has(context.chain.id, event.block.number, lower(event.block.hash), to))
  )
    return;
  await context.db.insert(usdcTransfer).values({
    ...logColumns(context.chain.id, event),
    token_address: lower(event.log.address),
    from_address: lower(event.args.from),
    to_address: to,
    value: event.args.value,
    merchant_account: to,
  });
});

ponder.on("MerchantAccountFactory:AccountCreated", async ({ event, context }) => {
  await context.db.insert(merchantAccountCreated).values({
    ...logColumns(context.chain.id, event),
    factory_address: lower(event.log.address),
    salt: lower(event.args.salt),
    merchant_account: lower(event.args.account),
    owner_address: lower(event.args.owner),
    payout_address: lower(event.args.payoutAddress),
    fee_rate_bps: event.args.feeRateBps,
  });
  const account = lower(event.args.account);
  await context.db
    .insert(indexedMerchantAccount)
    .values({ id: accountId(context.chain.id, account), chain_id: context.chain.id, merchant_account: account, from_block: Number(event.block.number) })
    .onConflictDoNothing();
});

ponder.on("MerchantAccountFactoryV2:AccountCreated", async ({ event, context }) => {
  const operators = operatorsOf.get(context.chain.id);
  // Not created with one of the service's operators (current or earlier): not one of our merchants' accounts.
  if (operators && !operators.has(lower(event.args.operator))) return;
  const account = lower(event.args.account);
  await context.db.insert(merchantAccountCreated).values({
    ...logColumns(context.chain.id, event),
    factory_address: lower(event.log.address),
    salt: lower(event.args.salt),
    merchant_account: account,
    owner_address: lower(event.args.owner),
    payout_address: lower(event.args.payoutAddress),
    fee_rate_bps: event.args.feeRateBps,
    operator_address: lower(event.args.operator),
    fee_recipient_address: lower(event.args.feeRecipient),
  });
  await context.db
    .insert(indexedMerchantAccount)
    .values({ id: accountId(context.chain.id, account), chain_id: context.chain.id, merchant_account: account, from_block: Number(event.block.number) })
    .onConflictDoNothing();
});

type AccountContext = { chain: { id: number }; db: { find: (table: typeof indexedMerchantAccount, key: { id: string }) => Promise<unknown> } };
/** A v2 account the indexer follows (listed by the v2 AccountCreated handler). */
const followedV2 = async (context: AccountContext, account: Hex) =>
  (await context.db.find(indexedMerchantAccount, { id: accountId(context.chain.id, lower(account)) })) !== null;

type FeeArgs = { ref: Hex; paymentAmount: bigint; fee: bigint; recipient: Hex };
type WithdrawnArgs = { ref: Hex; to: Hex; amount: bigint; by: Hex };

const feeRow = (chainId: number, event: Parameters<typeof logColumns>[1] & { log: { address: Hex }; args: FeeArgs }, token: Hex) => ({
  ...logColumns(chainId, event),
  merchant_account: lower(event.log.address),
  ref: lower(event.args.ref),
  payment_amount: event.args.paymentAmount,
  fee: event.args.fee,
  recipient: lower(event.args.recipient),
  token_address: lower(token),
});

const withdrawalRow = (chainId: number, event: Parameters<typeof logColumns>[1] & { log: { address: Hex }; args: WithdrawnArgs }, token: Hex) => ({
  ...logColumns(chainId, event),
  merchant_account: lower(event.log.address),
  ref: lower(event.args.ref),
  to_address: lower(event.args.to),
  amount: event.args.amount,
  by_address: lower(event.args.by),
  token_address: lower(token),
});

const payoutRow = (chainId: number, event: Parameters<typeof logColumns>[1] & { log: { address: Hex }; args: { previous: Hex; current: Hex } }) => ({
  ...logColumns(chainId, event),
  merchant_account: lower(event.log.address),
  previous_address: lower(event.args.previous),
  current_address: lower(event.args.current),
});

ponder.on("MerchantAccount:FeeCollected", async ({ event, context }) => {
  await context.db.insert(feeCollected).values(feeRow(context.chain.id, event, usdcOf(context.chain.id)));
});

ponder.on("MerchantAccount:Withdrawn", async ({ event, context }) => {
  await context.db.insert(withdrawal).values(withdrawalRow(context.chain.id, event, usdcOf(context.chain.id)));
});

ponder.on("MerchantAccount:PayoutAddressChanged", async ({ event, context }) => {
  await context.db.insert(payoutAddressChanged).values(payoutRow(context.chain.id, event));
});

ponder.on("MerchantAccountV2:FeeCollected", async ({ event, context }) => {
  if (!(await followedV2(context, event.log.address))) return;
  await context.db.insert(feeCollected).values(feeRow(context.chain.id, event, event.args.token));
});

ponder.on("MerchantAccountV2:Withdrawn", async ({ event, context }) => {
  if (!(await followedV2(context, event.log.address))) return;
  await context.db.insert(withdrawal).values(withdrawalRow(context.chain.id, event, event.args.token));
});

// The constructor's PayoutAddressChanged (from 0x0) comes before the factory's AccountCreated in the
// same transaction, when the account is not listed yet: for v2 accounts it is not recorded (the
// first payout address is merchant_account_created.payout_address); later changes are.
ponder.on("MerchantAccountV2:PayoutAddressChanged", async ({ event, context }) => {
  if (!(await followedV2(context, event.log.address))) return;
  await context.db.insert(payoutAddressChanged).values(payoutRow(context.chain.id, event));
});

// A v2 account's refunds and its owner's refund budget: what the owner authorized the operator to
// pay, and what each refund paid, for data teams to reconcile against app.refunds.
ponder.on("MerchantAccountV2:Refunded", async ({ event, context }) => {
  if (!(await followedV2(context, event.log.address))) return;
  await context.db.insert(refundPaid).values({
    ...logColumns(context.chain.id, event),
    merchant_account: lower(event.log.address),
    refund_ref: lower(event.args.refundId),
    payment_ref: lower(event.args.ref),
    token_address: lower(event.args.token),
    to_address: lower(event.args.to),
    amount: event.args.amount,
    by_address: lower(event.args.by),
  });
});

ponder.on("MerchantAccountV2:RefundCancelled", async ({ event, context }) => {
  if (!(await followedV2(context, event.log.address))) return;
  await context.db.insert(refundCancelled).values({
    ...logColumns(context.chain.id, event),
    merchant_account: lower(event.log.address),
    refund_ref: lower(event.args.refundId),
  });
});

ponder.on("MerchantAccountV2:BudgetGranted", async ({ event, context }) => {
  if (!(await followedV2(context, event.log.address))) return;
  await context.db.insert(refundBudgetChanged).values({
    ...logColumns(context.chain.id, event),
    merchant_account: lower(event.log.address),
    token_address: lower(event.args.token),
    kind: "granted",
    amount_per_24h: event.args.amountPer24h,
    until_timestamp: event.args.until,
  });
});

ponder.on("MerchantAccountV2:BudgetRevoked", async ({ event, context }) => {
  if (!(await followedV2(context, event.log.address))) return;
  await context.db.insert(refundBudgetChanged).values({
    ...logColumns(context.chain.id, event),
    merchant_account: lower(event.log.address),
    token_address: lower(event.args.token),
    kind: "revoked",
    amount_per_24h: null,
    until_timestamp: null,
  });
});

// Runs after every log of its block (a block event sorts last within the block), so the row says
// "all logs up to and including this block are in the tables". See chain_checkpoint in the schema.
ponder.on("ChainCheckpoint:block", async ({ event, context }) => {
  const row = {
    block_number: Number(event.block.number),
    block_hash: lower(event.block.hash),
    block_timestamp: Number(event.block.timestamp),
  };
  await context.db
    .insert(chainCheckpoint)
    .values({ chain_id: context.chain.id, chain_name: context.chain.name, ...row })
    .onConflictDoUpdate(row);
});
