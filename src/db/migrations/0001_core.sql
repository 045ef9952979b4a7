-- Core tables: integrator accounts, merchants, keys, payment intents, reservations, transactions, outbox.
-- Money is bigint USDC base units (6 decimals). Timestamps are timestamptz(3): stored truncated to ms.
CREATE SCHEMA IF NOT EXISTS app;

CREATE TABLE app.accounts (
  id          text PRIMARY KEY,                      -- acct_*
  name        text NOT NULL,
  created_at  timestamptz(3) NOT NULL DEFAULT now()
);

CREATE TABLE app.merchants (
  id                   text PRIMARY KEY,             -- mer_*
  mode                 text NOT NULL CHECK (mode IN ('test', 'live')),
  business_name        text NOT NULL,
  email                text NOT NULL,
  status               text NOT NULL CHECK (status IN ('pending', 'active', 'disabled')),
  kyc_status           text NOT NULL CHECK (kyc_status IN ('pending', 'approved', 'rejected')),
  payout_method        text NOT NULL DEFAULT 'bank_account' CHECK (payout_method IN ('bank_account')),
  bank_name            text NOT NULL,
  bank_last4           text NOT NULL CHECK (bank_last4 ~ '^[0-9]{4}$'),
  bank_status          text NOT NULL CHECK (bank_status IN ('pending', 'verified', 'failed')),
  chain_id             integer NOT NULL,
  payment_address      text UNIQUE,                  -- checksummed merchant account contract; null until deployed
  owner_address        text NOT NULL,
  payout_address       text NOT NULL,
  fee_rate_bps         integer NOT NULL CHECK (fee_rate_bps BETWEEN 0 AND 10000),
  settlement_schedule  text NOT NULL,                -- weekly_monday | daily | manual | custom
  settlement_cron      text,                         -- custom schedules only
  settlement_timezone  text,
  created_at           timestamptz(3) NOT NULL DEFAULT now(),
  CHECK (settlement_schedule IN ('weekly_monday', 'daily', 'manual', 'custom')),
  CHECK ((settlement_schedule = 'custom') = (settlement_cron IS NOT NULL AND settlement_timezone IS NOT NULL))
);

CREATE TABLE app.account_merchants (
  account_id   text NOT NULL REFERENCES app.accounts(id),
  merchant_id  text NOT NULL REFERENCES app.merchants(id),
  PRIMARY KEY (account_id, merchant_id)
);
CREATE INDEX account_merchants_merchant ON app.account_merchants (merchant_id);

CREATE TABLE app.api_keys (
  id           text PRIMARY KEY,                     -- key_*
  account_id   text NOT NULL REFERENCES app.accounts(id),
  merchant_id  text REFERENCES app.merchants(id),    -- set: scoped to one merchant
  mode         text NOT NULL CHECK (mode IN ('test', 'live')),
  key_hash     bytea NOT NULL UNIQUE,                -- sha256 of the full key; the key itself is never stored
  key_hint     text NOT NULL,                        -- sk_test_…abcd, for operators
  created_at   timestamptz(3) NOT NULL DEFAULT now(),
  revoked_at   timestamptz(3)
);

CREATE TABLE app.payment_intents (
  id               text PRIMARY KEY,                 -- pi_* (128+ bits of randomness)
  mode             text NOT NULL CHECK (mode IN ('test', 'live')),
  account_id       text NOT NULL REFERENCES app.accounts(id),   -- the account whose key created it
  merchant_id      text NOT NULL REFERENCES app.merchants(id),
  status           text NOT NULL CHECK (status IN ('awaiting_payment', 'confirmed', 'expired', 'cancelled', 'settled')),
  amount_units     bigint NOT NULL CHECK (amount_units > 0),
  tag_units        integer NOT NULL CHECK (tag_units BETWEEN 0 AND 9999),
  expected_units   bigint NOT NULL,                  -- amount + tag: the value the customer sends
  chain_id         integer NOT NULL,
  payment_address  text NOT NULL,
  metadata         jsonb NOT NULL DEFAULT '{}',
  created_at       timestamptz(3) NOT NULL,
  expires_at       timestamptz(3) NOT NULL,
  confirmed_at     timestamptz(3),
  cancelled_at     timestamptz(3),
  expired_at       timestamptz(3),
  settled_at       timestamptz(3),
  net_units        bigint,
  fee_units        bigint,
  tx_hash          text,
  transaction_id   text,
  CHECK (expected_units = amount_units + tag_units)
);
-- Lists: newest first per merchant, optionally by status (DECISIONS.md "Lists").
CREATE INDEX payment_intents_merchant_created ON app.payment_intents (merchant_id, created_at DESC, id DESC);
CREATE INDEX payment_intents_merchant_status_created ON app.payment_intents (merchant_id, status, created_at DESC, id DESC);
-- Expiry sweep: only open intents, by deadline.
CREATE INDEX payment_intents_due ON app.payment_intents (expires_at) WHERE status = 'awaiting_payment';

