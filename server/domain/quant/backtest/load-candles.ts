// Candles of any interval for a period, from the stored 1m candles (aggregated in SQL by
// readCandles, the same rule as the market's candle endpoint), in the backtest's units.
//
// The period is cut to whole candles: `from` rounds up and `to` down to the interval's boundary
// (UTC epoch), so no candle is partial at either end; a `to` at or before now then never includes
// the minute still open. `warmUpCandles` more candles before `from` are loaded when the record
// has them, so the strategy is warm when the period starts (runBacktest's `from`).
import type { Queryable } from "../../../db/db";
import { readCandles, type CandleRow } from "../../../db/repositories/candle-repository";
import { parseUnits } from "../../../../protocol/decimal";
import { USDT_SCALE } from "../../../../protocol/assets";
import { INTERVAL_MS, type KlineInterval } from "../../../../protocol/market";
import type { SpotRules } from "../../../../protocol/spot-rules";
import { backtestCandle } from "./backtest-candle";
import type { BacktestCandle } from "./backtest-types";

export interface CandlePeriod {
  symbol: string;
  interval: KlineInterval;
  /** ms since the epoch. */
  from: number;
  to: number;
}

export interface LoadedCandles {
  /** Warm-up candles first, then the period's. */
  candles: BacktestCandle[];
  /** The period's first open time after rounding (runBacktest's `from`). */
  from: number;
  /** The period's end after rounding (exclusive). */
  to: number;
}

/** A stored candle in units: prices at USDT scale, volume at the coin's ledger scale. */
export function candleUnits(row: CandleRow, rules: SpotRules): BacktestCandle {
  // The stored numerics are at the symbol's scales, within the ledger's; "down" only drops zeros.
  const price = (text: string) => parseUnits(text, USDT_SCALE, "down");
  return backtestCandle({
    time: row.openTime,
    open: price(row.o),
    high: price(row.h),
    low: price(row.l),
    close: price(row.c),
    volume: parseUnits(row.v, rules.baseScale, "down"),
  });
}

/** The period rounded to whole candles: from up, to down. */
export function wholeCandles(interval: KlineInterval, from: number, to: number) {
  const ms = INTERVAL_MS[interval];
  return { from: Math.ceil(from / ms) * ms, to: Math.floor(to / ms) * ms };
}

export async function loadBacktestCandles(
  db: Queryable,
  period: CandlePeriod,
  rules: SpotRules,
  warmUpCandles = 0,
): Promise<LoadedCandles> {
  const ms = INTERVAL_MS[period.interval];
  const { from, to } = wholeCandles(period.interval, period.from, period.to);
  if (to <= from) return { candles: [], from, to };
  const rows = await readCandles(db, period.symbol, ms, from - warmUpCandles * ms, to);
  return { candles: rows.map((row) => candleUnits(row, rules)), from, to };
}
