/**
 * The indexer's tables (Ponder onchain tables). Readers use them through the views schema
 * (`<viewsSchema>.<table>`), never through an instance schema (`ponder_<hash>`), which is replaced
 * whenever the merchant address list changes. See indexer/README.md for the data team's guide.
 *
 * Conventions, for every event table:
 * - `id` = `${chain_id}-${transaction_hash}-${log_index}`: unique per log and stable across
 *   re-indexing (a restart on a new schema produces the same ids).
 * - `chain_id`, `block_number`, `block_timestamp` (unix seconds, as in the block header),
 *   `block_hash`, `transaction_hash`, `log_index` (position of the log in its block).
 * - Addresses and hashes are lowercase 0x-hex text; token amounts are USDC base units
 *   (6 decimals) in numeric(78,0), never floats.
 * - Within a chain, (block_number, log_index) orders logs exactly as the chain does.
 *
 * Rows of blocks that are reorganised away are deleted by Ponder (it keeps reorg shadow tables),
 * so the tables always describe the chain Ponder currently follows.
 *
 * THE ORDER OF THE TABLES BELOW IS A CONTRACT: append new tables at the end, never reorder.
 * When an instance swaps the views (see src/chain/indexer/) it drops and recreates them
 * in one transaction, in this declaration order, holding each one's ACCESS EXCLUSIVE lock until it
 * commits. A reader that touches several views in one statement or transaction must open them in
 * the same order (usdc_transfer, merchant_account_created, fee_collected, withdrawal,
 * payout_address_changed, chain_checkpoint, indexed_merchant_account, refund_paid,
 * refund_cancelled, refund_budget_changed); otherwise it can deadlock
 * with the swap, and Postgres then aborts one of the two (the reader's query, or Ponder's start).
 * Postgres opens relations in the FROM clause first (left to right, ON conditions included), then
 * in the select list, then in WHERE.
 */
import { index, onchainTable } from "ponder";

/**
 * Transfer logs whose `to` is a merchant account (one listed in indexed_merchant_account) or a
 * deposit address the service handed out (app.deposit_addresses: one per deposit intent, no code
 * until swept), of every token the indexer follows on the chain: USDC, and USDT where enabled. The
 * name is the table's from before USDT; `token_address` says which token (filter on it for USDC alone).
 */
export const usdcTransfer = onchainTable(
  "usdc_transfer",
  (t) => ({
    id: t.text().primaryKey(),
    chain_id: t.int8({ mode: "number" }).notNull(),
    block_number: t.int8({ mode: "number" }).notNull(),
    block_timestamp: t.int8({ mode: "number" }).notNull(),
    block_hash: t.hex().notNull(),
    transaction_hash: t.hex().notNull(),
    log_index: t.integer().notNull(),
    /** The token contract that emitted the log (the chain's USDC, or its USDT where enabled). */
    token_address: t.hex().notNull(),
    from_address: t.hex().notNull(),
    to_address: t.hex().notNull(),
    /** Base units of the token (1 USDC = 1 USDT = 1,000,000). */
    value: t.bigint().notNull(),
    /** The merchant account or deposit address that received the transfer (= to_address). */
    merchant_account: t.hex().notNull(),
  }),
  (table) => ({
    // The matcher's cursor: transfers of a chain in chain order.
    chainPositionIdx: index("usdc_transfer_chain_position_idx").on(
      table.chain_id,
      table.block_number,
      table.log_index,
    ),
    // Data teams: "payments to this account over time".
    toTimeIdx: index("usdc_transfer_to_time_idx").on(table.to_address, table.block_timestamp),
    timeIdx: index("usdc_transfer_time_idx").on(table.block_timestamp),
    txIdx: index("usdc_transfer_tx_idx").on(table.transaction_hash),
  }),
);

/**
 * AccountCreated of MerchantAccountFactory (v1) and MerchantAccountFactoryV2 (`factory_address`
 * tells them apart): one row per merchant account created (v2: those the indexer follows).
 */
export const merchantAccountCreated = onchainTable(
  "merchant_account_created",
  (t) => ({
    id: t.text().primaryKey(),
    chain_id: t.int8({ mode: "number" }).notNull(),
    block_number: t.int8({ mode: "number" }).notNull(),
    block_timestamp: t.int8({ mode: "number" }).notNull(),
    block_hash: t.hex().notNull(),
    transaction_hash: t.hex().notNull(),
    log_index: t.integer().notNull(),
    factory_address: t.hex().notNull(),
    salt: t.hex().notNull(),
    merchant_account: t.hex().notNull(),
    owner_address: t.hex().notNull(),
    payout_address: t.hex().notNull(),
    fee_rate_bps: t.integer().notNull(),
    /** v2 accounts only (null for v1, whose factory fixes them): the account's operator and fee recipient. */
    operator_address: t.hex(),
    fee_recipient_address: t.hex(),
  }),
  (table) => ({
    accountIdx: index("merchant_account_created_account_idx").on(table.merchant_account),
    chainPositionIdx: index("merchant_account_created_chain_position_idx").on(
      table.chain_id,
      table.block_number,
      table.log_index,
    ),
  }),
);

