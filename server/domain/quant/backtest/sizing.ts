// How a target exposure becomes an order size: the rules the backtester applies and a live plan
// runner should apply too, so a plan trades as its backtest did (only its prices differ: a live
// plan walks the feed's book, a backtest assumes the next open plus slippage).
//
// Rebalance rule: trade only when the target moved by at least MIN_CHANGE_PPM (2.5 % of buying
// power) from the target last traded to, or when the target is 0 and anything is held (an exit is
// never skipped). Without it a volatility-scaled target, which moves a little every candle, would
// pay a fee every candle for changes too small to matter. The grid's largest level count (40
// units of 2.5 %) is chosen so that its single steps still trade.
import type { Rate, SpotRules } from "../../../../protocol/spot-rules";

/** Targets are compared in millionths of the buying power (integers: no float equality). */
export const PPM = 1_000_000;
const PPM_UNITS = BigInt(PPM);
/** The least move of the target that trades: 2.5 % of buying power (header). */
export const MIN_CHANGE_PPM = 25_000;

const UNITS: bigint[] = [];

/**
 * 10^scale, computed once per scale: a bigint power costs about half a microsecond, and sizing
 * runs on every rebalance of every backtest.
 */
export function unitOf(scale: number): bigint {
  return (UNITS[scale] ??= 10n ** BigInt(scale));
}

/** A strategy's target (a signal, 0 … 1) as integer ppm of buying power, clamped and rounded. */
export function targetPpm(target: number): number {
  if (!(target > 0)) return 0;
  return target >= 1 ? PPM : Math.round(target * PPM);
}

/** The rebalance rule of the header. */
export function shouldRebalance(target: number, lastTarget: number, held: bigint): boolean {
  return rebalanceDue(target, lastTarget, held > 0n);
}

/**
 * The same rule told whether anything is held: the backtester asks on every candle and keeps that
 * as a flag (a bigint comparison per candle cost more than the rule itself).
 */
export function rebalanceDue(target: number, lastTarget: number, holding: boolean): boolean {
  return (target === 0 && holding) || Math.abs(target - lastTarget) >= MIN_CHANGE_PPM;
}

/** The most base units `value` USDT units buy at `price` with the fee on top, on the step. */
export function affordableQuantity(
  value: bigint,
  price: bigint,
  rules: SpotRules,
  feeRate: Rate,
): bigint {
  if (value <= 0n || price <= 0n) return 0n;
  const unit = unitOf(rules.baseScale);
  const { num, den } = feeRate;
  const qty = (value * unit * den) / (price * (den + num));
  return (qty / rules.qtyStep) * rules.qtyStep;
}

/** What to hold for `target` ppm: target × buying power spent at `buyPrice` with its fee. */
export function targetQuantity(
  target: number,
  buyingPower: bigint,
  buyPrice: bigint,
  rules: SpotRules,
  feeRate: Rate,
): bigint {
  if (target <= 0) return 0n;
  return affordableQuantity((buyingPower * BigInt(target)) / PPM_UNITS, buyPrice, rules, feeRate);
}

/**
 * Whether the spot engine would take an order of `qty` at `price`: min quantity, and min order
 * value compared exactly before rounding (protocol/spot-rules.ts meetsMinNotional's rule, with
 * the unit computed once; execute.test.ts holds the two equal).
 */
export function placeable(qty: bigint, price: bigint, rules: SpotRules): boolean {
  return qty >= rules.minQty && price * qty >= rules.minNotional * unitOf(rules.baseScale);
}
