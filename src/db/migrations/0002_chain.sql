-- Chain area: the matcher's durable progress, fee collection bookkeeping, chain alerts.
-- Owned by src/modules/matching, src/workers/matcher.ts and src/workers/fee-collector.ts.

-- One row per chain: the matcher's cursor into chain.usdc_transfer (Ponder's view), in chain order.
-- Every transfer of a "joined" merchant account at a position <= (block_number, log_index) has been
-- turned into an app.transactions row. covered_* is the highest block (at confirmation depth) up to
-- which every transfer has been processed: what the expirer's fairness rule reads
-- (matcherCoveredUntil). A fresh chain starts at (-1, -1): nothing processed.
CREATE TABLE app.matcher_cursors (
  chain_id                 integer PRIMARY KEY,
  block_number             bigint NOT NULL,
  log_index                integer NOT NULL,
  covered_block            bigint,
  covered_block_hash       text,
  covered_block_timestamp  timestamptz(3),
  updated_at               timestamptz(3) NOT NULL DEFAULT now()
);

-- The merchant accounts the matcher knows, per chain (addresses lowercase, as Ponder writes them).
-- An account that appears in the indexer's address list after the cursor has moved on (a merchant
-- onboarded while running: its history is indexed below the cursor) is caught up on its own, from
-- from_block to the cursor's block, before the cursor moves again; then it is joined.
CREATE TABLE app.matcher_accounts (
  chain_id          integer NOT NULL,
  merchant_account  text NOT NULL,
  from_block        bigint NOT NULL,
  -- Every transfer of this account at a position <= (caught_up_block, caught_up_log_index) is processed.
  caught_up_block      bigint NOT NULL,
  caught_up_log_index  integer NOT NULL,
  joined_at         timestamptz(3),         -- set once caught up to the cursor: the cursor covers it from then on
  PRIMARY KEY (chain_id, merchant_account)
);

-- Alerts for operators (reorg after the confirmation depth, fee collection given up, …).
CREATE TABLE app.chain_alerts (
  id              bigserial PRIMARY KEY,
  kind            text NOT NULL,            -- transfer_reorged | fee_collection_failed | …
  chain_id        integer NOT NULL,
  transaction_id  text,
  details         jsonb NOT NULL DEFAULT '{}',
  created_at      timestamptz(3) NOT NULL DEFAULT now(),
  resolved_at     timestamptz(3),
  UNIQUE (kind, transaction_id)
);
CREATE INDEX chain_alerts_open ON app.chain_alerts (created_at) WHERE resolved_at IS NULL;

-- The reorg audit reads the recent transactions of a chain by block.
CREATE INDEX transactions_chain_block ON app.transactions (chain_id, block_number);
