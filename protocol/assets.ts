// The assets and their scales (decimals of the smallest unit), for app and server alike, as
// migration 006 creates them (a test keeps the two equal). A scale can never change: every stored
// amount of the asset would change its meaning.
export const ASSET_SCALES = {
  USDT: 6,
  BTC: 8,
  ETH: 8,
  BNB: 8,
  SOL: 8,
  XRP: 8,
  DOGE: 8,
  ADA: 8,
  TRX: 8,
  LTC: 8,
  DOT: 8,
  LINK: 8,
  AVAX: 8,
} as const;

export type Asset = keyof typeof ASSET_SCALES;

export const ASSETS = Object.keys(ASSET_SCALES) as Asset[];

export function isAsset(value: string): value is Asset {
  return Object.hasOwn(ASSET_SCALES, value);
}

/** The quote asset of every market and the currency of fees and totals. */
export const USDT_SCALE = ASSET_SCALES.USDT;

/** Decimals the ledger keeps of `asset` (what an amount field accepts); 8 for one not listed here. */
export function assetScale(asset: string): number {
  return isAsset(asset) ? ASSET_SCALES[asset] : 8;
}
