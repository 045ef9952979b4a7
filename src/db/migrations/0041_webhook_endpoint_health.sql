-- An endpoint that keeps failing is disabled after sustained failure (src/modules/webhooks/schedule.ts,
-- FAILING_DISABLE_AFTER_MS and FAILING_DISABLE_MIN_ATTEMPTS) rather than collecting every attempt of
-- every event for ever. Two counters on the endpoint, written when attempts are recorded:
--   failing_since    the start of the first failed attempt since the last success (null: healthy);
--   failed_attempts  failed attempts since then.
-- A success clears both, and so does enabling the endpoint again (a fresh start).
ALTER TABLE app.webhook_endpoints ADD COLUMN failing_since timestamptz(3);
ALTER TABLE app.webhook_endpoints ADD COLUMN failed_attempts integer NOT NULL DEFAULT 0;
-- When it was disabled, by whom or what (disabled_reason says why): the dashboard's notice and the
-- `webhook_endpoint.disabled` event need the time, and "resend failed deliveries since" starts there.
ALTER TABLE app.webhook_endpoints ADD COLUMN disabled_at timestamptz(3);

-- Events about a webhook endpoint (`webhook_endpoint.disabled`) belong to the endpoint's account and
-- to no merchant: a key scoped to a merchant never sees them (it cannot manage endpoints either).
ALTER TABLE app.events ALTER COLUMN merchant_id DROP NOT NULL;
