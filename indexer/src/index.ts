/**
 * Indexing handlers: one row per log, columns named for data teams (see ponder.schema.ts).
 * Handlers only insert; Ponder runs them in chain order and reverts their rows on reorgs.
 *
 * The USDC source carries every transfer of the token; only those to an account the factory
 * created are kept (indexer/README.md, "Why every transfer"). `indexed_merchant_account` is both
 * the lookup and the record of which accounts are followed from which block: an account is
 * followed from the block of its `AccountCreated`, and Ponder runs the handlers in chain order,
 * so no transfer to it can be looked up before it is known.
 */
import { ponder } from "ponder:registry";
import {
  chainCheckpoint,
  feeCollected,
  indexedMerchantAccount,
  merchantAccountCreated,
  payoutAddressChanged,
  usdcTransfer,
  withdrawal,
} from "ponder:schema";
type Hex = `0x${string}`;

const lower = (h: Hex): Hex => h.toLowerCase() as Hex;

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
  // Not a merchant account: the chain's other traffic, not ours to keep.
  if (!(await context.db.find(indexedMerchantAccount, { id: accountId(context.chain.id, to) }))) return;
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

ponder.on("MerchantAccount:FeeCollected", async ({ event, context }) => {
  await context.db.insert(feeCollected).values({
    ...logColumns(context.chain.id, event),
    merchant_account: lower(event.log.address),
    ref: lower(event.args.ref),
    payment_amount: event.args.paymentAmount,
    fee: event.args.fee,
    recipient: lower(event.args.recipient),
  });
});

ponder.on("MerchantAccount:Withdrawn", async ({ event, context }) => {
  await context.db.insert(withdrawal).values({
    ...logColumns(context.chain.id, event),
    merchant_account: lower(event.log.address),
    ref: lower(event.args.ref),
    to_address: lower(event.args.to),
    amount: event.args.amount,
    by_address: lower(event.args.by),
  });
});

ponder.on("MerchantAccount:PayoutAddressChanged", async ({ event, context }) => {
  await context.db.insert(payoutAddressChanged).values({
    ...logColumns(context.chain.id, event),
    merchant_account: lower(event.log.address),
    previous_address: lower(event.args.previous),
    current_address: lower(event.args.current),
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
