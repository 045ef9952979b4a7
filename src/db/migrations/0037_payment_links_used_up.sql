-- When a payment link's last use was confirmed: set once, under the link's row lock, in the
-- transaction that sends `payment_link.used_up`, so the event is sent once however many processes
-- notice the link is used up.
ALTER TABLE app.payment_links ADD COLUMN used_up_at timestamptz(3);
