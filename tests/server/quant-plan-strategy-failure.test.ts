// A plan whose strategy fails ends instead of freezing the user's amount for good (PGlite, and
// PostgreSQL when DATABASE_URL is set): a strategy that throws on a candle, or answers a target
// that is not a number, ends the plan at that tick — sold at the recorded price, unfrozen,
// booked, end reason "strategy-error" — and a strategy that throws before its first candle ends
// it with nothing traded. Every other plan runs on; the books stay clean.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { runSubscription } from "../../server/domain/quant/plans/run-subscription";
import type { Strategy } from "../../server/domain/quant/strategies/strategy";
import type { MarketFeed } from "../../server/market/market-feed";
import { fundUsdt, openTickFeed, recordTicks } from "./helpers/options-settlement";
import {
  expectBooksClean,
  lookup,
  planBills,
  planPuts,
  planRow,
  planTrades,
  runAt,
  subscribeAt,
  T0,
  thresholdStrategy,
  USDT,
} from "./helpers/quant-plans";
import { createUserSession } from "./helpers/sessions";
import { describePostgres, resetDb, usePglite } from "./helpers/test-db";

const BTC = "BTC/USDT";
const S = 1_000;
const M = 60_000;
const plan = { planId: "demo-10-minutes", amount: "100" };

/** The threshold strategy, failing from its `failAt`-th candle on (1-based) the way `fail` says. */
function failingFrom(failAt: number, fail: "throw" | "nan"): Strategy<{ seen: number }> {
  const base = thresholdStrategy(40_000);
  return {
    ...base,
    step: (state, candle, params) => {
      if (state.seen + 1 >= failAt) {
        if (fail === "throw") throw new Error("index out of range");
        return { target: Number.NaN, state: { seen: state.seen + 1 } };
      }
      return base.step(state, candle, params);
    },
  };
}

function suite(getDb: () => Db) {
  let feed: MarketFeed;
  let userId: string;
  beforeEach(async () => {
    const db = getDb();
    await resetDb(db);
    feed = (await openTickFeed(db)).feed;
    userId = (await createUserSession(db)).userId;
    await fundUsdt(db, userId, 1_000n * USDT);
    await recordTicks(feed, BTC, [[T0, "50000.00"]]);
  });
  afterEach(async () => {
    await feed.stop();
  });

  for (const fail of ["throw", "nan"] as const) {
    it(`a strategy that fails (${fail}) mid-plan ends it at that tick, sold at the recorded price`, async () => {
      const db = getDb();
      const strategy = failingFrom(2, fail);
      const sub = await subscribeAt(db, userId, plan, T0 + S);
      // Minute 0's candle closes at the first tick of minute 1: bought at 50,000.
      await recordTicks(feed, BTC, [[T0 + M, "50000.00"]]);
      await runAt(db, sub.id, strategy, T0 + M + S);
      expect(await planRow(db, sub.id)).toMatchObject({ status: "running", trades: 1 });

      // Minute 1's candle closes at 50,500's tick: the strategy fails on it.
      await recordTicks(feed, BTC, [[T0 + 2 * M + 5 * S, "50500.00"]]);
      const result = await runAt(db, sub.id, strategy, T0 + 2 * M + 6 * S);
      expect(result).toMatchObject({ kind: "ran", ended: true });
      expect(result.kind === "ran" && result.strategyFailure).toBeTruthy();
      // Bought 0.00199 at 50,000 (99.5 + 0.0995 fee; cash 0.4005). Sold at 50,500:
      // 100.495 − 0.100495 fee = 100.394505; cash 100.795005 → pnl 0.795005.
      expect(await planRow(db, sub.id)).toMatchObject({
        status: "stopped",
        end_reason: "strategy-error",
        pnl: "795005",
        trades: 2,
      });
      expect((await planTrades(db, sub.id)).map((t) => [t.side, t.price, t.reason])).toEqual([
        ["buy", "50000000000", "strategy"],
        ["sell", "50500000000", "close"],
      ]);
      expect(await planBills(db, sub.id)).toEqual([
        [103, -100n * USDT],
        [104, 100n * USDT],
        [102, 795_005n],
      ]);
      expect((await planPuts(db, sub.id)).at(-1)).toMatchObject({
        status: "stopped",
        endReason: "strategy-error",
      });
      await expectBooksClean(db);
      // Ended once: a retry finds nothing running.
      expect(await runAt(db, sub.id, strategy, T0 + 3 * M)).toMatchObject({ kind: "not-running" });
    });
  }

  it("a strategy that fails before its first candle ends the plan with nothing traded", async () => {
    const db = getDb();
    const broken: Strategy<{ seen: number }> = {
      ...thresholdStrategy(40_000),
      warmUp: () => {
        throw new Error("bad parameters");
      },
    };
    const sub = await subscribeAt(db, userId, plan, T0 + S);
    const result = await runAt(db, sub.id, broken, T0 + 2 * S);
    expect(result).toMatchObject({ kind: "ran", ended: true });
    expect(await planRow(db, sub.id)).toMatchObject({
      status: "stopped",
      end_reason: "strategy-error",
      pnl: "0",
      trades: 0,
    });
    expect(await planBills(db, sub.id)).toEqual([
      [103, -100n * USDT],
      [104, 100n * USDT],
    ]);
    await expectBooksClean(db);
  });

  it("any other failure (here the quote) is not the strategy's: rolled back, still running", async () => {
    const db = getDb();
    const strategy = thresholdStrategy(40_000);
    const sub = await subscribeAt(db, userId, plan, T0 + S);
    await recordTicks(feed, BTC, [[T0 + M, "50000.00"]]);
    const failing = db.transaction((tx) =>
      runSubscription(tx, sub.id, {
        strategies: lookup(strategy),
        nowMs: T0 + M + S,
        quote: () => {
          throw new Error("book unavailable");
        },
        pageSize: 2_000,
      }),
    );
    await expect(failing).rejects.toThrow("book unavailable");
    expect(await planRow(db, sub.id)).toMatchObject({ status: "running", trades: 0 });
    // The retry trades as if nothing had happened.
    await runAt(db, sub.id, strategy, T0 + M + S);
    expect(await planRow(db, sub.id)).toMatchObject({ status: "running", trades: 1 });
    await expectBooksClean(db);
  });
}

describe("quant plans whose strategy fails (PGlite)", () => suite(usePglite()));
describePostgres("quant plans whose strategy fails", (pg) => suite(pg.db), { migrate: true });
