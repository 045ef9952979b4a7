-- Payment links: a merchant's public URL that mints one payment intent per visit.
--
-- A link has either a fixed amount or bounds the customer types an amount within. `uses` is not
-- stored: it is the count of the link's intents that were confirmed, read from the intents
-- themselves, so it can never drift from what the matcher confirmed.
CREATE TABLE app.payment_links (
  id             text PRIMARY KEY,
  mode           text NOT NULL,
  account_id     text NOT NULL REFERENCES app.accounts(id),
  merchant_id    text NOT NULL REFERENCES app.merchants(id),
  active         boolean NOT NULL DEFAULT true,
  amount_units   bigint,
  minimum_units  bigint,
  maximum_units  bigint,
  preset_units   bigint,
  chain_id       integer NOT NULL,
  token          text NOT NULL,
  max_uses       integer CHECK (max_uses IS NULL OR max_uses >= 1),
  expires_at     timestamptz(3),
  redirect_url   text,
  metadata       jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at     timestamptz(3) NOT NULL,
  CHECK ((amount_units IS NULL) <> (minimum_units IS NULL)),
  CHECK (minimum_units IS NULL OR (maximum_units IS NOT NULL AND minimum_units <= maximum_units))
);
CREATE INDEX payment_links_merchant_created ON app.payment_links (merchant_id, created_at DESC, id DESC);
CREATE INDEX payment_links_account_created ON app.payment_links (account_id, mode, created_at DESC, id DESC);

-- One row per intent a link minted, written before the intent exists (a claim): a link with
-- max_uses hands out a use only under its row lock, counting the claims still being turned into an
-- intent, the intents still awaiting payment and those confirmed. So two customers can never both
-- be given the last use, and the one who is not is told before paying. `visitor` is the random
-- token of the browser's cookie: the same browser coming back gets its open intent again.
CREATE TABLE app.payment_link_claims (
  id          text PRIMARY KEY,
  link_id     text NOT NULL REFERENCES app.payment_links(id),
  visitor     text NOT NULL,
  intent_id   text UNIQUE,
  created_at  timestamptz(3) NOT NULL
);
CREATE INDEX payment_link_claims_link_visitor ON app.payment_link_claims (link_id, visitor, created_at DESC);
CREATE INDEX payment_link_claims_link_intent ON app.payment_link_claims (link_id, intent_id);
