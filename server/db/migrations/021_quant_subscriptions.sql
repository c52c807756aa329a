-- AI quant plan subscriptions (issue 20; server/domain/quant/plans/README.md; rules:
-- protocol/quant.ts). A subscription freezes its amount (103) and runs the plan's strategy on the
-- recorded ticks and candles until its delivery time or a stop; then it sells at market, unfreezes
-- (104) and books what it earned (102 from the plan pool, or 202 to it, never more than the
-- amount). Amounts and cash are USDT units (scale 6), prices USDT units per whole base coin,
-- quantities base units (scale 8). The plan's terms are copied at subscribe time: a catalogue
-- change never reprices a running plan. Each trade names the recorded tick it used.

CREATE TABLE quant_subscriptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  plan_id text NOT NULL REFERENCES quant_plans (id),
  -- The plan's terms at subscribe time.
  strategy text NOT NULL CHECK (strategy IN ('trend-following', 'mean-reversion', 'grid')),
  params jsonb NOT NULL CHECK (jsonb_typeof(params) = 'object'),
  leverage smallint NOT NULL CHECK (leverage BETWEEN 1 AND 3),
  trading_area text[] NOT NULL CHECK (cardinality(trading_area) BETWEEN 1 AND 12),
  max_profit_rate numeric NOT NULL CHECK (max_profit_rate > 0),
  max_loss_rate numeric NOT NULL CHECK (max_loss_rate > 0 AND max_loss_rate <= 1),
  duration_minutes integer NOT NULL CHECK (duration_minutes > 0),
  amount numeric(38, 0) NOT NULL CHECK (amount > 0),
  -- The amount's reservation: opened by the freeze (103), ended once by the end posting (104).
  reservation_id bigint NOT NULL UNIQUE REFERENCES ledger_reservations (id),
  freeze_transaction_id bigint NOT NULL UNIQUE REFERENCES ledger_transactions (id),
  status text NOT NULL CHECK (status IN ('running', 'delivered', 'stopped')),
  started_at timestamptz(3) NOT NULL,
  delivery_at timestamptz(3) NOT NULL,
  ended_at timestamptz(3),
  end_reason text CHECK (end_reason IN ('delivery', 'max-profit', 'max-loss', 'user', 'strategy-error')),
  pnl numeric(38, 0),
  end_transaction_id bigint UNIQUE REFERENCES ledger_transactions (id),
  -- What the plan holds while it runs: cash (below 0 by at most amount × (leverage − 1): bought
  -- on the house's credit), positions { symbol: { quantity, cost } }, fees paid, trades made.
  cash numeric(38, 0) NOT NULL,
  positions jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(positions) = 'object'),
  fees numeric(38, 0) NOT NULL DEFAULT 0 CHECK (fees >= 0),
  trades integer NOT NULL DEFAULT 0 CHECK (trades >= 0),
  -- Per symbol: the strategy's state, the last tick acted on (seq, price, time) and the next
  -- candle to step. The runner resumes from here after a restart.
  strategy_state jsonb CHECK (strategy_state IS NULL OR jsonb_typeof(strategy_state) = 'object'),
  cursors jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(cursors) = 'object'),
  -- The newest recorded tick (of any of its symbols) the plan acted on.
  last_tick_seq bigint,
  CHECK (delivery_at > started_at),
  CHECK (cash >= -amount * (leverage - 1)),
  -- Running until it ends, then ended exactly once, with everything an end needs.
  CHECK ((status = 'running') = (ended_at IS NULL)),
  CHECK ((ended_at IS NULL) = (end_reason IS NULL)),
  CHECK ((ended_at IS NULL) = (pnl IS NULL)),
  CHECK ((ended_at IS NULL) = (end_transaction_id IS NULL)),
  CHECK ((status = 'delivered') = (end_reason IS NOT DISTINCT FROM 'delivery')),
  -- A plan never costs more than its amount; an ended plan holds nothing.
  CHECK (pnl IS NULL OR pnl >= -amount),
  CHECK (status = 'running' OR positions = '{}'::jsonb)
);
CREATE INDEX quant_subscriptions_user ON quant_subscriptions (user_id, id DESC);
CREATE INDEX quant_subscriptions_user_status ON quant_subscriptions (user_id, status, id DESC);
CREATE INDEX quant_subscriptions_running ON quant_subscriptions (id) WHERE status = 'running';

-- A subscription moves forward only: once ended it never changes (delivery happens once);
-- its terms, amount and reservation never change; its trades and fees only grow.
CREATE FUNCTION quant_subscription_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'running' THEN
    RAISE EXCEPTION 'quant subscription % has ended and cannot change', OLD.id;
  END IF;
  IF (NEW.id, NEW.user_id, NEW.plan_id, NEW.strategy, NEW.params, NEW.leverage, NEW.trading_area,
      NEW.max_profit_rate, NEW.max_loss_rate, NEW.duration_minutes, NEW.amount,
      NEW.reservation_id, NEW.freeze_transaction_id, NEW.started_at, NEW.delivery_at)
     IS DISTINCT FROM
     (OLD.id, OLD.user_id, OLD.plan_id, OLD.strategy, OLD.params, OLD.leverage, OLD.trading_area,
      OLD.max_profit_rate, OLD.max_loss_rate, OLD.duration_minutes, OLD.amount,
      OLD.reservation_id, OLD.freeze_transaction_id, OLD.started_at, OLD.delivery_at) THEN
    RAISE EXCEPTION 'quant subscription %: its terms cannot change', OLD.id;
  END IF;
  IF NEW.trades < OLD.trades OR NEW.fees < OLD.fees
     OR (OLD.last_tick_seq IS NOT NULL AND NEW.last_tick_seq IS NULL) THEN
    RAISE EXCEPTION 'quant subscription %: its progress cannot go back', OLD.id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER quant_subscriptions_transition BEFORE UPDATE ON quant_subscriptions
  FOR EACH ROW EXECUTE FUNCTION quant_subscription_transition();
CREATE TRIGGER quant_subscriptions_no_delete BEFORE DELETE ON quant_subscriptions
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();

-- Every trade a plan made, at the spot engine's fill rules: `fill` says how it was priced —
-- 'book': walking the feed's live book (a market order's volume-weighted price), 'tick': at the
-- recorded tick's price (a limit reached on a tick, or ticks caught up after a restart, when the
-- book of that moment is gone). Fees at the spot taker rate, rounded up.
CREATE TABLE quant_trades (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subscription_id bigint NOT NULL REFERENCES quant_subscriptions (id),
  symbol text NOT NULL CHECK (symbol ~ '^[A-Z0-9]{2,10}/USDT$'),
  side text NOT NULL CHECK (side IN ('buy', 'sell')),
  price numeric(38, 0) NOT NULL CHECK (price > 0),
  quantity numeric(38, 0) NOT NULL CHECK (quantity > 0),
  notional numeric(38, 0) NOT NULL CHECK (notional >= 0),
  fee numeric(38, 0) NOT NULL CHECK (fee >= 0),
  fill text NOT NULL CHECK (fill IN ('book', 'tick')),
  -- Why: the strategy's target, or the close at the plan's end.
  reason text NOT NULL CHECK (reason IN ('strategy', 'close')),
  tick_seq bigint NOT NULL,
  time timestamptz(3) NOT NULL,
  FOREIGN KEY (symbol, tick_seq) REFERENCES ticks (symbol, seq)
);
CREATE INDEX quant_trades_subscription ON quant_trades (subscription_id, id DESC);
CREATE TRIGGER quant_trades_no_update BEFORE UPDATE OR DELETE ON quant_trades
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
