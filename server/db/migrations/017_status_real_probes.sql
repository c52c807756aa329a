-- Service status counts real probes only (issue 15): the services that are not built yet (the
-- quant lab, backtesting, optimisation) were recorded as "down, not running yet" every minute,
-- which showed an outage forever and is not a measurement. They are no longer probed; their rows go.
DELETE FROM status_current WHERE key IN ('lab', 'backtest', 'optimise');
DELETE FROM status_hourly WHERE key IN ('lab', 'backtest', 'optimise');
