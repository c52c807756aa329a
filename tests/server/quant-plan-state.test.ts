// A live plan stores each strategy's state as JSON between transactions (migration 021
// strategy_state), so a restart resumes from the stored state: for every strategy of the registry
// with its plan parameters, stepping a series with the state passed through JSON after every
// candle gives exactly the targets of stepping it in memory.
import { describe, expect, it } from "vitest";
import type { QuantStrategyId } from "../../protocol/quant";
import { STRATEGIES } from "../../server/domain/quant/strategies/index";
import type { StrategyCandle } from "../../server/domain/quant/strategies/strategy";

const PLAN_PARAMS: Record<QuantStrategyId, Record<string, number>> = {
  "trend-following": {
    fastPeriod: 5,
    slowPeriod: 15,
    volatilityPeriod: 15,
    targetVolatility: 0.002,
  },
  "mean-reversion": { period: 20, deviations: 2 },
  grid: { levels: 10, spacing: 0.005 },
};

/** A trend, a range and a crash, one candle a minute. */
function series(): StrategyCandle[] {
  const out: StrategyCandle[] = [];
  let price = 50_000;
  for (let i = 0; i < 400; i += 1) {
    const drift = i < 120 ? 0.0015 : i < 280 ? Math.sin(i / 6) * 0.003 : -0.004;
    const open = price;
    price = Math.round(price * (1 + drift + Math.sin(i * 1.7) * 0.001) * 100) / 100;
    const high = Math.max(open, price) * 1.0005;
    const low = Math.min(open, price) * 0.9995;
    out.push({ time: i * 60_000, open, high, low, close: price, volume: 1 + (i % 7) });
  }
  return out;
}

describe("strategy states through JSON", () => {
  for (const id of Object.keys(PLAN_PARAMS) as QuantStrategyId[]) {
    it(`${id}: the same targets as in memory`, () => {
      const strategy = STRATEGIES[id];
      const params = PLAN_PARAMS[id];
      let memory = strategy.init(params);
      let stored: unknown = JSON.parse(JSON.stringify(strategy.init(params)));
      const a: number[] = [];
      const b: number[] = [];
      for (const candle of series()) {
        const m = strategy.step(memory, candle, params);
        memory = m.state;
        a.push(m.target);
        const s = strategy.step(stored, candle, params);
        stored = JSON.parse(JSON.stringify(s.state));
        b.push(s.target);
      }
      expect(b).toEqual(a);
      expect(
        a.some((t) => t > 0),
        "the series never made it trade",
      ).toBe(true);
    });
  }
});
