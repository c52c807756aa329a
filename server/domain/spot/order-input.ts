// POST /spot/orders' body, checked field by field before anything is read or written: each
// mistake is a VALIDATION refusal naming the field and what it must be, so a refused order changes
// nothing and the user knows what to fix.
import { SEED_MESSAGES } from "../../../protocol/envelope";
import { SPOT_SIDE, SPOT_TYPE, type SpotOrderRequest } from "../../../protocol/spot";
import { formatUnits } from "../../../protocol/decimal";
import { DomainError } from "../errors";
import { parseAmount } from "../ledger/amounts";
import { priceString, qtyString, type Side } from "../../../protocol/spot-rules";
import { QUOTE_SCALE, spotRules } from "./spot-config";
import { type SpotRules } from "../../../protocol/spot-rules";

export interface OrderInput {
  rules: SpotRules;
  side: Side;
  type: "market" | "limit";
  /** USDT units per whole base coin; null for a market order. */
  price: bigint | null;
  /** Base units. */
  number: bigint;
}

/** Far beyond any real order; keeps every product inside numeric(38, 0). */
const MAX_WHOLE = 10n ** 15n;

export function parseOrderInput(
  body: Partial<Record<keyof SpotOrderRequest, unknown>>,
): OrderInput {
  const rules = symbolRules(body.symbol);
  const side = choice(body.side, "side", ["buy", "sell"] as const);
  const type = choice(body.type, "type", ["market", "limit"] as const);
  if (body.number === undefined || body.number === null || body.number === "") {
    throw invalid("number", SEED_MESSAGES.enterAmount);
  }
  const number =
    stepped(body.number, rules.qtyScale, "number", `the quantity step of ${rules.symbol}`) *
    rules.qtyStep;
  if (number === 0n) throw invalid("number", 'Invalid body: "number" must be greater than 0');
  if (number > MAX_WHOLE * 10n ** BigInt(rules.baseScale)) {
    throw invalid("number", 'Invalid body: "number" is too large');
  }
  let price: bigint | null = null;
  if (type === "market") {
    if (body.price !== undefined && body.price !== null) {
      throw invalid(
        "price",
        'Invalid body: a market order has no "price"; it fills at the book\'s price (send type 1 for a limit order)',
      );
    }
  } else {
    if (body.price === undefined || body.price === null || body.price === "") {
      throw invalid("price", 'Invalid body: a limit order needs a "price"');
    }
    price =
      stepped(body.price, rules.priceScale, "price", `the price step of ${rules.symbol}`) *
      rules.priceStep;
    if (price === 0n) throw invalid("price", 'Invalid body: "price" must be greater than 0');
    if (price > MAX_WHOLE * 10n ** BigInt(QUOTE_SCALE)) {
      throw invalid("price", 'Invalid body: "price" is too large');
    }
  }
  if (number < rules.minQty) {
    const minimum = qtyString(rules.minQty, rules);
    throw new DomainError(
      "BELOW_MINIMUM",
      { asset: rules.base, minimum },
      `${SEED_MESSAGES.belowMinimum}: at least ${minimum} ${rules.base}`,
    );
  }
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
    throw invalid("symbol", 'Invalid body: "symbol" is required, e.g. "BTC/USDT"');
  }
  const rules = typeof value === "string" ? spotRules(value) : undefined;
  if (rules === undefined) {
    throw invalid("symbol", 'Invalid body: "symbol" must be a listed symbol such as "BTC/USDT"');
  }
  return rules;
}

function choice<const T extends readonly [string, string]>(
  value: unknown,
  field: string,
  names: T,
): T[number] {
  if (value === 0 || value === 1) return names[value];
  throw invalid(field, `Invalid body: "${field}" must be 0 (${names[0]}) or 1 (${names[1]})`);
}

/**
 * A decimal string in steps of 10^-scale. Trailing zeros are fine ("0.10" at scale 1); a digit
 * past the step is refused naming the step, never rounded: the user confirmed this number.
 */
function stepped(value: unknown, scale: number, field: string, stepName: string): bigint {
  let text = value;
  if (typeof value === "string") {
    const match = /^(\d+)\.(\d+)$/.exec(value);
    if (match) {
      const frac = (match[2] ?? "").replace(/0+$/, "");
      if (frac.length > scale) {
        const step = formatUnits(1n, scale);
        throw invalid(field, `Invalid body: "${field}" must be a multiple of ${step}, ${stepName}`);
      }
      text = frac === "" ? match[1] : `${match[1]}.${frac}`;
    }
  }
  return parseAmount(text, scale, field);
}

function invalid(field: string, message: string): DomainError {
  return new DomainError("VALIDATION", { field }, message);
}
