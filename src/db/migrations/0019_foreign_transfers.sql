-- Transfers to accounts the indexer follows that are no merchant of ours on that chain (matching/foreign.ts).
-- Anyone may create a v2 account naming our operator, and a merchant's account can exist on a chain
-- before it is recorded there (merchants.account_chain_ids): the matcher keeps such a transfer here
-- and goes on, instead of stopping the chain. When the address becomes a merchant's on that chain
-- the matcher records the transfer as that merchant's (once: app.transactions' unique key) and sets
-- resolved_at and transaction_id.
CREATE TABLE app.foreign_transfers (
  chain_id        integer NOT NULL,
  tx_hash         text NOT NULL,
  log_index       integer NOT NULL,
  block_number    bigint NOT NULL,
  block_hash      text NOT NULL,
  token_address   text,
  from_address    text NOT NULL,
  to_address      text NOT NULL,            -- lowercase, as the indexer writes it
  value_units     numeric(78, 0) NOT NULL,
  seen_at         timestamptz(3) NOT NULL DEFAULT now(),
  resolved_at     timestamptz(3),
  transaction_id  text,
  PRIMARY KEY (chain_id, tx_hash, log_index)
);
CREATE INDEX foreign_transfers_open ON app.foreign_transfers (chain_id, to_address) WHERE resolved_at IS NULL;

-- One alert per foreign account (not per transfer: a stranger sending many dust transfers raises one).
CREATE UNIQUE INDEX chain_alerts_foreign_account ON app.chain_alerts (chain_id, (details ->> 'account')) WHERE kind = 'foreign_account';

-- Every operator address the service has run with, per chain (src/workers/indexer.ts). The indexer
-- follows the v2 accounts naming any of them, so a rotated operator key never drops the accounts
-- created under an earlier one (their transfers would stop being indexed, be pruned from the sync
-- cache, and their recent transactions be marked failed by the reorg audit).
CREATE TABLE app.chain_operators (
  chain_id       integer NOT NULL,
  address        text NOT NULL,             -- lowercase
  first_seen_at  timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, address)
);
