-- Trace context (OpenTelemetry; off unless the OTEL_* variables turn it on, src/tracing.ts).
-- traceparent: the W3C traceparent of what wrote the event (the matcher's span for the payment's
--   transfer, the API request's span), so that the event's webhook deliveries continue that trace.
--   NULL when tracing was off.
-- trace_id: the trace of each webhook attempt (the same as the event's when it had one), to find an
--   attempt's trace from the deliveries API's records and the dispatcher's log lines. The archive
--   gets the column too: the attempts move there with `SELECT *`, column by column.
ALTER TABLE app.events ADD COLUMN traceparent text;
ALTER TABLE app.webhook_attempts ADD COLUMN trace_id text;
ALTER TABLE app.webhook_attempts_archive ADD COLUMN trace_id text;
