-- Refunds: money paid back from a merchant's v2 account (MerchantAccountV2) straight to an
-- address the integrator names, without custody. Owned by src/modules/refunds (every status change
-- is a guarded UPDATE there, with its event in the same transaction) and sent by the settler role
-- (src/workers/refund-sender.ts), which is also the owner of the account's other outgoing money.
--
--   (create) ──▶ pending ─────────────▶ succeeded   (mined, at the chain's confirmation depth)
--       │          │  ▲  └─────────────▶ failed      (reverted, refused for good)
--       │          ▼  │ (signed)
--       └──▶ requires_approval ───────▶ canceled    (only before anything was sent)
--
-- pending: paid from the owner's refund budget (method 'budget', refundFromBudget) or with the
-- owner's signed authorization (method 'signed', refund(…, signature)); requires_approval: no
-- budget covers it, waiting for the owner's signature. A pending refund without a budget left when
-- the worker sends it (nothing signed yet) goes back to requires_approval.
CREATE TABLE app.refunds (
  id                 text PRIMARY KEY,                          -- re_*
  mode               text NOT NULL CHECK (mode IN ('test', 'live')),
  account_id         text NOT NULL,                             -- the integrator account whose key created it (its events go there)
  merchant_id        text NOT NULL REFERENCES app.merchants(id),
  payment_intent_id  text REFERENCES app.payment_intents(id),   -- the payment's intent, when it has one
  transaction_id     text NOT NULL REFERENCES app.transactions(id), -- the payment refunded
  chain_id           integer NOT NULL,
  token              text NOT NULL,                             -- the payment's token (symbol)
  token_address      text NOT NULL,                             -- its contract on chain_id (checksummed)
  merchant_account   text NOT NULL,                             -- the account contract that pays (checksummed)
  amount_units       bigint NOT NULL CHECK (amount_units > 0),  -- base units of the token
  recipient_address  text NOT NULL,                             -- checksummed
  reason             text CHECK (reason IN ('duplicate', 'fraudulent', 'requested_by_customer')),
  metadata           jsonb NOT NULL DEFAULT '{}',
  status             text NOT NULL CHECK (status IN ('requires_approval', 'pending', 'succeeded', 'failed', 'canceled')),
  method             text CHECK (method IN ('budget', 'signed')),
  refund_ref         text NOT NULL UNIQUE,                      -- bytes32 refundId on chain: keccak256(id); paid at most once by the contract
  payment_ref        text NOT NULL,                             -- bytes32 ref on chain: keccak256(transaction id), as fees
  signature          text,                                      -- the owner's EIP-712 authorization (method 'signed')
  deadline           timestamptz(3),                            -- its deadline
  tx_hash            text,                                      -- recorded when signed, before it is broadcast (record-before-send)
  block_number       bigint,                                    -- of the refund's transaction, once succeeded
  failure_reason     text,
  attempts           integer NOT NULL DEFAULT 0,                -- sends claimed by the worker
  next_attempt_at    timestamptz(3),                            -- the worker's lease / next retry
  last_error         text,
  -- The settlement run whose withdrawal left this refund's amount in the account (merchants/available.ts):
  -- a refund's money is set aside once, by the first run after its creation.
  settlement_id          text REFERENCES app.settlements(id),
  -- A refund set aside by a run and then canceled or failed: the run that put its amount back.
  released_settlement_id text REFERENCES app.settlements(id),
  created_at         timestamptz(3) NOT NULL,
  updated_at         timestamptz(3) NOT NULL,
  succeeded_at       timestamptz(3),
  failed_at          timestamptz(3),
  canceled_at        timestamptz(3),
  CHECK ((status = 'succeeded') = (succeeded_at IS NOT NULL)),
  CHECK (status <> 'succeeded' OR (tx_hash IS NOT NULL AND block_number IS NOT NULL)),
  CHECK (status <> 'pending' OR method IS NOT NULL),
  CHECK (method <> 'signed' OR (signature IS NOT NULL AND deadline IS NOT NULL)),
  CHECK (released_settlement_id IS NULL OR settlement_id IS NOT NULL)
);
CREATE INDEX refunds_merchant_created ON app.refunds (merchant_id, created_at DESC, id DESC);
CREATE INDEX refunds_intent ON app.refunds (payment_intent_id, created_at DESC, id DESC) WHERE payment_intent_id IS NOT NULL;
CREATE INDEX refunds_transaction ON app.refunds (transaction_id);
-- The sender's queue.
CREATE INDEX refunds_to_send ON app.refunds (chain_id, next_attempt_at NULLS FIRST) WHERE status = 'pending';
-- What `available` still owes refunds (merchants/available.ts).
CREATE INDEX refunds_unsettled ON app.refunds (merchant_id) WHERE settlement_id IS NULL OR released_settlement_id IS NULL;

-- What has been refunded of a payment (requires_approval, pending and succeeded refunds: failed and
-- canceled ones give it back), kept in the transaction that changes a refund's status.
ALTER TABLE app.transactions ADD COLUMN refunded_units bigint NOT NULL DEFAULT 0
  CONSTRAINT transactions_refunded_check CHECK (refunded_units >= 0 AND refunded_units <= amount_units);
-- The same for an intent: the refunds of its own payment (transaction_id).
ALTER TABLE app.payment_intents ADD COLUMN refunded_units bigint NOT NULL DEFAULT 0
  CONSTRAINT payment_intents_refunded_check CHECK (refunded_units >= 0);

-- What a settlement run set aside for refunds (merchants/available.ts): its amount and withdrawal are
-- its transactions' net minus this (negative: refunds it gave back). A run that retries an ACH
-- return pays the returned money less what the run that withdrew it set aside.
ALTER TABLE app.settlements ADD COLUMN refund_units bigint NOT NULL DEFAULT 0;
