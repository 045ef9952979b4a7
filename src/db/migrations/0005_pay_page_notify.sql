-- Hosted payment page (src/modules/pay/): one database notification per change a customer's page
-- must show, so that one LISTEN connection per API process can fan it out to every open page.
-- Triggers, not code in the writers: the matcher, the expirer, cancel and settlement never need to
-- know that a page exists. Payload: the payment intent id (`pi_…`), or for a transfer linked to no
-- intent (wrong amount) the merchant id (`mer_…`), so pages of that merchant can look for it.
-- pg_notify is transactional: listeners hear it only after COMMIT, and Postgres folds identical
-- notifications of one transaction into one.

CREATE OR REPLACE FUNCTION app.notify_pay_page_intent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pay_page', NEW.id);
  RETURN NULL;
END $$;

CREATE TRIGGER payment_intents_pay_page_notify
  AFTER UPDATE OF status, transaction_id ON app.payment_intents
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.transaction_id IS DISTINCT FROM NEW.transaction_id)
  EXECUTE FUNCTION app.notify_pay_page_intent();

CREATE OR REPLACE FUNCTION app.notify_pay_page_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pay_page', COALESCE(NEW.payment_intent_id, NEW.merchant_id));
  RETURN NULL;
END $$;

CREATE TRIGGER transactions_pay_page_notify
  AFTER INSERT OR UPDATE OF payment_intent_id, status ON app.transactions
  FOR EACH ROW
  EXECUTE FUNCTION app.notify_pay_page_transaction();
