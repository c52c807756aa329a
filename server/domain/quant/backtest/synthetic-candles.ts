// Seeded synthetic candles for tests and the benchmark (never for a result a user sees): a
// geometric random walk with drift, prices on the symbol's price step. Same seed → same candles.
import type { SpotRules } from "../../../../protocol/spot-rules";
import { backtestCandle } from "./backtest-candle";
import type { BacktestCandle } from "./backtest-types";

export interface SyntheticShape {
  seed: number;
  count: number;
  /** Open time of the first candle, ms. */
  start: number;
  intervalMs: number;
  /** USDT per coin. */
  startPrice: number;
  /** Mean log return per candle (0.001 = +0.1 % a candle). */
  drift: number;
  /** Standard deviation of the log return per candle. */
  volatility: number;
}

/** mulberry32: a small, fast, seeded generator in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function syntheticCandles(shape: SyntheticShape, rules: SpotRules): BacktestCandle[] {
  const random = seededRandom(shape.seed);
  const normal = () => {
    // Box–Muller; 1 − u keeps the logarithm finite.
    const u = 1 - random();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  };
  const units = (price: number): bigint => {
    const steps = BigInt(Math.max(1, Math.round((price * 1e6) / Number(rules.priceStep))));
    return steps * rules.priceStep;
  };
  const candles: BacktestCandle[] = [];
  let price = shape.startPrice;
  for (let i = 0; i < shape.count; i++) {
    const open = price;
    const close = open * Math.exp(shape.drift + shape.volatility * normal());
    const wick = Math.abs(shape.volatility * normal()) * open * 0.5;
    price = close;
    candles.push(
      backtestCandle({
        time: shape.start + i * shape.intervalMs,
        open: units(open),
        close: units(close),
        high: units(Math.max(open, close) + wick),
        low: units(Math.max(Math.min(open, close) - wick, Math.min(open, close) / 2)),
        volume: 10n ** BigInt(rules.baseScale),
      }),
    );
  }
  return candles;
}

/** Consecutive synthetic segments (e.g. a rise, a range, a crash), each continuing the last price. */
export function syntheticPath(
  segments: readonly Omit<SyntheticShape, "start" | "startPrice" | "intervalMs">[],
  start: { time: number; price: number; intervalMs: number },
  rules: SpotRules,
): BacktestCandle[] {
  const out: BacktestCandle[] = [];
  let time = start.time;
  let price = start.price;
  for (const segment of segments) {
    const part = syntheticCandles(
      { ...segment, start: time, startPrice: price, intervalMs: start.intervalMs },
      rules,
    );
    out.push(...part);
    const last = part[part.length - 1];
    if (last !== undefined) price = Number(last.close) / 1e6;
    time += segment.count * start.intervalMs;
  }
  return out;
}
