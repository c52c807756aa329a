// What the two backtest benchmarks share (`quant-backtest`, the goal; `quant-backtest-floor`,
// its floor): the candles and input, the bare indicator loop both are measured against, and the
// way a subject and that loop are timed against each other. Each part runs in a process of its own
// (bench/run.ts): measured in one process, the floor's code slowed the backtest by up to a third.
import { INTERVAL_MS } from "../protocol/market";
import type { QuantParams } from "../protocol/quant";
import { DEFAULT_SLIPPAGE, LAB_CAPITAL } from "../server/domain/quant/backtest/prepare-backtest";
import { syntheticCandles } from "../server/domain/quant/backtest/synthetic-candles";
import type { BacktestCandle, BacktestInput } from "../server/domain/quant/backtest/backtest-types";
import { resolveParams } from "../server/domain/quant/strategies/index";
import { spotRules, TAKER_FEE } from "../server/domain/spot/spot-config";
import { measure } from "./measure";

export const CANDLES = Number(process.env["BENCH_QUANT_CANDLES"] ?? 43_200); // 30 days of 1m
const WINDOW_MS = Number(process.env["BENCH_QUANT_WINDOW_MS"] ?? 3_000);
/** Alternating slice pairs in the window (BENCH_QUANT_ROUNDS). */
export const ROUNDS = Number(process.env["BENCH_QUANT_ROUNDS"] ?? 100);

/** Trend following with its defaults over synthetic 1m BTC candles (seeded): the benches' run. */
export function trendInput(): BacktestInput {
  const rules = spotRules("BTC/USDT");
  const resolved = resolveParams("trend-following");
  if (rules === undefined || !resolved.ok) throw new Error("BTC/USDT and the defaults must exist");
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
  return {
    strategy: "trend-following",
    params: resolved.params,
    rules,
    interval: "1m",
    candles,
    initialCapital: LAB_CAPITAL,
    leverage: 1,
    feeRate: TAKER_FEE,
    slippage: DEFAULT_SLIPPAGE,
  };
}

/** A trend parameter as a number (the defaults are resolved: the fallback is never read). */
const trendParam = (params: QuantParams, name: string, fallback: number): number =>
  params[name] ?? fallback;

/** What trend following's parameters fix for a run: the EMAs' α, the window, the target. */
export function trendConstants(params: QuantParams) {
  return {
    af: 2 / (trendParam(params, "fastPeriod", 12) + 1),
    as: 2 / (trendParam(params, "slowPeriod", 26) + 1),
    period: trendParam(params, "volatilityPeriod", 20),
    targetVol: trendParam(params, "targetVolatility", 0.002),
  };
}

/**
 * The bare loop: trend following's indicators and target with mutable state, no money. The first
 * close seeds the EMAs before the loop, so the loop has no branch that only its first pass takes:
 * such a branch, unseen while the optimiser profiled the loop, made it drop its optimised code on
 * the next call now and then and run at half speed, which flattered the ratio.
 */
export function bareTrend(candles: readonly BacktestCandle[], params: QuantParams): number {
  const first = candles[0];
  if (first === undefined) return 0;
  const { af, as, period, targetVol } = trendConstants(params);
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

const median = (xs: readonly number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const n = sorted.length;
  return ((sorted[(n - 1) >> 1] ?? 0) + (sorted[n >> 1] ?? 0)) / 2;
};

export interface Comparison {
  /** Median over the slice pairs of subject / baseline runs per CPU second (the figure). */
  ratio: number;
  least: number;
  most: number;
  /** The same for wall-clock runs per second. */
  wallRatio: number;
  /** Candles per CPU second, averaged over the slices. */
  subjectRate: number;
  baselineRate: number;
}

/**
 * `subject` against `baseline`, both over CANDLES candles a run. Both warmed up (measure's first
 * quarter), then timed in alternating slices: the machine's speed drifts, and a subject timed only
 * before its baseline would carry that drift into the ratio. The slices are short (ROUNDS pairs
 * in the window, ~30 ms each by default: a few runs of each) because the drift here is fast: for
 * one build, twelve pairs of 250 ms slices gave medians from 0.46 to 0.53 over five runs, a hundred
 * short pairs 0.48 to 0.53 over ten. The figure is the median of the slices' ratios of runs per
 * CPU second (this process's user + system time, GC threads included): on a shared machine wall
 * time also counts the time other processes held the cores.
 */
export async function compare(
  names: readonly [string, string],
  subject: () => unknown,
  baseline: () => unknown,
): Promise<Comparison> {
  await measure(names[0], subject, WINDOW_MS / 4);
  await measure(names[1], baseline, WINDOW_MS / 4);
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
  return {
    ratio: median(cpuRatios),
    least: Math.min(...cpuRatios),
    most: Math.max(...cpuRatios),
    wallRatio: median(wallRatios),
    subjectRate: (subjectCpu / ROUNDS) * CANDLES,
    baselineRate: (baselineCpu / ROUNDS) * CANDLES,
  };
}
