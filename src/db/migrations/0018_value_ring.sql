-- Value tags from a ring (docs/integrators.md "One price, many payments"; src/modules/payment-intents/reserve.ts).
-- One row per (merchant, token, amount) ever sold: the next tag of the ring [0, VALUE_TAG_WIDTH). An API
-- process leases a run of tags from it (1 at first, up to 64 in a rush) in a statement of its own and hands
-- them out to its creates; a create takes the first of its candidates that no intent holds, by primary key.
-- So a create of one amount probes one or a few values by key, whatever the number held, and creates of one
-- amount touch one shared row only once per lease. app.reservations stays the record of what is held (its
-- primary key still makes two held values distinct); the pool index and its vacuum settings served the free
-- list this replaces (0008, 0013, 0017).
CREATE TABLE app.value_cursors (
  merchant_id  text NOT NULL REFERENCES app.merchants (id),
  token        text NOT NULL,
  amount_units bigint NOT NULL,
  next_tag     integer NOT NULL CHECK (next_tag >= 0),
  PRIMARY KEY (merchant_id, token, amount_units)
);
DROP INDEX IF EXISTS app.reservations_pool;
ALTER TABLE app.reservations RESET (autovacuum_vacuum_scale_factor, autovacuum_vacuum_threshold, autovacuum_vacuum_cost_delay);
