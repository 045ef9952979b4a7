-- The operator's journal (src/chain/operator-sender.ts, src/chain/nonce-keeper.ts): every transaction
-- the nonce authority signs is stored here, in the same database transaction that hands out its
-- nonce, so that the node's view of the operator can be rebuilt from it: when the node lacks nonces
-- we handed out (a crash between signing and broadcasting, a node that restarted or evicted its
-- pool), the keeper broadcasts these bytes again, or a harmless filler takes a nonce whose bytes are
-- gone or were refused. Rows below the operator's confirmed nonce are done and deleted.
CREATE TABLE app.operator_transactions (
  chain_id integer NOT NULL,
  address text NOT NULL,
  nonce bigint NOT NULL,
  tx_hash text NOT NULL,
  raw_tx text NOT NULL,
  -- 'call': a contract call of the service; 'filler': a 0-value transfer to itself taking a lost nonce.
  kind text NOT NULL DEFAULT 'call' CHECK (kind IN ('call', 'filler')),
  -- The node refused these bytes outright (not a transport failure): the keeper fills the nonce at once.
  refused_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, address, nonce)
);

-- The keeper replaces the one-hole-per-new-transaction filling of 0006.
ALTER TABLE app.operator_nonces
  DROP COLUMN gap_nonce,
  DROP COLUMN gap_seen_at,
  -- The node's confirmed nonce ("latest" count) as last read by the keeper, and since when the
  -- transaction at that nonce has been waiting (null: nothing we handed out is unconfirmed).
  ADD COLUMN confirmed_nonce bigint,
  ADD COLUMN unconfirmed_since timestamptz,
  -- One keeper at a time per key and chain, whichever process holds this lease.
  ADD COLUMN keeper text,
  ADD COLUMN keeper_until timestamptz;

-- A caller that recorded a hash finds its bytes by it (fees after a crash: fees/collection.ts).
CREATE INDEX operator_transactions_hash ON app.operator_transactions (tx_hash);
