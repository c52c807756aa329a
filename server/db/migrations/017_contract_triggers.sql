-- The contract trigger engine's progress (server/domain/contract/README.md "Triggers and the
-- worker"): per symbol, the newest recorded tick every open position has been checked against.
-- It moves forward in the same transaction as the closes of the ticks it passes, guarded by its
-- old value, so every recorded tick after it is checked exactly once, in seq order, even by two
-- leaders for a moment; on start the worker checks from here to the head before following the
-- feed.
CREATE TABLE contract_trigger_cursors (
  symbol text PRIMARY KEY CHECK (symbol ~ '^[A-Z0-9]{2,10}/USDT$'),
  seq bigint NOT NULL CHECK (seq >= 0)
);
