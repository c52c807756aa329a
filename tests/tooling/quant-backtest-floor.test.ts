// The backtest bench's floor (bench/quant-backtest-floor.ts) is only a floor if it does the
// backtest's own money work: the same fills at the same candles, the same marks and metrics. Its
// target comes from the bare loop's arithmetic, not the strategy's, so this holds it to the
// backtester's results on the bench's candles, as the bench runs it and with borrowed buying power
// (which ruins that run: its close-out is held equal too).
import { describe, expect, it } from "vitest";
import { floorTrendBacktest } from "../../bench/quant-backtest-floor";
import { trendInput } from "../../bench/quant-backtest-kit";
import { runBacktest } from "../../server/domain/quant/backtest/run-backtest";

describe("the backtest bench's floor", () => {
  const input = trendInput();

  it.each([1, 2])("trades and marks as the backtester does (leverage %i)", (leverage) => {
    const run = { ...input, leverage };
    const backtest = runBacktest(run);
    const floor = floorTrendBacktest(run);
    expect(backtest.fills.length).toBeGreaterThan(100);
    expect(floor.fills).toBe(backtest.fills.length);
    expect(floor.finalEquity).toBe(backtest.finalEquity);
    expect(floor.drawdownNum).toBe(backtest.metrics.maxDrawdown.num);
    expect(floor.sharpe).toBe(backtest.metrics.sharpe);
  });
});
