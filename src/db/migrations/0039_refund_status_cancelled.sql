-- One spelling of the status for every resource that can be cancelled: `cancelled`, the payment
-- intents' one. Refunds, and refund events, stored with `canceled` are rewritten.
--
-- The column `canceled_at` keeps its name: it is storage, never answered, and a process of the
-- previous release still writes it during a rolling upgrade.
ALTER TABLE app.refunds DROP CONSTRAINT refunds_status_check;
UPDATE app.refunds SET status = 'cancelled' WHERE status = 'canceled';
ALTER TABLE app.refunds ADD CONSTRAINT refunds_status_check
  CHECK (status IN ('requires_approval', 'pending', 'succeeded', 'failed', 'cancelled'));

-- A process of the previous release (a rolling upgrade) still cancels with the old spelling: stored
-- as the new one, so that every reader, filter and answer sees one spelling. Drop it once no such
-- process can run.
CREATE FUNCTION app.refund_status_spelling() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.status := 'cancelled';
  RETURN NEW;
END $$;
CREATE TRIGGER refund_status_spelling BEFORE INSERT OR UPDATE OF status ON app.refunds
  FOR EACH ROW WHEN (NEW.status = 'canceled') EXECUTE FUNCTION app.refund_status_spelling();

-- The refund.* events already stored answer `GET /v1/events` and are delivered again by a resend:
-- they say `cancelled` too.
UPDATE app.events SET data = jsonb_set(data, '{status}', '"cancelled"')
  WHERE type LIKE 'refund.%' AND data->>'status' = 'canceled';
