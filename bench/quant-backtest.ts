// `npm run bench -- quant` (backtest part): how fast the backtester runs a strategy over candles,
// against a bare loop computing the same indicators over the same candles. The backtester pays
// for what makes it trustworthy — every fill at the spot rules in exact bigint units, every
// candle's equity marked exactly (integer arithmetic on numbers where that is exact, bigints
// where not: backtest/mark.ts), exact max drawdown — and the goal is that this costs at most half
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
/** Alternating slice pairs in the window (BENCH_QUANT_ROUNDS). */
const ROUNDS = Number(process.env["BENCH_QUANT_ROUNDS"] ?? 100);

/**
 * Runs of `op` over about `ms` of wall time (at least one run): runs per wall second and per
 * second of this process's CPU time (which other processes on a shared machine do not inflate).
 */
function slice(op: () => unknown, ms: number): { wall: number; cpu: number } {
  let count = 0;
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  let now: number;
  do {
    op();
    count++;
    now = performance.now();
  } while (now - start < ms);
  const cpu = process.cpuUsage(cpuStart);
  const cpuMs = Math.max(1e-3, (cpu.user + cpu.system) / 1000);
  return { wall: (count * 1000) / (now - start), cpu: (count * 1000) / cpuMs };
}

const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const n = sorted.length;
  return ((sorted[(n - 1) >> 1] ?? 0) + (sorted[n >> 1] ?? 0)) / 2;
};

/**
 * The bare loop: trend following's indicators and target with mutable state, no money. The first
 * close seeds the EMAs before the loop, so the loop has no branch that only its first pass takes:
 * such a branch, unseen while the optimiser profiled the loop, made it drop its optimised code on
 * the next call now and then and run at half speed, which flattered the ratio.
 */
function bareTrend(
  candles: readonly BacktestCandle[],
  fast: number,
  slow: number,
  period: number,
  targetVol: number,
): number {
  const first = candles[0];
  if (first === undefined) return 0;
  const af = 2 / (fast + 1);
  const as = 2 / (slow + 1);
  const ring = new Float64Array(period);
  let ef = first.signal.close;
  let es = ef;
  let last = ef;
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  let total = 0;
  for (let i = 1; i < candles.length; i++) {
    const close = (candles[i] as BacktestCandle).signal.close;
    ef += af * (close - ef);
    es += as * (close - es);
    const r = Math.log(close / last);
    const slot = n % period;
    const old = n >= period ? (ring[slot] ?? 0) : 0;
    sum += r - old;
    sumSq += r * r - old * old;
    ring[slot] = r;
    n += 1;
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
  const subject = () => {
    fills = runBacktest(input).fills.length;
  };
  const baseline = () =>
    bareTrend(
      candles,
      params["fastPeriod"] ?? 12,
      params["slowPeriod"] ?? 26,
      params["volatilityPeriod"] ?? 20,
      params["targetVolatility"] ?? 0.002,
    );
  // Both warmed up (measure's first quarter), then timed in alternating slices: the machine's
  // speed drifts, and a subject timed only before its baseline would carry that drift into the
  // ratio. The slices are short (ROUNDS pairs in the window, ~30 ms each by default: a few runs
  // of each) because the drift here is fast: for one build, twelve pairs of 250 ms slices gave
  // medians from 0.46 to 0.53 over five runs, a hundred short pairs 0.48 to 0.53 over ten. The
  // goal's ratio is the median of the slices' ratios of runs per CPU second (this process's
  // user + system time, GC threads included): on a shared machine wall time also counts the
  // time other processes held the cores. The wall-clock ratio is printed beside it.
  await measure("backtest", subject, WINDOW_MS / 4);
  await measure("bare indicator loop", baseline, WINDOW_MS / 4);
  const cpuRatios: number[] = [];
  const wallRatios: number[] = [];
  let subjectCpu = 0;
  let baselineCpu = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const s = slice(subject, WINDOW_MS / ROUNDS);
    const b = slice(baseline, WINDOW_MS / ROUNDS);
    subjectCpu += s.cpu;
    baselineCpu += b.cpu;
    cpuRatios.push(s.cpu / b.cpu);
    wallRatios.push(s.wall / b.wall);
  }
  const ratio = median(cpuRatios);
  const subjectRate = (subjectCpu / ROUNDS) * CANDLES;
  const baselineRate = (baselineCpu / ROUNDS) * CANDLES;
  const goal = recordGoal({
    figure: "quant: backtest candles/CPU s / bare indicator loop",
    value: ratio,
    kind: "atLeast",
    target: GOAL,
    baseline: "a bare loop computing the same indicators",
  });
  console.log(
    `quant: backtest ${Math.round(subjectRate)} candles/CPU s (${CANDLES} candles, ${fills} ` +
      `fills), bare indicator loop ${Math.round(baselineRate)} candles/CPU s, ratio ` +
      `${ratio.toFixed(3)} (median of ${ROUNDS} alternating slices, ` +
      `${Math.min(...cpuRatios).toFixed(3)} … ${Math.max(...cpuRatios).toFixed(3)}; wall-clock ` +
      `ratio ${median(wallRatios).toFixed(3)}; ${goal})`,
  );
}
