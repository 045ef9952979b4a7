-- Reusable deposit addresses: an address per merchant's customer that stays (for exchanges' address
-- books and B2B payers), each transfer to it recorded as a payment of its own, behind the same sweep
-- as an intent's deposit address. A row of app.deposit_addresses is now either an intent's
-- (intent_id) or a customer's (id, customer_reference); the indexer's read of the table (by xid) is
-- the same for both.
--
-- The customer's row: its public id (`dep_*`; its salt's reference derives from it, so nothing on
-- chain tells which customer an address is), the merchant's own reference of the customer (one
-- address per merchant and reference), the mode and account of the key that created it (its events'
-- account), and metadata copied onto each of its payments. Added without a table scan: nullable
-- columns, constraints NOT VALID (every existing row is an intent's).
ALTER TABLE app.deposit_addresses ALTER COLUMN intent_id DROP NOT NULL;
ALTER TABLE app.deposit_addresses ADD COLUMN id text UNIQUE;
ALTER TABLE app.deposit_addresses ADD COLUMN customer_reference text;
ALTER TABLE app.deposit_addresses ADD COLUMN mode text;
ALTER TABLE app.deposit_addresses ADD COLUMN account_id text;
ALTER TABLE app.deposit_addresses ADD COLUMN metadata jsonb;
ALTER TABLE app.deposit_addresses ADD CONSTRAINT deposit_addresses_intent_or_customer_check
  CHECK ((intent_id IS NULL) = (customer_reference IS NOT NULL)
         AND (customer_reference IS NULL OR (id IS NOT NULL AND mode IS NOT NULL AND metadata IS NOT NULL))) NOT VALID;
CREATE UNIQUE INDEX deposit_addresses_customer ON app.deposit_addresses (merchant_id, customer_reference) WHERE customer_reference IS NOT NULL;

-- A payment to a customer's address belongs to no intent: the transaction names the address instead
-- (NULL for every other payment), and a merchant lists one customer's payments by it.
ALTER TABLE app.transactions ADD COLUMN deposit_address_id text;
CREATE INDEX transactions_deposit_address ON app.transactions (deposit_address_id, confirmed_at DESC, id DESC) WHERE deposit_address_id IS NOT NULL;
