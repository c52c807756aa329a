-- Spot trading (issue 7, server/domain/spot/README.md): orders against the live book and the fill
-- each one made. Amounts are ledger units: prices in USDT units (scale 6) per whole base coin,
-- numbers in the base coin's units (scale 8), notionals and fees in USDT units. The ledger moves
-- the money (bills 315-325); these rows say what was asked, what filled and on which market record.

CREATE TABLE spot_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  symbol text NOT NULL CHECK (symbol ~ '^[A-Z0-9]{2,10}/USDT$'),
  base text NOT NULL REFERENCES assets (code) CHECK (base <> 'USDT'),
  -- API.md: side 0 buy, 1 sell; type 0 market, 1 limit.
  side smallint NOT NULL CHECK (side IN (0, 1)),
  type smallint NOT NULL CHECK (type IN (0, 1)),
  -- The limit price; a market order has none (its fill says what it paid).
  price numeric(38, 0) CHECK (price > 0),
  number numeric(38, 0) NOT NULL CHECK (number > 0),
  status text NOT NULL CHECK (status IN ('open', 'filled', 'cancelled', 'rejected')),
  -- Why a market order was rejected (the book could not fill it within the slippage cap).
  reason text CHECK (length(reason) BETWEEN 1 AND 500),
  -- A resting limit order's frozen funds (buy: USDT notional + maker fee; sell: the base coin).
  reservation_id bigint UNIQUE REFERENCES ledger_reservations (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  filled_at timestamptz,
  cancelled_at timestamptz,
  CHECK ((type = 1) = (price IS NOT NULL)),
  CHECK ((type = 1) = (reservation_id IS NOT NULL)),
  -- A market order fills at once or is rejected; only a limit order rests or is cancelled.
  CHECK (type = 1 OR status IN ('filled', 'rejected')),
  CHECK (type = 0 OR status IN ('open', 'filled', 'cancelled')),
  CHECK ((status = 'rejected') = (reason IS NOT NULL)),
  CHECK ((status = 'filled') = (filled_at IS NOT NULL)),
  CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL))
);
CREATE INDEX spot_orders_user ON spot_orders (user_id, id DESC);
CREATE INDEX spot_orders_user_open ON spot_orders (user_id, id DESC) WHERE status = 'open';
-- What the matcher loads on start.
CREATE INDEX spot_orders_open ON spot_orders (symbol, id) WHERE status = 'open';

-- An order's execution and the market record it used. Orders fill completely at once, so the
-- UNIQUE order_id makes a second fill of one order impossible whatever the code does.
CREATE TABLE spot_fills (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL UNIQUE REFERENCES spot_orders (id),
  symbol text NOT NULL,
  price numeric(38, 0) NOT NULL CHECK (price > 0),
  number numeric(38, 0) NOT NULL CHECK (number > 0),
  -- USDT units that changed hands for price × number (rounded toward the house) and the fee.
  notional numeric(38, 0) NOT NULL CHECK (notional > 0),
  fee numeric(38, 0) NOT NULL CHECK (fee >= 0),
  -- The book the fill was priced on (GET /market/depth's seq and time) and the symbol's newest
  -- recorded tick then; the tick is kept for ever (ticks.kept) and must exist.
  depth_seq bigint NOT NULL CHECK (depth_seq > 0),
  tick_seq bigint NOT NULL CHECK (tick_seq > 0),
  book_at timestamptz(3) NOT NULL,
  -- The book levels the fill used, [[price, quantity]] as served: a market order's walk, or the
  -- best opposite level that crossed a limit order.
  levels jsonb NOT NULL CHECK (jsonb_typeof(levels) = 'array' AND jsonb_array_length(levels) > 0),
  transaction_id bigint NOT NULL UNIQUE REFERENCES ledger_transactions (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (symbol, tick_seq) REFERENCES ticks (symbol, seq)
);
CREATE TRIGGER spot_fills_append_only BEFORE UPDATE OR DELETE ON spot_fills
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();

-- An order changes once, from open to filled or cancelled; what was asked never changes.
CREATE FUNCTION spot_order_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'open' THEN
    RAISE EXCEPTION 'spot order % is % and cannot change', OLD.id, OLD.status;
  END IF;
  IF (NEW.id, NEW.user_id, NEW.symbol, NEW.base, NEW.side, NEW.type, NEW.price, NEW.number,
      NEW.reservation_id, NEW.created_at)
     IS DISTINCT FROM
     (OLD.id, OLD.user_id, OLD.symbol, OLD.base, OLD.side, OLD.type, OLD.price, OLD.number,
      OLD.reservation_id, OLD.created_at) THEN
    RAISE EXCEPTION 'spot order %: only its status may change', OLD.id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER spot_orders_transition BEFORE UPDATE ON spot_orders
  FOR EACH ROW EXECUTE FUNCTION spot_order_transition();
CREATE TRIGGER spot_orders_no_delete BEFORE DELETE ON spot_orders
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();

-- At commit: a filled order has its fill; a limit order's reservation is open exactly while the
-- order is open, deducted once it filled and returned once it was cancelled. No terminal order
-- can keep funds frozen, and no fill or cancel can leave its reservation behind.
CREATE FUNCTION spot_order_settled() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current_status text;
  reservation bigint;
  outcome text;
  has_fill boolean;
BEGIN
  SELECT status, reservation_id INTO current_status, reservation FROM spot_orders WHERE id = NEW.id;
  SELECT EXISTS (SELECT 1 FROM spot_fills WHERE order_id = NEW.id) INTO has_fill;
  IF (current_status = 'filled') <> has_fill THEN
    RAISE EXCEPTION 'spot order % is % but has % fill', NEW.id, current_status,
      CASE WHEN has_fill THEN 'a' ELSE 'no' END;
  END IF;
  IF reservation IS NOT NULL THEN
    SELECT e.outcome INTO outcome FROM ledger_reservation_ends e WHERE e.reservation_id = reservation;
    IF outcome IS DISTINCT FROM
       (CASE current_status WHEN 'filled' THEN 'deducted' WHEN 'cancelled' THEN 'returned' END) THEN
      RAISE EXCEPTION 'spot order % is % but its reservation % is %', NEW.id, current_status,
        reservation, coalesce(outcome, 'open');
    END IF;
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER spot_orders_settled AFTER INSERT OR UPDATE ON spot_orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION spot_order_settled();
