-- Webhook delivery (src/modules/webhooks, src/workers/dispatcher.ts) and the expiry sweep's needs.
--
-- One delivery per (event, endpoint) created by the fan-out; every HTTP attempt is a row of
-- webhook_attempts. A delivery is `pending` until it succeeds or runs out of attempts:
--   pending --2xx--> succeeded
--   pending --non-2xx/timeout/network error, attempts left--> pending (next_attempt_at moved on)
--   pending --last attempt failed, or 410 Gone--> failed
-- Claiming a delivery (FOR UPDATE SKIP LOCKED) moves next_attempt_at to the end of a lease and sets
-- lease_token: if the worker dies before recording the result, the row is due again when the lease
-- ends and another worker takes it (at-least-once, same webhook-id).
-- Finished rows move to the *_archive tables after a retention period (src/modules/webhooks/schedule.ts).

CREATE TABLE app.webhook_deliveries (
  id               text PRIMARY KEY,                  -- wd_*
  event_id         text NOT NULL,                     -- app.events(id); the webhook-id
  endpoint_id      text NOT NULL,                     -- app.webhook_endpoints(id)
  status           text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempt_count    integer NOT NULL DEFAULT 0,        -- attempts started (claims)
  next_attempt_at  timestamptz(3) NOT NULL,           -- due time; while claimed: end of the lease
  lease_token      text,                              -- set while claimed by a worker
  claimed_at       timestamptz(3),                    -- when the current/last attempt was claimed
  created_at       timestamptz(3) NOT NULL,
  finished_at      timestamptz(3),
  last_status_code integer,
  last_error       text,
  CHECK ((status = 'pending') = (finished_at IS NULL))
);
-- The claim: due pending deliveries of one endpoint, oldest first.
CREATE INDEX webhook_deliveries_due ON app.webhook_deliveries (endpoint_id, next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_event ON app.webhook_deliveries (event_id);
CREATE INDEX webhook_deliveries_endpoint_created ON app.webhook_deliveries (endpoint_id, created_at DESC);
-- The archiver: finished rows by age.
CREATE INDEX webhook_deliveries_finished ON app.webhook_deliveries (finished_at) WHERE status <> 'pending';

CREATE TABLE app.webhook_attempts (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  delivery_id      text NOT NULL,
  event_id         text NOT NULL,
  endpoint_id      text NOT NULL,
  attempt_number   integer NOT NULL,
  started_at       timestamptz(3) NOT NULL,
  duration_ms      integer,                           -- null: the worker stopped before it could record
  -- succeeded | retry_scheduled | failed (no attempts left) | endpoint_gone (410) | lease_expired
  outcome          text NOT NULL CHECK (outcome IN ('succeeded', 'retry_scheduled', 'failed', 'endpoint_gone', 'lease_expired')),
  status_code      integer,                           -- null: no HTTP response (timeout, refused, …)
  error            text,
  response_snippet text,                              -- first 1 KiB of the response body
  next_attempt_at  timestamptz(3)
);
CREATE INDEX webhook_attempts_delivery ON app.webhook_attempts (delivery_id, attempt_number);

-- Archive: same columns, no claim indexes; read by the operator CLI, deleted after a longer period.
CREATE TABLE app.webhook_deliveries_archive (LIKE app.webhook_deliveries INCLUDING DEFAULTS);
ALTER TABLE app.webhook_deliveries_archive ADD PRIMARY KEY (id);
CREATE INDEX webhook_deliveries_archive_event ON app.webhook_deliveries_archive (event_id);
CREATE INDEX webhook_deliveries_archive_endpoint ON app.webhook_deliveries_archive (endpoint_id, created_at DESC);
CREATE INDEX webhook_deliveries_archive_finished ON app.webhook_deliveries_archive (finished_at);
CREATE TABLE app.webhook_attempts_archive (
  id               bigint PRIMARY KEY,
  delivery_id      text NOT NULL,
  event_id         text NOT NULL,
  endpoint_id      text NOT NULL,
  attempt_number   integer NOT NULL,
  started_at       timestamptz(3) NOT NULL,
  duration_ms      integer,
  outcome          text NOT NULL,
  status_code      integer,
  error            text,
  response_snippet text,
  next_attempt_at  timestamptz(3)
);
CREATE INDEX webhook_attempts_archive_delivery ON app.webhook_attempts_archive (delivery_id, attempt_number);

-- Wake the dispatcher as soon as an event is committed (one notification per statement; the
-- dispatcher also polls, so a lost notification only costs latency).
CREATE FUNCTION app.notify_events_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('stablepay_events', '');
  RETURN NULL;
END $$;
CREATE TRIGGER events_notify AFTER INSERT ON app.events FOR EACH STATEMENT EXECUTE FUNCTION app.notify_events_inserted();
