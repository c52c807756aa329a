// The pure rules of a spot fill (DESIGN §6, server/domain/spot/README.md), used by the server's
// engine to fill an order and by the app to estimate it, so the two compute one thing: how a
// market order walks the book to its price, when a limit order crosses, what changes hands, and
// why an order is rejected. Everything is bigint ledger units — prices in USDT units per whole
// base coin, quantities in base units — so a fill is exact and anyone can recompute it from the
// fill's price, number and the published rates.
import { ASSET_SCALES, isAsset, USDT_SCALE } from "./assets";
import { formatFixed, formatUnits, mulDiv, parseUnits } from "./decimal";
import type { DepthLevel } from "./market";
import type { RefusalParams } from "./refusals";
import type { SpotSymbolRules } from "./spot";

export type Side = "buy" | "sell";

/** A rate as an exact fraction: never a float anywhere money is computed. */
export interface Rate {
  num: bigint;
  den: bigint;
}

/** "0.001" -> 1/1000: GET /spot/config's rates as fractions (exact: a decimal is num/10^n). */
export function rateOf(value: string): Rate {
  const point = value.indexOf(".");
  const places = point < 0 ? 0 : value.length - point - 1;
  return { num: parseUnits(value, places), den: 10n ** BigInt(places) };
}

/** 1/1000 -> "0.001": the rates are powers-of-ten fractions, so this is exact. */
export function rateString(rate: Rate): string {
  const scale = rate.den.toString().length - 1;
  if (10n ** BigInt(scale) !== rate.den) throw new Error("a rate's denominator must be 10^n");
  return formatUnits(rate.num, scale);
}

/** A listed symbol's trading rules in ledger units. */
export interface SpotRules {
  symbol: string;
  base: string;
  priceScale: number;
  qtyScale: number;
  /** The base coin's ledger scale (8). */
  baseScale: number;
  /** USDT units per price step (a price of 1 step at priceScale). */
  priceStep: bigint;
  /** Base units per quantity step. */
  qtyStep: bigint;
  minQty: bigint;
  /** USDT units. */
  minNotional: bigint;
}

/** Decimals of a step written canonically ("0.01" -> 2, "1" -> 0). */
function placesOf(step: string): number {
  const point = step.indexOf(".");
  return point < 0 ? 0 : step.length - point - 1;
}

/**
 * A symbol's rules as GET /spot/config publishes them, in units. Throws when they do not fit the
 * ledger: a price finer than a USDT unit, or a quantity finer than a base unit, would not be money.
 */
export function spotRulesOf(published: SpotSymbolRules): SpotRules {
  const { symbol, base } = published;
  if (!isAsset(base) || published.quote !== "USDT") {
    throw new Error(`${symbol}: not a USDT market of a ledger asset`);
  }
  const baseScale = ASSET_SCALES[base];
  const priceScale = placesOf(published.priceStep);
  const qtyScale = placesOf(published.qtyStep);
  if (priceScale > USDT_SCALE || qtyScale > baseScale) {
    throw new Error(`${symbol}: its scales do not fit the ledger's`);
  }
  const priceStep = parseUnits(published.priceStep, USDT_SCALE);
  const qtyStep = parseUnits(published.qtyStep, baseScale);
  const minQty = parseUnits(published.minQty, baseScale);
  if (minQty < qtyStep || minQty % qtyStep !== 0n) throw new Error(`${symbol}: bad minQty`);
  return {
    symbol,
    base,
    priceScale,
    qtyScale,
    baseScale,
    priceStep,
    qtyStep,
    minQty,
    minNotional: parseUnits(published.minNotional, USDT_SCALE),
  };
}

/** One book level in units: USDT units per whole base coin, base units. */
export interface Level {
  price: bigint;
  qty: bigint;
}

/** Bids best (highest) first and asks best (lowest) first, as the feed serves them. */
export interface BookUnits {
  bids: readonly Level[];
  asks: readonly Level[];
}

/** A served level ("67250.00", "0.01500") in units; the feed's strings are at the symbol's scales. */
export function levelUnits(level: DepthLevel, rules: SpotRules): Level {
  return {
    price: parseUnits(level[0], rules.priceScale) * rules.priceStep,
    qty: parseUnits(level[1], rules.qtyScale) * rules.qtyStep,
  };
}

export function bookUnits(
  book: { bids: readonly DepthLevel[]; asks: readonly DepthLevel[] },
  rules: SpotRules,
): BookUnits {
  return {
    bids: book.bids.map((l) => levelUnits(l, rules)),
    asks: book.asks.map((l) => levelUnits(l, rules)),
  };
}

/** What a fill exchanges. Buy: the user pays notional + fee. Sell: the user gets notional − fee. */
export interface Exchange {
  /** USDT units for price × number: rounded up when the user pays, down when the user is paid. */
  notional: bigint;
  /** USDT units, always rounded up (DESIGN §5: fees round toward the house). */
  fee: bigint;
}

export function exchangeOf(
  side: Side,
  price: bigint,
  number: bigint,
  rules: SpotRules,
  feeRate: Rate,
): Exchange {
  const unit = 10n ** BigInt(rules.baseScale);
  const notional = mulDiv(price, number, unit, side === "buy" ? "up" : "down");
  // On the exact product, not on the rounded notional: rounding twice would drift.
  const fee = mulDiv(price * number, feeRate.num, unit * feeRate.den, "up");
  return { notional, fee };
}

/** What a resting limit order freezes: buy the notional + fee in USDT, sell the base coin. */
export function limitReservation(
  side: Side,
  price: bigint,
  number: bigint,
  rules: SpotRules,
  feeRate: Rate,
) {
  if (side === "sell") return { asset: rules.base, amount: number };
  const { notional, fee } = exchangeOf("buy", price, number, rules, feeRate);
  return { asset: "USDT", amount: notional + fee };
}

/** price × number reaches the symbol's minimum order value (compared exactly, before rounding). */
export function meetsMinNotional(price: bigint, number: bigint, rules: SpotRules): boolean {
  return price * number >= rules.minNotional * 10n ** BigInt(rules.baseScale);
}

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

/** Units of a price as a decimal at the symbol's price scale ("67250.00"). */
export function priceString(units: bigint, rules: SpotRules): string {
  return formatFixed(units / rules.priceStep, rules.priceScale);
}

/** Base units as a decimal at the symbol's quantity scale ("0.01500"). */
export function qtyString(units: bigint, rules: SpotRules): string {
  return formatFixed(units / rules.qtyStep, rules.qtyScale);
}

/** `part / whole` in percent with two decimals, rounded down ("5.12"). */
function percent(part: bigint, whole: bigint): string {
  return formatUnits((part * 10_000n) / whole, 2);
}
