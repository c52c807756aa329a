// `npm run bench -- quant` (backtest part): how fast the backtester runs a strategy over candles,
// against a bare loop computing the same indicators over the same candles. The backtester pays
// for what makes it trustworthy — persistent (immutable) indicator states, exact bigint equity
// marked on every candle, fills at the spot rules — and the goal is that this costs at most half
// the speed: ratio ≥ 0.5.
//
// Subject: runBacktest of trend following (the defaults: EMA 12/26, 20-candle realised volatility;
// the strategy with the most indicator work) over synthetic 1m BTC candles. Baseline: one loop over
// the same candles reading each close as the strategy does, updating the same two EMAs and the
// same rolling deviation of log returns in a mutable ring buffer, and computing the same target.
import { INTERVAL_MS } from "../protocol/market";
import { runBacktest } from "../server/domain/quant/backtest/run-backtest";
import { DEFAULT_SLIPPAGE, LAB_CAPITAL } from "../server/domain/quant/backtest/prepare-backtest";
import { syntheticCandles } from "../server/domain/quant/backtest/synthetic-candles";
import type { BacktestCandle } from "../server/domain/quant/backtest/backtest-types";
import { resolveParams } from "../server/domain/quant/strategies/index";
import { spotRules, TAKER_FEE } from "../server/domain/spot/spot-config";
import { recordGoal } from "./goals";
import { measure } from "./measure";

const CANDLES = Number(process.env["BENCH_QUANT_CANDLES"] ?? 43_200); // 30 days of 1m
const WINDOW_MS = Number(process.env["BENCH_QUANT_WINDOW_MS"] ?? 3_000);
const GOAL = 0.5;

/** The bare loop: trend following's indicators and target with mutable state, no money. */
function bareTrend(
  candles: readonly BacktestCandle[],
  fast: number,
  slow: number,
  period: number,
  targetVol: number,
): number {
  const af = 2 / (fast + 1);
  const as = 2 / (slow + 1);
  const ring = new Float64Array(period);
  let ef = Number.NaN;
  let es = Number.NaN;
  let last = Number.NaN;
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  let total = 0;
  for (const c of candles) {
    const close = c.signal.close;
    ef = Number.isNaN(ef) ? close : ef + af * (close - ef);
    es = Number.isNaN(es) ? close : es + as * (close - es);
    if (!Number.isNaN(last)) {
      const r = Math.log(close / last);
      const slot = n % period;
      if (n >= period) {
        const old = ring[slot] ?? 0;
        sum -= old;
        sumSq -= old * old;
      }
      ring[slot] = r;
      sum += r;
      sumSq += r * r;
      n += 1;
    }
    last = close;
    if (n >= period && ef > es) {
      const mean = sum / period;
      const sd = Math.sqrt(Math.max(0, sumSq / period - mean * mean));
      total += sd > 0 ? Math.min(1, targetVol / sd) : 1;
    }
  }
  return total;
}

export async function benchQuantBacktest(): Promise<void> {
  const rules = spotRules("BTC/USDT");
  const resolved = resolveParams("trend-following");
  if (rules === undefined || !resolved.ok) throw new Error("BTC/USDT and the defaults must exist");
  const params = resolved.params;
  const candles = syntheticCandles(
    {
      seed: 19,
      count: CANDLES,
      start: Date.UTC(2026, 0, 1),
      intervalMs: INTERVAL_MS["1m"],
      startPrice: 67_250,
      drift: 0,
      volatility: 0.0008,
    },
    rules,
  );
  const input = {
    strategy: "trend-following" as const,
    params,
    rules,
    interval: "1m" as const,
    candles,
    initialCapital: LAB_CAPITAL,
    leverage: 1,
    feeRate: TAKER_FEE,
    slippage: DEFAULT_SLIPPAGE,
  };
  let fills = 0;
  const subject = await measure(
    "backtest",
    () => {
      fills = runBacktest(input).fills.length;
    },
    WINDOW_MS,
  );
  const baseline = await measure(
    "bare indicator loop",
    () =>
      bareTrend(
        candles,
        params["fastPeriod"] ?? 12,
        params["slowPeriod"] ?? 26,
        params["volatilityPeriod"] ?? 20,
        params["targetVolatility"] ?? 0.002,
      ),
    WINDOW_MS,
  );
  const subjectRate = subject.opsPerSecond * CANDLES;
  const baselineRate = baseline.opsPerSecond * CANDLES;
  const ratio = subjectRate / baselineRate;
  const goal = recordGoal({
    figure: "quant: backtest candles/s / bare indicator loop",
    value: ratio,
    kind: "atLeast",
    target: GOAL,
    baseline: "a bare loop computing the same indicators",
  });
  console.log(
    `quant: backtest ${Math.round(subjectRate)} candles/s (${CANDLES} candles, ${fills} fills), ` +
      `bare indicator loop ${Math.round(baselineRate)} candles/s, ratio ${ratio.toFixed(3)} (${goal})`,
  );
}
