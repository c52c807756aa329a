-- The lab's results (quant_jobs.result, ~45 K of JSON for an optimisation: its equity curve) and
-- their change-log entries are stored out of line without compression. On PGlite every statement
-- runs on the API's own thread, and compressing each such value on insert was most of what
-- finishing a job cost there (bench/README.md, quant-api); the space it saved (a few tens of K per
-- finished job) is not worth the pause. Small values are untouched: they stay inline either way.
ALTER TABLE quant_jobs ALTER COLUMN result SET STORAGE EXTERNAL;
ALTER TABLE change_log ALTER COLUMN data SET STORAGE EXTERNAL;
