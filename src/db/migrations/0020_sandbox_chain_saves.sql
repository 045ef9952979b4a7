-- The highest block of each embedded sandbox chain that its state file is known to hold (src/sandbox/anvil.ts).
-- A kill -9 of the sandbox loses the blocks mined after the last save; the matcher records no transfer above
-- this block (src/modules/matching/chain-reader.ts), so nothing is confirmed from a block the next start might
-- not find. No row: a chain that does not lose blocks this way (every configured chain; a sandbox chain saved
-- only when it stops, SANDBOX_STATE_INTERVAL=0).
CREATE TABLE app.sandbox_chain_saves (
  chain_id     integer PRIMARY KEY,
  block_number bigint NOT NULL,
  saved_at     timestamptz NOT NULL DEFAULT now()
);
