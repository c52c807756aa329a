// The plan routes through the real app (PGlite; PostgreSQL too when DATABASE_URL is set), on a
// seeded simulated market stepped by hand: quota, subscribe (Idempotency-Key), list, refusals
// that change nothing, an idempotent retry, a plan that bought on the live book stopped by its
// user at the live book, a second stop (409 plan-ended), another user's (404), its trades with
// their ticks. After every test: ledger:check clean, frozen = running plans' amounts.
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import type { QuantQuota, QuantSubscription, QuantTrade } from "../../protocol/quant";
import type { ListPage } from "../../protocol/list";
import type { Db } from "../../server/db/db";
import type { RunningMarket } from "../../server/market/start-market";
import { bookOf, units, walkPrice } from "./helpers/contract";
import { acceptedData, postIdempotent } from "./helpers/idempotent-post";
import { fundUsdt } from "./helpers/options-settlement";
import {
  expectBooksClean,
  planBills,
  planTrades,
  runAt,
  thresholdStrategy,
  USDT,
} from "./helpers/quant-plans";
import { bearer, createUserSession, type TestSession } from "./helpers/sessions";
import { startTestMarket, stepMarket } from "./helpers/spot";
import { buildTestApp, NO_RATE_LIMIT } from "./helpers/test-app";
import { describePostgres, resetDb, usePglite } from "./helpers/test-db";
import { moneySnapshot } from "./helpers/withdraw";

const BTC = "BTC/USDT";

