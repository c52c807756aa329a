// POST /contract/orders' body (and PUT …/targets'), checked field by field before anything is
// read or written: each mistake is a 400 VALIDATION refusal naming the field and what it must be,
// so a refused order changes nothing and the user knows what to fix. Prices and quantities pass
// spot's checks (protocol/spot-order-checks.ts: plain decimal strings on the symbol's steps), so
// the two forms accept numbers alike.
import {
  CONTRACT_DIRECTIONS,
  type ContractDirection,
  type ContractOrderRequest,
  type ContractTargetsRequest,
} from "../../../protocol/contract";
import { formatUnits } from "../../../protocol/decimal";
import { SEED_MESSAGES } from "../../../protocol/envelope";
import {
  checkOrderNumber,
  checkOrderPrice,
  type OrderCheck,
  type OrderCheckFailure,
} from "../../../protocol/spot-order-checks";
import { priceString, qtyString, type SpotRules } from "../../../protocol/spot-rules";
import { DomainError, invalid } from "../errors";
import { orderCheckRefusal } from "../spot/order-check-refusal";
import { spotRules } from "../spot/spot-config";
import type { ContractTerms } from "./contract-config";

export interface ContractOrderInput {
  rules: SpotRules;
  direction: ContractDirection;
  leverage: number;
  type: "market" | "limit";
  /** Base units. */
  quantity: bigint;
  /** USDT units per whole base coin; null for a market order. */
  price: bigint | null;
  takeProfit: bigint | null;
  stopLoss: bigint | null;
}

export interface TargetsInput {
  takeProfit: bigint | null;
  stopLoss: bigint | null;
}

type Fields<T> = Partial<Record<keyof T, unknown>>;

export function parseContractOrderInput(
  body: Fields<ContractOrderRequest>,
  terms: ContractTerms,
): ContractOrderInput {
  const rules = symbolRules(body.symbol);
  const direction = directionOf(body.direction);
  const leverage = leverageOf(body.leverage, terms.leverages);
  const type = typeOf(body.type);
  const quantity = quantityOf(body.quantity, rules);
  let price: bigint | null = null;
  if (type === "market") {
    if (body.price !== undefined && body.price !== null) {
      throw invalid(
        "price",
        "not-allowed",
        'Invalid body: a market order has no "price"; it opens at the book\'s price (send type 1 for a limit order)',
      );
    }
  } else {
    price = priceOf(body.price, "price", rules);
  }
  const takeProfit = optionalPrice(body.takeProfit, "takeProfit", rules);
  const stopLoss = optionalPrice(body.stopLoss, "stopLoss", rules);
  return { rules, direction, leverage, type, quantity, price, takeProfit, stopLoss };
}

/** PUT …/targets: both fields present, each a price on the symbol's step or null. */
export function parseTargetsInput(
  body: Fields<ContractTargetsRequest>,
  rules: SpotRules,
): TargetsInput {
  const target = (value: unknown, field: "takeProfit" | "stopLoss") => {
    if (value === undefined) {
      throw invalid(
        field,
        "required",
        `Invalid body: "${field}" is required: a price, or null to remove it`,
      );
    }
    return value === null ? null : priceOf(value, field, rules);
  };
  return {
    takeProfit: target(body.takeProfit, "takeProfit"),
    stopLoss: target(body.stopLoss, "stopLoss"),
  };
}

/** The request as understood, for the Idempotency-Key's body hash ("0.10" and "0.1" are one). */
export function normalisedRequest(input: ContractOrderInput): ContractOrderRequest {
  const { rules } = input;
  const at = (units: bigint | null) => (units === null ? undefined : priceString(units, rules));
  const request: ContractOrderRequest = {
    symbol: rules.symbol,
    direction: input.direction,
    leverage: input.leverage,
    quantity: qtyString(input.quantity, rules),
    type: input.type === "market" ? 0 : 1,
  };
  const price = at(input.price);
  const takeProfit = at(input.takeProfit);
  const stopLoss = at(input.stopLoss);
  return {
    ...request,
    ...(price === undefined ? {} : { price }),
    ...(takeProfit === undefined ? {} : { takeProfit }),
    ...(stopLoss === undefined ? {} : { stopLoss }),
  };
}