/** FeeCollected of a v1 or v2 merchant account: the platform fee charged on one payment. */
export const feeCollected = onchainTable(
  "fee_collected",
  (t) => ({
    id: t.text().primaryKey(),
    chain_id: t.int8({ mode: "number" }).notNull(),
    block_number: t.int8({ mode: "number" }).notNull(),
    block_timestamp: t.int8({ mode: "number" }).notNull(),
    block_hash: t.hex().notNull(),
    transaction_hash: t.hex().notNull(),
    log_index: t.integer().notNull(),
    merchant_account: t.hex().notNull(),
    /** keccak256 of the ledger's transaction id. */
    ref: t.hex().notNull(),
    payment_amount: t.bigint().notNull(),
    fee: t.bigint().notNull(),
    recipient: t.hex().notNull(),
    /** The token of the fee: from the event (v2), the chain's USDC for v1 accounts (USDC only). */
    token_address: t.hex().notNull(),
  }),
  (table) => ({
    refIdx: index("fee_collected_ref_idx").on(table.merchant_account, table.ref),
    accountTimeIdx: index("fee_collected_account_time_idx").on(table.merchant_account, table.block_timestamp),
    chainPositionIdx: index("fee_collected_chain_position_idx").on(
      table.chain_id,
      table.block_number,
      table.log_index,
    ),
  }),
);

/** Withdrawn of a v1 or v2 merchant account: a payout to the merchant's payout address. */
export const withdrawal = onchainTable(
  "withdrawal",
  (t) => ({
    id: t.text().primaryKey(),
    chain_id: t.int8({ mode: "number" }).notNull(),
    block_number: t.int8({ mode: "number" }).notNull(),
    block_timestamp: t.int8({ mode: "number" }).notNull(),
    block_hash: t.hex().notNull(),
    transaction_hash: t.hex().notNull(),
    log_index: t.integer().notNull(),
    merchant_account: t.hex().notNull(),
    /** An identifier of the payout, e.g. keccak256 of the settlement id. */
    ref: t.hex().notNull(),
    to_address: t.hex().notNull(),
    amount: t.bigint().notNull(),
    /** Who called withdraw: the operator (the service) or the owner. */
    by_address: t.hex().notNull(),
    /** The token withdrawn: from the event (v2), the chain's USDC for v1 accounts (USDC only). */
    token_address: t.hex().notNull(),
  }),
  (table) => ({
    refIdx: index("withdrawal_ref_idx").on(table.merchant_account, table.ref),
    accountTimeIdx: index("withdrawal_account_time_idx").on(table.merchant_account, table.block_timestamp),
    chainPositionIdx: index("withdrawal_chain_position_idx").on(table.chain_id, table.block_number, table.log_index),
  }),
);

/**
 * PayoutAddressChanged of a merchant account. v1: the constructor emits one from 0x0 to the first
 * address. v2: only later changes (the constructor's comes before the account is followed; its
 * first payout address is merchant_account_created.payout_address).
 */
export const payoutAddressChanged = onchainTable(
  "payout_address_changed",
  (t) => ({
    id: t.text().primaryKey(),
    chain_id: t.int8({ mode: "number" }).notNull(),
    block_number: t.int8({ mode: "number" }).notNull(),
    block_timestamp: t.int8({ mode: "number" }).notNull(),
    block_hash: t.hex().notNull(),
    transaction_hash: t.hex().notNull(),
    log_index: t.integer().notNull(),
    merchant_account: t.hex().notNull(),
    previous_address: t.hex().notNull(),
    current_address: t.hex().notNull(),
  }),
  (table) => ({
    accountTimeIdx: index("payout_address_changed_account_time_idx").on(
      table.merchant_account,
      table.block_number,
      table.log_index,
    ),
  }),
);

/**
 * Indexing progress, one row per chain: every log of the indexed contracts in blocks
 * <= block_number is in the tables above (and committed in the same transaction as this row).
 *
 * Written by a block-interval source (interval 1) whose handler runs after all logs of its block:
 * Ponder orders a block's own event after the block's logs (its checkpoint has the maximum
 * transaction index), in the historical and the realtime phase alike, and commits each realtime
 * block in one transaction with its `_ponder_checkpoint` update. The source starts at the chain's
 * latest block when the instance starts ("latest"), so it never fetches old block headers (no
 * backfill of millions of blocks on Base); the row therefore appears once the instance has caught
 * up, which is also when Ponder points the views at it.
 *
 * Why not Ponder's own `_ponder_checkpoint` (also exposed in the views schema)? Its
 * `latest_checkpoint` is an internal 75-digit encoding (timestamp, chain id, block, tx index, event
 * type, event index) that may change between Ponder versions, is keyed by chain name, and in the
 * historical phase can point into the middle of a block. This table is plain columns with a
 * documented meaning.
 *
 * The row follows reorgs like every other table (it is reverted with the blocks).
 */
export const chainCheckpoint = onchainTable("chain_checkpoint", (t) => ({
  chain_id: t.int8({ mode: "number" }).primaryKey(),
  chain_name: t.text().notNull(),
  block_number: t.int8({ mode: "number" }).notNull(),
  block_hash: t.hex().notNull(),
  block_timestamp: t.int8({ mode: "number" }).notNull(),
}));

