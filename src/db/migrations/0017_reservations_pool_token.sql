-- the pool index names the token. 0012 made value tags per (merchant, token) and left
-- this index on (merchant, amount, released_after, expected_units); a claim's scan in that order then read
-- past every free value of the OTHER token of that amount before its own (a one-price shop taking USDC and
-- USDT: a USDT claim walked the whole USDC pool of its amount). With the token second, a claim's range
-- holds its own token's free values only. It runs after both 0012 and 0013 on every path (new database,
-- or upgraded from any release), so every database ends with the same index.
DROP INDEX IF EXISTS app.reservations_pool;
CREATE INDEX reservations_pool ON app.reservations (merchant_id, token, amount_units, released_after, expected_units) WHERE released_after IS NOT NULL;
