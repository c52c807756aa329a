-- Money in and out (issue 6): recharges (deposits) and withdrawals of USDT on the deposit chain.
-- Amounts are USDT units (scale 6). The ledger moves the money; these rows hold the requests,
-- their review and what the chain said. Statuses as API.md: recharge 0 under review, 1 success,
-- 2 failed; withdrawal 0 under review, 1 pending (approved, sending), 2 success, 3 failed.

CREATE TABLE recharges (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  amount numeric(38, 0) NOT NULL CHECK (amount > 0),
  voucher_upload_id uuid NOT NULL REFERENCES uploads (id),
  -- Lower-case 0x hash as the user gave it; null when the voucher is all there is.
  tx_hash text CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  status smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 2),
  verification text NOT NULL CHECK (verification IN ('none', 'waiting', 'verified', 'manual')),
  -- Why it failed (status 2), or why the chain could not confirm it (verification 'manual').
  reason text CHECK (length(reason) BETWEEN 1 AND 500),
  -- The Transfer log credited, once known (chain id, log index, sender).
  chain_id integer,
  log_index integer CHECK (log_index >= 0),
  from_address text CHECK (from_address ~ '^0x[0-9a-fA-F]{40}$'),
  -- The ledger transaction that credited it (bill 101); set exactly when status is 1.
  transaction_id bigint REFERENCES ledger_transactions (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  reviewed_at timestamptz,
  -- The operator who decided it; null when the chain verified it.
  reviewer_id bigint REFERENCES users (id),
  CHECK (status <> 2 OR reason IS NOT NULL),
  CHECK ((status = 1) = (transaction_id IS NOT NULL)),
  CHECK ((status = 0) = (reviewed_at IS NULL)),
  CHECK (verification <> 'verified' OR status = 1),
  CHECK ((tx_hash IS NULL) = (verification = 'none'))
);
CREATE INDEX recharges_user ON recharges (user_id, id DESC);
CREATE INDEX recharges_by_status ON recharges (status, id);
-- One open or credited recharge per tx hash: a second claim of the same transfer is refused
-- (a failed one may be submitted again, e.g. after a typo in the amount).
CREATE UNIQUE INDEX recharges_tx_hash ON recharges (tx_hash) WHERE tx_hash IS NOT NULL AND status <> 2;

-- Every on-chain transfer ever credited, by (chain, tx hash, log index): the primary key makes
-- "credited at most once, ever" a property of the schema. Append-only.
CREATE TABLE credited_deposits (
  chain_id integer NOT NULL,
  tx_hash text NOT NULL CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  log_index integer NOT NULL CHECK (log_index >= 0),
  recharge_id bigint NOT NULL UNIQUE REFERENCES recharges (id),
  credited_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, tx_hash, log_index)
);
CREATE TRIGGER credited_deposits_append_only BEFORE UPDATE OR DELETE ON credited_deposits
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();

CREATE TABLE withdrawals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  amount numeric(38, 0) NOT NULL CHECK (amount > 0),
  fee numeric(38, 0) NOT NULL CHECK (fee >= 0),
  -- EIP-55 checksummed destination.
  address text NOT NULL CHECK (address ~ '^0x[0-9a-fA-F]{40}$'),
  status smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 3),
  -- The ledger reservation holding amount + fee (bill 201) until it is sent or returned.
  reservation_id bigint NOT NULL UNIQUE REFERENCES ledger_reservations (id),
  -- The signed transfer, stored before it is broadcast: after a crash the same bytes are sent
  -- again (same hash), never a second transfer.
  chain_id integer,
  tx_hash text CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  signed_tx text CHECK (signed_tx ~ '^0x[0-9a-f]+$'),
  nonce bigint CHECK (nonce >= 0),
  -- The hot wallet that signed it (EIP-55).
  from_address text CHECK (from_address ~ '^0x[0-9a-fA-F]{40}$'),
  reason text CHECK (length(reason) BETWEEN 1 AND 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  reviewed_at timestamptz,
  reviewer_id bigint REFERENCES users (id),
  completed_at timestamptz,
  CHECK ((status = 3) = (reason IS NOT NULL)),
  CHECK ((status = 0) = (reviewed_at IS NULL)),
  CHECK ((status = 2) = (completed_at IS NOT NULL)),
  CHECK (status <> 2 OR tx_hash IS NOT NULL),
  CHECK ((tx_hash IS NULL) = (signed_tx IS NULL)),
  CHECK ((tx_hash IS NULL) = (nonce IS NULL)),
  CHECK ((tx_hash IS NULL) = (from_address IS NULL)),
  CHECK ((tx_hash IS NULL) = (chain_id IS NULL))
);
CREATE INDEX withdrawals_user ON withdrawals (user_id, id DESC);
CREATE INDEX withdrawals_by_status ON withdrawals (status, id);
CREATE UNIQUE INDEX withdrawals_tx_hash ON withdrawals (tx_hash) WHERE tx_hash IS NOT NULL;
-- Two sends in flight never share a nonce, even from two server processes: the second one's
-- store fails, so its bytes are never broadcast (withdrawal-sender.ts signs it again later).
CREATE UNIQUE INDEX withdrawals_nonce_in_flight ON withdrawals (chain_id, from_address, nonce)
  WHERE status = 1 AND nonce IS NOT NULL;
