import { describe, expect, it } from "vitest";
import { usePglite } from "../../../../tests/server/helpers/test-db";
import { insertCandles, type CandleRow } from "../../../db/repositories/candle-repository";
import { loadBacktestCandles } from "./load-candles";
import { backtestRules, prepareBacktest } from "./prepare-backtest";
import { prepareOptimisation } from "./prepare-optimisation";
import { runOptimisation } from "./walk-forward";
import { BacktestInputError, runBacktest } from "./run-backtest";

const getDb = usePglite();
const T0 = Date.UTC(2026, 10, 1);
const MIN = 60_000;

/** 60 one-minute BTC candles: closes 100.00, 100.01, … with opens one step lower. */
const rows: CandleRow[] = Array.from({ length: 60 }, (_, i) => ({
  symbol: "BTC/USDT",
  openTime: T0 + i * MIN,
  o: (100 + (i - 1) / 100).toFixed(2),
  h: (100 + (i + 1) / 100).toFixed(2),
  l: (100 + (i - 2) / 100).toFixed(2),
  c: (100 + i / 100).toFixed(2),
  v: "0.50000",
}));

describe("loading backtest candles from the stored 1m candles", () => {
  it("aggregates to the interval, cuts the period to whole candles and adds the warm-up", async () => {
    await insertCandles(getDb(), rows);
    const rules = backtestRules("BTC/USDT");
    // 5m candles for [T0 + 12 min, T0 + 58 min): rounded to [T0 + 15, T0 + 55), plus 2 before.
    const loaded = await loadBacktestCandles(
      getDb(),
      { symbol: "BTC/USDT", interval: "5m", from: T0 + 12 * MIN, to: T0 + 58 * MIN },
      rules,
      2,
    );
    expect(loaded.from).toBe(T0 + 15 * MIN);
    expect(loaded.to).toBe(T0 + 55 * MIN);
    expect(loaded.candles.map((c) => (c.time - T0) / MIN)).toEqual([
      5, 10, 15, 20, 25, 30, 35, 40, 45, 50,
    ]);
    // The 5m candle at minute 15: open of minute 15, close of minute 19, high/low over them.
    expect(loaded.candles[2]).toMatchObject({
      time: T0 + 15 * MIN,
      open: 100_140_000n,
      close: 100_190_000n,
      high: 100_200_000n,
      low: 100_130_000n,
      volume: 250_000_000n,
    });
  });

  it("prepares a runnable input from a request, and refuses what cannot run", async () => {
    const input = await prepareBacktest(getDb(), {
      strategy: "mean-reversion",
      symbol: "BTC/USDT",
      interval: "1m",
      from: T0 + 30 * MIN,
      to: T0 + 60 * MIN,
      params: { period: 10 },
    });
    expect(input.params).toEqual({ period: 10, deviations: 2 });
    expect(input.from).toBe(T0 + 30 * MIN);
    expect(input.candles[0]?.time).toBe(T0 + 20 * MIN); // 10 warm-up candles
    expect(runBacktest(input).candles).toBe(30);

    const failure = async (over: object) => {
      const request = {
        strategy: "grid",
        symbol: "BTC/USDT",
        interval: "1m",
        from: T0,
        to: T0 + 60 * MIN,
      } as const;
      try {
        await prepareBacktest(getDb(), { ...request, ...over });
        return "prepared";
      } catch (err) {
        return err instanceof BacktestInputError ? err.code : String(err);
      }
    };
    expect(await failure({ symbol: "NOPE/USDT" })).toBe("unknown-symbol");
    expect(await failure({ params: { levels: 0 } })).toBe("bad-params");
    expect(await failure({ from: T0 + 120 * MIN, to: T0 + 180 * MIN })).toBe("no-candles");
  });

  it("prepares an optimisation with the grid's longest warm-up and runs it", async () => {
    const input = await prepareOptimisation(getDb(), {
      strategy: "grid",
      symbol: "BTC/USDT",
      interval: "1m",
      from: T0 + 10 * MIN,
      to: T0 + 60 * MIN,
    });
    expect(input.windows).toBe(4);
    expect(input.candles[0]?.time).toBe(T0 + 9 * MIN); // the grid warms up on 1 candle
    const r = runOptimisation({ ...input, maxCombinations: 4 });
    expect(r.candles).toBe(50);
    expect(r.windows.map((w) => (w.testFrom - T0) / MIN)).toEqual([23, 36, 48]);
  });
});
