-- Market data (issue 5): the recorded ticks every settlement rests on, hash-chained per symbol
-- (API.md /market/ticks), and the 1m candles every longer interval is aggregated from.

-- One row per trade tick. `seq` rises by one per symbol; `hash` = sha256 hex of
-- `prevHash|seq|price|ts` with price and ts exactly as served (price::text, ts in ISO-8601 UTC
-- with milliseconds). Ticks older than 24 h are pruned unless `kept` (an order used them).
CREATE TABLE ticks (
  symbol text NOT NULL CHECK (symbol ~ '^[A-Z0-9]{2,10}/[A-Z0-9]{2,10}$'),
  seq bigint NOT NULL CHECK (seq > 0),
  price numeric NOT NULL CHECK (price > 0),
  qty numeric NOT NULL CHECK (qty > 0),
  -- Millisecond precision: the served form has milliseconds, and the hash covers it.
  ts timestamptz(3) NOT NULL,
  hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  kept boolean NOT NULL DEFAULT false,
  PRIMARY KEY (symbol, seq)
);
CREATE INDEX ticks_symbol_ts ON ticks (symbol, ts);
CREATE INDEX ticks_prunable ON ticks (ts) WHERE NOT kept;

CREATE TABLE candles_1m (
  symbol text NOT NULL CHECK (symbol ~ '^[A-Z0-9]{2,10}/[A-Z0-9]{2,10}$'),
  open_time timestamptz NOT NULL CHECK (date_trunc('minute', open_time) = open_time),
  o numeric NOT NULL CHECK (o > 0),
  h numeric NOT NULL,
  l numeric NOT NULL CHECK (l > 0),
  c numeric NOT NULL CHECK (c > 0),
  v numeric NOT NULL CHECK (v >= 0),
  PRIMARY KEY (symbol, open_time),
  CHECK (h >= o AND h >= c AND l <= o AND l <= c)
);
