// The figures of an option before it is bought, exactly on decimal strings (USDT scale 6) with
// the settlement rule's own rounding (protocol/options.ts): what a win pays back, the fee, the
// largest stake the available balance covers with its fee, and a 50/50 guess's average loss.
import { USDT_SCALE } from "../../../protocol/assets";
import {
  compare,
  formatUnits,
  isDecimalString,
  multiply,
  parseUnits,
} from "../../../protocol/decimal";
import {
  expectedLossRate,
  optionFee,
  optionProfit,
  type OptionsProduct,
} from "../../../protocol/options";

/** Stakes offered as one tap, USDT; only those inside the product's range are shown. */
export const QUICK_AMOUNTS: readonly string[] = ["10", "50", "100", "500"];

const scaleOf = (decimal: string) =>
  decimal.includes(".") ? decimal.length - decimal.indexOf(".") - 1 : 0;
const units = (value: string) => parseUnits(value, USDT_SCALE);
const usdt = (value: bigint) => formatUnits(value, USDT_SCALE);

/** The stake as USDT units, or null when it is not a plain positive decimal of at most 6 places. */
export function stakeUnits(amount: string): bigint | null {
  if (!isDecimalString(amount)) return null;
  try {
    const value = units(amount);
    return value > 0n ? value : null;
  } catch {
    return null;
  }
}

/** What a win pays back: the stake plus stake × payoutRate (rounded down, a credit). */
export function winPayback(stake: string, payoutRate: string): string {
  const value = units(stake);
  return usdt(value + optionProfit(value, payoutRate));
}

/** The fee paid on top of the stake (rounded up, a debit). */
export function stakeFee(stake: string, feeRate: string): string {
  return usdt(optionFee(units(stake), feeRate));
}

/** Stake plus fee: what leaves the available balance at purchase. */
export function stakeCost(stake: string, feeRate: string): string {
  const value = units(stake);
  return usdt(value + optionFee(value, feeRate));
}

/**
 * The largest stake whose stake + fee the available balance covers, within the product's
 * maximum; null when not even the minimum is covered.
 */
export function maxStake(available: string, product: OptionsProduct): string | null {
  const have = units(available);
  const rateScale = scaleOf(product.feeRate);
  const one = 10n ** BigInt(rateScale);
  const rate = parseUnits(product.feeRate, rateScale);
  // stake × (1 + feeRate) ≤ available, then down while the rounded-up fee overshoots.
  let stake = (have * one) / (one + rate);
  while (stake > 0n && stake + optionFee(stake, product.feeRate) > have) stake -= 1n;
  const cap = units(product.maxAmount);
  if (stake > cap) stake = cap;
  if (stake <= 0n || stake < units(product.minAmount)) return null;
  return usdt(stake);
}

/** The quick amounts this product accepts. */
export function quickAmounts(product: OptionsProduct): string[] {
  return QUICK_AMOUNTS.filter(
    (amount) => compare(amount, product.minAmount) >= 0 && compare(amount, product.maxAmount) <= 0,
  );
}

/** A payout rate as a percentage ("0.85" → "85"). */
export function ratePercent(rate: string): string {
  return multiply(rate, "100", 8, "half-even");
}

/** What a 50/50 guess loses on average, as a percentage of the stake ("7.5"). */
export function expectedLossPercent(product: OptionsProduct): string {
  return ratePercent(expectedLossRate(product.payoutRate, product.feeRate));
}

export type StakeProblem =
  | { kind: "empty" }
  | { kind: "below-minimum"; minimum: string }
  | { kind: "above-maximum"; maximum: string }
  | { kind: "insufficient"; needed: string; available: string };

/** What is wrong with a stake for this product and balance, or null when it can be bought. */
export function stakeProblem(
  amount: string,
  product: OptionsProduct,
  available: string | null,
): StakeProblem | null {
  if (stakeUnits(amount) === null) return { kind: "empty" };
  if (compare(amount, product.minAmount) < 0) {
    return { kind: "below-minimum", minimum: product.minAmount };
  }
  if (compare(amount, product.maxAmount) > 0) {
    return { kind: "above-maximum", maximum: product.maxAmount };
  }
  const needed = stakeCost(amount, product.feeRate);
  // Unknown balance: the server checks it.
  if (available !== null && compare(needed, available) > 0) {
    return { kind: "insufficient", needed, available };
  }
  return null;
}
