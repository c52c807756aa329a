// A plan run on recorded ticks, hand-checked (PGlite, and PostgreSQL when DATABASE_URL is set):
// the demo 10-minute plan (BTC/USDT, leverage 1, ±5 %) with 100 USDT and a threshold strategy
// (all in once a candle closes at or above the threshold, all out below). No live book is
// attached, so every fill is at the recorded tick's price, with the spot taker fee (0.1 %,
// rounded up). After each step: ledger:check clean, frozen = running plans' amounts.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { DomainError } from "../../server/domain/errors";
import { startPlanRunner } from "../../server/domain/quant/plans/plan-runner";
import { stopSubscription } from "../../server/domain/quant/plans/stop-subscription";
import { AttachedFeed } from "../../server/market/attached-feed";
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
import { workerLog } from "./helpers/worker-log";

const BTC = "BTC/USDT";
const S = 1_000;
const M = 60_000;
const plan = { planId: "demo-10-minutes", amount: "100" };

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

  it("buys at the closing candle's next tick, stops at max profit, books 102", async () => {
    const db = getDb();
    const strategy = thresholdStrategy(40_000);
    const sub = await subscribeAt(db, userId, plan, T0 + S);
    expect(sub).toMatchObject({ status: "running", amount: "100", pnl: null, trades: 0 });
    expect(await planBills(db, sub.id)).toEqual([[103, -100n * USDT]]);
    await expectBooksClean(db);

    // Minute 0's candle closes with the first tick of minute 1: all in at that tick's price.
    await recordTicks(feed, BTC, [
      [T0 + 30 * S, "50000.00"],
      [T0 + M, "50000.00"],
    ]);
    await runAt(db, sub.id, strategy, T0 + M + S);
    // 100 USDT buys at most 0.00199 BTC with its fee: 99.5 USDT + 0.0995 fee.
    expect(await planTrades(db, sub.id)).toMatchObject([
      {
        side: "buy",
        price: "50000000000",
        quantity: "199000",
        notional: "99500000",
        fee: "99500",
        fill: "tick",
        reason: "strategy",
      },
    ]);
    expect(await planRow(db, sub.id)).toMatchObject({ status: "running", cash: "400500" });
    await expectBooksClean(db);

    // Marked at 51,500: pnl 2.8855 — runs on. At 52,600: pnl 5.0745 ≥ 5 — stops at that tick.
    await recordTicks(feed, BTC, [[T0 + M + 10 * S, "51500.00"]]);
    await runAt(db, sub.id, strategy, T0 + M + 11 * S);
    expect((await planRow(db, sub.id)).status).toBe("running");
    await recordTicks(feed, BTC, [[T0 + M + 20 * S, "52600.00"]]);
    const result = await runAt(db, sub.id, strategy, T0 + M + 21 * S);
    expect(result).toMatchObject({ kind: "ran", ended: true });
    // Sold 0.00199 at 52,600: 104.674 − 0.104674 fee; cash 104.969826; pnl 4.969826.
    expect(await planRow(db, sub.id)).toMatchObject({
      status: "stopped",
      end_reason: "max-profit",
      pnl: "4969826",
      trades: 2,
      fees: String(99_500 + 104_674),
    });
    expect(await planBills(db, sub.id)).toEqual([
      [103, -100n * USDT],
      [104, 100n * USDT],
      [102, 4_969_826n],
    ]);
    const puts = await planPuts(db, sub.id);
    expect(puts.map((p) => [p.status, p.trades])).toEqual([
      ["running", 0],
      ["running", 1],
      ["stopped", 2],
    ]);
    expect(puts.at(-1)).toMatchObject({ pnl: "4.969826", endReason: "max-profit", positions: [] });
    await expectBooksClean(db);
    // Ended once: another run changes nothing.
    expect(await runAt(db, sub.id, strategy, T0 + 20 * M)).toMatchObject({ kind: "not-running" });
  });

  it("delivers at its time with a loss (202), never more than the amount", async () => {
    const db = getDb();
    const strategy = thresholdStrategy(40_000);
    const sub = await subscribeAt(db, userId, plan, T0 + S);
    await recordTicks(feed, BTC, [
      [T0 + M, "50000.00"],
      [T0 + 5 * M, "49000.00"],
      // At or after the delivery time (T0 + 1 s + 10 min): not the plan's.
      [T0 + 10 * M + 2 * S, "10000.00"],
    ]);
    // Run before delivery: bought, marked −2.0895 (above −5): still running.
    await runAt(db, sub.id, strategy, T0 + 6 * M);
    expect((await planRow(db, sub.id)).status).toBe("running");
    await expectBooksClean(db);
    await runAt(db, sub.id, strategy, T0 + 11 * M);
    // Sold 0.00199 at 49,000 (the last tick before delivery): 97.51 − 0.09751.
    // cash 0.4005 + 97.41249 = 97.81299 → pnl −2.18701.
    expect(await planRow(db, sub.id)).toMatchObject({
      status: "delivered",
      end_reason: "delivery",
      pnl: "-2187010",
    });
    expect(await planBills(db, sub.id)).toEqual([
      [103, -100n * USDT],
      [104, 100n * USDT],
      [202, -2_187_010n],
    ]);
    expect((await planTrades(db, sub.id)).map((t) => [t.side, t.price])).toEqual([
      ["buy", "50000000000"],
      ["sell", "49000000000"],
    ]);
    await expectBooksClean(db);
  });

  it("waits for the record to close before delivering: a tick after it, or 5 s", async () => {
    const db = getDb();
    const strategy = thresholdStrategy(40_000);
    const sub = await subscribeAt(db, userId, plan, T0 + S);
    const deliveryMs = T0 + S + 10 * M;
    await recordTicks(feed, BTC, [[T0 + M, "50000.00"]]);
    // Past the delivery time, but a tick before it may still be on its way to the record.
    await runAt(db, sub.id, strategy, deliveryMs + 1_000);
    expect((await planRow(db, sub.id)).status).toBe("running");
    await runAt(db, sub.id, strategy, deliveryMs + 5_000);
    expect(await planRow(db, sub.id)).toMatchObject({ status: "delivered", trades: 2 });
    await expectBooksClean(db);
  });

  it("the runner follows the feed: each flush's ticks run without asking", async () => {
    const db = getDb();
    const market = new AttachedFeed();
    market.attach(feed);
    let now = T0 + S;
    const sub = await subscribeAt(db, userId, plan, now);
    const runner = await startPlanRunner({
      db,
      market,
      log: workerLog,
      strategies: lookup(thresholdStrategy(40_000)),
      // No timer during the test: only flushes (and the new subscription's notice) drive it.
      timerMs: 3_600_000,
      now: () => now,
    });
    try {
      now = T0 + M + S;
      await recordTicks(feed, BTC, [[T0 + M, "50000.00"]]);
      await runner.settled();
      expect(await planRow(db, sub.id)).toMatchObject({ status: "running", trades: 1 });
      now = T0 + 11 * M;
      await recordTicks(feed, BTC, [[T0 + 10 * M + 2 * S, "49000.00"]]);
      await runner.settled();
      expect(await planRow(db, sub.id)).toMatchObject({ status: "delivered", trades: 2 });
      expect(runner.ended()).toBe(1);
    } finally {
      await runner.stop();
    }
    await expectBooksClean(db);
  });

  it("a user's stop without a live book is MARKET_STALE and changes nothing", async () => {
    const db = getDb();
    const strategy = thresholdStrategy(40_000);
    const sub = await subscribeAt(db, userId, plan, T0 + S);
    await recordTicks(feed, BTC, [[T0 + M, "50000.00"]]);
    await runAt(db, sub.id, strategy, T0 + M + S);
    await recordTicks(feed, BTC, [[T0 + M + 10 * S, "50500.00"]]);
    const before = {
      row: await planRow(db, sub.id),
      bills: await planBills(db, sub.id),
      puts: (await planPuts(db, sub.id)).length,
    };
    const stopping = stopSubscription(db, {
      userId,
      id: sub.id,
      feed,
      strategies: lookup(strategy),
      now: () => T0 + M + 11 * S,
    });
    await expect(stopping).rejects.toBeInstanceOf(DomainError);
    await expect(stopping).rejects.toMatchObject({ code: "MARKET_STALE" });
    expect({
      row: await planRow(db, sub.id),
      bills: await planBills(db, sub.id),
      puts: (await planPuts(db, sub.id)).length,
    }).toEqual(before);
    await expectBooksClean(db);
  });

  it("runs a long backlog in one pass, in order, exactly as step by step", async () => {
    const db = getDb();
    const strategy = thresholdStrategy(50_000);
    // Two plans of 50 (the level-0 quota is 100), the same but for how they are run.
    const a = await subscribeAt(db, userId, { ...plan, amount: "50" }, T0 + S);
    const b = await subscribeAt(db, userId, { ...plan, amount: "50" }, T0 + S);
    // Up, down, up across the threshold, a tick every 20 s for 9 minutes.
    const ticks: [number, string][] = [];
    for (let i = 1; i <= 27; i += 1) {
      const price = 49_900 + ((i * 37) % 5) * 60;
      ticks.push([T0 + i * 20 * S, `${price}.00`]);
    }
    await recordTicks(feed, BTC, ticks);
    // a: all at once; b: after every tick (what a runner following the feed does).
    await runAt(db, a.id, strategy, T0 + 9 * M + 1);
    for (const [ms] of ticks) await runAt(db, b.id, strategy, ms + 1);
    const ta = await planTrades(db, a.id);
    const tb = await planTrades(db, b.id);
    expect(ta.length).toBeGreaterThan(1);
    const fills = (ts: typeof ta) => ts.map((t) => [t.side, t.price, t.quantity, t.tick_seq]);
    expect(fills(ta)).toEqual(fills(tb));
    expect((await planRow(db, a.id)).cash).toBe((await planRow(db, b.id)).cash);
    await expectBooksClean(db);
  });
}

describe("quant plan runs on recorded ticks (PGlite)", () => suite(usePglite()));
describePostgres("quant plan runs on recorded ticks", (pg) => suite(pg.db), { migrate: true });
