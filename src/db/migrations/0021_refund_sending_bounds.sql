-- Refund sending bounds (src/modules/refunds/sending.ts; docs/integrators.md "Refunds"). Named apart from other
-- branches' 0019 migrations: each file is applied once by name, in name order, and this one only
-- adds columns to app.refunds.
--
-- tx_nonce: the operator nonce of the refund's recorded transaction. A transaction the node lacks
--   is known dead (never to be mined) only once the operator's confirmed nonce has passed it: until
--   then it is waited for (the nonce keeper broadcasts its bytes again or fills the nonce).
-- held_until: a failed signed refund whose owner's signature may still pay (its deadline not passed,
--   its id not cancelled on chain) keeps its amount held (not refundable again, not available to a
--   settlement) until that deadline; the refund sender releases it once the chain shows the
--   signature can no longer pay. NULL: nothing held beyond what the status says.
ALTER TABLE app.refunds ADD COLUMN tx_nonce bigint;
ALTER TABLE app.refunds ADD COLUMN held_until timestamptz(3);
ALTER TABLE app.refunds ADD CONSTRAINT refunds_held_only_failed CHECK (held_until IS NULL OR status = 'failed');
CREATE INDEX refunds_held ON app.refunds (chain_id, next_attempt_at) WHERE held_until IS NOT NULL;
COMMENT ON COLUMN app.refunds.attempts IS 'sends that ended with nothing on chain (rounds that only wait for a recorded transaction are not attempts)';
