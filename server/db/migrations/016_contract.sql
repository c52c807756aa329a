-- Contract trading (server/domain/contract/README.md; the rules: protocol/contract.ts):
-- isolated-margin USDT-linear positions against the house. Prices are USDT units (scale 6) per
-- whole base coin, quantities base units (scale 8), margins, fees and pnl USDT units. The ledger
-- moves the money (103/104 margin, 301 fee, 302 income, 303 loss); a row says what was asked,
-- how it opened, and what closed it — for a trigger, the recorded tick that did.

CREATE TABLE contract_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  symbol text NOT NULL CHECK (symbol ~ '^[A-Z0-9]{2,10}/USDT$'),
  direction text NOT NULL CHECK (direction IN ('long', 'short')),
  leverage integer NOT NULL CHECK (leverage BETWEEN 1 AND 125),
  -- API.md: type 0 market, 1 limit; state 0 waiting, 1 position, 2 completed.
  type smallint NOT NULL CHECK (type IN (0, 1)),
  state smallint NOT NULL CHECK (state IN (0, 1, 2)),
  quantity numeric(38, 0) NOT NULL CHECK (quantity > 0),
  -- The entry price: a market order's book-walk price, a limit order's own price.
  price numeric(38, 0) NOT NULL CHECK (price > 0),
  margin numeric(38, 0) NOT NULL CHECK (margin > 0),
  open_fee numeric(38, 0) NOT NULL CHECK (open_fee >= 0),
  liquidation_price numeric(38, 0) NOT NULL CHECK (liquidation_price >= 0),
  -- The terms when it was placed (configuration may change later).
  fee_rate numeric NOT NULL CHECK (fee_rate >= 0 AND fee_rate < 1),
  maintenance_margin_rate numeric NOT NULL CHECK (maintenance_margin_rate >= 0 AND maintenance_margin_rate < 1),
  take_profit numeric(38, 0) CHECK (take_profit > 0),
  stop_loss numeric(38, 0) CHECK (stop_loss > 0),
  -- The newest recorded tick of the symbol when take-profit and stop-loss were last set on the
  -- position: they apply to the ticks after it. NULL: set at placing (or while waiting), they
  -- apply after the opening tick. Liquidation always applies after the opening tick.
  targets_tick_seq bigint,
  time timestamptz(3) NOT NULL,
  -- The margin's reservation (103 at placing, 104 at the end); a limit order also freezes its
  -- opening fee (when there is one), deducted to fees (301) when it fills or returned (104) when it is cancelled.
  margin_reservation_id bigint NOT NULL UNIQUE REFERENCES ledger_reservations (id),
  fee_reservation_id bigint UNIQUE REFERENCES ledger_reservations (id),
  -- Opening: when, by which posting, on which recorded tick (the newest when it filled).
  opened_at timestamptz(3),
  open_transaction_id bigint UNIQUE REFERENCES ledger_transactions (id),
  open_tick_seq bigint,
  -- The end: why, at what price, with what result, by which posting. close_tick_seq is the tick
  -- that triggered a liquidation, take-profit or stop-loss (the newest tick at a user's close).
  close_reason text CHECK (close_reason IN ('user', 'take-profit', 'stop-loss', 'liquidation', 'cancelled')),
  close_price numeric(38, 0) CHECK (close_price > 0),
  close_fee numeric(38, 0) CHECK (close_fee >= 0),
  pnl numeric(38, 0),
  closed_at timestamptz(3),
  close_tick_seq bigint,
  close_transaction_id bigint UNIQUE REFERENCES ledger_transactions (id),
  CHECK ((type = 1 AND open_fee > 0) = (fee_reservation_id IS NOT NULL)),
  CHECK ((state = 0) = (opened_at IS NULL AND close_reason IS NULL)),
  CHECK ((state = 2) = (close_reason IS NOT NULL)),
  CHECK ((close_reason IS NULL) = (closed_at IS NULL)),
  CHECK ((close_reason IS NULL) = (close_transaction_id IS NULL)),
  -- A limit order with no fee opens without a posting of its own (its margin is already frozen).
  CHECK (opened_at IS NOT NULL OR open_transaction_id IS NULL),
  CHECK (type = 1 OR opened_at IS NULL OR open_transaction_id IS NOT NULL),
  CHECK ((opened_at IS NULL) = (open_tick_seq IS NULL)),
  CHECK (targets_tick_seq IS NULL OR (open_tick_seq IS NOT NULL AND targets_tick_seq >= open_tick_seq)),
  -- A market order opens at once; only a limit order waits or is cancelled.
  CHECK (type = 1 OR state IN (1, 2)),
  CHECK (close_reason IS DISTINCT FROM 'cancelled' OR (type = 1 AND opened_at IS NULL)),
  CHECK (close_reason IS NULL OR close_reason = 'cancelled' OR opened_at IS NOT NULL),
  -- A closed position has its price, fee and pnl; a cancelled order none of them.
  CHECK ((close_reason IS NOT NULL AND close_reason <> 'cancelled')
         = (close_price IS NOT NULL AND close_fee IS NOT NULL AND pnl IS NOT NULL)),
  CHECK ((close_reason IN ('take-profit', 'stop-loss', 'liquidation')) <= (close_tick_seq IS NOT NULL)),
  CHECK (close_reason IS DISTINCT FROM 'cancelled' OR close_tick_seq IS NULL),
  -- Never more than the margin: a liquidation loses exactly it and pays no closing fee.
  CHECK (pnl IS NULL OR pnl >= -margin),
  CHECK (pnl IS NULL OR close_fee + greatest(-pnl, 0) <= margin),
  CHECK (close_reason IS DISTINCT FROM 'liquidation' OR (pnl = -margin AND close_fee = 0)),
  FOREIGN KEY (symbol, open_tick_seq) REFERENCES ticks (symbol, seq),
  FOREIGN KEY (symbol, close_tick_seq) REFERENCES ticks (symbol, seq)
);
CREATE INDEX contract_orders_user ON contract_orders (user_id, id DESC);
CREATE INDEX contract_orders_user_state ON contract_orders (user_id, state, id DESC);
-- What the trigger engine (open positions) and the limit matcher (waiting orders) load.
CREATE INDEX contract_orders_live ON contract_orders (symbol, state, id) WHERE state < 2;

