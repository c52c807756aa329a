// The backtest's executor: turns a strategy's target exposure into spot fills in exact units.
//
// Account: `cash` (USDT units; may go below 0 down to −capital × (leverage − 1), the borrowed part
// of the buying power) and `held` (base units). Buying power is fixed at capital × leverage, as a
// live plan's is (protocol/quant.ts buyingPower).
//
// Sizing and the rebalance rule are sizing.ts's (shared with live plans).
//
// Fill rule (spot engine): price = the reference price moved against the trader by the slippage
// rate and rounded to the price step toward the house (buy up, sell down), as the spot engine
// rounds a walk's price; notional and fee by exchangeOf (buy notional up, sale down, fee up);
// quantity rounded down to the quantity step; orders under the minimum quantity or the minimum
// order value are not placed (the strategy's target then waits for the next candle).
import { divRound } from "../../../../protocol/decimal";
import type { Rate, Side, SpotRules } from "../../../../protocol/spot-rules";
import type { BacktestFill } from "./backtest-types";
import { affordableQuantity, placeable, shouldRebalance, targetQuantity, unitOf } from "./sizing";

export interface Account {
  readonly rules: SpotRules;
  readonly feeRate: Rate;
  readonly slippage: Rate;
  readonly buyingPower: bigint;
  /** Base units per whole coin (10^baseScale), worked out once: equity is marked every candle. */
  readonly unit: bigint;
  /** unit × the fee rate's denominator, for the fee of a fill (exchangeAt). */
  readonly feeDen: bigint;
  /** The slippage as factors over slipDen = den × priceStep (slippedPrice), worked out once. */
  readonly buyFactor: bigint;
  readonly sellFactor: bigint;
  readonly slipDen: bigint;
  /** How far cash may go below 0: the borrowed part of the buying power. */
  readonly credit: bigint;
  cash: bigint;
  held: bigint;
  /** The target (ppm) of the last rebalance that traded or found nothing to do. */
  lastTarget: number;
  fills: BacktestFill[];
  /** The open round trip's buy cost (notional + fees) and sale proceeds so far. */
  tripCost: bigint;
  tripProceeds: bigint;
  wins: number;
  roundTrips: number;
}

export function openAccount(
  rules: SpotRules,
  capital: bigint,
  leverage: number,
  feeRate: Rate,
  slippage: Rate,
): Account {
  const buyingPower = capital * BigInt(leverage);
  return {
    rules,
    feeRate,
    slippage,
    buyingPower,
    unit: unitOf(rules.baseScale),
    feeDen: unitOf(rules.baseScale) * feeRate.den,
    buyFactor: slippage.den + slippage.num,
    sellFactor: slippage.den - slippage.num,
    slipDen: slippage.den * rules.priceStep,
    credit: buyingPower - capital,
    cash: capital,
    held: 0n,
    lastTarget: 0,
    fills: [],
    tripCost: 0n,
    tripProceeds: 0n,
    wins: 0,
    roundTrips: 0,
  };
}

/** n / d rounded up (d > 0): divRound's "up", in fewer operations for the usual n ≥ 0. */
const divUp = (n: bigint, d: bigint): bigint => (n >= 0n ? (n + d - 1n) / d : divRound(n, d, "up"));
/** n / d rounded down (d > 0): divRound's "down" (BigInt division truncates toward 0). */
const divDown = (n: bigint, d: bigint): bigint => n / d;

/** `reference` moved against the trader by the slippage, on the price step toward the house. */
export function slippedPrice(side: Side, reference: bigint, a: Account): bigint {
  const step = a.rules.priceStep;
  return side === "buy"
    ? divUp(reference * a.buyFactor, a.slipDen) * step
    : divDown(reference * a.sellFactor, a.slipDen) * step;
}

/**
 * The notional and fee of a fill: protocol/spot-rules.ts exchangeOf's rule (notional rounded up
 * on a buy, down on a sale; fee on the exact product, rounded up) with the unit worked out once
 * (execute.test.ts holds the two equal).
 */
export function exchangeAt(a: Account, side: Side, price: bigint, qty: bigint) {
  const product = price * qty;
  return {
    notional: side === "buy" ? divUp(product, a.unit) : divDown(product, a.unit),
    fee: divUp(product * a.feeRate.num, a.feeDen),
  };
}

function fill(a: Account, side: Side, price: bigint, qty: bigint, time: number): void {
  const { notional, fee } = exchangeAt(a, side, price, qty);
  if (side === "buy") {
    const cost = notional + fee;
    a.cash -= cost;
    a.held += qty;
    a.tripCost += cost;
  } else {
    const proceeds = notional - fee;
    a.cash += proceeds;
    a.held -= qty;
    a.tripProceeds += proceeds;
    if (a.held === 0n) {
      a.roundTrips += 1;
      if (a.tripProceeds > a.tripCost) a.wins += 1;
      a.tripCost = 0n;
      a.tripProceeds = 0n;
    }
  }
  a.fills.push({ time, side, price, quantity: qty, notional, fee });
}

/**
 * Moves the position toward `target` (ppm of buying power) at `reference` (the next candle's
 * open), under the rebalance rule of the header. The target quantity is what target × buying
 * power buys at the buy price with its fee; a buy is also held to what cash plus credit can pay.
 * True when it filled (cash and held changed).
 */
export function rebalance(a: Account, target: number, reference: bigint, time: number): boolean {
  if (!shouldRebalance(target, a.lastTarget, a.held)) return false;
  // A target of 0 wants nothing, whatever the price: no buy price to work out.
  const buyPrice = target > 0 ? slippedPrice("buy", reference, a) : 0n;
  const wanted =
    target > 0 ? targetQuantity(target, a.buyingPower, buyPrice, a.rules, a.feeRate) : 0n;
  if (wanted > a.held) {
    const canPay = affordableQuantity(a.cash + a.credit, buyPrice, a.rules, a.feeRate);
    const more = wanted - a.held;
    const qty = more < canPay ? more : canPay;
    if (!placeable(qty, buyPrice, a.rules)) return false;
    fill(a, "buy", buyPrice, qty, time);
    a.lastTarget = target;
    return true;
  }
  if (wanted < a.held) {
    const sellPrice = slippedPrice("sell", reference, a);
    const qty = a.held - wanted;
    if (!placeable(qty, sellPrice, a.rules)) return false;
    fill(a, "sell", sellPrice, qty, time);
    a.lastTarget = target;
    return true;
  }
  a.lastTarget = target;
  return false;
}

/**
 * Sells everything at `reference` (the last close) if the engine would take the order; true when
 * it filled.
 */
export function closeOut(a: Account, reference: bigint, time: number): boolean {
  if (a.held === 0n) return false;
  const price = slippedPrice("sell", reference, a);
  if (!placeable(a.held, price, a.rules)) return false;
  fill(a, "sell", price, a.held, time);
  return true;
}

/** Cash plus the position marked at `price`, rounded down (a gain is never overstated). */
export function equityAt(a: Account, price: bigint): bigint {
  if (a.held === 0n) return a.cash;
  return a.cash + (a.held * price) / a.unit;
}
