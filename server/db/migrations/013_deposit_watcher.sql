-- Deposits without a claim race (issue 14): a recharge's tx hash no longer belongs to whoever files
-- it first. The transfer's sender decides whose it is (domain/wallet/recharge-submit.ts), so one
-- open (status 0) claim per user and hash remains the only uniqueness; credited_deposits' primary
-- key still makes "credited at most once, ever" a schema rule, whoever claims. (One transaction may
-- carry several Transfer logs, each credited as its own recharge with the same hash.)
DROP INDEX recharges_tx_hash;
CREATE UNIQUE INDEX recharges_user_open_tx_hash ON recharges (user_id, tx_hash)
  WHERE tx_hash IS NOT NULL AND status = 0;
CREATE INDEX recharges_by_tx_hash ON recharges (tx_hash) WHERE tx_hash IS NOT NULL;

-- The deposit watcher credits a user's transfer without any claim, so without a voucher.
ALTER TABLE recharges ALTER COLUMN voucher_upload_id DROP NOT NULL;
ALTER TABLE recharges ADD CHECK (voucher_upload_id IS NOT NULL OR tx_hash IS NOT NULL);

-- How far the deposit watcher has read the USDT Transfer logs to one deposit address: every block
-- below next_block was scanned with its confirmations complete.
CREATE TABLE deposit_scan_cursors (
  chain_id integer NOT NULL,
  token text NOT NULL CHECK (token ~ '^0x[0-9a-f]{40}$'),
  deposit_address text NOT NULL CHECK (deposit_address ~ '^0x[0-9a-f]{40}$'),
  next_block numeric(78, 0) NOT NULL CHECK (next_block >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, token, deposit_address)
);
