// The order form's money math on decimal strings (protocol/decimal.ts, bigint inside): what an
// order is estimated to cost or bring before confirming, and how much 25/50/75/100 % of the
// available balance buys or sells. Rounded toward the house like the ledger (DESIGN §5): a buy's
// notional and every fee up, a sell's notional down, a number from a percentage down to its step.
// These are estimates: the server prices the order against its own book when it arrives.
import type { DepthLevel } from "../../../protocol";
import type { SpotSide, SpotType } from "../../../protocol/spot";
import { USDT_SCALE } from "../../../protocol/assets";
import {
  add,
  compare,
  divide,
  formatUnits,
  isDecimalString,
  multiply,
  parseUnits,
  percentOf,
  sub,
} from "../../../protocol/decimal";
import {
  exchangeOf,
  levelUnits,
  priceString,
  rateOf,
  type SpotRules,
} from "../../../protocol/spot-rules";
import { limitTakerFill, walkFill } from "../../../protocol/spot-fill";
import { checkOrderPrice } from "../../../protocol/spot-order-checks";
import { scaleOf } from "../../lib/format/format-price";

/** Precision of intermediate values, wide enough that price × number × rate is exact. */
const EXACT = 30;

export interface PriceSource {
  side: SpotSide;
  type: SpotType;
  /** The limit price (limit orders); ignored for market orders. */
  limitPrice: string | null;
  /** The opposite side of the book held on this device, best first (asks to buy, bids to sell). */
  levels: readonly DepthLevel[] | null;
  /** The last traded price, used for a market order when the device holds no book. */
  last: string | null;
  /** The fee rate that applies (taker for market, maker for a limit order that rests). */
  feeRate: string;
  /** The taker rate a limit order pays when the book already crosses it; `feeRate` when absent. */
  takerFeeRate?: string;
  /**
   * The symbol's rules in units (protocol/spot-rules.ts): a market order on the book is priced by
   * the server's own walk with them, so the estimate is the fill the server makes on that book.
   */
  rules: SpotRules | null;
}

export interface SpotEstimate {
  /** The limit price, or the volume-weighted price of walking the book, or the last price. */
  price: string;
  /** Where `price` came from. */
  basis: "limit" | "book" | "last";
  /** USDT, price × number. */
  notional: string;
  /** USDT. */
  fee: string;
  /** Buy: what is paid (notional + fee). Sell: what is received (notional − fee). */
  total: string;
  /** Market: the book held on this device is too thin for the whole number (rest at its worst). */
  short: boolean;
}

function isPositive(value: string | null | undefined): value is string {
  return typeof value === "string" && isDecimalString(value) && compare(value, "0") > 0;
}

/** `value` rounded down to a multiple of `step` ("0.1234", "0.001" -> "0.123"). */
export function floorToStep(value: string, step: string): string {
  const steps = divide(value, step, 0, "down");
  return multiply(steps, step, scaleOf(step), "down");
}

export function isMultipleOf(value: string, step: string): boolean {
  return compare(floorToStep(value, step), value) === 0;
}

/**
 * An order on the book as the server fills it (protocol/spot-rules.ts `walkFill`,
 * `limitTakerFill` and `exchangeOf`): a market order, or a limit order the book already crosses,
 * which fills at once as a taker. Its price on the step rounded toward the house, notional and fee
 * from that price. Null when the levels shown hold less than the whole number (within the limit).
 */
function bookFill(
  source: PriceSource,
  levels: readonly DepthLevel[],
  number: string,
  rules: SpotRules,
): SpotEstimate | null {
  const side = source.side === 0 ? "buy" : "sell";
  const units = parseUnits(number, rules.qtyScale) * rules.qtyStep;
  const book = levels.map((l) => levelUnits(l, rules));
  let price: bigint;
  let feeRate = source.feeRate;
  if (source.type === 1) {
    const limit = checkOrderPrice(source.limitPrice, rules);
    // A price off the step is refused (the form says why); it has no fill to estimate.
    if (!limit.ok) return null;
    const taker = limitTakerFill(
      side,
      side === "buy" ? { asks: book, bids: [] } : { bids: book, asks: [] },
      limit.units,
      units,
      rules,
    );
    if (taker.kind === "rest") return null;
    price = taker.price;
    feeRate = source.takerFeeRate ?? source.feeRate;
  } else {
    const walked = walkFill(side, book, units, rules);
    if (walked === null) return null;
    price = walked.price;
  }
  const { notional, fee } = exchangeOf(side, price, units, rules, rateOf(feeRate));
  const paid = side === "buy" ? notional + fee : notional - fee;
  return {
    price: priceString(price, rules),
    basis: "book",
    notional: formatUnits(notional, USDT_SCALE),
    fee: formatUnits(fee, USDT_SCALE),
    total: formatUnits(paid, USDT_SCALE),
    short: false,
  };
}

/** Walks `levels` for `number`: the exact notional, and whether the levels could fill it all. */
function walk(levels: readonly DepthLevel[], number: string): { notional: string; short: boolean } {
  let rest = number;
  let notional = "0";
  let worst: string | null = null;
  for (const [price, quantity] of levels) {
    if (compare(rest, "0") <= 0) break;
    const taken = compare(quantity, rest) < 0 ? quantity : rest;
    notional = add(notional, multiply(price, taken, EXACT, "down"), EXACT);
    rest = sub(rest, taken, EXACT);
    worst = price;
  }
  if (compare(rest, "0") <= 0 || worst === null) return { notional, short: false };
  return { notional: add(notional, multiply(worst, rest, EXACT, "down"), EXACT), short: true };
}

