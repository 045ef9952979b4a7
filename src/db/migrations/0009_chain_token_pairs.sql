-- The (chain, token) pair as a dimension of the data (first step). The chain is the chain_id
-- already stored on intents and transactions (its API name comes from the one table,
-- src/domain/networks.ts); the token is stored here. Every row before this migration is USDC, which is
-- the default, so existing rows keep working and a process of the previous version (rolling upgrade)
-- that inserts without the column still writes what it means. Adding a column with a constant default
-- rewrites nothing (PostgreSQL 11+).
-- Money stays bigint base units of the row's token.
ALTER TABLE app.payment_intents ADD COLUMN token text NOT NULL DEFAULT 'USDC';
ALTER TABLE app.transactions ADD COLUMN token text NOT NULL DEFAULT 'USDC';
