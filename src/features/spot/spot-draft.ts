// The order form's state and what follows from it: the price source of the estimate (limit price,
// the opposite side of the book, the last price; maker or taker fee) and the draft the confirm
// step shows and sends.
import type { SpotOrderRequest, SpotSide, SpotType } from "../../../protocol/spot";
import { spotRulesOf, type SpotRules } from "../../../protocol/spot-rules";
import { scaleOf } from "../../lib/format/format-price";
import { estimateOrder, numberForBudget, type PriceSource, type SpotEstimate } from "./spot-math";
import type { SpotTrading } from "./use-spot-trading";

export interface SpotFormState {
  side: SpotSide;
  type: SpotType;
  /** The limit price as typed; null follows the last price until the user types one. */
  price: string | null;
  number: string;
  /** A market buy's "Total (USDT)" as typed: the number is what it buys (numberOf). */
  total: string;
}

export const EMPTY_SPOT_FORM: SpotFormState = {
  side: 0,
  type: 1,
  price: null,
  number: "",
  total: "",
};

/** A market buy is asked as a USDT total, as on every exchange; everything else as a quantity. */
export function asksTotal(form: Pick<SpotFormState, "side" | "type">): boolean {
  return form.side === 0 && form.type === 0;
}

/**
 * The quantity the order sends (the API takes a number): the typed one, or for a market buy the
 * most its total buys walking the book on this device, fee included ("" before a total is typed,
 * "0" when it buys nothing).
 */
export function numberOf(form: SpotFormState, trading: SpotTrading): string {
  if (!asksTotal(form)) return form.number.trim();
  const total = form.total.trim();
  if (total === "" || trading.rules === null) return "";
  return numberForBudget(
    priceSourceOf(form, trading),
    total,
    trading.rules.qtyStep,
    priceScaleOf(trading),
  );
}

/** What the confirm step shows and sends. */
export interface SpotDraft {
  request: SpotOrderRequest;
  estimate: SpotEstimate;
  feeRate: string;
  base: string;
  quote: string;
}

/** The price field's content: what was typed, else the last price. */
export function shownPrice(form: SpotFormState, trading: SpotTrading): string {
  return form.price ?? trading.ticker?.last ?? "";
}

export function feeRateOf(type: SpotType, trading: SpotTrading): string {
  const config = trading.config;
  if (config === null) return "0";
  return type === 0 ? config.takerFeeRate : config.makerFeeRate;
}

export function priceSourceOf(form: SpotFormState, trading: SpotTrading): PriceSource {
  const book = trading.depth;
  return {
    side: form.side,
    type: form.type,
    limitPrice: form.type === 1 ? shownPrice(form, trading).trim() : null,
    levels: book === null ? null : form.side === 0 ? book.asks : book.bids,
    last: trading.ticker?.last ?? null,
    feeRate: feeRateOf(form.type, trading),
    takerFeeRate: feeRateOf(0, trading),
    rules: rulesInUnits(trading),
  };
}

/** The symbol's rules in units; null before the config arrives or for rules the ledger lacks. */
function rulesInUnits(trading: SpotTrading): SpotRules | null {
  if (trading.rules === null) return null;
  try {
    return spotRulesOf(trading.rules);
  } catch {
    return null;
  }
}

/** Decimals of a price of this market: its price step's, else the last price's. */
export function priceScaleOf(trading: SpotTrading): number {
  if (trading.rules !== null) return scaleOf(trading.rules.priceStep);
  return trading.ticker === null ? 2 : scaleOf(trading.ticker.last);
}

/** The estimate of the form as it stands; null while it cannot be priced (or is malformed). */
export function estimateOf(form: SpotFormState, trading: SpotTrading): SpotEstimate | null {
  try {
    return estimateOrder(
      priceSourceOf(form, trading),
      numberOf(form, trading),
      priceScaleOf(trading),
    );
  } catch {
    // A half-typed value ("1.", too many decimals) has no estimate yet; validation says why.
    return null;
  }
}

export function draftOf(
  symbol: string,
  form: SpotFormState,
  trading: SpotTrading,
  estimate: SpotEstimate,
): SpotDraft {
  const request: SpotOrderRequest = {
    symbol,
    side: form.side,
    type: form.type,
    number: numberOf(form, trading),
    ...(form.type === 1 ? { price: shownPrice(form, trading).trim() } : {}),
  };
  return {
    request,
    estimate,
    feeRate: feeRateOf(form.type, trading),
    base: trading.base,
    quote: trading.quote,
  };
}