/**
 * The estimate of an order of `number` (base units), or null when there is nothing to price it
 * with yet (no number, no limit price, or a market order without book or last price).
 */
export function estimateOrder(
  source: PriceSource,
  number: string,
  priceScale: number,
): SpotEstimate | null {
  if (!isPositive(number)) return null;
  let exactNotional: string;
  let basis: SpotEstimate["basis"];
  let short = false;
  let limitPrice: string | null = null;
  if (source.type === 1) {
    if (!isPositive(source.limitPrice)) return null;
    // Where the book already crosses the limit the server fills it now, as a taker.
    const crossing =
      source.rules === null || source.levels === null
        ? null
        : bookFill(source, source.levels, number, source.rules);
    if (crossing !== null) return crossing;
    limitPrice = source.limitPrice;
    exactNotional = multiply(limitPrice, number, EXACT, "down");
    basis = "limit";
  } else if (source.levels !== null && source.levels.length > 0) {
    const filled =
      source.rules === null ? null : bookFill(source, source.levels, number, source.rules);
    if (filled !== null) return filled;
    // Too thin for the whole number (the server rejects it): the rest priced at the worst level.
    ({ notional: exactNotional, short } = walk(source.levels, number));
    basis = "book";
  } else if (isPositive(source.last)) {
    exactNotional = multiply(source.last, number, EXACT, "down");
    basis = "last";
  } else return null;
  const buy = source.side === 0;
  const notional = multiply(exactNotional, "1", USDT_SCALE, buy ? "up" : "down");
  const fee = multiply(exactNotional, source.feeRate, USDT_SCALE, "up");
  const total = buy ? add(notional, fee, USDT_SCALE) : sub(notional, fee, USDT_SCALE);
  const price = limitPrice ?? divide(exactNotional, number, priceScale, "half-even");
  return { price, basis, notional, fee, total, short };
}

/** How many base units a USDT budget buys at `price` with the fee (before rounding to a step). */
function affordableAt(budget: string, price: string, feeRate: string, qtyScale: number): string {
  const unitCost = multiply(price, add("1", feeRate, EXACT), EXACT, "up");
  return divide(budget, unitCost, qtyScale, "down");
}

/** How many base units a USDT budget buys walking the book, fee included. */
function affordableInBook(
  budget: string,
  levels: readonly DepthLevel[],
  feeRate: string,
  qtyScale: number,
): string {
  let rest = budget;
  let number = "0";
  const withFee = add("1", feeRate, EXACT);
  for (const [price, quantity] of levels) {
    const levelCost = multiply(multiply(price, quantity, EXACT, "up"), withFee, EXACT, "up");
    if (compare(levelCost, rest) > 0) {
      return add(number, affordableAt(rest, price, feeRate, qtyScale), EXACT);
    }
    number = add(number, quantity, EXACT);
    rest = sub(rest, levelCost, EXACT);
  }
  return number;
}

/** The shares of the available balance the form offers. */
export const SPOT_PERCENTS = ["25", "50", "75", "100"] as const;
export type SpotPercent = (typeof SPOT_PERCENTS)[number];

/**
 * The number `percent` % of the available balance gives: to sell, that share of the base coin;
 * to buy, what that share of the USDT pays for at the price, fee included. A multiple of
 * `qtyStep`, possibly "0".
 */
export function numberForPercent(
  source: PriceSource,
  percent: SpotPercent,
  available: string,
  qtyStep: string,
  priceScale: number,
): string {
  const qtyScale = scaleOf(qtyStep);
  if (!isPositive(available)) return "0";
  if (source.side === 1)
    return floorToStep(percentOf(available, percent, qtyScale, "down"), qtyStep);
  const budget = percentOf(available, percent, USDT_SCALE, "down");
  return numberForBudget(source, budget, qtyStep, priceScale);
}

/**
 * The most base units a USDT budget buys, fee included, at the limit price, walking the book
 * held on this device, or at the last price: a multiple of `qtyStep`, possibly "0". Used by the
 * percentage buttons and by a market buy's "Total (USDT)" field.
 */
export function numberForBudget(
  source: PriceSource,
  budget: string,
  qtyStep: string,
  priceScale: number,
): string {
  const qtyScale = scaleOf(qtyStep);
  if (!isPositive(budget)) return "0";
  let raw: string;
  if (source.type === 1) {
    if (!isPositive(source.limitPrice)) return "0";
    raw = affordableAt(budget, source.limitPrice, source.feeRate, qtyScale);
  } else if (source.levels !== null && source.levels.length > 0) {
    raw = affordableInBook(budget, source.levels, source.feeRate, qtyScale);
  } else if (isPositive(source.last)) {
    raw = affordableAt(budget, source.last, source.feeRate, qtyScale);
  } else return "0";
  // Rounding (value and fee both up) can leave the most the share pays for a few millionths of
  // a USDT over it: the largest count of steps that fits, by bisection (cost grows with it).
  const fits = (steps: bigint) => {
    const estimate = estimateOrder(source, stepsOf(steps, qtyStep), priceScale);
    return estimate === null || compare(estimate.total, budget) <= 0;
  };
  let high = BigInt(divide(raw, qtyStep, 0, "down"));
  if (fits(high)) return stepsOf(high, qtyStep);
  let low = 0n;
  while (high - low > 1n) {
    const middle = (low + high) / 2n;
    if (fits(middle)) low = middle;
    else high = middle;
  }
  return stepsOf(low, qtyStep);
}

/** `steps` × `step` as a decimal string ("0" for none). */
function stepsOf(steps: bigint, step: string): string {
  return multiply(steps.toString(), step, scaleOf(step), "down");
}
