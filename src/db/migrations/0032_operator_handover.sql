-- Signing handed over by a process without the operator key (production: the API and dashboard run
-- without it; chain/signer.ts) to a signing role (the settler, workers/operator-jobs.ts).
--
-- merchants.deploy_due_at: the merchant's account contract is to be created by a signing role, from
-- this time on (set by the API when it cannot sign; moved forward while a signer holds it, cleared
-- once done). Creation is idempotent (CREATE2), so a signer that dies holding it loses nothing.
ALTER TABLE app.merchants ADD COLUMN deploy_due_at timestamptz(3);
CREATE INDEX merchants_deploy_due ON app.merchants (deploy_due_at) WHERE deploy_due_at IS NOT NULL;

-- payment_authorizations.relay_request: the checked authorization (valid_after, valid_before,
-- signature) a submission without the key hands to a signing role, which relays it; relay_due_at as
-- above. The submission waits for relay_tx_hash, written in the transaction that takes the nonce.
ALTER TABLE app.payment_authorizations ADD COLUMN relay_request jsonb, ADD COLUMN relay_due_at timestamptz(3);
CREATE INDEX payment_authorizations_relay_due ON app.payment_authorizations (relay_due_at) WHERE relay_due_at IS NOT NULL;
