// The order form's rules before the confirm step: the symbol's steps and minimums from GET
// /spot/config and the available balance. The seed's messages are used verbatim where they fit;
// the server checks every rule again and its answer is shown as it comes.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { SpotSide, SpotSymbolRules } from "../../../protocol/spot";
import { compare, isDecimalString } from "../../../protocol/decimal";
import { isMultipleOf, type SpotEstimate } from "./spot-math";

export interface SpotFormErrors {
  price?: MessageDescriptor;
  number?: MessageDescriptor;
}

export interface SpotFormInput {
  side: SpotSide;
  /** The limit price as typed, or null for a market order. */
  price: string | null;
  number: string;
}

function positiveDecimal(value: string): boolean {
  return isDecimalString(value) && compare(value, "0") > 0;
}

export function validateSpotOrder(
  input: SpotFormInput,
  rules: SpotSymbolRules,
  estimate: SpotEstimate | null,
  /** USDT to buy, the base coin to sell; null before the first overview (the server checks). */
  available: string | null,
): SpotFormErrors {
  const errors: SpotFormErrors = {};
  if (input.price !== null) {
    const price = input.price.trim();
    const step = rules.priceStep;
    if (price === "") errors.price = msg`Enter the price.`;
    else if (!positiveDecimal(price)) errors.price = msg`Enter a price such as 100.5.`;
    else if (!isMultipleOf(price, step))
      errors.price = msg`The price must be a multiple of ${step}.`;
  }
  const number = input.number.trim();
  const qtyStep = rules.qtyStep;
  const minNotional = rules.minNotional;
  if (number === "") errors.number = msg`Please enter the amount`;
  else if (!positiveDecimal(number)) errors.number = msg`Enter a quantity such as 0.5.`;
  else if (!isMultipleOf(number, qtyStep)) {
    errors.number = msg`The quantity must be a multiple of ${qtyStep}.`;
  } else if (compare(number, rules.minQty) < 0)
    errors.number = msg`Not less than the minimum amount`;
  else if (estimate !== null && compare(estimate.notional, minNotional) < 0) {
    errors.number = msg`The order is worth less than the minimum of ${minNotional} USDT.`;
  } else if (available !== null && errors.price === undefined) {
    const needed = input.side === 0 ? estimate?.total : number;
    if (needed !== undefined && compare(needed, available) > 0) {
      errors.number = msg`Insufficient available balance`;
    }
  }
  return errors;
}
