-- To whom a refund may go without the owner's signature (docs/integrators.md "Refunds", "Who may refund, and to whom").
--
-- refunds.payer_address: the sender of the refunded payment (its indexed transfer's `from`), kept
-- on the refund. Only a refund to that address may be paid from the owner's refund budget; any other
-- recipient waits for the owner's signature.
ALTER TABLE app.refunds ADD COLUMN payer_address text;
UPDATE app.refunds r SET payer_address = t.sender_address FROM app.transactions t WHERE t.id = r.transaction_id;
COMMENT ON COLUMN app.refunds.payer_address IS 'sender of the refunded payment; a budget refund goes only to it';
