// Spot trading's terms in one place (GET /spot/config answers them): the fee rates, the market
// order's slippage cap, the price age limit and each listed symbol's steps and minimums. Every
// amount is in ledger units (domain/spot/README.md "Units"), derived from server/market/symbols.ts.
import type { SpotConfig, SpotSymbolRules } from "../../../protocol/spot";
import { SYMBOLS, type SymbolSpec } from "../../market/symbols";
import { formatUnits } from "../../../protocol/decimal";
import { ASSET_SCALES, isAsset } from "../../../protocol/assets";

/** A rate as an exact fraction: never a float anywhere money is computed. */
export interface Rate {
  num: bigint;
  den: bigint;
}

/** 0.1 % of a market order's notional. */
export const TAKER_FEE: Rate = { num: 1n, den: 1_000n };
/** 0.08 % of a limit order's notional. */
export const MAKER_FEE: Rate = { num: 8n, den: 10_000n };
/** A market order whose average price is worse than the best price by more than 5 % is rejected. */
export const MAX_SLIPPAGE: Rate = { num: 5n, den: 100n };
/** Orders are refused while the symbol's newest tick is older than this. */
export const MAX_PRICE_AGE_SECONDS = 5;
/** The smallest order value (price × number) in USDT. */
export const MIN_NOTIONAL = "5";

export const QUOTE = "USDT";
export const QUOTE_SCALE = ASSET_SCALES.USDT;

/** A listed symbol's trading rules in ledger units. */
export interface SpotRules {
  symbol: string;
  base: string;
  priceScale: number;
  qtyScale: number;
  /** The base coin's ledger scale (8). */
  baseScale: number;
  /** USDT units per price step (a price of 1 step at priceScale). */
  priceStep: bigint;
  /** Base units per quantity step. */
  qtyStep: bigint;
  minQty: bigint;
  /** USDT units. */
  minNotional: bigint;
}

const MIN_NOTIONAL_UNITS = BigInt(MIN_NOTIONAL) * 10n ** BigInt(QUOTE_SCALE);

function rulesOf(spec: SymbolSpec): SpotRules {
  if (!isAsset(spec.base)) throw new Error(`${spec.symbol}: ${spec.base} is not a ledger asset`);
  const baseScale = ASSET_SCALES[spec.base];
  // A price finer than a USDT unit, or a quantity finer than a base unit, would not be money.
  if (spec.quote !== QUOTE || spec.priceScale > QUOTE_SCALE || spec.qtyScale > baseScale) {
    throw new Error(`${spec.symbol}: its scales do not fit the ledger's`);
  }
  const qtyStep = 10n ** BigInt(baseScale - spec.qtyScale);
  const minQty = parseScaled(spec.minQty, baseScale);
  if (minQty < qtyStep || minQty % qtyStep !== 0n) throw new Error(`${spec.symbol}: bad minQty`);
  return {
    symbol: spec.symbol,
    base: spec.base,
    priceScale: spec.priceScale,
    qtyScale: spec.qtyScale,
    baseScale,
    priceStep: 10n ** BigInt(QUOTE_SCALE - spec.priceScale),
    qtyStep,
    minQty,
    minNotional: MIN_NOTIONAL_UNITS,
  };
}

const RULES = new Map(SYMBOLS.map((s) => [s.symbol, rulesOf(s)]));

export function spotRules(symbol: string): SpotRules | undefined {
  return RULES.get(symbol);
}

export function spotConfig(): SpotConfig {
  return {
    takerFeeRate: rateString(TAKER_FEE),
    makerFeeRate: rateString(MAKER_FEE),
    maxSlippage: rateString(MAX_SLIPPAGE),
    maxPriceAgeSeconds: MAX_PRICE_AGE_SECONDS,
    symbols: [...RULES.values()].map(publicRules),
  };
}

function publicRules(r: SpotRules): SpotSymbolRules {
  return {
    symbol: r.symbol,
    base: r.base,
    quote: QUOTE,
    priceStep: formatUnits(r.priceStep, QUOTE_SCALE),
    qtyStep: formatUnits(r.qtyStep, r.baseScale),
    minQty: formatUnits(r.minQty, r.baseScale),
    minNotional: formatUnits(r.minNotional, QUOTE_SCALE),
  };
}

/** "0.001" for 1/1000: the rates are powers-of-ten fractions, so this is exact. */
function rateString(rate: Rate): string {
  const scale = rate.den.toString().length - 1;
  if (10n ** BigInt(scale) !== rate.den) throw new Error("a rate's denominator must be 10^n");
  return formatUnits(rate.num, scale);
}

function parseScaled(value: string, scale: number): bigint {
  const [whole = "0", frac = ""] = value.split(".");
  if (frac.length > scale) throw new Error(`"${value}" is finer than scale ${scale}`);
  return BigInt(whole + frac.padEnd(scale, "0"));
}
