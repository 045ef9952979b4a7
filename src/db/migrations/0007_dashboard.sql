-- Dashboard users and their sessions (issue "merchant dashboard"). A user belongs to one integrator
-- account with a role; passwords are argon2id hashes (Bun.password); session and set-password
-- tokens are random and stored only as SHA-256 hashes.
CREATE TABLE app.dashboard_users (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES app.accounts (id),
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'viewer')),
  password_hash text,
  password_changed_at timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX dashboard_users_email ON app.dashboard_users (lower(email));

CREATE TABLE app.dashboard_sessions (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES app.dashboard_users (id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  last_seen_at timestamptz(3) NOT NULL DEFAULT now(),
  revoked_at timestamptz(3)
);
CREATE INDEX dashboard_sessions_user ON app.dashboard_sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE app.dashboard_password_tokens (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES app.dashboard_users (id) ON DELETE CASCADE,
  expires_at timestamptz(3) NOT NULL,
  used_at timestamptz(3)
);
