-- Terminals: a shop's register. A terminal belongs to a merchant, has a name and the tip
-- percentages its register offers, and points at the intent its register is charging now
-- (`current_intent_id`), which its public static link opens while that intent awaits payment.
CREATE TABLE app.terminals (
  id                 text PRIMARY KEY,
  mode               text NOT NULL,
  account_id         text NOT NULL REFERENCES app.accounts(id),
  merchant_id        text NOT NULL REFERENCES app.merchants(id),
  name               text NOT NULL,
  tip_percentages    integer[] NOT NULL DEFAULT '{}',
  current_intent_id  text,
  metadata           jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at         timestamptz(3) NOT NULL
);
CREATE INDEX terminals_merchant_created ON app.terminals (merchant_id, created_at DESC, id DESC);
CREATE INDEX terminals_account_created ON app.terminals (account_id, mode, created_at DESC, id DESC);

-- One row per intent a register charged: the subtotal the cashier typed and the tip the customer
-- chose, both in base units and computed by the server, so the receipt shows how the total was made
-- and the register lists its own charges of the day by index.
CREATE TABLE app.terminal_charges (
  intent_id       text PRIMARY KEY REFERENCES app.payment_intents(id),
  terminal_id     text NOT NULL REFERENCES app.terminals(id),
  subtotal_units  bigint NOT NULL CHECK (subtotal_units > 0),
  tip_percent     integer NOT NULL CHECK (tip_percent >= 0),
  tip_units       bigint NOT NULL CHECK (tip_units >= 0),
  created_at      timestamptz(3) NOT NULL
);
CREATE INDEX terminal_charges_terminal_created ON app.terminal_charges (terminal_id, created_at DESC);

-- A cashier signs in to one register only: the role, and the terminal it is bound to.
ALTER TABLE app.dashboard_users DROP CONSTRAINT IF EXISTS dashboard_users_role_check;
ALTER TABLE app.dashboard_users ADD CONSTRAINT dashboard_users_role_check CHECK (role IN ('admin', 'viewer', 'cashier'));
ALTER TABLE app.dashboard_users ADD COLUMN terminal_id text REFERENCES app.terminals(id);
ALTER TABLE app.dashboard_users ADD CONSTRAINT dashboard_users_cashier_terminal CHECK ((role = 'cashier') = (terminal_id IS NOT NULL));
