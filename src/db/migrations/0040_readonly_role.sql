-- stablepay_readonly: the role a data team's login is made a member of (docs/data-teams.md,
-- "Access"). It reads the chain views and the business tables, nothing else: no keys, sessions,
-- webhook secrets, merchants' e-mail or bank token, or the service's internal state.
--
-- The views of `chain` are dropped and created again by the indexer at every swap of its instance,
-- so a grant on them would be lost at the next upgrade. Default privileges of the role that creates
-- them (the service's, which runs the indexer and this migration) give each new view SELECT for
-- stablepay_readonly as it is created, in the swap's own transaction: a reader never finds a view
-- it may not read. The schema is created here (the indexer creates it only if it is missing) so
-- the default applies from the first swap.
--
-- Creating a role needs CREATEROLE. A database user without it leaves the role out with a warning
-- instead of failing the upgrade; docs/data-teams.md says what the administrator runs then.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'stablepay_readonly') THEN
    BEGIN
      CREATE ROLE stablepay_readonly NOLOGIN;
    EXCEPTION
      -- Roles are the cluster's: another database's migration may create it at the same moment.
      WHEN duplicate_object OR unique_violation THEN NULL;
      WHEN insufficient_privilege THEN
        RAISE WARNING 'stablepay_readonly not created (the database user may not create roles): see docs/data-teams.md, "Access"';
        RETURN;
    END;
  END IF;
  CREATE SCHEMA IF NOT EXISTS chain;
  GRANT USAGE ON SCHEMA chain TO stablepay_readonly;
  ALTER DEFAULT PRIVILEGES IN SCHEMA chain GRANT SELECT ON TABLES TO stablepay_readonly;
  GRANT SELECT ON ALL TABLES IN SCHEMA chain TO stablepay_readonly;
  GRANT USAGE ON SCHEMA app TO stablepay_readonly;
  GRANT SELECT ON app.accounts, app.account_merchants, app.payment_intents, app.transactions, app.refunds,
    app.settlements, app.settlement_transactions, app.payment_links TO stablepay_readonly;
  -- A merchant's business facts, not its e-mail, its bank token or its free-form metadata.
  GRANT SELECT (id, mode, business_name, status, kyc_status, payout_method, bank_name, bank_last4, bank_status, chain_id,
    payment_address, owner_address, payout_address, fee_rate_bps, account_version, account_chain_ids, settlement_schedule,
    created_at) ON app.merchants TO stablepay_readonly;
END $$;
