-- Rise/fall options (server/domain/options/README.md; the rule: protocol/options.ts). Amounts are
-- USDT ledger units (scale 6). The ledger moves the money (bills 311-314); these rows say what
-- was bought, when, and on which recorded ticks it settled.

CREATE TABLE options_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  symbol text NOT NULL CHECK (symbol ~ '^[A-Z0-9]{2,10}/USDT$'),
  direction text NOT NULL CHECK (direction IN ('up', 'down')),
  seconds integer NOT NULL CHECK (seconds > 0),
  stake numeric(38, 0) NOT NULL CHECK (stake > 0),
  fee numeric(38, 0) NOT NULL CHECK (fee >= 0),
  -- The product's terms when the order was accepted (configuration may change later).
  payout_rate numeric NOT NULL CHECK (payout_rate > 0),
  -- Acceptance time (the server's clock at commit) and time + seconds; milliseconds, as ticks.
  time timestamptz(3) NOT NULL,
  expires_at timestamptz(3) NOT NULL,
  -- The purchase posting (311 stake, 314 fee).
  purchase_transaction_id bigint NOT NULL UNIQUE REFERENCES ledger_transactions (id),
  -- Settlement: null while open. void = no tick in (time, expires_at], stake and fee returned.
  result text CHECK (result IN ('win', 'lose', 'tie', 'void')),
  entry_seq bigint,
  exit_seq bigint,
  profit numeric(38, 0),
  settled_at timestamptz(3),
  -- The settlement posting; many orders settling together may share one.
  settlement_transaction_id bigint REFERENCES ledger_transactions (id),
  CHECK (expires_at = time + make_interval(secs => seconds)),
  CHECK ((result IS NULL) = (settled_at IS NULL)),
  CHECK ((result IS NULL) = (profit IS NULL)),
  CHECK ((result IN ('win', 'lose', 'tie')) = (entry_seq IS NOT NULL AND exit_seq IS NOT NULL)),
  CHECK (result IS NOT NULL OR (entry_seq IS NULL AND exit_seq IS NULL)),
  CHECK (entry_seq IS NULL OR entry_seq <= exit_seq),
  CHECK (result IS DISTINCT FROM 'lose' OR profit = -stake),
  CHECK (result NOT IN ('tie', 'void') OR profit = 0),
  CHECK (result IS DISTINCT FROM 'win' OR profit > 0),
  -- A lost stake stays in the options pool: no settlement posting. Every other end posts one.
  CHECK (CASE WHEN result IS NULL THEN settlement_transaction_id IS NULL
              WHEN result = 'lose' THEN settlement_transaction_id IS NULL
              ELSE settlement_transaction_id IS NOT NULL END),
  -- The ticks it settled on must stay recorded (pruning skips kept ticks).
  FOREIGN KEY (symbol, entry_seq) REFERENCES ticks (symbol, seq),
  FOREIGN KEY (symbol, exit_seq) REFERENCES ticks (symbol, seq)
);
-- One open option per user ("Please complete the previous order first"), by the schema itself:
-- a second open row cannot commit, whatever the code does.
CREATE UNIQUE INDEX options_orders_one_open ON options_orders (user_id) WHERE result IS NULL;
CREATE INDEX options_orders_user ON options_orders (user_id, id DESC);
-- What the settlement worker reads: open orders by expiry.
CREATE INDEX options_orders_open ON options_orders (expires_at, id) WHERE result IS NULL;

-- An order changes once, from open to settled; what was bought never changes, nor is it deleted.
CREATE FUNCTION options_order_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.result IS NOT NULL THEN
    RAISE EXCEPTION 'option % is settled (%) and cannot change', OLD.id, OLD.result;
  END IF;
  IF (NEW.id, NEW.user_id, NEW.symbol, NEW.direction, NEW.seconds, NEW.stake, NEW.fee,
      NEW.payout_rate, NEW.time, NEW.expires_at, NEW.purchase_transaction_id)
     IS DISTINCT FROM
     (OLD.id, OLD.user_id, OLD.symbol, OLD.direction, OLD.seconds, OLD.stake, OLD.fee,
      OLD.payout_rate, OLD.time, OLD.expires_at, OLD.purchase_transaction_id) THEN
    RAISE EXCEPTION 'option %: only its settlement may be written', OLD.id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER options_orders_transition BEFORE UPDATE ON options_orders
  FOR EACH ROW EXECUTE FUNCTION options_order_transition();
CREATE TRIGGER options_orders_no_delete BEFORE DELETE ON options_orders
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
