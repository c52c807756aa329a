// How a spot order fills against the book (DESIGN §6): a market order walks the levels best first
// to its volume-weighted price, a crossing limit order takes the levels within its limit as a
// taker, and a walk that cannot happen is refused as data. Pure bigint arithmetic on the rules of
// ./spot-rules.ts, shared by the server's engine and the app's estimate.
import { formatUnits } from "./decimal";
import type { DepthLevel } from "./market";
import type { RefusalParams } from "./refusals";
import {
  priceString,
  qtyString,
  type BookUnits,
  type Level,
  type Rate,
  type Side,
  type SpotRules,
} from "./spot-rules";

/** A limit order crosses when the best opposite price reaches it. */
export function crosses(side: Side, limit: bigint, book: BookUnits): Level | undefined {
  const best = side === "buy" ? book.asks[0] : book.bids[0];
  if (best === undefined) return undefined;
  return (side === "buy" ? best.price <= limit : best.price >= limit) ? best : undefined;
}

/** Why a market order is rejected, as data, with the English sentence stored beside it. */
export type FillRefusal =
  | { code: "BOOK_EMPTY"; params: RefusalParams<"BOOK_EMPTY">; message: string }
  | { code: "BOOK_TOO_THIN"; params: RefusalParams<"BOOK_TOO_THIN">; message: string }
  | { code: "SLIPPAGE_EXCEEDED"; params: RefusalParams<"SLIPPAGE_EXCEEDED">; message: string };

export type MarketFill =
  | {
      kind: "fill";
      /** The volume-weighted price, rounded to the price step toward the house. */
      price: bigint;
      /** How many levels the walk used, best first (the last one possibly in part). */
      levelsUsed: number;
    }
  | { kind: "rejected"; refusal: FillRefusal };

/** What walking `levels` best first for `number` took: the value (price × qty sum) and what is left. */
function walk(levels: readonly Level[], number: bigint) {
  let left = number;
  let value = 0n;
  let used = 0;
  for (const level of levels) {
    if (left === 0n) break;
    const take = level.qty < left ? level.qty : left;
    value += level.price * take;
    left -= take;
    used += 1;
  }
  return { value, left, used };
}

/**
 * The volume-weighted price of a walk, rounded to the price step toward the house (buy up, sell
 * down). It stays inside the walked levels: every level is a multiple of the step, so rounding
 * never passes the worst level taken (nor, therefore, a limit all of them respect).
 */
function walkPrice(side: Side, value: bigint, number: bigint, rules: SpotRules): bigint {
  const step = rules.priceStep * number;
  return (side === "buy" ? (value + step - 1n) / step : value / step) * rules.priceStep;
}

/**
 * The price a walk of `levels` (one side, best first) fills `number` at, as a market order or a
 * crossing limit fills; null when the levels hold less than the whole number. The app's estimate
 * prices a market order with this, so it shows what the server's fill will be on the same book.
 */
export function walkFill(
  side: Side,
  levels: readonly Level[],
  number: bigint,
  rules: SpotRules,
): { price: bigint; levelsUsed: number } | null {
  const { value, left, used } = walk(levels, number);
  if (used === 0 || left > 0n) return null;
  return { price: walkPrice(side, value, number, rules), levelsUsed: used };
}

/**
 * A market order walks the opposite side best first until `number` is covered. Its price is the
 * volume-weighted average, rounded to the price step toward the house (buy up, sell down), which
 * keeps it inside the walked levels and makes the fill self-describing: it exchanges exactly
 * price × number. Rejected when the book cannot cover the number, or when that price is worse
 * than the best price by more than `cap`.
 */
export function marketFill(
  side: Side,
  book: BookUnits,
  number: bigint,
  rules: SpotRules,
  cap: Rate,
): MarketFill {
  const levels = side === "buy" ? book.asks : book.bids;
  const sideName = side === "buy" ? "ask" : "bid";
  const best = levels[0];
  if (best === undefined) {
    const { symbol } = rules;
    return rejected({
      code: "BOOK_EMPTY",
      params: { symbol, side: sideName },
      message: `The order book of ${symbol} has no ${sideName}s`,
    });
  }
  const walked = walkFill(side, levels, number, rules);
  if (walked === null) {
    const held = qtyString(heldBy(levels, number), rules);
    const needed = qtyString(number, rules);
    return rejected({
      code: "BOOK_TOO_THIN",
      params: { base: rules.base, side: sideName, held, needed },
      message:
        `The order book holds only ${held} ${rules.base} on the ${sideName} side; ` +
        `this order needs ${needed}`,
    });
  }
  const { price, levelsUsed } = walked;
  const tooFar =
    side === "buy"
      ? price * cap.den > best.price * (cap.den + cap.num)
      : price * cap.den < best.price * (cap.den - cap.num);
  if (tooFar) {
    const worse = side === "buy" ? price - best.price : best.price - price;
    const params = {
      side: sideName,
      average: priceString(price, rules),
      worsePercent: percent(worse, best.price),
      best: priceString(best.price, rules),
      capPercent: percent(cap.num, cap.den),
    } as const;
    return rejected({
      code: "SLIPPAGE_EXCEEDED",
      params,
      message:
        `The average price ${params.average} would be ${params.worsePercent} % ` +
        `${side === "buy" ? "above the best ask" : "below the best bid"} ${params.best}; ` +
        `market orders fill within ${params.capPercent} % of the best price`,
    });
  }
  return { kind: "fill", price, levelsUsed };
}

/** How much of `number` the levels hold. */
function heldBy(levels: readonly Level[], number: bigint): bigint {
  return number - walk(levels, number).left;
}

function rejected(refusal: FillRefusal): MarketFill {
  return { kind: "rejected", refusal };
}

export type LimitTakerFill =
  /** The book holds the whole number at or better than the limit: it fills now, as a taker. */
  | { kind: "fill"; price: bigint; levelsUsed: number }
  /** Not crossing, or too little within the limit for the whole number: the order rests. */
  | { kind: "rest" };

/**
 * A limit order placed where the book already crosses it fills at once as a taker, as on every
 * exchange: it walks the opposite side best first, only through levels at or better than its
 * limit, and pays their volume-weighted price (rounded toward the house, never past the limit).
 * Whole or not at all: when those levels hold less than the whole number it rests at its limit
 * (orders here fill completely, once; server/domain/spot/README.md says why). No slippage cap:
 * the limit is the user's own bound.
 */
export function limitTakerFill(
  side: Side,
  book: BookUnits,
  limit: bigint,
  number: bigint,
  rules: SpotRules,
): LimitTakerFill {
  const levels = side === "buy" ? book.asks : book.bids;
  const within = levels.filter((l) => (side === "buy" ? l.price <= limit : l.price >= limit));
  const walked = walkFill(side, within, number, rules);
  return walked === null ? { kind: "rest" } : { kind: "fill", ...walked };
}

/** The levels a walk of `number` used, as served, the last one cut to what was taken. */
export function walkedLevels(
  served: readonly DepthLevel[],
  units: readonly Level[],
  number: bigint,
  rules: SpotRules,
): DepthLevel[] {
  let left = number;
  const out: DepthLevel[] = [];
  units.forEach((level, i) => {
    const level0 = served[i];
    if (left === 0n || level0 === undefined) return;
    const take = level.qty < left ? level.qty : left;
    left -= take;
    out.push([level0[0], take === level.qty ? level0[1] : qtyString(take, rules)]);
  });
  return out;
}

/** `part / whole` in percent with two decimals, rounded down ("5.12"). */
function percent(part: bigint, whole: bigint): string {
  return formatUnits((part * 10_000n) / whole, 2);
}
