// The lab queue's bounds in one place (README.md here explains each choice).

/** Queued + running jobs (backtests and optimisations together) one user may have at once. */
export const USER_JOB_LIMIT = 3;

/**
 * Jobs computed at once, each on its own worker thread: one, so the API keeps the other core of a
 * small machine (bench/README.md, quant: a second thread did not finish more jobs on two cores,
 * and raised the API's p99).
 */
export const JOB_THREADS = 1;

/** How long a claim holds its job without renewal; the runner renews it every third of this. */
export const LEASE_MS = 60_000;

/** Claims per job: a job whose worker died this often is failed ("attempts-exhausted"). */
export const MAX_ATTEMPTS = 3;

/** A job still running after this is stopped and failed ("time-limit"): nothing legitimate takes it. */
export const MAX_RUN_MS = 10 * 60_000;

/** When nothing pokes the runner (another process queued a job), it looks for work this often. */
export const POLL_MS = 2_000;

/** Most candles one backtest may cover (1m candles for ~139 days, 1h for ~22 years). */
export const MAX_BACKTEST_CANDLES = 200_000;

/**
 * Most candles one optimisation may cover: it runs a backtest per parameter set of the grid on
 * every window, so its budget is far smaller than a single backtest's.
 */
export const MAX_OPTIMISATION_CANDLES = 50_000;

/** Walk-forward windows when the request names none: the optimiser's own default. */
export { DEFAULT_WINDOWS } from "../backtest";

/** A plan's recorded backtest covers this many days before the run. */
export const PLAN_BACKTEST_DAYS = 30;
/** ...on candles of this interval: the one closed candles reach live plans at. */
export const PLAN_BACKTEST_INTERVAL = "1m" as const;
/** ...and is run again once it is this old (or at once when the plan's parameters changed). */
export const PLAN_BACKTEST_EVERY_MS = 24 * 3_600_000;