function suite(getDb: () => Db) {
  let app: FastifyInstance;
  let market: RunningMarket;
  let user: TestSession;
  beforeAll(async () => {
    app = await buildTestApp({ db: getDb(), rateLimit: NO_RATE_LIMIT });
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(async () => {
    const db = getDb();
    await resetDb(db);
    market = await startTestMarket(db, "quant-plans");
    app.market.attach(market.feed);
    await stepMarket(market);
    user = await createUserSession(db);
    await fundUsdt(db, user.userId, 1_000n * USDT);
  });
  afterEach(async () => {
    await expectBooksClean(getDb());
    app.market.detach();
    await market.stop();
  });

  const get = async <T>(path: string, session = user): Promise<T> => {
    const response = await app.inject({
      method: "GET",
      url: `${API_BASE}/quant/${path}`,
      headers: bearer(session),
    });
    return acceptedData<T>(response, path);
  };
  const post = (body: unknown, key?: string | null, session = user) =>
    postIdempotent(app, session, "quant/subscriptions", body, key);
  const stop = (id: string, session = user) =>
    app.inject({
      method: "POST",
      url: `${API_BASE}/quant/subscriptions/${id}/stop`,
      headers: bearer(session),
    });
  const snapshot = async () => {
    const db = getDb();
    const count = async (sql: string) => (await db.query<{ n: string }>(sql))[0]?.n;
    return {
      ...(await moneySnapshot(db)),
      subscriptions: await count("SELECT count(*)::text AS n FROM quant_subscriptions"),
      idempotency: await count("SELECT count(*)::text AS n FROM idempotency_keys"),
    };
  };

  it("quota, subscribe, list: the amount is frozen and locked in the quota", async () => {
    expect(await get<QuantQuota>("quota")).toEqual({
      authorisedQuota: "100",
      lockedLimit: "0",
      availableQuota: "100",
      weightedScore: 0,
      creditLevel: 0,
    });
    const sub = acceptedData<QuantSubscription>(
      await post({ planId: "demo-10-minutes", amount: "60" }),
      "subscribe",
    );
    expect(sub).toMatchObject({
      planId: "demo-10-minutes",
      strategy: "trend-following",
      amount: "60",
      leverage: 1,
      tradingArea: [BTC],
      maxProfitRate: "0.05",
      maxLossRate: "0.05",
      status: "running",
      endedAt: null,
      pnl: null,
      realisedPnl: "0",
      positions: [],
    });
    expect(Date.parse(sub.deliveryAt) - Date.parse(sub.startedAt)).toBe(10 * 60_000);
    expect(await get<QuantQuota>("quota")).toMatchObject({
      lockedLimit: "60",
      availableQuota: "40",
    });
    const list = await get<ListPage<QuantSubscription>>("subscriptions");
    expect(list.items.map((s) => s.id)).toEqual([sub.id]);
    expect((await get<ListPage<QuantSubscription>>("subscriptions?status=stopped")).items).toEqual(
      [],
    );
    expect(await planBills(getDb(), sub.id)).toEqual([[103, -60n * USDT]]);
  });

  it("refuses bad input and every plan rule, changing nothing", async () => {
    await post({ planId: "demo-10-minutes", amount: "60" });
    const before = await snapshot();
    const refused = async (body: unknown, status: number, code: string, key?: string | null) => {
      const response = await post(body, key);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json<{ Code: string }>().Code).toBe(code);
      return response.json<{ Params: Record<string, unknown> }>().Params;
    };
    await refused({ amount: "10" }, 400, "VALIDATION");
    await refused({ planId: "demo-10-minutes" }, 400, "VALIDATION");
    await refused({ planId: "demo-10-minutes", amount: "ten" }, 400, "VALIDATION");
    await refused({ planId: "demo-10-minutes", amount: "0" }, 400, "VALIDATION");
    await refused({ planId: "demo-10-minutes", amount: "10.0000001" }, 400, "VALIDATION");
    await refused({ planId: "demo-10-minutes", amount: "10" }, 400, "VALIDATION", null);
    await refused({ planId: "no-such-plan", amount: "10" }, 404, "NOT_FOUND");
    expect(
      await refused({ planId: "steady-reversion", amount: "50" }, 422, "PLAN_LEVEL_TOO_LOW"),
    ).toEqual({ required: 1, level: 0 });
    expect(
      await refused({ planId: "demo-10-minutes", amount: "5" }, 422, "PLAN_AMOUNT_OUT_OF_RANGE"),
    ).toEqual({ minimum: "10", maximum: "100" });
    expect(
      await refused({ planId: "demo-10-minutes", amount: "50" }, 422, "PLAN_QUOTA_EXCEEDED"),
    ).toEqual({ available: "40", needed: "50" });
    expect(await snapshot()).toEqual(before);

    const poor = await createUserSession(getDb());
    await fundUsdt(getDb(), poor.userId, 15n * USDT);
    const response = await post({ planId: "demo-10-minutes", amount: "20" }, undefined, poor);
    expect(response.statusCode).toBe(422);
    expect(response.json<{ Code: string }>().Code).toBe("INSUFFICIENT_BALANCE");
  });

  it("an idempotent retry answers the same subscription; another body is 409", async () => {
    const body = { planId: "demo-10-minutes", amount: "30" };
    const first = acceptedData<QuantSubscription>(await post(body, "retry-1"), "first");
    const again = acceptedData<QuantSubscription>(await post(body, "retry-1"), "again");
    expect(again).toEqual(first);
    const other = await post({ ...body, amount: "31" }, "retry-1");
    expect(other.statusCode).toBe(409);
    expect(other.json<{ Code: string }>().Code).toBe("IDEMPOTENCY_MISMATCH");
    expect(await planBills(getDb(), first.id)).toEqual([[103, -30n * USDT]]);
    expect((await get<QuantQuota>("quota")).lockedLimit).toBe("30");
  });

  it("buys on the live book, is stopped by its user at the live book, once", async () => {
    const db = getDb();
    const sub = acceptedData<QuantSubscription>(
      await post({ planId: "demo-10-minutes", amount: "100" }),
      "subscribe",
    );
    // The next minute's first tick closes this minute's candle: the strategy goes all in.
    const nextMinute = Math.floor(Date.parse(sub.startedAt) / 60_000) * 60_000 + 60_000;
    market.source.emit(nextMinute + 1);
    await market.feed.flush();
    const asks = bookOf(market, BTC).asks;
    await runAt(db, sub.id, thresholdStrategy(0), nextMinute + 2, market.feed);
    const [buy] = await planTrades(db, sub.id);
    if (buy === undefined) throw new Error("the plan bought nothing");
    const step = units("0.01", 6);
    expect(buy).toMatchObject({ side: "buy", fill: "book", reason: "strategy" });
    expect(BigInt(buy.price)).toBe(walkPrice(asks, BigInt(buy.quantity), step, true));

    const bids = bookOf(market, BTC).bids;
    const stopped = acceptedData<QuantSubscription>(await stop(sub.id), "stop");
    const sell = walkPrice(bids, BigInt(buy.quantity), step, false);
    const gross = sell * BigInt(buy.quantity);
    const fee = (gross + 100_000_000_000n - 1n) / 100_000_000_000n;
    const cash = 100n * USDT - BigInt(buy.notional) - BigInt(buy.fee) + gross / 100_000_000n - fee;
    expect(stopped).toMatchObject({ status: "stopped", endReason: "user", trades: 2 });
    const pnl = cash - 100n * USDT;
    const served = stopped.pnl ?? "";
    expect(served.startsWith("-") ? -units(served.slice(1), 6) : units(served, 6)).toBe(pnl);
    expect(await planBills(db, sub.id)).toEqual([
      [103, -100n * USDT],
      [104, 100n * USDT],
      ...(pnl > 0n ? [[102, pnl] as const] : pnl < 0n ? [[202, pnl] as const] : []),
    ]);

    const again = await stop(sub.id);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ Params: unknown }>().Params).toEqual({ conflict: "plan-ended" });
    const stranger = await createUserSession(db);
    expect((await stop(sub.id, stranger)).statusCode).toBe(404);
    expect((await stop("99999")).statusCode).toBe(404);

    const trades = await get<ListPage<QuantTrade>>(`subscriptions/${sub.id}/trades`);
    expect(trades.items.map((t) => t.side)).toEqual(["sell", "buy"]);
    for (const t of trades.items) expect(t.tick.hash).toMatch(/^[0-9a-f]{64}$/);
    const notMine = await app.inject({
      method: "GET",
      url: `${API_BASE}/quant/subscriptions/${sub.id}/trades`,
      headers: bearer(stranger),
    });
    expect(notMine.statusCode).toBe(404);
  });
}

describe("quant plan routes (PGlite)", () => suite(usePglite()));
describePostgres("quant plan routes", (pg) => suite(pg.db), { migrate: true });
