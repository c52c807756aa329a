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
import { mulDiv } from "../../../../protocol/decimal";
import { exchangeOf, type Rate, type Side, type SpotRules } from "../../../../protocol/spot-rules";
import type { BacktestFill } from "./backtest-types";
import { affordableQuantity, placeable, shouldRebalance, targetQuantity } from "./sizing";

export interface Account {
  readonly rules: SpotRules;
  readonly feeRate: Rate;
  readonly slippage: Rate;
  readonly buyingPower: bigint;
  /** Base units per whole coin (10^baseScale), worked out once: equity is marked every candle. */
  readonly unit: bigint;
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
    unit: 10n ** BigInt(rules.baseScale),
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

/** `reference` moved against the trader by the slippage, on the price step toward the house. */
export function slippedPrice(side: Side, reference: bigint, a: Account): bigint {
  const { num, den } = a.slippage;
  const step = a.rules.priceStep;
  return side === "buy"
    ? mulDiv(reference, den + num, den * step, "up") * step
    : mulDiv(reference, den - num, den * step, "down") * step;
}

function fill(a: Account, side: Side, price: bigint, qty: bigint, time: number): void {
  const { notional, fee } = exchangeOf(side, price, qty, a.rules, a.feeRate);
  if (side === "buy") {
    a.cash -= notional + fee;
    a.held += qty;
    a.tripCost += notional + fee;
  } else {
    a.cash += notional - fee;
    a.held -= qty;
    a.tripProceeds += notional - fee;
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
 */
export function rebalance(a: Account, target: number, reference: bigint, time: number): void {
  if (!shouldRebalance(target, a.lastTarget, a.held)) return;
  const buyPrice = slippedPrice("buy", reference, a);
  const wanted = targetQuantity(target, a.buyingPower, buyPrice, a.rules, a.feeRate);
  if (wanted > a.held) {
    const canPay = affordableQuantity(a.cash + a.credit, buyPrice, a.rules, a.feeRate);
    const qty = wanted - a.held < canPay ? wanted - a.held : canPay;
    if (!placeable(qty, buyPrice, a.rules)) return;
    fill(a, "buy", buyPrice, qty, time);
  } else if (wanted < a.held) {
    const sellPrice = slippedPrice("sell", reference, a);
    const qty = a.held - wanted;
    if (!placeable(qty, sellPrice, a.rules)) return;
    fill(a, "sell", sellPrice, qty, time);
  }
  a.lastTarget = target;
}

/** Sells everything at `reference` (the last close) if the engine would take the order. */
export function closeOut(a: Account, reference: bigint, time: number): void {
  if (a.held === 0n) return;
  const price = slippedPrice("sell", reference, a);
  if (placeable(a.held, price, a.rules)) fill(a, "sell", price, a.held, time);
}

/** Cash plus the position marked at `price`, rounded down (a gain is never overstated). */
export function equityAt(a: Account, price: bigint): bigint {
  if (a.held === 0n) return a.cash;
  return a.cash + (a.held * price) / a.unit;
}
