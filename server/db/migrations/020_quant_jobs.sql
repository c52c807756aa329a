-- The algorithm lab's job queue (issue 20; server/domain/quant/jobs/README.md): backtests and
-- optimisations run off the request path, in worker threads, from this table. A worker claims the
-- oldest due job with FOR UPDATE SKIP LOCKED and holds it under a lease (locked_until, renewed
-- while it runs); a worker that dies leaves its lease to run out, and the job is claimed again,
-- at most a bounded number of attempts, then failed with a code. Everything a job needs is in
-- `input`, and its whole answer in `result`, so a restart loses nothing. Idempotency-Key replays
-- are the app's usual table (idempotency_keys), stored with the job in one transaction.

CREATE TABLE quant_jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Whose job: a user's lab job, or a plan's daily 30-day backtest (a system job, readable by
  -- every signed-in user). Exactly one of the two.
  user_id bigint REFERENCES users (id),
  plan_id text REFERENCES quant_plans (id),
  kind text NOT NULL CHECK (kind IN ('backtest', 'optimisation')),
  -- The request as validated and normalised: strategy, symbol, interval, from, to, params or
  -- windows (domain/quant/jobs/job-input.ts).
  input jsonb NOT NULL CHECK (jsonb_typeof(input) = 'object'),
  status text NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'running', 'done', 'failed')),
  -- The wire result (protocol/endpoints/quant.ts) once done.
  result jsonb,
  -- Why it failed, as a code the app words ("no-candles", "attempts-exhausted", ...).
  failure text CHECK (failure ~ '^[a-z][a-z0-9-]{0,47}$'),
  -- Claims so far; a claim past the bound fails the job instead of running it again.
  attempts smallint NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- The lease of the claim that runs it: which claim (a random token, so a worker whose lease
  -- ran out can never write over the claim that followed) and until when.
  locked_by text,
  locked_until timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  started_at timestamptz(3),
  finished_at timestamptz(3),
  CHECK ((user_id IS NULL) <> (plan_id IS NULL)),
  CHECK (plan_id IS NULL OR kind = 'backtest'),
  CHECK ((status = 'done') = (result IS NOT NULL)),
  CHECK ((status = 'failed') = (failure IS NOT NULL)),
  CHECK ((status IN ('done', 'failed')) = (finished_at IS NOT NULL)),
  CHECK ((status = 'running') = (locked_until IS NOT NULL AND locked_by IS NOT NULL)),
  CHECK (status <> 'running' OR started_at IS NOT NULL)
);

-- The queue: what is due, oldest first (queued jobs, and running ones whose lease may run out).
CREATE INDEX quant_jobs_due ON quant_jobs (created_at, id) WHERE status IN ('queued', 'running');
-- A user's lists (newest first) and the per-user limit on queued and running jobs.
CREATE INDEX quant_jobs_user ON quant_jobs (user_id, kind, id DESC) WHERE user_id IS NOT NULL;
CREATE INDEX quant_jobs_user_open ON quant_jobs (user_id)
  WHERE user_id IS NOT NULL AND status IN ('queued', 'running');
-- A plan's backtests, newest first (the daily schedule asks for the latest).
CREATE INDEX quant_jobs_plan ON quant_jobs (plan_id, id DESC) WHERE plan_id IS NOT NULL;
-- Health of the lab's services (status probes): the latest success and failure of each kind.
CREATE INDEX quant_jobs_finished ON quant_jobs (kind, status, finished_at DESC)
  WHERE status IN ('done', 'failed');

-- Each plan's latest finished 30-day backtest (GET /quant/plans shows it; none until one ran).
ALTER TABLE quant_plans ADD COLUMN backtest_job_id bigint REFERENCES quant_jobs (id);