/** BELOW_MINIMUM (422): entry × quantity under the configured minimum value. */
export function belowMinValue(terms: ContractTerms): DomainError<"BELOW_MINIMUM"> {
  const minimum = formatUnits(terms.minValue, 6);
  return new DomainError(
    "BELOW_MINIMUM",
    { asset: "USDT", minimum },
    `${SEED_MESSAGES.belowMinimum}: a position's value (price × quantity) must be at least ` +
      `${minimum} USDT`,
  );
}

/** price × quantity reaches the minimum value (compared exactly, before any rounding). */
export function meetsMinValue(
  price: bigint,
  quantity: bigint,
  rules: SpotRules,
  terms: ContractTerms,
): boolean {
  return price * quantity >= terms.minValue * 10n ** BigInt(rules.baseScale);
}

function symbolRules(value: unknown): SpotRules {
  if (value === undefined || value === null || value === "") {
    throw invalid("symbol", "required", 'Invalid body: "symbol" is required, e.g. "BTC/USDT"');
  }
  const rules = typeof value === "string" ? spotRules(value) : undefined;
  if (rules === undefined) {
    throw invalid(
      "symbol",
      "format",
      'Invalid body: "symbol" must be a listed symbol such as "BTC/USDT"',
    );
  }
  return rules;
}

function directionOf(value: unknown): ContractDirection {
  const direction = CONTRACT_DIRECTIONS.find((d) => d === value);
  if (direction !== undefined) return direction;
  if (value === undefined || value === null || value === "") {
    throw invalid(
      "direction",
      "required",
      'Invalid body: "direction" is required: "long" or "short"',
    );
  }
  throw invalid("direction", "format", 'Invalid body: "direction" must be "long" or "short"');
}

function leverageOf(value: unknown, offered: readonly number[]): number {
  const leverage = offered.find((l) => l === value);
  if (leverage !== undefined) return leverage;
  const list = offered.join(", ");
  if (value === undefined || value === null || value === "") {
    throw invalid("leverage", "required", `Invalid body: "leverage" is required: one of ${list}`);
  }
  throw invalid(
    "leverage",
    "format",
    `Invalid body: "leverage" must be one of the offered leverages: ${list}`,
  );
}

function typeOf(value: unknown): "market" | "limit" {
  if (value === 0) return "market";
  if (value === 1) return "limit";
  throw invalid("type", "format", 'Invalid body: "type" must be 0 (market) or 1 (limit)');
}

function quantityOf(value: unknown, rules: SpotRules): bigint {
  const checked = checkOrderNumber(value, rules);
  // Contract quantities have no minimum of their own (minQty is one step): the value decides.
  return unitsOr(checked, "quantity", rules);
}

function priceOf(value: unknown, field: "price" | "takeProfit" | "stopLoss", rules: SpotRules) {
  return unitsOr(checkOrderPrice(value, rules), field, rules);
}

function optionalPrice(value: unknown, field: "takeProfit" | "stopLoss", rules: SpotRules) {
  return value === undefined || value === null ? null : priceOf(value, field, rules);
}

function unitsOr(check: OrderCheck, field: string, rules: SpotRules): bigint {
  if (check.ok) return check.units;
  throw refusalOf(check.failure, field, rules);
}

/** A failed check as the refusal naming the contract's field (a minimum: the field's bound). */
function refusalOf(failure: OrderCheckFailure, field: string, rules: SpotRules): DomainError {
  return orderCheckRefusal(
    failure,
    {
      name: field,
      kind: field === "quantity" ? "quantity" : "price",
      belowMinimum: (limit) =>
        invalid(field, "at-least", `Invalid body: "${field}" is below ${limit}`, limit),
    },
    rules,
  );
}
