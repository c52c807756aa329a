// POST /options/orders' body, checked field by field before anything is read or written: each
// mistake is a 400 VALIDATION refusal naming the field and what it must be, so a refused order
// changes nothing and the user knows what to fix.
import { USDT_SCALE } from "../../../protocol/assets";
import { formatUnits, parseUnits } from "../../../protocol/decimal";
import { SEED_MESSAGES } from "../../../protocol/envelope";
import {
  OPTION_DIRECTIONS,
  optionFee,
  type OptionDirection,
  type OptionsOrderRequest,
  type OptionsProduct,
} from "../../../protocol/options";
import { findSymbol } from "../../market/symbols";
import { invalid } from "../errors";
import { parseAmount } from "../ledger/amounts";

export interface OptionsOrderInput {
  symbol: string;
  direction: OptionDirection;
  /** The product's terms as offered now; the order keeps its payoutRate. */
  product: OptionsProduct;
  /** USDT units. */
  stake: bigint;
  /** USDT units: stake × feeRate, rounded up; paid on top of the stake. */
  fee: bigint;
}

export function parseOptionsOrderInput(
  body: Partial<Record<keyof OptionsOrderRequest, unknown>>,
  products: readonly OptionsProduct[],
): OptionsOrderInput {
  const symbol = listedSymbol(body.symbol);
  const direction = directionOf(body.direction);
  const product = productOf(body.seconds, products);
  const stake = stakeOf(body.amount, product);
  return { symbol, direction, product, stake, fee: optionFee(stake, product.feeRate) };
}

/** The request as understood, for the Idempotency-Key's body hash ("10.0" and "10" are one). */
export function normalisedRequest(input: OptionsOrderInput): OptionsOrderRequest {
  return {
    symbol: input.symbol,
    direction: input.direction,
    seconds: input.product.seconds,
    amount: formatUnits(input.stake, USDT_SCALE),
  };
}

function listedSymbol(value: unknown): string {
  if (value === undefined || value === null || value === "") {
    throw invalid("symbol", "required", 'Invalid body: "symbol" is required, e.g. "BTC/USDT"');
  }
  const spec = typeof value === "string" ? findSymbol(value) : undefined;
  if (spec === undefined) {
    throw invalid(
      "symbol",
      "format",
      'Invalid body: "symbol" must be a listed symbol such as "BTC/USDT"',
    );
  }
  return spec.symbol;
}

function directionOf(value: unknown): OptionDirection {
  const direction = OPTION_DIRECTIONS.find((d) => d === value);
  if (direction !== undefined) return direction;
  if (value === undefined || value === null || value === "") {
    throw invalid("direction", "required", 'Invalid body: "direction" is required: "up" or "down"');
  }
  throw invalid("direction", "format", 'Invalid body: "direction" must be "up" or "down"');
}

function productOf(value: unknown, products: readonly OptionsProduct[]): OptionsProduct {
  const product = products.find((p) => p.seconds === value);
  if (product !== undefined) return product;
  if (products.length === 0) {
    throw invalid("seconds", "format", "No options products are offered on this server");
  }
  const offered = products.map((p) => p.seconds).join(", ");
  if (value === undefined || value === null || value === "") {
    throw invalid("seconds", "required", `Invalid body: "seconds" is required: one of ${offered}`);
  }
  throw invalid(
    "seconds",
    "format",
    `Invalid body: "seconds" must be the number of seconds of an offered product: ${offered}`,
  );
}

/** The stake in USDT units: a plain decimal with at most 6 places, within the product's range. */
function stakeOf(value: unknown, product: OptionsProduct): bigint {
  if (value === undefined || value === null || value === "") {
    throw invalid("amount", "required", SEED_MESSAGES.enterAmount);
  }
  const stake = parseAmount(value, USDT_SCALE, "amount");
  if (stake === 0n) {
    throw invalid("amount", "positive", 'Invalid body: "amount" must be greater than 0');
  }
  const { seconds, minAmount, maxAmount } = product;
  if (stake < parseUnits(minAmount, USDT_SCALE)) {
    throw invalid(
      "amount",
      "at-least",
      `${SEED_MESSAGES.belowMinimum}: a ${seconds} s option's stake is at least ${minAmount} USDT`,
      minAmount,
    );
  }
  if (stake > parseUnits(maxAmount, USDT_SCALE)) {
    throw invalid(
      "amount",
      "at-most",
      `Not more than the maximum amount: a ${seconds} s option's stake is at most ${maxAmount} USDT`,
      maxAmount,
    );
  }
  return stake;
}
