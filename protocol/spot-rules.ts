// The pure rules of spot trading (DESIGN §6, server/domain/spot/README.md), used by the server's
// engine and by the app's estimate alike: a symbol's rules and rates in units, the book in units,
// what a fill exchanges and what a resting order freezes. How an order walks the book is in
// ./spot-fill.ts. Everything is bigint ledger units — prices in USDT units per whole
// base coin, quantities in base units — so a fill is exact and anyone can recompute it from the
// fill's price, number and the published rates.
import { ASSET_SCALES, isAsset, USDT_SCALE } from "./assets";
import { formatFixed, formatUnits, mulDiv, parseUnits } from "./decimal";
import type { DepthLevel } from "./market";
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

/** Units of a price as a decimal at the symbol's price scale ("67250.00"). */
export function priceString(units: bigint, rules: SpotRules): string {
  return formatFixed(units / rules.priceStep, rules.priceScale);
}

/** Base units as a decimal at the symbol's quantity scale ("0.01500"). */
export function qtyString(units: bigint, rules: SpotRules): string {
  return formatFixed(units / rules.qtyStep, rules.qtyScale);
}
