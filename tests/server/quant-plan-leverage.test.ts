// A two-symbol plan with leverage, hand-checked (PGlite; PostgreSQL too when DATABASE_URL is
// set): the catalogue's "wide-grid" terms (BTC/USDT and ETH/USDT, leverage 3, max loss 15 %) with
// 1,000 USDT, run by a strategy that is all in from the first candle. Buying power 3,000 splits
// into two sleeves of 1,500; ticks of both symbols run in time order; the plan is marked at each
// symbol's last tick; a limit ends it at the tick that reached it, every position sold at its
// symbol's last tick price. A gap beyond the amount costs the user exactly the amount (202), the
// rest is the house's. Subscribed directly (the level rule is the API's; this is the runner's).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { findQuantPlan } from "../../server/db/repositories/quant-plan-repository";
import {
  insertQuantSubscription,
  nextQuantSubscriptionId,
} from "../../server/db/repositories/quant-subscription-repository";
import { readLastTicks } from "../../server/db/repositories/tick-repository";
import { postSubscribe } from "../../server/domain/quant/plans/plan-postings";
import { recordQuantSubscription } from "../../server/domain/quant/plans/subscription-view";
import type { MarketFeed } from "../../server/market/market-feed";
import { fundUsdt, openTickFeed, recordTicks } from "./helpers/options-settlement";
import {
  expectBooksClean,
  planBills,
  planRow,
  planTrades,
  runAt,
  T0,
  thresholdStrategy,
  USDT,
} from "./helpers/quant-plans";
import { createUserSession } from "./helpers/sessions";
import { describePostgres, resetDb, usePglite } from "./helpers/test-db";

const BTC = "BTC/USDT";
const ETH = "ETH/USDT";
const M = 60_000;

/** A wide-grid subscription of `amount` USDT units at T0 + 1 s, past the API's level rule. */
async function subscribeWide(db: Db, userId: string, amount: bigint): Promise<string> {
  const plan = await findQuantPlan(db, "wide-grid", true);
  if (plan === null) throw new Error("no wide-grid plan");
  return db.transaction(async (tx) => {
    const id = await nextQuantSubscriptionId(tx);
    const posted = await postSubscribe(tx, { id, userId, amount });
    const heads = await readLastTicks(tx, plan.tradingArea);
    const cursors = Object.fromEntries(
      heads.map((t) => [t.symbol, { seq: t.seq, price: null, tsMs: null, nextCandleMs: T0 }]),
    );
    await insertQuantSubscription(tx, id, {
      userId,
      planId: plan.id,
      strategy: plan.strategy,
      params: { ...plan.params },
      leverage: plan.leverage,
      tradingArea: plan.tradingArea,
      maxProfitRate: plan.maxProfitRate,
      maxLossRate: plan.maxLossRate,
      durationMinutes: plan.durationMinutes,
      amount,
      reservationId: posted.reservationId,
      freezeTransactionId: posted.transactionId,
      startedMs: T0 + 1_000,
      cursors,
    });
    await recordQuantSubscription(tx, id);
    return id;
  });
}

function suite(getDb: () => Db) {
  let feed: MarketFeed;
  let userId: string;
  let id: string;
  const strategy = thresholdStrategy(0);
  beforeEach(async () => {
    const db = getDb();
    await resetDb(db);
    feed = (await openTickFeed(db)).feed;
    userId = (await createUserSession(db)).userId;
    await fundUsdt(db, userId, 2_000n * USDT);
    await recordTicks(feed, BTC, [[T0, "50000.00"]]);
    await recordTicks(feed, ETH, [[T0, "2500.00"]]);
    id = await subscribeWide(db, userId, 1_000n * USDT);
    // Minute 0's candles close: BTC first, then ETH half a second later.
    await recordTicks(feed, BTC, [[T0 + M, "50000.00"]]);
    await recordTicks(feed, ETH, [[T0 + M + 500, "2500.00"]]);
  });
  afterEach(async () => {
    await feed.stop();
  });

  it("buys a sleeve of each on credit, stops at max loss, charges the loss (202)", async () => {
    const db = getDb();
    await runAt(db, id, strategy, T0 + M + 600);
    // 1,500 buys 0.02997 BTC (1,498.5 + 1.4985 fee) and 0.5994 ETH (1,498.5 + 1.4985):
    // cash 1,000 − 2,999.997 = −1,999.997, above the credit floor of −2,000.
    expect(await planRow(db, id)).toMatchObject({ status: "running", cash: "-1999997000" });
    expect((await planTrades(db, id)).map((t) => [t.side, t.quantity, t.notional])).toEqual([
      ["buy", "2997000", "1498500000"],
      ["buy", "59940000", "1498500000"],
    ]);
    await expectBooksClean(db);

    // ETH at 2,300: pnl −122.877 (runs on). At 2,250: −152.847 ≤ −150: stop at that tick.
    await recordTicks(feed, ETH, [
      [T0 + M + 10_000, "2300.00"],
      [T0 + M + 20_000, "2250.00"],
      [T0 + M + 30_000, "3000.00"],
    ]);
    await runAt(db, id, strategy, T0 + M + 31_000);
    // Sold 0.02997 BTC at 50,000 (1,498.5 − 1.4985) and 0.5994 ETH at 2,250 (1,348.65 −
    // 1.34865): cash 844.30585, pnl −155.69415.
    expect(await planRow(db, id)).toMatchObject({
      status: "stopped",
      end_reason: "max-loss",
      pnl: "-155694150",
      trades: 4,
    });
    expect((await planTrades(db, id)).slice(2).map((t) => [t.side, t.price, t.fill])).toEqual([
      ["sell", "50000000000", "tick"],
      ["sell", "2250000000", "tick"],
    ]);
    expect(await planBills(db, id)).toEqual([
      [103, -1_000n * USDT],
      [104, 1_000n * USDT],
      [202, -155_694_150n],
    ]);
    await expectBooksClean(db);
  });

  it("a gap beyond the amount costs exactly the amount; the house absorbs the rest", async () => {
    const db = getDb();
    await runAt(db, id, strategy, T0 + M + 600);
    // ETH gaps to 100: equity −1,999.997 + 1,498.5 + 59.94 < 0.
    await recordTicks(feed, ETH, [[T0 + M + 10_000, "100.00"]]);
    await runAt(db, id, strategy, T0 + M + 11_000);
    expect(await planRow(db, id)).toMatchObject({
      status: "stopped",
      end_reason: "max-loss",
      pnl: "-1000000000",
    });
    expect(await planBills(db, id)).toEqual([
      [103, -1_000n * USDT],
      [104, 1_000n * USDT],
      [202, -1_000n * USDT],
    ]);
    await expectBooksClean(db);
  });
}

describe("a two-symbol plan with leverage (PGlite)", () => suite(usePglite()));
describePostgres("a two-symbol plan with leverage", (pg) => suite(pg.db), { migrate: true });