-- Idempotency keys: scope = account + mode, window 24 h (an older row may be taken over).
CREATE TABLE app.idempotency_keys (
  account_id    text NOT NULL,
  mode          text NOT NULL,
  key           text NOT NULL,
  request_hash  text NOT NULL,
  intent_id     text NOT NULL,
  created_at    timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, mode, key)
);

-- Expected-value reservations at a merchant address (DECISIONS.md "Matching").
-- Held while the intent awaits payment (released_after NULL) and for 24 h after it leaves that state.
CREATE TABLE app.reservations (
  merchant_id     text NOT NULL,
  expected_units  bigint NOT NULL,
  intent_id       text NOT NULL,
  released_after  timestamptz(3),
  PRIMARY KEY (merchant_id, expected_units)
);
CREATE INDEX reservations_intent ON app.reservations (intent_id);

CREATE TABLE app.transactions (
  id                 text PRIMARY KEY,               -- txn_*
  mode               text NOT NULL CHECK (mode IN ('test', 'live')),
  merchant_id        text NOT NULL REFERENCES app.merchants(id),
  payment_intent_id  text REFERENCES app.payment_intents(id),
  status             text NOT NULL CHECK (status IN ('confirmed', 'settled', 'failed')),
  settlement_status  text NOT NULL DEFAULT 'pending' CHECK (settlement_status IN ('pending', 'in_transit', 'paid', 'failed')),
  settlement_id      text,
  amount_units       bigint NOT NULL,
  fee_units          bigint NOT NULL,
  net_units          bigint NOT NULL,
  fee_rate_bps       integer NOT NULL,
  chain_id           integer NOT NULL,
  tx_hash            text NOT NULL,
  log_index          integer NOT NULL,
  block_number       bigint NOT NULL,
  block_hash         text,
  sender_address     text NOT NULL,
  payment_address    text NOT NULL,
  metadata           jsonb NOT NULL DEFAULT '{}',
  confirmed_at       timestamptz(3) NOT NULL,
  fee_status         text NOT NULL DEFAULT 'pending' CHECK (fee_status IN ('pending', 'submitted', 'collected', 'failed')),
  fee_tx_hash        text,
  fee_collected_at   timestamptz(3),
  fee_attempts       integer NOT NULL DEFAULT 0,
  fee_next_attempt_at timestamptz(3),
  fee_last_error     text,
  created_at         timestamptz(3) NOT NULL DEFAULT now(),
  CHECK (net_units = amount_units - fee_units),
  -- Exactly once: one transaction per on-chain log.
  UNIQUE (chain_id, tx_hash, log_index)
);
CREATE INDEX transactions_merchant_confirmed ON app.transactions (merchant_id, confirmed_at DESC, id DESC);
CREATE INDEX transactions_merchant_status_confirmed ON app.transactions (merchant_id, status, confirmed_at DESC, id DESC);
CREATE INDEX transactions_fee_pending ON app.transactions (fee_next_attempt_at) WHERE fee_status IN ('pending', 'submitted');

-- Outbox: written in the same database transaction as the state change it describes.
CREATE TABLE app.events (
  id           text PRIMARY KEY,                     -- evt_*
  mode         text NOT NULL,
  type         text NOT NULL,
  -- Who receives it: the account whose key created the intent, or (no intent / settlement)
  -- every account linked to the merchant.
  account_id   text,
  merchant_id  text NOT NULL,
  data         jsonb NOT NULL,                       -- the `data` of the event envelope
  created_at   timestamptz(3) NOT NULL DEFAULT now(),
  fanned_out_at timestamptz(3)                       -- set when deliveries were created
);
CREATE INDEX events_not_fanned_out ON app.events (created_at) WHERE fanned_out_at IS NULL;
CREATE INDEX events_merchant_created ON app.events (merchant_id, created_at DESC);

-- Contracts deployed by the embedded sandbox (or registered by operators), per chain.
CREATE TABLE app.chain_deployments (
  chain_id         integer PRIMARY KEY,
  usdc_address     text NOT NULL,
  factory_address  text NOT NULL,
  deployed_block   bigint NOT NULL,
  created_at       timestamptz(3) NOT NULL DEFAULT now()
);

-- Webhook endpoints of an integrator account (registered by operators until a dashboard exists).
CREATE TABLE app.webhook_endpoints (
  id               text PRIMARY KEY,                 -- we_*
  account_id       text NOT NULL REFERENCES app.accounts(id),
  mode             text NOT NULL CHECK (mode IN ('test', 'live')),
  url              text NOT NULL,
  secret           text NOT NULL,                    -- whsec_<base64>; needed to sign, so stored
  event_types      text[] NOT NULL,
  status           text NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
  disabled_reason  text,
  created_at       timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoints_account ON app.webhook_endpoints (account_id, mode) WHERE status = 'enabled';
