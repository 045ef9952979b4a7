-- What a replay of an idempotent create must show that the resource's current state does not: a
-- webhook endpoint's create answers with its signing secret, which a later rotation replaces. Only a
-- SHA-256 of it is kept here (never the secret, sealed or not); a replay picks, among the endpoint's
-- secrets still valid, the one it names (src/modules/idempotency/store.ts). NULL for resources whose
-- answer holds nothing more than their state.
ALTER TABLE app.api_idempotency ADD COLUMN answer_digest text;
