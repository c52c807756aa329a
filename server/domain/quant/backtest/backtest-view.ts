// A backtest result on the wire (protocol/endpoints/quant.ts QuantBacktestResultAnswer): decimal
// strings, ISO times, and the assumptions it rests on in words, printed with every result.
//
// Rates have 6 decimals, rounded so as never to flatter: a return rounds down (a loss away from
// 0), a drawdown up, win rate and exposure down. The equity curve is thinned to at most
// `maxPoints` points for the wire (first and last kept, and each run's lowest and highest point
// between them: thinCurve); the figures are computed on the full curve before that.
import type { QuantAssumptions, QuantBacktestResult } from "../../../../protocol/quant";
import { formatUnits } from "../../../../protocol/decimal";
import { USDT_SCALE } from "../../../../protocol/assets";
import {
  priceString,
  qtyString,
  rateString,
  type Rate,
  type SpotRules,
} from "../../../../protocol/spot-rules";
import type { BacktestResult, EquityPoint } from "./backtest-types";
import { EquityCurve } from "./equity-curve";
import { MIN_CHANGE_PPM, PPM } from "./sizing";
import { rateText, statisticText } from "./metrics";

export const DEFAULT_MAX_POINTS = 1_000;

const iso = (ms: number): string => new Date(ms).toISOString();
const usdt = (units: bigint): string => formatUnits(units, USDT_SCALE);

/** `rate` in percent for the words ("0.05"). */
function percentText(rate: Rate): string {
  return rateText({ num: rate.num * 100n, den: rate.den }, "half-even");
}

/**
 * The curve with at most `maxPoints` (≥ 2) points, drawn as it went: the first and the last
 * point, and from each of (maxPoints − 2) / 2 runs of consecutive points in between, its lowest
 * and its highest, in time order. Keeping every n-th point instead would skip the dips between the
 * points it keeps and draw a smoother, kinder curve than the run had; with each run's extremes
 * the chart reaches the curve's lowest and highest values, and every drawdown shows to a run's
 * width.
 */
export function thinCurve(
  curve: EquityCurve | readonly EquityPoint[],
  maxPoints: number,
): EquityPoint[] {
  const at = (k: number) => (curve instanceof EquityCurve ? curve.at(k) : curve[k]);
  const valueAt = (k: number) =>
    curve instanceof EquityCurve ? curve.value(k) : (curve[k]?.value ?? 0n);
  const count = curve.length;
  const out: EquityPoint[] = [];
  const keep = (k: number) => {
    const point = at(k);
    if (point !== undefined) out.push(point);
  };
  if (count <= Math.max(maxPoints, 2)) {
    for (let k = 0; k < count; k++) keep(k);
    return out;
  }
  keep(0);
  const inner = count - 2; // points 1 … count − 2
  const runs = Math.max(0, Math.floor((maxPoints - 2) / 2));
  for (let r = 0; r < runs; r++) {
    const from = 1 + Math.floor((r * inner) / runs);
    const to = 1 + Math.floor(((r + 1) * inner) / runs);
    if (from >= to) continue;
    let low = from;
    let high = from;
    for (let k = from + 1; k < to; k++) {
      const v = valueAt(k);
      if (v < valueAt(low)) low = k;
      if (v > valueAt(high)) high = k;
    }
    keep(Math.min(low, high));
    if (low !== high) keep(Math.max(low, high));
  }
  keep(count - 1);
  return out;
}

export function curveView(
  curve: EquityCurve | readonly EquityPoint[],
  maxPoints = DEFAULT_MAX_POINTS,
) {
  return thinCurve(curve, maxPoints).map((p): [string, string] => [iso(p.time), usdt(p.value)]);
}

/** What the result depends on besides the candles, in figures and words. */
export function assumptionsView(
  r: Pick<
    BacktestResult,
    | "initialCapital"
    | "feeRate"
    | "slippage"
    | "interval"
    | "candles"
    | "from"
    | "to"
    | "leverage"
    | "params"
  >,
): QuantAssumptions {
  const minChange = rateText({ num: BigInt(MIN_CHANGE_PPM) * 100n, den: BigInt(PPM) }, "down");
  return {
    initialCapital: usdt(r.initialCapital),
    feeRate: rateString(r.feeRate),
    slippageRate: rateString(r.slippage),
    rebalanceBand: rateText({ num: BigInt(MIN_CHANGE_PPM), den: BigInt(PPM) }, "down"),
    slippage:
      `Every fill is ${percentText(r.slippage)} % worse than the price it fills at ` +
      `(buys higher, sales lower), rounded to the price step against the trader, and pays the ` +
      `spot taker fee of ${percentText(r.feeRate)} % on its value. Orders below the symbol's ` +
      `minimum quantity or order value are not placed.`,
    fillAt:
      `A signal on a candle's close fills at the next candle's open. The position moves only ` +
      `when the target changes by at least ${minChange} % of buying power, or to exit. Buying ` +
      `power is the capital × leverage, long only. A position still open at the end is sold at ` +
      `the last close.`,
    interval: r.interval,
    candles: r.candles,
    from: iso(r.from),
    to: iso(r.to),
    leverage: r.leverage,
    params: { ...r.params },
  };
}

export function backtestResultView(
  r: BacktestResult,
  rules: SpotRules,
  maxPoints = DEFAULT_MAX_POINTS,
): QuantBacktestResult {
  const m = r.metrics;
  return {
    returnRate: rateText(m.returnRate, "floor"),
    maxDrawdown: rateText(m.maxDrawdown, "ceil"),
    sharpe: statisticText(m.sharpe),
    winRate: rateText(m.winRate, "floor"),
    exposure: rateText(m.exposure, "floor"),
    trades: m.trades,
    equity: curveView(r.equity, maxPoints),
    fills: r.fills.map((f) => ({
      time: iso(f.time),
      side: f.side,
      price: priceString(f.price, rules),
      quantity: qtyString(f.quantity, rules),
      fee: usdt(f.fee),
    })),
    assumptions: assumptionsView(r),
  };
}
