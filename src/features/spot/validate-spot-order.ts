// The order form's rules before the confirm step: the symbol's steps and minimums from GET
// /spot/config and the available balance. The price and quantity are checked by the rules the server
// applies (protocol/spot-order-checks.ts); the server checks every rule again and its answer is shown as it comes.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { SpotSide, SpotSymbolRules } from "../../../protocol/spot";
import { compare } from "../../../protocol/decimal";
import { meetsMinNotional, spotRulesOf, type SpotRules } from "../../../protocol/spot-rules";
import {
  checkOrderNumber,
  checkOrderPrice,
  type OrderCheckFailure,
} from "../../../protocol/spot-order-checks";
import type { SpotEstimate } from "./spot-math";

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

/** The symbol's rules in units; null for rules the ledger cannot hold (the server refuses those). */
function unitRules(rules: SpotSymbolRules): SpotRules | null {
  try {
    return spotRulesOf(rules);
  } catch {
    return null;
  }
}

/** A failed shared check in the form's words (the rules' steps as published). */
function priceError(failure: OrderCheckFailure, rules: SpotSymbolRules): MessageDescriptor {
  const step = rules.priceStep;
  switch (failure.rule) {
    case "required":
      return msg`Enter the price.`;
    case "step":
      return msg`The price must be a multiple of ${step}.`;
    default:
      return msg`Enter a price such as 100.5.`;
  }
}

function numberError(failure: OrderCheckFailure, rules: SpotSymbolRules): MessageDescriptor {
  const qtyStep = rules.qtyStep;
  switch (failure.rule) {
    case "required":
      return msg`Please enter the amount`;
    case "step":
      return msg`The quantity must be a multiple of ${qtyStep}.`;
    case "minimum":
      return msg`Not less than the minimum amount`;
    default:
      return msg`Enter a quantity such as 0.5.`;
  }
}

/**
 * price × number reaches the minimum order value as the server compares it (exactly): a limit
 * order at its limit price, even where the book crosses it; a market order at its estimated fill
 * price. True while there is no price to compare with (the server checks).
 */
function reachesMinNotional(
  input: SpotFormInput,
  estimate: SpotEstimate | null,
  number: bigint,
  rules: SpotRules,
): boolean {
  const text = input.price === null ? estimate?.price : input.price.trim();
  if (text === undefined) return true;
  const price = checkOrderPrice(text, rules);
  return !price.ok || meetsMinNotional(price.units, number, rules);
}

/**
 * The form's errors: the price and quantity checks the server makes (protocol/spot-order-checks.ts),
 * then the order's value against the minimum and the balance it needs, from the estimate.
 */
export function validateSpotOrder(
  input: SpotFormInput,
  rules: SpotSymbolRules,
  estimate: SpotEstimate | null,
  /** USDT to buy, the base coin to sell; null before the first overview (the server checks). */
  available: string | null,
): SpotFormErrors {
  const errors: SpotFormErrors = {};
  const units = unitRules(rules);
  if (units === null) return errors;
  if (input.price !== null) {
    const checked = checkOrderPrice(input.price.trim(), units);
    if (!checked.ok) errors.price = priceError(checked.failure, rules);
  }
  const number = input.number.trim();
  const minNotional = rules.minNotional;
  const checked = checkOrderNumber(number, units);
  if (!checked.ok) errors.number = numberError(checked.failure, rules);
  else if (!reachesMinNotional(input, estimate, checked.units, units)) {
    errors.number = msg`The order is worth less than the minimum of ${minNotional} USDT.`;
  } else if (available !== null && errors.price === undefined) {
    const needed = input.side === 0 ? estimate?.total : number;
    if (needed !== undefined && compare(needed, available) > 0) {
      errors.number = msg`Insufficient available balance`;
    }
  }
  return errors;
}
