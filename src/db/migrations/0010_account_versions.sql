-- Merchant account versions ("the new account"): v1 = MerchantAccount (USDC baked in,
-- factory per deployment), v2 = MerchantAccountV2 (token per call, one address on every chain,
-- created through the deterministic MerchantAccountFactoryV2). Each merchant keeps the version it
-- was onboarded with (MERCHANT_ACCOUNT_VERSION at the time); fees and withdrawals dispatch on it.
ALTER TABLE app.merchants ADD COLUMN account_version smallint NOT NULL DEFAULT 1
  CONSTRAINT merchants_account_version_check CHECK (account_version IN (1, 2));

-- The deployment record: the v2 factory (the deterministic address, once code is there) and the
-- sandbox's TestUSDT, next to v1's factory and USDC. NULL: not deployed / not known on this chain.
ALTER TABLE app.chain_deployments ADD COLUMN factory_v2_address text;
ALTER TABLE app.chain_deployments ADD COLUMN usdt_address text;
