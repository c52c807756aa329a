// What the user's holdings are worth in USDT: every asset's amount (available + frozen: frozen is
// still theirs) at the last price of its `<ASSET>/USDT` symbol. Pure and decimal-only (bigint
// strings, never a number), so /my and /home show one figure computed one way. An asset with no
// price is left out of the total and named, never counted as zero or guessed.
import { USDT_SCALE } from "../../protocol/assets";
import { add, isZero, multiply } from "../../protocol/decimal";

/** The quote every value is expressed in; worth 1 of itself. */
export const QUOTE_ASSET = "USDT";

export interface HeldAsset {
  asset: string;
  /** Decimal strings. */
  available: string;
  frozen: string;
}

export interface LastPrice {
  /** "BTC/USDT". */
  symbol: string;
  /** Decimal string. */
  last: string;
  /** When the price was recorded (ISO-8601, the tick's time). */
  ts: string;
}

export type PriceState =
  /** USDT itself. */
  | "quote"
  /** Priced by a tick younger than the stale limit. */
  | "live"
  /** Priced by an older tick: the value is the last known one. */
  | "stale"
  /** No price for it on this device: not in the total. */
  | "missing";

export interface AssetValue {
  asset: string;
  /** available + frozen. */
  amount: string;
  /** USDT per unit, or null when missing. */
  price: string | null;
  /** amount × price in USDT (rounded down to 6 decimals), or null when missing. */
  value: string | null;
  state: PriceState;
  /** The price's time (ISO), null for USDT and missing prices. */
  pricedAt: string | null;
}

export interface Valuation {
  /** Sum of every priced asset's value, in USDT. */
  total: string;
  assets: AssetValue[];
  /** Assets whose price is older than the limit (their value is the last known one). */
  stale: string[];
  /** Assets held but not priced (not in the total). */
  missing: string[];
}

/**
 * Values `balances` at `prices` as of `now` (ms); a price older than `staleAfterMs` is stale.
 * Assets with a zero amount are skipped: they are worth nothing, whatever their price.
 */
export function valueHoldings(
  balances: readonly HeldAsset[],
  prices: readonly LastPrice[],
  now: number,
  staleAfterMs: number,
): Valuation {
  const bySymbol = new Map(prices.map((price) => [price.symbol, price]));
  const assets: AssetValue[] = [];
  for (const balance of balances) {
    const amount = add(balance.available, balance.frozen, 18);
    if (isZero(amount)) continue;
    assets.push(valueOf(balance.asset, amount, bySymbol, now, staleAfterMs));
  }
  const total = assets.reduce(
    (sum, asset) => (asset.value === null ? sum : add(sum, asset.value, USDT_SCALE)),
    "0",
  );
  return {
    total,
    assets,
    stale: assets.filter((a) => a.state === "stale").map((a) => a.asset),
    missing: assets.filter((a) => a.state === "missing").map((a) => a.asset),
  };
}

function valueOf(
  asset: string,
  amount: string,
  bySymbol: ReadonlyMap<string, LastPrice>,
  now: number,
  staleAfterMs: number,
): AssetValue {
  if (asset === QUOTE_ASSET) {
    const value = add(amount, "0", USDT_SCALE);
    return { asset, amount, price: "1", value, state: "quote", pricedAt: null };
  }
  const price = bySymbol.get(`${asset}/${QUOTE_ASSET}`);
  const at = price === undefined ? Number.NaN : Date.parse(price.ts);
  if (price === undefined || Number.isNaN(at)) {
    return { asset, amount, price: null, value: null, state: "missing", pricedAt: null };
  }
  return {
    asset,
    amount,
    price: price.last,
    value: multiply(amount, price.last, USDT_SCALE, "down"),
    state: now - at > staleAfterMs ? "stale" : "live",
    pricedAt: price.ts,
  };
}
