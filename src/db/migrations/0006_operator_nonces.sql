-- The nonce authority of each operator key (src/chain/operator-sender.ts): every process that signs
-- as the operator takes this row's lock, picks the nonce, broadcasts, and moves next_nonce on, so two
-- processes never sign the same nonce. gap_* remembers a nonce the node seems to have lost, so that
-- a dropped transaction is replaced instead of holding every later one back.
CREATE TABLE app.operator_nonces (
  chain_id integer NOT NULL,
  address text NOT NULL,
  next_nonce bigint NOT NULL DEFAULT 0,
  gap_nonce bigint,
  gap_seen_at timestamptz,
  checked_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, address)
);
