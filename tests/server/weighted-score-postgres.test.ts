// The score job on real PostgreSQL (skipped without DATABASE_URL): two jobs on two pools (two
// leaders for a moment) and deposits arriving while they run. Each user ends with one stored
// score that counts every committed deposit, no queued event is lost, and a score that changed
// is recorded in the change log once per change, never twice by the two jobs.
import { expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import { credit } from "../../server/domain/ledger/operations";
import { startScoreJob } from "../../server/domain/profile/score/score-job";
import { USDT } from "./helpers/options-settlement";
import { createUserSession } from "./helpers/sessions";
import { describePostgres } from "./helpers/test-db";

const quiet = { error: (fields: object, message: string) => console.error(message, fields) };
const USERS = 12;

async function deposit(db: Db, userId: string, units: bigint): Promise<void> {
  await db.transaction((tx) =>
    credit(tx, {
      kind: "recharge",
      reference: "score race deposit",
      userId,
      asset: "USDT",
      amount: units,
      billType: 101,
      from: "deposits",
    }),
  );
}

describePostgres(
  "the weighted score job on PostgreSQL",
  (pg) => {
    it("two jobs and deposits racing: every deposit counted, each change recorded once", async () => {
      const db = pg.db();
      const other = pg.schema().open();
      const users: string[] = [];
      for (let i = 0; i < USERS; i += 1) users.push((await createUserSession(db)).userId);
      await Promise.all(users.map((id) => deposit(db, id, 1_000n * USDT)));
      const jobs = [db, other].map((d) => startScoreJob({ db: d, log: quiet, pollMs: 60_000 }));
      try {
        // Both jobs run while a second deposit per user commits.
        await Promise.all([
          ...jobs.map((job) => job.runOnce(false)),
          ...users.map((id) => deposit(other, id, 500n * USDT)),
          ...jobs.map((job) => job.runOnce(false)),
        ]);
        // Whatever a round missed is still queued: one more round counts it.
        await jobs[0]?.runOnce(false);
      } finally {
        await Promise.all(jobs.map((job) => job.stop()));
      }
      const rows = await db.query<{ user_id: string; total_deposits: string; total_limit: number }>(
        `SELECT user_id::text, total_deposits::text, total_limit FROM weighted_scores
          WHERE user_id = ANY($1::bigint[]) ORDER BY user_id`,
        [users],
      );
      expect(rows).toHaveLength(USERS);
      for (const row of rows) {
        expect(row.total_deposits).toBe((1_500n * USDT).toString());
        expect(row.total_limit).toBe(60);
      }
      const [left] = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM weighted_score_dirty",
      );
      expect(left?.n).toBe(0);
      // Profile puts carrying a score: at most one per distinct stored figure (0 → 40 → 60, or
      // straight to 60), never a duplicate from the second job.
      const puts = await db.query<{ user_id: string; scores: number[] }>(
        `SELECT user_id::text, array_agg((data->>'weightedScore')::int ORDER BY seq) AS scores
           FROM change_log WHERE entity = 'profile' AND user_id = ANY($1::bigint[])
            AND (data->>'weightedScore')::int > 0
          GROUP BY user_id`,
        [users],
      );
      expect(puts).toHaveLength(USERS);
      for (const put of puts) {
        expect(new Set(put.scores).size, JSON.stringify(puts)).toBe(put.scores.length);
        expect(put.scores.at(-1)).toBe(60);
      }
      expect((await checkLedger(db)).violations).toEqual([]);
    }, 60_000);
  },
  { migrate: true },
);
