// The public market routes over a backfilled, then live, simulated market on a fake clock:
// symbols, tickers (24h statistics), klines (aggregated in SQL by the same rule as the pure
// aggregateCandles), depth, and 400 VALIDATION naming the field for each bad input.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Depth, KlineRow, MarketSymbol, Ticker } from "../../protocol/market";
import { API_BASE } from "../../protocol/paths";
import { aggregateCandles } from "../../server/market/candles";
import { startSimulatedMarket, type RunningMarket } from "../../server/market/start-market";
import { findSymbol } from "../../server/market/symbols";
import { buildTestApp } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

const db = usePglite();
// Live trading starts at 10:00:30, half a minute into a minute; history ends at 10:00.
const START = Date.UTC(2026, 3, 1, 10, 0, 30);
const HISTORY_END = Date.UTC(2026, 3, 1, 10, 0, 0);
const BTC = encodeURIComponent("BTC/USDT");
let app: FastifyInstance;
let market: RunningMarket;
let clock = START;
let backfill: { candles: number; ms: number } | undefined;

beforeAll(async () => {
  app = await buildTestApp({ db: db() });
  market = await startSimulatedMarket(
    db(),
    { source: "simulated", seed: "rest-test", ticksPerSecond: 1, backfillDays: 1 },
    { now: () => clock, manual: true, onBackfill: (info) => (backfill = info) },
  );
  // As main.ts does: depth reads the attached feed.
  app.market.attach(market.feed);
  for (let i = 0; i < 90; i += 1) {
    clock = START + i * 1000;
    market.source.emit(clock);
  }
  await market.feed.flush();
});

afterAll(async () => {
  await market?.stop();
  await app?.close();
});

async function get<T>(url: string) {
  const res = await app.inject({ method: "GET", url: `${API_BASE}/market${url}` });
  const body = res.json<Record<string, unknown>>();
  return { status: res.statusCode, data: body.Data as T, body };
}

describe("market REST", () => {
  it("backfilled one day of 1m candles per symbol", () => {
    expect(backfill?.candles).toBe(12 * 1440);
  });

  it("lists the 12 symbols against USDT", async () => {
    const { data } = await get<MarketSymbol[]>("/symbols");
    expect(data.map((s) => s.base)).toEqual([
      "BTC",
      "ETH",
      "BNB",
      "SOL",
      "XRP",
      "DOGE",
      "ADA",
      "TRX",
      "LTC",
      "DOT",
      "LINK",
      "AVAX",
    ]);
    expect(data[0]).toEqual({
      symbol: "BTC/USDT",
      base: "BTC",
      quote: "USDT",
      priceScale: 2,
      qtyScale: 5,
      minQty: "0.00001",
    });
  });

  it("serves 1m klines continuous from the history into the live path", async () => {
    const end = encodeURIComponent(new Date(clock).toISOString());
    const { data } = await get<KlineRow[]>(`/klines?symbol=${BTC}&interval=1m&limit=5&end=${end}`);
    // The clock stands at 10:01:59: the last three minutes are history, the rest live.
    expect(data.map((k) => k[0])).toEqual([
      "2026-04-01T09:57:00.000Z",
      "2026-04-01T09:58:00.000Z",
      "2026-04-01T09:59:00.000Z",
      "2026-04-01T10:00:00.000Z",
      "2026-04-01T10:01:00.000Z",
    ]);
    const [lastHistory, firstLive] = [data[2], data[3]];
    expect(new Date(HISTORY_END - 60_000).toISOString()).toBe(lastHistory?.[0]);
    // The live path starts where the history ends: within a few 1-second moves.
    const jump = Math.abs(Number(firstLive?.[1]) / Number(lastHistory?.[4]) - 1);
    expect(jump).toBeLessThan(0.005);
  });

  it("aggregates longer intervals exactly as the pure fold of the 1m candles", async () => {
    const end = encodeURIComponent(new Date(clock).toISOString());
    const ones = (await get<KlineRow[]>(`/klines?symbol=${BTC}&interval=1m&limit=1000&end=${end}`))
      .data;
    const spec = findSymbol("BTC/USDT");
    if (!spec) throw new Error("BTC/USDT is listed");
    const asCandles = ones.map(([t, o, h, l, c, v]) => ({
      openTime: Date.parse(t),
      o,
      h,
      l,
      c,
      v,
    }));
    for (const interval of ["5m", "15m", "1h"] as const) {
      const served = (
        await get<KlineRow[]>(`/klines?symbol=${BTC}&interval=${interval}&limit=10&end=${end}`)
      ).data;
      const expected = aggregateCandles(asCandles, interval, spec).slice(-10);
      expect(served).toEqual(
        expected.map((c) => [new Date(c.openTime).toISOString(), c.o, c.h, c.l, c.c, c.v]),
      );
    }
  });

  it("serves tickers with 24h statistics from the candles and the last tick", async () => {
    const { data } = await get<Ticker[]>("/tickers");
    expect(data).toHaveLength(12);
    const btc = data.find((t) => t.symbol === "BTC/USDT");
    if (!btc) throw new Error("no BTC ticker");
    expect(btc.seq).toBe("90");
    expect(btc.ts).toBe(new Date(clock).toISOString());
    expect(Number(btc.low24h)).toBeLessThanOrEqual(Number(btc.last));
    expect(Number(btc.high24h)).toBeGreaterThanOrEqual(Number(btc.last));
    expect(Number(btc.volume24h)).toBeGreaterThan(0);
    const change = ((Number(btc.last) - Number(btc.open24h)) / Number(btc.open24h)) * 100;
    expect(Number(btc.change24h)).toBeCloseTo(change, 1);
  });

  it("serves the newest book with bids below asks", async () => {
    const { data } = await get<Depth>(`/depth?symbol=${BTC}&limit=5`);
    expect(data.bids).toHaveLength(5);
    expect(data.asks).toHaveLength(5);
    expect(Number(data.bids[0]?.[0])).toBeLessThan(Number(data.asks[0]?.[0]));
    expect(data.seq).toBe("90");
    expect((await get<Depth>(`/depth?symbol=${BTC}`)).data.bids).toHaveLength(20);
  });

  it.each([
    ["/klines?symbol=BTC-USDT", "symbol"],
    [`/klines?symbol=${BTC}&interval=2m`, "interval"],
    [`/klines?symbol=${BTC}&limit=0`, "limit"],
    [`/klines?symbol=${BTC}&limit=abc`, "limit"],
    [`/klines?symbol=${BTC}&end=soon`, "end"],
    [`/klines?symbol=${BTC}&end=2026-13-45T00:00Z`, "end"],
    ["/depth?symbol=FOO%2FUSDT", "symbol"],
    [`/depth?symbol=${BTC}&limit=21`, "limit"],
  ])("answers 400 VALIDATION naming the field for %s", async (url, field) => {
    const { status, body } = await get(url);
    expect(status).toBe(400);
    expect(body.Code).toBe("VALIDATION");
    expect(String(body.Message)).toContain(field);
  });
});
