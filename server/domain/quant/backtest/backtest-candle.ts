// Making a BacktestCandle: the exact prices in units and, once, the numbers a strategy reads.
import type { BacktestCandle } from "./backtest-types";

/** USDT units → USDT per coin, as a signal (never money). */
const USDT_PER_UNIT = 1e-6;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

export function backtestCandle(c: Omit<BacktestCandle, "signal" | "closeUnits">): BacktestCandle {
  const { time, open, high, low, close, volume } = c;
  // One literal with every field (no spread): candles are read in the hottest loop, and a spread
  // plus an added field leaves the last one out of the object's own slots.
  return {
    time,
    open,
    high,
    low,
    close,
    volume,
    // Exact below 2^53 units; above it NaN, which sends every mark to the bigint path.
    closeUnits: close <= MAX_SAFE ? Number(close) : Number.NaN,
    signal: {
      time,
      open: Number(open) * USDT_PER_UNIT,
      high: Number(high) * USDT_PER_UNIT,
      low: Number(low) * USDT_PER_UNIT,
      close: Number(close) * USDT_PER_UNIT,
      // Base units: strategies compare volumes, they never price them.
      volume: Number(volume),
    },
  };
}
