// The /contract screen's numbers, every one from protocol/contract.ts's pure rules (the same
// code the server's engine and its liquidation worker run): the estimate before confirming, what
// 25/50/75/100 % means, and a position's live pnl, ROE, margin ratio and distance to its
// liquidation price. This file only converts between the wire's decimal strings and the rules'
// bigint units, and turns ratios into percentages for display; it never re-derives a formula.
import { USDT_SCALE } from "../../../protocol/assets";
import {
  contractFee,
  contractMargin,
  contractValue,
  liquidationPrice,
  maxQuantity,
  type ContractConfig,
  type ContractDirection,
  type ContractRates,
} from "../../../protocol/contract";
import { divRound, formatUnits, isDecimalString, parseUnits } from "../../../protocol/decimal";
import type { DepthLevel } from "../../../protocol/market";
import type { SpotSymbolRules } from "../../../protocol/spot";
import { priceString, rateOf, spotRulesOf, type SpotRules } from "../../../protocol/spot-rules";

/** What prices a contract order of one symbol: the contract rates and the symbol's spot rules. */
export interface ContractTerms {
  rates: ContractRates;
  rules: SpotRules;
  /** USDT units: the smallest entry × quantity. */
  minValue: bigint;
}

/** null while the terms are not known yet, or for rules the ledger cannot hold. */
export function termsOf(
  config: ContractConfig | null,
  published: SpotSymbolRules | null,
): ContractTerms | null {
  if (config === null || published === null) return null;
  try {
    return {
      rates: { feeRate: rateOf(config.feeRate), mmr: rateOf(config.maintenanceMarginRate) },
      rules: spotRulesOf(published),
      minValue: parseUnits(config.minValue, USDT_SCALE),
    };
  } catch {
    return null;
  }
}

/** A decimal string in units, or null when it is not one (a half-typed "1." or too precise). */
export function unitsOf(value: string | null | undefined, scale: number): bigint | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  if (!isDecimalString(trimmed)) return null;
  try {
    return parseUnits(trimmed, scale);
  } catch {
    return null;
  }
}

/** A price string (wire or typed) in USDT units per whole coin. */
export const priceUnits = (value: string | null | undefined) => unitsOf(value, USDT_SCALE);
/** USDT units as the wire writes an amount ("12.5"). */
export const usdtString = (units: bigint) => formatUnits(units, USDT_SCALE);

/**
 * The price a market order is estimated at: the best opposite price in the book held on this
 * device (a long buys from the asks, a short sells to the bids), else the last price. The fill
 * itself is the server's book walk, so the confirm sheet calls these numbers estimated.
 */
export function marketReference(
  direction: ContractDirection,
  book: { asks: readonly DepthLevel[]; bids: readonly DepthLevel[] } | null,
  last: string | null,
): { price: bigint; basis: "best" | "last" } | null {
  const best = book === null ? undefined : (direction === "long" ? book.asks : book.bids)[0];
  const bestPrice = priceUnits(best?.[0]);
  if (bestPrice !== null && bestPrice > 0n) return { price: bestPrice, basis: "best" };
  const lastPrice = priceUnits(last);
  return lastPrice !== null && lastPrice > 0n ? { price: lastPrice, basis: "last" } : null;
}

/** What a position of `quantity` at `price` freezes and costs, and where it is liquidated. */
export interface ContractEstimate {
  value: bigint;
  margin: bigint;
  /** The opening fee (the closing fee is charged again on the value at close). */
  fee: bigint;
  liquidation: bigint;
}

export function estimatePosition(
  direction: ContractDirection,
  price: bigint,
  quantity: bigint,
  leverage: number,
  terms: ContractTerms,
): ContractEstimate {
  const { rules, rates } = terms;
  return {
    value: contractValue(price, quantity, rules),
    margin: contractMargin(price, quantity, leverage, rules),
    fee: contractFee(price, quantity, rates.feeRate, rules),
    liquidation: liquidationPrice(direction, price, leverage, rates.mmr, rules),
  };
}

/**
 * How far the price may move against a position opened at `entry` before it is liquidated, in
 * percent of the entry (two decimals, rounded down: the warning never understates the risk).
 * From the rule's own liquidation price, not 1/leverage.
 */
export function moveToLiquidationPercent(
  direction: ContractDirection,
  entry: bigint,
  leverage: number,
  terms: ContractTerms,
): string {
  const liquidation = liquidationPrice(direction, entry, leverage, terms.rates.mmr, terms.rules);
  return distancePercent(entry, liquidation);
}

/** |from − to| / from in percent, two decimals rounded down ("4.5"). */
export function distancePercent(from: bigint, to: bigint): string {
  if (from <= 0n) return "0";
  const gap = from > to ? from - to : to - from;
  return formatUnits(divRound(gap * 10_000n, from, "down"), 2);
}

/** The quantity `percent` % of what `available` USDT allows opens at `price` (protocol's 100 %). */
export function quantityForPercent(
  percent: number,
  available: bigint,
  price: bigint,
  leverage: number,
  terms: ContractTerms,
): bigint {
  const all = maxQuantity(available, price, leverage, terms.rates, terms.rules);
  const step = terms.rules.qtyStep;
  return ((all * BigInt(percent)) / 100n / step) * step;
}

/** The quantity a USDT value buys at `price`, down to the quantity step (value in USDT units). */
export function quantityForValue(value: bigint, price: bigint, rules: SpotRules): bigint {
  if (price <= 0n) return 0n;
  const unit = 10n ** BigInt(rules.baseScale);
  return ((value * unit) / price / rules.qtyStep) * rules.qtyStep;
}

/** A price in units as the wire writes it at the symbol's scale ("67250.10"). */
export const priceText = (units: bigint, rules: SpotRules) => priceString(units, rules);
