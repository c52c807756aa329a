-- The weighted score (issue 21, DESIGN §6; the formula: protocol/weighted-score.ts, the levels:
-- protocol/credit-levels.ts; server/domain/profile/score/README.md). The score job stores each
-- user's score with its three terms and the inputs it counted, so GET /profile/profile,
-- GET /profile/score and the quant quota read one stored figure and the user sees exactly what
-- was counted. Identity verification is not stored here: the level is read with the live status.

CREATE TABLE weighted_scores (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  weighted_score smallint NOT NULL CHECK (weighted_score BETWEEN 0 AND 1000),
  total_limit smallint NOT NULL CHECK (total_limit BETWEEN 0 AND 400),
  usage_habits smallint NOT NULL CHECK (usage_habits BETWEEN 0 AND 300),
  contribution smallint NOT NULL CHECK (contribution BETWEEN 0 AND 300),
  -- Inputs: USDT units (scale 6) of every credited deposit (bill 101); UTC days in the last 30
  -- with a trade; finished lab backtests and optimisations; strategies shared (none yet).
  total_deposits numeric(38, 0) NOT NULL CHECK (total_deposits >= 0),
  active_days smallint NOT NULL CHECK (active_days BETWEEN 0 AND 30),
  backtests integer NOT NULL CHECK (backtests >= 0),
  strategies_shared integer NOT NULL CHECK (strategies_shared >= 0),
  computed_at timestamptz(3) NOT NULL,
  CHECK (weighted_score = total_limit + usage_habits + contribution)
);
-- The daily sweep: whose score was last computed before today (UTC).
CREATE INDEX weighted_scores_computed ON weighted_scores (computed_at);

-- Users whose score an event may have changed, for the score job to recompute off the request
-- path. Events only ever INSERT here (no unique key, no foreign key, no update), so marking a
-- user never waits on a lock or on another transaction: the money posting or order that caused
-- it pays one index insert. The job deletes exactly the rows it read before computing, so an
-- event committed during a computation stays queued for the next round.
CREATE TABLE weighted_score_dirty (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL,
  reason text NOT NULL CHECK (reason IN ('deposit', 'trade', 'backtest')),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX weighted_score_dirty_user ON weighted_score_dirty (user_id);

-- The events, marked by triggers in the event's own transaction, so no code path that credits a
-- deposit, trades or finishes a lab job can forget them (and a rolled-back one marks nothing).
CREATE FUNCTION weighted_score_mark(user_id bigint, reason text) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO weighted_score_dirty (user_id, reason) SELECT $1, $2 WHERE $1 IS NOT NULL;
$$;

-- A credited deposit: bill 101.
CREATE FUNCTION weighted_score_on_bill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM weighted_score_mark(NEW.user_id, 'deposit');
  RETURN NULL;
END $$;
CREATE TRIGGER bills_weighted_score AFTER INSERT ON bills
  FOR EACH ROW WHEN (NEW.type = 101) EXECUTE FUNCTION weighted_score_on_bill();

-- A trading day: a spot fill, an option bought, a contract opened or closed, a plan started.
CREATE FUNCTION weighted_score_on_spot_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM weighted_score_mark((SELECT user_id FROM spot_orders WHERE id = NEW.order_id), 'trade');
  RETURN NULL;
END $$;
CREATE TRIGGER spot_fills_weighted_score AFTER INSERT ON spot_fills
  FOR EACH ROW EXECUTE FUNCTION weighted_score_on_spot_fill();

CREATE FUNCTION weighted_score_on_trade() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM weighted_score_mark(NEW.user_id, 'trade');
  RETURN NULL;
END $$;
CREATE TRIGGER options_orders_weighted_score AFTER INSERT ON options_orders
  FOR EACH ROW EXECUTE FUNCTION weighted_score_on_trade();
CREATE TRIGGER quant_subscriptions_weighted_score AFTER INSERT ON quant_subscriptions
  FOR EACH ROW EXECUTE FUNCTION weighted_score_on_trade();
CREATE TRIGGER contract_orders_placed_weighted_score AFTER INSERT ON contract_orders
  FOR EACH ROW WHEN (NEW.opened_at IS NOT NULL) EXECUTE FUNCTION weighted_score_on_trade();
CREATE TRIGGER contract_orders_opened_weighted_score AFTER UPDATE OF opened_at ON contract_orders
  FOR EACH ROW WHEN (NEW.opened_at IS NOT NULL AND OLD.opened_at IS NULL)
  EXECUTE FUNCTION weighted_score_on_trade();
CREATE TRIGGER contract_orders_closed_weighted_score AFTER UPDATE OF closed_at ON contract_orders
  FOR EACH ROW WHEN (NEW.closed_at IS NOT NULL AND OLD.closed_at IS NULL
                     AND NEW.close_reason <> 'cancelled')
  EXECUTE FUNCTION weighted_score_on_trade();

-- A finished lab job (a user's backtest or optimisation; plans' own backtests have no user).
CREATE FUNCTION weighted_score_on_job() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM weighted_score_mark(NEW.user_id, 'backtest');
  RETURN NULL;
END $$;
CREATE TRIGGER quant_jobs_weighted_score AFTER UPDATE OF status ON quant_jobs
  FOR EACH ROW WHEN (NEW.status = 'done' AND OLD.status <> 'done' AND NEW.user_id IS NOT NULL)
  EXECUTE FUNCTION weighted_score_on_job();
