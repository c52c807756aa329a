// Leadership of the background workers across server processes on one database. Every process
// serves requests; only the one holding the `workers` session lock (db.ts `sessionLock`) runs the
// workers. A follower tries to take the lock every `retryMs`; the leader checks its lock's
// connection as often and, if it is lost, stops its workers and becomes a follower again. The
// workers' own row locks keep money right even in the moment two processes both think they lead
// (a lost connection noticed late); leadership is what keeps them from running twice as a rule.
import type { Db } from "../../db/db";

/** How often a follower tries to lead, and a leader checks that it still does. */
export const LEADERSHIP_RETRY_MS = 2_000;

export interface LeadershipLog {
  info(msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface LeadershipOptions {
  db: Db;
  log: LeadershipLog;
  /** Starts the workers once this process leads; resolves to what stops them. */
  lead(): Promise<() => Promise<void>>;
  retryMs?: number;
}

export interface Leadership {
  /** Whether this process runs the workers now. */
  readonly leading: boolean;
  /** Stops the workers if running and gives the lock up. */
  stop(): Promise<void>;
}

export function startLeadership(options: LeadershipOptions): Leadership {
  const { db, log, lead, retryMs = LEADERSHIP_RETRY_MS } = options;
  const lock = db.sessionLock("workers");
  let stopWorkers: (() => Promise<void>) | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  let announcedFollowing = false;
  // One warning per outage, not one per round while the database is away.
  let unreachable = false;

  const step = async () => {
    if (stopWorkers !== null) {
      if (await lock.stillHeld()) return;
      log.error({}, "workers: lost the leadership lock; stopping the workers, following");
      const stop = stopWorkers;
      stopWorkers = null;
      await stop();
      await lock.release();
      return;
    }
    let acquired: boolean;
    try {
      acquired = await lock.tryAcquire();
      unreachable = false;
    } catch (err) {
      if (!unreachable) {
        log.warn({ err }, "workers: could not reach the database to take the lead; retrying");
      }
      unreachable = true;
      return;
    }
    if (!acquired) {
      if (!announcedFollowing) log.info("workers: another process leads; this one follows");
      announcedFollowing = true;
      return;
    }
    if (stopped) return;
    log.info(`workers: this process (pid ${process.pid}) leads and runs the workers`);
    announcedFollowing = false;
    try {
      stopWorkers = await lead();
    } catch (err) {
      // Let another process try: a leader without workers would hold the lock for nothing.
      log.error({ err }, "workers: could not start; giving the lead up");
      await lock.release();
    }
  };
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      round = step()
        .catch((err: unknown) => log.error({ err }, "workers: leadership round failed"))
        .finally(() => schedule(retryMs));
    }, delay);
  };
  schedule(0);

  return {
    get leading() {
      return stopWorkers !== null;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
      const stop = stopWorkers;
      stopWorkers = null;
      await stop?.();
      await lock.release();
    },
  };
}
