// Public market reads answer from the running feed's memory (market-read-model.ts): the same
// tickers and klines as the record holds, across flushes and a minute boundary, without a candle
// query per request (a request aggregating 24 h of candles let one anonymous client slow everyone).
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { KLINE_INTERVALS, type KlineRow, type Ticker } from "../../protocol/market";
import { API_BASE } from "../../protocol/paths";
import type { Db, SqlParam } from "../../server/db/db";
import { readKlines, readTickers } from "../../server/market/market-read";
import { startSimulatedMarket, type RunningMarket } from "../../server/market/start-market";
import { buildTestApp } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

const getDb = usePglite();
const START = Date.UTC(2026, 3, 1, 10, 0, 40);
const BTC = encodeURIComponent("BTC/USDT");
let app: FastifyInstance;
let market: RunningMarket;
let clock = START;
/** SQL statements that read candles_1m, counted through a wrapper around the database. */
let candleQueries = 0;

function counting(db: Db): Db {
  return new Proxy(db, {
    get(target, key, receiver) {
      if (key === "query") {
        return (sql: string, params?: readonly SqlParam[]) => {
          if (sql.includes("candles_1m") && !sql.includes("INSERT")) candleQueries += 1;
          return target.query(sql, params);
        };
      }
      const value: unknown = Reflect.get(target, key, receiver);
      return typeof value === "function" ? (value as () => unknown).bind(target) : value;
    },
  });
}

beforeAll(async () => {
  app = await buildTestApp({ db: counting(getDb()) });
  market = await startSimulatedMarket(
    getDb(),
    { source: "simulated", seed: "read-model", ticksPerSecond: 1, backfillDays: 2 },
    { now: () => clock, manual: true },
  );
  app.market.attach(market.feed);
});
afterAll(async () => {
  await market?.stop();
  await app?.close();
});

async function trade(seconds: number): Promise<void> {
  for (let i = 0; i < seconds; i += 1) {
    clock += 1000;
    market.source.emit(clock);
    if (i % 7 === 0) await market.feed.flush();
  }
  await market.feed.flush();
}

const get = async <T>(url: string): Promise<T> => {
  const response = await app.inject({ url: `${API_BASE}/market${url}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ Data: T }>().Data;
};

it("answers tickers and klines equal to the record's, across flushes and minutes", async () => {
  await trade(5);
  for (let round = 0; round < 3; round += 1) {
    expect(await get<Ticker[]>("/tickers")).toEqual(await readTickers(getDb()));
    for (const interval of KLINE_INTERVALS) {
      const path = `/klines?symbol=${BTC}&interval=${interval}&limit=500&end=${clock}`;
      expect(await get<KlineRow[]>(path), interval).toEqual(
        await readKlines(getDb(), "BTC/USDT", interval, 500, clock),
      );
    }
    await trade(45); // crosses a minute boundary
  }
  // An end older than the window still answers from the record.
  const old = clock - 3 * 86_400_000;
  expect(await get<KlineRow[]>(`/klines?symbol=${BTC}&interval=1m&limit=10&end=${old}`)).toEqual(
    await readKlines(getDb(), "BTC/USDT", "1m", 10, old),
  );
});

it("reads no candles from the database per public read once loaded", async () => {
  await get("/tickers");
  await get(`/klines?symbol=${BTC}&interval=1h&limit=1000`);
  candleQueries = 0;
  for (let i = 0; i < 20; i += 1) {
    await get("/tickers");
    await get(`/klines?symbol=${BTC}&interval=1h&limit=1000`);
    await get(`/klines?symbol=${BTC}&interval=1d&limit=1000`);
    if (i % 5 === 0) await trade(3);
  }
  expect(candleQueries).toBeLessThanOrEqual(1); // the 1d window's first load
});
