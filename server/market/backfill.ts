// History for a fresh symbol: `days` of 1m candles from the same seeded process the live feed
// then continues, so the chart and 24h statistics are real from minute one and the live path
// starts exactly where the history ends. Each minute is 6 ten-second steps (highs and lows come
// from the path, not from a formula).
import type { CandleRow } from "../db/repositories/candle-repository";
import { formatFixed } from "../../protocol/decimal";
import type { SimulatedMarket } from "./sources/simulated-market";
import type { SymbolSpec } from "./symbols";

const STEPS_PER_MINUTE = 6;

/** Candles of one symbol for the minutes in [endMs - days, endMs); endMs minute-aligned. */
export function generateBackfill(
  market: SimulatedMarket,
  spec: SymbolSpec,
  endMs: number,
  days: number,
): CandleRow[] {
  const out: CandleRow[] = [];
  // Prices in integer units at the symbol's scale: Math.round(p * 10^scale) is what toScaled
  // serves, so a candle's o/h/l/c are exactly prices the live path could have printed. Volume
  // in integer quantity units (exact in a float far beyond any minute's volume).
  const priceUnit = 10 ** spec.priceScale;
  const qtyUnit = 10 ** spec.qtyScale;
  const price = (units: number) => formatFixed(BigInt(units), spec.priceScale);
  const start = endMs - days * 86_400_000;
  for (let minute = start; minute < endMs; minute += 60_000) {
    let o = 0;
    let h = 0;
    let l = 0;
    let c = 0;
    let v = 0;
    for (let k = 0; k < STEPS_PER_MINUTE; k += 1) {
      const step = market.stepRaw(spec.symbol, 60 / STEPS_PER_MINUTE);
      const p = Math.round(step.price * priceUnit);
      const q = Math.round(step.qty * qtyUnit);
      if (k === 0) {
        o = h = l = p;
        v = 0;
      }
      if (p > h) h = p;
      if (p < l) l = p;
      c = p;
      v += q;
    }
    out.push({
      symbol: spec.symbol,
      openTime: minute,
      o: price(o),
      h: price(h),
      l: price(l),
      c: price(c),
      v: formatFixed(BigInt(v), spec.qtyScale),
    });
  }
  return out;
}
