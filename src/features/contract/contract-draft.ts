// The contract order form's state and what follows from it: the chosen leverage, the entry the
// estimate is priced at (the limit price, or for a market order the best opposite price held on
// this device), the quantity the amount means (typed in coin, or a USDT value converted at that
// price), the estimate from protocol/contract.ts, and the request the confirm step sends.
import { USDT_SCALE } from "../../../protocol/assets";
import type {
  ContractConfig,
  ContractDirection,
  ContractOrderRequest,
} from "../../../protocol/contract";
import { qtyString } from "../../../protocol/spot-rules";
import {
  estimatePosition,
  marketReference,
  moveToLiquidationPercent,
  priceText,
  priceUnits,
  quantityForValue,
  unitsOf,
  type ContractEstimate,
  type ContractTerms,
} from "./contract-math";
import type { ContractTrading } from "./use-contract-trading";

export type QuantityUnit = "coin" | "usdt";

export interface ContractFormState {
  direction: ContractDirection;
  type: 0 | 1;
  /** null: the default leverage of the terms (defaultLeverage). */
  leverage: number | null;
  /** The limit price as typed; null follows the last price until the user types one. */
  price: string | null;
  /** A quantity of the base coin, or a USDT value, by `unit`. */
  amount: string;
  unit: QuantityUnit;
  takeProfit: string;
  stopLoss: string;
}

export const EMPTY_CONTRACT_FORM: ContractFormState = {
  direction: "long",
  type: 0,
  leverage: null,
  price: null,
  amount: "",
  unit: "coin",
  takeProfit: "",
  stopLoss: "",
};

export const CONTRACT_PERCENTS = [25, 50, 75, 100] as const;
export type ContractPercent = (typeof CONTRACT_PERCENTS)[number];

/** A modest first choice when offered (never the highest): 10×, else the lowest offered. */
const PREFERRED_LEVERAGE = 10;

export function chosenLeverage(
  form: ContractFormState,
  config: ContractConfig | null,
): number | null {
  const offered = config?.leverages ?? [];
  if (form.leverage !== null && offered.includes(form.leverage)) return form.leverage;
  if (offered.includes(PREFERRED_LEVERAGE)) return PREFERRED_LEVERAGE;
  return offered.length === 0 ? null : Math.min(...offered);
}

/** The price field's content: what was typed, else the last price. */
export function shownPrice(form: ContractFormState, trading: ContractTrading): string {
  return form.price ?? trading.ticker?.last ?? "";
}

export type PriceBasis = "limit" | "best" | "last";

/** The entry the estimate is priced at, or null while there is none (or it is malformed). */
export function entryReference(
  form: ContractFormState,
  trading: ContractTrading,
): { price: bigint; basis: PriceBasis } | null {
  if (form.type === 1) {
    const price = priceUnits(shownPrice(form, trading));
    return price !== null && price > 0n ? { price, basis: "limit" } : null;
  }
  return marketReference(form.direction, trading.depth, trading.ticker?.last ?? null);
}

/** The quantity (base units) the amount means at `price`; null while it means none. */
export function quantityOf(
  form: ContractFormState,
  terms: ContractTerms,
  price: bigint | null,
): bigint | null {
  if (form.unit === "coin") return unitsOf(form.amount, terms.rules.baseScale);
  const value = unitsOf(form.amount, USDT_SCALE);
  if (value === null || price === null) return null;
  return quantityForValue(value, price, terms.rules);
}

/** What the form would open, as far as it can be priced right now. */
export interface FormQuote {
  leverage: number;
  reference: { price: bigint; basis: PriceBasis };
  /** The rule's distance from the entry to the liquidation price, in percent ("4.5"). */
  movePercent: string;
  quantity: bigint | null;
  /** null until a quantity above zero is entered. */
  estimate: ContractEstimate | null;
}

export function quoteOf(form: ContractFormState, trading: ContractTrading): FormQuote | null {
  const terms = trading.terms;
  const leverage = chosenLeverage(form, trading.config);
  const reference = entryReference(form, trading);
  if (terms === null || leverage === null || reference === null) return null;
  const quantity = quantityOf(form, terms, reference.price);
  const priced = quantity !== null && quantity > 0n;
  return {
    leverage,
    reference,
    movePercent: moveToLiquidationPercent(form.direction, reference.price, leverage, terms),
    quantity,
    estimate: priced
      ? estimatePosition(form.direction, reference.price, quantity, leverage, terms)
      : null,
  };
}

/** What the confirm step shows and sends. */
export interface ContractDraft {
  request: ContractOrderRequest;
  basis: PriceBasis;
  estimate: ContractEstimate;
  movePercent: string;
  terms: ContractTerms;
}

export function draftOf(
  symbol: string,
  form: ContractFormState,
  quote: FormQuote & { quantity: bigint; estimate: ContractEstimate },
  terms: ContractTerms,
): ContractDraft {
  const level = (value: string) => (value.trim() === "" ? {} : { value: value.trim() });
  const takeProfit = level(form.takeProfit);
  const stopLoss = level(form.stopLoss);
  const request: ContractOrderRequest = {
    symbol,
    direction: form.direction,
    leverage: quote.leverage,
    quantity: qtyString(quote.quantity, terms.rules),
    type: form.type,
    ...(form.type === 1 ? { price: priceText(quote.reference.price, terms.rules) } : {}),
    ...("value" in takeProfit ? { takeProfit: takeProfit.value } : {}),
    ...("value" in stopLoss ? { stopLoss: stopLoss.value } : {}),
  };
  return {
    request,
    basis: quote.reference.basis,
    estimate: quote.estimate,
    movePercent: quote.movePercent,
    terms,
  };
}
