-- The double-entry ledger (issue 6, DESIGN §5; model and invariants in server/domain/ledger/README.md).
-- Amounts are integers in the asset's smallest unit (numeric(38,0): wide enough for any system
-- account's running total, and never a lossy float). Every balance is the sum of its entries;
-- every transaction's legs sum to zero per asset; user balances can never go below zero.

-- Assets and their fixed scale (decimal places of the smallest unit). A scale never changes:
-- every stored amount of the asset would silently change its meaning.
CREATE TABLE assets (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z0-9]{2,10}$'),
  scale smallint NOT NULL CHECK (scale BETWEEN 0 AND 18)
);

INSERT INTO assets (code, scale) VALUES
  ('USDT', 6), ('BTC', 8), ('ETH', 8), ('BNB', 8), ('SOL', 8), ('XRP', 8), ('DOGE', 8),
  ('ADA', 8), ('TRX', 8), ('LTC', 8), ('DOT', 8), ('LINK', 8), ('AVAX', 8);

-- Ledger history is append-only: rows are never updated or deleted (ledger:check still
-- recomputes everything, for whoever bypasses this with superuser rights).
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$;

CREATE FUNCTION assets_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.code <> OLD.code OR NEW.scale <> OLD.scale THEN
    RAISE EXCEPTION 'an asset and its scale never change';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER assets_guard BEFORE UPDATE OR DELETE ON assets
  FOR EACH ROW EXECUTE FUNCTION assets_guard();

-- A user account (user_id) or a system account (system); one per owner per asset. User balances
-- are never negative (CHECK, not only code). System accounts are the other side of every entry:
-- e.g. demo-issuer goes negative by exactly the demo funds it issued, so per asset all accounts
-- sum to zero. They hold nothing in frozen.
CREATE TABLE ledger_accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  asset text NOT NULL REFERENCES assets (code),
  user_id bigint REFERENCES users (id),
  system text CHECK (system IN ('deposits', 'withdrawals', 'fees', 'broker', 'options-pool',
    'contract-pool', 'plan-pool', 'demo-issuer')),
  available numeric(38, 0) NOT NULL DEFAULT 0,
  frozen numeric(38, 0) NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((user_id IS NULL) <> (system IS NULL)),
  CHECK (system IS NOT NULL OR (available >= 0 AND frozen >= 0)),
  CHECK (system IS NULL OR frozen = 0)
);
CREATE UNIQUE INDEX ledger_accounts_user ON ledger_accounts (user_id, asset) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_accounts_system ON ledger_accounts (system, asset) WHERE system IS NOT NULL;

CREATE FUNCTION ledger_accounts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger accounts are never deleted';
  END IF;
  IF NEW.asset <> OLD.asset OR NEW.user_id IS DISTINCT FROM OLD.user_id
     OR NEW.system IS DISTINCT FROM OLD.system THEN
    RAISE EXCEPTION 'a ledger account never changes owner or asset';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_guard();

INSERT INTO ledger_accounts (asset, system)
  SELECT a.code, s.system FROM assets a
  CROSS JOIN (VALUES ('deposits'), ('withdrawals'), ('fees'), ('broker'), ('options-pool'),
    ('contract-pool'), ('plan-pool'), ('demo-issuer')) AS s (system);

-- The newest transaction: its id and hash. Every posting locks this one row, takes id + 1 and
-- chains to the hash, so ids have no gaps (a rollback undoes the increment, which a sequence
-- would not) and the chain has one order.
CREATE TABLE ledger_head (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  last_id bigint NOT NULL CHECK (last_id >= 0),
  last_hash text NOT NULL CHECK (last_hash ~ '^[0-9a-f]{64}$')
);
INSERT INTO ledger_head (last_id, last_hash) VALUES (0, repeat('0', 64));

-- hash = sha256 of the canonical serialisation of the transaction and its legs, which includes
-- prev_hash (domain/ledger/transaction-hash.ts documents the exact bytes).
CREATE TABLE ledger_transactions (
  id bigint PRIMARY KEY CHECK (id > 0),
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9-]{1,31}$'),
  reference text NOT NULL CHECK (length(reference) BETWEEN 1 AND 200),
  -- Millisecond precision: the hash covers the time as ISO-8601 with milliseconds.
  created_at timestamptz(3) NOT NULL,
  prev_hash text NOT NULL CHECK (prev_hash ~ '^[0-9a-f]{64}$'),
  hash text NOT NULL UNIQUE CHECK (hash ~ '^[0-9a-f]{64}$')
);

-- The legs. `leg` numbers them from 0 within their transaction (the hash covers them in order).
CREATE TABLE ledger_entries (
  transaction_id bigint NOT NULL REFERENCES ledger_transactions (id),
  leg smallint NOT NULL CHECK (leg >= 0),
  account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  bucket text NOT NULL CHECK (bucket IN ('available', 'frozen')),
  amount numeric(38, 0) NOT NULL CHECK (amount <> 0),
  PRIMARY KEY (transaction_id, leg)
);
CREATE INDEX ledger_entries_account ON ledger_entries (account_id);

-- Two-phase transfers: a freeze opens a reservation (available -> frozen); a deduct or a
-- return ends it. The end is a row of its own whose primary key is the reservation, so the
-- schema itself makes every reservation end at most once.
CREATE TABLE ledger_reservations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  amount numeric(38, 0) NOT NULL CHECK (amount > 0),
  opened_by bigint NOT NULL UNIQUE REFERENCES ledger_transactions (id)
);
CREATE INDEX ledger_reservations_account ON ledger_reservations (account_id);

CREATE TABLE ledger_reservation_ends (
  reservation_id bigint PRIMARY KEY REFERENCES ledger_reservations (id),
  outcome text NOT NULL CHECK (outcome IN ('deducted', 'returned')),
  ended_by bigint NOT NULL UNIQUE REFERENCES ledger_transactions (id)
);

-- Bills: the user-visible legs (API.md bill types). balance_after is the account's available
-- balance after the whole transaction.
CREATE TABLE bills (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  type smallint NOT NULL CHECK (type BETWEEN 101 AND 599),
  asset text NOT NULL REFERENCES assets (code),
  amount numeric(38, 0) NOT NULL,
  balance_after numeric(38, 0) NOT NULL CHECK (balance_after >= 0),
  ref_kind text NOT NULL CHECK (ref_kind ~ '^[a-z][a-z0-9-]{1,31}$'),
  ref_id text NOT NULL CHECK (length(ref_id) BETWEEN 1 AND 100),
  transaction_id bigint NOT NULL,
  leg smallint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (transaction_id, leg),
  FOREIGN KEY (transaction_id, leg) REFERENCES ledger_entries (transaction_id, leg)
);
CREATE INDEX bills_user ON bills (user_id, id DESC);
CREATE INDEX bills_user_type ON bills (user_id, type, id DESC);

CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_reservations_append_only BEFORE UPDATE OR DELETE ON ledger_reservations
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_reservation_ends_append_only BEFORE UPDATE OR DELETE ON ledger_reservation_ends
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER bills_append_only BEFORE UPDATE OR DELETE ON bills
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
