// The weighted score on the real app (PGlite, and PostgreSQL with DATABASE_URL): events mark the user in their own transaction
// (migration 022's triggers; a rolled-back one marks nothing), the score job stores the terms and
// the inputs it counted, and GET /profile/score, GET /profile/profile and GET /quant/quota read
// the stored figure. Active days are UTC days in a window that moves with the job's clock.
import { describe, expect, it } from "vitest";
import type { Profile } from "../../protocol/account";
import { API_BASE } from "../../protocol/paths";
import type { QuantQuota } from "../../protocol/quant";
import { scoreTerms, weightedScoreOf } from "../../protocol/weighted-score";
import type { Db } from "../../server/db/db";
import { credit } from "../../server/domain/ledger/operations";
import { computeScore } from "../../server/domain/profile/score/compute-score";
import type { Score } from "../../server/domain/profile/score/read-score";
import { startScoreJob } from "../../server/domain/profile/score/score-job";
import {
  buyAt,
  fundUsdt,
  openTickFeed,
  recordTicks,
  testProducts,
  USDT,
} from "./helpers/options-settlement";
import { insertPosition } from "./helpers/contract-positions";
import { settleByRule } from "./helpers/options-settle";
import { subscribeAt } from "./helpers/quant-plans";
import { queueTestJob } from "./helpers/quant-jobs";
import { bearer, createUserSession, type TestSession } from "./helpers/sessions";
import { describePostgres, usePglite } from "./helpers/test-db";
import { useTestApp } from "./helpers/test-app";

const getPglite = usePglite();
const DAY = 86_400_000;
const quiet = { error: (fields: object, message: string) => console.error(message, fields) };

/** A credited deposit as recharge-credit.ts posts it: bill 101 from the deposits account. */
async function deposit(db: Db, userId: string, units: bigint): Promise<void> {
  await db.transaction((tx) =>
    credit(tx, {
      kind: "recharge",
      reference: "score test deposit",
      userId,
      asset: "USDT",
      amount: units,
      billType: 101,
      from: "deposits",
    }),
  );
}

async function queued(db: Db, userId: string): Promise<string[]> {
  const rows = await db.query<{ reason: string }>(
    "SELECT reason FROM weighted_score_dirty WHERE user_id = $1 ORDER BY id",
    [userId],
  );
  return rows.map((row) => row.reason);
}

async function finishJob(db: Db, id: string): Promise<void> {
  await db.query(
    `UPDATE quant_jobs SET status = 'done', result = '{}'::jsonb, finished_at = now() WHERE id = $1`,
    [id],
  );
}

