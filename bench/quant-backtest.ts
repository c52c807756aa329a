// `npm run bench -- quant` (backtest part): how fast the backtester runs a strategy over candles,
// against a bare loop computing the same indicators over the same candles. The backtester pays
// for what makes it trustworthy — every fill at the spot rules in exact bigint units, every
// candle's equity marked exactly (integer arithmetic on numbers where that is exact, bigints
// where not: backtest/mark.ts), exact max drawdown — and the goal is that this costs at most half
// the speed: ratio ≥ 0.5. How close any exact backtest can come is `quant-backtest-floor`'s figure.
//
// Subject: runBacktest of trend following (the defaults: EMA 12/26, 20-candle realised volatility;
// the strategy with the most indicator work) over synthetic 1m BTC candles. Baseline: one loop over
// the same candles reading each close as the strategy does, updating the same two EMAs and the
// same rolling deviation of log returns in a mutable ring buffer, and computing the same target
// (quant-backtest-kit.ts).
import { runBacktest } from "../server/domain/quant/backtest/run-backtest";
import { recordGoal } from "./goals";
import { bareTrend, CANDLES, compare, ROUNDS, trendInput } from "./quant-backtest-kit";

const GOAL = 0.5;

export async function benchQuantBacktest(): Promise<void> {
  const input = trendInput();
  let fills = 0;
  const subject = () => {
    fills = runBacktest(input).fills.length;
  };
  const baseline = () => bareTrend(input.candles, input.params);
  const c = await compare(["backtest", "bare indicator loop"], subject, baseline);
  const goal = recordGoal({
    figure: "quant: backtest candles/CPU s / bare indicator loop",
    value: c.ratio,
    kind: "atLeast",
    target: GOAL,
    baseline: "a bare loop computing the same indicators",
  });
  console.log(
    `quant: backtest ${Math.round(c.subjectRate)} candles/CPU s (${CANDLES} candles, ${fills} ` +
      `fills), bare indicator loop ${Math.round(c.baselineRate)} candles/CPU s, ratio ` +
      `${c.ratio.toFixed(3)} (median of ${ROUNDS} alternating slices, ` +
      `${c.least.toFixed(3)} … ${c.most.toFixed(3)}; wall-clock ` +
      `ratio ${c.wallRatio.toFixed(3)}; ${goal})`,
  );
}
