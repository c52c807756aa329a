// The symbols Quanta lists (API.md GET /market/symbols) and the simulated feed's parameters for
// each: a realistic starting price and annualised volatility, so charts look like the real thing.
import { LISTED_BASES, type ListedBase, type MarketSymbol } from "../../protocol/market";

export interface SymbolSpec extends MarketSymbol {
  /** Where the simulated path starts (a decimal string at priceScale). */
  startPrice: string;
  /** Annualised volatility of the simulated path (0.6 = 60 %). Only drives the random walk. */
  annualVol: number;
  /** Typical trade size in base units, for simulated trade quantities and book sizes. */
  typicalQty: number;
}

const spec = (
  base: ListedBase,
  startPrice: string,
  priceScale: number,
  qtyScale: number,
  annualVol: number,
  typicalQty: number,
): SymbolSpec => ({
  symbol: `${base}/USDT`,
  base,
  quote: "USDT",
  priceScale,
  qtyScale,
  minQty: (10 ** -qtyScale).toFixed(qtyScale),
  startPrice,
  annualVol,
  typicalQty,
});

/** Each listed coin's simulation parameters; the order is protocol's LISTED_BASES. */
const SPECS: Record<ListedBase, SymbolSpec> = {
  BTC: spec("BTC", "67250.00", 2, 5, 0.55, 0.05),
  ETH: spec("ETH", "3480.00", 2, 4, 0.7, 0.8),
  BNB: spec("BNB", "585.00", 2, 3, 0.65, 3),
  SOL: spec("SOL", "165.00", 2, 2, 0.95, 20),
  XRP: spec("XRP", "0.5200", 4, 1, 0.85, 4000),
  DOGE: spec("DOGE", "0.15500", 5, 0, 1.1, 15000),
  ADA: spec("ADA", "0.4500", 4, 1, 0.9, 5000),
  TRX: spec("TRX", "0.12000", 5, 0, 0.6, 20000),
  LTC: spec("LTC", "82.00", 2, 3, 0.8, 30),
  DOT: spec("DOT", "7.200", 3, 2, 0.95, 300),
  LINK: spec("LINK", "16.500", 3, 2, 1.0, 150),
  AVAX: spec("AVAX", "35.00", 2, 2, 1.05, 60),
};

export const SYMBOLS: readonly SymbolSpec[] = LISTED_BASES.map((base) => SPECS[base]);

const BY_SYMBOL = new Map(SYMBOLS.map((s) => [s.symbol, s]));

export function findSymbol(symbol: string): SymbolSpec | undefined {
  return BY_SYMBOL.get(symbol);
}

/** The public shape, without the simulation's parameters. */
export function publicSymbol(s: SymbolSpec): MarketSymbol {
  const { symbol, base, quote, priceScale, qtyScale, minQty } = s;
  return { symbol, base, quote, priceScale, qtyScale, minQty };
}