function scoreSuite(getDb: () => Db) {
  const app = useTestApp(getDb);

  async function read<T>(session: TestSession, path: string): Promise<T> {
    const response = await app.inject({ url: `${API_BASE}${path}`, headers: bearer(session) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ Data: T }>().Data;
  }

  it("is 0 and never computed for a new user; the next level needs verification", async () => {
    const user = await createUserSession(getDb());
    const score = await read<Score>(user, "/profile/score");
    expect(score).toMatchObject({
      weightedScore: 0,
      creditLevel: 0,
      terms: { totalLimit: 0, usageHabits: 0, contribution: 0 },
      inputs: { totalDeposits: "0", activeDays: 0, backtests: 0, strategiesShared: 0 },
      nextLevel: { level: 1, pointsNeeded: 0, needsVerification: true },
      computedAt: null,
    });
  });

  it("counts credited deposits and finished lab jobs, not demo funds; profile and quota read it", async () => {
    const db = getDb();
    const user = await createUserSession(db, { verified: true });
    await fundUsdt(db, user.userId, 50_000n * USDT);
    expect(await queued(db, user.userId)).toEqual([]);
    await deposit(db, user.userId, 2_500n * USDT);
    await deposit(db, user.userId, 1_000n * USDT);
    const job = await queueTestJob(db, { userId: user.userId });
    const failed = await queueTestJob(db, { userId: user.userId });
    await finishJob(db, job.id);
    await db.query(
      `UPDATE quant_jobs SET status = 'failed', failure = 'no-candles', finished_at = now()
        WHERE id = $1`,
      [failed.id],
    );
    expect(await queued(db, user.userId)).toEqual(["deposit", "deposit", "backtest"]);

    // Nothing is computed on a request: the stored score is still none.
    expect((await read<Score>(user, "/profile/score")).computedAt).toBeNull();
    const job2 = startScoreJob({ db, log: quiet, pollMs: 60_000 });
    try {
      await job2.runOnce(false);
    } finally {
      await job2.stop();
    }
    expect(await queued(db, user.userId)).toEqual([]);

    const expected = scoreTerms({
      totalDeposits: "3500",
      activeDays: 0,
      backtests: 1,
      strategiesShared: 0,
    });
    // 400 × 3,500 / 10,000 = 140; 300 × 1 / 20 = 15.
    expect(expected).toEqual({ totalLimit: 140, usageHabits: 0, contribution: 15 });
    const score = await read<Score>(user, "/profile/score");
    expect(score).toMatchObject({
      weightedScore: 155,
      creditLevel: 1,
      terms: expected,
      inputs: { totalDeposits: "3500", activeDays: 0, backtests: 1, verified: true },
      nextLevel: { level: 2, minScore: 300, pointsNeeded: 145, needsVerification: false },
    });
    expect(score.computedAt).not.toBeNull();
    const profile = await read<Profile>(user, "/profile/profile");
    expect([profile.weightedScore, profile.creditLevel]).toEqual([155, 1]);
    const quota = await read<QuantQuota>(user, "/quant/quota");
    expect([quota.weightedScore, quota.creditLevel]).toEqual([155, 1]);

    // The change log carries the new profile, so the app hears of it and pulls the score.
    const [put] = await db.query<{ data: Profile }>(
      `SELECT data FROM change_log WHERE user_id = $1 AND entity = 'profile'
        ORDER BY seq DESC LIMIT 1`,
      [user.userId],
    );
    expect(put?.data.weightedScore).toBe(155);
  });

  it("a rolled-back deposit marks nothing", async () => {
    const db = getDb();
    const user = await createUserSession(db);
    await expect(
      db.transaction(async (tx) => {
        await credit(tx, {
          kind: "recharge",
          reference: "rolled back",
          userId: user.userId,
          asset: "USDT",
          amount: USDT,
          billType: 101,
          from: "deposits",
        });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await queued(db, user.userId)).toEqual([]);
  });

  it("counts UTC trading days in the last 30, marked by each trade", async () => {
    const db = getDb();
    const user = await createUserSession(db, { verified: true });
    await fundUsdt(db, user.userId, 1_000n * USDT);
    const { feed } = await openTickFeed(db);
    const products = testProducts([30]);
    const today = Math.floor(Date.now() / DAY) * DAY;
    const first = today - 3 * DAY + 12 * 3_600_000;
    const second = today - DAY + 12 * 3_600_000;
    try {
      await recordTicks(feed, "BTC/USDT", [[first - 500, "50000.00"]]);
      const order = await buyAt(db, feed, {
        userId: user.userId,
        direction: "up",
        seconds: 30,
        amount: "10",
        timeMs: first,
        products,
      });
      await recordTicks(feed, "BTC/USDT", [[first + 30_000, "50001.00"]]);
      await settleByRule(db, order);
      await recordTicks(feed, "BTC/USDT", [[second - 500, "50002.00"]]);
      await buyAt(db, feed, {
        userId: user.userId,
        direction: "down",
        seconds: 30,
        amount: "10",
        timeMs: second,
        products,
      });
    } finally {
      await feed.stop();
    }
    expect(await queued(db, user.userId)).toEqual(["trade", "trade"]);

    const days = async (at: number) => {
      await computeScore(db, user.userId, new Date(at));
      return (await read<Score>(user, "/profile/score")).inputs.activeDays;
    };
    expect(await days(Date.now())).toBe(2);
    expect(await queued(db, user.userId)).toEqual([]);
    // 27 days on, the window starts the day after the first trade; 29 days on, today's.
    expect(await days(Date.now() + 27 * DAY)).toBe(1);
    expect(await days(Date.now() + 29 * DAY)).toBe(0);
    const score = await read<Score>(user, "/profile/score");
    expect(score.weightedScore).toBe(weightedScoreOf(score.terms));
  });

  it("a contract opened and a plan started mark a trade; a waiting limit order does not", async () => {
    const db = getDb();
    const user = await createUserSession(db);
    await fundUsdt(db, user.userId, 1_000n * USDT);
    const { feed } = await openTickFeed(db);
    const now = Date.now();
    try {
      await recordTicks(feed, "BTC/USDT", [[now - 500, "50000.00"]]);
    } finally {
      await feed.stop();
    }
    const [tick] = await db.query<{ seq: string }>(
      "SELECT max(seq)::text AS seq FROM ticks WHERE symbol = 'BTC/USDT'",
    );
    const position = { userId: user.userId, direction: "long" as const, leverage: 10 };
    await insertPosition(db, { ...position, quantity: "0.001", price: "40000.00" });
    expect(await queued(db, user.userId)).toEqual([]);
    await insertPosition(db, {
      ...position,
      quantity: "0.001",
      price: "50000.00",
      openTickSeq: tick?.seq ?? "",
    });
    expect(await queued(db, user.userId)).toEqual(["trade"]);
    await subscribeAt(db, user.userId, { planId: "demo-10-minutes", amount: "50" }, now);
    expect(await queued(db, user.userId)).toEqual(["trade", "trade"]);
  });

  it("the daily sweep recomputes scores computed before today, and every user never computed", async () => {
    const db = getDb();
    const user = await createUserSession(db);
    await deposit(db, user.userId, 10_000n * USDT);
    await db.query("DELETE FROM weighted_score_dirty");
    const job = startScoreJob({ db, log: quiet, pollMs: 60_000, now: () => new Date() });
    try {
      await job.runOnce(true);
    } finally {
      await job.stop();
    }
    const score = await read<Score>(user, "/profile/score");
    expect(score.terms.totalLimit).toBe(400);
    // Unverified: the score alone never lifts the level.
    expect([score.weightedScore, score.creditLevel]).toEqual([400, 0]);
    const [stale] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users u LEFT JOIN weighted_scores w ON w.user_id = u.id
        WHERE u.role = 'user' AND w.user_id IS NULL`,
    );
    expect(stale?.n).toBe(0);

    const tomorrow = new Date(Date.now() + DAY);
    const later = startScoreJob({ db, log: quiet, pollMs: 60_000, now: () => tomorrow });
    try {
      await later.runOnce(true);
    } finally {
      await later.stop();
    }
    expect((await read<Score>(user, "/profile/score")).computedAt).toBe(tomorrow.toISOString());
  });
}

describe("the weighted score (PGlite)", () => scoreSuite(getPglite));

describePostgres("the weighted score", ({ db }) => scoreSuite(db), { migrate: true });
