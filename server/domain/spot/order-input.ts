// POST /spot/orders' body, checked field by field before anything is read or written: each
// mistake is a VALIDATION refusal naming the field and what it must be, so a refused order changes
// nothing and the user knows what to fix.
import { SEED_MESSAGES } from "../../../protocol/envelope";
import { SPOT_SIDE, SPOT_TYPE, type SpotOrderRequest } from "../../../protocol/spot";
import { formatUnits } from "../../../protocol/decimal";
import { DomainError, invalid } from "../errors";
import { priceString, qtyString, type Side, type SpotRules } from "../../../protocol/spot-rules";
import {
  checkOrderNumber,
  checkOrderPrice,
  type OrderCheckFailure,
} from "../../../protocol/spot-order-checks";
import { orderCheckRefusal } from "./order-check-refusal";
import { QUOTE_SCALE, spotRules } from "./spot-config";

export interface OrderInput {
  rules: SpotRules;
  side: Side;
  type: "market" | "limit";
  /** USDT units per whole base coin; null for a market order. */
  price: bigint | null;
  /** Base units. */
  number: bigint;
}

export function parseOrderInput(
  body: Partial<Record<keyof SpotOrderRequest, unknown>>,
): OrderInput {
  const rules = symbolRules(body.symbol);
  const side = choice(body.side, "side", ["buy", "sell"] as const);
  const type = choice(body.type, "type", ["market", "limit"] as const);
  const numberCheck = checkOrderNumber(body.number, rules);
  // A quantity under the minimum is refused after the price is checked: the body's shape first.
  if (!numberCheck.ok && numberCheck.failure.rule !== "minimum") {
    throw refusalOf(numberCheck.failure, rules);
  }
  let price: bigint | null = null;
  if (type === "market") {
    if (body.price !== undefined && body.price !== null) {
      throw invalid(
        "price",
        "not-allowed",
        'Invalid body: a market order has no "price"; it fills at the book\'s price (send type 1 for a limit order)',
      );
    }
  } else {
    const priceCheck = checkOrderPrice(body.price, rules);
    if (!priceCheck.ok) throw refusalOf(priceCheck.failure, rules);
    price = priceCheck.units;
  }
  if (!numberCheck.ok) throw refusalOf(numberCheck.failure, rules);
  const number = numberCheck.units;
  return { rules, side, type, price, number };
}

/** The request as understood, for the Idempotency-Key's body hash ("0.10" and "0.1" are one). */
export function normalisedRequest(input: OrderInput): SpotOrderRequest {
  const { rules } = input;
  return {
    symbol: rules.symbol,
    side: SPOT_SIDE[input.side],
    type: SPOT_TYPE[input.type],
    ...(input.price === null ? {} : { price: priceString(input.price, rules) }),
    number: qtyString(input.number, rules),
  };
}

export function belowMinNotional(rules: SpotRules): DomainError {
  const minimum = formatUnits(rules.minNotional, QUOTE_SCALE);
  return new DomainError(
    "BELOW_MINIMUM",
    { asset: "USDT", minimum },
    `${SEED_MESSAGES.belowMinimum}: an order's value (price × number) must be at least ` +
      `${minimum} USDT`,
  );
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

function choice<const T extends readonly [string, string]>(
  value: unknown,
  field: string,
  names: T,
): T[number] {
  if (value === 0 || value === 1) return names[value];
  throw invalid(
    field,
    "format",
    `Invalid body: "${field}" must be 0 (${names[0]}) or 1 (${names[1]})`,
  );
}

/** A failed order check as the refusal the API answers with (a minimum: BELOW_MINIMUM). */
function refusalOf(failure: OrderCheckFailure, rules: SpotRules): DomainError {
  return orderCheckRefusal(
    failure,
    {
      name: failure.field,
      kind: failure.field === "price" ? "price" : "quantity",
      belowMinimum: (limit) =>
        new DomainError(
          "BELOW_MINIMUM",
          { asset: rules.base, minimum: limit },
          `${SEED_MESSAGES.belowMinimum}: at least ${limit} ${rules.base}`,
        ),
    },
    rules,
  );
}
