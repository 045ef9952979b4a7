-- USDT payments and settlement across pairs ("the new account with USDT", "settlement across pairs").
--
-- 1. Value tags per token. A merchant's values were held per (merchant, expected value): a USDT intent and a
--    USDC intent of one amount would have taken two tags. They never meet (the matcher names each transfer's
--    token and looks up only that token's values), so the pool is per (merchant, token): two open intents of
--    one amount in different tokens may hold the same value. Every row before this migration is USDC.
--    Rolling upgrade: a process of the previous version inserts with ON CONFLICT (merchant_id, expected_units),
--    which no longer names a unique index, so its creates fail until it is replaced (upgrade the API processes
--    together); nothing it wrote is misread (rows without the column are USDC, the only token it matched).
ALTER TABLE app.reservations ADD COLUMN token text NOT NULL DEFAULT 'USDC';
ALTER TABLE app.reservations DROP CONSTRAINT reservations_pkey;
ALTER TABLE app.reservations ADD PRIMARY KEY (merchant_id, token, expected_units);
-- The pool index (reservations_pool, 0008, made partial by 0013) is left as it is: this migration runs
-- before 0013 on a new database and after it on one upgraded from a release that had 0013, so touching
-- the index here would leave the two different. Claims filter the token on the rows of its
-- (merchant, amount) range, which holds both tokens' free values of that amount: correct, and cheap
-- while one amount's free values are few in the other token.

-- 2. A settlement's withdrawals, one per (chain, token) pair of its transactions. One run takes what is
--    available in every pair, withdraws each pair from the merchant account (v2: withdraw(token, ref, amount)),
--    and pays ONE bank transfer for the total once every pair is withdrawn. Each pair is its own exactly-once
--    leg: its own ref (USDC keeps the settlement's withdrawal_ref, so a settlement under way at the upgrade
--    reconciles as before; another token's is keccak256("<settlement id>:<token>")), its attempts recorded
--    before they are sent (settlement_withdrawal_attempts, now per pair), its state:
--      pending   -> withdrawn  (mined at depth; or nothing to withdraw: withdrawal_units = 0)
--      pending   -> failed     (the account refused it: nothing of that pair moved; its transactions go back to
--                               `available` for the next run, the settlement goes on with the other pairs,
--                               or fails as a whole when no pair is left)
--    A pair whose transaction errs or waits stays pending and is retried by the next drive; the settlement stays
--    `pending` until every pair is withdrawn or failed.
CREATE TABLE app.settlement_withdrawals (
  settlement_id     text NOT NULL REFERENCES app.settlements(id),
  chain_id          integer NOT NULL,
  token             text NOT NULL,
  amount_units      bigint NOT NULL CHECK (amount_units > 0),          -- Σ net of the pair's transactions in the settlement
  withdrawal_units  bigint NOT NULL CHECK (withdrawal_units >= 0 AND withdrawal_units <= amount_units), -- of it, still in the account
  transaction_count integer NOT NULL CHECK (transaction_count > 0),
  ref               text NOT NULL,                                     -- bytes32 `ref` of withdraw()
  state             text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'withdrawn', 'failed')),
  tx_hash           text,
  block_number      bigint,
  withdrawn_to      text,
  withdrawn_at      timestamptz(3),
  failure_message   text,
  last_error        text,                                              -- the last error of a pending pair (retried)
  created_at        timestamptz(3) NOT NULL DEFAULT now(),
  updated_at        timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (settlement_id, chain_id, token),
  CHECK (state <> 'withdrawn' OR withdrawn_at IS NOT NULL)
);

-- Every settlement before this migration withdrew USDC on its own chain: one pair, as it was.
INSERT INTO app.settlement_withdrawals (settlement_id, chain_id, token, amount_units, withdrawal_units, transaction_count, ref, state,
                                        tx_hash, block_number, withdrawn_to, withdrawn_at, failure_message, created_at, updated_at)
SELECT s.id, s.chain_id, 'USDC', s.amount_units, s.withdrawal_units, s.transaction_count, s.withdrawal_ref,
       CASE WHEN s.withdrawn_at IS NOT NULL THEN 'withdrawn' WHEN s.state = 'failed' THEN 'failed' ELSE 'pending' END,
       s.withdrawal_tx_hash, s.withdrawal_block_number, s.withdrawn_to, s.withdrawn_at,
       CASE WHEN s.withdrawn_at IS NULL AND s.state = 'failed' THEN s.failure_message END, s.created_at, s.updated_at
FROM app.settlements s;

-- Attempts belong to one pair of the settlement (rows before: its USDC on its chain).
ALTER TABLE app.settlement_withdrawal_attempts ADD COLUMN chain_id integer;
ALTER TABLE app.settlement_withdrawal_attempts ADD COLUMN token text NOT NULL DEFAULT 'USDC';
UPDATE app.settlement_withdrawal_attempts a SET chain_id = s.chain_id FROM app.settlements s WHERE s.id = a.settlement_id;
CREATE INDEX settlement_withdrawal_attempts_pair ON app.settlement_withdrawal_attempts (settlement_id, chain_id, token);
