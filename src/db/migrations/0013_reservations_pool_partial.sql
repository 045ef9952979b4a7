-- the pool index holds free and quarantined values only (released_after set), not the values
-- of open intents (released_after NULL). A claim sets released_after to NULL; with every row in the
-- index, each claim added an entry at the end of its (merchant, amount) range, the same index page for
-- every create of one amount, and concurrent creates of one price queued on that page (bench/one-price.ts,
-- bench/README.md). Claims only ever read rows with released_after <= now, and the counts of held values
-- read the primary key's range (value-tags.ts), so the entries of open intents were never read.
DROP INDEX app.reservations_pool;
CREATE INDEX reservations_pool ON app.reservations (merchant_id, amount_units, released_after, expected_units) WHERE released_after IS NOT NULL;
