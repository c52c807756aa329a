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
import { PPM, shouldRebalance, unitOf } from "./sizing";

export interface Account {
  readonly rules: SpotRules;
  readonly feeRate: Rate;
  readonly slippage: Rate;
  readonly buyingPower: bigint;
  /** Base units per whole coin (10^baseScale), worked out once: equity is marked every candle. */
  readonly unit: bigint;
  /** unit × the fee rate's denominator, for the fee of a fill (exchangeAt) and for sizing. */
  readonly feeDen: bigint;
  /** The fee rate's denominator plus its numerator: a price with its fee on top (affordableAt). */
  readonly feeUp: bigint;
  /** The slippage as factors over slipDen = den × priceStep (slippedPrice), worked out once. */
  readonly buyFactor: bigint;
  readonly sellFactor: bigint;
  readonly slipDen: bigint;
  /** The least order value × unit (price × quantity must reach it: sizing.ts placeable). */
  readonly minValue: bigint;
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
    feeUp: feeRate.den + feeRate.num,
    buyFactor: slippage.den + slippage.num,
    sellFactor: slippage.den - slippage.num,
    slipDen: slippage.den * rules.priceStep,
    minValue: rules.minNotional * unitOf(rules.baseScale),
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
  return exchangeOfProduct(a, side, price * qty);
}

/** exchangeAt of price × quantity, given (the order check computed it already). */
function exchangeOfProduct(a: Account, side: Side, product: bigint) {
  return {
    notional: side === "buy" ? divUp(product, a.unit) : divDown(product, a.unit),
    fee: divUp(product * a.feeRate.num, a.feeDen),
  };
}

/**
 * Fills `qty` at `price` if the spot engine would take the order (sizing.ts placeable: the least
 * quantity, and price × quantity ≥ the least order value × unit, which the fill reuses); true
 * when it filled.
 */
function fill(a: Account, side: Side, price: bigint, qty: bigint, time: number): boolean {
  if (qty < a.rules.minQty) return false;
  const product = price * qty;
  if (product < a.minValue) return false;
  const { notional, fee } = exchangeOfProduct(a, side, product);
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
  a.fills.push(new Fill(time, side, price, qty, notional, fee));
  return true;
}

/**
 * A fill, made with `new`, not an object literal: V8 decides per literal site whether to allocate
 * its objects straight in the old generation, and a run's fills all live until the run ends, so the
 * literal's site was sometimes switched to that — and then every young bigint a fill holds was
 * kept alive by the remembered set until the next full GC (scavenges copying megabytes, slower
 * runs in some processes and not in others). Objects from `new` have no such site.
 */
class Fill implements BacktestFill {
  constructor(
    readonly time: number,
    readonly side: Side,
    readonly price: bigint,
    readonly quantity: bigint,
    readonly notional: bigint,
    readonly fee: bigint,
  ) {}
}

/**
 * sizing.ts affordableQuantity with the account's constants: the most base units `value` buys at
 * `price` with the fee on top, on the quantity step (the same products, worked out once; the
 * plan-book property test holds the backtest's orders equal to a live plan's).
 */
function affordableAt(a: Account, value: bigint, price: bigint): bigint {
  if (value <= 0n || price <= 0n) return 0n;
  const qty = (value * a.feeDen) / (price * a.feeUp);
  return (qty / a.rules.qtyStep) * a.rules.qtyStep;
}

const PPM_UNITS = BigInt(PPM);

/**
 * Moves the position toward `target` (ppm of buying power) at `reference` (the next candle's
 * open), under the rebalance rule of the header. The target quantity is what target × buying
 * power buys at the buy price with its fee (sizing.ts targetQuantity); a buy is also held to what
 * cash plus credit can pay. True when it filled (cash and held changed).
 */
export function rebalance(a: Account, target: number, reference: bigint, time: number): boolean {
  if (!shouldRebalance(target, a.lastTarget, a.held)) return false;
  if (target > 0) {
    const buyPrice = slippedPrice("buy", reference, a);
    // target × buying power; all in (the usual target) is the buying power itself, exactly.
    const value = target === PPM ? a.buyingPower : (a.buyingPower * BigInt(target)) / PPM_UNITS;
    const wanted = affordableAt(a, value, buyPrice);
    if (wanted > a.held) {
      const more = wanted - a.held;
      // What cash and credit can pay limits the buy; when they cover the target's whole value
      // they pay for `wanted` (affordability only grows with the value), so `more` stands.
      const funds = a.cash + a.credit;
      const canPay = funds >= value ? more : affordableAt(a, funds, buyPrice);
      const qty = more < canPay ? more : canPay;
      if (!fill(a, "buy", buyPrice, qty, time)) return false;
      a.lastTarget = target;
      return true;
    }
    if (wanted < a.held) return sellDown(a, target, wanted, reference, time);
    a.lastTarget = target;
    return false;
  }
  if (a.held > 0n) return sellDown(a, target, 0n, reference, time);
  a.lastTarget = target;
  return false;
}

/** Sells down to `wanted` (< held) at `reference` moved by the slippage, if placeable. */
function sellDown(a: Account, target: number, wanted: bigint, reference: bigint, time: number) {
  const sellPrice = slippedPrice("sell", reference, a);
  if (!fill(a, "sell", sellPrice, a.held - wanted, time)) return false;
  a.lastTarget = target;
  return true;
}

/**
 * Sells everything at `reference` (the last close) if the engine would take the order; true when
 * it filled.
 */
export function closeOut(a: Account, reference: bigint, time: number): boolean {
  if (a.held === 0n) return false;
  return fill(a, "sell", slippedPrice("sell", reference, a), a.held, time);
}

/** Cash plus the position marked at `price`, rounded down (a gain is never overstated). */
export function equityAt(a: Account, price: bigint): bigint {
  if (a.held === 0n) return a.cash;
  return a.cash + (a.held * price) / a.unit;
}
