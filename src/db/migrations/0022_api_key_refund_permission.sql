-- Who may refund (docs/integrators.md "Refunds", "Who may refund, and to whom").
--
-- api_keys.can_refund: refunds are a permission of their own. Keys that existed before this
-- migration keep what they could do (they could refund): the column is added with DEFAULT true,
-- which fills every existing row, and the default is then set to false, so every key created
-- afterwards cannot refund unless it is given the right when created (CLI `keys create --refunds`,
-- the dashboard's key form). An operator who wants existing keys to lose it runs
--   UPDATE app.api_keys SET can_refund = false WHERE id = '<key_…>';
ALTER TABLE app.api_keys ADD COLUMN can_refund boolean NOT NULL DEFAULT true;
ALTER TABLE app.api_keys ALTER COLUMN can_refund SET DEFAULT false;
COMMENT ON COLUMN app.api_keys.can_refund IS 'may create, cancel and approve refunds (keys older than this column: true)';