/**
 * The merchant accounts whose USDC transfers the indexer keeps, per chain, from `from_block` (the
 * block of the account's AccountCreated) on: every account the v1 factory created, and every account
 * the v2 factory created with the service's operator (when the chain config names it), added by the
 * AccountCreated handlers. The matcher and the expirer must only rely on chain_checkpoint for an
 * address listed here: an account onboarded a moment ago is covered once the indexer has passed
 * its creation block (a block or two later).
 */
export const indexedMerchantAccount = onchainTable(
  "indexed_merchant_account",
  (t) => ({
    id: t.text().primaryKey(),
    chain_id: t.int8({ mode: "number" }).notNull(),
    merchant_account: t.hex().notNull(),
    from_block: t.int8({ mode: "number" }).notNull(),
  }),
  (table) => ({
    accountIdx: index("indexed_merchant_account_account_idx").on(table.merchant_account, table.chain_id),
  }),
);

/**
 * Refunded of a v2 merchant account: a refund paid from the account, signed by its owner or sent by
 * the operator within the owner's budget (`by_address` tells which). One row per refund id: the
 * contract pays a refund id at most once. The service decides a refund's final status by this log,
 * never by a receipt alone.
 */
export const refundPaid = onchainTable(
  "refund_paid",
  (t) => ({
    id: t.text().primaryKey(),
    chain_id: t.int8({ mode: "number" }).notNull(),
    block_number: t.int8({ mode: "number" }).notNull(),
    block_timestamp: t.int8({ mode: "number" }).notNull(),
    block_hash: t.hex().notNull(),
    transaction_hash: t.hex().notNull(),
    log_index: t.integer().notNull(),
    merchant_account: t.hex().notNull(),
    /** keccak256 of the refund's id (`re_…`). */
    refund_ref: t.hex().notNull(),
    /** keccak256 of the refunded payment's ledger transaction id: fee_collected.ref of that payment. */
    payment_ref: t.hex().notNull(),
    token_address: t.hex().notNull(),
    to_address: t.hex().notNull(),
    /** Base units of the token. */
    amount: t.bigint().notNull(),
    /** Who authorized it: the owner who signed it, or the operator spending the owner's budget. */
    by_address: t.hex().notNull(),
  }),
  (table) => ({
    refundIdx: index("refund_paid_refund_idx").on(table.merchant_account, table.refund_ref),
    paymentIdx: index("refund_paid_payment_idx").on(table.merchant_account, table.payment_ref),
    accountTimeIdx: index("refund_paid_account_time_idx").on(table.merchant_account, table.block_timestamp),
    chainPositionIdx: index("refund_paid_chain_position_idx").on(table.chain_id, table.block_number, table.log_index),
  }),
);

/** RefundCancelled of a v2 merchant account: the owner made a refund id unusable (a signed refund withdrawn). */
export const refundCancelled = onchainTable(
  "refund_cancelled",
  (t) => ({
    id: t.text().primaryKey(),
    chain_id: t.int8({ mode: "number" }).notNull(),
    block_number: t.int8({ mode: "number" }).notNull(),
    block_timestamp: t.int8({ mode: "number" }).notNull(),
    block_hash: t.hex().notNull(),
    transaction_hash: t.hex().notNull(),
    log_index: t.integer().notNull(),
    merchant_account: t.hex().notNull(),
    refund_ref: t.hex().notNull(),
  }),
  (table) => ({
    refundIdx: index("refund_cancelled_refund_idx").on(table.merchant_account, table.refund_ref),
  }),
);

/**
 * BudgetGranted and BudgetRevoked of a v2 merchant account: the owner's refund budget for one token,
 * what the operator may refund without a signature in any 24 hours. `kind` is `granted` (with the
 * amount and the end, both as the event says) or `revoked` (both null). The budget in force for a
 * token is that of its latest row.
 */
export const refundBudgetChanged = onchainTable(
  "refund_budget_changed",
  (t) => ({
    id: t.text().primaryKey(),
    chain_id: t.int8({ mode: "number" }).notNull(),
    block_number: t.int8({ mode: "number" }).notNull(),
    block_timestamp: t.int8({ mode: "number" }).notNull(),
    block_hash: t.hex().notNull(),
    transaction_hash: t.hex().notNull(),
    log_index: t.integer().notNull(),
    merchant_account: t.hex().notNull(),
    token_address: t.hex().notNull(),
    kind: t.text().notNull(),
    /** Base units of the token per 24 hours (granted only). */
    amount_per_24h: t.bigint(),
    /**
     * Unix seconds, inclusive: the budget's last moment (granted only). numeric like amounts: the
     * event's uint64 may be its maximum (an owner's "forever"), beyond int8.
     */
    until_timestamp: t.bigint(),
  }),
  (table) => ({
    accountTokenIdx: index("refund_budget_changed_account_token_idx").on(
      table.merchant_account,
      table.token_address,
      table.block_number,
      table.log_index,
    ),
  }),
);
