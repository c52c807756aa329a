-- AI quant plans (issue 20; rules: protocol/quant.ts, levels: protocol/credit-levels.ts): the
-- catalogue of plans users subscribe to. A plan names a documented strategy
-- (server/domain/quant/strategies) with its parameters, what it trades, its amount range, its
-- leverage (≤ 3), its profit and loss limits and its duration. Amounts are USDT units (scale 6),
-- rates decimal fractions ("0.1" = 10 %). The 30-day backtest of each plan's parameters is a job of
-- the lab's queue (a later migration links it); until it has run, a plan shows no backtest — never
-- an invented figure.

CREATE TABLE quant_plans (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{1,62}$'),
  -- The least credit level that may subscribe (DESIGN §6).
  level smallint NOT NULL CHECK (level BETWEEN 0 AND 4),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  strategy text NOT NULL CHECK (strategy IN ('trend-following', 'mean-reversion', 'grid')),
  params jsonb NOT NULL CHECK (jsonb_typeof(params) = 'object'),
  min_amount numeric(38, 0) NOT NULL CHECK (min_amount > 0),
  max_amount numeric(38, 0) NOT NULL CHECK (max_amount >= min_amount),
  leverage smallint NOT NULL CHECK (leverage BETWEEN 1 AND 3),
  trading_area text[] NOT NULL CHECK (cardinality(trading_area) BETWEEN 1 AND 12),
  max_profit_rate numeric NOT NULL CHECK (max_profit_rate > 0),
  max_loss_rate numeric NOT NULL CHECK (max_loss_rate > 0 AND max_loss_rate <= 1),
  duration_minutes integer NOT NULL CHECK (duration_minutes > 0),
  -- Offered only in demo mode (the 10-minute plan that shows a whole cycle quickly).
  demo_only boolean NOT NULL DEFAULT false,
  -- Where it is listed within its level.
  sort smallint NOT NULL DEFAULT 0
);

-- The catalogue: one entry plan for unverified accounts (level 0, small quota), then a plan per
-- level. Parameters are each strategy's defaults; the optimiser's walk-forward results inform
-- operators, it never rewrites a running plan.
INSERT INTO quant_plans (id, level, name, strategy, params, min_amount, max_amount, leverage,
                         trading_area, max_profit_rate, max_loss_rate, duration_minutes, demo_only, sort)
VALUES
  ('demo-10-minutes', 0, 'Demo trend, 10 minutes', 'trend-following',
   '{"fastPeriod": 5, "slowPeriod": 15, "volatilityPeriod": 15, "targetVolatility": 0.002}',
   10000000, 100000000, 1, ARRAY['BTC/USDT'], 0.05, 0.05, 10, true, 0),
  ('starter-trend', 0, 'Starter trend', 'trend-following',
   '{"fastPeriod": 12, "slowPeriod": 26, "volatilityPeriod": 20, "targetVolatility": 0.002}',
   10000000, 100000000, 1, ARRAY['BTC/USDT'], 0.1, 0.05, 1440, false, 1),
  ('steady-reversion', 1, 'Steady mean reversion', 'mean-reversion',
   '{"period": 20, "deviations": 2}',
   50000000, 1000000000, 1, ARRAY['BTC/USDT', 'ETH/USDT'], 0.1, 0.08, 4320, false, 0),
  ('range-grid', 2, 'Range grid', 'grid',
   '{"levels": 10, "spacing": 0.005}',
   100000000, 5000000000, 2, ARRAY['ETH/USDT'], 0.15, 0.1, 10080, false, 0),
  ('multi-trend', 3, 'Multi-coin trend', 'trend-following',
   '{"fastPeriod": 20, "slowPeriod": 50, "volatilityPeriod": 30, "targetVolatility": 0.002}',
   500000000, 20000000000, 2, ARRAY['BTC/USDT', 'ETH/USDT', 'SOL/USDT'], 0.2, 0.1, 20160, false, 0),
  ('wide-grid', 4, 'Wide grid', 'grid',
   '{"levels": 20, "spacing": 0.01}',
   1000000000, 50000000000, 3, ARRAY['BTC/USDT', 'ETH/USDT'], 0.25, 0.15, 43200, false, 0);
