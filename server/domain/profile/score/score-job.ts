// The score job (workers.ts runs it in the leading process): every round it recomputes the users
// with queued events (a credited deposit, a trade, a finished lab job — marked by migration 022's
// triggers in the event's own transaction) and, every sweep interval, the users whose score was
// last computed before today (UTC) or never: the 30-day window of usage habits moves daily even
// when nothing happens. Off the request path; a user's failure is logged and retried next round.
import type { Db } from "../../../db/db";
import {
  dirtyScoreUsers,
  staleScoreUsers,
} from "../../../db/repositories/weighted-score-repository";
import type { DomainLogger } from "../../logger";
import { createErrorThrottle } from "../../spot/error-throttle";
import { computeScore, startOfUtcDay } from "./compute-score";

export interface ScoreJobOptions {
  db: Db;
  log: Pick<DomainLogger, "error">;
  /** How often queued events are looked for (default 2 s). */
  pollMs?: number;
  /** How often the daily sweep looks for scores computed before today (default 60 s). */
  sweepMs?: number;
  /** Users computed per query before looking again (default 200). */
  batchSize?: number;
  now?: () => Date;
}

export interface ScoreJob {
  /** One round now: queued users, then (when `sweep`) stale ones; resolves with how many. */
  runOnce(sweep?: boolean): Promise<number>;
  stop(): Promise<void>;
}

export function startScoreJob(options: ScoreJobOptions): ScoreJob {
  const { db, log } = options;
  const now = options.now ?? (() => new Date());
  const batch = options.batchSize ?? 200;
  const errors = createErrorThrottle((err, held) =>
    log.error({ err, held }, `weighted score job failed; retrying next round`),
  );
  let stopped = false;
  let running: Promise<number> | null = null;
  let lastSweep = 0;

  const computeAll = async (users: readonly string[]): Promise<number> => {
    let done = 0;
    for (const userId of users) {
      if (stopped) break;
      try {
        await computeScore(db, userId, now());
        done += 1;
      } catch (err) {
        errors.report(userId, err);
      }
    }
    return done;
  };

  const round = async (sweep: boolean): Promise<number> => {
    let total = 0;
    // Drain the queue, a batch at a time; a batch where every user failed ends the round.
    for (;;) {
      const users = await dirtyScoreUsers(db, batch);
      const done = await computeAll(users);
      total += done;
      if (users.length < batch || done === 0 || stopped) break;
    }
    if (sweep) {
      for (;;) {
        const users = await staleScoreUsers(db, startOfUtcDay(now()), batch);
        const done = await computeAll(users);
        total += done;
        if (users.length < batch || done === 0 || stopped) break;
      }
    }
    return total;
  };

  const runOnce = (sweep = true): Promise<number> => {
    const previous = running ?? Promise.resolve(0);
    const next = previous
      .catch(() => 0)
      .then(() => round(sweep))
      .finally(() => {
        if (running === next) running = null;
      });
    running = next;
    return next;
  };

  const tick = () => {
    if (stopped || running !== null) return;
    const at = Date.now();
    const sweep = at - lastSweep >= (options.sweepMs ?? 60_000);
    if (sweep) lastSweep = at;
    runOnce(sweep).catch((err: unknown) => errors.report("round", err));
  };
  const timer = setInterval(tick, options.pollMs ?? 2_000);
  timer.unref();
  tick();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
