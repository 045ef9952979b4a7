-- Payment by signature (EIP-3009 transferWithAuthorization; src/modules/authorizations/, README
-- "Paying by signature"). One row per (intent, payer): the authorization the service asked that
-- payer to sign for that intent. Its nonce is derived from (intent id, payer), so the chain itself
-- lets it pay once. Written when the typed data is handed out, so that the matcher ties a transfer
-- carrying that nonce (AuthorizationUsed in the same transaction) to the intent even when someone
-- else submitted the signature.
--
-- relay_claimed_at: a submission is verifying/signing the relay (concurrent submissions of one
--   signature wait for it instead of sending a second transaction).
-- relay_tx_hash: the operator's relay transaction, recorded in the database transaction that takes
--   its nonce (operator-sender journal), before it is broadcast.
-- relay_gas_used, relay_gas_price: what the relay cost the operator, once it was seen mined.
CREATE TABLE app.payment_authorizations (
  intent_id text NOT NULL REFERENCES app.payment_intents (id),
  payer text NOT NULL,
  chain_id int4 NOT NULL,
  token_address text NOT NULL,
  merchant_id text NOT NULL,
  pay_to text NOT NULL,
  value_units int8 NOT NULL,
  nonce text NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  relay_claimed_at timestamptz(3),
  relay_tx_hash text,
  relay_submitted_at timestamptz(3),
  relay_gas_used int8,
  relay_gas_price numeric(78, 0),
  PRIMARY KEY (intent_id, payer),
  UNIQUE (chain_id, token_address, payer, nonce)
);
-- The matcher's lookup: transfers to a merchant account of a value from a payer.
CREATE INDEX payment_authorizations_transfer ON app.payment_authorizations (chain_id, pay_to, value_units, payer);
