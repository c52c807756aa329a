// Plan endings racing on real PostgreSQL (skipped without DATABASE_URL): two plan runners on two
// pools (two leaders for a moment) and the plans' users, all at once. Every plan ends exactly
// once — one 104, one ending change-log put, one end reason — whoever wins: the delivery (either
// runner, or a stop arriving after the delivery time, which delivers) or the user's stop.
// ledger:check after each.
import { afterEach, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import { startPlanRunner, type PlanRunner } from "../../server/domain/quant/plans/plan-runner";
import { stopSubscription } from "../../server/domain/quant/plans/stop-subscription";
import { DomainError } from "../../server/domain/errors";
import { AttachedFeed } from "../../server/market/attached-feed";
import { fundUsdt, openTickFeed, recordTicks } from "./helpers/options-settlement";
import {
  lookup,
  planFrozenMismatches,
  subscribeAt,
  thresholdStrategy,
  USDT,
} from "./helpers/quant-plans";
import { createUserSession } from "./helpers/sessions";
import { describePostgres } from "./helpers/test-db";
import { workerLog } from "./helpers/worker-log";

const PLANS = 30;
const runners: PlanRunner[] = [];
afterEach(async () => {
  for (const r of runners.splice(0)) await r.stop();
});

async function endings(db: Db) {
  return db.query<{
    id: string;
    user_id: string;
    status: string;
    end_reason: string | null;
    trades: number;
    unfreezes: number;
    ending_puts: number;
  }>(
    `SELECT s.id::text AS id, s.user_id::text AS user_id, s.status, s.end_reason, s.trades,
            (SELECT count(*)::int FROM bills b WHERE b.ref_kind = 'quant-subscription'
                AND b.ref_id = s.id::text AND b.type = 104) AS unfreezes,
            (SELECT count(*)::int FROM change_log c WHERE c.entity = 'quant-subscription'
                AND c.entity_id = s.id::text AND c.data->>'status' <> 'running') AS ending_puts
       FROM quant_subscriptions s ORDER BY s.id`,
  );
}

async function expectClean(db: Db) {
  expect((await checkLedger(db)).violations).toEqual([]);
  expect(await planFrozenMismatches(db)).toEqual([]);
}

/** PLANS users with 100 USDT each: the slow part of the setup, done before any time is taken. */
async function fundedUsers(db: Db): Promise<string[]> {
  const users: string[] = [];
  for (let i = 0; i < PLANS; i += 1) {
    const { userId } = await createUserSession(db);
    await fundUsdt(db, userId, 100n * USDT);
    users.push(userId);
  }
  return users;
}

async function subscribedPlans(db: Db, users: readonly string[], startMs: number, tag: number) {
  return Promise.all(
    users.map(async (userId, i) => {
      const sub = await subscribeAt(
        db,
        userId,
        { planId: "demo-10-minutes", amount: "50" },
        startMs,
        `race-${tag}-${i}`,
      );
      return { id: sub.id, userId };
    }),
  );
}

describePostgres(
  "quant plan endings racing on PostgreSQL",
  (pg) => {
    it("two runners delivering plans that traded: each delivered once, the same trades", async () => {
      const db = pg.db();
      const other = pg.schema().open();
      const { feed, market } = await openTickFeed(db);
      try {
        // An hour ago: the next test records its ticks after these (the chain's times only rise).
        const startMs = Math.floor((Date.now() - 60 * 60_000) / 60_000) * 60_000 + 1_000;
        await recordTicks(feed, "BTC/USDT", [[startMs - 500, "50000.00"]]);
        await subscribedPlans(db, await fundedUsers(db), startMs, 2);
        const ticks: [number, string][] = [];
        for (let i = 1; i < 60; i += 1) ticks.push([startMs + i * 10_000, `${50_000 + i * 10}.00`]);
        await recordTicks(feed, "BTC/USDT", ticks);
        const strategies = lookup(thresholdStrategy(0));
        const second = new AttachedFeed();
        second.attach(feed);
        runners.push(
          ...(await Promise.all([
            startPlanRunner({ db, market, log: workerLog, strategies }),
            startPlanRunner({ db: other, market: second, log: workerLog, strategies }),
          ])),
        );
        // The schema's plans: all of this test's (it runs first).
        const mine = await endings(db);
        expect(mine.every((r) => r.status === "delivered" && r.unfreezes === 1)).toBe(true);
        expect(mine.every((r) => r.ending_puts === 1 && r.trades === 2)).toBe(true);
        const fills = await db.query<{ t: string; n: number }>(
          `SELECT side || ' ' || price::text || ' ' || quantity::text || ' ' || tick_seq::text AS t,
                  count(*)::int AS n
             FROM quant_trades WHERE subscription_id = ANY($1::int8[]) GROUP BY 1 ORDER BY 1`,
          [mine.map((r) => r.id)],
        );
        // Every plan bought and sold the same at the same ticks: two fills, PLANS times each.
        expect(fills.map((f) => f.n)).toEqual([PLANS, PLANS]);
        await expectClean(db);
      } finally {
        await feed.stop();
      }
    }, 120_000);
    it("two runners and the users' stops around the delivery time: each ends once", async () => {
      const db = pg.db();
      const other = pg.schema().open();
      const { feed, market } = await openTickFeed(db);
      try {
        // Delivery a few seconds after the users exist (subscribing takes a moment); ticks
        // recorded over the plans' ten minutes; the stops arrive from 1.5 s before the delivery
        // to 1.5 s after.
        const users = await fundedUsers(db);
        const startMs = Date.now() - 10 * 60_000 + 8_000;
        const deliveryMs = startMs + 10 * 60_000;
        await recordTicks(feed, "BTC/USDT", [[startMs - 1_000, "50000.00"]]);
        const plans = await subscribedPlans(db, users, startMs, 1);
        const ticks: [number, string][] = [];
        for (let ms = startMs + 10_000; ms < Date.now(); ms += 10_000) ticks.push([ms, "50100.00"]);
        await recordTicks(feed, "BTC/USDT", ticks);
        // A strategy that never buys: a stop needs no live book (none is attached here).
        const strategies = lookup(thresholdStrategy(1e12));
        const second = new AttachedFeed();
        second.attach(feed);
        const started = Promise.all([
          startPlanRunner({ db, market, log: workerLog, strategies, timerMs: 50 }),
          startPlanRunner({ db: other, market: second, log: workerLog, strategies, timerMs: 50 }),
        ]);
        const lead = Math.max(0, deliveryMs - Date.now() - 1_500);
        const stops = Promise.all(
          plans.map(async ({ id, userId }, i) => {
            await new Promise((resolve) => setTimeout(resolve, lead + ((i * 97) % 3_000)));
            try {
              const view = await stopSubscription(i % 2 === 0 ? db : other, {
                userId,
                id,
                feed: undefined,
                strategies,
              });
              return view.endReason;
            } catch (err) {
              if (err instanceof DomainError && err.code === "CONFLICT") return "conflict";
              throw err;
            }
          }),
        );
        runners.push(...(await started));
        const answers = await stops;
        // No tick after the delivery time is recorded here: the runners deliver the rest once
        // the record is surely closed (5 s after it).
        const ids = new Set(plans.map((p) => p.id));
        const deadline = Date.now() + 30_000;
        while ((await endings(db)).some((r) => ids.has(r.id) && r.status === "running")) {
          if (Date.now() > deadline) throw new Error("plans still running 30 s after delivery");
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        for (const r of runners) await r.settled();

        const rows = (await endings(db)).filter((r) => ids.has(r.id));
        expect(rows.every((r) => r.unfreezes === 1 && r.ending_puts === 1)).toBe(true);
        const byUser = rows.filter((r) => r.end_reason === "user");
        const delivered = rows.filter((r) => r.status === "delivered");
        expect(byUser.length + delivered.length).toBe(PLANS);
        expect(answers.filter((a) => a === "user").length).toBe(byUser.length);
        expect(answers.filter((a) => a === "conflict").length).toBeLessThanOrEqual(
          delivered.length,
        );
        expect(byUser.length, "no stop won").toBeGreaterThan(0);
        expect(delivered.length, "no delivery won").toBeGreaterThan(0);
        console.info(`plan race: ${byUser.length} stopped by users, ${delivered.length} delivered`);
        await expectClean(db);
      } finally {
        await feed.stop();
      }
    }, 120_000);
  },
  { migrate: true },
);
