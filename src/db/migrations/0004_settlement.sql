-- Settlement area: merchant account -> payout address (on-chain withdrawal) -> bank (ACH through a
-- payout provider). Owned by src/modules/settlements and src/workers/settler.ts.
--
-- A settlement is a state machine persisted on its row (`state`), each step written BEFORE the
-- action it leads to, so a crash between any two steps resumes without losing or doubling money:
--
--   created ──▶ withdrawal_submitted ──▶ withdrawn ──▶ ach_initiating ──▶ ach_pending ──▶ completed
--      │                │    (signed tx stored       (funds at the        (provider called with      │
--      │                │     before broadcast)       payout address)      idempotency key = id)     └▶ failed (ACH return)
--      └────────────────┴──▶ failed (withdrawal reverted: nothing moved)
--   created ──▶ withdrawn directly when nothing needs withdrawing (a retry of funds already withdrawn).
--
-- `status` is the public status of the settlement object (DECISIONS.md "Settlement").
CREATE TABLE app.settlements (
  id                       text PRIMARY KEY,                 -- stl_*
  mode                     text NOT NULL CHECK (mode IN ('test', 'live')),
  merchant_id              text NOT NULL REFERENCES app.merchants(id),
  state                    text NOT NULL CHECK (state IN ('created', 'withdrawal_submitted', 'withdrawn', 'ach_initiating', 'ach_pending', 'completed', 'failed')),
  status                   text GENERATED ALWAYS AS (
                             CASE state
                               WHEN 'created' THEN 'pending'
                               WHEN 'withdrawal_submitted' THEN 'pending'
                               WHEN 'completed' THEN 'completed'
                               WHEN 'failed' THEN 'failed'
                               ELSE 'in_transit'
                             END) STORED,
  trigger                  text NOT NULL CHECK (trigger IN ('schedule', 'manual', 'test_helper')),
  scheduled_for            timestamptz(3),                   -- the schedule instant (trigger = schedule)
  amount_units             bigint NOT NULL CHECK (amount_units > 0),          -- Σ net of its transactions
  -- What this settlement withdraws on-chain: Σ net of its transactions still in the merchant account.
  -- Less than amount_units when it retries funds an earlier (failed) settlement already withdrew.
  withdrawal_units         bigint NOT NULL CHECK (withdrawal_units >= 0 AND withdrawal_units <= amount_units),
  transaction_count        integer NOT NULL CHECK (transaction_count > 0),
  bank_name                text NOT NULL,                    -- snapshot of the merchant's bank account
  bank_last4               text NOT NULL,
  chain_id                 integer NOT NULL,
  merchant_account         text NOT NULL,                    -- the merchant account contract withdrawn from
  withdrawal_ref           text NOT NULL,                    -- bytes32 `ref` of withdraw(): keccak256(id)
  withdrawal_tx_hash       text,
  withdrawal_block_number  bigint,
  withdrawn_to             text,                             -- the payout address the contract paid
  withdrawn_at             timestamptz(3),
  provider                 text NOT NULL,                    -- payout provider name (sandbox, …)
  provider_transfer_id     text,
  ach_initiated_at         timestamptz(3),
  expected_arrival_date    date,
  next_check_at            timestamptz(3),                   -- ach_pending: when to poll the provider next
  initiated_at             timestamptz(3) NOT NULL,          -- business time of creation (sandbox clock in test mode)
  completed_at             timestamptz(3),
  failed_at                timestamptz(3),
  failure_code             text,
  failure_message          text,
  created_at               timestamptz(3) NOT NULL DEFAULT now(),
  updated_at               timestamptz(3) NOT NULL DEFAULT now(),
  CHECK ((state = 'completed') = (completed_at IS NOT NULL)),
  CHECK (state NOT IN ('withdrawn', 'ach_initiating', 'ach_pending', 'completed') OR withdrawn_at IS NOT NULL),
  CHECK (state NOT IN ('ach_pending', 'completed') OR provider_transfer_id IS NOT NULL)
);
CREATE INDEX settlements_merchant_initiated ON app.settlements (merchant_id, initiated_at DESC, id DESC);
CREATE INDEX settlements_open ON app.settlements (next_check_at) WHERE state NOT IN ('completed', 'failed');
CREATE UNIQUE INDEX settlements_provider_transfer ON app.settlements (provider, provider_transfer_id) WHERE provider_transfer_id IS NOT NULL;

-- Which transactions a settlement took (kept after a failure clears transactions.settlement_id).
CREATE TABLE app.settlement_transactions (
  settlement_id   text NOT NULL REFERENCES app.settlements(id),
  transaction_id  text NOT NULL REFERENCES app.transactions(id),
  net_units       bigint NOT NULL,
  PRIMARY KEY (settlement_id, transaction_id)
);
CREATE INDEX settlement_transactions_transaction ON app.settlement_transactions (transaction_id);

