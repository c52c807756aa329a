// Leadership of the workers (domain/leadership): on PGlite the one process always leads; on
// PostgreSQL, of several Dbs (standing in for server processes) on one schema exactly one leads,
// a leader whose lock connection is killed stops its workers and follows, and another takes
// over; a leader that stops hands the lead on. Schemas are separate leaderships.
import { expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { startLeadership, type Leadership } from "../../server/domain/leadership/leadership";
import { describePostgres, usePglite } from "./helpers/test-db";

const getDb = usePglite();
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

interface Candidate {
  leadership: Leadership;
  /** Times its workers were started and stopped. */
  starts: number;
  stops: number;
}

function candidate(db: Db): Candidate {
  const c: Candidate = { leadership: undefined as unknown as Leadership, starts: 0, stops: 0 };
  c.leadership = startLeadership({
    db,
    log: quiet,
    retryMs: 100,
    lead: async () => {
      c.starts += 1;
      return async () => {
        c.stops += 1;
      };
    },
  });
  return c;
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

it("PGlite: the one process leads at once, and stop() stops its workers", async () => {
  const c = candidate(getDb());
  await until("leading", () => c.leadership.leading);
  await c.leadership.stop();
  expect([c.starts, c.stops]).toEqual([1, 1]);
  expect(c.leadership.leading).toBe(false);
});

describePostgres("leadership across processes", (pg) => {
  it("one of three leads; a killed lock connection or a stop hands the lead on", async () => {
    const candidates = [
      candidate(pg.db()),
      candidate(pg.schema().open()),
      candidate(pg.schema().open()),
    ];
    const leaders = () => candidates.filter((c) => c.leadership.leading);
    try {
      await until("one leads", () => leaders().length === 1);
      await new Promise((r) => setTimeout(r, 500)); // several rounds: still only one
      expect(leaders()).toHaveLength(1);
      const first = leaders()[0] as Candidate;

      // Its lock connection dies (network, PostgreSQL restart): it stops its workers, another leads.
      // Only this schema's lock (pg-session-lock.ts's key; pg_locks splits the bigint into
      // classid, objid): test files run in parallel, and other files' leaders must keep theirs.
      await pg.db().query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = 'quanta-lock' AND datname = current_database()
            AND pid IN (SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted
              AND ((classid::bigint << 32) | objid::bigint)
                = hashtextextended('quanta:workers:' || current_schema(), 0))`,
      );
      await until("the old leader stopped its workers", () => first.stops === 1);
      await until("exactly one leads again", () => leaders().length === 1);
      expect(candidates.reduce((n, c) => n + c.starts - c.stops, 0)).toBe(1);

      // A leader that shuts down frees the lock; one of the others takes over.
      const second = leaders()[0] as Candidate;
      await second.leadership.stop();
      await until("another leads", () => leaders().length === 1 && !leaders().includes(second));
      expect(candidates.reduce((n, c) => n + c.starts - c.stops, 0)).toBe(1);
    } finally {
      for (const c of candidates) await c.leadership.stop();
    }
  }, 60_000);
});
