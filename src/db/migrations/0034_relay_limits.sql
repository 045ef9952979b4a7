-- The bounds of what relays of payments by signature cost the operator (src/modules/authorizations/
-- relay-limits.ts): a cap per relay, relays and balance per payer in flight, ETH per merchant and in
-- all per hour.
--
-- relay_claim: the id of the submission that holds the relay (set with relay_claimed_at). The
--   transaction that takes the relay's operator nonce records its hash only while this claim still
--   holds it, so a submission that gave up (its request out of time, a signer that found it no longer
--   payable) withdraws the claim and nothing can be sent for it afterwards.
-- relay_cost_bound_wei: what the relay may cost at most (its gas limit x the gas price it was checked
--   at), counted against the budgets until its receipt gives what it cost (relay_gas_used x
--   relay_gas_price).
-- relay_tx_nonce: the operator nonce of relay_tx_hash: once the operator's confirmed count passed it
--   with no receipt of that hash (its bytes refused, the nonce filled), the relay is dead and the
--   (intent, payer) may be relayed again.
-- relay_dropped_at: the relay was dropped without a receipt (its bytes refused and its nonce filled,
--   or withdrawn): nothing of it is in flight any more.
ALTER TABLE app.payment_authorizations
  ADD COLUMN relay_claim text,
  ADD COLUMN relay_cost_bound_wei numeric(78, 0),
  ADD COLUMN relay_tx_nonce int8,
  ADD COLUMN relay_dropped_at timestamptz(3);
-- The claims of the last hour, per chain: the budgets and a payer's relays in flight are read from them.
CREATE INDEX payment_authorizations_relay_claims ON app.payment_authorizations (chain_id, relay_claimed_at) WHERE relay_claim IS NOT NULL;
