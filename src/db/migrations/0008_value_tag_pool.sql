-- Value tags from a free list (docs/integrators.md "One price, many payments").
-- app.reservations becomes the pool of expected values of a merchant: one row per value ever issued.
--   held:  intent_id set and released_after NULL (the intent awaits payment) or in the future (quarantine);
--   free:  released_after <= now (quarantine over), or never used yet (intent_id NULL, released_after -infinity,
--          issued ahead in small batches by a create that found the pool empty).
-- A create claims the oldest free row of its (merchant, amount) with FOR UPDATE SKIP LOCKED through
-- reservations_pool, so its cost does not depend on how many values are held, and creates of one amount do not
-- wait on each other. The primary key (merchant_id, expected_units) still makes two held values distinct.
-- In-place upgrade: every existing row keeps its expected value and released_after, so open intents and
-- quarantined values still block reuse; their pool (amount_units) is their intent's amount. A row with no
-- amount_units (written by a process of the previous version during a rolling upgrade) is in no pool: it
-- still blocks its value, and is taken over by the create that finds that value free by another path.
ALTER TABLE app.reservations ADD COLUMN amount_units bigint;
UPDATE app.reservations r SET amount_units = p.amount_units FROM app.payment_intents p WHERE p.id = r.intent_id;
ALTER TABLE app.reservations ALTER COLUMN intent_id DROP NOT NULL;
ALTER TABLE app.reservations ADD CONSTRAINT reservations_unused_is_free CHECK (intent_id IS NOT NULL OR released_after IS NOT NULL);
-- Free rows first (oldest release first, NULLs = open intents last): the claim reads one entry; the values in use
-- of one amount (released_after NULL or in the future) are one range of it.
CREATE INDEX reservations_pool ON app.reservations (merchant_id, amount_units, released_after, expected_units);

-- The tag width is a setting (VALUE_TAG_WIDTH, at most 100,000); the service checks it, the row keeps
-- expected = amount + tag.
ALTER TABLE app.payment_intents DROP CONSTRAINT payment_intents_tag_units_check;
ALTER TABLE app.payment_intents ADD CONSTRAINT payment_intents_tag_units_check CHECK (tag_units BETWEEN 0 AND 99999);

-- Every claim leaves a dead row version and dead index entries behind it; until VACUUM removes them, claims
-- of one amount slow down as they pile up (bench/one-price.ts: 788/s at 0 held, 450/s at 9,000 without a
-- vacuum in between; flat with one). Vacuum this table after every 2,000 dead rows, whatever its size, at
-- full speed (the embedded Postgres also looks every 5 s: autovacuum_naptime, src/sandbox/postgres.ts).
ALTER TABLE app.reservations SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000, autovacuum_vacuum_cost_delay = 0);
