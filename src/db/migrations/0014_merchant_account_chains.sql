-- the chains on which a merchant's account contract exists, beside its primary chain
-- (merchants.chain_id). A v2 account has one address on every chain and is created on each enabled chain
-- of its mode at onboarding (src/modules/merchants/onboarding.ts); an intent may name a chain only once
-- the account exists there, so money is never asked for at an address whose contract nobody can reach
-- yet (it would be safe, but the indexer follows an account on a chain from its creation there).
-- v1 accounts live on the primary chain only: their list stays empty.
ALTER TABLE app.merchants ADD COLUMN account_chain_ids integer[] NOT NULL DEFAULT '{}';
