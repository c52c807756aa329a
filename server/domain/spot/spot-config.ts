// Spot trading's terms in one place (GET /spot/config answers them): the fee rates, the market
// order's slippage cap, the price age limit and each listed symbol's steps and minimums. Every
// amount is in ledger units (domain/spot/README.md "Units"), derived from server/market/symbols.ts.
import type { SpotConfig, SpotSymbolRules } from "../../../protocol/spot";
import { USDT_SCALE } from "../../../protocol/assets";
import { formatUnits, parseUnits } from "../../../protocol/decimal";
import { rateString, spotRulesOf, type Rate, type SpotRules } from "../../../protocol/spot-rules";
import { SYMBOLS, type SymbolSpec } from "../../market/symbols";

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
export const QUOTE_SCALE = USDT_SCALE;

/** A listed symbol's terms as GET /spot/config publishes them; its units follow from these. */
function publicRules(spec: SymbolSpec): SpotSymbolRules {
  return {
    symbol: spec.symbol,
    base: spec.base,
    quote: spec.quote,
    priceStep: formatUnits(1n, spec.priceScale),
    qtyStep: formatUnits(1n, spec.qtyScale),
    minQty: formatUnits(parseUnits(spec.minQty, spec.qtyScale), spec.qtyScale),
    minNotional: MIN_NOTIONAL,
  };
}

const PUBLISHED = SYMBOLS.map(publicRules);
const RULES = new Map(PUBLISHED.map((r) => [r.symbol, spotRulesOf(r)]));

export function spotRules(symbol: string): SpotRules | undefined {
  return RULES.get(symbol);
}

export function spotConfig(): SpotConfig {
  return {
    takerFeeRate: rateString(TAKER_FEE),
    makerFeeRate: rateString(MAKER_FEE),
    maxSlippage: rateString(MAX_SLIPPAGE),
    maxPriceAgeSeconds: MAX_PRICE_AGE_SECONDS,
    symbols: PUBLISHED,
  };
}
