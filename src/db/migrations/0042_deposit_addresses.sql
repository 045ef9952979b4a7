-- Deposit addresses: an intent may be paid to an address of its own (a counterfactual CREATE2
-- sweeper bound to the merchant's account, src/chain/deposit-address.ts) instead of the merchant's
-- account with a value tag. Such an intent is matched by address, never by amount, so it holds no
-- row of app.reservations.

-- The merchant's settings: which address a create naming none gets, and how far short of the amount
-- a deposit payment may be and still confirm (an exchange deducts its fee from what it sends), in
-- base units (micro-USD).
ALTER TABLE app.merchants ADD COLUMN default_payment_address_type text NOT NULL DEFAULT 'shared';
ALTER TABLE app.merchants ADD CONSTRAINT merchants_default_payment_address_type_check
  CHECK (default_payment_address_type IN ('shared', 'deposit')) NOT VALID;
ALTER TABLE app.merchants ADD COLUMN underpayment_tolerance_units int8 NOT NULL DEFAULT 0;
ALTER TABLE app.merchants ADD CONSTRAINT merchants_underpayment_tolerance_units_check
  CHECK (underpayment_tolerance_units >= 0) NOT VALID;

-- The intent's kind of address, and what its address has received in its own token on its own
-- chain (deposit intents; every transfer to the address counts, so a partial payment is visible).
-- Added without a table scan: a constant default, and constraints NOT VALID (every existing row
-- is 'shared' and 0).
ALTER TABLE app.payment_intents ADD COLUMN payment_address_type text NOT NULL DEFAULT 'shared';
ALTER TABLE app.payment_intents ADD CONSTRAINT payment_intents_payment_address_type_check
  CHECK (payment_address_type IN ('shared', 'deposit')) NOT VALID;
ALTER TABLE app.payment_intents ADD COLUMN received_units int8 NOT NULL DEFAULT 0;

-- One row per deposit address handed out: the same address on every chain (the salt binds the
-- merchant's account and the intent, nothing else). `address` and `owner_account` are lowercase hex.
-- `xid` is the inserting transaction's id: the indexer reads the rows added since its last read as
-- those with xid >= the xmin of that read's snapshot, so a row committed late is never skipped
-- (indexer/README.md "Deposit addresses").
CREATE TABLE app.deposit_addresses (
  address        text PRIMARY KEY CHECK (address ~ '^0x[0-9a-f]{40}$'),
  intent_id      text NOT NULL UNIQUE,
  merchant_id    text NOT NULL,
  owner_account  text NOT NULL CHECK (owner_account ~ '^0x[0-9a-f]{40}$'),
  created_at     timestamptz(3) NOT NULL,
  xid            xid8 NOT NULL DEFAULT pg_current_xact_id()
);
CREATE INDEX deposit_addresses_xid_idx ON app.deposit_addresses (xid);
CREATE INDEX deposit_addresses_merchant_idx ON app.deposit_addresses (merchant_id, created_at);

-- A payment to a deposit address stays there until it is swept into the merchant's account: its
-- fee cannot be collected from the account, nor its net settled, before that. Its transaction waits
-- in fee_status 'awaiting_sweep' (neither the fee collector nor a settlement run takes it) and
-- becomes 'pending' once its sweep is mined.
ALTER TABLE app.transactions DROP CONSTRAINT transactions_fee_status_check;
ALTER TABLE app.transactions ADD CONSTRAINT transactions_fee_status_check
  CHECK (fee_status IN ('pending', 'submitted', 'collected', 'failed', 'awaiting_sweep')) NOT VALID;

-- A sweep moves a deposit address's whole balance of a token into the merchant's account: the
-- token's Transfer from the deposit address to the account. It is accounting, not a payment: kept
-- here (never as a transaction, so never counted twice), and it releases the fee and the
-- settlement of the address's payments on that chain in that token that precede it.
CREATE TABLE app.deposit_sweeps (
  chain_id         int4 NOT NULL,
  tx_hash          text NOT NULL,
  log_index        int4 NOT NULL,
  block_number     int8 NOT NULL,
  block_hash       text NOT NULL,
  deposit_address  text NOT NULL,
  merchant_id      text NOT NULL,
  token            text NOT NULL,
  amount_units     int8 NOT NULL CHECK (amount_units >= 0),
  created_at       timestamptz(3) NOT NULL,
  PRIMARY KEY (chain_id, tx_hash, log_index)
);
CREATE INDEX deposit_sweeps_address_idx ON app.deposit_sweeps (deposit_address, chain_id);

-- The sweeps the service asked for (src/modules/fees/deposit-sweeps.ts): one row per deposit address
-- and token of a chain, the last request and its transaction. A request the matcher has not seen
-- swept after a while is made again (a sweep sent twice moves nothing the second time).
CREATE TABLE app.deposit_sweep_requests (
  chain_id      int4 NOT NULL,
  address       text NOT NULL,
  token         text NOT NULL,
  requested_at  timestamptz(3) NOT NULL,
  tx_hash       text NOT NULL,
  PRIMARY KEY (chain_id, address, token)
);

-- The payments waiting for their sweep, found per chain without reading the others.
CREATE INDEX transactions_awaiting_sweep ON app.transactions (chain_id, payment_address) WHERE fee_status = 'awaiting_sweep';
