-- Management API: webhook endpoints managed over /v1, the event log, idempotent creates
-- of resources other than payment intents.

-- Endpoints: description and metadata from the integrator; secrets still valid after a rotation
-- (a JSON array of {secret, expires_at}; deliveries are signed with each until it expires);
-- deleted endpoints keep their row (deliveries and attempts reference it) but are never shown again.
ALTER TABLE app.webhook_endpoints
  ADD COLUMN description      text,
  ADD COLUMN metadata         jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN previous_secrets jsonb NOT NULL DEFAULT '[]'::jsonb,
  ADD COLUMN deleted_at       timestamptz(3);
CREATE INDEX webhook_endpoints_account_list ON app.webhook_endpoints (account_id, mode, created_at DESC, id DESC) WHERE deleted_at IS NULL;

-- `dropped`: a pending delivery given up because its endpoint was deleted (says so in the attempt log).
ALTER TABLE app.webhook_attempts DROP CONSTRAINT webhook_attempts_outcome_check;
ALTER TABLE app.webhook_attempts ADD CONSTRAINT webhook_attempts_outcome_check
  CHECK (outcome IN ('succeeded', 'retry_scheduled', 'failed', 'endpoint_gone', 'lease_expired', 'dropped'));

-- The event list of an account: by mode and time (visibility is checked per row).
CREATE INDEX events_mode_created ON app.events (mode, created_at DESC, id DESC);

-- Idempotency keys of management creates (webhook endpoints, merchants, cash-outs). Same scope and
-- window as payment intents (account + mode, 24 h); `route` is part of the request hash, so a key
-- reused on another route is 409 idempotency_key_reused. resource_id is set in the same
-- transaction as the resource.
CREATE TABLE app.api_idempotency (
  account_id    text NOT NULL,
  mode          text NOT NULL,
  key           text NOT NULL,
  request_hash  text NOT NULL,
  resource_id   text,
  created_at    timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, mode, key)
);

-- Merchants created over /v1: metadata, and the payout provider's token of the bank account (we
-- keep token, bank name and last 4, never the full account number).
ALTER TABLE app.merchants
  ADD COLUMN metadata   jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN bank_token text;

-- The sandbox payout provider's bank-account tokens (what a real provider keeps on its side):
-- created by tokenizing routing + account number, or looked up when a token is given.
CREATE TABLE app.sandbox_bank_tokens (
  token        text PRIMARY KEY,                      -- btok_*
  bank_name    text NOT NULL,
  last4        text NOT NULL,
  routing      text NOT NULL,
  created_at   timestamptz(3) NOT NULL DEFAULT now()
);
