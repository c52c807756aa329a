// A running plan's book in exact units (README "Executing a target"): cash, positions, fees. Pure:
// the runner decides prices (a walk of the live book or a recorded tick's price) and this file
// sizes the trade toward the strategy's target and applies it with the spot engine's arithmetic
// (protocol/spot-rules.ts exchangeOf: a buy pays notional rounded up, a sale is paid notional
// rounded down, the fee at the taker rate always rounded up). The sizing is the backtester's
// (domain/quant/backtest/sizing.ts, used here unchanged), so a plan trades as its backtest did:
//
//   sleeve        buying power / number of symbols (each symbol trades its own share)
//   target        ppm of the sleeve, rounded; it trades only when the target moved by at least
//                 MIN_CHANGE_PPM (2.5 %) from the last one it traded to, or to exit (target 0)
//   wanted        what sleeve × target buys at the price with its fee, on the quantity step
//   credit floor  cash never below amount − buying power (bought on the house's credit, ≤ lev − 1)
//   placeable     an order under the minimum quantity or order value is not placed (the target
//                 waits for the next candle)
import { exchangeOf, type Rate, type Side, type SpotRules } from "../../../../protocol/spot-rules";
import type { HeldPosition } from "../../../db/repositories/quant-subscription-repository";
import { affordableQuantity, placeable, shouldRebalance, targetQuantity } from "../backtest/sizing";

export interface PlanBook {
  amount: bigint;
  buyingPower: bigint;
  symbols: readonly string[];
  cash: bigint;
  positions: Map<string, { quantity: bigint; cost: bigint }>;
  fees: bigint;
  trades: number;
}

export interface SizedTrade {
  side: Side;
  quantity: bigint;
}

export function bookOf(
  row: { amount: bigint; leverage: number; symbols: readonly string[]; cash: bigint },
  positions: Record<string, HeldPosition>,
  fees: bigint,
  trades: number,
): PlanBook {
  const held = new Map<string, { quantity: bigint; cost: bigint }>();
  for (const [symbol, p] of Object.entries(positions)) {
    held.set(symbol, { quantity: BigInt(p.quantity), cost: BigInt(p.cost) });
  }
  return {
    amount: row.amount,
    buyingPower: row.amount * BigInt(row.leverage),
    symbols: row.symbols,
    cash: row.cash,
    positions: held,
    fees,
    trades,
  };
}

export function positionsRecord(book: PlanBook): Record<string, HeldPosition> {
  const out: Record<string, HeldPosition> = {};
  for (const [symbol, p] of book.positions) {
    if (p.quantity > 0n) out[symbol] = { quantity: p.quantity.toString(), cost: p.cost.toString() };
  }
  return out;
}

export function heldQuantity(book: PlanBook, symbol: string): bigint {
  return book.positions.get(symbol)?.quantity ?? 0n;
}

const coin = (rules: SpotRules) => 10n ** BigInt(rules.baseScale);

/** The most `symbol` may buy at `price` without passing the credit floor, fees included. */
export function affordable(book: PlanBook, price: bigint, rules: SpotRules, fee: Rate): bigint {
  return affordableQuantity(book.cash - (book.amount - book.buyingPower), price, rules, fee);
}

export type Sizing =
  /** Under the rebalance band, or not placeable: the last target stays. */
  | { kind: "skip" }
  /** Already there: the target counts as reached. */
  | { kind: "none" }
  | { kind: "trade"; trade: SizedTrade };

/**
 * The trade that moves `symbol` toward `target` (ppm) at about `price`. `price` sizes it; the
 * runner fills it at its own price and checks the credit floor again.
 */
export function sizeTrade(
  book: PlanBook,
  symbol: string,
  target: { ppm: number; last: number },
  price: bigint,
  rules: SpotRules,
  fee: Rate,
): Sizing {
  const held = heldQuantity(book, symbol);
  if (!shouldRebalance(target.ppm, target.last, held)) return { kind: "skip" };
  const sleeve = book.buyingPower / BigInt(book.symbols.length);
  const wanted = targetQuantity(target.ppm, sleeve, price, rules, fee);
  if (wanted === held) return { kind: "none" };
  const side: Side = wanted > held ? "buy" : "sell";
  let quantity = side === "buy" ? wanted - held : held - wanted;
  if (side === "buy") {
    const most = affordable(book, price, rules, fee);
    if (quantity > most) quantity = most;
  }
  if (!placeable(quantity, price, rules)) {
    return { kind: "skip" };
  }
  return { kind: "trade", trade: { side, quantity } };
}

/** What a fill at `price` exchanges; applied to the book. Answers notional and fee. */
export function applyFill(
  book: PlanBook,
  symbol: string,
  trade: SizedTrade,
  price: bigint,
  rules: SpotRules,
  feeRate: Rate,
): { notional: bigint; fee: bigint } {
  const { notional, fee } = exchangeOf(trade.side, price, trade.quantity, rules, feeRate);
  const held = book.positions.get(symbol) ?? { quantity: 0n, cost: 0n };
  if (trade.side === "buy") {
    book.cash -= notional + fee;
    book.positions.set(symbol, {
      quantity: held.quantity + trade.quantity,
      cost: held.cost + notional,
    });
  } else {
    if (trade.quantity > held.quantity) throw new Error(`${symbol}: selling more than held`);
    const left = held.quantity - trade.quantity;
    book.cash += notional - fee;
    if (left === 0n) book.positions.delete(symbol);
    else book.positions.set(symbol, { quantity: left, cost: (held.cost * left) / held.quantity });
  }
  book.fees += fee;
  book.trades += 1;
  return { notional, fee };
}

/** Cash + every position at the price it would sell at (each position's value rounded down). */
export function equityAt(
  book: PlanBook,
  priceOf: (symbol: string) => bigint | null,
  rulesOf: (symbol: string) => SpotRules,
): bigint {
  let equity = book.cash;
  for (const [symbol, p] of book.positions) {
    const price = priceOf(symbol);
    if (price === null) throw new Error(`${symbol}: a position without a price`);
    equity += (p.quantity * price) / coin(rulesOf(symbol));
  }
  return equity;
}

/** Realised so far: cash + what the positions cost − amount (trading gains less every fee). */
export function realisedPnl(book: PlanBook): bigint {
  let held = 0n;
  for (const p of book.positions.values()) held += p.cost;
  return book.cash + held - book.amount;
}