-- An order moves forward only (0 → 1, 0 → 2, 1 → 2) and once completed never changes; what was
-- asked never changes; take-profit and stop-loss may change until it completes.
CREATE FUNCTION contract_order_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.state = 2 THEN
    RAISE EXCEPTION 'contract order % is completed and cannot change', OLD.id;
  END IF;
  IF NEW.state < OLD.state THEN
    RAISE EXCEPTION 'contract order %: state % cannot go back to %', OLD.id, OLD.state, NEW.state;
  END IF;
  IF (NEW.id, NEW.user_id, NEW.symbol, NEW.direction, NEW.leverage, NEW.type, NEW.quantity,
      NEW.price, NEW.margin, NEW.open_fee, NEW.liquidation_price, NEW.fee_rate,
      NEW.maintenance_margin_rate, NEW.time, NEW.margin_reservation_id, NEW.fee_reservation_id)
     IS DISTINCT FROM
     (OLD.id, OLD.user_id, OLD.symbol, OLD.direction, OLD.leverage, OLD.type, OLD.quantity,
      OLD.price, OLD.margin, OLD.open_fee, OLD.liquidation_price, OLD.fee_rate,
      OLD.maintenance_margin_rate, OLD.time, OLD.margin_reservation_id, OLD.fee_reservation_id) THEN
    RAISE EXCEPTION 'contract order %: what was asked cannot change', OLD.id;
  END IF;
  IF OLD.opened_at IS NOT NULL AND
     (NEW.opened_at, NEW.open_transaction_id, NEW.open_tick_seq)
     IS DISTINCT FROM (OLD.opened_at, OLD.open_transaction_id, OLD.open_tick_seq) THEN
    RAISE EXCEPTION 'contract order %: its opening cannot change', OLD.id;
  END IF;
  IF NEW.targets_tick_seq < OLD.targets_tick_seq OR
     (NEW.targets_tick_seq IS NULL AND OLD.targets_tick_seq IS NOT NULL) THEN
    RAISE EXCEPTION 'contract order %: its targets cannot be dated back', OLD.id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER contract_orders_transition BEFORE UPDATE ON contract_orders
  FOR EACH ROW EXECUTE FUNCTION contract_order_transition();
CREATE TRIGGER contract_orders_no_delete BEFORE DELETE ON contract_orders
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