-- Every signed withdrawal transaction, stored BEFORE it is broadcast: a transaction the chain may
-- have seen is always in here, so a resumed settler checks these (receipt, nonce) and never signs a
-- second withdrawal while one of them can still be mined.
CREATE TABLE app.settlement_withdrawal_attempts (
  settlement_id  text NOT NULL REFERENCES app.settlements(id),
  tx_hash        text NOT NULL,
  nonce          integer NOT NULL,
  sender         text NOT NULL,
  raw_tx         text NOT NULL,
  from_block     bigint NOT NULL,          -- chain head when signed: where to look for its Withdrawn log
  outcome        text NOT NULL DEFAULT 'unknown' CHECK (outcome IN ('unknown', 'mined', 'reverted', 'dropped')),
  created_at     timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (settlement_id, tx_hash)
);

-- Scheduled runs, one row per (merchant, schedule instant): the guard that makes a run happen once
-- per instant whatever the number of settler instances. Inserted in the same transaction as the
-- settlement it creates (settlement_id NULL: nothing was available to settle).
CREATE TABLE app.settlement_runs (
  merchant_id    text NOT NULL REFERENCES app.merchants(id),
  scheduled_for  timestamptz(3) NOT NULL,
  settlement_id  text REFERENCES app.settlements(id),
  ran_at         timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, scheduled_for)
);

-- Transactions: which settlement's on-chain withdrawal moved the funds to the payout address.
-- NULL: still in the merchant account. Kept when an ACH return puts the transaction back for the
-- next run, which then pays it by ACH without withdrawing it again.
ALTER TABLE app.transactions ADD COLUMN withdrawal_settlement_id text REFERENCES app.settlements(id);
ALTER TABLE app.transactions ADD CONSTRAINT transactions_settlement_fk FOREIGN KEY (settlement_id) REFERENCES app.settlements(id);
CREATE INDEX transactions_settlement ON app.transactions (settlement_id) WHERE settlement_id IS NOT NULL;
-- A run's pick: the merchant's confirmed, fee-collected transactions not in a settlement.
CREATE INDEX transactions_settleable ON app.transactions (merchant_id)
  WHERE settlement_id IS NULL AND status = 'confirmed' AND fee_status = 'collected' AND settlement_status IN ('pending', 'failed');

-- The sandbox clock: one offset added to real time for sandbox (test mode) business time, shared by
-- every process through the database. It only moves forward.
CREATE TABLE app.sandbox_clock (
  id         boolean PRIMARY KEY DEFAULT true CHECK (id),
  offset_ms  bigint NOT NULL DEFAULT 0 CHECK (offset_ms >= 0),
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
INSERT INTO app.sandbox_clock (id, offset_ms) VALUES (true, 0);

-- The sandbox payout provider's transfers (what a real ACH partner keeps on its side).
CREATE TABLE app.sandbox_payouts (
  id                     text PRIMARY KEY,                   -- po_sbx_*
  idempotency_key        text NOT NULL UNIQUE,
  merchant_id            text NOT NULL,
  amount_units           bigint NOT NULL CHECK (amount_units > 0),
  bank_name              text NOT NULL,
  bank_last4             text NOT NULL,
  status                 text NOT NULL CHECK (status IN ('pending', 'paid', 'returned')),
  business_days          integer NOT NULL CHECK (business_days BETWEEN 1 AND 3),
  initiated_at           timestamptz(3) NOT NULL,           -- sandbox time
  expected_arrival_date  date NOT NULL,
  completes_at           timestamptz(3) NOT NULL,           -- sandbox time at which it is paid (or returned)
  fail_code              text,                              -- set: the transfer is returned with this code
  resolved_at            timestamptz(3),
  created_at             timestamptz(3) NOT NULL DEFAULT now()
);

-- Sandbox provider controls per merchant (tests and operators): force a return code and/or the
-- number of business days.
CREATE TABLE app.sandbox_payout_rules (
  merchant_id    text PRIMARY KEY,
  fail_code      text,
  business_days  integer CHECK (business_days BETWEEN 1 AND 3),
  updated_at     timestamptz(3) NOT NULL DEFAULT now()
);

-- Alerts of the settlement area for operators (withdrawal reverted, ACH returned, …).
CREATE TABLE app.settlement_alerts (
  id             bigserial PRIMARY KEY,
  kind           text NOT NULL,
  settlement_id  text NOT NULL,
  merchant_id    text NOT NULL,
  details        jsonb NOT NULL DEFAULT '{}',
  created_at     timestamptz(3) NOT NULL DEFAULT now(),
  resolved_at    timestamptz(3),
  UNIQUE (kind, settlement_id)
);
